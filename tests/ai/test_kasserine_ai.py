"""The Kasserine Pass computer player (issue 8): plays every phase and sub-step of both
sides, decides only from the public position (Kasserine hides nothing; the dice are the
one thing it could peek at, and it never does), is fast, explains its battles with the
rules' own figures, and its games save, load and replay."""
from __future__ import annotations

from fractions import Fraction

import pytest

import hexwar
from hexwar.ai.kasserine_pass.battles import estimate
from hexwar.ai.kasserine_pass.ctx import Ctx
from hexwar.ai.kasserine_pass.easy import KasserineGreedy
from hexwar.ai.kasserine_pass.match import beats
from hexwar.ai.kasserine_pass.normal import KasserinePlayer
from hexwar.ai.kasserine_pass.stages import choose_loss
from hexwar.ai.player import make_player, play_match
from hexwar.core import actions as A
from hexwar.core.dice import SeededDice
from hexwar.core.game import Game
from hexwar.core.hexgrid import hex_name, parse_hex
from hexwar.core.state import Stage
from hexwar.core.units import ON_MAP
from hexwar.games.kasserine_pass import verbs as V

GAME = "kasserine-pass"


def _match(axis: str, allied: str, seed: int):
    """Play a whole match; return the game, its log and what the AI was asked to decide
    (phase steps and stages with a real choice, and the kinds of action it chose)."""
    game = hexwar.open_game(GAME, "standard", seed=seed)
    players = {"axis": make_player(axis, GAME, seed), "allied": make_player(allied, GAME, seed + 10_000)}
    asked: set[str] = set()

    class Spy:
        def __init__(self, p):
            self.p, self.name = p, p.name

        def choose(self, g, side):
            st = g.state
            what = st.stage.kind if st.stage is not None else (st.step or "move")
            dec = self.p.choose(g, side)
            if isinstance(self.p, KasserinePlayer) and len(g.legal_actions()) > 1:
                asked.add(what)
                asked.add(type(dec.action).__name__)
                if st.carries and st.step == "declare":
                    asked.add("carry-over duty")
            return dec

    log = play_match(game, {s: Spy(p) for s, p in players.items()})
    return game, log, asked


@pytest.fixture(scope="module")
def axis_game():
    return _match("ai", "random", 1)


@pytest.fixture(scope="module")
def allied_game():
    return _match("random", "ai", 1)


def test_make_player_dispatches_kasserine():
    assert isinstance(make_player("ai", GAME), KasserinePlayer)
    assert isinstance(make_player("greedy", GAME), KasserineGreedy)


@pytest.mark.whole_game
def test_KP_VICTORY_ai_reaches_the_better_level_as_either_side_against_random(axis_game, allied_game):
    """Seed 1: the German AI wins (3+ points), the Allied AI holds the Germans to a defeat."""
    game, _, _ = axis_game
    assert game.result() is not None
    assert beats("axis", game.rules.german_points(game.state)), game.result()
    game, _, _ = allied_game
    assert beats("allied", game.rules.german_points(game.state)), game.result()


def test_ai_plays_every_step_of_both_sides(axis_game, allied_game):
    """Movement (arrivals, moves), declarations (with CONTACT / ENGAGED markers standing:
    KP-RESULT-CONTACT, KP-RESULT-ENGAGED), artillery on attack and on defence, resolution,
    and the stages (retreats, advances) all asked of it and answered."""
    asked = axis_game[2] | allied_game[2]
    for kind in ("move", "declare", "defend", "resolve", "retreat", "advance", "carry-over duty",
                 "Place", "Move", "Attack", "Support", "Resolve", "EndPhase"):
        assert kind in asked, f"never decided: {kind} (asked {sorted(asked)})"


def test_ai_explains_battles_with_the_rules_figures(axis_game):
    game, log, _ = axis_game
    attacks = [(a, r) for s, a, r in log.reasons if s == "axis" and a.startswith(("attack", "select"))]
    assert attacks
    for _, reason in attacks:
        assert "chance of D BACK or D ELIM" in reason and " against " in reason
    supports = [r for s, a, r in log.reasons if a.startswith("support")]
    assert supports and all("KP-ARTILLERY" in r and "→" in r for r in supports)


def test_reason_quotes_the_odds_panel():
    """The declaration's reason carries the odds and chances of rules.battle_detail."""
    game = hexwar.open_game(GAME, "standard", seed=3)
    ai = KasserinePlayer()
    for _ in range(3000):
        side = game.acting_side()
        dec = ai.choose(game, side) if side == "axis" else make_player("random", GAME, 1).choose(game, side)
        if isinstance(dec.action, A.Attack) and side == "axis":
            game.apply(dec.action)
            st = game.state
            i = next(i for i, b in enumerate(st.kbattles) if b.target == dec.action.target)
            det = game.rules.battle_detail(st, i)
            assert f"{det['odds']} now" in dec.reason
            good = sum(v for k, v in det["chances"].items() if k.startswith("D "))
            assert f"{round(float(good) * 100)}% chance of D BACK or D ELIM" in dec.reason
            return
        game.apply(dec.action)
    pytest.fail("no German attack declared")


def test_an_ai_game_saves_loads_and_replays(allied_game, tmp_path):
    game, _, _ = allied_game
    path = tmp_path / "kp.yaml"
    game.save(path)
    again = hexwar.load_record(path)
    assert again.digest() == game.digest()
    assert again.result() == game.result()


class _NoDice:
    """Dice the player must never touch: any use fails the test."""

    def __getattr__(self, name):
        raise AssertionError(f"the player read the dice ({name})")


@pytest.mark.parametrize("ai_side", ["axis", "allied"])
@pytest.mark.sweep
def test_fair_the_dice_to_come_never_change_a_decision(ai_side):
    """Kasserine hides nothing (view shows every unit, its hex, MP and markers), so the
    hidden thing a player could use is the dice. At every fifth decision of the first
    three turns a fresh player decides on the same position with no dice at all (any
    touch fails) and with dice of another seed: it must give the same action and reason."""
    game = hexwar.open_game(GAME, "standard", seed=5)
    view = game.view(ai_side)
    assert len(view["units"]) == len(game.state.units)  # nothing is hidden
    other = make_player("random", GAME, 7)
    ai = KasserinePlayer()
    n = 0
    while game.state.turn <= 3 and game.result() is None:
        side = game.acting_side()
        if side == ai_side:
            n += 1
            if n % 5 == 0 and len(game.legal_actions()) > 1:
                want = KasserinePlayer().choose(game, side)
                for dice in (_NoDice(), SeededDice(12345)):
                    twin = Game(game.rules, game.state.copy(), dice, game.header)
                    got = KasserinePlayer().choose(twin, side)
                    assert (got.action, got.reason) == (want.action, want.reason)
            dec = ai.choose(game, side)
        else:
            dec = other.choose(game, side)
        game.apply(dec.action)
    assert n > 20


def test_KP_BREAKDOWN_loss_breaks_a_unit_down_to_pay_exactly():
    """A German loss of 1 factor owed with only a 2-16 battalion: it breaks down first."""
    game = hexwar.open_game(GAME, "standard", seed=1)
    st = game.state
    rules = game.rules
    uid = "G10-AR-1"
    st.units[uid] = st.units[uid].at(parse_hex("1817"), ON_MAP)
    st.units["US168-INF-L"] = st.units["US168-INF-L"].at(parse_hex("1718"))
    st.phase, st.step = "german_combat", "resolve"
    from hexwar.games.kasserine_pass.state import KBattle

    st.kbattles = [KBattle(parse_hex("1718"), ("US168-INF-L",), (uid,))]
    st.kresolved = [0]
    st.stage = Stage("loss", "axis", parse_hex("1718"),
                     (("battle", 0), ("need", 1), ("removed", 0), ("then", "retreat_attackers")))
    st.touch()
    acts = rules.legal_actions(st)
    assert V.Breakdown(uid) in acts
    dec = choose_loss(Ctx(game, "axis"), acts)
    assert dec.action == V.Breakdown(uid) and "KP-BREAKDOWN" in dec.reason


def test_KP_CRT_estimate_counts_his_artillery_and_the_city():
    """The price of a battle uses the rules' pieces: city doubling (KP-CITY) and every
    battery of the defender in range (KP-ARTILLERY)."""
    game = hexwar.open_game(GAME, "standard", seed=1)
    ctx = Ctx(game, "axis")
    gafsa = parse_hex("1028")  # a city held by infantry and a 2-factor battery
    defenders = tuple(game.rules.stack_defenders(game.state, gafsa))
    side_hex = next(n for n in game.rules.board.adjacent(gafsa) if not game.state.units_at(n))
    e = estimate(ctx, gafsa, defenders, [("G10-AR-1", side_hex)])
    base = sum(game.rules.kspec(game.state, d).factor for d in defenders)
    assert e.def_support >= 2
    assert e.defense == Fraction(2 * base + e.def_support)
    assert sum(e.chances.values()) == 1


def test_greedy_plays_a_whole_game():
    game, _, _ = _match("greedy", "random", 2)
    assert game.result() is not None


def test_client_offers_the_kasserine_computer_player():
    """The client's per-side computer toggle asks make_player("ai", game): Kasserine now
    gets its own player, not the random stand-in with a note."""
    from hexwar.ui.computer import make_computer

    player, note = make_computer(GAME, 1)
    assert isinstance(player, KasserinePlayer) and note is None


def test_KP_OPT_AIR_POWER_the_allied_ai_adds_air_power_to_a_battle():
    """From 22 February, with the option, the Allies raise one attack a column: the AI
    picks the declared battle the column helps and says what it changes."""
    game = hexwar.open_game(GAME, "standard", seed=1, options={"air_power": True})
    st, rules = game.state, game.rules
    target = next(n for n in rules.board.adjacent(parse_hex("1914")) if not st.units_at(n)
                  and rules.height[n] <= rules.height[parse_hex("1914")] and rules.board.terrain[n] != "river")
    st.units["G10-AR-1"] = st.units["G10-AR-1"].at(target, ON_MAP)
    st.turn, st.phase, st.step = 9, "allied_combat", "declare"
    st.mp = {u.id: 16.0 for u in rules.on_map(st, "allied")}
    st.touch()
    attack = next(a for a in game.legal_actions() if isinstance(a, A.Attack) and a.target == target
                  and len(a.attackers) > 1)
    game.apply(attack)
    ai = KasserinePlayer()
    for _ in range(20):
        dec = ai.choose(game, "allied")
        if isinstance(dec.action, A.Choose):
            assert dec.action.value == hex_name(target) and "KP-OPT-AIR-POWER" in dec.reason and "→" in dec.reason
            return
        assert not isinstance(dec.action, A.EndPhase), "closed the declarations without air power"
        game.apply(dec.action)
    pytest.fail("no air power")



def test_the_players_read_only_the_public_position():
    """The players (hexwar/ai/kasserine_pass) read ``Position(game, side)`` and its facts
    (games/kasserine_pass/facts.py), never the rules object, the state or a private name of
    the engine; the facts answer with values; deciding (what-ifs included) changes nothing."""
    import re
    from pathlib import Path

    import hexwar.ai.kasserine_pass as pkg
    from hexwar.core.position import Position
    from hexwar.games.kasserine_pass.facts import KasserineFacts

    for path in Path(pkg.__file__).parent.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        # private names only of the players' own objects (self, a Ctx ``c``)
        assert not re.search(r"\.rules\b|\.state\b|__dict__|(?<!\bself)(?<!\bc)\._[a-z]", text), path.name
    game = hexwar.open_game(GAME, "standard", seed=1)
    facts = Position(game, "allied").facts
    assert isinstance(facts, KasserineFacts)
    units = facts.on_map("allied")
    assert isinstance(units, tuple) and units
    for mapping in (facts.vp, facts.reach(units[0].id), facts.holders(), facts.support()):
        with pytest.raises(TypeError):
            mapping[units[0].hex] = None  # read-only views
    assert isinstance(facts.zoc("allied"), frozenset) and isinstance(facts.battles(), tuple)
    players = {"axis": KasserinePlayer(), "allied": KasserineGreedy()}
    declared = 0
    for _ in range(600):
        side = game.acting_side()
        before = game.digest()
        dec = players[side].choose(game, side)
        assert game.digest() == before
        declared += side == "axis" and isinstance(dec.action, (A.Attack, V.Select))  # a what-if reason
        if declared >= 2:
            break
        game.apply(dec.action)
    assert declared >= 2
    assert game.rules.german_points(game.state) == Position(game, "axis").facts.german_points()
