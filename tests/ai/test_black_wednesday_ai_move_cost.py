"""The Black Wednesday computer player's move scoring, made cheaper for the Soviets' CPU per
game (issues 20 and 22; docs/black-wednesday/ai-scenarios.md, "Speed (S2 move scoring)"), gives
the answers of the plain computations: the move score that reads each unit and each hex once
per decision, ``Turns`` with each unit's map kept, and the step map to the targets kept for the
match (``paths.steps_to``)."""
from __future__ import annotations

import hexwar
from hexwar.ai.black_wednesday.goals import goals
from hexwar.ai.black_wednesday.normal import BWPlayer
from hexwar.ai.black_wednesday.paths import Turns, bfs, steps_to
from hexwar.ai.black_wednesday.roles import ASSAULT, SPOT, role
from hexwar.ai.black_wednesday.tournament import SampledRandom
from hexwar.core.actions import EndPhase, Move
from hexwar.core.hexgrid import distance
from hexwar.core.position import Position
from hexwar.core.units import ON_MAP

GAME = "black-wednesday"
S2 = "s2-assault-of-the-guards"


def _action(seed: int, skip: int = 0):
    """S2 at a Soviet Action Phase decision with nothing pending (after ``skip`` such
    decisions), both sides played by the sampling random player."""
    g = hexwar.open_game(GAME, S2, seed=seed)
    ps = {"soviet": SampledRandom(seed), "axis": SampledRandom(seed + 1)}
    while True:
        who = g.acting_side()
        st = g.state
        if who == "soviet" and st.phase == "action" and st.extra.get("phasing") == "soviet" \
                and "pending" not in st.extra:
            if skip == 0:
                return g
            skip -= 1
        g.apply(ps[who].choose(g, who).action if who else EndPhase())


def _plain_score(p, fx, to_adj, to_tgt, count, targets, enemy_hexes, threat):
    """The Soviet move score as it was before the speed-up: every figure read on every call."""
    big = {h: len(fx.units_at(h)) for h in targets}

    def score(uid, h):
        r = role(fx, uid)
        if h is None:
            return -99.0
        crowd = max(0, count.get(h, 0) - 2) * 0.3 + threat.get(h, 0) * p.THREAT
        if r == ASSAULT:
            return -to_adj.turns(uid, h) * 4.0 - crowd
        d = to_tgt.get(h, 60)
        if r == SPOT and fx.entry(uid).fo == "artillery":
            near = min((distance(h, e) for e in enemy_hexes), default=99)
            seen = max((big[t] for t in targets if distance(h, t) <= 10 and fx.sees_hex(h, t)),
                       default=0) if d <= 10 else 0
            if seen:
                return 5.0 + 0.2 * min(seen, 12) - (3.0 if near < 3 else 0.0) - abs(d - 5) * 0.1 - crowd
            return -float(d)
        want = 2
        if fx.mode(uid) == "fire" and fx.units[uid].where == ON_MAP \
                and h == fx.units[uid].hex and fx.fire_targets(uid):
            return 0.0
        return -float(max(0, d - want)) - (0.3 if d < want else 0.0) - crowd
    return score


def test_soviet_move_score_equals_the_plain_score_on_every_move():
    """Every move of every Soviet unit (and every unit's own hex) scores exactly as the plain
    score, whatever the order the hexes are asked in."""
    p = BWPlayer()
    checked = 0
    for seed, skip in ((785250, 0), (1, 3), (2, 8)):
        g = _action(seed, skip)
        pos = Position(g, "soviet")
        fx = pos.facts
        targets = p.targets(fx, "soviet")
        enemy_hexes = frozenset(u.map_hex for u in fx.on_map("axis"))
        count = {h: sum(1 for u in us if fx.side_of(u.id) == "soviet") for h, us in fx.occupied().items()}
        args = (fx, p.approach(fx, targets, enemy_hexes), steps_to(fx, targets), count, targets,
                enemy_hexes, p.threat(fx, "soviet"))
        fast, plain = p._soviet_score(*args), _plain_score(p, *args)
        moves = [a for a in pos.legal_actions() if isinstance(a, Move)]
        asks = [(m.unit, m.dest) for m in moves]
        asks += [(u, fx.units[u].hex if fx.units[u].where == ON_MAP else None) for u in {m.unit for m in moves}]
        for uid, h in asks + asks[::-1]:
            assert fast(uid, h) == plain(uid, h), (seed, uid, h)
            checked += 1
    assert checked > 1000


def test_steps_to_equals_the_plain_bfs_and_is_kept():
    """``steps_to`` gives the plain BFS over the play area, whatever the order of the
    targets, and the second call with the same targets gives the kept map."""
    p = BWPlayer()
    g = _action(785250)
    fx = Position(g, "soviet").facts
    targets = p.targets(fx, "soviet")
    area = fx.area
    want = bfs(fx, sorted(targets, reverse=True), lambda h: h in area)
    got = steps_to(fx, targets)
    assert got == want and len(got) > 100
    assert steps_to(fx, frozenset(sorted(targets))) is got
    other = frozenset(list(goals(fx, "soviet").take)[:3])
    assert steps_to(fx, other) == bfs(fx, other, lambda h: h in area)


def test_turns_keeps_each_units_map_with_the_same_answer():
    """``Turns.turns`` asked again for a unit (its map and figures kept) equals a fresh
    ``Turns`` asked once, for units of different movement classes."""
    g = _action(785250)
    fx = Position(g, "soviet").facts
    area = fx.area
    sources = sorted(goals(fx, "soviet").take)[:4]
    kept = Turns(fx, sources, lambda h: h in area)
    uids = sorted(u for u in fx.units if fx.side_of(u) == "soviet")
    classes = {(fx.spec(u).move_class, fx.spec(u).ma) for u in uids}
    assert len(classes) > 1
    hexes = sorted(area)[::7]
    for uid in uids:
        for h in hexes:
            assert kept.turns(uid, h) == Turns(fx, sources, lambda h: h in area).turns(uid, h)
    assert set(kept.by_unit) == set(uids)
