"""Rule cases that are plain statements rather than procedures (decision BW-K1 in
docs/black-wednesday/rules-decisions.md): what each one means in play, checked. 1.1b, 1.1c, 1.4d,
1.10i, 1.11c, 2.1a, 2.2d, 2.5b, 2.8, 3.1a, 3.3a."""
from __future__ import annotations

from hexwar.core.actions import Attack, Move
from hexwar.core.dice import FixedDice
from hexwar.core.hexgrid import use_hex_ids
from hexwar.games.black_wednesday.terrain import ROADS
from hexwar.games.black_wednesday.verbs import Call, Mode

from .helpers import H, open_local, put, s1, to_action_phase


def test_1_1b_craters_tones_and_rubble_change_nothing():
    """No terrain, hex feature or hexside of the tables or the map stands for craters, background
    tones or rubble; a city hex (rubble is part of its symbol) costs the city cost and no more."""
    with s1() as g:
        r = g.rules
        names = set(r.t.terrain) | set(r.t.hex_features) | set(r.t.hexsides) | set(r.board.hex_values)
        assert not [n for n in names if any(w in n for w in ("crater", "rubble", "tone"))]
        city, src = next((c, a) for c in sorted(r.board.terrain) if r.board.terrain[c] == "city"
                         for a in r.board.adjacent(c) if r.board.terrain[a] == "open" and not r.board.side_kinds(a, c))
        for cls in ("foot", "tracked", "wheeled"):
            assert r.ter.step_cost(src, city, cls, 8) == r.t.terrain["city"]["cost"][cls]


def test_1_1c_city_and_building_hexes_are_told_apart():
    with s1() as g:
        r = g.rules
        kinds = set(r.board.terrain.values())
        assert {"city", "building"} <= kinds
        city, bldg = r.t.terrain["city"], r.t.terrain["building"]
        assert (city["combat_class"], bldg["combat_class"]) == ("protective", "partly_protective")
        assert city["obstacle_height_m"] != bldg["obstacle_height_m"]
        kb = r.board.regions["Krasni Bor"]  # 5.0: a village is its city and building hexes alike
        assert {r.board.terrain[h] for h in kb} == {"city", "building"}


def test_1_4d_a_road_does_not_open_the_wire():
    """B13.31 -> B14.31 runs along a secondary road into wire; B13.30 -> B14.30 next to it is the
    same crossing (the AT ditch) without the road."""
    with s1() as g:
        r = g.rules
        a, b = H(g, "B13.31"), H(g, "B14.31")
        assert b in r.ter.wire and any(k in r.board.side_kinds(a, b) for k in ROADS)
        to_action_phase(g, "soviet")
        g.state.extra["orders"] = {}
        put(g, "1ITB-T341", "B13.31", mode="move")
        assert g.check(Move("1ITB-T341", (b,))).rule == "1.4a"
        for cls, ma in (("foot", 4), ("tracked", 16), ("wheeled", 8)):  # breached: the road's rate is not used
            assert r.ter.step_cost(a, b, cls, ma) == r.ter.step_cost(H(g, "B13.30"), H(g, "B14.30"), cls, ma)


def test_1_10i_set_up_abbreviations_read_as_unit_types_and_weighted_turns():
    """MG, AT (size), Inf Gun (size) and Wgt Turns were read into the scenario files once; in
    play they are plain unit types and the orders' weighted turns."""
    with s1() as g:
        r = g.rules
        assert r.entry("14-262-AT751").type == "spa_at_75" and r.entry("14-262-AT371").type == "spa_at_37"
        assert r.entry("13-262-IG1").type == "spa_inf_gun_75" and r.entry("4-I-262-MG1").type == "spa_mg"
        assert all(t in r.t.unit_types for t in ("spa_at_75", "spa_at_37", "spa_inf_gun_75", "spa_mg"))
    g = open_local("s4-melee-in-krasni-bor")
    with use_hex_ids(g.rules.ids):
        o = {v["id"]: v for v in g.rules.orders_view(g.state)}
        assert 27 in {v["weighted_turns"] for v in o.values()}  # "Wgt Turns: 27"


def test_1_11c_commanders_tanks_are_ordinary_tanks():
    """The 21 T-34s of 1 Ind Tank Bn include its commanders' vehicles: one type, the same values."""
    with s1() as g:
        r = g.rules
        tanks = [u for u in g.state.units if r.entry(u).battalion == "1-ITB"]
        assert len(tanks) == 21 and {r.entry(u).type for u in tanks} == {"sov_t34"}
        assert len({r.spec(u) for u in tanks}) == 1


def test_2_1a_the_soviet_intent_is_in_every_view():
    with s1() as g:
        for side in ("soviet", "axis", None):
            assert g.rules.view(g.state, side)["intents"]["soviet"].startswith("2.1a:")
        assert "Mga" in g.rules.view(g.state, None)["intents"]["soviet"]


def test_3_1a_the_axis_intents_are_in_the_view():
    with s1() as g:
        text = g.rules.view(g.state, "axis")["intents"]["axis"]
        assert text.startswith("3.1a:") and "Spanish" in text and "German" in text


def test_2_2d_not_even_an_fo_spots_for_an_82mm_mortar():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-I-262-Inf1", "B16.31")  # trench: spotted from 2 hexes
        put(g, "1-708-Mtr", "B06.31")
        put(g, "708-MtrFO", "B14.32")  # both FOs see the target; neither spots for the 82 mm
        put(g, "708-ArtFO", "B14.32")
        assert g.check(Attack(H(g, "B16.31"), ("1-708-Mtr",))).rule == "§6.1"
        put(g, "1-708-Mtr", "B15.31")  # next to the target: it spots for itself
        assert g.check(Attack(H(g, "B16.31"), ("1-708-Mtr",))) is None


def test_2_5b_company_counters_follow_their_divisions_orders_and_looting():
    g = open_local("s4-melee-in-krasni-bor")
    with use_hex_ids(g.rules.ids):
        r, st = g.rules, g.state
        on = r.order_of(st, "1-270-Inf1")
        assert on is not None and r.order_of(st, "1-270-MG") == on  # begun with its battalion (2.1e)
        assert r.order_of(st, "1-269-Inf1") is None and r.order_of(st, "1-269-MG") is None  # looting (2.1f)
        lim = r.looting_limit()
        for co in ("1-269-MG", "1-269-Mtr", "269-Mtr120"):
            hs = r.soviet_setup_hexes(st, co)
            assert hs and hs <= lim, co


def test_2_8_soviet_mortars_fire_no_smoke():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "708-MtrFO", "B10.31")
        put(g, "708-Mtr120", "B06.33")
        put(g, "1-708-Mtr", "B06.31")
        for mortar in ("708-Mtr120", "1-708-Mtr"):
            why = g.check(Call("708-MtrFO", mortar, H(g, "B12.31"), ammo="smoke"))
            assert why is not None and why.rule == "2.8", mortar
        assert g.check(Call("708-MtrFO", "708-Mtr120", H(g, "B12.31"))).rule == "§13.12"  # HE: an SFA
        assert not [a for a in g.legal_actions() if isinstance(a, Call) and a.artillery in g.state.units]


def test_3_3a_the_spanish_reserve_rolls_only_after_a_soviet_unit_enters_a_trench():
    g = open_local("s3-assault-the-line")
    with use_hex_ids(g.rules.ids):
        r, st = g.rules, g.state
        items = {}
        for e in r.scen.units:
            if e.pool.startswith("spanish:"):
                items.setdefault(e.pool, set()).add(r.company(e.id))
        comps = set().union(*items.values())
        assert {c for c in comps if c.endswith("I-263")} == {"1-I-263", "2-I-263", "3-I-263", "4-I-263"}
        assert comps - {"1-I-263", "2-I-263", "3-I-263", "4-I-263"} == {"5-II-269", "8-II-269"}
        assert {r.exit_area(h) for h in r.entries_of("1-I-263-Inf1")} == set("ABCD")
        to_action_phase(g, "soviet")
        assert not st.extra.get("trench_entered") and r.spanish_roll(st, FixedDice([])) == []
        put(g, "1-708-Inf1", "B16.29", mode="move")  # a Spanish trench hex
        g.apply(Mode("1-708-Inf1", "fire"))
        st = g.state
        assert st.extra["trench_entered"]
        r.spanish_roll(st, FixedDice([4, 5]))  # 9: the first item is released
        assert st.extra["spanish_release"] == ("spanish:1",)
