"""Every nation a game's scenarios give a unit is named (and coloured) by that game's own entry:
the client asks the game on screen first, and a nation only another game knew made a start with
`--game` import every game package to colour one counter (Kursk's Hungarian groups, Kiev's
Italian CSIR)."""
from __future__ import annotations

from pathlib import Path

import yaml

from hexwar.games import all_games
from hexwar.paths import data_dir


def _nations(node, out: set[str]) -> set[str]:
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "nation" and isinstance(v, str):
                out.add(v)
            else:
                _nations(v, out)
    elif isinstance(node, list):
        for v in node:
            _nations(v, out)
    return out


def test_every_nation_of_a_games_scenarios_is_in_its_own_entry():
    missing = []
    for e in all_games():
        for f in sorted(Path(str(data_dir("scenarios"))).joinpath(e.id).glob("*.yaml")):
            for n in sorted(_nations(yaml.safe_load(f.read_text(encoding="utf-8")), set())):
                if e.nation(n) is None:
                    missing.append(f"{e.id}: {f.name}: {n}")
    assert not missing
