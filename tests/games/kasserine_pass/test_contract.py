"""What Kasserine Pass tells the players through the game's contract: the preview of an attack,
a declared attack, a battery and air power (``Game.preview``), the consequence and label of
every option of every decision (``Game.decisions``), and the step's side and hex (``Game.stage``).
Each test carries the rule-case id it pins."""
from __future__ import annotations

import random

import pytest

import hexwar
from hexwar.core import actions as A
from hexwar.core.contract import COSTLY, FATAL, HARMLESS
from hexwar.core.hexgrid import hex_name
from hexwar.games.kasserine_pass import verbs as V

from .helpers import H, at, play, position, set_dice
from .test_combat import THREE


def declared(g, attack: str):
    """Declare ``attack``, close the declarations and the defender's artillery."""
    play(g, attack, "end")
    if g.state.step == "defend":
        play(g, "end")


def option(g, key: str, action):
    d = g.decision(key)
    assert d is not None, [x.key for x in g.decisions()]
    o = d.option_for(action)
    assert o is not None, [x.label for x in d.options]
    return d, o


# --- previews --------------------------------------------------------------------------------
def test_KP_ODDS_preview_of_an_attack_line_by_line_with_every_result_on_two_dice():
    g = position(THREE, phase="german_combat")
    p = g.preview(A.Attack(H("1322"), ("G10-AR-1", "G10-AR-2", "G10-AR-3")))
    assert p.refusal is None and p.figure == "3-1"
    texts = [ln.text for ln in p.lines]
    assert texts[:3] == ["G10-AR-1: 2", "G10-AR-2: 2", "G10-AR-3: 2"]
    assert "Attack: 6" in texts and "Defence: CCA-AR 2" in texts
    odds = next(ln for ln in p.lines if ln.text.startswith("Odds"))
    assert odds.rule == "KP-ODDS" and "6 to 2: 3-1" in odds.text and "defender's favour" in odds.text
    assert abs(sum(o.chance for o in p.outcomes) - 1) < 1e-9
    chances = g.rules.result_chances((3, 1))
    assert {o.code: o.chance for o in p.outcomes} == {c: float(x) for c, x in chances.items() if x}
    assert all(o.rule.startswith("KP-RESULT-") and o.text for o in p.outcomes)
    # worst for the attacker first, each with how bad it is for him
    codes = [o.code for o in p.outcomes]
    assert codes == [c for c in g.rules.result_codes() if c in codes]
    assert {o.code: o.level for o in p.outcomes}["A ELIM"] == COSTLY
    assert {o.code: o.level for o in p.outcomes}["CONTACT"] == HARMLESS
    assert len(g.actions) == 0 and not g.state.kbattles  # nothing declared


def test_KP_HEIGHT_KP_RIVER_ATTACK_KP_SEMI_CUMULATIVE_the_preview_names_each_cut():
    g = position({"G10-AR-1": "1719", "CCA-AR": "1720"}, phase="german_combat")
    p = g.preview(A.Attack(H("1720"), ("G10-AR-1",)))
    line = p.lines[0]
    assert line.text.startswith("G10-AR-1: 2 × 1/4 = 0.5") and line.value == "0.5"
    assert set(line.rule.split(", ")) == {"KP-HEIGHT", "KP-RIVER-ATTACK", "KP-SEMI-CUMULATIVE"}
    assert "never below 1/4" in line.text and "from a river hex" in line.text and "the defender is higher" in line.text


def test_KP_CLIFF_the_preview_quarters_an_attack_up_a_cliff():
    g = position({"CCA-AR": "0916", "CCA-AI": "0916", "BR-AR-1": "0916", "G10-AR-1": "0917"},
                 phase="allied_combat")
    p = g.preview(A.Attack(H("0917"), ("CCA-AR",)))
    if p.refusal is None:  # alone it may be too weak; the quartering shows either way below
        assert p.lines[0].rule == "KP-CLIFF"
    p = g.preview(A.Attack(H("0917"), ("CCA-AR", "CCA-AI", "BR-AR-1")))
    assert p.refusal is None and all(ln.rule == "KP-CLIFF" for ln in p.lines[:3])
    assert "× 1/4" in p.lines[0].text and "up a cliff" in p.lines[0].text


def test_KP_CITY_KP_ARTILLERY_a_declared_attack_shows_the_city_and_every_battery():
    g = position({"G10-AR-1": "1027", "G10-ART": "1026", "GAF-US": "1028", "GAF-ART": "1028"},
                 phase="german_combat")
    play(g, "attack 1028 G10-AR-1", "support G10-ART G10-AR-1", "end", "support GAF-ART GAF-US")
    p = g.preview(A.Resolve(H("1028")))
    rules = {ln.rule for ln in p.lines}
    assert {"KP-CITY", "KP-ARTILLERY", "KP-ODDS"} <= rules
    texts = [ln.text for ln in p.lines]
    assert "+ G10-ART supports G10-AR-1: 4" in texts and "+ GAF-ART supports the defence: 2" in texts
    assert "doubled in the city: 2" in texts and "Defence: 4" in texts
    assert p.figure == "1-1" == g.view(None)["battles"][0]["odds"]


def test_KP_ARTILLERY_ALONE_a_lone_battery_defends_with_one():
    g = position({"G10-AR-1": "1321", "CCA-ART": "1322"}, phase="german_combat")
    p = g.preview(A.Attack(H("1322"), ("G10-AR-1",)))
    line = next(ln for ln in p.lines if ln.text.startswith("Defence"))
    assert line.text == "Defence: CCA-ART 1 (a battery alone)" and line.rule == "KP-ARTILLERY-ALONE"
    assert line.value == "1"


def test_KP_CRT_beyond_8_1_and_1_6_are_said_in_the_preview():
    pos = {"G10-AR-1": "1321", "G10-AR-2": "1321", "G10-AR-3": "1222", "G10-AR-4": "1222",
           "G10-AR-5": "1221", "G10-AR-6": "1221", "US18-INF-1": "1322"}
    g = position(pos, phase="german_combat")
    p = g.preview(A.Attack(H("1322"), tuple(sorted(k for k in pos if k.startswith("G10")))))
    assert p.figure == "12-1" and [o.code for o in p.outcomes] == ["D ELIM"] and p.outcomes[0].chance == 1
    assert any(ln.rule == "KP-CRT" and "beyond 8-1" in ln.text for ln in p.lines)
    g = position({"US18-INF-1": "1321", "DAK-PG5": "1322"}, phase="allied_combat")
    p = g.preview(A.Attack(H("1322"), ("US18-INF-1",)))
    assert p.figure == "1-5" and not any(ln.rule == "KP-CRT" for ln in p.lines)
    g = position({"US18-INF-1": "1321", "DAK-AR7": "1322"}, phase="allied_combat")
    p = g.preview(A.Attack(H("1322"), ("US18-INF-1",)))
    assert p.refusal is not None and p.refusal.rule == "KP-CRT" and "1-7" in p.refusal.reason


def test_KP_ARTILLERY_support_previewed_and_priced_before_it_is_allocated():
    pos = {"G10-AR-1": "1321", "CCA-AR": "1322", "G10-ART": "1320", "CCA-ART": "1423"}
    g = position(pos, phase="german_combat")
    play(g, "attack 1322 G10-AR-1")
    act = V.Support("G10-ART", "G10-AR-1")
    p = g.preview(act)
    assert p.figure == "3-1" and p.lines[0].rule == "KP-ARTILLERY" and p.lines[0].value == "+4"
    assert any(ln.rule == "KP-COST-OF-COMBAT" for ln in p.lines)  # the battery pays to support an attack
    assert {o.code for o in p.outcomes} == {c for c, x in g.rules.result_chances((3, 1)).items() if x}
    d, o = option(g, "verb:support", act)
    assert o.label == "G10-ART → G10-AR-1" and d.rule == "KP-ARTILLERY"
    assert o.consequence.text == "+4 to G10-AR-1: the odds at 1322 go from 1-1 to 3-1"
    assert o.consequence.figure == "3-1"
    play(g, "support G10-ART G10-AR-1", "end")
    d, o = option(g, "verb:support", V.Support("CCA-ART", "CCA-AR"))  # the defender's turn
    assert "from 3-1 to 1-1" in o.consequence.text
    assert g.preview(V.Support("G10-ART", "G10-AR-1")).refusal.rule == "KP-ARTILLERY"


def test_KP_OPT_AIR_POWER_previewed_one_column_up():
    g = position({"CCA-AR": "1321", "G10-AR-1": "1322"}, phase="allied_combat", turn=9, options={"air_power": True})
    play(g, "attack 1322 CCA-AR")
    act = A.Choose("air", "1322")
    p = g.preview(act)
    assert p.figure == "2-1" and p.lines[0].rule == "KP-OPT-AIR-POWER" and "1-1 → 2-1" in p.lines[0].text
    d, o = option(g, "choose:air", act)
    assert o.label == "the attack on 1322" and o.consequence.figure == "2-1"
    play(g, "choose air 1322")
    p = g.preview(A.Attack(H("1322"), ("CCA-AR",)))
    assert p.refusal is not None  # declared already: nothing to add
    p = g.preview(A.Resolve(H("1322")))
    assert p.figure == "2-1" and any(ln.rule == "KP-OPT-AIR-POWER" for ln in p.lines)


# --- attacks from a stack ------------------------------------------------------------------------
def test_KP_STACKING_a_stack_attacks_in_one_action_and_any_part_of_it_may_too():
    """No rule keeps a stack's units together in an attack: the whole stack in one action, or
    any part of it, is allowed; the preview of a part names the units that may still join."""
    g = position({"CCA-AR": "1321", "CCA-AI": "1321", "US18-INF-1": "1321", "BR-AR-1": "1221",
                  "G10-AR-1": "1322", "G10-RC": "1420"}, phase="allied_combat")
    whole = A.Attack(H("1322"), ("CCA-AR", "CCA-AI", "US18-INF-1"))
    assert g.check(whole) is None and g.check(A.Attack(H("1322"), ("CCA-AR", "CCA-AI"))) is None
    p = g.preview(A.Attack(H("1322"), ("CCA-AR",)))
    assert p.refusal is None
    assert p.detail["may_join"] == {"1321": ("CCA-AI", "US18-INF-1"), "1221": ("BR-AR-1",)}
    assert "CCA-AI, US18-INF-1 at 1321" in p.note and "alone or together" in p.note
    assert g.preview(whole).detail["may_join"] == {"1221": ("BR-AR-1",)}
    # each option of the decision says its odds and likeliest result before the click
    d = g.decision("attack")
    assert d.title == "Declare an attack" and "alone or together" in d.help
    for o in d.options:
        assert o.consequence is not None and o.consequence.rule == "KP-CRT"
        assert o.consequence.figure == g.preview(o.action).figure
        assert "most likely" in o.consequence.text and o.label.endswith(f"→ {hex_name(o.action.target)}")
    # a unit that cannot join says why in plain words
    why = g.check(A.Attack(H("1322"), ("CCA-AR", "G10-AR-1")))
    assert why is not None and "not a unit of the attacking side" in why.reason
    play(g, "attack 1322 CCA-AR CCA-AI US18-INF-1")
    why = g.check(A.Attack(H("1420"), ("CCA-AR",)))
    assert why.rule == "KP-ZOC" and "already attacks 1322" in why.reason


# --- battle steps ---------------------------------------------------------------------------------
def test_KP_RETREAT_TERRAIN_consequence_of_each_path():
    """A BACK: the attacker retreats, from his own hex; each path says where it ends and its MP."""
    g = position({"G10-AR-1": "1321", "CCA-AR": "1322"}, phase="german_combat")
    declared(g, "attack 1322 G10-AR-1")
    set_dice(g, 2, 2)  # 1-1, total 4: A BACK 3
    play(g, "resolve 1322")
    assert g.stage() == ("retreat", "1321")  # the hex the attacker retreats from, not the defended one
    d = g.decision("retreat")
    assert d.side == "axis" and d.rule == "KP-RETREAT-TERRAIN"
    assert d.prompt == "Axis player: choose a retreat path for your unit(s) at 1321."
    assert g.view(None)["stage"]["hex"] == "1321" and g.view(None)["stage"]["target"] == "1322"
    for o in d.options:
        c = o.consequence
        assert c.rule == "KP-RETREAT-TERRAIN" and c.level == HARMLESS
        assert c.text.startswith(f"no loss: ends at {hex_name(o.action.path[-1])}, ")
        mp = float(c.text.split(", ")[1].split(" of its ")[0])
        assert mp <= 16 and c.text.split(" of its ")[1].startswith("16 MP")
        assert o.label.startswith("G10-AR-1: ") and o.label.count("→") == 2
    # D BACK: the defender retreats, from the defended hex
    g = position({"G10-AR-1": "1321", "G10-AR-2": "1222", "G10-AR-3": "1221", "US18-INF-1": "1322"},
                 phase="german_combat")
    declared(g, "attack 1322 G10-AR-1 G10-AR-2 G10-AR-3")
    set_dice(g, 2, 3)  # 6-1, total 5: D BACK 2
    play(g, "resolve 1322")
    assert g.stage() == ("retreat", "1322") and g.decision("retreat").side == "allied"
    assert g.decision("retreat").prompt == "Allied player: choose a retreat path for your unit(s) at 1322."


def test_KP_RETREAT_TERRAIN_a_path_that_leaves_the_next_unit_no_way_out_says_so():
    """Two units retreat from one hex and the only open hex holds room for one more: the first
    path is marked fatal, naming the unit that will then be eliminated."""
    pos = {"CCA-AR": "0803", "CCA-AI": "0803", "CCB-AR": "0802", "CCB-AI": "0802", "G10-AR-1": "0904",
           "G10-AR-2": "0701", "G10-AR-3": "0603", "G10-AR-4": "0901"}
    g = position(pos, phase="german_combat")
    declared(g, "attack 0803 G10-AR-1")
    set_dice(g, 1, 1)  # 2 against 4: 1-2, total 2: D BACK 1
    play(g, "resolve 0803")
    d = g.decision("retreat")
    first = d.option_for(A.Retreat("CCA-AI", (H("0802"),)))
    c = first.consequence
    assert c.level == FATAL and "then CCA-AR would have no retreat left and be eliminated" in c.text
    play(g, "retreat CCA-AI 0802")
    assert at(g, "CCA-AR") == "eliminated"  # as it said


def test_KP_ARTILLERY_STACK_the_guns_left_behind_are_named_before_the_retreat_and_the_advance():
    g = position({"G10-AR-1": "1321", "G10-AR-2": "1222", "G10-AR-3": "1221", "US18-INF-1": "1322",
                  "CCA-ART": "1322"}, phase="german_combat")
    declared(g, "attack 1322 G10-AR-1 G10-AR-2 G10-AR-3")
    set_dice(g, 2, 3)  # D BACK 2
    play(g, "resolve 1322")
    o = g.decision("retreat").options[0]
    assert "CCA-ART stay behind and are captured if the enemy advances (KP-ARTILLERY-STACK)" in o.consequence.text
    assert o.consequence.level == COSTLY
    play(g, o.action.notation())
    assert g.stage() == ("advance", "1322")
    d = g.decision("move")
    assert d.title == "Advance after combat" and d.prompt == "Axis player: advance into 1322, or decline."
    o = d.option_for(A.Move("G10-AR-1", (H("1322"),)))
    assert o.consequence.text.startswith("G10-AR-1 advances to 1322, 1 hex (")
    assert "captures CCA-ART (KP-ARTILLERY-STACK)" in o.consequence.text
    assert o.consequence.rule == "KP-RESULT-D-BACK" and o.label == "G10-AR-1 → 1322"
    no = g.decision("advance").option_for(A.Advance(None))
    assert no.consequence.text == "no advance: the units stay where they are"


def test_KP_EXCHANGE_LOSS_consequence_of_each_loss():
    g = position({"G10-AR-1": "1321", "G10-AR-2": "1222", "US18-INF-1": "1322"}, phase="german_combat")
    declared(g, "attack 1322 G10-AR-1 G10-AR-2")
    set_dice(g, 1, 1)  # 4-1, total 2: EXCHANGE
    play(g, "resolve 1322")
    assert g.stage() == ("loss", "1322")
    d = g.decision("loss")
    assert d.rule == "KP-EXCHANGE-LOSS" and d.prompt == ("Axis player: choose the attacking units that pay for the "
                                                         "battle at 1322.")
    for o in d.options:
        c = o.consequence
        assert c.level == FATAL and c.rule == "KP-EXCHANGE-LOSS"
        assert c.text == (f"{o.action.unit} is eliminated (2 factors): that pays the 1 still owed; the survivors "
                          "may then take the hex (KP-RESULT-EXCHANGE)")


def test_KP_RESULT_A_ELIM_each_loss_says_what_is_still_owed():
    pos = {"IT-INF-1": "1321", "G10-AR-1": "1221", "G10-AR-2": "1222", "CCA-AR": "1322", "CCA-AI": "1322"}
    g = position(pos, phase="german_combat")
    declared(g, "attack 1322 IT-INF-1 G10-AR-1 G10-AR-2")
    set_dice(g, 1, 1)  # 5 against 4: 1-1, total 2: A ELIM, 4 factors owed
    play(g, "resolve 1322")
    d = g.decision("loss")
    c = d.option_for(A.Loss("IT-INF-1")).consequence
    assert c.text == ("IT-INF-1 is eliminated (1 factor); 3 more to pay; the survivors then fall back one hex "
                      "(KP-RESULT-A-ELIM)")
    play(g, "loss IT-INF-1")
    c = g.decision("loss").option_for(A.Loss("G10-AR-1")).consequence
    assert c.text.startswith("G10-AR-1 is eliminated (2 factors); 1 more to pay")


# --- moves and the German specials ---------------------------------------------------------------
def test_KP_TERRAIN_each_move_costs_its_mp_on_the_map_and_says_what_it_takes():
    g = position({"G10-AR-1": "1321"})
    d = g.decision("move")
    reach = g.rules.reach(g.state, "G10-AR-1")
    assert d.options and all(o.consequence.figure == f"{reach[o.action.path[-1]][0]:g}" for o in d.options)
    assert all(o.consequence.rule == "KP-TERRAIN" and o.consequence.level == HARMLESS for o in d.options)
    assert all(o.label == f"G10-AR-1 → {hex_name(o.action.path[-1])}" for o in d.options)
    taking = [o for o in d.options if "takes " in o.consequence.text]
    assert taking and all("(KP-VICTORY)" in o.consequence.text for o in taking)
    o = taking[0]
    place = next(h for h in o.action.path if h in g.rules.board.places)
    assert g.rules.board.places[place].name in o.consequence.text


def test_KP_ZOC_a_move_into_an_enemy_zone_says_it_must_stop_and_attack():
    g = position({"G10-AR-1": "1322", "CCA-AR": "1524"}, phase="allied_move")
    d = g.decision("move")
    into = [o for o in d.options if g.rules.in_ezoc(g.state, "allied", o.action.path[-1])]
    assert into and all("stops in an enemy zone of control and must attack (KP-ZOC)" in o.consequence.text
                        for o in into)


def test_KP_BREAK_OFF_an_engaged_panzer_pays_2_mp_more_and_is_told():
    pos = {"CCA-AR": "1321", "CCA-AI": "1222", "BR-AR-1": "1221", "G10-AR-1": "1322"}
    g = position(pos, phase="allied_combat", turn=3)
    declared(g, "attack 1322 CCA-AR CCA-AI BR-AR-1")
    set_dice(g, 1, 3)  # 3-1, total 4: ENGAGED
    play(g, "resolve 1322", "end")
    assert g.state.phase == "german_move"
    o = g.decision("move").options[0]
    c = o.consequence
    assert c.rule == "KP-BREAK-OFF" and c.level == COSTLY and "+ 2 to break off its engagement" in c.text
    cost = g.rules.reach(g.state, "G10-AR-1")[o.action.path[-1]][0]
    assert c.figure == f"{cost + 2:g}"


def test_KP_BREAKDOWN_and_KP_ENGINEERS_say_what_they_do():
    g = position({"G10-AR-1": "1321"})
    c = g.decision("verb:breakdown").option_for(V.Breakdown("G10-AR-1")).consequence
    assert c.rule == "KP-BREAKDOWN" and c.text == ("becomes G10-AR-1a (1-16) and G10-AR-1b (1-16) in 1321, for "
                                                   "good: the parts never join again")
    g = position({"KAS-EN": "1016"}, phase="allied_move")
    c = g.decision("verb:blow").option_for(V.Blow("KAS-EN")).consequence
    assert c.rule == "KP-ENGINEERS" and "is down: no road crosses it" in c.text and c.figure == "4"


def test_KP_SEQUENCE_ending_a_step_says_what_comes_next():
    g = position({"G10-AR-1": "1321"}, phase="german_combat")
    assert g.decision("end").options[0].consequence.text == "no attack this phase: next, Allied movement"
    g = position(THREE, phase="german_combat")
    play(g, "attack 1322 G10-AR-1 G10-AR-2 G10-AR-3")
    c = g.decision("end").options[0].consequence
    assert c.rule == "KP-ARTILLERY" and "the Allied player then allocates his artillery" in c.text


# --- the hooks change nothing -------------------------------------------------------------------
@pytest.mark.sweep
def test_asking_for_decisions_and_previews_changes_no_play():
    """The same random game played twice, once asking for every decision and preview on the
    way: the same legal actions and the same position at every step; no prompt has a blank."""
    def run(ask: bool) -> list[tuple[int, str]]:
        g = hexwar.open_game("kasserine-pass", "standard", seed=5)
        rng = random.Random(5)
        out = []
        for _ in range(700):
            if g.result() is not None:
                break
            acts = g.legal_actions()
            if ask:
                for d in g.decisions():
                    assert "{" not in d.prompt and " at ." not in d.prompt and not d.prompt.endswith(" .")
                    assert all(o.label for o in d.options)
                for a in acts:
                    if isinstance(a, (A.Attack, A.Resolve, V.Support)):
                        assert g.preview(a) is not None
            out.append((len(acts), g.digest()))
            atk = [a for a in acts if isinstance(a, A.Attack)]
            g.apply(rng.choice(atk) if atk and rng.random() < .6 else rng.choice(acts))
        return out

    assert run(True) == run(False)
