"""The shared rules frame (core/sequence, motion, battle, replacement) and the core
pieces added for the second game: odds shifted before the cap, retreats that leave the
map, game values in State.extra, unit names of any action."""
from __future__ import annotations

from hexwar.core import actions as A
from hexwar.core.combat import Shift, StrengthLine, resolve_odds
from hexwar.core.hexgrid import Hex
from hexwar.core.retreat import retreat_paths
from hexwar.core.sequence import units_named
from hexwar.core.state import Battle, State


def _lines(a, d):
    return [StrengthLine("a", a, a)], [StrengthLine("d", d, d)]


def test_resolve_odds_caps_before_shifts_by_default_and_after_when_asked():
    a, d = _lines(80, 10)  # 8:1
    shifts = [Shift(-2, "x", "two left")]
    assert resolve_odds(a, d, shifts, 0, 5).final_index == 3  # capped at 6:1, then 4:1
    late = resolve_odds(a, d, shifts, 0, 5, cap_before_shifts=False)
    assert late.final_index == 5 and late.capped_index == 7 and not late.cap_note


def test_retreat_paths_may_end_early_by_leaving_the_map():
    on = {Hex(1, 1), Hex(1, 2), Hex(2, 1)}

    def adjacent(h):
        if h not in on:
            return ()
        return [n for n in (Hex(h.col, h.row + 1), Hex(h.col + 1, h.row), Hex(0, h.row)) if n != h]

    paths = retreat_paths(Hex(1, 1), 2, adjacent, enemy_at=lambda h: False, in_ezoc=lambda h: False,
                          can_end=lambda h: True, max_extra=0, exits=lambda h: h not in on)
    assert any(p.hexes == (Hex(0, 1),) for p in paths)  # one step, off the map
    plain = retreat_paths(Hex(1, 1), 2, adjacent, enemy_at=lambda h: False, in_ezoc=lambda h: False,
                          can_end=lambda h: True, max_extra=0)
    assert all(len(p.hexes) == 2 for p in plain)


def test_state_extra_is_copied_and_in_the_snapshot_only_when_used():
    s = State(turn=1, phase="p", units={})
    assert "extra" not in s.snapshot()
    s.extra["available"] = {"german": 2}
    t = s.copy()
    t.extra["available"] = {"german": 1}  # replaced, not changed in place
    assert s.extra["available"] == {"german": 2} and t.snapshot()["extra"] == {"available": {"german": 1}}


def test_battle_snapshot_keeps_the_old_form_without_an_offensive():
    s = State(turn=1, phase="p", units={}, battles=[Battle(Hex(1, 1), ("a",))])
    assert s.snapshot()["battles"] == [["0101", ["a"]]]
    s.battles = [Battle(Hex(1, 1), ("a",), "a", ("b",))]
    assert s.snapshot()["battles"] == [["0101", ["a"], "a", ["b"]]]


def test_units_named_covers_every_unit_an_action_names():
    assert units_named(A.Attack(Hex(1, 1), ("a", "b"))) == ["a", "b"]
    assert units_named(A.Roll("IVFK")) == []  # an air support marker is not a unit
    assert units_named(A.Loss("x")) == ["x"]
