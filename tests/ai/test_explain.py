"""explain.py is game-neutral: its chances come from the open game's own results table
(``facts.crt``, the rules' ``crt``), not from any one game's tables."""
from __future__ import annotations

from fractions import Fraction

import hexwar
from hexwar.ai.objective_kiev.ctx import Ctx
from hexwar.ai.objective_kiev.explain import attack_reason, result_chances, support_reason
from hexwar.ai.objective_kiev.normal import KievPlayer
from hexwar.core import actions as A
from hexwar.core.game import Game
from hexwar.core.position import Position


class _AllDE:
    """A stand-in results table: every roll destroys the defender."""

    def distribution(self, index: int) -> dict[str, Fraction]:
        return {"DE": Fraction(1)}


def _first_revealed_battle(game: Game):
    """Play the AI against itself to a combat phase with a battle the rules can price."""
    ai = KievPlayer()
    for _ in range(400):
        side = game.acting_side()
        if game.rules.phase(game.state).kind == "combat" and game.state.stage is None:
            for a in game.legal_actions():
                if isinstance(a, A.Attack):
                    o = game.rules.odds(game.state, a.target, a.attackers)
                    if (o is not None and not o.no_effect
                            and "DE" not in dict(game.rules.crt.distribution(o.final_index))):
                        return side, a, o  # the real table gives no sure kill here
        game.apply(ai.choose(game, side).action)
    raise AssertionError("no revealed battle came up")


def test_result_chances_read_each_games_own_table():
    for gid, scen in (("objective-kiev", "standard"), ("battle-for-kursk", "full")):
        game = hexwar.open_game(gid, scen, seed=1)
        crt = game.rules.crt
        o = type("O", (), {"no_effect": False, "final_index": 3})()
        assert result_chances(crt, o) == dict(crt.distribution(3)), gid
        o.no_effect = True
        assert result_chances(crt, o) == {}


def test_reasons_quote_the_open_games_table_not_a_fixed_one():
    game = hexwar.open_game("objective-kiev", "standard", seed=3)
    side, attack, odds = _first_revealed_battle(game)
    ctx = Ctx(Position(game, side))
    est = ctx.estimate(attack.target, tuple((u, ctx.hex_of(u)) for u in attack.attackers))
    before = attack_reason(ctx, attack, est)
    assert f" at {odds.column} " in before and "chance of DR or better" in before
    assert "100% chance" not in before
    game.rules.crt = _AllDE()  # this instance only: the class keeps the real table
    try:
        after = attack_reason(ctx, attack, est)
        assert "100% chance of DR or better" in after, after
        if ctx.view.get("support_available"):
            marker = ctx.view["support_available"][0]
            assert "100% → 100%" in support_reason(ctx, attack.target, attack.attackers, marker, 1.0)
    finally:
        del game.rules.crt
    assert attack_reason(ctx, attack, est) == before
