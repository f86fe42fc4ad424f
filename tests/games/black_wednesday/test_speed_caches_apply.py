"""Issue 22's apply speed-ups give the same answers as the plain computation: 5.0's occupation
scanned only where units changed since the last note, the Soviet-in-a-trench test (3.3a / 3.5)
from the occupied-hex index, the occupied-hex index kept past the last clearing of the apply,
§10's watchers read from the mode and status tables, and overwatch asking §6.1 only within the
mover's spotting range."""
from __future__ import annotations

import random

from hexwar.core.hexgrid import distance, use_hex_ids
from hexwar.core.units import ON_MAP

from .helpers import open_local


def _plain_apply(r, entry, action):
    """The action applied again to a copy of the state before it, with the whole scan of 5.0
    (no note to start from); the incremental note of the game is left as it was."""
    memo = r.__dict__.pop("_occ_memo", None)
    try:
        st = entry.state.copy()
        r.apply(st, action, entry.dice.copy())
    finally:
        if memo is not None:
            r.__dict__["_occ_memo"] = memo
    return st


def _plain_index(st):
    """Each occupied hex's units sorted by id, the hexes in the order of the state's units."""
    idx: dict = {}
    for u in st.units.values():
        if u.where == ON_MAP:
            idx.setdefault(u.hex, []).append(u)
    return {h: sorted(us, key=lambda u: u.id) for h, us in idx.items()}


def _spotted_by_side_plain(r, st, target, side):
    """§6.1 asked of every observer of ``side`` (riders do not spot, 1.11b)."""
    return any(r.spots(st, u.map_hex, target) for u in r.on_map(st, side) if not r.carrier_of(st, u.id))


def _walk(scenario, seed, n, check):
    g = open_local(scenario, seed=seed)
    r = g.rules
    rng = random.Random(seed)
    with use_hex_ids(r.ids):
        for _ in range(n):
            if g.result() is not None:
                break
            a = rng.choice(g.legal_actions())
            g.apply(a)
            check(g, r, a)
    return g


def test_5_0_occupation_noted_where_units_changed_equals_the_whole_scan():
    """Every state of random games (S1 with its trenches, S4 with 'nearest' occupation at the
    start) is the same with the incremental note as with the whole scan, and the note is the
    one the next action starts from (nothing changed since: nothing to scan)."""
    seen = {"incremental": 0}

    def check(g, r, a):
        plain = _plain_apply(r, g._history[-1], a)
        assert r.snapshot(plain) == r.snapshot(g.state), (a, len(g.actions))
        occ = g.state.extra.get("occ")
        if occ is not None:
            assert r._occ_touched(g.state, occ) == set()
            seen["incremental"] += 1

    _walk("s1-turning-the-left", 1, 600, check)
    _walk("s4-melee-in-krasni-bor", 2, 200, check)
    assert seen["incremental"] > 300


def test_5_0_occupation_from_a_note_of_another_branch_equals_the_whole_scan():
    """A note taken on one branch (a sibling state, as a computer player's look-ahead makes)
    still gives the whole scan's answer on another, and a foreign ``occ`` forces the scan."""
    g = open_local("s2-assault-of-the-guards", seed=3)
    r = g.rules
    rng = random.Random(3)
    with use_hex_ids(r.ids):
        while len(g.actions) < 500 and g.result() is None:
            g.apply(rng.choice(g.legal_actions()))
        base, dice = g.state, g.dice
        acts = g.legal_actions()
        for a in rng.sample(acts, min(12, len(acts))):
            st = base.copy()
            r.apply(st, a, dice.copy())  # leaves its note: the next sibling starts from it
            memo = r.__dict__.pop("_occ_memo")
            ref = base.copy()
            r.apply(ref, a, dice.copy())
            r.__dict__["_occ_memo"] = memo
            assert r.snapshot(st) == r.snapshot(ref), a
        assert r._occ_touched(base, dict(base.extra.get("occ", {}))) is None


def test_3_5_soviet_in_a_trench_from_the_index_equals_asking_every_soviet_unit():
    def check(g, r, a):
        st = g.state
        plain = any(r.ter.is_trench(u.map_hex) for u in r.on_map(st, "soviet"))
        assert r._soviet_in_trench(st) == plain

    g = _walk("s1-turning-the-left", 2, 400, check)
    r, st = g.rules, g.state.copy()
    trench = sorted(r.trench_hexes)[0]
    sov = next(u for u in r.on_map(st, "soviet"))
    st.units[sov.id] = sov.at(trench)
    st.touch()
    assert r._soviet_in_trench(st) is True


def test_occupied_index_kept_after_the_apply_is_the_units_index():
    """The index kept past the apply's last clearing is the one the units give (each hex's
    units sorted by id, only stacks sorted), in the same hex order."""
    def check(g, r, a):
        at = g.state._cache.get("at")
        if at is not None:
            assert at == _plain_index(g.state)
        assert list(g.state.occupied().items()) == list(_plain_index(g.state).items())

    _walk("s2-assault-of-the-guards", 1, 300, check)


def test_10_watchers_equal_the_rules_mode_and_status_questions():
    def check(g, r, a):
        for side in ("axis", "soviet"):
            got = r.watchers(g.state, side)
            assert got == r.watchers_plain(g.state, side)
            assert list(got) == list(r.watchers_plain(g.state, side))

    _walk("s2-assault-of-the-guards", 2, 400, check)


def test_6_1_no_spotting_beyond_the_spot_range_so_overwatch_need_not_ask():
    """§6.1: beyond ``max(1, spot_range)`` hexes ``spots`` is False from every hex, so
    overwatch skips those stacks without asking (moved, shown and trench-to-trench movers)."""
    checked = {"n": 0}

    def check(g, r, a):
        if len(g.actions) % 25:
            return
        st = g.state
        board = sorted(r.board.terrain)
        for u in r.on_map(st)[:12]:
            reach = max(1, r.spot_range(st, u))
            for h in board[::7]:
                if distance(h, u.hex) > reach:
                    assert not r.spots(st, h, u), (u.id, h)
                    checked["n"] += 1

    _walk("s2-assault-of-the-guards", 1, 600, check)
    assert checked["n"] > 1000


def test_6_1_spotted_by_side_asking_only_observers_in_range_equals_asking_all():
    checked = {"n": 0}

    def check(g, r, a):
        if len(g.actions) % 20:
            return
        st = g.state
        for side in ("axis", "soviet"):
            for e in r.on_map(st, r.enemy_of(side)):
                assert r.spotted_by_side(st, e, side) == _spotted_by_side_plain(r, st, e, side), (e.id, side)
                checked["n"] += 1

    _walk("s2-assault-of-the-guards", 2, 500, check)
    assert checked["n"] > 500


def test_barrage_zone_from_rings_equals_the_board_scan():
    """T2 1.1c: the hexes a barrage covers and its ring, the same sorted lists as asking the
    distance of every board hex (edges and corners of both sheets included)."""
    g = open_local("s6-the-assault-continues")
    r = g.rules
    board = sorted(r.board.terrain)
    rng = random.Random(5)
    for land in rng.sample(board, 12) + [board[0], board[-1]]:
        for radius in (0, 1, 2, 5):
            zone = sorted(h for h in r.board.terrain if distance(h, land) <= radius)
            ring = sorted(h for h in r.board.terrain if distance(h, land) == radius + 1)
            assert r.barrage_zone(land, radius) == (zone, ring), (land, radius)


def test_5_0_occupation_scan_covers_a_unit_gone_from_the_state():
    """A unit taken out of the state's units (not only moved off the map) leaves its hex to
    be scanned again: the incremental note then equals the whole scan."""
    g = open_local("s2-assault-of-the-guards", seed=1)
    r = g.rules
    rng = random.Random(1)
    with use_hex_ids(r.ids):
        while len(g.actions) < 400 and g.result() is None:
            g.apply(rng.choice(g.legal_actions()))
        st = g.state.copy()
        gone = next(u for u in r.on_map(st))
        del st.units[gone.id]
        st.touch()
        assert gone.hex in r._occ_touched(st, st.extra["occ"])
