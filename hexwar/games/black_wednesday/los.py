"""Line of sight in detail (TCS-lite §6.2, 1.2a, 1.8, §13.8): not only whether a hex sees
another (``sees_hex``, the engine's verdict) but why not — the first thing the line meets that
stops it, with its rule — as plain data for the client's line-of-sight tool and for
explanations. Mixin for BWRules.

The walk is the one ``Terrain.line`` makes (same sample points, same rounding, the same
``_blocks`` test, a line along a hexside stopped only when both hexes stop it), stopping at the
first blocking step instead of only saying that one exists; ``clear`` is always ``sees_hex``'s
answer, so the detail can never contradict the rules (a test walks hundreds of lines).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.hexgrid import Hex, cube_round, distance, to_cube

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object

# cause -> the rule that makes it a cause
CAUSE_RULES = {"adjacent": "§6.2", "clear": "§6.2", "visibility": "1.8", "embankment": "1.2a",
               "obstacle": "§6.2", "ground": "§6.2", "smoke": "§13.8",
               "blocked": "§6.2"}


@dataclass(frozen=True)
class LineDetail:
    """One line a → b now. ``cause``: adjacent | clear | visibility | embankment | obstacle |
    ground | smoke (| blocked: a cause this walk does not know, which a test says never happens);
    ``block`` the hex that stops it (None for clear, adjacent, visibility);
    ``what`` the blocking terrain's name (``forest``, ``railway embankment``, ``higher ground``,
    ``Level 2 smoke``) and ``top`` its height in metres; ``sight`` the line's height
    there; ``hexside`` when the line runs along a hexside whose two hexes both block."""

    a: Hex
    b: Hex
    distance: int
    limit: int           # the visibility limit for this line (1.8; at least 10 into an Illum area, §13.8)
    period: str          # day, twilight, night (the time-of-day table)
    clear: bool          # the engine's verdict: sees_hex(state, a, b)
    cause: str
    rule: str
    block: Hex | None = None
    what: str = ""
    top: float | None = None
    sight: float | None = None
    hexside: bool = False


class LineOfSight(_Rules):
    def line_detail(self, state, a: Hex, b: Hex) -> LineDetail:
        """Whether ``a`` sees ``b`` now and, if not, the first cause: beyond the visibility
        limit (1.8), terrain on the line (the embankment 1.2a, an obstacle or higher ground
        §6.2), Level 2 smoke at either end or in between (§13.8)."""
        ter = self.ter
        d = distance(a, b)
        kind, limit = self.period(state)
        if b in state.extra.get("illum", frozenset()):
            limit = max(limit, 10)  # §13.8: an Illum area is seen from up to 10 hexes
        clear = bool(self.sees_hex(state, a, b))

        def out(cause: str, **kw) -> LineDetail:
            return LineDetail(a, b, d, limit, kind, clear, cause, CAUSE_RULES[cause], **kw)

        if d <= 1:
            return out("adjacent")
        if d > limit:
            return out("visibility")
        aq, ar, _ = to_cube(a)
        bq, br, _ = to_cube(b)
        ea, eb = ter.eye(a), ter.eye(b)
        terrain = ter.board.terrain
        for i in range(1, d):
            t = i / d
            sight = ea + (eb - ea) * t
            hs = sorted(h for h in {cube_round(aq + (bq - aq) * t + e, ar + (br - ar) * t + e) for e in (1e-6, -1e-6)}
                        if h in terrain)
            if hs and all(ter._blocks(h, sight) for h in hs):
                h = hs[0]
                cause, what, top = _obstacle(ter, h)
                return out(cause, block=h, what=what, top=top, sight=sight, hexside=len(hs) > 1)
        smoke = state.extra.get("smoke", {})
        if smoke:
            for h in (a, *ter.line(a, b)[1], b):
                if smoke.get(h) == 2:
                    return out("smoke", block=h, what="Level 2 smoke")
        return out("clear" if clear else "blocked")


def _obstacle(ter, h: Hex) -> tuple[str, str, float]:
    """(cause, name, height in metres) of a hex that stops a line."""
    if h in ter.rail:
        return "embankment", "railway embankment", float(ter.top(h))
    name = ter.board.terrain[h]
    if ter.t.terrain[name].get("los_obstacle"):
        return "obstacle", name.replace("_", " "), float(ter.top(h))
    return "ground", "higher ground", float(ter.ground(h))
