"""The Black Wednesday computer player (issue 8) on Scenario 1: plays every step a person
does on both sides, decides only from what its side may know (never the dice, never the
Soviet Prep Log as the Axis), explains its fires, assaults and missions with the engine's own
figures, is fast, and its games save, load and replay."""
from __future__ import annotations

import statistics

import pytest

import hexwar
from hexwar.ai import black_wednesday_figures as F
from hexwar.ai.black_wednesday import BWPlayer
from hexwar.ai.black_wednesday_greedy import BWGreedy
from hexwar.ai.black_wednesday_tournament import beats, held_trenches, play_bw_match
from hexwar.ai.player import make_player
from hexwar.core.actions import Attack
from hexwar.core.dice import SeededDice
from hexwar.core.game import Game
from hexwar.core.hexgrid import use_hex_ids

GAME, SCEN = "black-wednesday", "s1-turning-the-left"


def _match(soviet: str, axis: str, seed: int):
    """A whole match; returns the game, its log and the kinds of decision the AI was asked
    (phases, owner's choices) and the kinds of action it answered with."""
    game = hexwar.open_game(GAME, SCEN, seed=seed)
    players = {"soviet": make_player(soviet, GAME, seed), "axis": make_player(axis, GAME, seed + 10_000)}
    asked: set[str] = set()

    class Spy:
        def __init__(self, p):
            self.p, self.name = p, p.name

        def choose(self, g, side):
            p = g.state.extra.get("pending")
            what = f"choose {p.what}" if p is not None else g.state.phase
            dec = self.p.choose(g, side)
            if isinstance(self.p, BWPlayer) and len(g.legal_actions()) > 1:
                asked.add(what)
                asked.add(type(dec.action).__name__)
            return dec

    log = play_bw_match(game, {s: Spy(p) for s, p in players.items()})
    return game, log, asked


pytestmark = pytest.mark.slow  # whole games of Scenario 1 (about a minute for the Soviet AI's)


@pytest.fixture(scope="module")
def soviet_game():
    return _match("ai", "random", 2)


@pytest.fixture(scope="module")
def axis_game():
    return _match("random", "ai", 1)


def test_make_player_dispatches_black_wednesday():
    assert isinstance(make_player("ai", GAME), BWPlayer)
    assert isinstance(make_player("greedy", GAME), BWGreedy)


def test_SCEN_1_victory_ai_reaches_its_level_as_either_side_against_random(soviet_game, axis_game):
    """Decision S1-1: the Soviet AI clears every trench hex (seed 2); the Axis AI still holds
    trench hexes at the end (seed 1)."""
    game, _, _ = soviet_game
    assert beats("soviet", game.result().winner), game.result()
    assert held_trenches(game) == 0
    game, _, _ = axis_game
    assert beats("axis", game.result().winner), game.result()
    assert held_trenches(game) >= 5


def test_ai_plays_every_step_of_both_sides(soviet_game, axis_game):
    """The Prep Log, the Axis set-up (1.10f), reserve releases (§16.8), the initiative choice
    (§3.3), moves, mode changes, SFAs, wire breaches (1.4b), assaults or overruns (§11),
    artillery missions (§13) and the owner's choices inside a fire (Decision 60)."""
    _, _, sov = soviet_game
    _, _, ax = axis_game
    assert {"prep_log", "action", "Move", "Mode", "Breach", "Assault"} <= sov, sov
    assert {"axis_setup", "Place", "command", "action", "Move", "Mode"} <= ax, ax
    assert {"initiative", "Attack", "PointFire", "Call"} <= sov | ax, sov | ax
    assert {a for a in sov | ax if a.startswith("choose ")}, sov | ax  # losses, overwatch, advance ...


def test_ai_is_fast(soviet_game, axis_game):
    """Issue 8: a decision in under 2 seconds median."""
    for game, log, _ in (soviet_game, axis_game):
        side = "soviet" if game is soviet_game[0] else "axis"
        times = log.decisions[side]
        assert statistics.median(times) < 2.0, statistics.median(times)


def test_ai_explains_fires_assaults_and_missions_with_the_engine_figures(soviet_game, axis_game):
    reasons = [(a, r) for s, a, r in soviet_game[1].reasons if s == "soviet"]
    reasons += [(a, r) for s, a, r in axis_game[1].reasons if s == "axis"]
    fires = [r for a, r in reasons if a.startswith("attack ")]
    assert fires and all("column" in r and "%" in r and "(§8)" in r for r in fires)
    calls = [r for a, r in reasons if a.startswith("call ")]
    assert calls and all("good shoot on" in r and "HE left" in r for r in calls)
    hits = [r for a, r in reasons if a.startswith("assault ")]
    assert hits and all("chance" in r and ("§11.1" in r or "§11.2" in r) for r in hits)


def test_sfa_figures_are_the_client_preview():
    """The column and shifts an AI reason quotes are those of the client's SFA preview
    (``hexwar.ui.games.black_wednesday.sfa_preview``) for every SFA on offer."""
    from hexwar.ui.games.black_wednesday import sfa_preview

    game = hexwar.open_game(GAME, SCEN, seed=3)
    players = {"soviet": BWPlayer(), "axis": BWPlayer()}
    seen = 0
    with use_hex_ids(game.rules.ids):
        while game.state.turn <= 4 and seen < 12 and game.result() is None:
            side = game.acting_side()
            if game.state.phase == "action" and "pending" not in game.state.extra:
                for a in game.legal_actions():
                    if isinstance(a, Attack):
                        mine = F.sfa_figures(game.rules, game.state, a.target, a.attackers)
                        theirs = sfa_preview(game.rules, game.state, a)
                        assert (mine.fp, mine.column, list(mine.shifts), mine.final) == \
                               (theirs["fp"], theirs["column"], theirs["shifts"], theirs["final"])
                        seen += 1
            game.apply(players[side].choose(game, side).action)
    assert seen >= 3


class _NoDice:
    """Dice the player must never touch: any use fails the test."""

    def __getattr__(self, name):
        raise AssertionError(f"the player read the dice ({name})")


def _other_prep(rules, prep: dict) -> dict:
    """Another Prep Log: every box aimed at another hex of the play area (2.4a)."""
    hexes = sorted(rules.area)
    return {c: {t: rules.ids.name(hexes[(i * 37 + 11) % len(hexes)]) for i, t in enumerate(v)} for c, v in prep.items()}


@pytest.mark.parametrize("ai_side", ["axis", "soviet"])
def test_fair_hidden_prep_log_and_dice_never_change_a_decision(ai_side):
    """What a side may not know never changes its decision: at every fourth decision of the
    first three turns a fresh player decides on the same position with dice that fail on any
    use, with dice of another seed, and (as the Axis) with the Soviet Prep Log aimed at other
    hexes (2.4: the Axis does not see the log): the same action and the same reason."""
    game = hexwar.open_game(GAME, SCEN, seed=4)
    other = make_player("random", GAME, 9)
    ai = BWPlayer()
    n = 0
    with use_hex_ids(game.rules.ids):
        while game.state.turn <= 3 and game.result() is None:
            side = game.acting_side()
            if side == ai_side:
                n += 1
                if n % 4 == 0 and len(game.legal_actions()) > 1:
                    want = BWPlayer().choose(game, side)
                    for dice in (_NoDice(), SeededDice(12345)):
                        st = game.state.copy()
                        if ai_side == "axis":
                            st.extra["prep"] = _other_prep(game.rules, st.extra["prep"])
                        twin = Game(game.rules, st, dice, game.header)
                        got = BWPlayer().choose(twin, side)
                        assert (got.action, got.reason) == (want.action, want.reason)
                dec = ai.choose(game, side)
            else:
                dec = other.choose(game, side)
            game.apply(dec.action)
    assert n > 20


def test_an_ai_game_saves_loads_and_replays(axis_game, tmp_path):
    game, _, _ = axis_game
    path = tmp_path / "bw.yaml"
    game.save(path)
    again = hexwar.load_record(path)
    assert again.digest() == game.digest()
    assert again.result() == game.result()


def test_greedy_plays_a_whole_game():
    game, _, _ = _match("random", "greedy", 1)
    assert game.result() is not None


def test_client_offers_the_black_wednesday_computer_player():
    from hexwar.ui.computer import make_computer

    player, note = make_computer(GAME, 1)
    assert isinstance(player, BWPlayer) and note is None
