"""Battle for Kursk's decisions and previews through the contract (``game.decisions()``,
``game.preview(action)``): every option says what it does before it is taken, with its rule
and, where something is lost, a level; an Offensive's odds list each supporter's column."""
from __future__ import annotations

import hexwar
from hexwar.core import actions as A
from hexwar.core.contract import COSTLY, FATAL, HARMLESS
from hexwar.core.hexgrid import hex_name, neighbors
from hexwar.core.position import Position
from hexwar.games.battle_for_kursk.decisions import option_words
from hexwar.games.battle_for_kursk.offensive import Offensive

from .helpers import H, kboard, play, position


def _open(scenario="full", seed=1):
    return hexwar.open_game("battle-for-kursk", scenario, seed=seed)


def _options(g, key):
    d = g.decision(key)
    assert d is not None, [x.key for x in g.decisions()]
    return {str(o.action.value) if isinstance(o.action, A.Choose) else o.label: o for o in d.options}


# ---------------------------------------------------------------- 12.0 postures
def test_12_0_posture_consequence_names_its_phases():
    """12.0 a-d: each posture says which of the side's phases it opens this turn and which it
    skips, and the replacement points it leaves (10.6)."""
    g = _open()
    opts = _options(g, "choose:posture")
    assert list(opts) == ["pause", "reposition", "deploy", "engage"]
    want = {"pause": ({"replacement"}, {"armor and rail movement", "combat", "movement"}),
            "reposition": ({"replacement", "movement"}, {"armor and rail movement", "combat"}),
            "deploy": ({"replacement", "armor and rail movement", "movement"}, {"combat"}),
            "engage": ({"replacement", "armor and rail movement", "combat", "movement"}, set())}
    for value, (opened, skipped) in want.items():
        c = opts[value].consequence
        assert c is not None and c.rule == "12.0", value
        head, _, rest = c.text.partition("; ")
        shown, _, gone = (head + "; " + rest).partition("skipped: ")
        for name in opened:
            assert name in shown.split(";")[0], (value, c.text)
        for name in skipped:
            assert name in gone.split(";")[0], (value, c.text)
        assert "replacement points" in c.text and "10.6" in c.text
    # Pause: +1 infantry point for the German (12.0 a, 10.6); the track gives 1 and 3 on turn A.
    assert "+2 infantry, +3 armor" in opts["pause"].consequence.text
    assert "+1 infantry, +2 armor" in opts["deploy"].consequence.text


def test_12_0_posture_beyond_one_box_costs_markers_and_unaffordable_ones_say_why():
    g = _open()
    g.state.extra["previous"] = {"german": "pause", "russian": "pause"}
    g.state.extra["available"] = {"german": 2, "russian": 0}
    opts = _options(g, "choose:posture")
    assert opts["reposition"].consequence.level == HARMLESS and "marker" not in opts["reposition"].consequence.text
    c = opts["engage"].consequence
    assert c.level == COSTLY and "costs 2 Offensive marker(s)" in c.text and "pause" in c.text
    assert "costs 1 Offensive marker(s)" in opts["deploy"].consequence.text
    play(g, "choose posture reposition")
    opts = _options(g, "choose:posture")  # the Russian, without a marker: Deploy and Engage listed, refused
    assert opts["deploy"].refusal is not None and opts["deploy"].refusal.rule == "12.0"
    assert opts["engage"].refusal is not None and opts["pause"].refusal is None
    # Pause against an Engage may turn to Reposition only with a marker in hand (12.0).
    assert "Emergency Reaction" not in opts["pause"].consequence.text


def test_10_6_a_posture_that_leaves_a_negative_figure_costs_steps():
    g = _open()
    g.state.turn = g.rules.camp.number("2")  # German armor -1 on the track
    g.state.extra["engaged"] = True
    c = _options(g, "choose:posture")["engage"].consequence
    assert "-2 armor" in c.text and "step" in c.text and c.level == COSTLY


def test_12_1_a_posture_says_what_it_does_to_the_strategic_objective():
    g = _open()
    opts = _options(g, "choose:posture")
    assert "move the Strategic Objective" in opts["deploy"].consequence.text
    assert "locks the Strategic Objective" in opts["engage"].consequence.text
    g.state.turn = g.rules.camp.number("1")  # no German Engage yet on turn 1: any other posture loses it
    opts = _options(g, "choose:posture")
    c = opts["deploy"].consequence
    assert "passes to the Russians" in c.text and c.level == COSTLY
    assert "passes" not in opts["engage"].consequence.text


# ---------------------------------------------------------------- 12.0 Emergency Reaction
def test_12_0_emergency_reaction_options_say_what_they_cost():
    g = _open()
    g.state.extra["available"] = {"german": 0, "russian": 1}
    play(g, "choose posture engage", "choose posture pause")
    opts = _options(g, "choose:emergency")
    yes, no = opts["yes"], opts["no"]
    assert yes.label == option_words(A.Choose("emergency", "yes")) and "Reposition" in yes.label
    assert yes.consequence.level == COSTLY and yes.consequence.rule == "12.0"
    assert "Offensive marker" in yes.consequence.text and "movement" in yes.consequence.text
    assert no.consequence.level == HARMLESS and "skipped" in no.consequence.text
    assert g.decision("choose:emergency").rule == "12.0"


# ---------------------------------------------------------------- 12.1 Strategic Objective
def test_12_1_objective_moves_say_where_and_who_scores():
    g = _open()
    play(g, "choose posture deploy", "choose posture pause")
    d = g.decision("choose:objective")
    assert d.rule == "12.1" and "SO?" in d.help
    opts = _options(g, "choose:objective")
    assert "stays at 2113" in opts["stay"].consequence.text
    c = opts["2307"].consequence
    assert c.rule == "12.1" and "moves from 2113 to 2307" in c.text and "German" in c.text


# ---------------------------------------------------------------- 9.3 the defender's options
def _result_choice(units, target, attackers, dice, board_):
    g = position(units, phase="russian_combat", dice=dice, board_=board_)
    play(g, f"attack {target} {' '.join(attackers)}", "end", f"resolve {target}", "roll")
    assert g.state.stage.kind == "result_choice"
    return g


def test_9_3_stand_fast_and_exchange_options_say_what_they_cost():
    b = kboard(major_cities={"0505": "Bryansk"})
    g = _result_choice({"R-4SA": "0604", "R-3SA": "0605", "G-VI": "0505"}, "0505", ["R-4SA", "R-3SA"], [3], b)
    opts = _options(g, "choose:result")
    assert opts["sf"].label.startswith("Stand Fast")
    assert opts["dr"].label == "take the DR as rolled"
    sf = opts["sf"].consequence
    assert sf.rule == "9.3" and "G-VI loses a step" in sf.text and "no retreat" in sf.text and sf.level == COSTLY
    dr = opts["dr"].consequence
    assert "G-VI retreats 2 hexes" in dr.text and dr.rule == "9.3"
    b = kboard(forts={"Mius": ("german", "A", ["0505"])})
    g = _result_choice({"R-4SA": "0604", "R-3SA": "0605", "R-40A": "0506", "G-VI": "0505"}, "0505",
                       ["R-4SA", "R-3SA", "R-40A"], [6], b)
    opts = _options(g, "choose:result")
    ex, drl = opts["ex"].consequence, opts["drl"].consequence
    assert "attacker loses at least as many strength points" in ex.text and ex.level >= COSTLY
    assert "G-VI loses a step" in drl.text and "retreat" in drl.text


def test_9_3_a_defender_with_no_way_out_is_told_it_is_eliminated():
    b = kboard(major_cities={"0505": "Bryansk"})
    ring = [hex_name(h) for h in neighbors(H("0505"))]
    # Two attackers and four more Russian units all around: no retreat path is left.
    units = dict(zip(["R-4SA", "R-3SA", "R-40A", "R-13A", "R-70A", "R-38A"], ring))
    g = _result_choice({**units, "G-VI": "0505"}, "0505", ["R-4SA", "R-3SA"], [3], b)
    c = _options(g, "choose:result")["dr"].consequence
    assert c.level == FATAL and "no retreat path" in c.text and "eliminated" in c.text


# ---------------------------------------------------------------- 9.2.1 Offensives
def _off(**kw):
    units = {"G-XLVIII-PZ": "0505", "R-2TA": "0604", "R-13A": "0603", "R-70A": "0704", "R-38A": "0705",
             "R-48A": "0605"}
    units.update(kw.pop("extra", {}))
    return position(units, phase="russian_combat", **kw)


def test_9_2_1_offensive_preview_lists_the_lead_and_each_supporters_column():
    g = _off(reduced=["R-2TA"])
    act = Offensive(H("0505"), "R-2TA", ("R-2TA",), ("R-13A", "R-70A"))
    p = g.preview(act)
    o = g.rules.odds(g.state, H("0505"), ["R-2TA"], ("R-2TA", ("R-13A", "R-70A")))
    assert p.refusal is None and p.figure == o.column and p.detail == o
    own = [ln for ln in p.lines if ln.rule == "9.2.1"]
    assert "R-2TA" in own[0].text and own[0].value == "+2 column"
    assert [(ln.value, ln.text.split()[0]) for ln in own[1:]] == [("+1 column", "R-13A"), ("+1 column", "R-70A")]
    assert abs(sum(x.chance for x in p.outcomes) - 1) < 1e-9
    assert "Offensive marker" in p.note
    plain = g.preview(A.Attack(H("0505"), ("R-2TA",)))
    assert plain.detail.final_index < p.detail.final_index
    # The plain attack says what an Offensive could add, while a marker is ready.
    assert "Offensive led by R-2TA" in plain.note and "2 column(s)" in plain.note
    g.state.extra["available"] = {"german": 3, "russian": 0}
    assert "Offensive" not in g.preview(A.Attack(H("0505"), ("R-2TA",))).note


def test_9_2_1_offensive_preview_refuses_a_wrong_lead_or_supporter():
    g = _off()
    p = g.preview(Offensive(H("0505"), "R-2TA", ("R-2TA",), ("R-38A",)))
    assert p.refusal is not None and p.refusal.rule == "9.2.1" and "colour" in p.refusal.reason and not p.outcomes
    p = g.preview(Offensive(H("0505"), "R-48A", ("R-2TA", "R-48A"), ("R-38A",)))
    assert p.refusal is not None and p.refusal.rule == "9.2.1" and "armor or shock" in p.refusal.reason


def test_9_2_1_a_declared_offensive_keeps_its_supporters_columns_to_the_roll():
    g = _off(reduced=["R-2TA"], dice=[6])
    play(g, "offensive 0505 R-2TA R-2TA / R-13A R-70A", "end")
    want = g.rules.odds(g.state, H("0505"), ["R-2TA"], ("R-2TA", ("R-13A", "R-70A")))
    p = g.preview(A.Resolve(H("0505")))
    assert p.detail == want and sum(1 for ln in p.lines if ln.rule == "9.2.1") == 3
    play(g, "resolve 0505")
    p = g.preview(A.Roll(None))
    assert p.detail == want and sum(1 for ln in p.lines if ln.rule == "9.2.1") == 3


def test_9_2_1_offensive_consequence_spends_a_marker():
    g = _off(reduced=["R-2TA"])
    d = g.decision("verb:offensive")
    assert d.title == "Offensive" and d.rule == "9.2.1"
    c = d.options[0].consequence
    assert c.level == COSTLY and "Offensive marker (3 ready)" in c.text and c.rule == "9.2.1"


def test_9_2_1_facts_answer_who_may_lead_and_support():
    g = _off()
    f = Position(g, "russian").facts
    assert f.lead_problem("R-2TA") is None and f.lead_problem("R-48A").rule == "9.2.1"
    assert f.supporters(H("0505"), "R-2TA", ("R-2TA",)) == g.rules.supporters(g.state, H("0505"), "R-2TA", ("R-2TA",))
    assert f.markers_per_side == 3 and f.offensives_available("russian") == 3


# ---------------------------------------------------------------- 10.0-10.7 replacements
def test_10_0_replacement_options_say_the_point_they_spend():
    g = position({"G-VI": "0303", "R-13A": "0808"}, phase="german_replacement", reduced=["G-VI"],
                 posture={"german": "pause", "russian": "pause"})  # turn 1: 1 infantry point, +1 for Pause
    left = g.view(None)["points"]["irp"]
    restore = g.decision("restore").options[0]
    assert restore.action == A.Restore("G-VI")
    c = restore.consequence
    assert c.rule == "10.0" and "G-VI returns to full strength" in c.text and f"{left - 1} left" in c.text
    place = g.decision("place").options[0].consequence
    assert place.rule == "10.0" and "comes back reduced" in place.text and "point spent" in place.text


def test_10_6_a_negative_replacement_loss_cites_10_6():
    g = _open()
    g.state.turn = g.rules.camp.number("2")  # German armor -1 on the track
    play(g, "choose posture engage", "choose posture pause", "end")
    assert g.state.stage is not None and g.state.stage.kind == "replacement_loss"
    c = g.decision("loss").options[0].consequence
    assert c.rule == "10.6" and ("loses a step" in c.text or "eliminated" in c.text) and c.level >= COSTLY


def test_11_3_the_mud_roll_says_which_rolls_make_mud():
    g = hexwar.open_game("battle-for-kursk", "full", seed=1, options={"mud_roll": True})
    d = g.decision("roll")
    assert d is not None and d.title == "Mud roll" and d.rule == "11.3" and "mud" in d.prompt
    c = d.options[0].consequence
    assert c.rule == "11.3" and "mud turn" in c.text


def test_10_6_the_negative_replacement_step_has_its_own_words():
    g = _open()
    g.state.turn = g.rules.camp.number("2")
    play(g, "choose posture engage", "choose posture pause", "end")
    d = g.decision("loss")
    assert d.title == "Negative replacements" and d.rule == "10.6" and d.stage == "replacement_loss"
