"""session: the per-game hooks (own board loader) and the hex-id scheme set on opening."""
from __future__ import annotations

import pytest

import hexwar
from hexwar import session
from hexwar.core.hexgrid import Hex, SheetIds, hex_name, set_hex_ids


def test_opening_a_game_sets_its_hex_id_scheme_back_to_ccrr():
    old = set_hex_ids(SheetIds((("A", 36), ("B", 36))))
    try:
        assert "." in hex_name(Hex(1, 1))
        hexwar.open_game("objective-kiev", "standard", seed=1)
        assert hex_name(Hex(1, 1)) == "0101"  # Kiev names its hexes CCRR again
    finally:
        set_hex_ids(old)


def test_a_game_reads_its_own_files_through_its_entry(monkeypatch):
    """The session reads a game's board and scenario with the entry's ``load`` (a map of
    several sheets, a scenario schema of its own) and uses what it returns."""
    import dataclasses

    kiev = hexwar.games.entry("objective-kiev")
    seen = {}

    def load(scenario_file, maps_dir):
        seen["args"] = (scenario_file.name, maps_dir.name)
        return kiev.load(scenario_file, maps_dir)

    fake = dataclasses.replace(kiev, load=load)
    monkeypatch.setattr(session, "entry", lambda gid: fake)
    session._load.cache_clear()
    try:
        game = session.open_game("objective-kiev", "standard", seed=2)
    finally:
        session._load.cache_clear()
    assert seen["args"] == ("standard.yaml", "maps")
    assert game.legal_actions() and game.entry is fake


def test_load_game_data_reads_afresh_each_time():
    a = session.load_game_data("objective-kiev", "standard")
    b = session.load_game_data("objective-kiev", "standard")
    assert a[0] is not b[0] and set(a[0].hexes) == set(b[0].hexes)
    with pytest.raises(session.HexwarError):
        session.load_game_data("objective-kiev", "no-such-scenario")


def test_the_scheme_set_for_the_game_holds_in_worker_threads_too():
    """The client computes legal actions and the computer's moves off the UI thread:
    names there must follow the game's scheme as well."""
    import threading

    old = set_hex_ids(SheetIds((("A", 36), ("B", 36))))
    try:
        got = []
        t = threading.Thread(target=lambda: got.append(hex_name(Hex(37, 5))))
        t.start()
        t.join()
        assert got == ["B05.01"]
    finally:
        set_hex_ids(old)


def test_scenarios_are_read_in_ccrr_whatever_game_was_open_before():
    """A scenario written in CCRR must not be parsed with the ids of the game opened before
    (Black Wednesday's B34.16)."""
    old = set_hex_ids(SheetIds((("A", 36), ("B", 36))))
    session._load.cache_clear()
    try:
        game = hexwar.open_game("battle-for-kursk", "short", seed=1)
        assert game.legal_actions()
        assert hex_name(Hex(1, 1)) == "0101"
    finally:
        set_hex_ids(old)
        session._load.cache_clear()


def test_record_names_options_that_are_on_by_default(tmp_path):
    """A record carries every option on by default (Black Wednesday's owner_choices), so a
    later change of the default cannot change how the record replays."""
    import hexwar

    g = hexwar.open_game("black-wednesday", "s1-turning-the-left", seed=2)
    assert g.header["options"] == {"owner_choices": True}
    k = hexwar.open_game("kasserine-pass", "standard", seed=2, options={"air_power": True})
    assert k.header["options"] == {"air_power": True}
