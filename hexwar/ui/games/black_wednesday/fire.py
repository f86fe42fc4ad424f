"""Black Wednesday's fire previews: what the selected unit may fire at, assault or call a mission
on, each with its table column and every shift, or its to-hit, kill and good-shoot chances (the
engine's previews, ``game.preview``: their figures ride along as ``Preview.detail``); the boxes
on those hexes; the fires and morale checks of the last action for the panel. ``FirePreviews``
is that part of the client extension.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core import actions as A
from ....core.hexgrid import hex_name, parse_hex
from ....games.black_wednesday import previews as I
from ..base import MapMark

if TYPE_CHECKING:  # a part of BlackWednesdayUI, whose other parts it uses (host.py)
    from .host import BWHost as _Client
else:
    _Client = object


def preview_line(p: dict) -> str:
    if not p["column"]:
        return f"firepower {p['fp']} at range {p['range']}: under 1, no fire (§8.2)"
    sh = ", ".join(f"{n} {v:+d}" for n, v in p["shifts"]) or "no shifts"
    return (f"firepower {p['fp']} at range {p['range']} → column {p['column']}; {sh} "
            f"→ column {p['final']} on the Area Fire Table (§8.2, §8.3)")


def odds_line(odds: dict[str, float]) -> str:
    """The chance of each Area Fire Table result, worst for the target last."""
    order = ["-", "M"] + sorted((k for k in odds if k.isdigit()), key=int)
    return "results: " + ", ".join(f"{I.fire_result_words(k)} {I.pct(odds[k])}" for k in order if odds.get(k))


def hex_of(ctl, uid: str):
    """The hex of a unit on the map, as the view shows it (None off the map)."""
    u = ctl.unit(uid) or {}
    return parse_hex(u["hex"]) if u.get("where") == "map" and u.get("hex") else None


class FirePreviews(_Client):
    """Fire, assault and missions of the selected unit (a mixin of ``BlackWednesdayUI``)."""

    # set by _memo on first use: the position, selection and legal list answered, and the answers
    _memo_key: tuple[Any, ...]
    _memo_got: dict[str, Any]

    def fire_at(self, ctl, h):
        uid = ctl.sel
        if not uid:
            return None
        legal = ctl.legal() or []
        here = {u["id"] for u in ctl.units_at(h)}
        pfa = [(p["overall"], a) for a, p in self.pfa_options(ctl) if a.target in here]
        enemy = [u for u in ctl.units_at(h) if u.get("side") != (ctl.unit(uid) or {}).get("side")]
        if pfa and enemy and all(u.get("kind") == "tank" for u in enemy):  # vehicles only: a gun fires at them
            return max(pfa, key=lambda x: (x[0], x[1].target))[1]
        sfa = [a for a in legal if isinstance(a, A.Attack) and a.target == h and uid in a.attackers]
        if sfa:
            return max(sfa, key=lambda a: len(a.attackers))
        if pfa:  # the point fire with the best chance (the chooser has the others)
            return max(pfa, key=lambda x: (x[0], x[1].target))[1]
        asl = [a for a in legal if type(a).__name__ == "Assault" and a.target == h and uid in a.units]
        return max(asl, key=lambda a: len(a.units)) if asl else None

    # --- caches ---------------------------------------------------------------------------
    def _memo(self, ctl, name: str, fn):
        """One answer per position, selection and list of legal actions: the panel and the map ask
        every frame, and a two-sheet scenario has thousands of legal actions to scan."""
        key = (id(ctl), id(ctl.game), ctl.version, ctl.sel, id(ctl.legal()))
        if self.__dict__.get("_memo_key") != key:
            self._memo_key, self._memo_got = key, {}
        got = self._memo_got
        if name not in got:
            got[name] = fn(ctl)
        return got[name]

    def _detailed(self, ctl, acts) -> list[tuple]:
        """(action, the engine's figures) for each action the engine previews."""
        out = []
        for a in acts:
            pv = self.preview(ctl, a)
            if pv is not None and pv.refusal is None and pv.detail is not None:
                out.append((a, pv.detail))
        return out

    def fire_options(self, ctl) -> list[tuple[A.Attack, dict]]:
        """The SFAs the selected unit may join now, each with its column and shifts."""
        return self._memo(ctl, "sfa", self._fire_options)

    def _fire_options(self, ctl) -> list[tuple[A.Attack, dict]]:
        uid = ctl.sel
        if not uid or ctl.view().get("phase") != "action":
            return []
        best: dict = {}
        for a in ctl.legal() or []:
            if isinstance(a, A.Attack) and uid in a.attackers:
                if a.target not in best or len(a.attackers) > len(best[a.target].attackers):
                    best[a.target] = a
        return self._detailed(ctl, [best[h] for h in sorted(best)])

    # --- fire, assault and missions of the selected unit --------------------------------------
    def _sel_legal(self, ctl, kind: str) -> list:
        uid = ctl.sel
        if not uid or ctl.view().get("phase") != "action":
            return []
        out = []
        for a in ctl.legal() or []:
            name = type(a).__name__
            if name != kind:
                continue
            if (name == "Call" and a.spotter == uid) or (name == "PointFire" and a.firer == uid) \
                    or (name == "Assault" and uid in a.units):
                out.append(a)
        return out

    def pfa_options(self, ctl) -> list[tuple]:
        """The point fires the selected unit may make now, each with its to-hit and kill numbers."""
        return self._memo(ctl, "pfa", lambda c: self._detailed(c, self._sel_legal(c, "PointFire")))

    def assault_options(self, ctl) -> list[tuple]:
        return self._memo(ctl, "assault", lambda c: self._detailed(c, self._sel_legal(c, "Assault")))

    def call_options(self, ctl) -> list[tuple]:
        """The missions the selected spotter may call, each with its chance of a good shoot."""
        return self._memo(ctl, "call", self._call_options)

    def _call_options(self, ctl) -> list[tuple]:
        out = self._detailed(ctl, self._sel_legal(ctl, "Call"))
        out.sort(key=lambda x: (-x[1]["good"], hex_name(x[0].target), x[0].artillery))
        return out

    def sfa_morale(self, ctl, target) -> str:
        """The morale check an SFA result would bring (§12.3: the hex's worst unit, +2 for an SFA)."""
        p = next((p for a, p in self.fire_options(ctl) if a.target == target), None)
        m = p.get("morale") if p is not None else None
        if not m:
            return ""
        return (f"on an M or step result: morale check by {m['unit']} (morale {m['morale']}, "
                f"MM {m['mm']} with +2 for an SFA, §12.2): {I.odds_words(m['odds'])}")

    def fire_marks(self, ctl) -> list[MapMark]:
        """One box a hex the selected unit may fire at or assault: the SFA column, the point-fire
        chance, ASSLT; the tooltip says it all. Mission targets get tooltip lines."""
        texts: dict = {}
        tips: dict = {}
        for a, p in self.fire_options(ctl):
            texts.setdefault(a.target, []).append(f"SFA col {p['final']}" if p["column"] else "SFA: no fire")
            tips.setdefault(a.target, []).append(f"SFA by {', '.join(a.attackers)}: {preview_line(p)}; "
                                                 f"{odds_line(p['odds'])}; a click fires")
        for a, p in self.pfa_options(ctl):
            h = hex_of(ctl, a.target)
            if h is None:
                continue
            word = f"PFA {I.pct(p['overall'])}"
            if word not in texts.get(h, []) and not any(t.startswith("PFA") for t in texts.get(h, [])):
                texts.setdefault(h, []).append(word)
            tips.setdefault(h, []).append(I.pfa_line(p, a.firer, a.target))
        for a, p in self.assault_options(ctl):
            if p.get("overrun"):
                texts.setdefault(a.target, []).append("OVERRUN")
                tips.setdefault(a.target, []).append(overrun_line(a, p))
                continue
            texts.setdefault(a.target, []).append("ASSAULT")
            tips.setdefault(a.target, []).extend(ln.strip() for ln in I.assault_lines(p))
        out = [MapMark(h, " · ".join(texts[h]), "fire", tuple(tips.get(h, ()))) for h in sorted(texts)]
        for c, p in self.call_options(ctl):
            out.append(MapMark(c.target, "", "tip", (I.call_line(c, p),)))
        return out

    # --- morale checks --------------------------------------------------------------------------
    def on_events(self, ctl, events) -> None:
        checks = [e for e in events if e.kind == "morale" and "mm" in (e.data or {})]
        ctl.tool["morale"] = (len(ctl.game.actions), [dict(e.data) for e in checks])
        fires = [e for e in events if (e.kind == "fire" and "column" in (e.data or {}))
                 or (e.kind in ("point_fire", "at_roll") and "need" in (e.data or {}))]
        ctl.tool["fires"] = (len(ctl.game.actions), [(e.kind, e.text, dict(e.data)) for e in fires])

    def fire_notes(self, ctl) -> list[str]:
        """The fires of the last action: the Area Fire Table column with every shift named and the
        column it ends on, the roll and the result (§8.2, §8.3); point fire and AT rolls with their
        numbers (§9)."""
        n, fires = ctl.tool.get("fires", (None, []))
        if not fires or n != len(ctl.game.actions):
            return []
        out = []
        for kind, text, d in fires[:3]:
            if kind == "fire":
                sh = ", ".join(f"{name} {v:+d}" for name, v in d.get("shifts") or ()) or "no shifts"
                final = d["column"] + sum(v for _, v in d.get("shifts") or ())
                result = I.fire_result_words(str(d.get("result")))
                out.append(f"Fire on {d.get('target')} (§8.2, §8.3): firepower {d.get('fp')} → column {d['column']}; "
                           f"{sh} → column {final}; rolled {d.get('roll')}: {result}")
            else:
                out.append(f"{'Point fire' if kind == 'point_fire' else 'AT roll'} (§9): {text}")
        if len(fires) > 3:
            out.append(f"… and {len(fires) - 3} more fires (Log)")
        return out

    def morale_notes(self, ctl) -> list[str]:
        """The morale checks of the last action, each with the unit's morale, the MM it checked
        at, the roll and the result (the Log has them in full)."""
        n, checks = ctl.tool.get("morale", (None, []))
        if not checks or n != len(ctl.game.actions):
            return []
        out = []
        for c in checks[:3]:
            uid = c.get("unit")
            printed = (ctl.unit(uid) or {}).get("morale", "?")
            out.append(f"Morale check (§12.3): {uid}, morale {printed}, at MM {c['mm']}: rolled {c['roll']}: "
                       f"{I.RESULT_WORDS.get(c['result'], c['result'])}")
        if len(checks) > 3:
            out.append(f"… and {len(checks) - 3} more morale checks (Log)")
        return out


def overrun_line(a, p: dict) -> str:
    """An overrun's figures in a line (§11.2)."""
    d = p.get("defenders")
    check = f"; the defenders check at MM {d['mm']}: they break {I.pct(p['break'])}" if d else ""
    return (f"Overrun of {hex_name(a.target)} by {', '.join(a.units)} (§11.2): defending guns fire first, then the "
            f"vehicles fire {p['fp']} on column {p['final']} (with +2 shock){check}")
