"""The options in force for a rules object (``hexwar.core.entry.option_values``), shared by the
games' rules (Kiev, Kursk, the plug-in example)."""
from __future__ import annotations

import pytest

from hexwar.core.entry import option_values

TABLE = {"mud": (False, "11.3: roll for mud"), "air": (True, "7.1: air support")}


def test_defaults_then_the_given_values_as_yes_or_no():
    assert option_values(TABLE, None) == {"mud": False, "air": True}
    assert option_values(TABLE, {"mud": 1, "air": 0}) == {"mud": True, "air": False}


def test_an_option_the_table_does_not_have_is_a_key_error():
    with pytest.raises(KeyError):
        option_values(TABLE, {"double_panzers": True})
