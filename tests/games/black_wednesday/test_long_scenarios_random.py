"""Scenarios 3, 6, 7 and 8 (large: LARGE_SCENARIOS of the package): random legal play with the
sampling player of helpers.py reaches each scenario's victory check, and the record of the
game replays to the same digest."""
from __future__ import annotations

import random

import pytest

from hexwar.core.actions import EndPhase, parse_action
from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import UNPLACED

from .helpers import open_local, play_random

pytestmark = pytest.mark.whole_game  # random games of the large scenarios to their end


def set_up_soviets(g, rng):
    """The Soviet set-up (Scen. 4+): each unit on a random legal hex, the breaches first."""
    r = g.rules
    while g.state.phase == "prep_log":
        g.apply(EndPhase())
    while g.state.phase == "soviet_setup":
        todo = sorted(u.id for u in g.state.units.values() if u.where == UNPLACED and r.side_of(u.id) == "soviet")
        acts = r.soviet_setup_actions(g.state, {todo[0]} if todo else set())
        g.apply(acts[0] if acts and not todo else rng.choice(acts))


@pytest.mark.parametrize("scenario", ["s3-assault-the-line", "s6-the-assault-continues", "s7-breakout",
                                      "s8-counter-attack"])
def test_SCEN_3_6_7_and_8_random_games_reach_the_victory_check_and_replay(scenario):
    g = open_local(scenario, seed=5)
    with use_hex_ids(g.rules.ids):
        set_up_soviets(g, random.Random(5))
        play_random(g, 5, per_phase=6)
        res = g.result()
        assert res is not None and g.state.phase == "over" and g.state.turn == g.rules.scen.turns
        texts = [a.notation() for a in g.actions]
        digest = g.digest()
    again = open_local(scenario, seed=5)
    with use_hex_ids(again.rules.ids):
        for t in texts:
            again.apply(parse_action(t))
        assert again.digest() == digest and again.result() == res


def test_5_1_campaign_version_of_scenario_7_played_to_its_end_and_replayed():
    """The shortest campaign (Scenario 7 to 1700 Feb 11, 52 turns): random legal play passes
    0500 Feb 11 (2.3c, 3.2c) and ends with a 5.1 result, and the record replays to it."""
    opts = {"campaign": True}
    g = open_local("s7-breakout", seed=7, options=opts)
    with use_hex_ids(g.rules.ids):
        set_up_soviets(g, random.Random(7))
        play_random(g, 7, per_phase=4)
        res = g.result()
        assert res is not None and g.state.turn == g.rules.scen.turns == 52
        assert "before the shifts" in res.detail  # the 5.1 levels, then the shifts for units lost
        texts = [a.notation() for a in g.actions]
        digest = g.digest()
    again = open_local("s7-breakout", seed=7, options=opts)
    with use_hex_ids(again.rules.ids):
        for t in texts:
            again.apply(parse_action(t))
        assert again.digest() == digest and again.result() == res
