"""`make tournament`'s honest measurement (issue 24): fresh seeds by default, intervals."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import hexwar
import hexwar.games
from hexwar.ai.mechanics import count_uses, mechanics_of, uses_of
from hexwar.core.hexgrid import hex_ids_of, use_hex_ids
from tools import tournament
from tools.tournament import FRESH_SEEDS, first_seed, interval


def test_the_90_percent_interval_is_wilsons():
    low, high = interval(95, 100)
    assert low == pytest.approx(90.08, abs=0.05)
    assert high == pytest.approx(97.55, abs=0.05)


def test_the_interval_stays_honest_at_no_win_and_every_win():
    low, high = interval(0, 10)
    assert low == 0.0 and 15.0 < high < 25.0  # nought of ten does not prove a nought rate
    low, high = interval(10, 10)
    assert high == 100.0 and 75.0 < low < 85.0
    assert interval(0, 0) == (0.0, 100.0)


def test_a_small_sample_has_a_wide_interval():
    low_small, high_small = interval(19, 20)
    low_big, high_big = interval(95, 100)
    assert high_small - low_small > high_big - low_big


def test_the_first_seed_is_drawn_afresh_unless_given():
    seed, drawn = first_seed({}, random.Random(7))
    assert drawn and FRESH_SEEDS[0] <= seed <= FRESH_SEEDS[1]
    assert first_seed({}, random.Random(8))[0] != seed
    assert first_seed({"TOURNAMENT_FIRST_SEED": "101"}) == (101, False)
    with pytest.raises(SystemExit, match="whole number"):
        first_seed({"TOURNAMENT_FIRST_SEED": "abc"})


def test_a_games_own_scenario_variable_picks_its_scenario_and_the_common_one_wins(monkeypatch):
    from hexwar.ai.player import match_spec

    named = [e.id for e in hexwar.games.all_games() if (m := match_spec(e.id)) is not None and m.scenario_env]
    assert named  # Black Wednesday's TOURNAMENT_BW_SCENARIO (issue 20)
    for gid in named:
        m = match_spec(gid)
        assert m is not None
        other = next(s for g, s in hexwar.list_scenarios() if g == gid and s != m.scenario)
        monkeypatch.setenv(m.scenario_env, other)
        assert tournament.specs()[gid].scenario == other
        monkeypatch.setenv("TOURNAMENT_SCENARIO", m.scenario)
        assert tournament.specs()[gid].scenario == m.scenario
        monkeypatch.delenv("TOURNAMENT_SCENARIO")
        monkeypatch.delenv(m.scenario_env)
        assert tournament.specs()[gid].scenario == m.scenario


# ---------------------------------------------------------------- mechanics in use (point 3)
RECORDS = Path(__file__).resolve().parent / "records" / "games"


def _said(game, side: str, test) -> int:
    """How many of ``side``'s recorded steps pass ``test(step, its notation words)``."""
    with use_hex_ids(hex_ids_of(game.board)):
        return sum(1 for s in game.history() if s.side == side and test(s, s.action.notation().split()))


def test_kasserine_counts_are_what_its_record_says():
    game = hexwar.load_record(RECORDS / "kasserine-pass-standard-11.yaml")
    mechanics = mechanics_of("kasserine-pass")
    axis, allied = (count_uses(game, s, mechanics) for s in ("axis", "allied"))
    assert axis["breakdown"] == _said(game, "axis", lambda s, w: w[0] == "breakdown") > 0
    assert axis["selective attack"] == _said(game, "axis", lambda s, w: w[0] == "select") > 0
    assert "breakdown" not in allied and "break-off" not in allied  # German mechanics only
    own = _said(game, "axis", lambda s, w: w[0] == "support" and game.at(s.index - 1).phase().id == "german_combat")
    every = _said(game, "axis", lambda s, w: w[0] == "support")
    assert axis["artillery on attack"] == own > 0 and axis["artillery on defence"] == every - own > 0
    broke = sum(e.kind == "broke_off" for s in game.history() if s.side == "axis" for e in s.events)
    assert axis["break-off"] == broke > 0
    assert axis["bridge blown"] == 0 == allied["bridge rebuilt"]  # listed although never used


def test_kursk_counts_are_what_its_record_says():
    game = hexwar.load_record(RECORDS / "battle-for-kursk-short-11.yaml")
    got = {s: count_uses(game, s, mechanics_of("battle-for-kursk")) for s in ("german", "russian")}
    for side in ("german", "russian"):
        for p in ("pause", "reposition", "deploy", "engage"):
            assert got[side][f"posture {p.capitalize()}"] == _said(
                game, side, lambda s, w, p=p: w[:3] == ["choose", "posture", p])
        assert got[side]["Stand Fast"] == _said(game, side, lambda s, w: w == ["choose", "result", "sf"])
        assert got[side]["Offensive (a battle)"] == _said(game, side, lambda s, w: w[0] == "offensive")
        # 10.0: a rebuilt unit's entry says so; a 9.3 return from off the map does not count
        assert got[side]["replacement Place (unit rebuilt)"] == _said(
            game, side, lambda s, w: w[0] == "place" and any(e.text.endswith("(10.0).") for e in s.events))
    assert got["russian"]["replacement Place (unit rebuilt)"] > 0 and got["german"]["posture Engage"] > 0
    # 12.0: a posture more than one box right of last turn's costs markers (the German jumped)
    assert got["german"]["Offensive marker: posture beyond the free box"] > 0


def test_black_wednesday_counts_consolidation_and_the_prep_log():
    game = hexwar.load_record(RECORDS / "black-wednesday-s1-turning-the-left-11.yaml")
    got = count_uses(game, "soviet", mechanics_of("black-wednesday"))
    assert got["consolidation"] == _said(game, "soviet", lambda s, w: w[:2] == ["choose", "consolidate"]) > 0
    assert got["Prep Log change"] == _said(
        game, "soviet", lambda s, w: w[0] == "choose" and w[1].startswith("prep-") and w[1] != "prep-box") > 0
    assert "consolidation" not in count_uses(game, "axis", mechanics_of("black-wednesday"))


def test_kiev_counts_air_support_rail_and_rebuilt_units_as_its_record_says():
    game = hexwar.load_record(RECORDS / "objective-kiev-standard-11.yaml")
    axis, soviet = (count_uses(game, s, mechanics_of("objective-kiev")) for s in ("axis", "soviet"))
    assert axis["air support"] == _said(game, "axis", lambda s, w: w[0] == "roll" and len(w) == 2) > 0
    assert "rail movement" not in axis and "air support" not in soviet  # 9.4.3 Soviet, 10.5 Axis only
    special = _said(game, "soviet", lambda s, w: w[0] == "move" and game.at(s.index - 1).phase().kind == "special")
    assert soviet["special movement (any move)"] == special and 0 < soviet["rail movement"] < special
    # 9.4.3 is the infantry's: a tank's full-allowance move that happens to follow a rail line is not
    rail = next(m for m in mechanics_of("objective-kiev") if m.name == "rail movement")
    tanks = [u for u in uses_of(game) if u.side == "soviet" and u.verb == "move" and u.phase.kind == "special"
             and (u.unit_before(u.words[1]) or {}).get("kind") == "tank"]
    assert tanks and sum(rail.uses(u) for u in tanks) == 0
    for side, got in (("axis", axis), ("soviet", soviet)):  # 12.0: a rebuilt unit's entry says so
        assert got["replacement Place (unit rebuilt)"] == _said(
            game, side, lambda s, w: w[0] == "place" and any(e.text.endswith("(12.0).") for e in s.events))


def test_the_tournament_counts_the_ais_seat_from_the_games_record(monkeypatch):
    """A short fixed-seed game of the example game: ``play_one``'s counts are the record's."""
    from hexwar.ai.mechanics import Mechanic
    from hexwar.ai.player import make_player, play_match, players_module

    entry = hexwar.games.add_folder(Path(__file__).resolve().parent / "plugin_game" / "skirmish")
    try:
        mechanics = (Mechanic("move", "4.0", (), lambda u: int(u.verb == "move")),
                     Mechanic("never", "9.9", (), lambda u: 0))
        monkeypatch.setattr(players_module(entry.id), "MECHANICS", mechanics, raising=False)
        blue, red = (s.id for s in entry.sides)
        got = tournament.play_one((entry.id, "ai", "random", blue, 3))["mechanics"]
        game = hexwar.open_game(entry.id, tournament.specs()[entry.id].scenario, seed=3)
        play_match(game, {blue: make_player("ai", entry.id, 3), red: make_player("random", entry.id, 10_003)})
        moves = _said(game, blue, lambda s, w: w[0] == "move")
        assert got == {"move (4.0)": moves, "never (9.9)": 0} and moves > 0
    finally:
        hexwar.games.remove(entry.id)


def test_a_mechanic_never_used_is_printed_as_0(capsys):
    games = [{"seed": 1, "mechanics": {"smoke (§13)": 2, "consolidation (2.2c)": 0}},
             {"seed": 2, "mechanics": {"smoke (§13)": 1, "consolidation (2.2c)": 0}}]
    assert tournament.mechanics_table(games) == [("smoke (§13)", 3, 2, 2), ("consolidation (2.2c)", 0, 0, 2)]
    tournament.mechanics_summary([("black-wednesday", "soviet", "random", 2, 100.0, True, games, (0, 100))])
    out = capsys.readouterr().out
    row = next(x for x in out.splitlines() if "consolidation (2.2c)" in x).split()
    assert row[:2] == ["black-wednesday", "soviet"] and row[-4:] == ["0", "0", "of", "2"]


def test_ISSUE_20_a_black_wednesday_scenario_is_played_with_its_own_baseline_and_figure(monkeypatch):
    """TOURNAMENT_BW_SCENARIO picks the scenario; in a large one the random baseline is the
    sampling player (a uniform one never ends a phase there), and the figure is the victory
    score, as trench hexes mean something in Scenario 1 only."""
    from hexwar.ai.black_wednesday.tournament import SampledRandom
    from hexwar.ai.player import RandomPlayer

    monkeypatch.delenv("TOURNAMENT_SCENARIO", raising=False)
    monkeypatch.delenv("TOURNAMENT_BW_SCENARIO", raising=False)
    s1 = tournament.specs()["black-wednesday"]
    assert s1.scenario == "s1-turning-the-left" and s1.figure.startswith("trench hexes")
    assert type(tournament._player("random", s1, 1)) is RandomPlayer
    monkeypatch.setenv("TOURNAMENT_BW_SCENARIO", "s7-breakout")
    s7 = tournament.specs()["black-wednesday"]
    assert s7.scenario == "s7-breakout" and s7.figure.startswith("victory score")
    assert isinstance(tournament._player("random", s7, 1), SampledRandom)
    assert tournament._player("greedy", s7, 1).name == "greedy"
    monkeypatch.setenv("TOURNAMENT_BW_SCENARIO", "s2-assault-of-the-guards")
    assert type(tournament._player("random", tournament.specs()["black-wednesday"], 1)) is RandomPlayer


def test_ISSUE_20_the_victory_score_is_the_sides_own():
    from types import SimpleNamespace

    from hexwar.ai.black_wednesday import _score

    def over(winner, level):
        return SimpleNamespace(result=lambda: SimpleNamespace(winner=winner, level=level))

    assert _score(over("soviet", "Soviet major victory"), "soviet") == 2.0
    assert _score(over("soviet", "Soviet major victory"), "axis") == -2.0
    assert _score(over("axis", "Axis minor victory"), "axis") == 1.0
    assert _score(over(None, "Draw"), "soviet") == 0.0


def test_ISSUE_20_the_tournament_prints_the_scenario_and_each_game_as_it_ends(monkeypatch, capsys):
    monkeypatch.setenv("TOURNAMENT_BW_SCENARIO", "s5-assaulting-the-mill")
    monkeypatch.delenv("TOURNAMENT_SCENARIO", raising=False)

    def fake(task):
        game_id, first, second, seat, seed = task
        return {"seed": seed, "won": seed != 8, "level": "Soviet victory" if seed != 8 else "", "value": 1.0,
                "cpu": [0.5, 1.5], "cpu_turn": 2.0, "wall": 3.0, "mechanics": {}}
    monkeypatch.setattr(tournament, "play_one", fake)
    rows = tournament.run_game(tournament.specs()["black-wednesday"], ["soviet"], {"random": 2}, 7, 1, False)
    out = capsys.readouterr().out
    assert "scenario s5-assaulting-the-mill" in out.splitlines()[0]
    games = [x for x in out.splitlines() if " game " in x]
    assert len(games) == 2 and "game 7: won (Soviet victory)" in games[0] and "game 8: not won (draw)" in games[1]
    assert "AI decisions 2.0 s CPU (worst 1.50 s)" in games[0]
    tournament.summary(rows)
    assert "per game: scenario s5-assaulting-the-mill" in out
    assert "s5-assaulting-the-mill" in capsys.readouterr().out.splitlines()[-1]
