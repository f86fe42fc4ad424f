"""Rules 4 (sequence of play), 5 (cities and victory) and 13 (the victory option).
The other 13.0 options are tested with the replacements they change
(test_11_12_buildup.py)."""
import pytest

from hexwar.core.errors import IllegalActionError

from .helpers import H, board, kinds, legal, of, play, position, rule_of, where

# Sixteen cities in rows 1 and 2, columns 01-08 (two of them start Axis, 5.0).
CITY_HEXES = [f"{c:02d}{r:02d}" for r in (1, 2) for c in range(1, 9)]
NAMES = ["Lublin", "Iasi"] + [f"City{i}" for i in range(3, 17)]
CITIES = dict(zip(CITY_HEXES, NAMES))


def _turn7(axis_cities: int, units=None, options=None):
    """Soviet movement phase of turn 7 with the Axis holding the first ``axis_cities`` cities."""
    g = position(units or {"G-IV": "0909", "SU-5A": "0505"}, phase="soviet_movement", turn=7,
                 board_=board(cities=CITIES), options=options)
    for i, h in enumerate(CITY_HEXES):
        g.state.control[H(h)] = "axis" if i < axis_cities else "soviet"
    return g


# ----------------------------------------------------------------- 4.0
def test_4_0_nine_phases_in_order_and_housekeeping_advances_the_turn():
    """Rule: 4.0. Actions: from the Axis build-up of turn 2, `end` every phase once.
    Expected: Axis build-up, movement, combat, special; Soviet build-up, special, combat,
    movement; then housekeeping moves the turn marker to 3 (event "turn") and play
    restarts at the Axis build-up; each phase is played by its own side."""
    g = position({"G-IV": "0101", "SU-5A": "1010"}, phase="axis_buildup", turn=2)
    seen = []
    for _ in range(8):
        seen.append((g.state.turn, g.state.phase, g.acting_side()))
        ev = g.apply("end")
    assert seen == [(2, "axis_buildup", "axis"), (2, "axis_movement", "axis"), (2, "axis_combat", "axis"),
                    (2, "axis_special", "axis"), (2, "soviet_buildup", "soviet"), (2, "soviet_special", "soviet"),
                    (2, "soviet_combat", "soviet"), (2, "soviet_movement", "soviet")]
    assert [e.data["turn"] for e in of(ev, "turn")] == [3]
    assert (g.state.turn, g.state.phase) == (3, "axis_buildup")


def test_4_0_actions_belong_to_their_phase():
    """Rule: 4.0 (all actions of a phase are done in it). Actions: attack during the Axis
    movement phase; move during the Axis combat phase; restore during movement.
    Expected: each refused with 4.0."""
    g = position({"G-IV": "0404", "SU-5A": "0505"}, phase="axis_movement", reduced=["G-IV"])
    assert rule_of(g, "attack 0505 G-IV") == "4.0"
    assert rule_of(g, "restore G-IV") == "4.0"
    g2 = position({"G-IV": "0404", "SU-5A": "0505"}, phase="axis_combat")
    assert rule_of(g2, "move G-IV 0304") == "4.0"


def test_4_0_special_phase_moves_tanks_and_reserves_only():
    """Rule: 4.0 phase 4 (only tank and reserve units move again). Actions: Axis special
    phase with a panzer and a corps both next to a Soviet army. Expected: only the
    panzer has moves; the corps is refused (9.4)."""
    g = position({"G-III": "0404", "G-IV": "0405", "SU-5A": "0505"}, phase="axis_special")
    movers = {a.split()[1] for a in legal(g) if a.startswith("move")}
    assert movers == {"G-III"}
    assert rule_of(g, "move G-IV 0305") == "9.4"


def test_4_0_game_ends_after_turn_7():
    """Rule: 4.0 (seven turns; housekeeping of the last turn ends the game). Actions: end
    the Soviet movement phase of turn 6, and of turn 7. Expected: turn 6 rolls on to
    turn 7 with no result; turn 7 ends the game: phase housekeeping, a result, no legal
    action, and anything more is refused (5.0)."""
    g6 = position({"G-IV": "0909"}, phase="soviet_movement", turn=6, board_=board(cities=CITIES))
    g6.apply("end")
    assert (g6.state.turn, g6.state.phase, g6.result()) == (7, "axis_buildup", None)
    g = _turn7(16)
    ev = g.apply("end")
    assert "game_over" in kinds(ev)
    assert g.state.phase == "housekeeping" and g.result() is not None
    assert g.legal_actions() == [] and g.acting_side() is None
    assert rule_of(g, "end") == "5.0"


# ----------------------------------------------------------------- 5.0
def test_5_0_initial_control_lublin_and_iasi_axis():
    """Rule: 5.0 (start of the game). Actions: a fresh position on a board with 16
    cities. Expected: Lublin and Iasi are Axis, the other 14 Soviet."""
    g = position({"G-IV": "0909"}, board_=board(cities=CITIES))
    axis = sorted(g.rules.board.places[h].name for h, s in g.state.control.items() if s == "axis")
    assert axis == ["Iasi", "Lublin"]
    assert sum(1 for s in g.state.control.values() if s == "soviet") == 14


def test_5_0_city_control_passes_to_the_last_unit_through_it():
    """Rule: 5.0 (last to pass through or occupy). Actions: a German corps moves through
    the Soviet city 0302 without stopping; later a Soviet army moves through it.
    Expected: event "control" and Axis control after the first move; Soviet control back
    after the second."""
    g = position({"G-IV": "0402", "SU-5A": "0909"}, phase="axis_movement", board_=board(cities=CITIES))
    ev = g.apply("move G-IV 0302 0303")
    assert [(e.data["hex"], e.data["side"]) for e in of(ev, "control")] == [(H("0302"), "axis")]
    assert g.state.control[H("0302")] == "axis" and where(g, "G-IV")[1] == "0303"
    g2 = position({"G-IV": "0909", "SU-5A": "0402"}, phase="soviet_movement", turn=3, board_=board(cities=CITIES))
    g2.state.control[H("0302")] = "axis"
    g2.apply("move SU-5A 0302 0303")
    assert g2.state.control[H("0302")] == "soviet"


def test_5_0_advance_after_combat_takes_a_city():
    """Rule: 5.0 with 10.7 (an advance enters the hex). Actions: DE against an army in
    the Soviet city 0302; a panzer advances. Expected: the city becomes Axis."""
    g = position({"SU-5A": "0302", "G-III": "0402", "G-XIV": "0202", "G-XLVIII": "0303"},
                 phase="axis_combat", board_=board(cities=CITIES), reduced=["SU-5A"], dice=[6])
    play(g, "attack 0302 G-III G-XIV G-XLVIII", "end", "resolve 0302", "roll", "advance G-III")
    assert g.state.control[H("0302")] == "axis"


@pytest.mark.parametrize("axis_cities, winner, level", [
    (16, "axis", "Axis victory"), (15, None, "Draw"), (14, "soviet", "Soviet victory"), (2, "soviet", "Soviet victory"),
])
def test_5_0_victory_thresholds_after_turn_7(axis_cities, winner, level):
    """Rule: 5.0 (16 cities win, 15 draw, 14 or fewer Soviet win). Actions: end the last
    phase of turn 7 with the Axis holding N of the 16 cities. Expected: the result named."""
    g = _turn7(axis_cities)
    g.apply("end")
    r = g.result()
    assert (r.winner, r.level) == (winner, level)
    assert f"holds {axis_cities} of 16" in r.detail


def test_5_0_soviet_move_through_a_city_on_turn_7_decides_the_game():
    """Rule: 5.0 (control judged at the end of turn 7, after the Soviet movement). Actions:
    the Axis holds all 16 cities; a Soviet army passes through 0402 and ends at 0503.
    Expected: 15 cities: a draw, not an Axis victory."""
    g = _turn7(16, units={"G-IV": "0909", "SU-5A": "0403"})
    g.apply("move SU-5A 0402 0503")
    g.apply("end")
    assert g.result().level == "Draw"


# ----------------------------------------------------------------- 13.0 victory option
@pytest.mark.parametrize("axis_cities, level", [(15, "Axis victory"), (14, "Draw"), (13, "Soviet victory")])
def test_13_0_option_axis_needs_one_city_less(axis_cities, level):
    """Rule: 13.0 (balance option axis_needs_one_city_less). Actions: end turn 7 with the
    Axis holding N cities and the option on. Expected: 15 wins, 14 draws, 13 loses."""
    g = _turn7(axis_cities, options={"axis_needs_one_city_less": True})
    g.apply("end")
    assert g.result().level == level


def test_13_0_unknown_option_is_rejected():
    """Rule: 13.0 (only the three listed options). Actions: build a position with an
    option that does not exist. Expected: KeyError."""
    with pytest.raises(KeyError):
        position({"G-IV": "0101"}, options={"double_panzers": True})


# ----------------------------------------------------------------- undo (core contract)
def test_undo_takes_back_actions_up_to_a_die_roll_but_not_past_it():
    """Rule: the core contract (undo). Actions: declare a battle, close declarations, resolve, undo the
    resolve (allowed), resolve again, roll (DR), undo (refused), choose a retreat, undo
    the retreat (allowed), undo again (refused). Expected: digests match the states
    they return to; after the roll, undo stops at the roll."""
    g = position({"SU-5A": "0505", "G-III": "0404", "G-XIV": "0405"}, phase="axis_combat", dice=[1])
    play(g, "attack 0505 G-III G-XIV", "end")
    before_resolve = g.digest()
    g.apply("resolve 0505")
    assert g.undo() is not None and g.digest() == before_resolve
    g.apply("resolve 0505")
    g.apply("roll")
    after_roll = g.digest()
    assert not g.can_undo() and g.undo() is None and g.digest() == after_roll
    g.apply("retreat SU-5A 0604 0603")
    assert g.can_undo()
    assert g.undo().notation() == "retreat SU-5A 0604 0603"
    assert g.digest() == after_roll and g.undo() is None
    assert where(g, "SU-5A") == ("map", "0505", 2)


def test_undo_a_move_restores_the_position():
    """Rule: the core contract (undo). Actions: move a corps through a Soviet city (0302), then undo.
    Expected: the unit and the city's owner are back as before (same digest)."""
    g = position({"G-IV": "0402", "SU-5A": "0909"}, board_=board(cities=CITIES))
    d0 = g.digest()
    g.apply("move G-IV 0302 0303")
    assert g.digest() != d0
    g.undo()
    assert g.digest() == d0 and g.state.control[H("0302")] == "soviet"


def test_illegal_action_leaves_the_game_unchanged():
    """Rule: the core contract (an illegal action changes nothing). Actions: apply a move into an enemy
    hex and an attack in the movement phase. Expected: IllegalActionError naming the
    rule (9.1.1, 4.0); digest and action list unchanged."""
    g = position({"G-IV": "0404", "SU-5A": "0505"})
    d0, n0 = g.digest(), len(g.actions)
    with pytest.raises(IllegalActionError) as e:
        g.apply("move G-IV 0505")
    assert e.value.illegal.rule == "9.1.1"
    with pytest.raises(IllegalActionError) as e:
        g.apply("attack 0505 G-IV")
    assert e.value.illegal.rule == "4.0"
    assert g.digest() == d0 and len(g.actions) == n0
