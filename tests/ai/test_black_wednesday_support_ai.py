"""The Black Wednesday Soviet computer player's fire support on Scenario 1 (issue 8;
docs/black-wednesday/ai-support.md): HE missions called before anything else of the phase,
Fast Fire while the pool outlasts the turns left, none on a hex next to our own men, and in the
last turn any mission worth anything at all."""
from __future__ import annotations

import pytest

import hexwar
from hexwar.ai.black_wednesday import support as S
from hexwar.ai.black_wednesday.normal import BWPlayer
from hexwar.ai.black_wednesday.speed import barrage_fire
from hexwar.ai.player import make_player
from hexwar.core.hexgrid import use_hex_ids
from hexwar.games.black_wednesday.verbs import Call

GAME, SCEN = "black-wednesday", "s1-turning-the-left"

pytestmark = [pytest.mark.slow, pytest.mark.whole_game]  # a few turns of Scenario 1 to reach the position


@pytest.fixture(scope="module")
def first_call():
    """AI Soviets vs greedy Axis, seed 10: the first position of the game in which the Soviet
    player's fire support (not the plain fire choice) calls a mission: on a stack of four or
    more Axis units (``STACK``)."""
    game = hexwar.open_game(GAME, SCEN, seed=10)  # turn 3: five Axis units on B15.31
    players = {"soviet": BWPlayer(), "axis": make_player("greedy", GAME, 10_010)}
    with use_hex_ids(game.rules.ids):
        while game.state.turn <= 4:
            side = game.acting_side()
            dec = players[side].choose(game, side)
            if side == "soviet" and isinstance(dec.action, Call) and "(§13.3); worth" in dec.reason:
                return game, dec
            game.apply(dec.action)
    raise AssertionError("no Soviet fire-support mission in the first four turns")


def _weight(rules, state):
    take = rules.trench_hexes
    return lambda h: 1.5 if h in take else 1.0


def test_13_7_fast_fire_mission_called_first_while_the_pool_has_rounds_to_spare(first_call):
    """§13.7: Fast Fire doubles the firepower for two rounds. The engine lists only plain
    missions; the player adds the Fast Fire twin of each (``rules.check`` allows it) and calls
    it when the 2.3b pool still holds a round for every mission its battalions could fire in
    the turns left. Without the support module the player never fires Fast Fire."""
    game, dec = first_call
    rules, st = game.rules, game.state
    with use_hex_ids(rules.ids):
        a = dec.action
        assert isinstance(a, Call) and a.ammo == "he" and a.fast, dec
        assert rules.check(st, a) is None
        assert "Fast Fire" in dec.reason and "§13.7" in dec.reason and "good shoot on" in dec.reason
        assert "rounds to spare" in dec.reason
        cal = rules.artillery_of("soviet", st)[a.artillery]
        fp, radius = S.F.barrage_fp(rules.facts(st, "soviet"), "soviet", a.artillery, True)
        assert fp == 2 * 2 * rules.t.barrage[cal] and radius == 1  # battalion x2, doubled (2.3, §13.7)
        assert f"{fp} firepower" in dec.reason
        # the engine's own list has no Fast Fire mission: it is the support's
        assert not any(isinstance(x, Call) and x.fast for x in game.legal_actions())


def test_2_3b_a_round_is_spare_while_the_pool_outlasts_the_turns_left(first_call):
    """2.3b, §13.1: a battalion fires one mission a turn, so a round the pool would still hold
    at the end is worth almost nothing (``SPARE_ROUND``); one the later turns need costs
    ``ROUND``; in the last turn every round is free."""
    game, _ = first_call
    rules = game.rules
    st = game.state.copy()
    c = Call("708-ArtFO", "1-162-43", next(iter(rules.trench_hexes)), "he", True)
    later = rules.scen.turns - st.turn
    n76 = len(S.batteries_of(rules.facts(st, "soviet"), "soviet", "76mm"))
    assert n76 == 2

    def with_pool(n):
        s2 = st.copy()
        ammo = {k: {c2: dict(v2) for c2, v2 in v.items()} for k, v in s2.extra["ammo"].items()}
        ammo["soviet"]["76mm"]["HE"] = n
        s2.extra["ammo"] = ammo
        return s2

    def price(s2):
        return S.round_price(rules.facts(s2, "soviet"), "soviet", c)

    assert price(with_pool(2 + n76 * later)) == (S.SPARE_ROUND, True)
    assert price(with_pool(1 + n76 * later)) == (S.ROUND, False)
    last = with_pool(2)
    last.turn = rules.scen.turns
    assert price(last) == (0.0, True)


def test_13_5_our_own_men_in_the_zone_cost_twice_their_loss_and_a_step(first_call):
    """§13.3, §13.5: a Soviet battalion mission hits the hex and the six around it at full
    firepower (half on the next ring), and a bad shoot scatters: a platoon of ours next to the
    target costs the mission twice what the barrage would do to it, and one step more."""
    game, dec = first_call
    rules = game.rules
    st = game.state.copy()
    tgt = dec.action.target
    w = _weight(rules, st)
    with use_hex_ids(rules.ids):
        before, p, fp, _ = S.mission_worth(BWPlayer(), rules.facts(st, "soviet"), "soviet", dec.action, w)
        near = next(h for h in rules.board.adjacent(tgt) if h in rules.area and not st.units_at(h))
        man = next(u.id for u in rules.on_map(st, "soviet") if not rules.spec(u.id).vehicle
                   and not rules.spec(u.id).fo)
        st.units[man] = st.units[man].at(near)
        st.touch()
        fx = rules.facts(st, "soviet")  # the position with our man next to the target
        own = barrage_fire(fx, near, fp).value
        after, _, _, _ = S.mission_worth(BWPlayer(), fx, "soviet", dec.action, w)
        assert own > 0.5
        assert after == pytest.approx(before - p["good"] * 2 * own - 1.0)


def test_2_3b_last_turn_calls_any_mission_worth_something(first_call, monkeypatch):
    """Rounds left at the end are worth nothing: in the game's last turn a mission is called at
    any worth from ``LAST_CALL`` up; before it only from ``MIN_CALL``."""
    game, dec = first_call
    rules = game.rules
    st = game.state.copy()
    acts = game.legal_actions()
    monkeypatch.setattr(S, "MIN_CALL", 1e6)
    with use_hex_ids(rules.ids):
        assert S.decide(BWPlayer(), rules.facts(st, "soviet"), "soviet", acts, _weight(rules, st)) is None
        st.turn = rules.scen.turns
        got = S.decide(BWPlayer(), rules.facts(st, "soviet"), "soviet", acts, _weight(rules, st))
        assert got is not None and isinstance(got.action, Call) and "worth" in got.reason


def test_the_axis_player_has_no_fire_support_hook(first_call):
    """The support is the Soviet player's: for the Axis it never answers (the Axis player, and
    the greedy baseline, are unchanged)."""
    game, _ = first_call
    rules = game.rules
    st = game.state
    assert S.decide(BWPlayer(), rules.facts(st, "axis"), "axis", game.legal_actions(), _weight(rules, st)) is None


def test_8_3_support_shells_only_stacks_with_the_density_shift(first_call, monkeypatch):
    """§8.3: four or more units in a hex shift the fire a column (eight, two). The support
    calls its missions only on such stacks (``STACK``): measured, shelling every small group
    as well lost games against the random Axis (34 of 40, against 39 of 40 with the stacks
    only; docs/black-wednesday/ai-support.md)."""
    game, dec = first_call
    rules, st = game.rules, game.state
    with use_hex_ids(rules.ids):
        tgt = dec.action.target
        axis_here = [u for u in st.units_at(tgt) if rules.side_of(u.id) != "soviet"]
        assert len(axis_here) >= S.STACK == 4
        assert "density" in dec.reason and "§8.3" in dec.reason
        acts = game.legal_actions()
        monkeypatch.setattr(S, "STACK", len(axis_here) + 1)
        got = S.decide(BWPlayer(), rules.facts(st, "soviet"), "soviet", acts, _weight(rules, st))
        assert got is None or got.action.target != tgt
