"""The walk-in flood of the AI (7.1, 9.1-9.4, 12.2), and the game's facts it builds on:
10.8 attack limits, and hypothetical odds that agree with the rules' own."""
from __future__ import annotations

import hexwar
from hexwar.ai.objective_kiev.belief import move_distances
from hexwar.ai.objective_kiev.normal import KievPlayer
from hexwar.ai.objective_kiev.walkin import WalkIn, _graphs, flood
from hexwar.ai.player import play_match
from hexwar.core import actions as A
from hexwar.core.game import Game
from hexwar.core.hexgrid import Hex
from hexwar.core.position import Position


def _open(seed: int = 1) -> Game:
    return hexwar.open_game("objective-kiev", "standard", seed=seed)


def _walkin(units, arrivals=None) -> WalkIn:
    """A flood with only the movers given (hex, kind, allowance) and no Soviet cities."""
    game = _open()
    w = WalkIn(Position(game, "axis").facts, game.board, "soviet")
    w.units = list(units)
    w.arrivals = dict(arrivals or {})
    w.foe_cities = frozenset()
    return w


def test_7_1_our_zone_of_control_stops_the_walk_in():
    """A mech corps (9.4.1: 6 MP twice) reaches Iasi from the east; a line of our units
    across its way stops it in their zone (7.1, 9.1.2) and it gets no further."""
    iasi, start = Hex(10, 10), Hex(16, 9)
    w = _walkin([(start, "tank", 6)])
    assert iasi in w.reach(frozenset())
    wall = frozenset(Hex(13, r) for r in range(1, 12))
    got = w.reach(wall)
    assert iasi not in got
    assert not (got & wall)  # 9.1.1: never into our hexes
    assert Hex(14, 9) in got  # it may enter the zone, and stops there


def test_9_4_2_reserve_infantry_moves_half_before_its_whole_allowance():
    """An army (MA 4) off rail and outside our zones: 2 MP in special movement, then 4."""
    start = Hex(18, 5)
    w = _walkin([(start, "infantry", 4)])
    d = move_distances(_open().board)[start]
    got = w.reach(frozenset())
    assert {h for h in d if d[h] <= 6} <= got  # 2 in reserve, then 4
    assert all(d[h] <= 6 or h in _rail_reach(start) for h in got)  # 9.4.3: or rail the whole way
    # Starting in our zone it has no special move (9.4): only its 4 MP of the movement phase.
    board = _open().board
    ours = frozenset({board.adjacent(start)[0]})
    got = w.reach(ours)
    assert got and all(d[h] <= 4 for h in got)
    assert any(d[h] == 4 for h in got)


def _rail_reach(start: Hex) -> set[Hex]:
    full, rail = _graphs(_open().board)
    first = flood(rail, [start], 4, set(), set()) | {start}
    return flood(full, first, 4, set(), set())


def test_12_2_arrivals_enter_on_the_edge_outside_our_zones():
    """A rebuilt corps may enter on any Soviet edge hex outside our zones (12.2): from the
    north-east corner it can walk into Rovno the same turn, unless our zones cover the edge."""
    rovno = Hex(8, 2)
    w = _walkin([], {"tank": 6})
    assert rovno in w.reach(frozenset())
    game = _open()
    edge = Position(game, "axis").facts.edge("soviet")
    # Our units on every hex next to the edge: every edge hex is in our zone, nobody enters.
    screen = frozenset(n for h in edge for n in game.board.adjacent(h) if n not in edge)
    assert w.reach(screen) == set()


def test_10_8_can_attack_on_turn_1():
    """Axis units set up in Romania may not attack on turn 1; the others may; later they all may."""
    game = _open(3)
    ai = KievPlayer()
    while game.rules.phase(game.state).id != "axis_combat":
        game.apply(ai.choose(game, game.acting_side()).action)
    st = game.state
    romanian = [u.id for u in st.units.values() if game.rules.side(u.id) == "axis" and u.hex in game.rules.romania]
    polish = [u.id for u in st.units.values()
              if game.rules.side(u.id) == "axis" and u.hex and u.hex not in game.rules.romania]
    assert romanian and polish
    target = Hex(8, 8)
    facts = Position(game, "axis").facts
    assert not any(facts.can_attack(u, target) for u in romanian)
    assert all(facts.can_attack(u, target) for u in polish)
    # The rules agree: no legal attack of turn 1 includes a unit set up in Romania.
    for a in game.legal_actions():
        if isinstance(a, A.Attack):
            assert not set(a.attackers) & set(romanian)
    later = st.copy()
    later.turn = 2
    facts = game.rules.facts(game.rules.public_state(later, "axis"), "axis")
    assert all(facts.can_attack(u, target) for u in romanian)


def test_hypothetical_odds_agree_with_the_rules_where_units_stand():
    """For revealed units on their own hexes, the hypothetical odds are the rules' odds (10.3-10.5)."""
    game = _open(2)
    compared = 0

    def after(g: Game, dec, side) -> None:
        nonlocal compared
        if g.rules.phase(g.state).kind != "combat" or g.state.declared or g.state.stage is not None:
            return
        for a in g.legal_actions()[:40]:
            if not isinstance(a, A.Attack):
                continue
            o = g.rules.odds(g.state, a.target, a.attackers)
            if o is None:
                continue
            facts = Position(g, g.acting_side() or "axis").facts
            h = facts.odds_if(a.target, [(u, g.state.units[u].hex) for u in a.attackers])
            assert h.label == ("none" if o.no_effect else o.column), (a, o.lines(), h)
            compared += 1
        if compared > 40:
            raise StopIteration

    try:
        play_match(game, {"axis": KievPlayer(), "soviet": KievPlayer()}, after=after)
    except StopIteration:
        pass
    assert compared > 20


def test_hypothetical_odds_refuse_an_untried_unit():
    game = _open(4)
    facts = Position(game, "axis").facts
    hidden = next(u.id for u in game.state.units.values() if not u.revealed)
    try:
        facts.odds_if(Hex(5, 5), [(hidden, Hex(5, 4))])
    except ValueError as e:
        assert "10.1" in str(e)
    else:
        raise AssertionError("an untried unit's strength was used")
