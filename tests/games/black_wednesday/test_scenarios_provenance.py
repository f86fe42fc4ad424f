"""Every value of the stage-4 scenario files carries provenance (rulebook / found /
reconstructed) and a source: units, set-up areas, losses, battalion morale, orders,
artillery, ammunition, victory conditions and levels (house rule; docs/data-provenance.md)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from hexwar import paths

ROOT = Path(str(paths.data_dir("scenarios"))) / "black-wednesday"
FILES = ["s2-assault-of-the-guards.yaml", "s4-melee-in-krasni-bor.yaml", "s5-assaulting-the-mill.yaml",
         "s3-assault-the-line.yaml", "s6-the-assault-continues.yaml"]


def marked(entry) -> bool:
    return (isinstance(entry, dict) and entry.get("provenance") in ("rulebook", "found", "reconstructed")
            and bool(str(entry.get("source", "")).strip()))


@pytest.mark.parametrize("name", FILES)
def test_every_scenario_value_carries_provenance(name):
    data = yaml.safe_load((ROOT / name).read_text(encoding="utf-8"))
    assert marked(data["play_area"]) and marked(data["victory"])
    for c in data["victory"].get("conditions", ()) + data["victory"].get("levels", ()):
        assert marked(c), c
    for side in ("soviet", "axis"):
        s = data["sides"][side]
        for key in ("units", "orders", "artillery"):
            for e in s.get(key) or ():
                assert marked(e), (side, key, e)
        for key in ("areas", "losses", "bn_morale"):
            for k, e in (s.get(key) or {}).items():
                assert marked(e), (side, key, k)
        if s.get("ammo"):
            assert marked(s["ammo_provenance"]), (side, "ammo")
        if "breaches" in s:
            assert marked(s["breaches"])
