"""Game.decisions(legal): built from the listing just given, never from a stale one."""
from __future__ import annotations

import pytest

import hexwar
from hexwar.core.game import Game


@pytest.fixture
def game_and_calls(monkeypatch: pytest.MonkeyPatch) -> tuple[Game, list[object]]:
    g = hexwar.open_game("objective-kiev", seed=1)
    calls: list[object] = []
    real = g.rules.legal_actions

    def counted(state: object) -> list:
        calls.append(state)
        return real(state)

    monkeypatch.setattr(g.rules, "legal_actions", counted)
    return g, calls


def test_decisions_reuse_the_listing_just_given(game_and_calls: tuple[Game, list[object]]) -> None:
    g, calls = game_and_calls
    plain = g.decisions()
    legal = g.legal_actions()
    n = len(calls)
    assert g.decisions(legal) == plain
    assert len(calls) == n  # not listed a second time


def test_a_changed_position_never_reads_a_stale_listing(game_and_calls: tuple[Game, list[object]]) -> None:
    g, calls = game_and_calls
    legal = g.legal_actions()
    g.apply(legal[0])
    n = len(calls)
    assert g.decisions(legal) == g.decisions()  # the new position's, listed afresh
    assert len(calls) == n + 2
    now = g.legal_actions()
    g.undo()  # back to the first position: the listing of the later one is stale
    assert g.decisions(now) == g.decisions()
    assert [d.key for d in g.decisions(now)] == [d.key for d in g.decisions(legal)]


def test_a_listing_changed_by_the_caller_or_from_another_game_is_not_used(
        game_and_calls: tuple[Game, list[object]]) -> None:
    g, calls = game_and_calls
    plain = g.decisions()
    legal = g.legal_actions()
    legal.pop()
    assert g.decisions(legal) == plain
    other = hexwar.open_game("objective-kiev", seed=1)
    n = len(calls)
    assert g.decisions(other.legal_actions()) == plain
    assert len(calls) == n + 1
