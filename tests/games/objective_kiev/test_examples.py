"""The two worked examples of the rulebook (9.4 movement, 10.x combat), rebuilt on
purpose-made boards. Unit identities differ from the printed example (those are Army
Group Center formations); the mapping is given in each docstring."""
from hexwar.core.hexgrid import hex_name

from .helpers import H, board, kinds, legal, of, play, position, rule_of, view_of, where


def _movement_example():
    # G-IV (a 6-4 German infantry corps, MA 4) stands at 0505 and plays the 13th Corps.
    b = board(
        terrain={"0507": "swamp",                                   # hex A route: swamp
                 "0605": "forest", "0705": "forest", "0805": "forest", "0905": "forest",  # rail in forest
                 "0205": "forest"},                                 # hex D: forest
        rivers=["0505-0506", "0506-0507"],                           # rivers on the way to A
        rails=["0505-0605", "0605-0705", "0705-0805", "0805-0905"],  # the line to hex C
    )
    # SU-5A plays the Soviet 10th Army at 0502: its zone covers 0503 (hex B).
    return position({"G-IV": "0505", "SU-5A": "0502"}, phase="axis_movement", board_=b)


def test_EX_9_4_movement_example():
    """Rule: EX-9.4. Actions: a 6-4 infantry corps (MA 4) moves from 0505 to each of the
    example's hexes A-E. Expected: swamp costs 2 and river hexsides nothing (A = 0508
    for exactly 4 MP); entering the army's zone (B = 0503) ends the move; the rail line
    carries it through four forest hexes at 1 MP each (C = 0905); a forest hex off the
    rail costs 2 (D = 0205); four clear hexes spend everything (E = 0104)."""
    g = _movement_example()
    reach = g.rules.reach(g.state, "G-IV")
    # A: 0506 across a river costs 1, the swamp 0507 costs 2 more, 0508 one more.
    assert reach[H("0506")][0] == 1
    assert reach[H("0507")][0] == 3
    assert reach[H("0508")][0] == 4
    assert rule_of(g, "move G-IV 0506 0507 0508") is None
    assert rule_of(g, "move G-IV 0506 0507 0508 0509") == "9.0"      # 5 MP: one too many
    # B: 0503 lies in the zone of the army at 0502; the corps must stop there.
    assert H("0503") in g.rules.zoc(g.state, "soviet")
    assert reach[H("0503")][0] == 2
    assert rule_of(g, "move G-IV 0504 0503") is None
    assert rule_of(g, "move G-IV 0504 0503 0403") == "9.1.2"
    # C: rail hexsides make each forest hex cost 1: 4 MP to 0905, nothing left for 1005.
    assert reach[H("0705")][0] == 2
    assert reach[H("0905")] == (4, (H("0605"), H("0705"), H("0805"), H("0905")))
    assert rule_of(g, "move G-IV 0605 0705 0805 0905") is None
    assert rule_of(g, "move G-IV 0605 0705 0805 0905 1005") == "9.0"
    # D: off the rail a forest hex costs 2: 0405 (1) + 0305 (1) + 0205 forest (2) = 4.
    assert reach[H("0205")][0] == 4
    assert rule_of(g, "move G-IV 0405 0305 0205") is None
    assert rule_of(g, "move G-IV 0405 0305 0205 0105") == "9.0"
    # E: four clear hexes use the whole allowance.
    assert reach[H("0104")][0] == 4
    events = play(g, "move G-IV 0404 0304 0204 0104")
    assert where(g, "G-IV") == ("map", "0104", 2)
    assert kinds(events) == ["moved"]


def _combat_example():
    """The opening Axis combat phase at the north end of the line.

    Mapping: 53rd Infantry Corps (6-4) = G-IV; untried 7th Mech (4-2-6) = token SU-M1
    carrying SU-2M; Soviet 19th Army (8-4) = SU-5A in forest at 0505; the three panzer
    corps 10 + 9 + 8 = G-XIV 10, G-III 12 and a reduced G-XLVIII 6 (27 cannot be made
    from this order of battle; 28 keeps the example's 3:1 before the forest shift);
    6th Corps = G-XVII, stacked with G-III. FK II = IV-FK.
    """
    b = board(terrain={"0505": "forest"}, rivers=["0605-0706"])
    return position({"G-IV": "0706", "G-III": "0404", "G-XVII": "0404", "G-XIV": "0405",
                     "G-XLVIII": "0506", "SU-5A": "0505"},
                    mech={"SU-2M": "0605"}, untried=["SU-2M"], reduced=["G-XLVIII"],
                    phase="axis_combat", turn=1, board_=b, dice=[4, 1])


def test_EX_10_7_combat_example():
    """Rule: EX-10.7 (with 10.1.1, 10.2, 10.4, 10.5, 10.6 EX/DR, 7.2, 10.7).
    Actions: declare both battles (the stacked infantry corps cannot join the panzers
    across the same hexside), resolve the untried mech first with IV-FK, advance, then
    the army, retreat, advance. Expected: mech revealed as 4-2-6; 6:2 = 3:1, river -1,
    air +1, roll 4 = EX; mech eliminated, G-IV flipped to 3-4 (3 points paid for 2 owed)
    and advances; 28:8 = 3:1, forest -1 = 2:1, roll 1 = DR; every first retreat hex is
    in a zone, so the army loses a step; the second hex in G-IV's zone is refused;
    a panzer advances."""
    g = _combat_example()
    assert view_of(g, "SU-M1")["label"] == "?"
    # Step 0: declarations. Two units in 0404 cannot both attack across one hexside.
    assert rule_of(g, "attack 0505 G-III G-XVII G-XIV G-XLVIII") == "10.2"
    assert "attack 0505 G-III G-XIV G-XLVIII" in legal(g)
    assert "attack 0505 G-III G-XIV G-XLVIII G-XVII" not in legal(g)
    play(g, "attack 0605 G-IV", "attack 0505 G-III G-XIV G-XLVIII", "end")
    assert legal(g) == ["resolve 0505", "resolve 0605"]

    # First battle, steps 1-2: the defending mech is revealed.
    ev = play(g, "resolve 0605")
    assert [(e.kind, e.data["spec"]) for e in of(ev, "revealed")] == [("revealed", "SU-2M")]
    assert view_of(g, "SU-M1")["label"] == "4-2-6"
    assert not g.can_undo()
    # Step 3: river -1 (2:1), air support +1 (3:1).
    o = g.rules.odds(g.state, H("0605"), ["G-IV"])
    assert (o.attack, o.defense, o.column) == (6, 2, "2:1")
    ev = play(g, "roll IV-FK")
    combat = of(ev, "combat")[0].data
    assert combat["lines"] == ["attacker G-IV: 6", "defender SU-M1: 2", "ratio 6 to 2 = 3:1",
                               "-1 column (10.4: every attacker is across a river)",
                               "+1 column (10.5: air support (IV Fliegerkorps))", "final odds 3:1"]
    assert (combat["roll"], combat["result"]) == (4, "EX")
    # Step 5: the mech (one step) is gone; the exchange of 2 is paid by flipping G-IV (3).
    assert where(g, "SU-M1") == ("eliminated", None, 1)
    assert [e.data.get("owed") for e in of(ev, "exchange")] == [2, None]
    assert where(g, "G-IV") == ("map", "0706", 1)
    assert view_of(g, "G-IV")["label"] == "3-4"
    # Step 6: advance after combat.
    assert legal(g) == ["advance G-IV", "advance none"]
    ev = play(g, "advance G-IV")
    assert where(g, "G-IV") == ("map", "0605", 1)
    assert H("0604") in g.rules.zoc(g.state, "axis")       # its zone now covers 0604

    # Second battle: 28 to 8 is 3:1, the forest takes it to 2:1; IV-FK has flown.
    ev = play(g, "resolve 0505")
    assert rule_of(g, "roll IV-FK") == "10.5"
    ev = play(g, "roll")
    combat = of(ev, "combat")[0].data
    assert combat["lines"] == ["attacker G-III: 12", "attacker G-XIV: 10", "attacker G-XLVIII: 6",
                               "defender SU-5A: 8", "ratio 28 to 8 = 3:1",
                               "-1 column (10.4: defender in forest)", "final odds 2:1"]
    assert (combat["roll"], combat["result"]) == (1, "DR")
    # The attacker picks the path. Both first hexes (0504, 0604) are in a zone; the second
    # hex must leave every zone: 0705 (next to G-IV) is refused.
    options = legal(g)
    assert options == ["retreat SU-5A 0504 0503", "retreat SU-5A 0504 0603",
                       "retreat SU-5A 0604 0603", "retreat SU-5A 0604 0704"]
    assert rule_of(g, "retreat SU-5A 0604 0705") == "10.6"
    ev = play(g, "retreat SU-5A 0604 0704")
    assert kinds(ev) == ["retreated", "reduced"]
    assert where(g, "SU-5A") == ("map", "0704", 1)
    assert view_of(g, "SU-5A")["label"] == "4-4"
    # A panzer (the example's 47th, 9-6, here G-III) advances into the forest hex.
    assert legal(g) == ["advance G-III", "advance G-XIV", "advance G-XLVIII", "advance none"]
    play(g, "advance G-III")
    assert where(g, "G-III") == ("map", "0505", 2)
    assert [hex_name(t) for t in g.state.resolved] == ["0605", "0505"]
    assert legal(g) == ["end"]
    play(g, "end")
    assert g.state.phase == "axis_special"
