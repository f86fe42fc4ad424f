"""Kasserine Pass: what each option of a decision does, in plain words, before it is chosen
(the contract's ``Consequence``), and its short label.

A move's MP cost (the figure the map writes) with what it brings about (breaking off an
engagement, stopping in an enemy zone, taking a place); an attack's odds and likeliest
result; a battery's or air power's column; each retreat path's cost, and whether it leaves a
later unit no way out; each loss, advance, breakdown and bridge; closing a step.

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import actions as A
from ...core.contract import COSTLY, FATAL, HARMLESS, Consequence
from ...core.hexgrid import Hex, hex_name
from ...core.state import Stage
from . import verbs as V
from .common import PHASE_NAME, PHASES, enemy
from .state import KPState
from .verbs import KPAction

if TYPE_CHECKING:  # a part of KPRules, whose other parts it uses (host.py)
    from .host import KPHost as _Rules
else:
    _Rules = object


def option_label(action: Any) -> str | None:
    """The short label of an option of this game (None: the generic one). Needs no state,
    so the client's chooser can ask it of any action."""
    if isinstance(action, V.Support):
        return f"{action.battery} → {action.unit}"
    if isinstance(action, V.Select):
        return f"{', '.join(action.attackers)} → {'+'.join(action.defenders)} at {hex_name(action.target)}"
    if isinstance(action, A.Attack):
        return f"{', '.join(action.attackers)} → {hex_name(action.target)}"
    if isinstance(action, A.Move):
        return f"{action.unit} → {hex_name(action.path[-1])}" if action.path else None
    if isinstance(action, A.Place):
        return f"{action.unit} at {hex_name(action.hex)}"
    if isinstance(action, A.Resolve):
        return f"the attack on {hex_name(action.target)}"
    if isinstance(action, A.Retreat):
        return f"{action.unit}: {' → '.join(hex_name(h) for h in action.path)}"
    if isinstance(action, (V.Blow, V.Build, V.Breakdown)):
        return action.unit
    if isinstance(action, A.Choose) and action.what == "air":
        return f"the attack on {action.value}"
    return None


SIDE_WORD = {"axis": "Axis", "allied": "Allied"}


def _mp(x: float) -> str:
    return f"{x:g} MP"


class ConsequencesMixin(_Rules):
    """Part of KPRules; see the module docstring."""

    def option_label(self, state: KPState, action: Any) -> str | None:
        return option_label(action)

    def consequence(self, state: KPState, action: KPAction) -> Consequence | None:
        if state.result is not None:
            return None
        if isinstance(action, V.Breakdown):
            return self._breakdown_consequence(state, action.unit)
        st = state.stage
        if st is not None:
            if isinstance(action, A.Retreat) and st.kind == "retreat":
                return self._retreat_consequence(state, st, action)
            if isinstance(action, A.Loss) and st.kind == "loss":
                return self._loss_consequence(state, st, action.unit)
            if st.kind == "advance" and isinstance(action, A.Move):
                return self._advance_consequence(state, st, action)
            if st.kind == "advance" and isinstance(action, (A.EndPhase, A.Advance)):
                rule = "KP-RESULT-D-ELIM" if st.get("mode") == "mp" else "KP-RESULT-D-BACK"
                if st.get("done"):
                    return Consequence("no more advances: the others stay where they are", rule)
                return Consequence("no advance: the units stay where they are", rule)
            return None
        if isinstance(action, A.Move):
            return self._move_consequence(state, action)
        if isinstance(action, A.Place):
            return self._place_consequence(state, action)
        if isinstance(action, (A.Attack, V.Select, A.Resolve)):
            p = self.preview(state, action)
            if p is not None and p.refusal is None and not p.outcomes:  # nobody left to fight
                return Consequence(p.note, "KP-CRT")
            if p is None or p.refusal is not None or not p.outcomes:
                return None
            best = max(p.outcomes, key=lambda o: o.chance)
            return Consequence(f"{p.figure}; most likely {best.code} ({round(best.chance * 100)}%)", "KP-CRT",
                               best.level, figure=p.figure)
        if isinstance(action, V.Support) or (isinstance(action, A.Choose) and action.what == "air"):
            p = self.preview(state, action)
            if p is None or p.refusal is not None:
                return None
            d = p.detail
            if isinstance(action, V.Support):
                fac = self.kspec(state, action.battery).factor
                return Consequence(f"+{fac} to {action.unit}: the odds at {d['target']} go from {d['before']} to "
                                   f"{d['after']}", "KP-ARTILLERY", figure=d["after"])
            return Consequence(f"the attack on {d['target']} goes from {d['before']} to {d['after']}; air power "
                               "is spent for the turn", "KP-OPT-AIR-POWER", figure=d["after"])
        if isinstance(action, (V.Blow, V.Build)):
            return self._bridge_consequence(state, action.unit, isinstance(action, V.Build))
        if isinstance(action, A.EndPhase):
            return self._end_consequence(state)
        return None

    # --- moving ----------------------------------------------------------------------------
    def _places_taken(self, state: KPState, uid: str, path: tuple[Hex, ...]) -> list[str]:
        """KP-VICTORY: the places a unit passing along ``path`` takes from the enemy."""
        side = self.uside(state, uid)
        out = []
        for h in path:
            p = self.board.places.get(h)
            if p is not None and state.control.get(h) != side:
                vp = self.vp.get(h, 0)
                out.append(f"{p.name} ({vp} VP)" if vp else p.name)
        return out

    def _mover(self, state: KPState, uid: str) -> tuple[dict[Hex, tuple[float, tuple[Hex, ...]]], bool, float,
                                                        dict[Hex, list[str]], frozenset[Hex]]:
        """(reach, engaged?, MP, the enemy's zones, the places not yet its side's) of a unit,
        once per state: a movement phase offers thousands of moves, each priced here."""
        memo = state._cache.setdefault("movers", {})
        got = memo.get(uid)
        if got is None:
            side = self.uside(state, uid)
            foreign = frozenset(h for h in self.board.places if state.control.get(h) != side)
            got = memo[uid] = (self.reach(state, uid), uid in self.engaged(state), state.mp.get(uid, 0.0),
                               self.zoc_sources(state, enemy(side)), foreign)
        out: tuple[dict[Hex, tuple[float, tuple[Hex, ...]]], bool, float, dict[Hex, list[str]], frozenset[Hex]] = got
        return out

    def _move_consequence(self, state: KPState, act: A.Move) -> Consequence | None:
        """The MP a move costs (the map's figure), and what it brings about."""
        if act.unit not in state.units or not act.path or not state.phase.endswith("_move"):
            return None
        reach, engaged, mp, zones, foreign = self._mover(state, act.unit)
        got = reach.get(act.path[-1])
        if got is None or got[1] != act.path:
            return None
        cost = got[0]
        rule, level = "KP-TERRAIN", HARMLESS
        text = _mp(cost)
        if engaged:  # KP-BREAK-OFF
            cost += self.T.break_off_mp
            text += f" + {self.T.break_off_mp} to break off its engagement"
            rule, level = "KP-BREAK-OFF", COSTLY
        text += f", {_mp(max(0.0, mp - cost))} left"
        if act.path[-1] in zones:
            text += "; it stops in an enemy zone of control and must attack (KP-ZOC)"
        if not foreign.isdisjoint(act.path):
            text += f"; takes {', '.join(self._places_taken(state, act.unit, act.path))} (KP-VICTORY)"
        return Consequence(text, rule, level, figure=f"{cost:g}")

    def _place_consequence(self, state: KPState, act: A.Place) -> Consequence | None:
        u = state.units.get(act.unit)
        if u is None or act.hex not in self.board.terrain:
            return None
        s = self.kspec(state, act.unit)
        rule = "KP-OOB-GERMAN" if s.side == "axis" else "KP-OOB-ALLIED"
        mp = float(s.ma)
        if s.nation == "german" and self.opt("initial_placement"):
            mp -= self.terrain_mp[self.board.terrain[act.hex]]
            rule = "KP-OPT-INITIAL-PLACEMENT"
        text = f"enters at {hex_name(act.hex)} with {_mp(max(0.0, mp))}"
        if self.in_ezoc(state, s.side, act.hex):
            text += "; it stops in an enemy zone of control and must attack (KP-ZOC)"
        return Consequence(text, rule)

    def _bridge_consequence(self, state: KPState, uid: str, build: bool) -> Consequence | None:
        u = state.units.get(uid)
        if u is None or u.hex not in self.bridges:
            return None
        need = self.T.build_bridge_mp if build else self.T.blow_bridge_mp
        left = max(0.0, state.mp.get(uid, 0.0) - need)
        what = "stands again: roads cross it" if build else "is down: no road crosses it until it is rebuilt"
        return Consequence(f"{self.bridges[u.hex]} at {hex_name(u.hex)} {what}; {_mp(need)}, {_mp(left)} left",
                           "KP-ENGINEERS", figure=f"{need:g}")

    def _breakdown_consequence(self, state: KPState, uid: str) -> Consequence | None:
        u = state.units.get(uid)
        kids = self.T.breakdown.get(u.spec) if u is not None else None
        if u is None or not kids or u.hex is None:
            return None
        parts = " and ".join(f"{uid}{x} ({self.kp[k].factor}-{self.kp[k].ma})" for x, k in zip("ab", kids))
        return Consequence(f"becomes {parts} in {hex_name(u.hex)}, for good: the parts never join again",
                           "KP-BREAKDOWN")

    # --- battle steps --------------------------------------------------------------------------
    def _retreat_cost(self, state: KPState, uid: str, path: tuple[Hex, ...]) -> float:
        s = self.kspec(state, uid)
        total, prev = 0.0, state.units[uid].map_hex
        for h in path:
            total += self.step_cost(prev, h, state.blown, s.rangers) or 0.0
            prev = h
        return total

    def _retreat_consequence(self, state: KPState, st: Stage, act: A.Retreat) -> Consequence | None:
        """KP-RETREAT-TERRAIN: every path offered keeps the unit (one that would cost more
        than its movement factor, cross a cliff or enter an enemy zone is never offered), so
        a path's price is its MP, going further when the nearer hexes are full, and what it
        does to the units that retreat after it."""
        uid, length = act.unit, st.get("length")
        path = next((p for p in self.retreat_options(state, uid, length) if p.hexes == tuple(act.path)), None)
        if path is None:
            return None
        s = self.kspec(state, uid)
        words = [f"ends at {hex_name(path.end)}, {self._retreat_cost(state, uid, path.hexes):g} of its {s.ma} MP"]
        rule, level = "KP-RETREAT-TERRAIN", HARMLESS
        if path.extended:
            words.append(f"{path.extended} hex(es) further than the result asks: the nearer hexes are full "
                         "(KP-STACKING)")
        lost = self._trapped_by(state, st, uid, path.end)
        if lost:
            words.append(f"then {', '.join(lost)} would have no retreat left and be eliminated")
            level = FATAL
        else:
            words[0] = "no loss: " + words[0]
        taken = self._places_taken(state, uid, path.hexes)
        if taken:
            words.append(f"takes {', '.join(taken)} (KP-VICTORY)")
        if st.get("then") == "attacker_advance" and not [x for x in st.get("pending") if x != uid
                                                           and state.units[x].hex == state.units[uid].hex]:
            guns = [x.id for x in state.units_at(state.units[uid].map_hex) if self.is_art(state, x.id)]
            if guns:
                words.append(f"{', '.join(guns)} stay behind and are captured if the enemy advances "
                             "(KP-ARTILLERY-STACK)")
                level = max(level, COSTLY)
        return Consequence("; ".join(words), rule, level)

    def _trapped_by(self, state: KPState, st: Stage, uid: str, end: Hex) -> list[str]:
        """The other units of this retreat that ``uid`` ending at ``end`` leaves without a
        path (they are eliminated, KP-RETREAT-TERRAIN). Only a unit whose every path ends at
        ``end`` can be trapped; the search is run again only for those."""
        length = st.get("length")
        out = []
        moved: KPState | None = None
        for x in st.get("pending"):
            if x == uid or not self._alive(state, x):
                continue
            opts = self.retreat_options(state, x, length)
            if any(p.end != end for p in opts) or self.stack_ok(state, end, add=(x, uid), drop=(x, uid)):
                continue
            if moved is None:  # the position after this retreat, searched again
                moved = state.copy()
                moved.units[uid] = moved.units[uid].at(end)
                moved.touch()
            if not self.retreat_options(moved, x, length):
                out.append(x)
        return out

    def _loss_consequence(self, state: KPState, st: Stage, uid: str) -> Consequence | None:
        """KP-EXCHANGE-LOSS: the attacker pays the defender's basic factor (doubled in a city)."""
        if uid not in state.units or not self._alive(state, uid):
            return None
        owed = st.get("need") - st.get("removed")
        f = self.kspec(state, uid).factor
        others = [a for a in self._loss_options(state, st) if a != uid]
        left = owed - f
        worth = f"{f} factor{'s' if f != 1 else ''}"
        if left <= 0:
            text = f"{uid} is eliminated ({worth}): that pays the {owed} still owed"
        elif sum(self.kspec(state, a).factor for a in others) <= left:
            text = (f"{uid} is eliminated ({worth}); {', '.join(others)} go too: they hold no more than the "
                    f"{left} still owed")
        else:
            text = f"{uid} is eliminated ({worth}); {left} more to pay"
        if st.get("then") == "retreat_attackers":
            text += "; the survivors then fall back one hex (KP-RESULT-A-ELIM)"
        else:
            text += "; the survivors may then take the hex (KP-RESULT-EXCHANGE)"
        return Consequence(text, "KP-EXCHANGE-LOSS", FATAL)

    def _advance_consequence(self, state: KPState, st: Stage, act: A.Move) -> Consequence | None:
        if self._advance_problem(state, st, act) is not None:
            return None
        uid, side = act.unit, st.side
        s = self.kspec(state, uid)
        total, prev = 0.0, state.units[uid].map_hex
        zs = self.zoc_sources(state, enemy(side))
        for h in act.path:
            total += self.step_cost(prev, h, state.blown, s.rangers) or 0.0
            if h in zs and self._passable_zoc(state, uid, zs[h]):
                total += self.T.zoc_pass_mp
            prev = h
        rule = "KP-RESULT-D-ELIM" if st.get("mode") == "mp" else "KP-RESULT-D-BACK"
        n = len(act.path)
        words = [f"{uid} advances to {hex_name(act.path[-1])}, {n} hex{'es' if n > 1 else ''} ({_mp(total)})"]
        guns = [x.id for x in state.units_at(act.path[0]) if self.uside(state, x.id) != side]
        if guns:
            words.append(f"captures {', '.join(guns)} (KP-ARTILLERY-STACK)")
        taken = self._places_taken(state, uid, tuple(act.path))
        if taken:
            words.append(f"takes {', '.join(taken)} (KP-VICTORY)")
        return Consequence("; ".join(words), rule, figure=f"{total:g}")

    def _end_consequence(self, state: KPState) -> Consequence | None:
        """What closing the step or phase leads to."""
        if state.phase.endswith("_combat") and state.step == "declare":
            if not state.kbattles:
                return Consequence("no attack this phase: " + self._next_phase_words(state), "KP-SEQUENCE")
            foe = SIDE_WORD[enemy(self.phase_side(state))]
            return Consequence(f"closes the declarations (no attack can be added); the {foe} player then "
                               "allocates his artillery to the defence", "KP-ARTILLERY")
        if state.phase.endswith("_combat") and state.step == "defend":
            return Consequence("the attacks are then resolved, two dice each", "KP-CRT")
        return Consequence(self._next_phase_words(state), "KP-SEQUENCE")

    def _next_phase_words(self, state: KPState) -> str:
        i = PHASES.index(state.phase)
        if i + 1 < len(PHASES):
            return f"next, {PHASE_NAME[PHASES[i + 1]]}"
        if state.turn >= self.scen.turns:
            return "the game ends and the places held decide it (KP-VICTORY)"
        return f"next, turn {state.turn + 1} ({self.scen.date(state.turn + 1)}): {PHASE_NAME[PHASES[0]]}"
