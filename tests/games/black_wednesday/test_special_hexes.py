"""The Mill (BW 1.1f) and the Hospital with man-handling (BW 1.1e). Both lie outside the
Scenario 1 area, so these tests open Scenario 1's units on a whole sheet (A for the Mill,
B for the Hospital)."""
from __future__ import annotations

import dataclasses
from contextlib import contextmanager
from pathlib import Path

from hexwar import paths
from hexwar.core.actions import Attack, Move
from hexwar.core.dice import SeededDice
from hexwar.core.game import Game
from hexwar.core.hexgrid import use_hex_ids
from hexwar.games.black_wednesday import board_for, load_scenario, make_rules
from hexwar.games.black_wednesday.verbs import Assault, ManHandle, Mode

from .helpers import H, apply_default, clear_map, fixed, put, to_action_phase


@contextmanager
def whole_sheet(sheet: str, side: str = "soviet"):
    scen = load_scenario(Path(str(paths.data_dir("scenarios"))) / "black-wednesday" / "s1-turning-the-left.yaml")
    scen = dataclasses.replace(scen, sheets=(f"black-wednesday-{sheet}.tmx",), region="(the whole sheet)")
    rules = make_rules(board_for(scen), scen)
    dice = SeededDice(0)
    state, ev = rules.new_state(dice)
    g = Game(rules, state, dice, {"game": "black-wednesday", "scenario": scen.id, "seed": 0, "options": {}}, ev)
    with use_hex_ids(rules.ids):
        clear_map(g)
        to_action_phase(g, side)
        yield g


# --- the Mill (1.1f) -------------------------------------------------------------------
def test_1_1f_vehicles_enter_and_leave_the_mill_only_by_its_road_foot_units_anywhere():
    """tcs decision 65."""
    with whole_sheet("a") as g:
        ter, m = g.rules.ter, H(g, "A25.23")
        assert g.rules.board.terrain[m] == "mill"
        for cls in ("tracked", "wheeled"):
            assert ter.step_cost(H(g, "A26.23"), m, cls, 12) is not None
            assert ter.step_cost(H(g, "A24.23"), m, cls, 12) is None
            assert ter.step_cost(m, H(g, "A26.23"), cls, 12) is not None
            assert ter.step_cost(m, H(g, "A24.23"), cls, 12) is None
        assert ter.step_cost(H(g, "A24.23"), m, "foot", 4) is not None
        assert ter.step_cost(m, H(g, "A24.23"), "foot", 4) is not None


def test_1_1f_no_direct_fire_into_or_out_of_the_mill():
    """tcs decision 65."""
    with whole_sheet("a") as g:
        put(g, "1-708-Inf1", "A24.23")
        put(g, "1-I-262-Inf1", "A25.23")
        assert g.check(Attack(H(g, "A25.23"), ("1-708-Inf1",))).rule == "1.1f"
        assert H(g, "A25.23") not in g.rules.fire_targets(g.state, "1-708-Inf1")
        # spotting in and out is allowed (1.1f)
        assert g.rules.spots(g.state, H(g, "A24.23"), g.state.units["1-I-262-Inf1"])
    with whole_sheet("a", "axis") as g:
        put(g, "1-708-Inf1", "A24.23")
        put(g, "1-I-262-Inf1", "A25.23")
        assert g.check(Attack(H(g, "A24.23"), ("1-I-262-Inf1",))).rule == "1.1f"


def test_1_1f_indirect_fire_and_assault_into_the_mill_are_allowed():
    with whole_sheet("a") as g:
        put(g, "1-708-Mtr", "A22.23")
        put(g, "708-SMG1", "A24.23", mode="move")
        put(g, "1-I-262-Inf1", "A25.23")
        why = g.check(Attack(H(g, "A25.23"), ("1-708-Mtr",)))
        assert why is None or why.rule != "1.1f"
        assert g.check(Assault(H(g, "A25.23"), ("708-SMG1",))) is None


def test_1_1f_no_overwatch_out_of_the_mill():
    with whole_sheet("a") as g:
        put(g, "1-I-262-MG", "A25.23")
        put(g, "1-708-Inf1", "A22.23", mode="move")
        fixed(g, [1] * 10)
        ev = g.apply(Move("1-708-Inf1", (H(g, "A23.23"),)))
        assert not any(e.kind == "overwatch" for e in ev) and g.dice.rolls_made == 0
        put(g, "1-I-262-MG", "A27.23")  # the same MG outside does fire
        put(g, "1-708-Inf2", "A22.24", mode="move")
        g.state.extra["commissars"] = "off"
        ev = apply_default(g, Move("1-708-Inf2", (H(g, "A23.24"),)))  # the MG takes the shot
        assert any(e.kind == "overwatch" for e in ev)


# --- the Hospital (1.1e) ------------------------------------------------------------------
def test_1_1e_no_vehicles_and_no_towed_guns_move_into_the_hospital():
    with whole_sheet("b") as g:
        h = H(g, "B53.12")
        assert g.rules.ter.step_cost(H(g, "B53.13"), h, "tracked", 12) is None
        put(g, "708-IG1", "B54.12", mode="move")
        assert h not in g.rules.reach(g.state, "708-IG1")
        assert g.check(Move("708-IG1", (h,))).rule == "1.1e"
        put(g, "1-708-Inf1", "B54.11", mode="move")  # foot units enter normally
        assert h in g.rules.reach(g.state, "1-708-Inf1")


def test_1_1e_man_handling_in_fire_mode_no_overwatch_no_sfa_that_phase():
    """tcs decision 64."""
    with whole_sheet("b") as g:
        h = H(g, "B53.12")
        put(g, "708-IG1", "B54.12")  # in Fire Mode since before this phase
        put(g, "1-I-262-MG", "B53.16")  # would overwatch a move
        assert ManHandle("708-IG1", h) in g.legal_actions()
        assert ManHandle("708-IG1", h).notation() == "manhandle 708-IG1 B53.12"
        ev = g.apply(ManHandle("708-IG1", h))
        assert g.state.units["708-IG1"].hex == h and g.rules.mode(g.state, "708-IG1") == "fire"
        assert not any(e.kind == "overwatch" for e in ev) and g.dice.rolls_made == 0
        assert g.check(Attack(H(g, "B53.16"), ("708-IG1",))).rule == "§3.4"
        # leaving: never by a move, by man-handling in a later phase
        assert g.rules.reach(g.state, "708-IG1") == {}
        g.state.extra["acted"] = frozenset()
        g.state.extra["moved_mm"] = frozenset()
        g.state.touch()
        assert g.check(Move("708-IG1", (H(g, "B52.12"),))).rule == "1.1e"
        assert g.check(ManHandle("708-IG1", H(g, "B52.12"))) is None


def test_1_1e_the_gun_must_have_been_in_fire_mode_since_an_earlier_phase():
    """tcs decision 64."""
    with whole_sheet("b") as g:
        h = H(g, "B53.12")
        put(g, "708-IG1", "B54.12", mode="move")
        g.apply(Mode("708-IG1", "fire"))
        assert g.check(ManHandle("708-IG1", h)).rule == "1.1e"
        assert ManHandle("708-IG1", h) not in g.legal_actions()
        assert g.check(ManHandle("1-708-Inf1", h)).rule in ("1.1e", "§3.4")
        put(g, "1-708-Inf1", "B54.11")
        assert g.check(ManHandle("1-708-Inf1", h)).rule == "1.1e"  # not a tow-only unit
