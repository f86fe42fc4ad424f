"""Every variant option on at once (4.1a-d, 4.2, 4.3, 4.5, 4.7): random legal play of Scenario 1
reaches the victory check, and the actions, read back from their notation, replay to the same
digest (the new verbs ``dora``, ``assign``, ``battery`` included)."""
from __future__ import annotations

import pytest

from hexwar.core.actions import parse_action
from hexwar.core.hexgrid import use_hex_ids

from .helpers import open_local, play_random

pytestmark = pytest.mark.whole_game  # random games with every variant on

ALL = {k: True for k in ("german_cooperation", "spanish_panic", "historical",
                         "mined_wire", "dora", "grandes")}


@pytest.mark.parametrize("seed", [3, 5])
def test_variants_all_on_random_game_reaches_the_victory_check_and_replays(seed):
    g = open_local("s1-turning-the-left", seed=seed, options=ALL)
    with use_hex_ids(g.rules.ids):
        play_random(g, seed)
        assert g.result() is not None and g.state.phase == "over"
        texts = [a.notation() for a, _, _ in g.timeline()]
        again = open_local("s1-turning-the-left", seed=seed, options=ALL)
        for t in texts:
            again.apply(parse_action(t))
        assert again.digest() == g.digest()
