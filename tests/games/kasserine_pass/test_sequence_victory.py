"""Sequence, victory, arrivals, supply and mines (KP-SEQUENCE, KP-VICTORY, KP-OOB-*, KP-SUPPLY, KP-MINES)."""
from __future__ import annotations

from hexwar.core.units import ON_MAP
from hexwar.games.kasserine_pass import TERRAINS

from .helpers import H, of, open_local, play, position, rule_of


def test_KP_SEQUENCE_german_move_combat_then_allied_move_combat_twelve_days():
    g = open_local(seed=1)
    assert (g.state.turn, g.state.phase) == (1, "german_move") and g.acting_side() == "axis"
    seen = []
    while g.result() is None:
        seen.append((g.state.turn, g.state.phase))
        g.apply("end")
    assert seen[:4] == [(1, "german_move"), (1, "german_combat"), (1, "allied_move"), (1, "allied_combat")]
    assert seen[-1] == (12, "allied_combat") and len(seen) == 48
    assert g.rules.scen.date(12) == "25 Feb 1943"


def test_KP_SEQUENCE_only_the_phasing_side_moves_and_only_in_movement():
    g = position({"G10-AR-1": "1322", "CCA-AR": "1626"})
    assert rule_of(g, "move CCA-AR 1625") == "KP-SEQUENCE"
    play(g, "end")
    assert rule_of(g, "move G10-AR-1 1323") == "KP-SEQUENCE"


def test_KP_VICTORY_points_of_places_held_last_and_four_levels():
    g = open_local(seed=1)
    r = g.rules
    names = {p.name: h for h, p in r.board.places.items()}
    assert r.german_points(g.state) == 0  # every place starts Allied (D12)
    levels = []
    for pts_places in ([], ["Kasserine", "Sbiba", "Ferriana"], ["Tebessa", "Thala"],
                       ["Tebessa", "Thala", "Le Kef", "Kasserine", "Sbiba", "Ferriana"]):
        st = g.state.copy()
        for n in pts_places:
            st.control[names[n]] = "axis"
        levels.append((r.german_points(st), r.judge(st).level, r.judge(st).winner))
    assert levels == [(0, "German defeat", "allied"), (3, "German tactical victory", "axis"),
                      (5, "German decisive victory", "axis"), (10, "German strategic victory", "axis")]


def test_KP_VICTORY_the_last_side_through_a_place_holds_it():
    g = position({"G10-AR-1": "1216", "CCA-AR": "1219"})
    kas = H("1117")
    assert g.state.control[kas] == "allied"
    ev = play(g, "move G10-AR-1 1117 1118")  # passing through is enough
    assert of(ev, "control") and g.state.control[kas] == "axis"
    g2 = position({"CCA-AR": "1118"}, phase="allied_move")
    g2.state.control[kas] = "axis"
    play(g2, "move CCA-AR 1117")
    assert g2.state.control[kas] == "allied"


def test_KP_VICTORY_result_after_the_last_allied_combat():
    g = position({}, phase="allied_combat", turn=12)
    names = {p.name: h for h, p in g.rules.board.places.items()}
    g.state.control[names["Thala"]] = "axis"
    g.state.control[names["Kasserine"]] = "axis"
    ev = play(g, "end")
    assert g.result().level == "German tactical victory" and of(ev, "game_over")
    assert g.legal_actions() == []


def test_KP_OOB_GERMAN_divisions_enter_their_areas_italians_set_up_near_the_east_edge():
    g = open_local(seed=1)
    assert rule_of(g, "place G10-AR-1 2116") is None  # between roads 3 and 4
    assert rule_of(g, "place G10-AR-1 2128") == "KP-OOB-GERMAN"  # D.A.K.'s area
    assert rule_of(g, "place DAK-AR7 2128") is None
    assert rule_of(g, "place G21-AR-1 2122") is None
    assert rule_of(g, "place IT-INF-1 2015") is None  # two columns from the edge
    assert rule_of(g, "place IT-INF-1 1915") == "KP-OOB-GERMAN"
    play(g, "place G10-AR-1 2116")
    assert g.state.mp["G10-AR-1"] == 16  # placing is free without the option
    assert rule_of(g, "move G10-AR-1 2016") is None


def test_KP_OPT_INITIAL_PLACEMENT_the_entry_hex_counts_as_movement():
    g = open_local(seed=1, options={"initial_placement": True})
    play(g, "place G10-AR-1 2116", "place IT-INF-1 2015")
    terrain = g.rules.board.terrain[H("2116")]
    assert g.state.mp["G10-AR-1"] == 16 - g.rules.terrain_mp[terrain]
    assert g.state.mp["IT-INF-1"] == 6  # D19: the Italians set up, they do not enter


def test_KP_OOB_ALLIED_reinforcements_arrive_on_their_date_at_their_entry():
    g = position({}, phase="allied_move", turn=2, keep_arriving=True)
    assert rule_of(g, "place US18-INF-1 1401") is None  # 15 Feb, road five
    assert rule_of(g, "place US18-INF-1 0112") == "KP-OOB-ALLIED"
    assert rule_of(g, "place GDS-LEIC 0902") == "KP-OOB-ALLIED"  # 16 Feb: not yet
    g = position({}, phase="allied_move", turn=8, keep_arriving=True)
    for u in ("US9-ART6", "US9-ART3-1", "US9-ART3-2", "US9-ART3-3"):
        play(g, f"place {u} 0112")
    assert rule_of(g, "place US9-FLAK 0112") == "KP-STACKING"  # four counters at most
    play(g, "move US9-ART6 0113")
    assert rule_of(g, "place US9-FLAK 0112") is None


def test_KP_OOB_ALLIED_at_start_units_are_on_the_map():
    g = open_local(seed=1)
    on = [u for u in g.state.units.values() if u.where == ON_MAP]
    assert len(on) == 35 and all(g.rules.uside(g.state, u.id) == "allied" for u in on)


def test_KP_SUPPLY_no_supply_rules_a_cut_off_unit_keeps_its_strength_and_movement():
    # an American surrounded far behind the German line moves and fights at full value
    pos = {"CCA-AR": "1322", "G10-AR-1": "1321", "G10-AR-2": "1421", "G10-AR-3": "1422",
           "G10-AR-4": "1323", "G10-AR-5": "1222", "G10-AR-6": "1221"}
    g = position(pos, phase="allied_move")
    assert g.state.mp["CCA-AR"] == 16
    play(g, "end", "attack 1321 CCA-AR")
    assert g.rules.strengths(g.state, g.state.kbattles[0])["attack"] == 2


def test_KP_MINES_no_mines_in_the_terrain_or_the_actions():
    assert "mines" not in TERRAINS and not any("mine" in t for t in TERRAINS)
    g = open_local(seed=1)
    assert not any("mine" in a.notation() for a in g.legal_actions())


def test_view_and_snapshot_are_plain_data():
    import json
    g = open_local(seed=3)
    v = g.view("axis")
    json.dumps(v)
    assert v["date"] == "14 Feb 1943" and v["german_points"] == 0
    json.dumps(g.rules.snapshot(g.state), default=str)


def test_turn_track_hook_names_the_days():
    g = open_local(seed=1)
    track = g.rules.turn_track()
    assert track[0] == (1, "Turn 1", "14 Feb 1943") and track[-1] == (12, "Turn 12", "25 Feb 1943")
