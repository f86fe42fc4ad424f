"""The pending step of an owner's choice in the view (choices.py ``pending_view``): it names its
kind ("choice") and, per option, the hex the option concerns, so a client marks the map without
reading option strings (§8.4 loss, §10 overwatch and return fire, §11.1 retreat and advance)."""
from __future__ import annotations

from hexwar.core.actions import Attack, Choose, Move
from hexwar.games.black_wednesday.verbs import Assault

from .helpers import H, fixed, put, s1
from .test_choices_fire import ask_mode


def stage(g, side):
    st = g.view(side)["stage"]
    assert st["kind"] == "choice" and set(st["option_hexes"]) == set(st["options"])
    return st


def test_tcs_8_4_loss_options_name_the_units_hex():
    with s1() as g:
        ask_mode(g)
        put(g, "1-708-Inf1", "B20.20")
        put(g, "1-708-Inf2", "B20.20")
        put(g, "1-I-262-Inf1", "B21.20")
        put(g, "1-I-262-Inf2", "B21.20")
        fixed(g, [6, 6] + [1] * 10)
        g.apply(Attack(H(g, "B21.20"), ("1-708-Inf1", "1-708-Inf2")))
        st = stage(g, "axis")
        assert st["what"] == "loss" and st["option_hexes"] == {"1-I-262-Inf1": "B21.20", "1-I-262-Inf2": "B21.20"}


def test_tcs_10_overwatch_and_return_fire_options_name_the_firing_stack():
    with s1() as g:
        ask_mode(g)
        put(g, "1-I-262-MG", "B12.31")
        put(g, "1-708-Inf1", "B08.31", mode="move")
        put(g, "1-708-MG", "B09.30")
        fixed(g, [1] * 12)
        g.apply(Move("1-708-Inf1", (H(g, "B09.31"),)))
        st = stage(g, "axis")
        assert st["option_hexes"] == {"B12.31:area": "B12.31", "none": None}
        g.apply(Choose("overwatch", "B12.31:area"))
        st = stage(g, "soviet")
        assert st["what"] == "return_fire" and st["option_hexes"] == {"B09.30>B12.31": "B09.30", "none": None}


def test_tcs_11_1_retreat_ends_and_advancing_units_name_their_hexes():
    with s1() as g:
        ask_mode(g)
        put(g, "1-I-262-Inf1", "B10.31")
        put(g, "708-SMG1", "B09.31", mode="move")
        fixed(g, [1, 1, 1, 1, 1, 1, 6, 6] + [1] * 6)
        g.apply(Assault(H(g, "B10.31"), ("708-SMG1",)))
        st = stage(g, "axis")
        assert st["what"] == "retreat" and all(st["option_hexes"][v] == v for v in st["options"])
        g.apply(Choose("retreat", st["options"][0]))
        st = stage(g, "soviet")
        assert st["what"] == "advance" and st["option_hexes"] == {"708-SMG1": "B09.31", "stop": None}
