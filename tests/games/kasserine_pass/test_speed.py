"""The speed-ups of the Kasserine engine give the same answers as the plain ways: the
reach search against core.movement.reach_paths, the unit index derived from the last
state against a fresh build, the positions key against a fresh sort, the quick odds
of a declaration against the full odds. Checked on the states of a uniform random game
(the benchmark's own load), and the game's digest and length are pinned so that a
change of action order shows up here."""
from __future__ import annotations

import random

import pytest

from hexwar import session
from hexwar.core.pathsearch import reach_paths
from hexwar.games.kasserine_pass.common import enemy


def _states(seed: int, n: int):
    """(game, state) along a uniform random game, every state after each action."""
    g = session.open_game("kasserine-pass", "standard", seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        if g.result() is not None:
            return
        acts = g.legal_actions()
        yield g, g.state, acts
        g.apply(rng.choice(acts))


def test_graph_reach_matches_core_reach_paths():
    checked = 0
    for g, st, _ in _states(4, 900):
        r = g.rules
        if not st.phase.endswith("_move") or st.stage is not None:
            continue
        side = r.phase_side(st)
        for u in r.on_map(st, side)[:6]:
            s = r.kspec(st, u.id)
            zs = r.zoc_sources(st, enemy(side))
            stops, extra = r._zoc_stops(st, u.id, s, zs)
            edges = r._edges(frozenset(st.blown), s.rangers)
            foe = r._foe_hexes(st, side)
            budget = max(r._move_budget(st, u.id), 0.0)
            a = reach_paths(u.hex, budget, edges, stops=stops, blocked=foe, extra=extra)
            c = r._graph(frozenset(st.blown), s.rangers).reach(u.hex, budget, stops=stops, blocked=foe, extra=extra)
            assert a == c and list(a) == list(c)  # same costs, same paths, same order
            checked += 1
    assert checked > 100


def test_derived_index_matches_a_fresh_build():
    checked = 0
    for g, st, _ in _states(5, 700):
        r = g.rules
        by = {k: list(v) for k, v in ((k, r.on_map(st, k)) for k in (None, "axis", "allied"))}
        loads = dict(r._all_loads(st))
        at = {h: list(us) for h, us in st.occupied().items()}
        fby, fat, floads = r._index_full(st)
        assert by == fby
        assert loads == floads
        assert at == fat
        for side in ("axis", "allied"):
            assert r._positions(st, side) == tuple(sorted((u.id, u.hex) for u in fby[side]))
        if st.phase.endswith("_move"):
            r._move_actions(st, r.phase_side(st))
            for cls, full in r._fulls(r._all_loads(st)).items():  # kept up to date move by move
                assert full == frozenset(h for h, (p, c) in floads.items() if r._full(cls, p, c))
        checked += 1
    assert checked > 600


def test_quick_declaration_odds_match_the_full_odds():
    from hexwar.games.kasserine_pass.state import KBattle

    checked = 0
    for g, st, acts in _states(6, 2000):
        r = g.rules
        for a in acts:
            if type(a).__name__ in ("Attack", "Select"):
                nb = KBattle(a.target, getattr(a, "defenders", None) or r.stack_defenders(st, a.target), a.attackers)
                assert r._declared_odds(st, nb) == r.odds(st, nb, with_defense_support=False)
                checked += 1
    assert checked > 50


@pytest.mark.parametrize("seed,actions,digest", [(1, 2431, "d9805e1e1971459a"), (3, 2533, "533c757659b53994")])
def test_random_game_unchanged_by_the_speed_ups(seed, actions, digest):
    """The uniform random game of the benchmark: same actions in the same order as
    when pinned (re-pinned once, when repeated declarations of the same attackers stopped
    being offered), so a speed-up never changes a game."""
    from hexwar.ai.random_player import play_random

    g = session.open_game("kasserine-pass", "standard", seed=seed)
    play_random(g, seed)
    assert len(g.actions) == actions
    assert g.digest() == digest
