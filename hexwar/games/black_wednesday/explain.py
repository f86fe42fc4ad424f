"""The contract's hooks that explain a Black Wednesday position: each option's label and the
words of each decision (``option_label``, ``choice_info``: from ``words.py``), the pending step
inside a fire (``stage_of``), what an option does (``consequences.py``) and what a fire would
bring (``fire_previews.py``). Mixin for BWRules, ahead of the rules' other parts.
"""
from __future__ import annotations

import re
from typing import Any

from ...core.actions import Action
from ...core.hexgrid import hex_name, use_hex_ids
from . import words
from .consequences import Consequences
from .fire_previews import FirePreviews


class Explain(FirePreviews, Consequences):
    """Mixin for BWRules (``self`` is the rules object)."""

    def option_label(self, state: Any, action: Action) -> str | None:
        with use_hex_ids(self.ids):
            return words.label(action)

    def choice_info(self, state: Any, what: str | None = None) -> dict[str, Any]:
        """Title, rule and help of ``choose <what>`` or of a verb (and, while an owner's choice
        inside a fire is pending, its values). Called as ``choice_info(state, what)`` (the
        contract) or ``choice_info(what)``."""
        if what is None:
            state, what = None, state
        return super().choice_info(state, what) or words.choice_words(str(what))  # choices.py first

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
