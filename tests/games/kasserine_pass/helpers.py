"""Helpers for the Kasserine Pass rule tests: a game with only the named units on the map."""
from __future__ import annotations

from _game_tests import legal, of, play, rule_of  # noqa: F401  (the game tests import them from here)

from hexwar.core.dice import FixedDice
from hexwar.core.game import Game
from hexwar.core.hexgrid import hex_name, parse_hex
from hexwar.core.units import LOST, ON_MAP

H = parse_hex

GAME_ID = "kasserine-pass"

def open_local(scenario_id: str | None = None, seed: int = 0, options: dict | None = None):
    """A new match through the session, leaving the caller's hex-id scheme as it was."""
    import hexwar
    from hexwar.core.hexgrid import CCRR, set_hex_ids

    before = set_hex_ids(CCRR)  # the process's scheme, which open_game changes
    try:
        return hexwar.open_game(GAME_ID, scenario_id, seed=seed, options=options)
    finally:
        set_hex_ids(before)


def position(units: dict[str, str], phase: str = "german_move", turn: int = 2, dice=(),
             options: dict | None = None, keep_arriving: bool = False) -> Game:
    """A game on ``turn`` at the start of ``phase`` with only ``units`` (id -> hex) on the map.
    Every other unit is out of play (unless ``keep_arriving``)."""
    g = open_local(options=options)
    st = g.state.copy()
    for uid, u in list(st.units.items()):
        if uid in units:
            st.units[uid] = u.at(H(units[uid]))
        elif u.where == ON_MAP or not keep_arriving:
            st.units[uid] = u.at(None, LOST)
    st.turn, st.phase = turn, phase
    st.touch()
    g.rules._begin_phase(st, [], FixedDice([]))
    if phase.endswith("_combat"):  # a combat phase after a movement phase in which nobody moved
        side = g.rules.phase_side(st)
        st.mp = {u.id: float(g.rules.kspec(st, u.id).ma) for u in g.rules.on_map(st, side)}
    g.state = st
    g.start_state = st
    g.dice = FixedDice(list(dice))
    return g


def set_dice(g: Game, *values: int) -> None:
    g.dice = FixedDice(list(values))


def at(g: Game, uid: str) -> str | None:
    u = g.state.units[uid]
    return hex_name(u.hex) if u.where == ON_MAP else u.where


def to_combat(g: Game) -> None:
    """End the movement phase (the attacker's combat phase begins)."""
    g.apply("end")
