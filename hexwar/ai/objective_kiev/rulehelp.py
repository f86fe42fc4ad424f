"""Rules questions the computer player asks that the rules object does not answer (yet).

Each is a plain function taking the rules object (and a state the player may see), so
it works whatever shape ``KievRules`` takes inside: it reads only public methods and
tables. ``Belief.estimate`` builds on ``attack_value`` and ``column_shift``.

- ``can_attack``: may this unit join a battle against that hex this turn (10.8)?
- ``hypothetical_odds``: the odds column a battle would be fought at if these units stood
  on these hexes (10.3-10.5), for revealed units; ``rules.odds`` answers only for
  units where they stand.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from ...core.combat import odds_index, odds_label
from ...core.hexgrid import Hex


def can_attack(rules, state, uid: str, target: Hex) -> bool:
    """10.8: on turn 1 the Axis units set up in Romania may not attack, and only the Soviet
    units set up on the Romanian border may attack into Romania. Public: set-up hexes are seen.
    An Axis unit not yet set up is judged by its set-up area."""
    from ...games.objective_kiev import tables as T

    if state.turn != 1:
        return True
    origin = state.origin.get(uid)
    if rules.side(uid) == "axis":
        if origin is None:  # not set up yet
            return not any(a.region == "Romania" for a in rules.scenario.setup_areas
                           if rules.group.get(uid) in a.groups)
        return origin not in rules.romania
    return target not in rules.romania or origin in T.ROMANIA_BORDER_HEXES


def attack_value(rules, value: float, kind: str, known: bool, frm: Hex, target: Hex,
                 attacker_side: str, turn: int) -> float:
    """One attacker's strength in a battle on ``target`` from ``frm`` (10.4, 10.9)."""
    from ...games.objective_kiev import tables as T

    board = rules.board
    v = value
    if attacker_side == "soviet" and kind == "tank" and turn in T.COUNTERATTACK:
        v *= T.COUNTERATTACK[turn]  # 10.9
    if board.has_side(frm, target, "major_river"):
        v = math.floor(v / 2) if known else v / 2  # 10.4: halved, fractions dropped
    if board.terrain[target] == "swamp" and kind == "tank":
        v /= 2  # 10.4: tanks attacking into swamp, fractions kept
    return v


def column_shift(rules, target: Hex, attacker_hexes: Sequence[Hex], support: int) -> tuple[int, list[str]]:
    """The column shifts of 10.4 and 10.5, with the reasons in words."""
    from ...games.objective_kiev import tables as T

    board = rules.board
    terrain = board.terrain[target]
    place = board.place_at(target)
    shifts: list[str] = []
    shift = 0
    if terrain in T.DEFENSE_SHIFT_TERRAIN or (place and place.kind == "major_city"):
        shift -= 1
        shifts.append("the %s shift (10.4)" % ("major city" if place and place.kind == "major_city" else terrain))
    if attacker_hexes and all(board.side_kinds(frm, target) & {"river", "major_river"} for frm in attacker_hexes):
        shift -= 1
        shifts.append("the river shift (10.4)")
    if support:
        shift += support
        shifts.append("air support (10.5)")
    return shift, shifts


@dataclass(frozen=True)
class HypotheticalOdds:
    attack: float
    defense: float
    index: int | None  # the final column index, None below 1:1 (10.3: no effect)
    label: str  # "3:1", or "none"
    shifts: tuple[str, ...]


def hypothetical_odds(rules, state, target: Hex, attackers: Sequence[tuple[str, Hex]], support: int = 0,
                      turn: int | None = None) -> HypotheticalOdds:
    """The odds a battle on ``target`` would have with each attacker on the hex given.

    Every unit involved must be revealed (an untried token has no strength to use:
    ``Belief.estimate`` mixes over what it may be instead).
    """
    from ...games.objective_kiev import tables as T

    turn = state.turn if turn is None else turn
    aside = rules.side(attackers[0][0]) if attackers else None
    att = 0.0
    for uid, frm in attackers:
        u = state.units[uid]
        if not u.revealed:
            raise ValueError(f"{uid} is untried: its strength is hidden (10.1)")
        spec = rules.specs[u.spec]
        att += attack_value(rules, spec.attack(u.steps), spec.kind, True, frm, target, aside, turn)
    dfn = 0.0
    for u in state.units_at(target):
        if not u.revealed:
            raise ValueError(f"{u.id} is untried: its strength is hidden (10.1)")
        dfn += rules.specs[u.spec].defense(u.steps)
    shift, words = column_shift(rules, target, [frm for _, frm in attackers], support)
    if att <= 0 or dfn <= 0:
        return HypotheticalOdds(att, dfn, None, "none", tuple(words))
    idx = min(odds_index(att, dfn), T.MAX_ODDS) + shift  # 10.3: capped at 6:1 before the shifts
    if idx < T.MIN_ODDS:
        return HypotheticalOdds(att, dfn, None, "none", tuple(words))
    idx = min(idx, T.MAX_ODDS)
    return HypotheticalOdds(att, dfn, idx, odds_label(idx), tuple(words))
