"""What each option of a Black Wednesday decision does, before it is chosen (``Game.decisions``:
the engine's ``consequence``, ``option_label`` and ``choice_info``), and the pending step inside a
fire with its hex (``Game.stage``): step losses (§8.4), retreat ends (§12.5), overwatch and
return fire (§10), the advance (§11.1), air targets (1.9), moves (§7, §5, §13.6), mode changes
(§5), orders (§16.3, §16.7), the Prep Log (2.4) and the standing choices."""
from __future__ import annotations

import random

import pytest

from hexwar.core.actions import Attack, Choose, EndPhase, Move
from hexwar.core.contract import COSTLY, FATAL, HARMLESS
from hexwar.core.dice import FixedDice
from hexwar.core.hexgrid import distance
from hexwar.games.black_wednesday.verbs import Assault

from .helpers import H, clear_map, fixed, put, s1, to_action_phase
from .test_choices_fire import ask_mode


def options(g, key):
    d = g.decision(key)
    assert d is not None, [x.key for x in g.decisions()]
    return {o.action.value if isinstance(o.action, Choose) else o.action: o for o in d.options}


def test_8_4_loss_options_say_the_steps_left_or_the_elimination():
    with s1() as g:
        ask_mode(g)
        put(g, "1-708-Inf1", "B20.20")
        put(g, "1-708-Inf2", "B20.20")
        put(g, "1-I-262-Inf1", "B21.20")
        put(g, "1-I-262-Inf2", "B21.20")
        u = g.state.units["1-I-262-Inf2"]
        g.state.units[u.id] = type(u)(u.id, u.spec, u.where, u.hex, 1, u.revealed, u.arrives)  # its last step
        g.state.touch()
        fixed(g, [6, 6] + [1] * 10)
        g.apply(Attack(H(g, "B21.20"), ("1-708-Inf1", "1-708-Inf2")))
        assert g.stage() == ("loss", "B21.20")
        d = g.decision("choose:loss")
        assert d.title == "Step loss" and d.rule == "§8.4" and "B21.20" in d.prompt and d.stage == "loss"
        opts = options(g, "choose:loss")
        one = opts["1-I-262-Inf1"]
        assert one.label == "1-I-262-Inf1 loses the step"
        left = g.state.units["1-I-262-Inf1"].steps - 1
        assert one.consequence.text == f"1-I-262-Inf1 loses a step ({left} left)" and one.consequence.level == COSTLY
        last = opts["1-I-262-Inf2"].consequence
        assert "eliminated" in last.text and last.level == FATAL and last.rule == "§8.4"


def test_10_overwatch_options_say_the_fire_and_the_refire_roll():
    with s1() as g:
        ask_mode(g)
        put(g, "1-I-262-MG", "B12.31")
        put(g, "1-708-Inf1", "B08.31", mode="move")
        fixed(g, [1] * 10)
        g.apply(Move("1-708-Inf1", (H(g, "B09.31"), H(g, "B10.31"))))
        assert g.stage() == ("overwatch", "B09.31")
        opts = options(g, "choose:overwatch")
        area = opts["B12.31:area"].consequence
        assert area.text.startswith("area fire") and "column" in area.text and "B09.31" in area.text
        assert "5-6" not in area.text and area.rule == "§10, §8.2"
        assert opts["none"].consequence.text.startswith("no (more) overwatch")
        g.apply(Choose("overwatch", "B12.31:area"))  # the MG fires (and misses): now it is marked
        assert g.stage() == ("overwatch", "B10.31")
        assert "needs 5-6 on a die first" in options(g, "choose:overwatch")["B12.31:area"].consequence.text


def test_10_return_fire_option_is_an_sfa_that_is_the_stacks_action():
    with s1() as g:
        ask_mode(g)
        put(g, "1-I-262-MG", "B12.31")
        put(g, "1-708-Inf1", "B08.31", mode="move")
        put(g, "1-708-MG", "B09.30")
        fixed(g, [1] * 12)
        g.apply(Move("1-708-Inf1", (H(g, "B09.31"),)))
        g.apply(Choose("overwatch", "B12.31:area"))
        assert g.stage() == ("return_fire", "B12.31")
        c = options(g, "choose:return_fire")["B09.30>B12.31"].consequence
        assert c.text.startswith("SFA by 1-708-MG: column") and "their action this phase" in c.text and c.rule == "§10"


def test_12_5_retreat_ends_next_to_an_enemy_are_fatal_by_day_and_11_1_the_advance():
    with s1() as g:
        ask_mode(g)
        put(g, "1-I-262-Inf1", "B10.31")
        put(g, "708-SMG1", "B09.31", mode="move")
        fixed(g, [1, 1, 1, 1, 1, 1, 6, 6] + [1] * 6)
        g.apply(Assault(H(g, "B10.31"), ("708-SMG1",)))
        assert g.stage() == ("retreat", "B10.31")
        foes = [u.hex for u in g.rules.on_map(g.state, "soviet")]
        for end, o in options(g, "choose:retreat").items():
            c = o.consequence
            adjacent = any(distance(H(g, end), f) == 1 for f in foes)
            assert (c.level == FATAL) == adjacent and c.rule == "§12.5"
            assert ("destroyed" in c.text) == adjacent and c.text.startswith(f"ends in {end}")
        g.apply(Choose("retreat", sorted(options(g, "choose:retreat"))[-1]))
        assert g.stage() == ("advance", "B10.31")
        adv = options(g, "choose:advance")
        assert adv["708-SMG1"].consequence.text == "708-SMG1 moves into B10.31"
        assert adv["stop"].consequence.text == "the rest stay where they are"


def test_5_and_7_moves_and_mode_changes_say_their_cost():
    with s1() as g:
        clear_map(g)
        to_action_phase(g, "soviet")
        put(g, "1-708-Inf1", "B08.31", dug=True)
        g.state.extra["barrage"] = (("axis", (H(g, "B09.31"),), 8),)
        g.state.touch()
        moves = [o for o in g.decision("move").options if o.action.unit == "1-708-Inf1"]
        assert moves
        for o in moves:
            c = o.consequence
            assert c.rule == "§7.1" and c.figure and c.text.startswith(f"{c.figure} of ")
            assert "goes to Move Mode" in c.text and "loses Dug In" in c.text and c.level == COSTLY
        hit = [o for o in moves if H(g, "B09.31") in o.action.path]
        assert hit and all("enters the barrage in B09.31: fired on at 8 (§13.6)" in o.consequence.text for o in hit)
        mode = next(o for o in g.decision("verb:mode").options if o.action.unit == "1-708-Inf1")
        assert mode.label == "1-708-Inf1 to Move Mode" and mode.consequence.rule == "§5"
        assert "half its MA" in mode.consequence.text and mode.consequence.level == COSTLY  # it was Dug In


def test_16_order_options_say_the_chance_and_what_cancelling_means():
    import hexwar
    from hexwar.core.hexgrid import use_hex_ids

    g = hexwar.open_game("black-wednesday", "s1-turning-the-left", seed=3)
    with use_hex_ids(g.rules.ids):
        g.apply(EndPhase())
        while g.view(None)["phase"] == "axis_setup":
            pl = [a for a in g.legal_actions() if type(a).__name__ == "Place"]
            g.apply(pl[0] if pl else EndPhase())
        d = g.decision("verb:order")
        assert d.title.startswith("Orders") and d.rule == "§16"
        by_op: dict = {}
        for o in d.options:
            by_op.setdefault(o.action.op, o)
        draw = by_op["draw"]
        assert draw.label.startswith("draw an order:") and "weighted turns" in draw.consequence.text
        if "cancel" in by_op:
            c = by_op["cancel"].consequence
            assert "unassigned" in c.text and c.rule == "§16.7" and c.level == COSTLY
        if "roll" in by_op:
            assert "%" in by_op["roll"].consequence.text and "§16.3" in by_op["roll"].consequence.rule


def test_2_4_prep_log_options_are_labelled_and_say_what_changes():
    with s1() as g:
        opts = options(g, "choose:prep-box")
        o = opts["122mm_1-0600"]
        assert o.label == "122 mm battery 1, 0600" and "pick its target next" in o.consequence.text
        g.apply(o.action)
        d = g.decision("choose:prep-122mm_1-0600")
        assert d.title == "Target of 122 mm battery 1, 0600" and d.rule == "2.4"
        first = d.options[0]
        assert first.label == f"target {first.action.value}"
        assert first.consequence.text.startswith(f"fires on {first.action.value} at 0600 instead of")


def test_standing_choices_and_the_initiative_say_what_they_do():
    with s1() as g:
        clear_map(g)
        to_action_phase(g, "soviet")
        syr = options(g, "choose:trench_syr")
        (value, o), = syr.items()
        assert o.consequence.rule == "1.3d" and "trench" in o.consequence.text
        com = options(g, "choose:commissars")
        assert all(x.consequence.rule == "2.2a" for x in com.values())
        g.state.phase = "initiative"
        g.state.touch()
        first = options(g, "choose:first")
        assert first["axis"].consequence.text == "the Axis Action Phase comes first this turn"
        assert first["axis"].label == "the Axis Action Phase first"


@pytest.mark.sweep
def test_every_option_of_a_random_game_says_something_with_a_rule():
    """Random play of Scenario 1 with the owner's choices on: in every position every option of
    the decisions has a label, and each consequence given names its rule and a level; the fires'
    previews add up to certainty."""
    import hexwar
    from hexwar.core.hexgrid import use_hex_ids

    g = hexwar.open_game("black-wednesday", "s1-turning-the-left", seed=5, options={"owner_choices": True})
    rng = random.Random(5)
    kinds: set[str] = set()
    with use_hex_ids(g.rules.ids):
        for _ in range(400):
            acts = g.legal_actions()
            if not acts or g.result() is not None:
                break
            for d in g.decisions():
                for o in d.options:
                    assert o.label
                    c = o.consequence
                    if c is not None:
                        assert c.text and c.rule and c.level in (HARMLESS, COSTLY, FATAL), (d.key, o.label, c)
                        kinds.add(d.key)
            fire = [a for a in acts if type(a).__name__ in ("Attack", "PointFire", "Assault", "Call")]
            for a in fire[:4]:
                pv = g.preview(a)
                assert pv is not None and pv.refusal is None and pv.lines
                assert abs(sum(o.chance for o in pv.outcomes) - 1) < 1e-9
            places = [a for a in acts if type(a).__name__ == "Place"]
            if places:
                a = places[0]
            elif g.view(None)["phase"] == "prep_log":
                a = next(x for x in acts if isinstance(x, EndPhase))
            else:
                non_end = [x for x in acts if not isinstance(x, EndPhase)]
                a = rng.choice(fire) if fire and rng.random() < 0.5 else (
                    rng.choice(non_end) if non_end and rng.random() < 0.9 else rng.choice(acts))
            g.apply(a)
    assert {"move", "choose:loss"} <= kinds, kinds


def test_stage_is_empty_without_a_pending_choice_and_dice_unchanged():
    with s1() as g:
        clear_map(g)
        to_action_phase(g, "soviet")
        g.dice = FixedDice([])
        assert g.stage() == ("", "")
        for d in g.decisions():  # asking never rolls a die
            for o in d.options:
                g.preview(o.action)
        assert g.dice.rolls_made == 0


def test_7_1_why_a_unit_cannot_reach_a_hex_names_the_rule():
    """§11.1, 1.4a, §7.1, §3.4: the pointer on a hex the selected unit cannot reach says which
    rule keeps it out: an enemy hex, wire, the cost of the cheapest way against the MP it has."""
    with s1() as g:
        clear_map(g)
        to_action_phase(g, "soviet")
        put(g, "1-708-Inf1", "B08.31")
        put(g, "1-I-262-Inf1", "B09.31")
        assert g.why_not_reach("1-708-Inf1", H(g, "B09.31")).rule == "§11.1"
        reach = g.rules.reach(g.state, "1-708-Inf1")
        assert reach and all(g.why_not_reach("1-708-Inf1", h) is None for h in reach)
        start = H(g, "B08.31")
        near = [h for h in sorted(g.rules.area) if 1 < distance(h, start) <= 6 and h not in reach]
        whys = {h: g.why_not_reach("1-708-Inf1", h) for h in near}
        assert all(w is not None and w.rule and w.reason for w in whys.values())
        far = next(h for h, w in whys.items() if w.rule == "§7.1")
        assert "cheapest way there costs" in whys[far].reason and "Fire Mode" in whys[far].reason
        wire = next(h for h in sorted(g.rules.ter.wire) if h in g.rules.area)
        assert g.why_not_reach("1-708-Inf1", wire).rule == "1.4a"
        g.state.extra["acted"] = frozenset({"1-708-Inf1"})
        g.state.touch()
        assert g.why_not_reach("1-708-Inf1", far).rule == "§3.4"
