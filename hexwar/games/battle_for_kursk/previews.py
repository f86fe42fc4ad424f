"""The odds of an Offensive before it is declared, resolved or rolled (the contract's ``preview``
hook, 9.2.1): the shared battle preview with the lead's shift and one line per supporter.

A plain Attack is left to the shared core (``BattleMixin.preview``); a battle declared as an
Offensive gets its supporters' columns, which the core cannot know of.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, cast

from ...core import actions as A
from ...core.contract import Preview, PreviewLine
from ...core.hexgrid import Hex, hex_name
from ...core.state import State
from .offensive import Offensive

if TYPE_CHECKING:  # combined with the core's mixins in KurskRules, whose parts it uses (host.py)
    from .host import KurskHost as _Rules
else:
    _Rules = object


class PreviewHooks(_Rules):
    """Needs KurskRules (``odds``, ``odds_preview``, ``battle``, ``live_support``, ``check``)."""

    def preview(self, state: State, action: A.Action) -> Preview | None:
        if isinstance(action, Offensive):
            return self.offensive_preview(state, action)
        off = self._declared_offensive(state, action)
        if off is not None:
            target, atk, lead, support = off
            o = self.odds(state, target, atk, (lead, support))
            if o is not None:
                return self._with_support(self.odds_preview(f"The Offensive at {hex_name(target)}", o),
                                          state, lead, support)
        out: Preview | None = super().preview(state, action)
        if isinstance(action, A.Attack) and out is not None and out.refusal is None and out.outcomes:
            hint = self._offensive_hint(state, action)
            if hint:
                out = replace(out, note=(out.note + " " if out.note else "") + hint)
        return out

    def _offensive_hint(self, state: State, act: A.Attack) -> str:
        """What an Offensive could add to a plain attack now (9.2.1), or ""."""
        side = self.side(act.attackers[0])
        if self.offensives_free(state, side) <= 0:
            return ""
        best: tuple[int, str] = (0, "")
        for lead in act.attackers:
            if self.lead_problem(state, lead) is None:
                n = len(self.supporters(state, act.target, lead, tuple(act.attackers)))
                best = max(best, (n, lead))
        if not best[0]:
            return ""
        cols = best[0] * int(self.camp.offensives["support_shift"])
        return (f"As an Offensive led by {best[1]}, its {best[0]} possible supporter(s) would add {cols} "
                "column(s) for one marker (9.2.1).")

    def offensive_preview(self, state: State, act: Offensive) -> Preview:
        """9.2.1: the odds of ``act`` with the lead's column and each supporter's, the chance of
        each result; the refusal when the lead or a supporter is not allowed."""
        title = (f"Offensive at {hex_name(act.target)}: {act.lead} leads {', '.join(act.attackers)}"
                 + (f", supported by {', '.join(act.support)}" if act.support else ""))
        why = self.check(state, cast(A.Action, act))  # a verb of this game, not in the core's Action union
        if why is not None:
            return Preview(title, refusal=why)
        o = self.odds(state, act.target, act.attackers, (act.lead, act.support))
        if o is None:  # pragma: no cover - check refuses a battle without a defender
            return Preview(title, "unknown")
        side = self.side(act.lead)
        p = self._with_support(self.odds_preview(title, o), state, act.lead, act.support)
        return replace(p, note=f"Spends an Offensive marker ({self.offensives_free(state, side)} ready); the "
                               "supporters may take the attacker's losses (9.2.1).")

    def _declared_offensive(self, state: State, action: A.Action) -> tuple[Hex, tuple[str, ...], str,
                                                                           tuple[str, ...]] | None:
        """A Resolve or Roll of a battle declared as an Offensive: (target, attackers, lead, supporters)."""
        st = state.stage
        if isinstance(action, A.Resolve):
            target = action.target
        elif isinstance(action, A.Roll) and st is not None and st.kind == "roll" and self.check(state, action) is None:
            target = st.target_hex
        else:
            return None
        b = next((x for x in state.battles if x.target == target), None)
        if b is None or not b.lead:
            return None
        rolling = isinstance(action, A.Roll) and st is not None
        atk = tuple(st.get("attackers")) if rolling and st is not None else self.live_attackers(state, b)
        if not atk:
            return None
        return b.target, atk, b.lead, self.live_support(state, b)

    def _with_support(self, p: Preview, state: State, lead: str, support: tuple[str, ...]) -> Preview:
        """Under the Offensive's shift, one line per supporter with its own column."""
        n = int(self.camp.offensives["support_shift"])
        formation = self.specs[state.units[lead].spec].formation
        extra = tuple(PreviewLine(f"{sid} supports from the second echelon, {formation} as the lead", "9.2.1",
                                  f"+{n} column", 2) for sid in support)
        lines = list(p.lines)
        at = next((i + 1 for i, ln in enumerate(lines) if ln.rule == "9.2.1"), len(lines))
        return replace(p, lines=tuple(lines[:at]) + extra + tuple(lines[at:]))
