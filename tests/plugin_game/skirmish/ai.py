"""Skirmish at Mill Ford's computer player: an easy greedy one, written against the contract
only (``Position``: the view, the legal actions, the decisions with their consequences and the
engine's previews). It never reads the rules object or the state.

- set-up and movement: every unit heads for Mill Ford (Blue to take it, Red to hold it), one
  move at a time, taking the move that ends nearest to it;
- combat: it declares every attack whose preview gives better than even chances of a good
  result, then resolves, rolls and takes the first loss on offer;
- retreats (the attacker picks the defender's path, 5.5): the path whose consequence is the
  worst for the defender (the engine says which).

The random player comes from hexwar itself (``make_player("random", ...)``).
"""
from __future__ import annotations

from hexwar.ai.player import Decision, MatchSpec, Player
from hexwar.core import actions as A
from hexwar.core.contract import HARMLESS
from hexwar.core.game import Game
from hexwar.core.hexgrid import Hex, distance, hex_name, parse_hex
from hexwar.core.position import Position

GOOD = ("DR", "DRL", "DE")  # results that push or hurt the defender (5.4)


class GreedyPlayer:
    name = "greedy"

    def choose(self, game: Game, side: str) -> Decision:
        pos = Position(game, side)
        acts = pos.legal_actions()
        if not acts:
            raise ValueError(f"{side} has nothing to do now")
        goal = parse_hex(pos.view()["objective"])
        kind = pos.phase().kind
        stage, _ = pos.stage()
        if stage == "retreat":
            return self._retreat(pos)
        if stage == "advance":
            adv = [a for a in acts if isinstance(a, A.Advance) and a.unit is not None]
            return Decision(adv[0], "advances into the empty hex (5.6)") if adv else Decision(acts[-1])
        if stage:
            return Decision(acts[0])  # roll, losses: the first on offer
        if kind == "setup":
            places = [a for a in acts if isinstance(a, A.Place)]
            if places:
                a = min(places, key=lambda a: (distance(a.hex, goal), a.unit, a.hex))
                return Decision(a, f"sets {a.unit} up at {hex_name(a.hex)}, the free mark nearest Mill Ford")
        if kind == "movement":
            return self._move(pos, acts, goal)
        if kind == "combat":
            return self._combat(pos, acts)
        return Decision(A.EndPhase())

    def _move(self, pos: Position, acts: list, goal: Hex) -> Decision:
        where = {u["id"]: parse_hex(u["hex"]) for u in pos.view()["units"] if u["hex"]}
        best, gain = None, 0
        for a in acts:
            if isinstance(a, A.Move):
                g = distance(where[a.unit], goal) - distance(a.dest, goal)
                if g > gain or (best is not None and g == gain and (a.unit, a.dest) < (best.unit, best.dest)):
                    best, gain = a, g
        if best is None:
            return Decision(A.EndPhase())
        cost = pos.preview(best)
        return Decision(best, f"{best.unit} to {hex_name(best.dest)}, {gain} hex(es) nearer Mill Ford"
                        + (f" ({cost.figure})" if cost else ""))

    def _combat(self, pos: Position, acts: list) -> Decision:
        attacks = [a for a in acts if isinstance(a, A.Attack)]
        scored = []
        for a in attacks:
            p = pos.preview(a)
            if p is None or p.refusal is not None:
                continue
            good = sum(p.chance(c) for c in GOOD)
            scored.append((good - p.chance("AL"), -len(a.attackers), a.notation(), a, p))
        if scored:
            score, _, _, a, p = max(scored)
            if score > 0.5:
                return Decision(a, f"attacks {hex_name(a.target)} at {p.figure}: "
                                   f"{round(score * 100)}% better for us than against")
        resolve = [a for a in acts if isinstance(a, A.Resolve)]
        if resolve:
            return Decision(resolve[0])
        return Decision(A.EndPhase())

    def _retreat(self, pos: Position) -> Decision:
        """The attacker picks the defender's retreat (5.5): the path whose consequence, as the
        engine words it, costs the defender most."""
        (dec,) = [d for d in pos.decisions() if d.key == "retreat"]
        opts = [o for o in dec.options if o.legal]
        best = max(opts, key=lambda o: o.consequence.level if o.consequence else HARMLESS)
        return Decision(best.action, f"retreat path chosen: {best.consequence or 'no loss'}")


def _greedy() -> Player:
    return GreedyPlayer()


# One level only: the normal level is the greedy player too.
PLAYERS = {"normal": _greedy, "easy": _greedy}


def _won(game: Game, side: str) -> bool:
    return game.result().winner == side


def _held(game: Game, side: str) -> float:
    v = game.view(None)
    return 1.0 if v["control"].get(v["objective"]) == side else 0.0


MATCH = MatchSpec("standard", _won, "holds Mill Ford", _held)
