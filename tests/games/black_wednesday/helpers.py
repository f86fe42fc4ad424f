"""Shared helpers for the Black Wednesday tests."""
from __future__ import annotations

import random
from contextlib import contextmanager

from hexwar.core.actions import EndPhase
from hexwar.core.dice import FixedDice
from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import ON_MAP, UNPLACED

GAME_ID = "black-wednesday"

def open_local(scenario_id: str | None = None, seed: int = 0, options: dict | None = None):
    """A new match through the session, leaving the caller's hex-id scheme as it was."""
    import hexwar
    from hexwar.core.hexgrid import CCRR, set_hex_ids

    before = set_hex_ids(CCRR)  # the process's scheme, which open_game changes
    try:
        return hexwar.open_game(GAME_ID, scenario_id, seed=seed, options=options)
    finally:
        set_hex_ids(before)


@contextmanager
def s1(seed: int = 0):
    """A fresh Scenario 1 match with the B34.16 notation in force."""
    g = open_local("s1-turning-the-left", seed=seed)
    with use_hex_ids(g.rules.ids):
        yield g


def H(g, text):
    return g.rules.ids.parse(text)


def put(g, uid, hid, mode="fire", status="", dug=False):
    """Test set-up: put a unit on a hex directly (not through play)."""
    st = g.state
    u = st.units[uid]
    st.units[uid] = u.at(H(g, hid))
    m = dict(st.extra.get("mode", {}))
    m[uid] = mode
    st.extra["mode"] = m
    s = dict(st.extra.get("status", {}))
    if status:
        s[uid] = status
    else:
        s.pop(uid, None)
    st.extra["status"] = s
    d = set(st.extra.get("dug", frozenset()))
    (d.add if dug else d.discard)(uid)
    st.extra["dug"] = frozenset(d)
    st.touch()


def clear_map(g):
    """Everyone off the map (Axis back to unplaced, Soviets arriving)."""
    st = g.state
    for uid, u in list(st.units.items()):
        if u.where == ON_MAP:
            st.units[uid] = u.at(None, UNPLACED)
    st.touch()


def to_action_phase(g, side="soviet"):
    """Skip set-up: an empty map, turn 1, the given side's Action Phase (no Prep fire)."""
    st = g.state
    st.phase = "action"
    st.extra["phasing"] = side
    st.extra["prep"] = {c: {} for c in st.extra["prep"]}
    st.extra["order"] = ("soviet", "axis")
    for k in ("acted", "moved_mm", "shown", "t2t", "ow_marked", "commissar_used", "spotting", "fired", "adj_wire"):
        st.extra[k] = frozenset()
    st.extra["reserve"] = frozenset()
    st.extra.pop("breached_now", None)  # a new Action Phase (1.4b D)
    st.touch()


def fixed(g, values):
    g.dice = FixedDice(values)


def play_random(g, seed: int, per_phase: int = 14, max_actions: int = 20000):
    """Random legal play from the Prep Log to the victory check. In Action Phases a few
    random units act (their legal actions sampled), then the phase ends."""
    rng = random.Random(seed)
    rules = g.rules
    n = 0
    acted_in_phase = 0
    last_phase = None
    while g.result() is None and n < max_actions:
        st = g.state
        key = (st.turn, st.phase, st.extra.get("phasing"))
        if key != last_phase:
            acted_in_phase, last_phase = 0, key
        if "pending" in st.extra:  # a choice inside a fire (choices.py)
            a = rng.choice(g.legal_actions())
        elif st.phase == "prep_log":
            acts = g.legal_actions()
            a = rng.choice(acts) if n < 6 else EndPhase()
            if st.extra.get("prep_box") is None and n >= 4:
                a = EndPhase()
        elif st.phase == "axis_setup":
            todo = sorted(u for u, x in st.units.items() if x.where == UNPLACED)
            a = rng.choice(rules.legal_for(st, {todo[0]})) if todo else EndPhase()
        elif st.phase in ("command", "initiative"):
            acts = g.legal_actions()
            a = rng.choice(acts) if st.phase == "initiative" or rng.random() < 0.3 else EndPhase()
        else:
            a = EndPhase()
            if acted_in_phase < per_phase:
                side = st.extra["phasing"]
                mine = sorted(u for u in st.units if rules.side_of(u) == side)
                sample = set(rng.sample(mine, min(6, len(mine))))
                acts = [x for x in rules.legal_for(st, sample) if not isinstance(x, EndPhase)]
                if acts:
                    a = rng.choice(acts)
            acted_in_phase += 1
        why = g.check(a)
        assert why is None, (a.notation(), why)
        g.apply(a)
        n += 1
    return n


def apply_default(g, action):
    """Apply ``action`` and answer every owner's choice inside it (choices.py) with the engine's
    own pick, the one it takes with ``owner_choices`` off; the events of the whole account."""
    from hexwar.core.actions import Choose

    ev = g.apply(action)
    while (p := g.rules.pending(g.state)) is not None:
        ev = g.apply(Choose(p.what, p.default))
    return ev
