"""The frozen computer players (tools/frozen_players.py): issue 24's reference opponent, the
players of one commit taken from git and kept in step with today's match by notation."""
from __future__ import annotations

import subprocess

import pytest

import hexwar
from hexwar.ai.player import make_player, play_match
from tools import tournament
from tools.frozen_players import FROZEN_COMMIT, ROOT, FrozenOutOfStep, FrozenPlayer, _rewrite

# The frozen players come from git history; a shallow clone without their commit cannot build them.
needs_commit = pytest.mark.skipif(
    subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{FROZEN_COMMIT}^{{commit}}"],
                   capture_output=True).returncode != 0,
    reason=f"commit {FROZEN_COMMIT[:12]} is not in this clone's history (shallow clone?)")


def test_the_frozen_package_names_itself_not_todays_hexwar():
    assert _rewrite('ai="hexwar.ai.kasserine_pass",') == 'ai="hexwar_frozen.ai.kasserine_pass",'
    assert _rewrite('DATA_PACKAGE = "hexwar.data"') == 'DATA_PACKAGE = "hexwar_frozen.data"'
    assert _rewrite('(root / "hexwar").is_dir()') == '(root / "hexwar_frozen").is_dir()'
    assert _rewrite("    import hexwar\n") == "    import hexwar_frozen as hexwar\n"
    assert _rewrite("from hexwar.ui.app import main\n") == "from hexwar_frozen.ui.app import main\n"
    assert _rewrite("from .core import hexgrid  # hexwar.core\n") == "from .core import hexgrid  # hexwar.core\n"


@needs_commit
def test_the_frozen_player_decides_on_a_mirror_kept_in_step_with_the_match():
    game = hexwar.open_game("kasserine-pass", seed=5)
    first, second = (s.id for s in hexwar.games.entry("kasserine-pass").sides)
    frozen = FrozenPlayer("ai", "kasserine-pass", 5)
    with pytest.raises(RuntimeError, match="did not end within 150"):
        play_match(game, {first: frozen, second: make_player("random", "kasserine-pass", 6)}, max_actions=150)
    mirror = frozen.mirror(game)
    assert mirror.digest() == game.digest()
    assert len(mirror.actions) == len(game.actions) == 150
    assert mirror.__class__.__module__.startswith("hexwar_frozen.")  # the frozen code's own Game
    assert any(s.side == first for s in game.history())


@needs_commit
def test_a_match_the_frozen_code_cannot_follow_is_refused():
    game = hexwar.open_game("battle-for-kursk", "full", seed=1)
    side = game.acting_side()
    assert side is not None
    game.header = {**game.header, "scenario": "short"}  # the mirror opens another position
    with pytest.raises(FrozenOutOfStep, match="rules have changed"):
        FrozenPlayer("ai", "battle-for-kursk", 1).choose(game, side)


@needs_commit
def test_the_tournament_plays_the_frozen_player_only_when_asked(monkeypatch):
    monkeypatch.delenv("TOURNAMENT_FROZEN_GAMES", raising=False)
    assert tournament.counts()["frozen"] == 0
    monkeypatch.setenv("TOURNAMENT_FROZEN_GAMES", "40")
    assert tournament.counts()["frozen"] == 40
    assert tournament.BARS["frozen"] == 60.0
    assert isinstance(tournament._player("frozen", tournament.specs()["objective-kiev"], 1), FrozenPlayer)
