"""2.3a: divisional artillery is spotted for only by its own division's artillery FOs; the 289 AT
Regiment serves the one division assigned to it before play (decision BW-A1: the scenario's main
division unless the Soviet player assigns another in the Prep Log step, ``assign 289 <div>``)."""
from __future__ import annotations

from hexwar.core.actions import EndPhase, parse_action
from hexwar.core.hexgrid import use_hex_ids
from hexwar.games.black_wednesday.artillery import Assign289
from hexwar.games.black_wednesday.verbs import Call

from .helpers import H, open_local, put, to_action_phase


def _fos(g):
    to_action_phase(g, "soviet")
    put(g, "708-ArtFO", "B10.33")  # 43 Rifle
    put(g, "269-ArtFO", "B10.32")  # 63 Guards
    put(g, "133-ArtFO", "B10.31")  # 72 Rifle


def test_2_3a_divisional_battalions_only_for_their_own_divisions_fo():
    g = open_local("s3-assault-the-line")
    with use_hex_ids(g.rules.ids):
        _fos(g)
        tgt = H(g, "B13.33")
        assert g.check(Call("708-ArtFO", "1-162-43", tgt)) is None
        assert g.check(Call("269-ArtFO", "1-343-63", tgt)) is None
        assert g.check(Call("133-ArtFO", "3-9-72", tgt)) is None
        why = g.check(Call("708-ArtFO", "1-343-63", tgt))
        assert why.rule == "2.3a" and "63 Division" in why.reason
        assert g.check(Call("269-ArtFO", "2-9-72", tgt)).rule == "2.3a"
        put(g, "1-I-262-Inf1", "B13.33")  # a target: the listing offers only the FO's own division
        listed = {c.artillery for c in g.rules.calls_for(g.state, "708-ArtFO")}
        assert listed and all(a.endswith("-43") for a in listed)


def test_2_3a_289_at_regiment_defaults_to_the_main_division_decision_BW_A1():
    g = open_local("s3-assault-the-line")
    with use_hex_ids(g.rules.ids):
        assert g.rules.at289_division(g.state) == "63"  # the scenario's division
        _fos(g)
        tgt = H(g, "B13.33")
        assert g.check(Call("269-ArtFO", "1-289", tgt)) is None
        why = g.check(Call("708-ArtFO", "2-289", tgt))
        assert why.rule == "2.3a" and "assigned to the 63 Division" in why.reason


def test_2_3a_289_assigned_before_play_and_never_after():
    g = open_local("s3-assault-the-line")
    with use_hex_ids(g.rules.ids):
        offered = [a for a in g.legal_actions() if isinstance(a, Assign289)]
        assert sorted(a.args[1] for a in offered) == ["43", "72"]
        act = parse_action("assign 289 43")
        assert act == Assign289("assign", ("289", "43")) and act.notation() == "assign 289 43"
        assert g.check(Assign289("assign", ("289", "99"))).rule == "2.3a"
        g.apply(act)
        assert g.rules.at289_division(g.state) == "43"
        g.apply(EndPhase())  # the Prep Log is written: play begins
        assert g.check(Assign289("assign", ("289", "63"))).rule == "2.3a"
        _fos(g)
        tgt = H(g, "B13.33")
        assert g.check(Call("708-ArtFO", "1-289", tgt)) is None
        assert g.check(Call("269-ArtFO", "1-289", tgt)).rule == "2.3a"


def test_2_3a_assignment_refused_where_it_cannot_matter():
    g = open_local("s1-turning-the-left")  # no 289 AT Rgt
    with use_hex_ids(g.rules.ids):
        assert "not in this scenario" in g.check(Assign289("assign", ("289", "43"))).reason
        assert not [a for a in g.legal_actions() if isinstance(a, Assign289)]
    g = open_local("s5-assaulting-the-mill")  # the 289 with the 72 Rifle alone
    with use_hex_ids(g.rules.ids):
        why = g.check(Assign289("assign", ("289", "63")))
        assert why.rule == "2.3a" and "72 Division" in why.reason
        assert g.rules.at289_division(g.state) == "72"
