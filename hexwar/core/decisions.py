"""The decisions of a position, worked out from its legal actions and the game's hooks.

``build_decisions`` groups the legal actions by what is decided (every ``Move`` is one
decision, every ``Choose`` of one ``what`` another, each verb of a game its own), takes the
words from the game's entry (``GameEntry.steps``, the phase) and asks the rules for each
option's label and consequence (the hooks ``option_label(state, action)``, ``consequence(state, action)``,
``choice_info(state, what)`` and ``decision_words(state, key)`` of ``core.hooks.RulesHooks``).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from . import actions as A
from .actions import Action
from .contract import Consequence, Decision, Option
from .entry import GameEntry, PhaseInfo
from .errors import Illegal
from .hexgrid import hex_name

ACTION_KEYS: dict[type, str] = {
    A.Move: "move", A.Place: "place", A.Attack: "attack", A.Resolve: "resolve", A.Roll: "roll",
    A.Loss: "loss", A.Retreat: "retreat", A.Advance: "advance", A.Restore: "restore", A.Remove: "remove",
    A.EndPhase: "end",
}

# Words for the shared kinds when the game's entry says nothing more of them.
DEFAULT_TITLES = {
    "move": "Move a unit", "place": "Place a unit", "attack": "Declare a battle", "resolve": "Resolve a battle",
    "roll": "Roll for the battle", "loss": "Take a loss", "retreat": "Retreat", "advance": "Advance after combat",
    "restore": "Restore a reduced unit", "remove": "Remove a unit", "end": "End the phase",
}


# What the acting player is asked, for the shared kinds the entry says nothing more of.
DEFAULT_PROMPTS = {
    "move": "{side} player: move your units, each within its movement points, then end the phase.",
    "place": "{side} player: place each unit on a hex where it may set up or enter.",
    "attack": "{side} player: declare a battle: an enemy hex, then the units that attack it.",
    "resolve": "{side} player: pick the next declared battle to resolve.",
    "roll": "{side} player: roll the die for the battle at {hex}.",
    "restore": "{side} player: spend a replacement step to bring a reduced unit back to full strength.",
    "end": "{side} player: end the phase when you are done.",
}


def decision_key(action: Action) -> str:
    """What an action decides: its kind, ``choose:<what>`` or ``verb:<verb>``."""
    if isinstance(action, A.Choose):
        return f"choose:{action.what}"
    key = ACTION_KEYS.get(type(action))
    return key if key is not None else f"verb:{action.notation().split()[0]}"


def default_label(action: Action) -> str:
    """An option's label when the game gives none: the value, or the notation after the verb."""
    if isinstance(action, A.Choose):
        return action.value.replace("_", " ")
    if isinstance(action, A.Retreat):
        return " → ".join(hex_name(h) for h in action.path) or "stay"
    if isinstance(action, A.Advance):
        return action.unit or "no advance"
    words = action.notation().split()
    return " ".join(words[1:]) or words[0]


def build_decisions(rules: Any, state: Any, legal: Iterable[Action], entry: GameEntry | None,
                    side: str | None, phase: PhaseInfo | None, stage: str = "",
                    target: str = "") -> tuple[Decision, ...]:
    """Group ``legal`` into decisions, in the order their first action comes."""
    order: list[str] = []
    groups: dict[str, list[Action]] = {}
    for a in legal:
        k = decision_key(a)
        if k not in groups:
            order.append(k)
            groups[k] = []
        groups[k].append(a)
    label_of: Callable[[Any, Action], str | None] = rules.option_label
    conseq_of: Callable[[Any, Action], Consequence | None] = rules.consequence
    info_of: Callable[[Any, str], dict[str, Any]] = rules.choice_info
    words_of: Callable[[Any, str], dict[str, str]] = rules.decision_words
    side_name = entry.side_name(side) if entry is not None else str(side or "")
    out = []
    for k in order:
        acts = groups[k]
        step = None
        if entry is not None:
            step = ((entry.step(f"{stage}:{k}") if stage else None) or entry.step(k)
                    or (entry.step(stage) if stage else None))
        info: dict[str, Any] = {}
        name = k.split(":", 1)[1] if ":" in k else k
        if k.startswith(("choose:", "verb:")):
            info = dict(info_of(state, name) or {})
        words = dict(words_of(state, k) or {})  # the position's own words come first
        title = words.get("title") or (step.title if step else "") or str(info.get("title") or "") \
            or DEFAULT_TITLES.get(k) or name.replace("_", " ").capitalize()
        rule = words.get("rule") or (step.rule if step else "") or str(info.get("rule") or "") \
            or (phase.rule if phase else "")
        help_ = words.get("help") or (step.help if step else "") or str(info.get("help") or "")
        prompt = words.get("prompt") or (step.prompt if step else "") or str(info.get("prompt") or "") \
            or DEFAULT_PROMPTS.get(k) or f"{{side}} player: {_lower_first(title)}."
        prompt = prompt.replace("{side}", side_name).replace("{hex}", target)
        secret = bool(step.secret) if step else False
        options = [Option(a, label_of(state, a) or default_label(a),
                          conseq_of(state, a) or _default_consequence(a, phase)) for a in acts]
        if k.startswith("choose:") and info.get("values"):
            # Values the rules know of but do not allow now: shown with the reason.
            have = {o.action.value for o in options if isinstance(o.action, A.Choose)}
            for v in info["values"]:
                v = str(v)
                if v in have:
                    continue
                act = A.Choose(name, v)
                why = rules.check(state, act) or Illegal(rule, "not offered now")
                options.append(Option(act, label_of(state, act) or default_label(act), None, why))
        out.append(Decision(k, side, title, rule, prompt, help_, tuple(options), secret, stage,
                            words.get("note", "")))
    return tuple(out)


def _lower_first(title: str) -> str:
    """"Move a unit" → "move a unit"; a title that opens with a name or an abbreviation ("SYR in
    a trench", "Prep Log") keeps its case."""
    words = title.split()
    first = words[0] if words else ""
    if len(first) > 1 and first[1:].islower() and not (len(words) > 1 and words[1][:1].isupper()):
        return title[:1].lower() + title[1:]
    return title


def _default_consequence(action: Action, phase: PhaseInfo | None) -> Consequence | None:
    """What an option does when the game says nothing more: ending the phase ends it."""
    if isinstance(action, A.EndPhase):
        name = phase.name if phase is not None else "phase"
        return Consequence(f"ends the {name}" + ("" if "phase" in name.lower() else " phase")
                           + ": play moves on, and what was not done in it is given up",
                           phase.rule if phase is not None else "")
    return None
