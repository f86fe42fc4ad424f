"""What one side must not read of the other's decisions: a secret simultaneous choice (Kursk's
postures, 12.0) until a ``revealed`` event, and every decision of a secret phase (Black
Wednesday's Prep Log, 2.4) for good; and the words the other side reads instead (no pygame).
"""
from __future__ import annotations

import logging

from ...core import actions as A

log = logging.getLogger(__name__)


# Secret decisions of the games whose rules object does not (yet) declare ``secret_choices``:
# the rulebook makes them secret, so the client keeps them hidden in any case.
KNOWN_SECRETS: dict[str, frozenset] = {"battle-for-kursk": frozenset({"posture"})}  # 12.0


def secret_whats(rules) -> frozenset:
    """The decisions whose value the other side must not see until it is revealed: the rules'
    ``secret_choices`` (names of ``Choose.what``), e.g. Kursk's simultaneous postures (12.0)."""
    got = getattr(rules, "secret_choices", None)
    if got is None:
        got = KNOWN_SECRETS.get(str(getattr(rules, "game_id", "")), ())
    return frozenset(got or ())


def is_secret(rules, action) -> bool:
    """Is this action a secret decision? A rules object may answer itself (``is_secret(action)``);
    otherwise a ``Choose`` whose ``what`` is one of its ``secret_choices``."""
    fn = getattr(rules, "is_secret", None)
    if callable(fn):
        try:
            return bool(fn(action))
        except Exception:  # a broken hook must not reveal anything: treat the action as secret
            log.exception("rules.is_secret failed")
            return True
    return isinstance(action, A.Choose) and action.what in secret_whats(rules)


def secret_label(action) -> str:
    what = getattr(action, "what", None) or getattr(action, "notation", lambda: "a decision")().split()[0]
    return f"chose a {str(what).replace('_', ' ')} (hidden until both are revealed)"


# Phases in which every decision is one side's secret plan, with what the other side reads
# instead: Black Wednesday's Prep Log is the Soviet player's plot (2.4, decision BW-L1). The
# view already leaves an unfired box's target out for the Axis side; the log lines of the plot
# (and a computer's reasons for it) stay hidden from the Axis player for good — each box's
# target shows when it fires.
SECRET_PHASES: dict[str, dict[str, str]] = {
    "black-wednesday": {"prep_log": "made a Prep Log phase decision (the Soviet plot, kept from the Axis player; "
                                    "each box's target shows when it fires, 2.4)"},
}


HIDDEN_EVENT = "(hidden until both are revealed)"


HIDDEN_PLAN = "(hidden: part of the other side's plan)"


def secret_text(rules, action, state=None) -> str | None:
    """What the other side reads instead of ``action`` (taken in ``state``), or None when it is
    public: a secret decision (``is_secret``), or any decision of a secret phase (``SECRET_PHASES``)."""
    if is_secret(rules, action):
        return secret_label(action)
    phases = SECRET_PHASES.get(str(getattr(rules, "game_id", "")))
    if phases and state is not None:
        return phases.get(getattr(state, "phase", None))
    return None
