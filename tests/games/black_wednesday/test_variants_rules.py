"""The BW 4.0 minor variants as game options: 4.1c (german_cooperation), 4.2 Spanish Panic, 4.3 Purely
Historical (Scenarios 1-3 only), 4.5 mined wire, 4.7 Dora; decisions BW-X1, BW-X2, BW-H1..H3,
BW-M1, BW-D1 (docs/black-wednesday/rules-decisions.md)."""
from __future__ import annotations

import pytest

from hexwar import session
from hexwar.core.actions import Attack, Choose, EndPhase, parse_action
from hexwar.core.dice import FixedDice
from hexwar.core.errors import HexwarError
from hexwar.core.hexgrid import distance, use_hex_ids
from hexwar.games.black_wednesday.dora import DoraPlot
from hexwar.games.black_wednesday.variants import OptionNotAllowed
from hexwar.games.black_wednesday.verbs import Assault, Breach

from .helpers import H, apply_default, fixed, open_local, put, to_action_phase

_OPENED: list = []  # hex-id contexts entered by _open, left in reverse order after each test


@pytest.fixture(autouse=True)
def _leave_hex_ids():
    n = len(_OPENED)
    yield
    while len(_OPENED) > n:
        _OPENED.pop().__exit__(None, None, None)


def _open(sid, **opts):
    """A match with its B34.16 notation in force until the end of the test."""
    g = open_local(sid, options=opts)
    ctx = use_hex_ids(g.rules.ids)
    ctx.__enter__()
    _OPENED.append(ctx)
    return g


# --- 4.0 / 4.3: which scenarios ----------------------------------------------------------------
def test_decision_BW_X2_4_3_refused_outside_scenarios_1_to_3_others_allowed_everywhere():
    for sid in ("s1-turning-the-left", "s2-assault-of-the-guards"):
        assert open_local(sid, options={"historical": True}).rules.options["historical"]
    with pytest.raises(OptionNotAllowed) as e:
        open_local("s4-melee-in-krasni-bor", options={"historical": True})
    assert "4.3" in str(e.value) and "Scenarios 1, 2, 3" in str(e.value)
    with pytest.raises(HexwarError):  # what the client catches and shows
        session.open_game("black-wednesday", "s5-assaulting-the-mill", options={"historical": True})
    # 4.0: no variant has a victory cost, so the rest go with any scenario
    g = open_local("s4-melee-in-krasni-bor", options={k: True for k in ("german_cooperation",
                                                                       "spanish_panic", "mined_wire", "dora")})
    assert g.rules.options["dora"]


# --- 4.1c ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("on", [False, True])
def test_4_1c_german_sorties_doubled_soviet_halved(on):
    g = _open("s1-turning-the-left", german_cooperation=on)
    st = g.state
    st.turn = 10  # 0900, Day; Clear
    ev = g.rules.air_phase(st, FixedDice([6, 4]))  # 64: two German sorties
    lost = [e for e in ev if e.kind == "air" and "no spotted target" in e.text]
    assert len(lost) == (4 if on else 2)
    ev = g.rules.air_phase(st, FixedDice([6, 1]))  # 61: two Soviet sorties
    lost = [e for e in ev if e.kind == "air" and "no spotted target" in e.text]
    assert len(lost) == (1 if on else 2)
    assert any("4.1c" in e.text for e in ev) == on


# --- 4.2 ----------------------------------------------------------------------------------------
def _overrun(g):
    to_action_phase(g, "soviet")
    put(g, "1-I-262-Inf1", "B10.31")  # Spanish rifles, printed morale 3
    put(g, "1ITB-T341", "B09.31", mode="move")
    return Assault(H(g, "B10.31"), ("1ITB-T341",))


def test_4_2a_spanish_panic_rolled_when_the_overrun_is_announced():
    g = _open("s1-turning-the-left", spanish_panic=True)
    a = _overrun(g)
    fixed(g, [3, 1, 1, 1, 1])  # panic 3 <= morale 3; then shock fire roll 2, morale roll 2
    ev = g.apply(a)
    assert ev[1].kind == "die_rolled" and "Spanish Panic (4.2a)" in ev[1].text and "panics" in ev[1].text
    assert g.state.units["1-I-262-Inf1"].steps == 4
    assert g.state.extra["status"]["1-I-262-Inf1"] == "P"
    assert not g.can_undo()  # the panic die is a committed roll: undo never re-rolls it


def test_4_2a_printed_morale_only_and_a_roll_above_it_holds():
    g = _open("s1-turning-the-left", spanish_panic=True)
    a = _overrun(g)
    g.state.extra["bn"] = {"I-262": 3}  # battalion morale is not counted (4.2a)
    fixed(g, [4, 1, 1, 1, 1])
    ev = g.apply(a)
    assert "holds" in ev[1].text
    assert g.state.units["1-I-262-Inf1"].steps == 5
    plain = _open("s1-turning-the-left")
    a = _overrun(plain)
    fixed(plain, [1, 1, 1, 1])
    ev = plain.apply(a)
    assert not any("Panic" in e.text for e in ev)


def test_4_2a_panic_that_empties_the_hex_lets_the_armour_in():
    g = _open("s1-turning-the-left", spanish_panic=True)
    a = _overrun(g)
    u = g.state.units["1-I-262-Inf1"]
    g.state.units[u.id] = type(u)(u.id, u.spec, u.where, u.hex, 1, u.revealed, u.arrives)
    fixed(g, [1])
    ev = g.apply(a)
    assert g.state.units["1-I-262-Inf1"].where != "map"
    assert g.state.units["1ITB-T341"].hex == H(g, "B10.31") and "no defender is left" in ev[-1].text


# --- 4.3 ----------------------------------------------------------------------------------------
def test_4_3_historical_prep_log_cannot_be_changed_decision_BW_H1():
    g = _open("s1-turning-the-left", historical=True)
    acts = g.legal_actions()
    assert not [a for a in acts if isinstance(a, Choose) and a.what.startswith("prep")]
    assert EndPhase() in acts
    assert g.check(Choose("prep-box", "122mm_1-0600")).rule == "4.3"
    assert g.check(Choose("prep-122mm_1-0600", "B16.29")).rule == "4.3"
    assert g.state.extra["prep"] == g.rules.historical_prep()


def _shared_and_outside(r):
    """A boundary hex shared by the 43 and 63 sectors and a neighbour only the 43 may enter."""
    for h in sorted(r.division_hexes("43") & r.division_hexes("63")):
        for n in sorted(r.board.adjacent(h)):
            if n in r.division_hexes("43") and n not in r.division_hexes("63") and r.board.terrain[n] == "open":
                return h, n
    raise AssertionError("no boundary found")


@pytest.fixture(scope="module")
def s3h():
    g = open_local("s3-assault-the-line", options={"historical": True})
    with use_hex_ids(g.rules.ids):
        yield g


def test_4_3_divisional_boundaries_fixed_before_play_decision_BW_H2(s3h):
    r = s3h.rules
    secs = r._sectors()
    assert set(secs) == {"43", "63", "72"}
    assert not secs["72"] & secs["43"] and secs["43"] & secs["63"]  # the railroad is shared
    h, n = _shared_and_outside(r)
    assert r.division_hexes("63") >= secs["63"]
    assert {x for x in r.division_hexes("63") - secs["63"]} <= secs["72"]  # the far side of the 63/72 line


def test_4_3_no_soviet_unit_moves_or_fires_across_its_boundary(s3h):
    g = s3h
    r = g.rules
    to_action_phase(g, "soviet")
    h, n = _shared_and_outside(r)
    put(g, "1-269-Inf1", r.ids.name(h))  # 63 Guards on the shared railroad hex
    moves = r.moves_of(g.state, "1-269-Inf1")
    assert moves and all(m.dest in r.division_hexes("63") for m in moves)
    why = r.check_order_move(g.state, "1-269-Inf1", h, n)
    assert why.rule == "4.3" and "63 Division" in why.reason
    put(g, "1-I-262-Inf1", r.ids.name(n))
    why = g.check(Attack(n, ("1-269-Inf1",)))
    assert why.rule == "4.3"
    put(g, "1-708-Inf1", r.ids.name(h))  # the 43 Rifle may fire there
    assert (g.check(Attack(n, ("1-708-Inf1",))) or type("ok", (), {"rule": ""})).rule != "4.3"
    for uid in ("1-269-Inf1", "1-I-262-Inf1", "1-708-Inf1"):
        g.state.units[uid] = g.state.units[uid].at(None, "arriving")
    g.state.touch()


def test_4_3_no_move_passes_beyond_the_boundary_on_its_way(s3h):
    """Decision BW-H2: the whole path stays inside the sector and its boundary hexes, not only
    the hex where the move ends; such a path is refused (4.3) and never listed."""
    from hexwar.core.actions import Move

    g = s3h
    r = g.rules
    to_action_phase(g, "soviet")
    allowed = r.division_hexes("63")
    h, n, back = next((h, n, m) for h in sorted(allowed & r.area) if r.board.terrain[h] == "open"
                      for n in sorted(r.board.adjacent(h)) if n in r.area and n not in allowed
                      and r.board.terrain[n] == "open"
                      for m in sorted(r.board.adjacent(n)) if m in allowed and m != h and r.board.terrain[m] == "open")
    put(g, "1-269-Inf1", r.ids.name(h), mode="move")
    why = g.check(Move("1-269-Inf1", (n, back)))
    assert why is not None and why.rule == "4.3" and "63 Division" in why.reason
    moves = r.moves_of(g.state, "1-269-Inf1")
    assert moves and all(x in allowed for m in moves for x in m.path)
    g.state.units["1-269-Inf1"] = g.state.units["1-269-Inf1"].at(None, "arriving")
    g.state.touch()


def test_4_3_a_retreat_never_crosses_the_boundary(s3h):
    g = s3h
    r = g.rules
    to_action_phase(g, "axis")
    h, n = _shared_and_outside(r)
    put(g, "1-269-Inf1", r.ids.name(h))
    away = max((x for x in r.board.adjacent(h) if x in r.division_hexes("63") and x != h),
               key=lambda x: distance(x, n))
    put(g, "1-I-262-Inf1", r.ids.name(away))  # the enemy on the 63 side pushes it east
    ev, died = r.retreat(g.state, "1-269-Inf1")
    u = g.state.units["1-269-Inf1"]
    assert (died and "divisional boundary" in ev[-1].text) or u.hex in r.division_hexes("63")


def test_4_3_spanish_engineers_and_recon_within_5_of_the_hospital():
    g = _open("s2-assault-of-the-guards", historical=True)
    r = g.rules
    hosp = [h for z in r.board.zones if z.kind == "hospital" for h in z.hexes]
    for uid in ("1-Eng-Inf1", "1-Recon-Inf1"):
        hs = r.setup_hexes(uid)
        assert hs and all(min(distance(h, c) for c in hosp) <= 5 for h in hs)
    plain = _open("s2-assault-of-the-guards")
    assert any(min(distance(h, c) for c in hosp) > 5 for h in plain.rules.setup_hexes("1-Eng-Inf1"))
    assert plain.rules.setup_hexes("5-II-262-Inf1") == r.setup_hexes("5-II-262-Inf1")  # others as usual


# --- 4.5 ----------------------------------------------------------------------------------------
def _breacher(g):
    to_action_phase(g, "soviet")
    g.state.extra["commissars"] = "off"
    put(g, "1-708-Inf1", "B13.30", mode="move")
    g.state.extra["adj_wire"] = frozenset({"1-708-Inf1"})
    return Breach("1-708-Inf1", H(g, "B14.30"))


def test_4_5_a_breach_attempt_first_meets_the_mines():
    g = _open("s1-turning-the-left", mined_wire=True)
    b = _breacher(g)
    fixed(g, [1, 1])  # mines: firepower 6 (column 5), roll 2: no effect; then the breach goes on
    ev = g.apply(b)
    mine = [e for e in ev if e.kind == "fire"][0]
    assert mine.data["fp"] == 6 and mine.data["target"] == "B14.30"
    assert any(e.kind == "mines" for e in ev)
    assert g.rules.wire_state(g.state, H(g, "B14.30")) == 1  # partially breached; mines still there


def test_4_5_the_mines_strike_as_in_the_open_even_in_forest_wire():
    g = _open("s1-turning-the-left", mined_wire=True)
    to_action_phase(g, "soviet")
    h = H(g, "B28.03")
    assert g.rules.ter.combat_class(h, False, 0) != "open"
    put(g, "1-708-Inf1", "B28.03", mode="move")  # as the breach puts it, before overwatch
    ev = g.rules.mine_attack(g.state, FixedDice([1, 1]), "1-708-Inf1", h)
    shifts = [e for e in ev if e.kind == "fire"][0].data["shifts"]
    assert sum(v for n, v in shifts if "terrain" in n or "open" in n) == 0
    assert any("counts as open" in n for n, _ in shifts)


def test_decision_BW_M1_a_unit_stopped_by_the_mines_falls_back_without_a_breach():
    g = _open("s1-turning-the-left", mined_wire=True)
    b = _breacher(g)
    fixed(g, [6, 6, 6, 6] + [1] * 8)  # mines roll 12: step loss and morale check; MM roll 12: worse than S
    ev = apply_default(g, b)
    assert any(e.kind == "mines" for e in ev)
    assert g.rules.wire_state(g.state, H(g, "B14.30")) == 0
    u = g.state.units["1-708-Inf1"]
    assert u.where != "map" or u.hex != H(g, "B14.30")


def test_4_5_mines_go_with_the_full_breach_and_are_off_without_the_option():
    g = _open("s1-turning-the-left", mined_wire=True)
    b = _breacher(g)
    wire = dict(g.state.extra.get("wire", {}))
    wire[H(g, "B14.30")] = 2
    g.state.extra["wire"] = wire
    assert g.rules.mine_attack(g.state, FixedDice([]), "1-708-Inf1", H(g, "B14.30")) == []
    plain = _open("s1-turning-the-left")
    b = _breacher(plain)
    fixed(plain, [])
    ev = plain.apply(b)
    assert not any(e.kind == "mines" for e in ev)


# --- 4.7 ----------------------------------------------------------------------------------------
def _axis_command(g, turn):
    st = g.state
    st.turn, st.phase = turn, "command"
    st.extra["cmd"] = "axis"
    st.touch()


def test_4_7_dora_plotted_on_the_hour_turn_before_and_never_changed_decision_BW_D1():
    g = _open("s1-turning-the-left", dora=True)
    _axis_command(g, 2)  # 0620: not an hour turn
    assert g.check(DoraPlot("dora", ("B16.29",))).rule == "4.7"
    _axis_command(g, 1)  # 0600: plots the 0700 shot
    act = parse_action("dora B16.29")
    assert act == DoraPlot("dora", ("B16.29",)) and act.notation() == "dora B16.29"
    assert g.check(act) is None
    g.apply(act)
    assert g.check(DoraPlot("dora", ("B17.29",))).rule == "4.7"  # never changed
    assert g.check(DoraPlot("dora", ("Z99.99",))) is not None
    plain = _open("s1-turning-the-left")
    _axis_command(plain, 1)
    assert plain.check(DoraPlot("dora", ("B16.29",))).rule == "4.7"
    assert not [a for a in plain.legal_actions() if isinstance(a, DoraPlot)]


def test_4_7_dora_lists_hexes_with_soviet_units():
    g = _open("s1-turning-the-left", dora=True)
    _axis_command(g, 1)
    put(g, "1-708-Inf1", "B13.30")
    assert DoraPlot("dora", ("B13.30",)) in g.legal_actions()


def test_4_7_dora_fires_first_in_the_axis_action_phase_scatter_151_and_smoke():
    g = _open("s1-turning-the-left", dora=True)
    st = g.state
    st.extra["dora"] = ((7 * 60, "B13.30"),)
    st.turn = 4  # 0700
    put(g, "1-708-Inf1", "B13.30")
    put(g, "2-708-Inf1", "B13.31")  # next door: no ring for Dora
    # scatter: direction 4, distance roll 1 -> 0 hexes; 151: column 12 + extra shifts; roll 2+2
    fixed(g, [4, 1, 2, 2, 1, 1])
    ev = g.rules.start_action(st, "axis", g.dice)
    texts = [e.text for e in ev]
    assert any("Dora fires on B13.30" in t for t in texts)
    fire = [e for e in ev if e.kind == "fire"]
    assert len(fire) == 1 and fire[0].data["fp"] == 151 and fire[0].data["target"] == "B13.30"
    assert st.extra["smoke"][H(g, "B13.30")] == 2
    assert not any(tuple(b[1]) for b in st.extra.get("barrage", ()) if b[0] == "axis")  # no barrage marker
    assert g.rules.fire_dora(st, FixedDice([])) == []  # once


def test_4_7_dora_scatter_is_one_die_minus_one():
    g = _open("s1-turning-the-left", dora=True)
    assert g.rules.t.scatter_dist["dora"] == {1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5}
    st = g.state
    st.extra["dora"] = ((8 * 60, "B13.30"),)
    st.turn = 7  # 0800
    fixed(g, [4, 3])  # direction 4, distance roll 3 - 1 = 2 hexes, on an empty hex
    ev = g.rules.fire_dora(st, g.dice)
    land = [e.data["hex"] for e in ev if e.kind == "barrage"][0]
    assert distance(H(g, land), H(g, "B13.30")) == 2
    assert not any(e.kind == "fire" for e in ev)
    assert st.extra["smoke"] == {H(g, land): 2}
