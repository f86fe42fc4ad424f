"""The Battle for Kursk computer player (issue 8): plays every phase and sub-step, decides
only from what its side may see, is fast, and explains its battles and moves."""
from __future__ import annotations

import pytest

import hexwar
from hexwar.ai.battle_for_kursk.greedy import KurskGreedy
from hexwar.ai.battle_for_kursk.normal import KurskPlayer
from hexwar.ai.player import make_player, play_match
from hexwar.core import actions as A
from hexwar.core.position import Position
from hexwar.core.state import Stage
from hexwar.core.units import ON_MAP
from hexwar.games.battle_for_kursk.facts import KurskFacts
from hexwar.games.battle_for_kursk.offensive import Offensive

GAME = "battle-for-kursk"


def _match(scenario: str, german: str, russian: str, seed: int):
    """Play a match; return the game, its log and the kinds of decision the AI was asked
    (phase kinds and stage kinds, with a real choice to make; "offensive" when it
    declared one)."""
    game = hexwar.open_game(GAME, scenario, seed=seed)
    players = {"german": make_player(german, GAME, seed), "russian": make_player(russian, GAME, seed + 10_000)}
    asked: set[str] = set()

    class Spy:
        def __init__(self, p):
            self.p, self.name = p, p.name

        def choose(self, g, side):
            st = g.state.stage
            dec = self.p.choose(g, side)
            if isinstance(self.p, KurskPlayer) and len(g.legal_actions()) > 1:
                asked.add(st.kind if st is not None else g.rules.phase(g.state).kind)
                if isinstance(dec.action, Offensive):
                    asked.add("offensive")
            return dec

    log = play_match(game, {s: Spy(p) for s, p in players.items()})
    return game, log, asked


def test_make_player_dispatches_kursk():
    assert isinstance(make_player("ai", GAME), KurskPlayer)
    assert isinstance(make_player("greedy", GAME), KurskGreedy)


@pytest.fixture(scope="module")
def full_game():
    return _match("full", "ai", "random", 1)


@pytest.fixture(scope="module")
def short_game():
    return _match("short", "random", "ai", 2)


@pytest.mark.whole_game
def test_ai_plays_every_phase_and_sub_step(full_game, short_game):
    """Postures, the Strategic Objective, set-up steps (4.0 short), replacements and negative
    ones (10.6), armor and rail movement, movement, battles and Offensives (9.2.1), Stand Fast
    or fortification results (9.3), losses, exchanges, retreats and advances."""
    for game, _, _ in (full_game, short_game):
        assert game.result() is not None
    asked = full_game[2] | short_game[2]
    for kind in ("posture", "objective", "setup", "replacement", "replacement_loss", "armor_rail", "movement",
                 "combat", "offensive", "exchange_loss", "retreat", "advance"):
        assert kind in asked, kind


@pytest.mark.parametrize("kind,expect", [("emergency", "emergency"), ("attacker_loss", "loss"),
                                         ("defender_loss", "loss")])
def test_rare_stages_are_answered(kind, expect):
    """12.0 Emergency Reaction and the loss stages, set up by hand (rare in sample games)."""
    game = hexwar.open_game(GAME, "full", seed=1)
    side = "russian"
    units = tuple(sorted(u.id for u in game.state.units.values() if game.rules.side(u.id) == side))[:3]
    game.state.stage = Stage(kind, side, None, (("units", units), ("attackers", ()), ("result", "AL")))
    acts = game.legal_actions()
    dec = KurskPlayer().choose(game, side)
    assert dec.action in acts and dec.action.notation().split()[0 if expect == "loss" else 1] == expect
    assert dec.reason


def test_ai_explains_battles_and_moves_with_the_rules_figures(full_game):
    _, log, _ = full_game
    battles = [r for s, a, r in log.reasons if s == "german" and (a.startswith("attack") or a.startswith("offensive"))]
    assert battles, "the AI fought no battle"
    # "attacks ... at 3:1 (ratio 12 to 4 = 3:1, then ... (-1, 9.2)); 50% chance of DR or better"
    assert any(":1 (ratio" in r and "chance of DR or better" in r for r in battles)
    moves = [r for s, a, r in log.reasons if s == "german" and a.startswith("move")]
    assert moves and all("→" in r for r in moves)
    postures = [r for s, a, r in log.reasons if a.startswith("choose posture")]
    assert postures


def test_short_scenario_ai_as_russian_wins(short_game):
    """4.0 short scenario: the Russian AI spends his set-up steps and wins against random."""
    assert short_game[0].result().winner == "russian"


@pytest.mark.whole_game
def test_ai_beats_random_small_fixed_sample():
    """A small fixed sample of the tournament (tools/tournament.py has the full one)."""
    game, _, _ = _match("full", "random", "ai", 1)
    assert game.result().winner == "russian"


def _at_russian_posture(seed: int, german_posture: str):
    game = hexwar.open_game(GAME, "full", seed=seed)
    assert game.acting_side() == "german"
    game.apply(A.Choose("posture", german_posture))
    assert game.acting_side() == "russian" and game.rules.phase(game.state).kind == "posture"
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_12_0_fair_the_german_secret_posture_never_changes_the_russian_choice(seed):
    """12.0: the posture is secret; the Russian AI decides from the public view only."""
    legal = [a.value for a in hexwar.open_game(GAME, "full", seed=seed).legal_actions()]
    assert len(legal) >= 2
    for make in (KurskPlayer, KurskGreedy):
        picks = {make().choose(_at_russian_posture(seed, p), "russian").action for p in legal}
        assert len(picks) == 1, (make.name, picks)


def test_12_0_the_public_state_scrubs_the_other_secret_posture():
    """12.0: the rules' ``public_state`` hook (what ``Position`` and so the players see)."""
    g = _at_russian_posture(1, "deploy")
    st = g.rules.public_state(g.state, "russian")
    assert st.extra["secret"]["german"] != "deploy"
    assert g.state.extra["secret"]["german"] == "deploy"  # the real game is untouched
    assert g.rules.public_state(g.state, "german").extra["secret"]["german"] == "deploy"


def test_12_0_the_facts_answer_for_the_public_position_as_the_rules_do():
    """The rules' ``facts`` hook: ``KurskFacts`` over the public copy, the same figures as the
    rules' own (the posture chosen in secret is not among them)."""
    g = _at_russian_posture(1, "deploy")
    facts = Position(g, "russian").facts
    assert isinstance(facts, KurskFacts)
    assert facts.phase.kind == "posture" and facts.posture("german") is None
    assert facts.vp_total() == g.rules.vp(g.state)[0]
    assert facts.zoc("german") == g.rules.zoc(g.state, "german")
    assert facts.on_map("russian") == tuple(sorted(u.id for u in g.state.units.values()
                                                   if u.where == ON_MAP and g.rules.side(u.id) == "russian"))
    assert facts.replacement_points("german") == g.rules.points_for(g.state, "german")


@pytest.mark.whole_game
def test_greedy_plays_a_whole_game():
    game, log, _ = _match("full", "greedy", "greedy", 3)
    assert game.result() is not None
    assert any(a.notation().startswith(("attack", "offensive")) for a, _, _ in game.timeline())


@pytest.mark.parametrize("options", [("DR", "SF"), ("DRL", "EX")])
def test_9_3_stand_fast_or_fortification_result_is_chosen(options):
    """9.3: the defender may take Stand Fast (major city) or EX (fortification) instead."""
    game = hexwar.open_game(GAME, "full", seed=1)
    uid = sorted(u.id for u in game.state.units.values() if game.rules.side(u.id) == "russian")[0]
    target = game.state.units[uid].hex
    game.state.stage = Stage("result_choice", "russian", target,
                             (("attackers", ()), ("result", options[0]), ("options", options)))
    dec = KurskPlayer().choose(game, "russian")
    assert dec.action in game.legal_actions() and dec.action.what == "result" and dec.reason
