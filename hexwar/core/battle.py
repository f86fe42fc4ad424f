"""Battles: declaration and commitment, then each battle's stages: roll, losses,
exchange accounting, retreat, advance.

The shared shape of these games' combat (odds CRT, step losses, two-hex retreats that
avoid enemy zones, advance after combat). A game supplies its odds (``odds``), its
table (``crt``, ``results``), its rule numbers (``CITE``) and a few hooks: who may
attack (``_attacker_problem``), what the defender may turn a result into
(``result_options``), which attackers may pay losses (``loss_pool``), where a retreat
may go (``retreat_adjacent``, ``retreat_extension``).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from itertools import product
from typing import TYPE_CHECKING, Any

from . import actions as A
from .actions import Event
from .combat import CRT, Odds, odds_label
from .contract import (
    COSTLY,
    FATAL,
    HARMLESS,
    Consequence,
    Outcome,
    Preview,
    PreviewLine,
    ResultTable,
    RollOdds,
    RollOutcome,
)
from .dice import Dice
from .errors import Illegal
from .hexgrid import Hex, are_adjacent, distance, hex_name
from .retreat import RetreatPath, retreat_paths
from .state import Battle, Stage, State
from .units import ELIMINATED, ON_MAP

if TYPE_CHECKING:  # the mixin is combined with PhasedRules, whose queries it uses
    from .sequence import PhasedRules as _Rules
else:
    _Rules = object

# Stage kinds and what settles each: (action class, what to do, CITE key of the rule).
_STAGES = {
    "roll": (A.Roll, "roll the die", "combat"),
    "defender_loss": (A.Loss, "choose the defending unit that loses a step", "results"),
    "exchange_loss": (A.Loss, "choose attacking units to lose steps for the exchange", "results"),
    "attacker_loss": (A.Loss, "choose the attacking unit that loses a step", "results"),
    "retreat": (A.Retreat, "choose a retreat path", "results"),
    "advance": (A.Advance, "advance a unit or decline", "advance"),
    "overstack": (A.Remove, "remove units from an overstacked hex", "overstack"),
    "result_choice": (A.Choose, "choose how to take the combat result", "results"),
}


class BattleMixin(_Rules):
    """Needs the PhasedRules queries, ``crt``, ``results``, ``retreat_length`` and ``odds``."""

    crt: CRT
    results: dict[str, str]
    retreat_length: int = 2
    retreat_extension: int = 6  # hexes a retreat may go on to find a legal ending (0: none)

    if TYPE_CHECKING:  # from MovementMixin, which every game with battles also has
        def _take_control(self, state: State, uid: str, h: Hex, ev: list[Event]) -> None: ...

    # What each result of the shared results table costs, nominally, for the luck report:
    # (defender steps lost, "all" for every step in the hex; attacker steps lost; defender retreats).
    LUCK_RESULTS: dict[str, tuple[int | str, int, bool]] = {
        "NE": (0, 0, False), "DR": (0, 0, True), "DRL": (1, 0, True), "DE": ("all", 0, False),
        "EX": (1, 1, True), "AL": (0, 1, False),
    }

    def roll_odds(self, state: State, action: A.Action, events: list[Event]) -> tuple[RollOdds, ...]:
        """Each battle roll's column of the results table (the luck report): every result with its
        chance, scored for the attacker as defender steps lost less attacker steps lost, and half
        a step more when the defender is driven back."""
        out = []
        for ev in events:
            if ev.kind != "combat" or "roll" not in ev.data or not isinstance(ev.data.get("odds"), Odds):
                continue
            o: Odds = ev.data["odds"]
            atk = str(ev.data.get("side") or self._phase_side(state))
            dfn = self.enemy(atk)
            target = ev.data.get("target")
            held = sum(u.steps for u in state.units_at(target)) if isinstance(target, Hex) else 1
            outcomes = []
            for code, chance in sorted(self.crt.distribution(o.final_index).items()):
                d, a, back = self.LUCK_RESULTS.get(code, (0, 0, False))
                lost = held if d == "all" else int(d)
                outcomes.append(RollOutcome(code, float(chance), lost - a + (0.5 if back else 0.0),
                                            ((dfn, float(lost)), (atk, float(a)))))
            out.append(RollOdds(atk, f"results table {o.column}", tuple(outcomes), str(ev.data["result"]),
                                self.CITE.get("results", "")))
        return tuple(out)

    # ------------------------------------------------------------------ hooks
    def odds(self, state: State, target: Hex, attackers: Iterable[str], *args: Any) -> Odds | None:  # pragma: no cover
        raise NotImplementedError

    def _attacker_problem(self, state: State, uid: str, target: Hex) -> Illegal | None:
        return None

    def _roll_odds(self, state: State, st: Stage, act: A.Roll) -> Odds:
        o = self.odds(state, st.target_hex, st.get("attackers"))
        if o is None:  # odds are None only while a unit is untried, and _before_roll reveals them
            raise ValueError(f"no odds for the battle at {hex_name(st.target_hex)}")
        return o

    def _roll_options(self, state: State, st: Stage) -> list[A.Action]:
        return [A.Roll(None)]

    def _check_roll(self, state: State, st: Stage, act: A.Roll) -> Illegal | None:
        return None if act.support is None else Illegal(self.CITE["combat"], "nothing may be added to this roll")

    def _before_roll(self, state: State, atk: tuple[str, ...], dfn: list[str], ev: list[Event]) -> None:
        """Hook: what happens as a battle starts (revealing hidden units …)."""

    def result_options(self, state: State, target: Hex, result: str) -> list[str]:
        """Hook: results the defender may take instead of ``result`` (none by default)."""
        return []

    def loss_pool(self, state: State, target: Hex, atk: tuple[str, ...]) -> tuple[str, ...]:
        """Hook: attacking units that may take a step loss for this battle."""
        return tuple(x for x in atk if state.units[x].where == ON_MAP)

    def retreat_adjacent(self, state: State, uid: str, on_map_only: bool) -> Any:
        """Hook: the neighbours a retreat may step to (off-map exits, for games that have them)."""
        return self.board.adjacent

    def _retreat_off_map(self, state: State, uid: str, p: RetreatPath, ev: list[Event]) -> None:  # pragma: no cover
        raise NotImplementedError

    def advancers(self, state: State, target: Hex, atk: tuple[str, ...]) -> tuple[str, ...]:
        """Hook: attackers that may advance into the empty hex."""
        return tuple(x for x in atk if state.units[x].where == ON_MAP)

    # ------------------------------------------------------------ declaration
    def _combat_actions(self, state: State) -> list[A.Action]:
        if not state.declared:
            return self._attack_options(state) + [A.EndPhase()]
        left = [b.target for b in state.battles if b.target not in state.resolved]
        if left:
            return [A.Resolve(t) for t in left]
        return [A.EndPhase()]

    def _check_combat_end(self, state: State) -> Illegal | None:
        """The combat phase ends only when every declared battle is resolved."""
        if state.declared:
            left = [b.target for b in state.battles if b.target not in state.resolved]
            if left:
                return Illegal(self.CITE["combat"], "resolve every declared battle first: "
                               + ", ".join(hex_name(t) for t in left))
        return None

    def _commit_battles(self, state: State, ev: list[Event]) -> bool:
        """The first end of a combat phase with battles closes the declarations (commitment)."""
        if state.declared or not state.battles:
            return False
        state.declared = True
        ev.append(Event("committed", f"{len(state.battles)} battle(s) declared; now resolve them in any order "
                        f"({self.CITE['combat']}).", {}))
        return True

    def busy_units(self, state: State) -> set[str]:
        """Units already in a declared battle this phase."""
        return {x for b in state.battles for x in b.attackers + b.support}

    def _attack_options(self, state: State) -> list[A.Action]:
        side = self._phase_side(state)
        declared_targets = {b.target for b in state.battles}
        busy = self.busy_units(state)
        out: list[A.Action] = []
        for target in sorted(self.side_hexes(state, self.enemy(side))):
            if target in declared_targets:
                continue
            per_hex: list[list[str | None]] = []
            for n in self.board.adjacent(target):
                ids = [u.id for u in state.units_at(n) if self.side(u.id) == side and u.id not in busy
                       and self._attacker_problem(state, u.id, target) is None]
                if ids:
                    per_hex.append([None] + ids)
            for combo in product(*per_hex):
                atk = tuple(sorted(x for x in combo if x))
                if atk:
                    out.append(A.Attack(target, atk))
        return out

    def _check_attack(self, state: State, act: A.Attack) -> Illegal | None:
        side = self._phase_side(state)
        rule = self.CITE["combat"]
        if state.declared:
            return Illegal(rule, "all battles have been declared; no more may be added (battle commitment)")
        if act.target not in self.side_hexes(state, self.enemy(side)):
            return Illegal(rule, f"{hex_name(act.target)} holds no enemy unit to attack")
        if any(b.target == act.target for b in state.battles):
            return Illegal(rule, "each enemy hex may be attacked only once per combat phase")
        if not act.attackers or len(set(act.attackers)) != len(act.attackers):
            return Illegal(rule, "name each attacking unit once")
        busy = self.busy_units(state)
        from_hexes: set[Hex] = set()
        for uid in act.attackers:
            u = state.units[uid]
            if self.side(uid) != side or u.where != ON_MAP:
                return Illegal(rule, f"{uid} is not one of your units on the map")
            if uid in busy:
                return Illegal(self.CITE["once"],
                               f"{uid} already attacks in another battle; each unit attacks once per phase")
            if not are_adjacent(u.map_hex, act.target):
                return Illegal(rule, f"{uid} is not next to {hex_name(act.target)}")
            if u.map_hex in from_hexes:
                return Illegal(self.CITE["hexside"], "only one unit may attack across each hexside")
            from_hexes.add(u.map_hex)
            bad = self._attacker_problem(state, uid, act.target)
            if bad:
                return bad
        return None

    def _apply_attack(self, state: State, act: A.Attack, dice: Dice, ev: list[Event]) -> None:
        state.battles.append(Battle(act.target, act.attackers))
        ev.append(Event("declared", f"Battle declared at {hex_name(act.target)} by {', '.join(act.attackers)}.",
                        {"target": act.target, "attackers": act.attackers}))

    def _check_resolve(self, state: State, act: A.Resolve) -> Illegal | None:
        rule = self.CITE["combat"]
        if not state.declared:
            return Illegal(rule, "declare all battles first (end the declaration step), then resolve them")
        if not any(b.target == act.target for b in state.battles):
            return Illegal(rule, f"no battle was declared at {hex_name(act.target)}")
        if act.target in state.resolved:
            return Illegal(rule, f"the battle at {hex_name(act.target)} has been resolved")
        return None

    def battle(self, state: State, target: Hex) -> Battle:
        return next(b for b in state.battles if b.target == target)

    def live_attackers(self, state: State, b: Battle) -> tuple[str, ...]:
        return tuple(x for x in b.attackers
                     if state.units[x].where == ON_MAP and are_adjacent(state.units[x].map_hex, b.target))

    def _apply_resolve(self, state: State, act: A.Resolve, dice: Dice, ev: list[Event]) -> None:
        b = self.battle(state, act.target)
        atk = self.live_attackers(state, b)
        dfn = [u.id for u in state.units_at(b.target)]
        if not atk or not dfn:
            state.resolved.append(b.target)
            ev.append(Event("cancelled", f"The battle at {hex_name(b.target)} is off: "
                            + ("no attacker is left." if not atk else "no defender is left."), {"target": b.target}))
            return
        self._before_roll(state, atk, dfn, ev)
        state.stage = Stage("roll", self.side(atk[0]), b.target, (("attackers", atk),))

    # ------------------------------------------------------------------ what the contract says of battles
    def result_level(self, code: str) -> int:
        """How bad a result is for the attacker (the preview marks it): an exchange or an
        attacker's loss costs something; the rest does not."""
        return COSTLY if code in ("AL", "EX", "AE", "AR") else HARMLESS

    def odds_preview(self, title: str, o: Odds) -> Preview:
        """A battle's odds as the contract's preview: every strength, the ratio, each shift
        with its rule, and the chance of each result at the final column."""
        rule = self.CITE["combat"]
        lines = [PreviewLine(f"{x.unit}: {_num(x.value)}" + (f" ({'; '.join(x.notes)})" if x.notes else ""), rule,
                             "attack", 1) for x in o.attackers]
        lines += [PreviewLine(f"{x.unit}: {_num(x.value)}" + (f" ({'; '.join(x.notes)})" if x.notes else ""), rule,
                              "defence", 1) for x in o.defenders]
        lines.append(PreviewLine(f"{_num(o.attack)} against {_num(o.defense)}: {odds_label(o.raw_index)}",
                                 self.CITE.get("long_odds", rule)))
        if o.cap_note:
            lines.append(PreviewLine(o.cap_note, self.CITE.get("long_odds", rule)))
        lines += [PreviewLine(sh.reason, sh.rule, f"{sh.columns:+d} column") for sh in o.shifts]
        results_rule = self.CITE.get("results", rule)
        if o.no_effect:
            outcomes: tuple[Outcome, ...] = (Outcome("NE", "no effect: below the lowest column after shifts", 1.0,
                                                     self.CITE.get("long_odds", rule)),)
        else:
            dist = self.crt.distribution(o.final_index)
            outcomes = tuple(Outcome(code, self.results.get(code, code), float(p), results_rule,
                                     self.result_level(code))
                             for code, p in sorted(dist.items(), key=lambda kv: (-kv[1], kv[0])))
        return Preview(title, "no effect" if o.no_effect else o.column, tuple(lines), outcomes, detail=o)

    def preview(self, state: State, action: A.Action) -> Preview | None:
        """The odds of a battle being declared, resolved or rolled (untried units: unknown)."""
        target: Hex | None = None
        attackers: tuple[str, ...] = ()
        title = ""
        if isinstance(action, A.Attack):
            why = self.check(state, action)
            target, attackers = action.target, tuple(action.attackers)
            title = f"{', '.join(attackers)} against {hex_name(target)}"
            if why is not None:
                return Preview(title, refusal=why)
        elif isinstance(action, A.Resolve) and any(b.target == action.target for b in state.battles):
            target = action.target
            attackers = self.live_attackers(state, self.battle(state, target))
            title = f"The battle at {hex_name(target)}"
        elif isinstance(action, A.Roll) and state.stage is not None and state.stage.kind == "roll":
            if self._check_roll(state, state.stage, action) is not None:
                return None
            try:
                o = self._roll_odds(state, state.stage, action)
            except ValueError:
                return None
            return self.odds_preview(f"The battle at {hex_name(state.stage.target_hex)}", o)
        if target is None or not attackers:
            return super().preview(state, action)
        odds = self.odds(state, target, attackers)
        if odds is None:
            return Preview(title, "unknown", note="the odds are not known until the untried units are revealed")
        return self.odds_preview(title, odds)

    def result_table(self, state: State, action: A.Action | None) -> ResultTable | None:
        """The CRT with the column ``action`` (an attack, a resolve, a roll) would be read on,
        shifts included (the preview's final odds); the whole table for None."""
        crt = getattr(self, "crt", None)
        if crt is None:
            return None
        rule = self.CITE.get("results", self.CITE.get("combat", ""))
        column: int | None = None
        note = ""
        if action is not None:
            p = self.preview(state, action)
            o = p.detail if p is not None and p.refusal is None else None
            if isinstance(o, Odds):
                if o.no_effect:
                    note = "below the first column after shifts: no effect, no roll"
                else:
                    k = max(min(o.final_index, crt.columns[-1]), crt.columns[0])
                    column = crt.columns.index(k)
        rows = tuple((str(r), tuple(crt.rows[r])) for r in sorted(crt.rows))
        return ResultTable("Combat results table", rule, tuple(odds_label(c) for c in crt.columns), rows, column,
                           "Die", "odds", note)

    def retreat_words(self, state: State) -> dict[str, str]:
        """In a retreat step where every path costs the unit (a step, or the unit itself), why no
        free path exists, hex by hex around it: an enemy unit, an enemy zone of control, a hex it
        could only end in overstacked. Words only; the paths are ``retreat_options``'s."""
        st = state.stage
        if st is None or st.kind != "retreat" or not st.get("units"):
            return {}
        uid = st.get("units")[0]
        opts = self.retreat_options(state, st, uid)
        if not opts or any(not p.ezoc_entered and not p.ends_in_ezoc for p in opts):
            return {}
        side = self.side(uid)
        foes = self.side_hexes(state, self.enemy(side))
        ezoc = self.zoc(state, self.enemy(side))
        here = state.units[uid].map_hex
        kinds: dict[str, list[str]] = {}
        for h in sorted(self.retreat_adjacent(state, uid, True)(here)):
            if h not in self.board:
                continue
            if h in foes:
                why = "hold enemy units"
            elif h in ezoc:
                why = "lie in an enemy zone of control"
            elif self.stack_with(state, h, uid) is not None and self.retreat_length <= 1:
                why = "would be overstacked"
            else:
                why = "lead on only into enemy zones of control or enemy units"
            kinds.setdefault(why, []).append(hex_name(h))
        if not kinds:
            return {}
        parts = [f"{_and(hs)} {why if len(hs) > 1 else _singular(why)}" for why, hs in kinds.items()]
        rule = self.CITE["results"]
        return {"note": f"No free retreat path for {uid} from {hex_name(here)}: " + "; ".join(parts)
                        + f" — so every path costs ({rule})."}

    def decision_words(self, state: State, key: str) -> dict[str, str]:
        """The retreat step's words: why no free path exists, when none does."""
        if key == "retreat":
            return self.retreat_words(state)
        out: dict[str, str] = super().decision_words(state, key)
        return out

    def consequence(self, state: State, action: A.Action) -> Consequence | None:
        """What a battle step's option costs: a retreat path (no loss, a step, the unit), a
        step loss, an advance."""
        st = state.stage
        rule = self.CITE["results"]
        if isinstance(action, (A.Resolve, A.Roll)):
            return self._odds_consequence(state, action)
        if st is None and isinstance(action, A.EndPhase) and self.phase(state).kind == "combat" \
                and not state.declared and state.battles:
            n = len(state.battles)
            return Consequence(f"closes the declarations: the {n} battle(s) declared are resolved next, and no "
                               "more may be declared this phase", self.CITE["combat"], HARMLESS)
        if st is None:
            if isinstance(action, A.Attack):
                o = self.odds(state, action.target, action.attackers)
                if o is None:
                    return Consequence("odds unknown until the untried units are revealed", self.CITE["combat"])
                if o.no_effect:
                    return Consequence("no effect: below the lowest column", self.CITE.get("long_odds", rule))
                dist = self.crt.distribution(o.final_index)
                best = max(dist.items(), key=lambda kv: (kv[1], kv[0]))
                return Consequence(f"{o.column}; most likely {best[0]} ({round(float(best[1]) * 100)}%)", rule)
            return super().consequence(state, action)
        if isinstance(action, A.Retreat) and st.kind == "retreat":
            path = next((p for p in self.retreat_options(state, st, action.unit) if p.hexes == action.path), None)
            if path is None:
                return None
            if path.ends_in_ezoc:
                return Consequence(f"{action.unit} is eliminated: this retreat has to end in an enemy zone of control",
                                   rule, FATAL)
            if path.end not in self.board:
                return Consequence(f"{action.unit} leaves the map", rule, COSTLY)
            if path.ezoc_entered:
                return self._step_consequence(state, action.unit, "the path enters an enemy zone of control", rule)
            return Consequence("no loss", rule)
        if isinstance(action, A.Loss) and action.unit in state.units:
            return self._step_consequence(state, action.unit, "", rule)
        if isinstance(action, A.Advance):
            rule = self.CITE.get("advance", rule)
            if action.unit is None:
                return Consequence(f"{hex_name(st.target_hex)} stays empty", rule)
            return Consequence(f"{action.unit} moves into {hex_name(st.target_hex)}", rule)
        if isinstance(action, A.Remove) and action.unit in state.units:
            return Consequence(f"{action.unit} is eliminated", self.CITE.get("overstack", rule), FATAL)
        return super().consequence(state, action)

    def _odds_consequence(self, state: State, action: A.Action) -> Consequence | None:
        """A battle about to be rolled (resolve it, roll with or without support): its odds and
        the chance of each result, from its preview (untried units: the odds are unknown)."""
        p = self.preview(state, action)
        if p is None or p.refusal is not None:
            return None
        if not p.outcomes:
            return Consequence(p.note or f"odds {p.figure or 'unknown'}", self.CITE["combat"])
        if p.figure == "no effect":
            return Consequence(p.outcomes[0].text, p.outcomes[0].rule or self.CITE["combat"])
        top = sorted(p.outcomes, key=lambda o: -o.chance)
        chances = ", ".join(f"{o.code} {round(o.chance * 100)}%" for o in top[:4] if o.chance)
        bad = sum(o.chance for o in p.outcomes if o.level >= COSTLY)
        loss = f"; {round(bad * 100)}% a loss for the attacker" if bad else ""
        return Consequence(f"odds {p.figure}: {chances}{loss}", self.CITE.get("results", self.CITE["combat"]),
                           COSTLY if bad >= 0.5 else HARMLESS)

    def _step_consequence(self, state: State, uid: str, why: str, rule: str) -> Consequence:
        u = state.units[uid]
        s = self.specs[u.spec]
        tail = f": {why}" if why else ""
        if u.steps > 1:
            return Consequence(f"{uid} loses a step, flipped to {s.label(u.steps - 1)}{tail}", rule, COSTLY)
        return Consequence(f"{uid} is eliminated (no step left){tail}", rule, FATAL)

    # ------------------------------------------------------------------ stages
    def _stage_actions(self, state: State, st: Stage) -> list[A.Action]:
        if st.kind == "roll":
            return self._roll_options(state, st)
        if st.kind in ("defender_loss", "exchange_loss", "attacker_loss"):
            return [A.Loss(x) for x in st.get("units")]
        if st.kind == "retreat":
            uid = st.get("units")[0]
            return [A.Retreat(uid, p.hexes) for p in self.retreat_options(state, st, uid)]
        if st.kind == "advance":
            return [*(A.Advance(x) for x in st.get("units")), A.Advance(None)]
        if st.kind == "overstack":
            return [A.Remove(x) for x in st.get("units")]
        if st.kind == "result_choice":
            return [A.Choose("result", r.lower()) for r in st.get("options")]
        return []

    def _check_stage(self, state: State, st: Stage, act: A.Action) -> Illegal | None:
        expected, what, cite = _STAGES[st.kind]
        rule = self.CITE[cite]
        if not isinstance(act, expected):
            return Illegal(rule, f"first {what} ({self.side_names[st.side]} player)")
        if isinstance(act, A.Roll):
            return self._check_roll(state, st, act)
        if isinstance(act, (A.Loss, A.Remove)):
            if act.unit not in st.get("units"):
                return Illegal(rule, f"{act.unit} cannot be chosen: choose one of {', '.join(st.get('units'))}")
            return None
        if isinstance(act, A.Retreat):
            first = st.get("units")[0]
            if act.unit != first:
                return Illegal(rule, f"retreat {first} first")
            opts = self.retreat_options(state, st, first)
            if any(p.hexes == act.path for p in opts):
                return None
            return self._why_not_retreat(state, st, first, act.path, opts)
        if isinstance(act, A.Advance):
            if act.unit is not None and act.unit not in st.get("units"):
                return Illegal(rule, "only a unit that attacked in this battle may advance")
            return None
        if isinstance(act, A.Choose):
            if act.what != "result" or act.value.upper() not in st.get("options"):
                return Illegal(rule, "choose one of: " + ", ".join(f"result {r.lower()}" for r in st.get("options")))
            return None
        return Illegal(rule, "not now")

    def retreat_options(self, state: State, st: Stage, uid: str) -> list[RetreatPath]:
        key = ("retreat", uid)
        if key not in state._cache:
            side = self.side(uid)
            foes = self.side_hexes(state, self.enemy(side))
            ezoc = self.zoc(state, self.enemy(side))
            here = state.units[uid].map_hex

            def search(adjacent: Callable[[Hex], Iterable[Hex]]) -> list[RetreatPath]:
                return retreat_paths(
                    here, self.retreat_length, adjacent,
                    enemy_at=lambda h: h in foes, in_ezoc=lambda h: h in ezoc,
                    can_end=lambda h: self.stack_with(state, h, uid) is None,
                    max_extra=self.retreat_extension, exits=lambda h: h not in self.board)

            opts = search(self.retreat_adjacent(state, uid, True))
            if not opts:  # off the map only when no retreat on it is possible (games that allow it)
                wide = self.retreat_adjacent(state, uid, False)
                if wide is not self.board.adjacent:
                    opts = search(wide)
            state._cache[key] = opts
        out: list[RetreatPath] = state._cache[key]
        return out

    def _why_not_retreat(self, state: State, st: Stage, uid: str, path: tuple[Hex, ...],
                         opts: list[RetreatPath]) -> Illegal:
        rule = self.CITE["results"]
        origin = state.units[uid].map_hex
        side = self.side(uid)
        for i, h in enumerate(path):
            if h not in self.board:
                return Illegal(rule, f"{hex_name(h)} is not on the map")
            prev = origin if i == 0 else path[i - 1]
            if not are_adjacent(prev, h):
                return Illegal(rule, "each hex of a retreat must be next to the one before")
            if distance(origin, h) != i + 1:
                return Illegal(rule, "each hex of a retreat must take the unit one hex further from the battle")
            if h in self.side_hexes(state, self.enemy(side)):
                return Illegal(rule, "a unit may never retreat into an enemy-held hex")
        if len(path) < self.retreat_length:
            return Illegal(rule, f"the retreat must be {self.retreat_length} hexes long")
        if self.stack_with(state, path[-1], uid) is not None:
            return Illegal(rule, "the retreat must end where the stacking limit allows")
        if opts and len(path) > len(opts[0].hexes):
            return Illegal(rule, "a retreat goes further only when every shorter ending would overstack")
        return Illegal(rule, "a path that avoids enemy zones of control better exists; the retreat must use it")

    def _lose_step(self, state: State, uid: str, ev: list[Event], why: str) -> tuple[float, float]:
        """Flip or eliminate a unit; returns (attack points lost, defense points lost)."""
        u = state.units[uid]
        s = self.specs[u.spec]
        a0, d0 = s.attack(u.steps), s.defense(u.steps)
        if u.steps > 1:
            state.units[uid] = replace(u, steps=u.steps - 1, revealed=True)
            ev.append(Event("reduced", f"{self.public_name(state, uid)} loses a step and is flipped to "
                            f"{s.label(u.steps - 1)} ({why}).",
                            {"unit": uid, "side": self.side(uid), "steps": u.steps - 1}))
            return a0 - s.attack(u.steps - 1), d0 - s.defense(u.steps - 1)
        self._eliminate(state, uid, ev, why)
        return a0, d0

    def _eliminate(self, state: State, uid: str, ev: list[Event], why: str) -> None:
        u = state.units[uid]
        # An eliminated unit stays known once it leaves the map.
        state.units[uid] = replace(u.at(None, ELIMINATED), steps=1, revealed=True)
        if not u.revealed:
            ev.append(Event("revealed", f"{uid} was the {self.specs[u.spec].name}.", {"unit": uid, "spec": u.spec}))
        ev.append(Event("eliminated", f"{self.public_name(state, uid)} is eliminated ({why}).",
                        {"unit": uid, "side": self.side(uid), "steps": u.steps if u.where == ON_MAP else 0}))

    def _apply_stage(self, state: State, st: Stage, act: A.Action, dice: Dice, ev: list[Event]) -> None:
        if isinstance(act, A.Roll):
            self._apply_roll(state, st, act, dice, ev)
        elif isinstance(act, A.Loss):
            self._apply_loss(state, st, act, ev)
        elif isinstance(act, A.Retreat):
            self._apply_retreat(state, st, act, ev)
        elif isinstance(act, A.Advance):
            if act.unit is not None:
                u = state.units[act.unit]
                state.units[act.unit] = u.at(st.target_hex)
                self._take_control(state, act.unit, st.target_hex, ev)
                ev.append(Event("advanced", f"{self.public_name(state, act.unit)} advances into "
                                f"{hex_name(st.target_hex)} ({self.CITE['advance']}).",
                                {"unit": act.unit, "hex": st.target}))
            self._finish_battle(state, st.target_hex, ev)
        elif isinstance(act, A.Remove):
            self._apply_overstack_removal(state, act, ev)
        elif isinstance(act, A.Choose):
            chosen = act.value.upper()
            ev.append(Event("result_chosen", f"The {self.side_names[st.side]} player takes {chosen} "
                            f"({self.results.get(chosen, chosen)}).", {"result": chosen, "side": st.side}))
            state.stage = None
            self._start_result(state, st.target_hex, st.get("attackers"), chosen, ev, chosen=True)

    def _apply_roll(self, state: State, st: Stage, act: A.Roll, dice: Dice, ev: list[Event]) -> None:
        target = st.target_hex
        atk = st.get("attackers")
        o = self._roll_odds(state, st, act)
        self._note_roll(state, st, act)
        data: dict[str, Any] = {"target": target, "odds": o, "lines": o.lines(), "side": st.side}
        if o.no_effect:
            data.update(result="NE", below_1_1=True)
            ev.append(Event("combat", f"Battle at {hex_name(target)}: below 1:1 after shifts, no effect "
                            f"({self.CITE['long_odds']}).", data))
            self._finish_battle(state, target, ev)
            return
        roll = dice.roll(6)
        result = self.crt.lookup(o.final_index, roll)
        ev.append(Event("die_rolled", f"Die roll {roll}.", {"roll": roll, "side": st.side}))
        ev.append(Event("combat",
                        f"Battle at {hex_name(target)}: {o.column}, roll {roll}: {result} — {self.results[result]}.",
                        {**data, "roll": roll, "result": result}))
        state.attacked.update(atk)
        self._start_result(state, target, atk, result, ev)

    def _note_roll(self, state: State, st: Stage, act: A.Roll) -> None:
        """Hook: record what the roll used up (air support, Offensive markers …)."""

    def _start_result(self, state: State, target: Hex, atk: tuple[str, ...], result: str, ev: list[Event],
                      chosen: bool = False) -> None:
        dside = self.side(state.units_at(target)[0].id)
        aside = self.enemy(dside)
        dfn = tuple(u.id for u in state.units_at(target))
        base = (("attackers", atk), ("result", result))
        if not chosen:
            opts = self.result_options(state, target, result)
            if opts:  # the defender may take another result instead (Stand Fast, fortifications …)
                state.stage = Stage("result_choice", dside, target, base + (("options", tuple([result] + opts)),))
                return
        rule = self.CITE["results"]
        if result == "NE":
            self._finish_battle(state, target, ev)
        elif result == "DE":
            for x in dfn:
                self._eliminate(state, x, ev, f"{rule} DE")
            self._after_defender_gone(state, target, atk, ev)
        elif result == "DR":
            state.stage = Stage("retreat", aside, target, base + (("units", dfn),))
        elif result in ("DRL", "EX", "SF"):  # one defending unit loses a step first (SF: and stays)
            state.stage = Stage("defender_loss", dside, target, base + (("units", dfn),))
        elif result == "AL":  # one attacker (attacker's choice) loses a step
            state.stage = Stage("attacker_loss", aside, target, base + (("units", self.loss_pool(state, target, atk)),))

    def _apply_loss(self, state: State, st: Stage, act: A.Loss, ev: list[Event]) -> None:
        target = st.target_hex
        atk = st.get("attackers")
        result = st.get("result")
        rule = self.CITE["results"]
        if st.kind == "defender_loss":
            _, dlost = self._lose_step(state, act.unit, ev, f"{rule} {result}")
            state.stage = None
            state.touch()
            if result == "SF":  # Stand Fast: the step is the whole result
                self._finish_battle(state, target, ev)
                return
            if result == "EX":
                # EX: the attacker loses at least as many (printed) strength points.
                live = self.loss_pool(state, target, atk)
                ev.append(Event("exchange", f"Exchange: the attacker owes {dlost:g} strength points ({rule} EX).",
                                {"owed": dlost}))
                if live and dlost > 0:
                    state.stage = Stage("exchange_loss", self.side(atk[0]), target,
                                        (("attackers", atk), ("owed", dlost), ("result", result), ("units", live)))
                    return
            self._retreat_or_gone(state, target, atk, result, ev)
        elif st.kind == "exchange_loss":
            alost, _ = self._lose_step(state, act.unit, ev, f"{rule} EX")
            owed = st.get("owed") - alost
            state.touch()
            live = self.loss_pool(state, target, atk)
            if owed > 0 and live:
                state.stage = st.with_(owed=owed, units=live)
                return
            ev.append(Event("exchange", f"The exchange is paid ({rule} EX).", {}))
            state.stage = None
            self._retreat_or_gone(state, target, atk, result, ev)
        elif st.kind == "attacker_loss":
            self._lose_step(state, act.unit, ev, f"{rule} AL")
            self._finish_battle(state, target, ev)

    def _retreat_or_gone(self, state: State, target: Hex, atk: tuple[str, ...], result: str, ev: list[Event]) -> None:
        dfn = tuple(u.id for u in state.units_at(target))
        if dfn:
            state.stage = Stage("retreat", self.enemy(self.side(dfn[0])), target,
                                (("attackers", atk), ("result", result), ("units", dfn)))
        else:
            self._after_defender_gone(state, target, atk, ev)

    def _apply_retreat(self, state: State, st: Stage, act: A.Retreat, ev: list[Event]) -> None:
        uid = act.unit
        opt = next(p for p in self.retreat_options(state, st, uid) if p.hexes == act.path)
        self._do_retreat(state, uid, opt, ev)
        self._next_retreat(state, st, ev)

    def _do_retreat(self, state: State, uid: str, p: RetreatPath, ev: list[Event]) -> None:
        u = state.units[uid]
        start = u.map_hex
        rule = self.CITE["results"]
        if p.ends_in_ezoc:  # forced to end in an enemy zone: eliminated
            for h in p.hexes[:-1]:
                self._take_control(state, uid, h, ev)
            self._eliminate(state, uid, ev, f"{rule} retreat ended in an enemy zone of control")
            return
        if p.end not in self.board:  # off a friendly edge
            for h in p.hexes[:-1]:
                self._take_control(state, uid, h, ev)
            self._retreat_off_map(state, uid, p, ev)
            return
        state.units[uid] = u.at(p.end)
        for h in p.hexes:
            self._take_control(state, uid, h, ev)
        ev.append(Event("retreated", f"{self.public_name(state, uid)} retreats {hex_name(start)} → "
                        + " → ".join(hex_name(h) for h in p.hexes) + ".", {"unit": uid, "path": p.hexes}))
        if p.ezoc_entered:  # retreating through an enemy zone costs one step
            self._lose_step(state, uid, ev, f"{rule} retreat through an enemy zone of control")

    def _next_retreat(self, state: State, st: Stage, ev: list[Event]) -> None:
        state.touch()
        rest = tuple(x for x in st.get("units")[1:]
                     if state.units[x].where == ON_MAP and state.units[x].hex == st.target)
        if rest:
            state.stage = st.with_(units=rest)
            return
        state.stage = None
        self._after_defender_gone(state, st.target_hex, st.get("attackers"), ev)

    def _after_defender_gone(self, state: State, target: Hex, atk: Iterable[str], ev: list[Event]) -> None:
        state.touch()
        if state.units_at(target):
            self._finish_battle(state, target, ev)
            return
        live = self.advancers(state, target, tuple(atk))
        if live:  # advance after combat: one attacking unit may move in
            state.stage = Stage("advance", self.side(live[0]), target, (("units", live),))
        else:
            self._finish_battle(state, target, ev)

    def _finish_battle(self, state: State, target: Hex, ev: list[Event]) -> None:
        state.stage = None
        if target not in state.resolved:
            state.resolved.append(target)
        state.touch()

    def _autoplay(self, state: State, dice: Dice, ev: list[Event]) -> None:
        """Carry out steps that leave no choice: one unit to lose a step, one retreat path, none at all."""
        rule = self.CITE["results"]
        for _ in range(100):
            st = state.stage
            if st is None:
                return
            if st.kind == "retreat":
                uid = st.get("units")[0]
                opts = self.retreat_options(state, st, uid)
                if not opts:  # no legal retreat path: eliminated instead
                    self._eliminate(state, uid, ev, f"{rule} no legal retreat path")
                    self._next_retreat(state, st, ev)
                    continue
                if len(opts) == 1:
                    self._do_retreat(state, uid, opts[0], ev)
                    self._next_retreat(state, st, ev)
                    continue
                return
            if st.kind in ("defender_loss", "exchange_loss", "attacker_loss") and len(st.get("units")) == 1:
                self._apply_loss(state, st, A.Loss(st.get("units")[0]), ev)
                continue
            return


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _singular(why: str) -> str:
    """"hold enemy units" said of one hex."""
    return {"hold enemy units": "holds enemy units", "lie in an enemy zone of control": "lies in an enemy zone of "
            "control", "would be overstacked": "would be overstacked",
            }.get(why, why.replace("lead on only", "leads on only"))


def _and(names: list[str]) -> str:
    """"0104", "0104 and 0202", "0103, 0104 and 0202"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
