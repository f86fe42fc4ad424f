"""Seeded random legal games played to the end, with invariants, and records that replay
to the same digest through hexwar.core.record."""
from __future__ import annotations

import random

import pytest

from hexwar.core import actions as A
from hexwar.core.record import save_record
from hexwar.core.units import ON_MAP
from hexwar.games.kasserine_pass import verbs as V
from hexwar.session import load_record

from .helpers import open_local


def choose(g, rng: random.Random, moved: set):
    """A random legal action, biased so that the armies meet: units arrive and move,
    attacks are made. Movement choices use the rules' own reach, then ``check``."""
    st, r = g.state, g.rules
    if st.stage is None and st.phase.endswith("_move"):
        side = r.phase_side(st)
        arriving = [u.id for u in st.units.values() if u.where == "arriving" and r.uside(st, u.id) == side
                    and u.arrives <= st.turn]
        rng.shuffle(arriving)
        for uid in arriving[:3]:
            hexes = r.entry_hexes(st, uid)
            rng.shuffle(hexes)
            for h in hexes:
                a = A.Place(uid, h)
                if g.check(a) is None:
                    return a
        units = [u.id for u in r.on_map(st, side) if u.id not in moved and r._movable(st, u.id) is None]
        rng.shuffle(units)
        for uid in units[:4]:
            moved.add(uid)
            reach = r.reach(st, uid)
            if not reach or rng.random() < 0.15:
                continue
            # prefer far moves, toward the enemy for the Germans (west) and east for the Allies
            dests = sorted(reach, key=lambda h: (-(h.col if side == "allied" else -h.col) + rng.random() * 8))
            for h in dests[:6]:
                a = A.Move(uid, reach[h][1])
                if g.check(a) is None:
                    return a
        if rng.random() < 0.05:
            for u in r.on_map(st, side):
                for a in (V.Blow(u.id), V.Breakdown(u.id)):
                    if g.check(a) is None:
                        return a
        moved.clear()
        return A.EndPhase()
    la = g.legal_actions()
    assert la, (st.turn, st.phase, st.step, st.stage)
    kinds = {}
    for a in la:
        kinds.setdefault(type(a).__name__, []).append(a)
    if st.stage is None and st.step == "declare":
        atk = kinds.get("Attack", []) + kinds.get("Select", [])
        if atk and rng.random() < 0.85:
            return rng.choice(atk)
        sup = kinds.get("Support", []) + kinds.get("Choose", [])
        if sup and rng.random() < 0.6:
            return rng.choice(sup)
    if st.stage is None and st.step == "defend" and kinds.get("Support") and rng.random() < 0.6:
        return rng.choice(kinds["Support"])
    return rng.choice(la)


def invariants(g) -> None:
    st, r = g.state, g.rules
    sides = {}
    for u in st.units.values():
        assert (u.where == ON_MAP) == (u.hex is not None), u
        if u.where == ON_MAP:
            assert u.hex in r.board, u
            sides.setdefault(u.hex, set()).add(r.uside(st, u.id))
    assert all(len(s) == 1 for s in sides.values()), "a unit in an enemy hex"
    assert not r.overstacked(st), r.overstacked(st)


def play_game(seed: int, options=None, max_actions: int = 6000):
    g = open_local(seed=seed, options=options or {})
    rng = random.Random(seed)
    moved: set = set()
    n = 0
    phase = (g.state.turn, g.state.phase)
    while g.result() is None and n < max_actions:
        a = choose(g, rng, moved)
        why = g.check(a)
        assert why is None, (a.notation(), why)
        g.apply(a)
        n += 1
        if (g.state.turn, g.state.phase) != phase:  # stacking and hexes at every phase end
            invariants(g)
            phase = (g.state.turn, g.state.phase)
    return g, n


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_reach_a_result_and_replay_to_the_same_digest(seed, tmp_path):
    g, n = play_game(seed)
    assert g.result() is not None, f"seed {seed}: no result after {n} actions"
    assert g.result().level in {lv[2] for lv in g.rules.T.victory_levels}
    invariants(g)
    kinds = {e.kind for _, evs, _ in g.timeline() for e in evs}
    assert "combat" in kinds  # the armies met
    path = tmp_path / "kp.yaml"
    save_record(g, path)
    g2 = load_record(path)  # through hexwar.session.open_game
    assert g2.digest() == g.digest()
    assert g2.result() == g.result()


def test_random_game_with_every_option(tmp_path):
    opts = {k: True for k in ("initial_placement", "advance_limit", "rangers_zoc", "italian_zoc", "air_power",
                              "air_power_by_die")}
    g, n = play_game(7, opts)
    assert g.result() is not None
    path = tmp_path / "kp.yaml"
    save_record(g, path)
    assert load_record(path).digest() == g.digest()


def test_undo_never_rerolls():
    g = open_local(seed=4)
    rng = random.Random(4)
    moved: set = set()
    while not any(e.kind == "die_rolled" for e in g.apply(choose(g, rng, moved))):
        pass
    assert not g.can_undo()


def test_check_refuses_nonsense_without_raising_and_without_changing_the_state():
    """Garbage actions at many points of a game: each is refused (or legal), never a crash."""
    g = open_local(seed=11)
    rng = random.Random(11)
    moved: set = set()
    hexes = [h for h in g.rules.board.hexes]
    from hexwar.core.hexgrid import hex_name
    for step in range(1200):
        if g.result() is not None:
            break
        if step % 10 == 0:
            units = sorted(g.state.units)
            digest = g.digest()
            for _ in range(20):
                u, v = rng.choice(units), rng.choice(units)
                h = hex_name(rng.choice(hexes))
                text = rng.choice([f"support {u} {v}", f"select {h} {u}+{v} {v}", f"breakdown {u}", f"blow {u}",
                                   f"build {u}", f"choose air {h}", f"choose posture {h}", f"resolve {h}",
                                   f"loss {u}", f"retreat {u} {h}", f"advance {u}", f"move {u} {h}",
                                   f"place {u} {h}", f"attack {h} {u} {v}", "restore " + u, "remove " + u])
                why = g.check(text)
                assert why is None or why.rule, text
            assert g.digest() == digest
        g.apply(choose(g, rng, moved))
