"""The Black Wednesday computer player's Axis Fast Fire (§13.7) and smoke missions (§13.8) on
Scenario 1, in constructed positions (docs/black-wednesday/ai-support.md): each is chosen where
it pays and not where it does not, and the tournament's mechanic counter sees it."""
from __future__ import annotations

from hexwar.ai.black_wednesday import smoke as SM
from hexwar.ai.black_wednesday import support as S
from hexwar.ai.black_wednesday.mechanics import MECHANICS
from hexwar.ai.black_wednesday.normal import BWPlayer
from hexwar.ai.mechanics import Use
from hexwar.core.position import Position
from hexwar.core.units import UNPLACED
from hexwar.games.black_wednesday.verbs import Call
from tests.games.black_wednesday.helpers import H, clear_map, put, s1, to_action_phase

SOVIET_MEN = ("1-708-Inf1", "1-708-Inf2", "1-708-Inf3")
AXIS_STACK = ("1-I-262-Inf1", "1-I-262-Inf2", "1-I-262-MG")


def _pool(g, side: str, calibre: str, kind: str, n: int) -> None:
    st = g.state
    ammo = {k: {c: dict(v) for c, v in x.items()} for k, x in st.extra["ammo"].items()}
    ammo[side][calibre][kind] = n
    st.extra["ammo"] = ammo
    st.touch()


def _counted(g, side: str, dec) -> dict[str, int]:
    """What the tournament's counter (``MECHANICS``) makes of the decision's action."""
    words = tuple(dec.action.notation().split())
    use = Use(1, side, dec.action, words, (), g.phase(), g)
    return {m.name: m.uses(use) for m in MECHANICS if m.for_side(side)}


def _calls(p: BWPlayer, g, side: str):
    pos = Position(g, side)
    return pos.facts, pos.legal_actions() + p.more_calls(pos.facts, side)


# --- Axis Fast Fire (§13.7) ------------------------------------------------------------------
def _axis_fires_at(g, uid: str, where: str, dug: bool = False) -> None:
    """Axis Action Phase, turn 1: a Spanish MG in the trench at B15.30 sees ``uid`` in ``where``."""
    clear_map(g)
    to_action_phase(g, "axis")
    put(g, "2-I-262-MG", "B15.30", dug=True)
    put(g, uid, where, dug=dug)


def test_13_7_axis_calls_fast_fire_when_doubling_pays_for_its_round():
    """Three Soviet platoons in the open five hexes off: the battery's 8 firepower doubled is
    worth more than the extra round, spare (70 HE for two batteries and 11 turns) or not (22:
    one round short of a mission a battery a turn). Without ``support.fast_fire`` the Axis
    calls the plain mission."""
    with s1(3) as g:
        _axis_fires_at(g, "1-708-Inf1", "B11.31")
        for uid in SOVIET_MEN[1:]:
            put(g, uid, "B11.31")
        p = BWPlayer()
        for n, words in ((70, "rounds to spare"), (22, "rounds the later turns need")):
            _pool(g, "axis", "105mm", "HE", n)
            dec = p.choose(g, "axis")
            a = dec.action
            assert isinstance(a, Call) and a.ammo == "he" and a.fast and a.target == H(g, "B11.31"), dec
            assert "Fast Fire" in dec.reason and "§13.7" in dec.reason and "16 firepower" in dec.reason
            assert words in dec.reason and "against" in dec.reason  # its worth against the plain one's
            assert g.check(a) is None
            assert _counted(g, "axis", dec)["Fast Fire"] == 1
            assert _counted(g, "axis", dec)["artillery mission (any)"] == 1


def test_13_7_axis_keeps_the_plain_mission_when_the_twin_does_not_pay():
    """A lone platoon dug in a trench with the pool short of rounds: the doubled mission is
    worth less than its plain one after the second round (0.35 a round the later turns need),
    so no Fast Fire; with one round left ``check`` refuses the twin (3.2b)."""
    with s1(3) as g:
        _axis_fires_at(g, "1-708-Inf1", "B16.32", dug=True)
        _pool(g, "axis", "105mm", "HE", 22)
        p = BWPlayer()
        fx, calls = _calls(p, g, "axis")
        plain = Call("2-I-262-MG", "1-250", H(g, "B16.32"))
        fast = Call("2-I-262-MG", "1-250", H(g, "B16.32"), "he", True)
        assert S.mission_worth(p, fx, "axis", fast, lambda h: 1.0)[0] < S.mission_worth(p, fx, "axis", plain,
                                                                                          lambda h: 1.0)[0]
        assert S.fast_fire(p, fx, "axis", calls, lambda h: 1.0, None) is None
    with s1(3) as g:
        _axis_fires_at(g, "1-708-Inf1", "B11.31")
        for uid in SOVIET_MEN[1:]:
            put(g, uid, "B11.31")
        _pool(g, "axis", "105mm", "HE", 1)
        dec = BWPlayer().choose(g, "axis")
        assert isinstance(dec.action, Call) and not dec.action.fast, dec
        assert _counted(g, "axis", dec)["Fast Fire"] == 0


# --- Soviet smoke on an overwatch stack (§13.8, §10) ---------------------------------------------
def _soviets_face_a_stack(g, status: str = "") -> None:
    """Soviet Action Phase, turn 1: three Spanish units dug in the trench at B15.30 (10
    firepower, Fire Mode), our FO at B10.30 sees them; three platoons in Move Mode at B11.31
    advance on the trench, across hexes the stack sees from two hexes or more. No 122 mm HE
    left: the 76 mm HE on the dug-in trench hex is not worth a round."""
    clear_map(g)
    to_action_phase(g, "soviet")
    for uid in AXIS_STACK:
        put(g, uid, "B15.30", dug=True, status=status)
    put(g, "708-ArtFO", "B10.30")
    for uid in SOVIET_MEN:
        put(g, uid, "B11.31", mode="move")
    _pool(g, "soviet", "122mm", "HE", 0)


def test_13_8_soviets_smoke_the_stack_that_would_fire_overwatch_on_their_advance():
    with s1(3) as g:
        _soviets_face_a_stack(g)
        dec = BWPlayer().choose(g, "soviet")
        a = dec.action
        assert isinstance(a, Call) and a.ammo == "smoke" and a.target == H(g, "B15.30"), dec
        assert a.artillery in ("1-162-43", "2-162-43")  # 76 mm: the 122 mm pool has no Smoke (2.3b)
        assert "overwatch" in dec.reason and "§13.8" in dec.reason and "Level 2" in dec.reason
        assert g.check(a) is None
        assert _counted(g, "soviet", dec)["smoke"] == 1


def test_13_8_no_smoke_on_a_stack_that_cannot_fire_overwatch_or_with_no_one_advancing():
    """A Suppressed stack fires no overwatch (§10): nothing to blind. With our platoons gone
    from B11.31 nobody crosses its sight this phase."""
    with s1(3) as g:
        _soviets_face_a_stack(g, status="suppressed")
        p = BWPlayer()
        fx, calls = _calls(p, g, "soviet")
        assert SM.decide(p, fx, "soviet", calls, p.targets(fx, "soviet")) is None
        dec = p.choose(g, "soviet")
        assert not (isinstance(dec.action, Call) and dec.action.ammo == "smoke"), dec
    with s1(3) as g:
        _soviets_face_a_stack(g)
        for uid in SOVIET_MEN:
            g.state.units[uid] = g.state.units[uid].at(None, UNPLACED)  # not on the map
        g.state.touch()
        p = BWPlayer()
        fx, calls = _calls(p, g, "soviet")
        assert SM.decide(p, fx, "soviet", calls, p.targets(fx, "soviet")) is None


# --- Axis smoke on the Soviet FO (§13.8) -----------------------------------------------------------
def _fo_watches(g, order: tuple[str, str]) -> None:
    """Axis Action Phase, turn 1: the Soviet artillery FO at B10.30 sees our MG at B15.30 and
    two platoons at B16.31; the Axis acts first (``order``) or second."""
    clear_map(g)
    to_action_phase(g, "axis")
    g.state.extra["order"] = order
    g.state.touch()
    put(g, "2-I-262-MG", "B15.30", dug=True)
    for uid in ("1-I-262-Inf1", "1-I-262-Inf2"):
        put(g, uid, "B16.31", dug=True)
    put(g, "708-ArtFO", "B10.30")


def test_13_8_axis_smokes_the_soviet_fo_while_the_soviets_still_act_this_turn():
    """The FO's next missions on our men (0.12 + 0.12 + 0.77 steps) are worth more than any
    fire on offer (an HE mission on the lone FO is worth less than ``MIN_FIRE``): the battery's
    mission of the turn goes to smoke. Without ``smoke.blind_fo`` the Axis ends the phase."""
    with s1(3) as g:
        _fo_watches(g, ("axis", "soviet"))
        dec = BWPlayer().choose(g, "axis")
        a = dec.action
        assert isinstance(a, Call) and a.ammo == "smoke" and a.target == H(g, "B10.30"), dec
        assert "708-ArtFO" in dec.reason and "before the Soviet phase" in dec.reason
        assert g.check(a) is None
        assert _counted(g, "axis", dec)["smoke"] == 1


def test_13_8_axis_lays_no_smoke_on_the_fo_once_the_soviets_have_acted():
    """Smoke laid after the Soviet phase has decayed to Level 1 before their next one (Clean
    Up, §13.8): it would blind nothing."""
    with s1(3) as g:
        _fo_watches(g, ("soviet", "axis"))
        p = BWPlayer()
        fx, calls = _calls(p, g, "axis")
        assert SM.blind_fo(p, fx, "axis", calls) is None
        dec = p.choose(g, "axis")
        assert not (isinstance(dec.action, Call) and dec.action.ammo == "smoke"), dec
