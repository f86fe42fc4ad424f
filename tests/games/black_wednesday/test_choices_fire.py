"""The owner's choices inside a fire (choices.py): step losses (§8.4), retreat ends (§12.5),
overwatch stacks and weapons (§10), return fire (§10), air targets (1.9) and the assault
advance (§11.1) are pending ``choose`` steps of the right player; dice rolled before a
question are never rolled again."""
from __future__ import annotations

import pytest

from hexwar.core.actions import Attack, Choose, EndPhase, Move
from hexwar.core.hexgrid import distance
from hexwar.games.black_wednesday.verbs import Assault

from .helpers import H, clear_map, fixed, put, s1, to_action_phase


def ask_mode(g, side="soviet"):
    clear_map(g)
    to_action_phase(g, side)
    g.rules.options["owner_choices"] = True  # these tests are about the questions (the default)
    g.state.extra["commissars"] = "off"


def values(g, what):
    acts = g.legal_actions()
    assert acts and all(isinstance(a, Choose) and a.what == what for a in acts), [a.notation() for a in acts]
    return [a.value for a in acts]


def test_tcs_8_4_the_owner_picks_each_step_loss_and_dice_are_not_rolled_again():
    """tcs decision 60: the answer replays the fire with the same dice."""
    with s1() as g:
        ask_mode(g)
        put(g, "1-708-Inf1", "B20.20")
        put(g, "1-708-Inf2", "B20.20")
        put(g, "1-I-262-Inf1", "B21.20")
        put(g, "1-I-262-Inf2", "B21.20")
        fixed(g, [6, 6] + [1] * 10)  # a two-step result
        ev = g.apply(Attack(H(g, "B21.20"), ("1-708-Inf1", "1-708-Inf2")))
        assert [e.kind for e in ev] == ["die_rolled", "choice_pending"]
        assert g.acting_side() == "axis" and not g.can_undo()  # the fire's dice are committed
        assert values(g, "loss") == ["1-I-262-Inf1", "1-I-262-Inf2"]
        assert g.view("axis")["stage"]["rule"] == "§8.4"
        # anything else is refused with the rule while the choice is open
        assert g.check(EndPhase()).rule == "§8.4"
        assert g.check(Choose("loss", "1-708-Inf1")).rule == "§8.4"
        rolled = g.dice.rolls_made
        g.apply(Choose("loss", "1-I-262-Inf2"))
        g.apply(Choose("loss", "1-I-262-Inf2"))
        assert "pending" not in g.state.extra and g.acting_side() == "soviet"
        assert g.state.units["1-I-262-Inf2"].steps == g.rules.spec("1-I-262-Inf2").steps - 2
        assert g.state.units["1-I-262-Inf1"].steps == g.rules.spec("1-I-262-Inf1").steps
        # the morale check after the losses rolled new dice; the first two were replayed
        assert g.dice.rolls_made > rolled
        assert g.state.extra["acted"] >= {"1-708-Inf1", "1-708-Inf2"}


def _two_step_fire(options):
    """Two Soviet rifles fire at two Axis rifles in B21.20 with a two-step result."""
    from hexwar.core.hexgrid import use_hex_ids

    from .helpers import open_local

    g = open_local("s1-turning-the-left", seed=0, options=options)
    with use_hex_ids(g.rules.ids):
        clear_map(g)
        to_action_phase(g, "soviet")
        g.state.extra["commissars"] = "off"
        put(g, "1-708-Inf1", "B20.20")
        put(g, "1-708-Inf2", "B20.20")
        put(g, "1-I-262-Inf1", "B21.20")
        put(g, "1-I-262-Inf2", "B21.20")
        fixed(g, [6, 6] + [1] * 10)
        g.apply(Attack(H(g, "B21.20"), ("1-708-Inf1", "1-708-Inf2")))
    return g


def test_decision_60_the_owner_choices_are_on_by_default():
    """tcs decision 60: with no options the owner is asked (the option's default is on)."""
    from hexwar.games.black_wednesday import OPTIONS

    assert OPTIONS["owner_choices"][0] is True
    g = _two_step_fire(None)
    assert g.rules.pending(g.state).what == "loss" and g.acting_side() == "axis"


def test_decision_60_owner_choices_off_the_engine_takes_its_own_pick():
    """tcs decision 60: with the option off no question comes; the engine's pick is the
    default the question offers, so answering it gives the same board."""
    off = _two_step_fire({"owner_choices": False})
    assert off.rules.pending(off.state) is None
    on = _two_step_fire({"owner_choices": True})
    while (p := on.rules.pending(on.state)) is not None:
        assert p.default in p.options
        on.apply(Choose(p.what, p.default))
    assert {u: (x.hex, x.steps, x.where) for u, x in on.state.units.items()} == \
        {u: (x.hex, x.steps, x.where) for u, x in off.state.units.items()}
    assert on.state.extra["lost"] == off.state.extra["lost"]


def test_tcs_8_4_one_unit_that_can_lose_a_step_is_not_asked():
    """tcs decision 61: one possible answer, no question."""
    with s1() as g:
        ask_mode(g)
        put(g, "1-708-Inf1", "B20.20")
        put(g, "1-708-Inf2", "B20.20")
        put(g, "1-I-262-Inf1", "B21.20")
        fixed(g, [6, 6] + [1] * 10)
        g.apply(Attack(H(g, "B21.20"), ("1-708-Inf1", "1-708-Inf2")))
        assert "pending" not in g.state.extra


def test_tcs_10_the_non_phasing_player_picks_overwatch_and_may_hold_fire():
    """tcs decision 62."""
    with s1() as g:
        ask_mode(g)
        put(g, "1-I-262-MG", "B12.31")
        put(g, "1-708-Inf1", "B08.31", mode="move")
        fixed(g, [1] * 10)
        ev = g.apply(Move("1-708-Inf1", (H(g, "B09.31"), H(g, "B10.31"))))
        assert ev[-1].kind == "choice_pending" and g.acting_side() == "axis"
        assert values(g, "overwatch") == ["B12.31:area", "none"]
        assert g.check(Choose("overwatch", "B11.31:area")).rule == "§10"
        g.apply(Choose("overwatch", "none"))  # hold fire at B09.31
        assert values(g, "overwatch") == ["B12.31:area", "none"]  # asked again at B10.31
        ev = g.apply(Choose("overwatch", "none"))
        assert "pending" not in g.state.extra
        assert g.state.units["1-708-Inf1"].hex == H(g, "B10.31")
        assert not any(e.kind == "overwatch" for e in ev) and g.dice.rolls_made == 0


def test_tcs_10_overwatch_fired_then_marked_stack_needs_5_6():
    with s1() as g:
        ask_mode(g)
        put(g, "1-I-262-MG", "B12.31")
        put(g, "1-708-Inf1", "B08.31", mode="move")
        fixed(g, [1, 1, 4])  # the fire at B09.31 misses; at B10.31 the marked MG rolls 4
        g.apply(Move("1-708-Inf1", (H(g, "B09.31"), H(g, "B10.31"))))
        g.apply(Choose("overwatch", "B12.31:area"))
        ev = g.apply(Choose("overwatch", "B12.31:area"))
        assert "pending" not in g.state.extra and g.dice.rolls_made == 3
        assert [e.kind for e in ev].count("overwatch") == 1 and "die_replayed" in [e.kind for e in ev]


def test_tcs_10_return_fire_by_a_phasing_stack_that_has_not_acted():
    """tcs decision 63."""
    with s1() as g:
        ask_mode(g)
        put(g, "1-I-262-MG", "B12.31")
        put(g, "1-708-Inf1", "B08.31", mode="move")
        put(g, "1-708-MG", "B09.30")  # Fire Mode, has not acted
        fixed(g, [1] * 12)
        g.apply(Move("1-708-Inf1", (H(g, "B09.31"),)))
        g.apply(Choose("overwatch", "B12.31:area"))  # misses (column 1+, roll 2)
        assert g.acting_side() == "soviet"
        assert values(g, "return_fire") == ["B09.30>B12.31", "none"]
        assert g.rules.choice_info("return_fire")["rule"] == "§10"
        ev = g.apply(Choose("return_fire", "B09.30>B12.31"))
        assert any(e.kind == "return_fire" for e in ev)
        assert "1-708-MG" in g.state.extra["acted"]  # that was its action this phase
        assert g.check(Attack(H(g, "B12.31"), ("1-708-MG",))).rule == "§3.4"


def test_tcs_10_no_return_fire_question_when_no_stack_can_answer():
    """tcs decision 61/63: nothing can answer, nothing is asked."""
    with s1() as g:
        ask_mode(g)
        put(g, "1-I-262-MG", "B12.31")
        put(g, "1-708-Inf1", "B08.31", mode="move")
        fixed(g, [1] * 12)
        g.apply(Move("1-708-Inf1", (H(g, "B09.31"),)))
        g.apply(Choose("overwatch", "B12.31:area"))
        assert "pending" not in g.state.extra


def test_tcs_11_1_defender_picks_its_retreat_and_attacker_picks_the_advance():
    with s1() as g:
        ask_mode(g)
        put(g, "1-I-262-Inf1", "B10.31")
        put(g, "708-SMG1", "B09.31", mode="move")
        # defender fire -, attacker fire -, attacker morale -, defender roll 12: P -> retreat
        fixed(g, [1, 1, 1, 1, 1, 1, 6, 6] + [1] * 6)
        g.apply(Assault(H(g, "B10.31"), ("708-SMG1",)))
        assert g.acting_side() == "axis"
        ends = values(g, "retreat")
        assert len(ends) > 1
        pick = ends[-1]
        g.apply(Choose("retreat", pick))
        assert g.state.units["1-I-262-Inf1"].hex == H(g, pick)
        assert distance(H(g, pick), H(g, "B10.31")) == 2
        assert g.acting_side() == "soviet" and values(g, "advance") == ["708-SMG1", "stop"]
        g.apply(Choose("advance", "stop"))
        assert g.state.units["708-SMG1"].hex == H(g, "B09.31")


def test_tcs_11_1_the_advance_moves_the_chosen_unit_in():
    with s1() as g:
        ask_mode(g)
        put(g, "1-I-262-Inf1", "B10.31")
        put(g, "708-SMG1", "B09.31", mode="move")
        fixed(g, [1, 1, 1, 1, 1, 1, 6, 6] + [1] * 6)
        g.apply(Assault(H(g, "B10.31"), ("708-SMG1",)))
        g.apply(Choose("retreat", values(g, "retreat")[0]))
        g.apply(Choose("advance", "708-SMG1"))
        assert g.state.units["708-SMG1"].hex == H(g, "B10.31") and "pending" not in g.state.extra


def test_1_9_the_sortie_side_picks_the_air_target():
    with s1() as g:
        ask_mode(g, "axis")
        r = g.rules
        put(g, "1-708-Inf1", "B09.31")
        put(g, "1-708-Inf2", "B20.20")
        put(g, "1-I-262-Inf1", "B10.32")
        put(g, "1-I-262-Inf2", "B21.21")
        g.state.phase = "command"
        g.state.extra["weather"] = "clear"
        g.state.turn = next(t for t in range(1, 13) if r.period(g.state.__class__(t, "command", {}))[0] == "day")
        assert r.period(g.state)[0] == "day"
        roll = next((a, b) for a in range(1, 7) for b in range(1, 7)
                    if r.t.sorties(10 * a + b)[1] >= 1 and r.t.sorties(10 * a + b)[0] == 0)
        fixed(g, list(roll) + [1, 2] * 20)
        g.apply(EndPhase())
        assert g.acting_side() == "axis"
        assert values(g, "air") == ["B09.31", "B20.20"]
        assert g.rules.choice_info("air")["rule"] == "1.9"
        ev = g.apply(Choose("air", "B20.20"))
        assert any(e.kind == "air" and "B20.20" in e.text for e in ev)


def test_choice_info_names_every_choice():
    with s1() as g:
        for what in ("loss", "retreat", "overwatch", "return_fire", "air", "advance"):
            info = g.rules.choice_info(what)
            assert info["title"] and info["rule"] and info["help"]


@pytest.mark.whole_game
def test_choices_random_game_with_owner_choices_replays_to_the_same_digest(tmp_path):
    """A random game of Scenario 1 with the option on: the choices come up, are answered by
    the random player, and the record (options in its header) replays to the same digest."""
    import random

    from hexwar.core.actions import parse_action
    from hexwar.core.hexgrid import use_hex_ids
    from hexwar.core.record import read_record, save_record

    from .helpers import open_local

    g = open_local("s1-turning-the-left", seed=4, options={"owner_choices": True})
    with use_hex_ids(g.rules.ids):
        rng = random.Random(4)
        asked = set()
        while g.result() is None:
            if "pending" in g.state.extra:
                asked.add(g.state.extra["pending"].what)
            g.apply(rng.choice(g.legal_actions()))
        assert {"loss", "overwatch"} <= asked, asked
        path = tmp_path / "s1.yaml"
        save_record(g, path)
        data = read_record(path)
        assert data["options"] == {"owner_choices": True}
        again = open_local(data["scenario"], seed=data["seed"], options=data["options"])
        for text in data["actions"]:
            again.apply(parse_action(text))
        assert again.digest() == g.digest() == data["digest"]
