"""The decisions of a position, worked out from its legal actions and the game's hooks.

``build_decisions`` groups the legal actions by what is decided (every ``Move`` is one
decision, every ``Choose`` of one ``what`` another, each verb of a game its own), takes the
words from the game's entry (``GameEntry.steps``, the phase) and asks the rules for each
option's label and consequence (the hooks ``option_label(state, action)``, ``consequence(state, action)`` and
``choice_info(state, what)`` of ``core.hooks.RulesHooks``).
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
        title = (step.title if step else "") or str(info.get("title") or "") or DEFAULT_TITLES.get(k) \
            or name.replace("_", " ").capitalize()
        rule = (step.rule if step else "") or str(info.get("rule") or "") or (phase.rule if phase else "")
        help_ = (step.help if step else "") or str(info.get("help") or "")
        prompt = (step.prompt if step else "") or f"{{side}} player: {title[:1].lower()}{title[1:]}."
        prompt = prompt.replace("{side}", side_name).replace("{hex}", target)
        secret = bool(step.secret) if step else False
        options = [Option(a, label_of(state, a) or default_label(a), conseq_of(state, a)) for a in acts]
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
        out.append(Decision(k, side, title, rule, prompt, help_, tuple(options), secret, stage))
    return tuple(out)
