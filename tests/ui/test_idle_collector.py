"""The controller's part in the garbage collector's timing and the listing's single pass: the
collector runs only once the player is quiet and the listing done; the listing job lists its
position once for both the legal actions and the decisions."""
from __future__ import annotations

import pytest

import hexwar
from hexwar.ui.control import queries
from hexwar.ui.control.controller import Controller


def _kiev():
    return hexwar.open_game("objective-kiev", seed=1)


def test_the_collector_runs_when_the_player_is_quiet_and_the_listing_done(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(queries.collector, "settle", lambda: calls.append("settle"))
    monkeypatch.setattr(queries.collector, "idle", lambda: calls.append("idle") or True)
    ctl = Controller(_kiev(), threaded=True, record_history=False)
    ctl.IDLE_S = 0.0
    assert ctl.legal(wait=60) is not None
    ctl.idle(1)  # a new input count: the quiet time starts now
    assert calls == []
    ctl.idle(1)
    assert calls == ["settle"]  # the first pause freezes the game's objects
    ctl.idle(1)
    assert calls == ["settle", "idle"]
    ctl.idle(2)  # an input: not this frame
    assert calls == ["settle", "idle"]
    ctl.IDLE_S = 3600.0
    ctl.idle(2)  # not quiet long enough
    assert calls == ["settle", "idle"]


def test_no_collection_while_the_listing_is_worked_out_or_off_the_client(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(queries.collector, "settle", lambda: calls.append("settle"))
    monkeypatch.setattr(queries.collector, "idle", lambda: calls.append("idle") or True)
    ctl = Controller(_kiev(), threaded=True, record_history=False)
    ctl.IDLE_S = 0.0
    for _ in range(3):  # no listing asked for yet
        ctl.idle(0)
    plain = Controller(_kiev(), threaded=False, record_history=False)  # tests and tools: not the client
    plain.IDLE_S = 0.0
    assert plain.legal() is not None
    for _ in range(3):
        plain.idle(0)
    assert calls == []


def test_the_listing_job_lists_its_position_once(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _kiev()
    calls: list[object] = []
    real = g.rules.legal_actions
    monkeypatch.setattr(g.rules, "legal_actions", lambda s: calls.append(s) or real(s))
    ctl = Controller(g, threaded=False, record_history=False)
    assert ctl.legal() == g.legal_actions()
    assert ctl.decisions() == g.decisions()
    assert len(calls) == 3  # the job's one listing, then the two asked here
