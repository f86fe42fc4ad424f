"""Write the golden records that `tests/test_golden_records.py` replays.

Run from the repository root: ``python -m tests.records.make_records``. Only rerun it when a
change is *meant* to change how games play (a rule fix, a better computer player); a
restructuring must leave every record replaying as it is, and every computer transcript
unchanged.

Two kinds of files:
- ``games/<game>-<scenario>-<seed>[-<tag>].yaml``: a game record (random legal play, whole
  games for the small scenarios, the first actions of the large ones), with its digest;
  loading it replays every action and checks the digest.
- ``ai/<game>-<scenario>-<seed>.yaml``: the first decisions of the game's computer players
  (the normal one on one side, the easy one on the other, then swapped), as notation and
  reason; the test plays them again and wants the same actions and reasons.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

import yaml

import hexwar
from hexwar.ai.player import make_player
from hexwar.core.actions import EndPhase
from hexwar.core.hexgrid import hex_ids_of, use_hex_ids

HERE = Path(__file__).resolve().parent

# (game, scenario, seed, options, tag, max actions or None for the whole game)
GAMES = [
    ("objective-kiev", "standard", 11, {}, "", None),
    ("objective-kiev", "standard", 12, {}, "", None),
    ("objective-kiev", "standard", 13, {"axis_panzer_replacements_odd_turns": True, "axis_needs_one_city_less": True},
     "options", None),
    ("battle-for-kursk", "short", 11, {}, "", None),
    ("battle-for-kursk", "full", 12, {}, "", 1500),
    ("battle-for-kursk", "short", 13, {"mud_roll": True}, "options", None),
    ("kasserine-pass", "standard", 11, {}, "", None),
    ("kasserine-pass", "standard", 12, {"air_power": True, "air_power_by_die": True, "rangers_zoc": True,
                                        "italian_zoc": True, "initial_placement": True, "advance_limit": True},
     "options", None),
    ("black-wednesday", "s1-turning-the-left", 11, {}, "", None),
    ("black-wednesday", "s2-assault-of-the-guards", 11, {}, "", 1200),
    ("black-wednesday", "s4-melee-in-krasni-bor", 11, {}, "", 800),
    ("black-wednesday", "s5-assaulting-the-mill", 11, {}, "", None),
    ("black-wednesday", "s1-turning-the-left", 13, {"grandes": True, "german_cooperation": True, "spanish_panic": True,
                                                    "mined_wire": True, "dora": True, "owner_choices": False},
     "options", None),
    ("black-wednesday", "s3-assault-the-line", 13, {"campaign": True}, "campaign", 300),
    ("black-wednesday", "s3-assault-the-line", 11, {}, "", 300),
    ("black-wednesday", "s8-counter-attack", 11, {}, "", 300),
]

# (game, scenario, seed, decisions per pairing)
AI_GAMES = [
    ("objective-kiev", "standard", 5, 250),
    ("battle-for-kursk", "short", 5, 250),
    ("kasserine-pass", "standard", 5, 250),
    ("black-wednesday", "s1-turning-the-left", 5, 250),
]


def _random_record(game_id: str, scenario: str, seed: int, options: dict, limit: int | None) -> hexwar.core.game.Game:
    game = hexwar.open_game(game_id, scenario, seed=seed, options=options)
    rng = random.Random(seed)
    n = 0
    while game.result() is None and (limit is None or n < limit):
        acts = game.legal_actions()
        if not acts:
            raise RuntimeError(f"{game_id} {scenario}: no legal action")
        game.apply(rng.choice(acts))
        n += 1
    return game


def _sides(game) -> list[str]:
    return sorted({u["side"] for u in game.view(None)["units"] if u.get("side")})


def ai_transcript(game_id: str, scenario: str, seed: int, limit: int, normal_side: str) -> list[list[str]]:
    """The first ``limit`` decisions: the normal player on ``normal_side``, easy on the other."""
    game = hexwar.open_game(game_id, scenario, seed=seed)
    sides = _sides(game)
    players = {s: make_player("ai" if s == normal_side else "greedy", game_id, seed) for s in sides}
    ids = hex_ids_of(game.rules.board)
    out: list[list[str]] = []
    while game.result() is None and len(out) < limit:
        side = game.acting_side()
        if side is None:
            game.apply(EndPhase())
            continue
        dec = players[side].choose(game, side)
        with use_hex_ids(ids):
            out.append([side, dec.action.notation(), dec.reason or ""])
        game.apply(dec.action)
    return out


def main(argv: list[str]) -> None:
    only = set(argv)
    (HERE / "games").mkdir(exist_ok=True)
    (HERE / "ai").mkdir(exist_ok=True)
    for game_id, scenario, seed, options, tag, limit in GAMES:
        name = f"{game_id}-{scenario}-{seed}" + (f"-{tag}" if tag else "")
        if only and name not in only and "games" not in only:
            continue
        game = _random_record(game_id, scenario, seed, options, limit)
        game.save(HERE / "games" / f"{name}.yaml")
        print(name, len(game.actions), game.digest(), flush=True)
    for game_id, scenario, seed, limit in AI_GAMES:
        name = f"{game_id}-{scenario}-{seed}"
        if only and name not in only and "ai" not in only:
            continue
        game = hexwar.open_game(game_id, scenario, seed=seed)
        runs = {side: ai_transcript(game_id, scenario, seed, limit, side) for side in _sides(game)}
        data = {"game": game_id, "scenario": scenario, "seed": seed, "limit": limit, "runs": runs}
        (HERE / "ai" / f"{name}.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=200))
        print(name, {s: len(r) for s, r in runs.items()}, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
