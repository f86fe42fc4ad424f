"""The contract's hooks that explain a Black Wednesday position: each option's label and the
words of each decision (``option_label``, ``choice_info``: from ``words.py``), the pending step
inside a fire (``stage_of``), what an option does (``consequences.py``) and what a fire would
bring (``fire_previews.py``). Mixin for BWRules, ahead of the rules' other parts.
"""
from __future__ import annotations

import re
from typing import Any

from ...core.actions import Action, Move
from ...core.errors import Illegal
from ...core.hexgrid import Hex, current_hex_ids, distance, hex_name, use_hex_ids
from ...core.movement import reachable
from ...core.units import ON_MAP
from . import words
from .consequences import Consequences
from .fire_previews import FirePreviews

_SCEN = re.compile(r"\bSCEN\b")


class Explain(FirePreviews, Consequences):
    """Mixin for BWRules (``self`` is the rules object)."""

    def option_label(self, state: Any, action: Action) -> str | None:
        if current_hex_ids() is self.ids:  # the game's ids already in force (its client): no block
            return words.label(action)
        with use_hex_ids(self.ids):
            return words.label(action)

    def choice_info(self, state: Any, what: str | None = None) -> dict[str, Any]:
        """Title, rule and help of ``choose <what>`` or of a verb (and, while an owner's choice
        inside a fire is pending, its values). Called as ``choice_info(state, what)`` (the
        contract) or ``choice_info(what)``."""
        if what is None:
            state, what = None, state
        return super().choice_info(state, what) or words.choice_words(str(what))  # choices.py first

    def decision_words(self, state: Any, key: str) -> dict[str, str]:
        """The wire breaches some scenarios grant before play share the verb's name: their own words."""
        if key == "choose:breach":
            left = state.extra.get("breaches_left", self.scen.breaches)
            return {"title": "Wire breaches before play", "rule": "Scenario set-up",
                    "help": f"The scenario lets the Soviets start with {left} more wire hex(es) of their set-up "
                            "areas already breached: units may then pass them without a breach of their own.",
                    "prompt": "{side} player: pick a wire hex of a Soviet set-up area to breach before play "
                              f"({left} left), or set up units."}
        return {}

    def for_player(self, text: str) -> str:
        """The scenarios' own rules are cited "SCEN" by the engine: the player reads "scenario rules"."""
        return _SCEN.sub("scenario rules", text) if "SCEN" in text else text

    def why_not_reach(self, state: Any, uid: str, dest: Hex) -> Illegal | None:
        """Why a unit of the Action Phase cannot move to ``dest``: an enemy hex (§11.1), then the
        move's own refusal (acted, Paralyzed, reserve, wire, play area, orders ...), and for a hex
        simply too far the cost of the cheapest way there against the MP it has (§7.1)."""
        u = state.units.get(uid)
        if state.phase != "action" or "pending" in state.extra or u is None or u.where != ON_MAP:
            return super().why_not_reach(state, uid, dest)
        with use_hex_ids(self.ids):
            if dest in self.reach(state, uid) or dest == u.hex:
                return None
            side = self.side_of(uid)
            if any(self.side_of(x.id) != side for x in state.units_at(dest)):
                how = " (from next to it, in Move Mode)" if distance(u.hex, dest) == 1 else ""
                return Illegal("§11.1", f"{hex_name(dest)} holds enemy units: a unit goes in only by an assault{how}")
            why = self.check_move(state, Move(uid, (dest,)))
            if why is None or why.rule != "§7.1" or "too far" not in why.reason:
                return why
            mp, ma = self.mp_of(state, uid)
            s = self.spec(uid)
            block, _enemy = self._block_set(state, uid)
            r = reachable(u.hex, 10 * max(ma, 1), edges=self._edges(s.move_class, ma), blocked=block.__contains__)
            cost = r.cost.get(dest)
            if cost is None:
                return Illegal("§7.1", f"{uid} has no way to {hex_name(dest)}: prohibited terrain, unbreached wire "
                                       "(1.4a) or enemy hexes close every path")
            return Illegal("§7.1", f"{hex_name(dest)} is too far: the cheapest way there costs {cost:g} MP and "
                                   f"{uid} has {mp:g}" + (" (Fire Mode costs half the MA first, §5)"
                                                            if self.mode(state, uid) == "fire" else ""))

    def stage_of(self, state: Any) -> tuple[str, str]:
        """The owner's choice a fire waits for (``loss``, ``retreat``, ``overwatch`` ...) and the
        hex it is about; ("", "") when none is pending."""
        p = self.pending(state)
        if p is None:
            return super().stage_of(state)
        with use_hex_ids(self.ids):
            return p.what, self._pending_hex(state, p)

    def _pending_hex(self, state: Any, p: Any) -> str:
        target = getattr(p.action, "target", None)  # the fire, assault or mission being resolved, if any
        if p.what == "loss":  # the hit units' hex (attackers hit in an assault: the assaulted hex)
            hexes = {state.units[u].hex for u in p.options if u in state.units and state.units[u].hex is not None}
            if len(hexes) == 1:
                return hex_name(next(iter(hexes)))
            return hex_name(target) if target is not None and not isinstance(target, str) else ""
        if p.what == "advance":
            return hex_name(target) if target is not None else ""
        if p.what == "overwatch":
            mover = state.units.get(state.extra.get("last_mover") or "")
            return hex_name(mover.hex) if mover is not None and mover.hex is not None else ""
        if p.what == "return_fire":
            at = {o.partition(">")[2] for o in p.options if ">" in o}
            return next(iter(at)) if len(at) == 1 else ""
        if p.what == "retreat":  # the engine's note names the hex the unit retreats from
            m = re.search(r" from (\S+): ", p.note)
            return m.group(1) if m else ""
        return ""
