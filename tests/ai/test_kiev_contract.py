"""The Objective: Kiev computer players read only the contract: ``Position(game, side)`` and
its ``facts`` (games/objective_kiev/facts.py), never the rules object or the state."""
from __future__ import annotations

import re
from pathlib import Path

import hexwar
from hexwar.core.position import Position

PKG = Path(__file__).resolve().parents[2] / "hexwar" / "ai" / "objective_kiev"


def test_the_players_name_neither_the_rules_nor_the_state():
    for path in sorted(PKG.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\.rules\b|\.state\b|__dict__", text), path.name


def test_the_facts_keep_the_hidden_identities_to_themselves():
    """10.1: two untried tokens look the same to the facts, whatever they really are."""
    game = hexwar.open_game("objective-kiev", "standard", seed=5)
    facts = Position(game, "axis").facts
    hidden = [u.id for u in game.state.units.values() if not u.revealed]
    assert len(hidden) >= 2
    assert len({facts.spec(u) for u in hidden}) == 1
    assert len({(facts.attack(u), facts.defense(u), facts.defense_chances(u)) for u in hidden}) == 1
    assert not any(facts.known(u) for u in hidden)
    # The counter mix not yet seen is the whole pool: nothing has been revealed.
    assert sorted(facts.unseen()) == sorted(i for ids in game.rules.scenario.pools.values() for i in ids)
