"""The contract's previews of Black Wednesday (``Game.preview``): an SFA (§8.2, §8.3, §12.2), a
point fire (§9.1, §9.2), an assault (§11.1, 1.12) and an overrun (§11.2), an artillery mission
(§13.4-§13.7) and a Prep box (2.4) worked out line by line with their rules, with the chance of
each result; the figures are those the engine then rolls against, and an action the rules refuse
gets the refusal instead of figures."""
from __future__ import annotations

import pytest

from hexwar.core.actions import Attack, Choose
from hexwar.core.dice import SeededDice
from hexwar.games.black_wednesday import previews as P
from hexwar.games.black_wednesday.verbs import Assault, Call, PointFire

from .helpers import H, clear_map, put, s1, to_action_phase


def _rules_of(pv) -> set[str]:
    return {ln.rule for ln in pv.lines}


def _sfa_position(g):
    clear_map(g)
    to_action_phase(g, "axis")
    put(g, "1-I-262-MG", "B12.31")
    put(g, "1-I-262-Inf1", "B12.31")
    put(g, "1-708-Inf1", "B10.31")
    put(g, "1-708-Inf2", "B10.31", mode="move")
    return Attack(H(g, "B10.31"), ("1-I-262-Inf1", "1-I-262-MG"))


def test_8_2_sfa_preview_is_the_column_and_shifts_the_engine_rolls_on():
    with s1() as g:
        a = _sfa_position(g)
        assert g.check(a) is None
        pv = g.preview(a)
        p = pv.detail
        assert pv.refusal is None and pv.figure == f"column {p['final']}"
        assert pv.title.startswith("SFA on B10.31")
        # every shift is a line with its rule; the Move Mode target is one of them (§5)
        shift_lines = [ln for ln in pv.lines if ln.value.endswith("column") and ln.indent == 1]
        assert [(ln.text, ln.value) for ln in shift_lines] == [(n, f"{v:+d} column") for n, v in p["shifts"]]
        assert any(ln.text == "target in Move Mode" and ln.rule == "§5" for ln in shift_lines)
        # the chances are two dice on the final column of the table
        assert sum(o.chance for o in pv.outcomes) == pytest.approx(1.0)
        for o in pv.outcomes:
            ways = sum(6 - abs(s - 7) for s in range(2, 13) if g.rules.t.fire_result(p["final"], s) == o.code)
            assert o.chance == pytest.approx(ways / 36) and o.rule == "§8.2"
        # the engine's fire uses the same column and shifts
        st = g.state.copy()
        ev = g.rules.do_sfa(st, a, SeededDice(3))
        fire = next(e for e in ev if e.kind == "fire")
        assert fire.data["column"] == p["column"] and [tuple(x) for x in fire.data["shifts"]] == p["shifts"]


def test_12_2_sfa_preview_names_the_morale_check_with_the_sfa_two():
    with s1() as g:
        a = _sfa_position(g)
        pv = g.preview(a)
        m = pv.detail["morale"]
        assert m["mm"] == max(g.rules.mm(g.state, u, "sfa") for u in ("1-708-Inf1", "1-708-Inf2"))
        line = next(ln for ln in pv.lines if ln.rule == "§12.2")
        assert f"MM {m['mm']}" in line.text and "+2 for an SFA" in line.text
        assert line.value == P.odds_words(m["odds"])


def test_9_point_fire_preview_to_hit_kill_and_outcomes():
    with s1() as g:
        clear_map(g)
        to_action_phase(g, "axis")
        put(g, "14-262-AT751", "B12.31")
        put(g, "1ITB-T341", "B09.31", mode="move")
        a = PointFire("14-262-AT751", "1ITB-T341")
        pv = g.preview(a)
        p = pv.detail
        assert {"§9.1", "§9.2"} <= _rules_of(pv)
        assert any(ln.text.startswith("target moving") and ln.value == "+1" for ln in pv.lines)
        chances = {o.code: o.chance for o in pv.outcomes}
        assert chances["killed"] == pytest.approx(p["overall"]) and sum(chances.values()) == pytest.approx(1.0)
        assert chances["miss"] == pytest.approx(1 - p["hit"])
        st = g.state.copy()
        ev = g.rules.do_pfa(st, a, SeededDice(1))
        fire = next(e for e in ev if e.kind == "point_fire")
        assert fire.data["need"] == p["need"]


def _assault_position(g):
    clear_map(g)
    to_action_phase(g, "soviet")
    put(g, "1-I-262-Inf1", "B10.31")
    put(g, "708-SMG1", "B09.31", mode="move")
    return Assault(H(g, "B10.31"), ("708-SMG1",))


def test_11_1_assault_preview_both_fires_both_checks_and_the_three_outcomes():
    with s1() as g:
        a = _assault_position(g)
        assert g.check(a) is None
        pv = g.preview(a)
        p = pv.detail
        assert not p["overrun"] and {"§11.1", "1.12"} <= _rules_of(pv)
        outcomes = {o.code: o for o in pv.outcomes}
        assert sum(o.chance for o in pv.outcomes) == pytest.approx(1.0)
        assert outcomes["break"].chance == pytest.approx(p["win"])  # attackers hold, defenders break
        assert outcomes["falter"].level > outcomes["break"].level  # a word and a mark, never colour alone
        assert "before the fires' losses" in pv.note


def test_11_2_overrun_preview_fire_with_shock_and_the_defenders_check():
    with s1() as g:
        clear_map(g)
        to_action_phase(g, "soviet")
        put(g, "1-I-262-Inf1", "B10.31")
        put(g, "1ITB-T341", "B09.31", mode="move")
        a = Assault(H(g, "B10.31"), ("1ITB-T341",))
        assert g.check(a) is None
        pv = g.preview(a)
        p = pv.detail
        assert p["overrun"] and pv.title.startswith("Overrun of B10.31")
        assert ("overrun shock", g.rules.t.shifts["shock"]) in p["shifts"]
        assert any(ln.text == "overrun shock" and ln.rule == "§11.2" for ln in pv.lines)
        assert sum(o.chance for o in pv.outcomes) == pytest.approx(1.0)
        assert p["defenders"]["mm"] == g.rules.mm(g.state, "1-I-262-Inf1", "assault")


def test_13_4_mission_preview_adjustment_zone_and_ammunition():
    with s1() as g:
        clear_map(g)
        to_action_phase(g, "axis")
        put(g, "1-I-262-Inf1", "B12.31")
        put(g, "1-708-Inf1", "B09.30")
        c = next(a for a in g.legal_actions() if isinstance(a, Call))
        pv = g.preview(c)
        p = pv.detail
        assert {"§13.4", "§13.5", "§13.6", "2.3b, 3.2b"} <= _rules_of(pv)
        assert pv.figure == f"good shoot {P.pct(p['good'])}"
        assert {o.code: o.chance for o in pv.outcomes} == pytest.approx({"good": p["good"], "bad": 1 - p["good"]})
        fp, radius = P.mission_fire(g.rules, "axis", p["calibre"], False)
        assert (fp, radius) == (g.rules.t.barrage[p["calibre"]], 0)  # an Axis battery on one hex
        assert any(ln.value == f"{p['ammo']} → {p['after']}" for ln in pv.lines)


def test_2_4_prep_box_preview_firepower_and_good_shoot():
    with s1() as g:
        g.apply(Choose("prep-box", "122mm_1-0600"))
        a = Choose("prep-122mm_1-0600", "B15.30")
        pv = g.preview(a)
        assert pv.detail["fp"] == 4 * g.rules.t.barrage["122mm"]  # a battalion, doubled by the Prep (2.4a)
        assert {o.code: o.chance for o in pv.outcomes} == pytest.approx({"good": 0.5, "bad": 0.5})
        assert {"2.4a", "2.4d", "2.4e"} <= _rules_of(pv)
        assert "half value" in next(o.text for o in pv.outcomes if o.code == "bad")
        kat = g.preview(Choose("prep-katyusha_1-0600", "B15.30"))
        assert "scatters" in next(o.text for o in kat.outcomes if o.code == "bad")


def test_previews_of_refused_actions_say_why_with_the_rule():
    with s1() as g:
        _sfa_position(g)
        bad = Attack(H(g, "B10.31"), ("1-708-Inf1",))  # not the phasing side's unit
        pv = g.preview(bad)
        assert pv.refusal is not None and pv.refusal.rule == "§3.4" and not pv.outcomes
        assert g.preview(Choose("first", "axis")) is None  # nothing to preview


def test_6_facts_answer_the_line_of_sight_tool_and_the_camera():
    """§6.1, §6.2, 1.8, 1.3c, 1.1f, 4.7: the questions the client's tools ask of ``BWFacts``
    are answered as the engine's own helpers answer them."""
    from hexwar.core.position import Position

    with s1() as g:
        _sfa_position(g)
        g.state.extra["t2t"] = frozenset({"1-708-Inf1"})
        g.state.extra["dora"] = ((8 * 60, "B15.30"),)
        g.state.touch()
        fx = Position(g, "axis").facts
        r, st = g.rules, g.state
        a, b = H(g, "B12.31"), H(g, "B10.31")
        assert fx.sight(a, b) == P.sight(r, st, a, b) and fx.visibility == r.period(st)
        assert fx.seen_from("1-708-Inf2") == P.seen_from(r, st, "1-708-Inf2")
        assert fx.moved_trench_to_trench("1-708-Inf1") and not fx.moved_trench_to_trench("1-708-Inf2")
        assert fx.no_direct_fire(a, b) == bool(r.ter.no_direct_fire(a, b))
        assert dict(fx.setup_areas) == r.area_hexes and fx.entry_hexes == r.entry_hexes
        assert [dict(p) for p in fx.dora_plots()] == [{"time": "0800", "hex": "B15.30", "fired": False}]
