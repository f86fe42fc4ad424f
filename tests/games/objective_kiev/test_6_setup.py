"""Rule 6.0: setting up. Most tests use the real map through hexwar.open_game, with
only the hexes the rulebook itself names hard-coded; the feasibility search is tested on
a purpose-made board whose front line is one straight column of red stars."""
import hexwar
from hexwar.core.dice import FixedDice
from hexwar.core.game import Game
from hexwar.core.hexgrid import are_adjacent, hex_name
from hexwar.games.objective_kiev.rules import KievRules
from hexwar.loaders.scenario import load_scenario
from hexwar.session import scenario_file

from .helpers import H, board, rule_of, where

SOVIET_ARMIES = ["SU-5A", "SU-6A", "SU-12A", "SU-26A", "SU-9A", "SU-18A"]
MECH_TOKENS = [f"SU-M{i}" for i in range(1, 11)]


def _open(seed=1):
    return hexwar.open_game("objective-kiev", "standard", seed=seed)


def _area(g, area_id):
    return [hex_name(h) for h in g.rules._area_hexes[area_id]]


def _soviet_setup(g):
    """A legal Soviet set-up on the real map, found by always taking the first offer."""
    while g.state.phase == "soviet_setup":
        g.apply(g.legal_actions()[0])


def _purpose_game():
    """Front line: red stars 0501-0510 in one column (each next to the one below).
    Second line: armies 0902/0908, mechs 0904/0906/1003/1007. Axis: Poland crosses
    0201-0207, Romania crosses 0209/0210/0309/0310."""
    scen = load_scenario(scenario_file("objective-kiev", "standard"))
    b = board(12, 11, marks={"red_star": [f"05{r:02d}" for r in range(1, 11)],
                             "soviet_army": ["0902", "0908"], "soviet_mech": ["0904", "0906", "1003", "1007"],
                             "black_cross": [f"02{r:02d}" for r in range(1, 8)] + ["0209", "0210", "0309", "0310"]},
              regions={"Romania": ["0209", "0210", "0309", "0310"]})
    rules = KievRules(b, scen)
    dice = FixedDice([])
    state, events = rules.new_state(dice)
    return Game(rules, state, dice, {"game": "objective-kiev", "scenario": "standard"}, events)


def test_6_0_setup_hexes_named_by_the_rulebook():
    """Rule: 6.0 steps 3, 4, 7, 8 (and 10.8 for the border hexes). Actions: read the set-up
    areas of the real map. Expected: second line = 0406 0705 0803 1007 1106 1309 (two
    army and four mech hexes); ten red stars including 0708 0808 1110; Romania crosses
    0709 0809 0910 1010; seven Polish crosses."""
    g = _open()
    second = _area(g, "soviet-second-line-armies") + _area(g, "soviet-second-line-mech")
    assert sorted(second) == ["0406", "0705", "0803", "1007", "1106", "1309"]
    assert (len(_area(g, "soviet-second-line-armies")), len(_area(g, "soviet-second-line-mech"))) == (2, 4)
    front = _area(g, "soviet-front-line")
    assert len(front) == 10 and {"0708", "0808", "1110"} <= set(front)
    assert _area(g, "axis-romania") == ["0709", "0809", "0910", "1010"]
    assert len(_area(g, "axis-poland")) == 7


def test_6_0_soviets_then_axis_then_turn_1_starts_at_axis_combat():
    """Rule: 6.0 (order of set-up; step 9). Actions: complete the Soviet set-up, then the
    Axis set-up, taking offered placements. Expected: phases soviet_setup -> axis_setup ->
    turn 1 axis_combat (no Axis build-up or movement on turn 1); every placed unit full
    strength; the four Axis reinforcements and two Soviet armies on the turn track; the
    16th Army in the dead pile."""
    g = _open()
    assert (g.state.turn, g.state.phase) == (1, "soviet_setup")
    _soviet_setup(g)
    assert g.state.phase == "axis_setup"
    while g.state.phase == "axis_setup":
        g.apply(g.legal_actions()[0])
    assert (g.state.turn, g.state.phase) == (1, "axis_combat")
    on_map = [u for u in g.state.units.values() if u.where == "map"]
    assert len(on_map) == 30
    assert all(u.steps == g.rules.specs[u.spec].max_steps for u in on_map)
    arriving = sorted((u.id, u.arrives) for u in g.state.units.values() if u.where == "arriving")
    assert arriving == [("G-XXXIV", 3), ("H-1", 2), ("I-CSIR", 3), ("SK-1", 2), ("SU-37A", 5), ("SU-38A", 6)]
    assert where(g, "SU-16A")[0] == "eliminated"


def test_6_0_untried_mechs_are_mixed_and_hidden():
    """Rule: 6.0 step 2 / 10.1. Actions: open two games with different seeds, look at the
    tokens, place one. Expected: a "drawn" start event; all ten tokens show "?" to both
    players; which corps hides under which token differs between the seeds; the placing
    event does not name the corps."""
    g1, g2 = _open(1), _open(2)
    assert "drawn" in [e.kind for e in g1.start_events]
    for side in ("axis", "soviet"):
        labels = {u["id"]: u["label"] for u in g1.view(side)["units"] if u["id"] in MECH_TOKENS}
        assert set(labels.values()) == {"?"} and len(labels) == 10
    deal1 = [g1.state.units[t].spec for t in MECH_TOKENS]
    deal2 = [g2.state.units[t].spec for t in MECH_TOKENS]
    assert deal1 != deal2 and sorted(deal1) == sorted(deal2)
    ev = g1.apply("place SU-M1 0406")
    assert g1.rules.specs[deal1[0]].name not in ev[0].text and "untried" in ev[0].text


def test_6_0_setup_offers_do_not_leak_hidden_strengths():
    """Rule: 6.0 step 2 / 10.1 (nobody knows an untried corps' strength). Actions: list
    the Soviet set-up offers in games dealt with different seeds. Expected: the same
    units are offered whatever the deal (one representative token, SU-M1), so the list
    does not show which tokens share a strength. (Bug fixed: offers were grouped by the
    hidden values.)"""
    offered = []
    for seed in (1, 2, 3, 4):
        g = _open(seed)
        offered.append(sorted({a.unit for a in g.legal_actions()}))
    assert offered == [["SU-12A", "SU-M1"]] * 4


def test_6_0_front_line_armies_may_not_be_adjacent():
    """Rule: 6.0 step 4. Actions: an army on red star 0708, then a second army on the
    adjacent red star 0808. Expected: refused (6.0); a mech may go there."""
    g = _open()
    g.apply("place SU-5A 0708")
    assert are_adjacent(H("0708"), H("0808"))
    why = g.check("place SU-6A 0808")
    assert why.rule == "6.0" and "next to another army" in why.reason
    assert rule_of(g, "place SU-M1 0808") is None


def test_6_0_units_only_on_their_own_hexes():
    """Rule: 6.0 steps 3, 4, 7, 8. Actions: an army on a second-line mech hex, a mech on a
    second-line army hex, two units on one red star, an Axis unit during the Soviet
    set-up. Expected: all refused: 6.0, 6.0, 6.0 step 4, 6.0."""
    g = _open()
    mech_hex = _area(g, "soviet-second-line-mech")[0]
    army_hex = _area(g, "soviet-second-line-armies")[0]
    assert rule_of(g, f"place SU-5A {mech_hex}") == "6.0"
    assert rule_of(g, f"place SU-M1 {army_hex}") == "6.0"
    g.apply("place SU-M1 1110")
    assert rule_of(g, "place SU-M2 1110") == "6.0 step 4"
    assert rule_of(g, "place G-IV 0103") == "6.0"


def test_6_0_axis_romania_and_poland_groups():
    """Rule: 6.0 steps 7 and 8. Actions: after the Soviet set-up, put a Polish corps on a
    Romanian cross, the Romanian army on a Polish cross, two units on one Romanian
    cross. Expected: 6.0, 6.0, 6.0 step 7."""
    g = _open()
    _soviet_setup(g)
    poland = _area(g, "axis-poland")
    assert rule_of(g, "place G-IV 0709") == "6.0"
    assert rule_of(g, f"place R-3 {poland[0]}") == "6.0"
    g.apply("place R-3 1010")
    assert rule_of(g, "place G-XI 1010") == "6.0 step 7"


def test_6_0_polish_crosses_hold_up_to_two_and_each_gets_one():
    """Rule: 6.0 step 8 (ten units on seven crosses: three hexes doubled, none empty).
    Actions: double up three Polish crosses, try a third unit on one of them, try to
    double a fourth cross, then place singly. Expected: a third unit refused (6.0 step
    8); a fourth double refused as it would leave a cross empty (6.0); singles fine."""
    g = _open()
    _soviet_setup(g)
    poland = _area(g, "axis-poland")
    units = ["G-III", "G-XLVIII", "G-XIV", "G-IV", "G-XVII", "G-XXIX", "G-XLIV", "G-XLIX", "G-LII", "G-LV"]
    for i in range(3):
        g.apply(f"place {units[2 * i]} {poland[i]}")
        g.apply(f"place {units[2 * i + 1]} {poland[i]}")
    assert rule_of(g, f"place G-XLIV {poland[0]}") == "6.0 step 8"
    g.apply(f"place G-XLIV {poland[3]}")
    why = g.check(f"place G-XLIX {poland[3]}")
    assert why.rule == "6.0" and "could not all be set up" in why.reason
    for u, h in zip(units[7:], poland[4:]):
        g.apply(f"place {u} {h}")
    assert all(len(g.state.units_at(H(h))) >= 1 for h in poland)


def test_6_0_end_refused_until_every_unit_is_placed():
    """Rule: 6.0. Actions: `end` the Soviet set-up with units still to place; finish it;
    `end` is then the only action. Expected: refused (6.0) with the count; afterwards
    `end` is offered alone."""
    g = _open()
    g.apply("place SU-M1 0406")
    why = g.check("end")
    assert why.rule == "6.0" and "15 still to place" in why.reason
    while [a.notation() for a in g.legal_actions()] != ["end"]:
        g.apply(g.legal_actions()[0])
    assert g.check("end") is None and g.state.phase == "soviet_setup"
    g.apply("end")
    assert g.state.phase == "axis_setup"


def test_6_0_feasibility_refuses_placements_that_leave_no_complete_setup():
    """Rule: 6.0 steps 3-4 (every hex filled, four non-adjacent front-line armies).
    Actions: on a board whose ten red stars form one column, mechs go on 0501-0503; then
    a fourth mech on 0504, or an army on 0505. Expected: both refused (6.0): the six
    stars left in a row (or the five around 0505) cannot take four separated armies;
    a mech on 0505 is fine."""
    g = _purpose_game()
    for i, h in enumerate(("0501", "0502", "0503")):
        g.apply(f"place {MECH_TOKENS[i]} {h}")
    for bad in ("place SU-M4 0504", "place SU-5A 0505"):
        why = g.check(bad)
        assert why.rule == "6.0" and "could not all be set up" in why.reason
    assert rule_of(g, "place SU-M4 0505") is None
