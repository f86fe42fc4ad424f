"""The battle being built on the map: the target picked, attackers added and taken out with
the odds said as they change, an offensive (a lead unit, then its supporters), and the
declaration. ``BattleBuilder`` is that part of the ``Controller`` (no pygame).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import actions as A
from ...core.errors import Illegal
from ...core.hexgrid import Hex, hex_name, neighbors, parse_hex

if TYPE_CHECKING:  # a part of Controller, whose other parts it uses (host.py)
    from .host import ControlHost as _Control
else:
    _Control = object


class BattleBuilder(_Control):
    """Declaring a battle by clicks (a mixin of ``Controller``)."""

    def _click_declare(self, h: Hex, here: list[dict], one: bool = False) -> None:
        """A click in the declaration step: an enemy hex becomes the target; one of our stacks
        next to it joins the attack whole (every unit of it the game accepts in one attack) or
        leaves it; ``one`` (Shift+click) takes its units one at a time instead."""
        enemy = [u for u in here if not self.own_side(u)]
        own = [u for u in here if self.own_side(u)]
        battles = {b.target: b for b in self.declared_battles()}
        if enemy:
            if h in battles:
                b = battles[h]
                self.say(f"A battle against {hex_name(h)} is already declared, by {', '.join(b.attackers)}. "
                         "Ctrl+Z takes it back.")
                return
            if h in self.attack_targets():
                if self.target != h:
                    self.target = h
                    self.attackers = []
                    self.lead = None
                    self.support = []
                names = sorted(self.eligible_attackers(h))
                self.say(f"Target {hex_name(h)}: click the adjacent units that attack it ({', '.join(names)}), "
                         "then Declare.")
                return
            # Why not? Ask the game about one of our units, preferably a neighbour.
            mine = [u for u in self.view()["units"] if u.get("side") == self.acting() and u.get("where") == "map"]
            mine.sort(key=lambda u: 0 if u.get("hex") and parse_hex(u["hex"]) in neighbors(h) else 1)
            if mine:
                self.refuse(self.game.check(A.Attack(h, (mine[0]["id"],))), f"{hex_name(h)} cannot be attacked now")
            else:
                self.refuse("You have no units on the map to attack with.")
            return
        if own:
            if self.target is None:
                self.say("First click an enemy hex to choose the target of a battle.")
                return
            elig = self.eligible_attackers(self.target)
            ids = [u["id"] for u in own]
            cands = [i for i in ids if i in elig]
            if self.lead is not None and not cands:
                self._click_support(ids)
                return
            if not cands:
                self.refuse(self.game.check(A.Attack(self.target, (ids[0],))), f"{ids[0]} cannot join this attack")
                return
            if one or len(cands) == 1:
                self._cycle_attacker(cands)
            else:
                self._toggle_stack(cands, hex_name(h))
            if self.lead is not None and self.lead not in self.attackers:
                self.lead, self.support = None, []
                self.say("The lead unit left the attack: the Offensive is dropped.")
                return
            return
        self.say(self.describe_hex(h))

    def set_lead(self, uid: str | None) -> None:
        """An offensive (a battle of a lead unit and its supporters): the attacker that leads it (None drops it)."""
        self.lead = uid
        self.support = []
        if uid is None:
            self.say("No Offensive: a plain battle.")
        else:
            sup = self.gui.supporters(self)
            self.say(f"{uid} leads the Offensive: click its supporters on the map ({', '.join(sup) or 'none'}).")

    def _click_support(self, ids: list[str]) -> None:
        """A click on one of our stacks away from the target while an Offensive is built: add or
        remove a supporter, or say why it cannot support (from game.check)."""
        current = next((i for i in ids if i in self.support), None)
        if current is not None:
            self.support.remove(current)
            self._say_odds()
            return
        sup = self.gui.supporters(self)
        cand = next((i for i in ids if i in sup), None)
        if cand is None:
            self.support.append(ids[0])
            trial = self.gui.offensive_action(self)
            self.support.remove(ids[0])
            why = self.game.check(trial) if trial is not None else None
            self.refuse(why, f"{ids[0]} cannot support this Offensive")
            return
        self.support.append(cand)
        self._say_odds()

    # --- a stack joins or leaves the attack being built ------------------------------------------
    def _joins(self, ids: list[str]) -> Illegal | None:
        """The game's word (``check``) on the attack being built with ``ids`` as its attackers:
        the very action Declare would send."""
        act = self.battle_action(self.target, ids) if ids else None
        return self.game.check(act) if act is not None else None

    def _toggle_stack(self, cands: list[str], where: str) -> None:
        """One click on a stack: every unit of it that may attack joins (as many as the game
        accepts in one attack); a click on a stack in the attack takes it out again."""
        others = [a for a in self.attackers if a not in cands]
        inside = [c for c in cands if c in self.attackers]
        whole = self._joins(others + cands)
        if inside and (whole is None or len(inside) > 1):
            self.attackers = others
            self._say_odds(f"{', '.join(inside)} in {where} left the attack. ")
            return
        if inside:  # a stack whose units may not attack together: its next unit instead
            self._cycle_attacker(cands)
            return
        if whole is None:
            self.attackers = others + cands
            self._say_odds(f"All {len(cands)} units in {where} join. ")
            return
        took: list[str] = []
        for c in cands:  # not all together: as many as the game accepts, in the stack's order
            if self._joins(others + took + [c]) is None:
                took.append(c)
        if not took or len(took) == len(cands):  # nothing better: the whole stack, and the reason shown
            self.attackers = others + cands
            self._say_odds()
            return
        self.attackers = others + took
        left = [c for c in cands if c not in took]
        self._say_odds(f"{', '.join(took)} joins, not {', '.join(left)}: {self._rule_words(whole)}. "
                       f"A second click on the stack takes {left[0]} instead. ")

    def _cycle_attacker(self, cands: list[str]) -> None:
        """One unit of a stack at a time (Shift+click, or a stack whose units may not attack
        together): the next unit replaces the one in the attack; after the last, none."""
        current = next((i for i in cands if i in self.attackers), None)
        nxt: str | None
        if current is not None:
            self.attackers.remove(current)
            k = cands.index(current)
            nxt = cands[k + 1] if k + 1 < len(cands) else None
        else:
            nxt = cands[0]
        if nxt is not None:
            self.attackers.append(nxt)
        if current is None or nxt is None:
            self._say_odds(f"{current} left the attack. " if current is not None and nxt is None else "")
            return
        # Say why the second unit replaces the first rather than joining it.
        others = [a for a in self.attackers if a != nxt]
        why = self._joins(others + [current, nxt])
        if why is not None:
            self._say_odds(f"{nxt} replaces {current}: {self._rule_words(why)}. ")
        else:
            self._say_odds(f"{nxt} replaces {current} (Shift+click takes one unit at a time; a plain click the "
                           "whole stack). ")

    def toggle_attacker(self, uid: str) -> None:
        """The stack list's button: one unit joins the attack being built, or is left out."""
        if self.target is None:
            return
        if uid in self.attackers:
            self.attackers.remove(uid)
            self._say_odds(f"{uid} is left out. ")
        else:
            self.attackers.append(uid)
            self._say_odds(f"{uid} joins. ")

    @staticmethod
    def _rule_words(why: Illegal) -> str:
        return f"{why.reason} ({why.rule})" if why.rule else why.reason

    def _say_odds(self, lead: str = "") -> None:
        assert self.target is not None, "said only of the battle being built (hex_name cannot name None)"
        if not self.attackers:
            self.say(f"{lead}No attacker chosen yet for {hex_name(self.target)}.")
            return
        who = f"{', '.join(self.attackers)} against {hex_name(self.target)}"
        p = self.odds()
        if p is None:
            self.say(f"{lead}{who}. Enter or Declare to confirm.")
        elif p.refusal is not None:
            self.refuse(f"{lead}{who}: not allowed as it stands — {p.refusal}")
        else:
            tail = f" ({p.note})" if p.note else ""
            self.say(f"{lead}{who}: {p.figure or '?'}{tail}. Enter or Declare to confirm.")

    def declare(self) -> bool:
        if self.target is None:
            self.refuse("Choose a target first: click an enemy hex.")
            return False
        act = self.battle_action()
        if act is None:
            act = A.Attack(self.target, tuple(sorted(self.attackers)))
        return self.do(act)
