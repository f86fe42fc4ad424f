"""Plain words the client shows whatever the game: the shortcuts, the history note, and the
helpers that word a phase, a battle step, a result or a mode from what the game's entry and
decisions say (``PhaseInfo.help``, ``StepInfo``, ``Decision.prompt``, ``extra["results"]`` and
``extra["mode_notes"]``). No game's own text lives here: each game's words are in its package.
Pure text: no pygame, no rules logic.
"""
from __future__ import annotations

from typing import Any

from .sides import SIDE_NAMES, side_name

# How the map marks a hex where a tray counter may be put: the one phrase every prompt uses for it,
# so that the words match the drawing (overlays frame these hexes in green, before a pick and after).
PLACE_HEX = "green-framed hex"

__all__ = ["HISTORY_NOTE", "SHORTCUTS", "SIDE_NAMES", "mode_note", "phase_paragraphs", "result_text",
           "results_rule", "stage_help", "stage_line", "stage_name"]

HISTORY_NOTE = ("Looking back: this is an earlier position, shown read-only. The text below explains the phase "
                "it was in. Press Esc to return to the present.")

SHORTCUTS: list[tuple[str, str]] = [
    ("Left click", "select a unit, a target or a hex, and list the units of a stack in the side panel; "
                   "click again on a stack to pick the next unit; in a battle being built a stack joins "
                   "whole, and a second click takes it out"),
    ("Shift+click", "a stack next to the target: its units one at a time; tray counters: pick several, then "
                    "one click on a " + PLACE_HEX + " brings them all on"),
    ("Right click / Esc", "drop the current selection (Esc with nothing selected: game menu)"),
    ("Drag (any button)", "pan the map"),
    ("Arrow keys", "pan the map"),
    ("Mouse wheel, + and -", "zoom in and out around the pointer"),
    ("F or Home", "the whole map in the window; F again (or the button over the map): back to where you act"),
    ("E", "end the phase (closes battle declarations in a combat phase); asks first if units could still act"),
    ("Enter", "declare the battle being built / confirm a dialog"),
    ("R", "roll the die without air support (battle resolution)"),
    ("N", "no advance after combat"),
    ("Tab", "select the next unit that can still act"),
    ("Ctrl+Z", "undo (not past a die roll or a revealed unit)"),
    ("Ctrl+Y", "redo what was undone (Ctrl+Shift+Z works too)"),
    ("Ctrl+S", "save the game in the saves folder"),
    ("Ctrl+= and Ctrl+-", "make the interface larger or smaller (remembered); Ctrl+0: follow the window's size"),
    ("I", "show or hide hex ids"),
    ("X", "explain: mark enemy zones of control, units cut off from their edge and overstacked hexes"),
    ("H or [", "look back through the game (a click on a log line does it too)"),
    ("← → or [ ]", "while looking back: one action back or forward"),
    ("PgUp / PgDn, Home / End", "while looking back: a phase back or forward, the first or last position"),
    ("Esc (looking back)", "return to the present"),
    ("Space / Enter", "while the computer plays: normal or fast pace / skip to the end of its turn"),
    ("L / K / T", "side panel: log / rules / turn track (reinforcements, replacement steps, air support)"),
    ("U", "the luck report: the dice each side rolled against what could be expected"),
    ("L (in the menu)", "Learn: the lessons of the game chosen"),
    ("F1 or ?", "this help"),
    ("Q (in the menu)", "quit"),
]



def phase_paragraphs(phase: Any, view: dict | None = None, fallback: bool = True) -> list[str]:
    """The phase explained: its entry's paragraphs (``PhaseInfo.help``), else (``fallback``)
    words built from its name, summary and rule."""
    got = list(phase.help) if phase is not None else []
    if got or not fallback or (phase is None and view is None):
        return got
    v = view or {}
    name = str((phase.name if phase is not None else "") or v.get("phase_name") or "this phase")
    rule = str((phase.rule if phase is not None else "") or v.get("phase_rule") or "")
    summary = str(phase.summary if phase is not None else "")
    first = summary or f"{name}: do what the step asks, then end the phase."
    return [first, f"{name}" + (f" — see rule {rule} in the rulebook." if rule else "."),
            "The client offers only what the rules allow now; a refused action names its rule."]


def _stage_decision(decisions, kind: str):
    return next((d for d in decisions if d.stage == kind), None)


def stage_line(entry: Any, kind: str, side: str | None, hex_id: str | None, decisions=()) -> str:
    """What the deciding player must do at a battle step, with the rule: the prompt of the
    decision on offer, else the entry's words for the step."""
    d = _stage_decision(decisions, kind)
    if d is not None:
        return d.prompt + (f" ({d.rule})" if d.rule else "")
    st = entry.step(kind) if entry is not None else None
    title = st.title if st is not None else kind.replace("_", " ")
    text = (st.prompt if st is not None and st.prompt else "") or f"{{side}} player: {title[:1].lower()}{title[1:]}."
    text = text.replace("{side}", side_name(side) if side else "Nobody").replace("{hex}", hex_id or "")
    rule = st.rule if st is not None else ""
    return text + (f" ({rule})" if rule else "")


def stage_help(entry: Any, kind: str, decisions=()) -> str:
    """More on a battle step, in the game's own words (the decision's or the entry's help)."""
    d = _stage_decision(decisions, kind)
    if d is not None and d.help:
        return d.help
    st = entry.step(kind) if entry is not None else None
    return st.help if st is not None else ""


def stage_name(entry: Any, kind: str | None) -> str:
    """A battle step's short name for titles ("retreat", "defender's loss")."""
    st = entry.step(kind) if entry is not None and kind else None
    return st.title[:1].lower() + st.title[1:] if st is not None else str(kind or "").replace("_", " ")


def mode_note(entry: Any, mode: str) -> str:
    """The game's note on the half of a combat phase the client is in (``extra["mode_notes"]``)."""
    notes = (entry.extra.get("mode_notes") if entry is not None else None) or {}
    return str(notes.get(mode, ""))


def results_rule(entry: Any) -> str:
    """The rule of the combat results: the entry's ``extra["results_rule"]``, else the rule of
    its battle roll step."""
    if entry is None:
        return ""
    step = entry.step("roll")
    return str(entry.extra.get("results_rule") or (step.rule if step is not None else ""))


def result_text(entry: Any, code: str) -> str:
    """A combat result in the game's words (``extra["results"]``), else its code."""
    words = (entry.extra.get("results") if entry is not None else None) or {}
    return str(words.get(code, code))
