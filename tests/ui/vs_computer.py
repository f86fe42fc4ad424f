"""Playing against the computer through the real client, headless: the computer's side is driven
by the scene's own ComputerDriver, frame by frame; the person's side is played by a stand-in (a
``hexwar.ai`` player) whose decisions go through the scene as clicks would (``GameScene.do_action``).

``play`` watches, at every frame, the three things a person would notice: the computer stalling
(its turn, yet no action for many frames), the person being asked to decide for the computer's
side, and the computer's hidden decisions showing on the person's screen (``Watch.secrets``)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from hexwar.core.actions import EndPhase
from hexwar.ui.scenes import GameScene, HandoverScene

STALL_FRAMES = 40  # frames of 1 s (paces, die shows and slides are all shorter) with no computer action


@dataclass
class Played:
    """What happened in a stretch of play."""

    computer_actions: int = 0
    human_actions: int = 0
    # decisions made by one side while the other side's phase runs (owner's choices, battle steps)
    computer_in_human_phase: list = field(default_factory=list)
    human_in_computer_phase: list = field(default_factory=list)
    reasons: list = field(default_factory=list)
    seconds: float = 0.0
    worst_wait: int = 0  # most frames the computer's turn went without an action
    slides: int = 0  # frames that ended with a computer's move sliding along its path


def phase_side(game) -> str | None:
    """The side whose phase it is (not who decides now): the owner of a battle step or an owner's
    choice may be the other side."""
    st = game.state
    rules = game.rules
    if getattr(rules, "game_id", "") == "black-wednesday":
        if st.phase in ("command", "initiative", "clean_up"):  # both sides act there: nobody's phase
            return None
        return {"prep_log": "soviet", "axis_setup": "axis", "soviet_setup": "soviet"}.get(
            st.phase, st.extra.get("phasing"))
    if hasattr(rules, "phase_side"):
        return rules.phase_side(st)
    ph = rules.phase(st) if hasattr(rules, "phase") else None
    return getattr(ph, "side", None)


def decider(game) -> str | None:
    """Whose decision the position waits for, read from the state itself (a battle step's or an
    owner's choice's side), not from ``acting_side``."""
    st = game.state
    stage = getattr(st, "stage", None)
    if stage is not None and getattr(stage, "side", None):
        return stage.side
    return game.acting_side()


def play(app, gs: GameScene, human, human_side: str, *, max_actions: int, watch=None, until=None,
         dt: float = 1.0) -> Played:
    """Run frames until ``max_actions`` more actions (or ``until(game)``, or the end of the game)."""
    game = gs.game
    out = Played()
    start_n = len(game.actions)
    idle = 0
    t0 = time.perf_counter()
    while len(game.actions) - start_n < max_actions and game.result() is None and not (until and until(game)):
        assert not any(isinstance(s, HandoverScene)
                       for s in app.stack.scenes), "a hand-over screen against the computer"
        n = len(game.actions)
        side = game.acting_side()
        ph = phase_side(game)
        if gs.computer_turn():
            assert gs.computer.is_computer(side)
            app.step(dt)
            out.slides += gs.anim is not None
            if len(game.actions) > n:
                out.computer_actions += len(game.actions) - n
                if ph is not None and ph == human_side:
                    out.computer_in_human_phase.append(game.actions[-1].notation())
                idle = 0
            else:
                idle += 1
                out.worst_wait = max(out.worst_wait, idle)
                assert idle < STALL_FRAMES, f"the computer stalls at {game.state.phase}: {gs.ctl.status.text}"
            assert not gs.computer.error, gs.computer.error
        else:
            # The person is asked: it must be their decision, never the computer's.
            assert side == human_side, f"the person is asked to act for {side} at {game.state.phase}"
            assert decider(game) == human_side, f"the person is asked to decide for {decider(game)}"
            assert gs.ctl.status.kind != "refusal" or "computer" not in gs.ctl.status.text, gs.ctl.status.text
            if watch is not None:
                watch(gs)
            dec = human.choose(game, side)
            gs.do_action(dec.action)
            assert len(game.actions) == n + 1, f"the person's action was refused: {gs.ctl.status.text}"
            out.human_actions += 1
            if ph is not None and ph != human_side:
                out.human_in_computer_phase.append(dec.action.notation())
            app.step(dt)
            if len(game.actions) > n + 1:  # the computer answered in the same frame
                out.computer_actions += len(game.actions) - n - 1
                if phase_side(game) == human_side:
                    out.computer_in_human_phase.append(game.actions[-1].notation())
    out.reasons = [e.text for e in gs.ctl.log if e.kind == "reason"]
    out.seconds = time.perf_counter() - t0
    return out


def shown_log(gs) -> list[str]:
    """The log as the person at the screen reads it."""
    return [gs.ctl.log_text(e) for e in gs.ctl.log]


def panel_texts(gs) -> str:
    """Every text the side panel lays out now (the step's box), and the computer's last reason."""
    gs.refresh()
    out = [sig[1] for sig in gs.panel.context.sigs if isinstance(sig, tuple) and sig and sig[0] == "text"] \
        if gs.panel.context is not None else []
    return " ".join(out) + " " + str(gs.computer.last_reason or "") + " " + gs.ctl.status.text


__all__ = ["EndPhase", "Played", "play", "phase_side", "decider", "shown_log", "panel_texts"]
