"""What one side must not read of the other's decisions, as the game says it: a secret
simultaneous choice (the entry's secret steps, e.g. both sides' postures for the turn) until a ``revealed`` event,
and every decision of a secret phase (the entry's ``PhaseInfo.secret``) for good; and the words
the other side reads instead (``game.secret_text``). No game is named here (no pygame).
"""
from __future__ import annotations

HIDDEN_EVENT = "(hidden until both are revealed)"

HIDDEN_PLAN = "(hidden: part of the other side's plan)"


def is_secret(game, action) -> bool:
    """Is ``action`` a secret choice, hidden until both are revealed (not a plan kept for good)?"""
    return game.secret_text(action) is not None and not game.plan_secret(action)


def secret_text(game, action, k: int | None = None) -> str | None:
    """What the other side reads instead of ``action``, or None when it is public. ``k``: the
    number of actions taken before it (None: it is about to be taken now); a secret phase is
    told by the position it was taken in."""
    entry = game.entry
    if entry is None:
        return None
    if k is not None and k != len(game.actions) and any(p.secret for p in entry.sequence):
        return game.at(k).secret_text(action)
    return game.secret_text(action)


def secret_label(action) -> str:
    words = action.notation().split()
    what = words[1] if words[0] == "choose" and len(words) > 1 else words[0]
    return f"chose a {what.replace('_', ' ')} (hidden until both are revealed)"
