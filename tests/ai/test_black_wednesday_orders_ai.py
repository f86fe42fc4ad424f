"""The Black Wednesday computer in the Command Phase (§16, issue 8): it draws an order for a
formation on no order, rolls for orders being prepared, never cancels, leaves Scenario 1's
play as it was, decides from public information only, and its records replay.
docs/black-wednesday/ai-orders.md."""
from __future__ import annotations

import pytest

import hexwar
from hexwar.ai.black_wednesday import orders as O
from hexwar.ai.black_wednesday.easy import BWGreedy
from hexwar.ai.black_wednesday.normal import BWPlayer
from hexwar.core.actions import EndPhase, Place, parse_action
from hexwar.core.dice import SeededDice
from hexwar.core.hexgrid import distance, use_hex_ids
from hexwar.games.black_wednesday.orders import OrderAct

GAME = "black-wednesday"


def _placed(scen: str, seed: int = 1):
    """The scenario after both set-ups (each unit on its first legal hex), no order drawn."""
    g = hexwar.open_game(GAME, scen, seed=seed)
    while g.state.phase in ("prep_log", "soviet_setup", "axis_setup"):
        p = next((a for a in g.legal_actions() if isinstance(a, Place)), None)
        g.apply(p or EndPhase())
    return g


def _to_command(g, side: str):
    with use_hex_ids(g.rules.ids):
        for _ in range(200):
            if g.state.phase == "command" and g.acting_side() == side:
                return g
            g.apply(EndPhase())
    raise AssertionError("no command phase")


def _step(g) -> None:
    """Past everything else quickly: end the phase, or let the baseline answer a question."""
    if g.check(EndPhase()) is None:
        g.apply(EndPhase())
    else:
        g.apply(BWGreedy().choose(g, g.acting_side()).action)


def _texts(g) -> list[str]:
    with use_hex_ids(g.rules.ids):
        return [a.notation() for a in g.actions]


def _replay(scen: str, texts: list[str], seed: int = 1):
    g = hexwar.open_game(GAME, scen, seed=seed)
    with use_hex_ids(g.rules.ids):
        for t in texts:
            g.apply(parse_action(t))
    return g


@pytest.fixture(scope="module")
def s4_axis():
    """Scenario 4, the Axis Command Phase of turn 1, with two Axis orders cancelled: 3-Recon
    (A4-relieve) and 7-II-262 + 4-I-262 (A4-hasty) are on no order (§3.1)."""
    g = _to_command(_placed("s4-melee-in-krasni-bor"), "axis")
    with use_hex_ids(g.rules.ids):
        g.apply(parse_action("order cancel A4-relieve"))
        g.apply(parse_action("order cancel A4-hasty"))
    return _texts(g)


def _s4(texts):
    return _replay("s4-melee-in-krasni-bor", texts)


def test_16_7_unassigned_formation_draws_an_order_with_a_reason(s4_axis):
    """A formation of ours on no order may not fire small arms nor assault (§16.7): the
    computer draws it an order from the side's goals, legal, with a reason naming the
    formation, the type, the objective and why."""
    g = _s4(s4_axis)
    assert O.unassigned(g.rules.facts(g.state, "axis"), "axis",
                        [a for a in g.legal_actions() if isinstance(a, OrderAct)]) == ["3-Recon", "4-I-262", "7-II-262"]
    with use_hex_ids(g.rules.ids):
        d = BWPlayer().choose(g, "axis")
        assert isinstance(d.action, OrderAct) and d.action.op == "draw"
        t, obj, f = d.action.args
        assert f == "3-Recon" and t == "hasty_defense"
        assert g.check(d.action) is None
        assert "3-Recon" in d.reason and "Hasty Defense" in d.reason and "§16.7" in d.reason
        assert obj.split("+")[0] in d.reason and "el_bastion" in d.reason
        # it stands next to the objective it is to defend (§16.6: within 3 hexes)
        hexes = [g.state.units[u].hex for u in g.rules.formation_units("3-Recon", "axis")]
        objective = [g.rules.ids.parse(n) for n in obj.split("+")]
        assert min(distance(h, x) for h in hexes for x in objective) <= 3


def test_16_1_every_unassigned_formation_gets_one_order_then_the_phase_goes_on(s4_axis):
    """Each formation on no order is drawn one order (attack on the nearest open goal hexes
    for the one far from any hex we hold), then the computer turns to its reserves: no
    formation is drawn twice, nothing is cancelled."""
    g = _s4(s4_axis)
    p, seen = BWPlayer(), []
    with use_hex_ids(g.rules.ids):
        for _ in range(20):
            if g.state.phase != "command" or g.acting_side() != "axis":
                break
            d = p.choose(g, "axis")
            seen.append(d)
            g.apply(d.action)
    draws = [d for d in seen if isinstance(d.action, OrderAct) and d.action.op == "draw"]
    forms = [d.action.args[2] for d in draws]
    # the three, and a reserve company released this phase onto no order (AT2SS, §16.8)
    assert {"3-Recon", "4-I-262", "7-II-262"} <= set(forms) and len(forms) == len(set(forms))
    assert all(f in ("3-Recon", "4-I-262", "7-II-262") or not any(
        f in o["members"] for o in g.rules.orders(g.state).values() if o["origin"] != "drawn") for f in forms)
    assert not any(isinstance(d.action, OrderAct) and d.action.op == "cancel" for d in seen)
    kinds = {d.action.args[2]: d.action.args[0] for d in draws}
    assert kinds["4-I-262"] == "attack" and "an Attack order" in next(
        d.reason for d in draws if d.action.args[2] == "4-I-262")
    drawn = [o for o in g.rules.orders(g.state).values() if o["origin"] == "drawn"]
    assert len(drawn) == len(forms) and all(o["status"] == "prep" for o in drawn)


def test_replay_of_a_game_with_orders_drawn_gives_the_same_state(s4_axis):
    """The computer's draws (and, a turn later, its rolls) go into the record; replayed, the
    record gives the same digest (the implementation rolls come from the seeded dice)."""
    g = _s4(s4_axis)
    p = BWPlayer()
    with use_hex_ids(g.rules.ids):
        rolled = 0
        for _ in range(400):
            if g.state.turn > 2 or g.result() is not None:
                break
            side = g.acting_side()
            if g.state.phase == "command" and side == "axis":
                d = p.choose(g, side)
                rolled += isinstance(d.action, OrderAct) and d.action.op == "roll"
                g.apply(d.action)
            else:
                _step(g)
    assert rolled >= 3  # turn 2: the three drawn orders have weighted turns and are rolled for
    again = _replay("s4-melee-in-krasni-bor", _texts(g))
    assert again.digest() == g.digest()


def test_16_3_rolls_for_an_order_being_prepared_with_the_chance_in_the_reason():
    """Scenario 5: the 72 Division's follow-on Attack is being prepared with 27 weighted turns
    (rating 7: column 6, 62+, 14%); the Soviet computer rolls for it, naming the battalion
    that begins it if it succeeds (2.1e, the nearest to the objective)."""
    g = _to_command(_placed("s5-assaulting-the-mill"), "soviet")
    with use_hex_ids(g.rules.ids):
        d = BWPlayer().choose(g, "soviet")
        assert isinstance(d.action, OrderAct) and d.action.op == "roll"
        assert d.action.args[0] == "S5-follow-on" and len(d.action.args) == 2
        assert g.check(d.action) is None
        assert "27 weighted turns" in d.reason and "62+" in d.reason and "14%" in d.reason
        assert "§16.3" in d.reason and d.action.args[1] in d.reason
        g.apply(d.action)
        # one roll an order a turn (§16.5): next it turns to something else
        d2 = BWPlayer().choose(g, "soviet")
        assert not (isinstance(d2.action, OrderAct) and d2.action.args[:1] == ("S5-follow-on",))


def test_16_1_no_roll_for_an_order_that_would_pull_a_formation_off_its_implemented_order(s4_axis):
    """A formation on an implemented order that is also on an order being prepared: the
    computer leaves the prepared one unrolled (implementing it would end the other, §16.1)."""
    g = _s4(s4_axis)
    with use_hex_ids(g.rules.ids):
        g.apply(parse_action("order draw hasty_defense here 3-I-262"))  # 3-I-262 is on A4-hold
        o = next(o for o in g.rules.orders(g.state).values() if o["members"] == ("3-I-262",))
        g.state.extra["orders"] = {**g.rules.orders(g.state), o["id"]: {**o, "wt": 12}}
        g.state._cache.pop("bw_orders", None)
        assert OrderAct("roll", (o["id"],)) in g.legal_actions()
        d = O.decide(g.rules.facts(g.state, "axis"), "axis", g.legal_actions())
        assert d is None or d.action.args[:1] != (o["id"],)


def test_decisions_use_public_information_only(s4_axis):
    """Neither the dice nor the enemy's orders change an order decision."""
    g = _s4(s4_axis)
    with use_hex_ids(g.rules.ids):
        first = BWPlayer().choose(g, "axis")
        g.dice = SeededDice(999)
        orders = dict(g.rules.orders(g.state))
        orders = {k: ({**o, "wt": o["wt"] + 30} if o["side"] == "soviet" else o) for k, o in orders.items()}
        g.state.extra["orders"] = orders
        g.state._cache.pop("bw_orders", None)
        again = BWPlayer().choose(g, "axis")
    assert again.action == first.action and again.reason == first.reason


def test_SCEN_1_command_phases_unchanged_no_order_step_and_the_greedy_baseline_untouched():
    """Scenario 1 (decision S1-1): every formation starts on an implemented order and no order
    is being prepared, so the policy has nothing to do in the first turns of either side; the
    computer's Command Phase is what it was (reserve releases), and the greedy baseline never
    asks the policy."""
    g = _placed("s1-turning-the-left")
    seen = 0
    with use_hex_ids(g.rules.ids):
        for _ in range(600):
            if g.state.turn > 3:
                break
            if g.state.phase == "command":
                side = g.acting_side()
                acts = g.legal_actions()
                assert O.decide(g.rules.facts(g.state, side), side, acts) is None
                d = BWPlayer().choose(g, side)
                assert not isinstance(d.action, OrderAct)
                seen += 1
                g.apply(d.action)
            else:
                _step(g)
    assert seen >= 4


def test_greedy_baseline_does_not_draw(s4_axis):
    """The easy level (BWGreedy) keeps its Command Phase: reserve releases only."""
    g = _s4(s4_axis)
    with use_hex_ids(g.rules.ids):
        d = BWGreedy().choose(g, "axis")
    assert not isinstance(d.action, OrderAct)


def test_16_6_rolls_for_a_prepared_defense_that_replaces_a_hasty_one(s4_axis):
    """The one replacement the computer rolls for: a Prepared Defense for a formation on an
    implemented Hasty Defense (the same stand, now Dug In; Scenario 8's Soviet sheets)."""
    g = _s4(s4_axis[:-2])  # before the cancels: 7-II-262 and 4-I-262 on A4-hasty
    with use_hex_ids(g.rules.ids):
        g.apply(parse_action("order draw prepared_defense here 7-II-262"))
        o = next(o for o in g.rules.orders(g.state).values() if o["origin"] == "drawn")
        g.state.extra["orders"] = {**g.rules.orders(g.state), o["id"]: {**o, "wt": 40}}
        g.state._cache.pop("bw_orders", None)
        d = O.decide(g.rules.facts(g.state, "axis"), "axis", g.legal_actions())
    assert d is not None and d.action == OrderAct("roll", (o["id"],)) and "Prepared Defense" in d.reason
