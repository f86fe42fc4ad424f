"""Records saved before a restructuring replay unchanged after it.

``tests/records/games`` holds game records written on 2026-12-07 (random legal play in every
game, whole games and the first actions of the large scenarios): each must replay, action by
action, to the digest it was saved with. ``tests/records/ai`` holds the first decisions of
every game's computer players: played again from the same seed they must choose the same
actions for the same reasons. ``python -m tests.records.make_records`` rewrites them, which
only a change meant to change play may do.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import hexwar
import hexwar.games
from tests.records.make_records import ai_transcript

HERE = Path(__file__).resolve().parent / "records"
RECORDS = sorted((HERE / "games").glob("*.yaml"))
TRANSCRIPTS = sorted((HERE / "ai").glob("*.yaml"))


def test_there_are_golden_records_of_every_game():
    games = {yaml.safe_load(p.read_text())["game"] for p in RECORDS}
    assert games == set(hexwar.games.game_ids())
    assert {yaml.safe_load(p.read_text())["game"] for p in TRANSCRIPTS} == set(hexwar.games.game_ids())


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
@pytest.mark.whole_game
def test_a_record_saved_before_replays_to_its_digest(path):
    saved = yaml.safe_load(path.read_text())
    game = hexwar.load_record(path)
    assert game.load_warning is None
    assert len(game.actions) == len(saved["actions"])
    assert game.digest() == saved["digest"]


@pytest.mark.slow
@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.stem for p in TRANSCRIPTS])
@pytest.mark.whole_game
def test_the_computer_players_decide_as_before(path):
    saved = yaml.safe_load(path.read_text())
    for side, want in saved["runs"].items():
        got = ai_transcript(saved["game"], saved["scenario"], saved["seed"], saved["limit"], side)
        for k, (w, g) in enumerate(zip(want, got)):
            assert g == w, f"decision {k + 1} with the normal player as {side}"
        assert len(got) == len(want)
