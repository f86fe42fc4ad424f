"""Who plays each side, as menus, settings and records write it: ``human``, ``computer:easy``,
``computer:normal`` (no pygame, no threads: the menu's first frame reads these).
"""
from __future__ import annotations

HUMAN, COMPUTER = "human", "computer"

# Strength levels: the menu's name -> (the ``hexwar.ai`` player kind, what it does, for the tooltip).
LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("greedy", "the simple greedy player: it attacks at the best odds it can find and moves toward "
                       "the nearest objective, without weighing what the enemy can do back. Its short "
                       "reasons (the odds, the chances, the objective) appear in the log"),
    "normal": ("ai", "the game's own computer player: it weighs odds, losses, terrain and objectives with the "
                     "rules' own figures and plays every step of the game with a plan. Its reasons appear "
                     "in the log"),
}
DEFAULT_LEVEL = "normal"


def player_kind(text) -> tuple[str, str | None]:
    """A side's entry as menus and records write it -> (human | computer, level or None).
    ``computer`` alone (records before levels existed) is the normal level."""
    t = str(text or "").strip().lower()
    if t == HUMAN:
        return HUMAN, None
    if t == COMPUTER:
        return COMPUTER, DEFAULT_LEVEL
    if t.startswith(COMPUTER + ":") and t.split(":", 1)[1] in LEVELS:
        return COMPUTER, t.split(":", 1)[1]
    return HUMAN, None  # unknown: a person plays it (never a crash on an odd record)


def player_text(kind: str, level: str | None = None) -> str:
    """The entry for a side: ``human``, ``computer:easy`` or ``computer:normal``."""
    if kind != COMPUTER:
        return HUMAN
    return f"{COMPUTER}:{level if level in LEVELS else DEFAULT_LEVEL}"


def describe_player(text) -> str:
    """Who plays a side, in words: "human", "computer (easy)"."""
    kind, level = player_kind(text)
    return kind if kind == HUMAN else f"computer ({level})"
