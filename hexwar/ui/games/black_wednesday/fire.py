"""Black Wednesday's fire previews: what the selected unit may fire at, assault or call a mission
on, each with its table column and every shift, or its to-hit, kill and good-shoot chances (from
the game's own ``previews``); the boxes on those hexes; the fires and morale checks of the last
action for the panel. ``FirePreviews`` is that part of the client extension.
"""
from __future__ import annotations

from ....core import actions as A
from ....core.hexgrid import distance, hex_name
from ....games.black_wednesday import previews as I
from ..base import MapMark


def sfa_preview(rules, state, attack) -> dict | None:
    """The Area Fire Table column and every shift of an SFA, from the engine's own helpers
    (``firepower``, ``tables.fire_column``, ``area_shifts``: the steps ``do_sfa`` takes before
    its roll); None when the engine lacks them."""
    try:
        us = [state.units[x] for x in attack.attackers]
        rng = distance(us[0].hex, attack.target)
        fp = int(rules.firepower(state, us, rng))
        col, extra = rules.t.fire_column(fp)
        shifts = list(rules.area_shifts(state, attack.target, "sfa", firer_hex=us[0].hex)) if col else []
    except (AttributeError, KeyError, TypeError, ValueError):
        return None
    if extra:
        shifts.append((f"firepower over 47 (+{extra})", extra))
    return {"range": rng, "fp": fp, "column": col, "shifts": shifts,
            "final": col + sum(v for _, v in shifts) if col else 0}


def preview_line(p: dict) -> str:
    if not p["column"]:
        return f"firepower {p['fp']} at range {p['range']}: under 1, no fire (§8.2)"
    sh = ", ".join(f"{n} {v:+d}" for n, v in p["shifts"]) or "no shifts"
    return (f"firepower {p['fp']} at range {p['range']} → column {p['column']}; {sh} "
            f"→ column {p['final']} on the Area Fire Table (§8.2, §8.3)")


class FirePreviews:
    """Fire, assault and missions of the selected unit (a mixin of ``BlackWednesdayUI``)."""

    def fire_at(self, ctl, h):
        uid = getattr(ctl, "sel", None)
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
        key = (id(ctl), id(ctl.state), ctl.version, getattr(ctl, "sel", None), id(ctl.legal()))
        if self.__dict__.get("_memo_key") != key:
            self._memo_key, self._memo_got = key, {}
        got = self._memo_got
        if name not in got:
            got[name] = fn(ctl)
        return got[name]

    def fire_options(self, ctl) -> list[tuple[A.Attack, dict]]:
        """The SFAs the selected unit may join now, each with its column and shifts."""
        return self._memo(ctl, "sfa", self._fire_options)

    def _fire_options(self, ctl) -> list[tuple[A.Attack, dict]]:
        uid = getattr(ctl, "sel", None)
        if not uid or ctl.view().get("phase") != "action":
            return []
        legal = ctl.legal() or []
        best: dict = {}
        for a in legal:
            if isinstance(a, A.Attack) and uid in a.attackers:
                if a.target not in best or len(a.attackers) > len(best[a.target].attackers):
                    best[a.target] = a
        out = []
        for h in sorted(best):
            p = sfa_preview(ctl.rules, ctl.state, best[h])
            if p is not None:
                out.append((best[h], p))
        return out

    # --- fire, assault and missions of the selected unit --------------------------------------
    def _sel_legal(self, ctl, kind: str) -> list:
        uid = getattr(ctl, "sel", None)
        if not uid or ctl.view().get("phase") != "action":
            return []
        key = ("who" if kind == "Call" else "firer" if kind == "PointFire" else "units")
        out = []
        for a in ctl.legal() or []:
            if type(a).__name__ != kind:
                continue
            who = a.spotter if kind == "Call" else getattr(a, key)
            if (uid in who) if isinstance(who, tuple) else who == uid:
                out.append(a)
        return out

    def pfa_options(self, ctl) -> list[tuple]:
        """The point fires the selected unit may make now, each with its to-hit and kill numbers."""
        return self._memo(ctl, "pfa", self._pfa_options)

    def _pfa_options(self, ctl) -> list[tuple]:
        out = []
        for a in self._sel_legal(ctl, "PointFire"):
            p = I.pfa_preview(ctl.rules, ctl.state, a.firer, a.target)
            if p is not None:
                out.append((a, p))
        return out

    def assault_options(self, ctl) -> list[tuple]:
        return self._memo(ctl, "assault", self._assault_options)

    def _assault_options(self, ctl) -> list[tuple]:
        out = []
        for a in self._sel_legal(ctl, "Assault"):
            p = I.assault_preview(ctl.rules, ctl.state, a.target, a.units)
            if p is not None:
                out.append((a, p))
        return out

    def call_options(self, ctl) -> list[tuple]:
        """The missions the selected spotter may call, each with its chance of a good shoot."""
        return self._memo(ctl, "call", self._call_options)

    def _call_options(self, ctl) -> list[tuple]:
        out = []
        for a in self._sel_legal(ctl, "Call"):
            p = I.call_preview(ctl.rules, ctl.state, a)
            if p is not None:
                out.append((a, p))
        out.sort(key=lambda x: (-x[1]["good"], hex_name(x[0].target), x[0].artillery))
        return out

    def sfa_morale(self, ctl, target) -> str:
        """The morale check an SFA result would bring (§12.3: the hex's worst unit, +2 for an SFA)."""
        rules, state = ctl.rules, ctl.state
        try:
            side = rules.side_of(ctl.sel)
            men = [u for u in state.units_at(target) if rules.side_of(u.id) != side and not rules.spec(u.id).vehicle]
            if not men:
                return ""
            worst = max(men, key=lambda u: (rules.mm(state, u.id, "sfa"), u.id))
            mm = rules.mm(state, worst.id, "sfa")
        except (AttributeError, KeyError, TypeError):
            return ""
        return (f"on an M or step result: morale check by {worst.id} (morale {rules.spec(worst.id).morale_value}, "
                f"MM {mm} with +2 for an SFA, §12.2): {I.odds_words(I.morale_odds(rules, mm))}")

    def fire_marks(self, ctl) -> list[MapMark]:
        """One box a hex the selected unit may fire at or assault: the SFA column, the point-fire
        chance, ASSLT; the tooltip says it all. Mission targets get tooltip lines."""
        texts: dict = {}
        tips: dict = {}
        for a, p in self.fire_options(ctl):
            texts.setdefault(a.target, []).append(f"SFA col {p['final']}" if p["column"] else "SFA: no fire")
            tips.setdefault(a.target, []).append(f"SFA by {', '.join(a.attackers)}: {preview_line(p)}; a click fires")
        for a, p in self.pfa_options(ctl):
            h = ctl.state.units[a.target].hex
            word = f"PFA {I.pct(p['overall'])}"
            if word not in texts.get(h, []) and not any(t.startswith("PFA") for t in texts.get(h, [])):
                texts.setdefault(h, []).append(word)
            tips.setdefault(h, []).append(I.pfa_line(p, a.firer, a.target))
        for a, p in self.assault_options(ctl):
            texts.setdefault(a.target, []).append("OVERRUN" if p.get("overrun") else "ASSAULT")
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
                out.append(f"Fire on {d.get('target')} (§8.2, §8.3): firepower {d.get('fp')} → column {d['column']}; "
                           f"{sh} → column {final}; rolled {d.get('roll')}: {I.fire_result_words(str(d.get('result')))}")
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
            try:
                printed = ctl.rules.spec(uid).morale_value
            except (AttributeError, KeyError):
                printed = "?"
            out.append(f"Morale check (§12.3): {uid}, morale {printed}, at MM {c['mm']}: rolled {c['roll']}: "
                       f"{I.RESULT_WORDS.get(c['result'], c['result'])}")
        if len(checks) > 3:
            out.append(f"… and {len(checks) - 3} more morale checks (Log)")
        return out
