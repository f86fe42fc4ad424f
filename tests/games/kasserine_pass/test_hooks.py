"""The hooks the client reads: ``battle_detail_for`` an attack being built, ``result_text``
of each CRT result (KP-CRT and the KP-RESULT-... cases), ``choice_info`` of each decision
the engine offers beyond moves and attacks."""
from __future__ import annotations

import random

from hexwar import session
from hexwar.core import actions as A
from hexwar.core.dice import FixedDice
from hexwar.games.kasserine_pass import verbs as V
from hexwar.games.kasserine_pass.view import RESULT_CODES


def _declarations(seed: int, n: int):
    """(game, attack or select action) met along a uniform random game."""
    g = session.open_game("kasserine-pass", "standard", seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        if g.result() is not None:
            return
        acts = g.legal_actions()
        for a in acts:
            if isinstance(a, (A.Attack, V.Select)):
                yield g, a
        g.apply(rng.choice(acts))


def test_KP_ODDS_battle_detail_for_matches_the_declared_attack():
    """The detail of an attack not yet declared is the detail the same attack has once
    declared (joined to an earlier attack on the same defenders, if any)."""
    checked = joined = 0
    for g, a in _declarations(7, 1500):
        st = g.state
        got = g.rules.battle_detail_for(st, a)
        after = st.copy()
        g.rules.apply(after, a, FixedDice([]))
        i = next(k for k, b in enumerate(after.kbattles)
                 if b.target == a.target and set(a.attackers) <= set(b.attackers))
        assert got == g.rules.battle_detail(after, i)
        assert len(st.kbattles) <= len(after.kbattles)  # the state given is untouched
        joined += len(after.kbattles) == len(st.kbattles)
        checked += 1
    assert checked > 100 and joined > 0


def test_battle_detail_for_refused_or_other_actions_is_none():
    for g, a in _declarations(7, 600):
        # the same attack by a unit of the wrong side is refused: no detail
        foe = next(u.id for u in g.rules.on_map(g.state) if g.rules.uside(g.state, u.id) != g.rules.phase_side(g.state))
        assert g.rules.battle_detail_for(g.state, A.Attack(a.target, (foe,))) is None
        assert g.rules.battle_detail_for(g.state, A.EndPhase()) is None
        return
    raise AssertionError("no attack met")


def test_KP_CRT_result_text_for_every_result_of_the_table():
    g = session.open_game("kasserine-pass", "standard", seed=1)
    r = g.rules
    in_table = {x for row in r.T.crt.values() for x in row} | {"A ELIM", "D ELIM"}
    assert set(r.result_codes()) == in_table
    assert list(r.result_codes()) == [c for c in RESULT_CODES if c in in_table]  # worst for the attacker first
    texts = {c: r.result_text(c) for c in r.result_codes()}
    assert len({t for t, _ in texts.values()}) == len(texts)  # each result in its own words
    assert texts["A ELIM"][1] == "KP-RESULT-A-ELIM" and texts["EXCHANGE"][1] == "KP-RESULT-EXCHANGE"
    assert texts["CONTACT"][1] == "KP-RESULT-CONTACT" and texts["ENGAGED"][1] == "KP-RESULT-ENGAGED"
    assert texts["D ELIM"][1] == "KP-RESULT-D-ELIM"
    # KP-RESULT-A-BACK / KP-RESULT-D-BACK: the length from the code, the follow-up one less
    assert texts["D BACK 3"] == ("the defenders retreat 3 hexes; the attackers may follow up to 2", "KP-RESULT-D-BACK")
    assert texts["A BACK 1"][1] == "KP-RESULT-A-BACK" and "may not follow" in texts["A BACK 1"][0]
    assert r.result_text("NO SUCH") == ("NO SUCH", "KP-CRT")


def test_choice_info_for_each_decision_the_engine_offers():
    g = session.open_game("kasserine-pass", "standard", seed=1)
    r = g.rules
    for what, rule in (("support", "KP-ARTILLERY"), ("select", "KP-SELECTIVE-ATTACK"), ("air", "KP-OPT-AIR-POWER"),
                       ("breakdown", "KP-BREAKDOWN"), ("blow", "KP-ENGINEERS"), ("build", "KP-ENGINEERS")):
        info = r.choice_info(what)
        assert info["rule"] == rule and info["title"] and info["help"]
        assert r.choice_info(g.state, what) == info  # the client's hook passes the state first
    assert str(r.T.blow_bridge_mp) in r.choice_info("blow")["help"]  # MP from the table data
    assert r.choice_info("nothing") == {}
    # every Choose and game verb met in random play has its entry
    seen = set()
    rng = random.Random(2)
    while g.result() is None and len(g.actions) < 1500:
        acts = g.legal_actions()
        for a in acts:
            if isinstance(a, A.Choose):
                seen.add(a.what)
            elif isinstance(a, (V.Support, V.Select, V.Breakdown, V.Blow, V.Build)):
                seen.add(a.notation().split()[0])
        g.apply(rng.choice(acts))
    assert seen and all(r.choice_info(w) for w in seen)


def test_KP_SEQUENCE_declaring_the_same_attackers_again_is_refused_not_offered():
    """An attack whose units all attack that hex already would change nothing: refused, never offered."""
    import hexwar
    from hexwar.core import actions as A

    g = hexwar.open_game("kasserine-pass", "standard", seed=1)
    rnd = __import__("random").Random(2)
    for _ in range(4000):
        acts = g.legal_actions()
        atk = [a for a in acts if isinstance(a, A.Attack)]
        if atk and g.state.kbattles == []:
            first = atk[0]
            g.apply(first)
            why = g.check(A.Attack(first.target, first.attackers))
            assert why is not None and why.rule == "KP-SEQUENCE"
            for a in g.legal_actions():
                if isinstance(a, A.Attack) and a.target == first.target:
                    assert not set(a.attackers) <= set(first.attackers)
            return
        g.apply(rnd.choice(acts))
    raise AssertionError("no attack came up")
