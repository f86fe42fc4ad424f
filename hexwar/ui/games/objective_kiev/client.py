"""Objective: Kiev's client hooks: the turn record of the Track tab (each turn's date, the
arrivals of 11.0, the replacement steps of 12.0 with the 13.0 balance options that change
them), the air support markers of 10.5 and the Help screen's drawn legend. Read from the game's facts (``Position(game,
side).facts``) and the record's header; nothing here decides a rule."""
from __future__ import annotations

from ...turns import AirMarker, NamedTurn, Steps, short_name
from ..base import GameUI

# Balance options (13.0) that change the replacement steps of a side:
# option -> (side, what happens, on which turns: "all" or "even").
STEP_OPTIONS = {
    "no_axis_replacements": ("axis", "none", "all"),
    "axis_panzer_replacements_odd_turns": ("axis", "no panzers", "even"),
}
STEP_NOTES = {
    "none": "no replacement steps at all (13.0 balance option)",
    "no panzers": "German panzer corps may not take these steps: they do so only on turns 3, 5 and 7 "
                  "(13.0 balance option)",
}


def _facts(game):
    from ....core.position import Position

    side = game.acting_side() or (game.entry.sides[0].id if game.entry is not None else "axis")
    return Position(game, side).facts


class KievUI(GameUI):
    arrival_rule = "11.0"

    def __init__(self) -> None:
        self._turns: dict[str, list[NamedTurn]] = {}

    def named_turns(self, game) -> list[NamedTurn]:
        """Turns 1 to the last, each with its date (the turn record)."""
        key = str(game.header.get("scenario"))
        got = self._turns.get(key)
        if got is None:
            f = _facts(game)
            dates = f.dates()
            got = self._turns[key] = [NamedTurn(t, f"Turn {t}", str(dates.get(t, "")))
                                      for t in range(1, f.last_turn + 1)]
        return got

    def arrivals(self, ctl) -> dict[str, int]:
        f = ctl.facts()
        return f.arrival_turns() if f is not None else {}

    def turn_steps(self, ctl, turn, side: str) -> Steps | None:
        """12.0's steps of the scenario, after the 13.0 balance options of the game's record."""
        f = ctl.facts()
        if f is None:
            return None
        base = f.replacement_steps(turn, side)
        options = ctl.game.header.get("options") or {}
        steps, note = base, ""
        for opt, (who, effect, turns) in STEP_OPTIONS.items():
            if not options.get(opt) or who != side or (turns == "even" and turn % 2):
                continue
            if effect == "none":
                steps, note = 0, "none" if base else ""
            elif base and not note:
                note = effect
        return Steps(steps, note, base, "12.0", STEP_NOTES.get(note, ""))

    def draw_help_legend(self, surface, rect, th) -> bool:
        from .help import draw_legend

        draw_legend(surface, rect, th)
        return True

    def air_markers(self, ctl) -> list[AirMarker]:
        f = ctl.facts()
        if f is None:
            return []
        avail = ctl.view().get("support_available")
        return [AirMarker(m.id, m.name, short_name(m.id, m.name), m.side, int(m.shift),
                          avail is not None and m.id not in avail, "10.5, 8.3") for m in f.air_support()]
