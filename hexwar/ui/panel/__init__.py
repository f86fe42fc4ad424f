"""Everything around the map: the phase bar, the side panel (tray, battle, log, rules, track),
the status line, the die roll and tooltips.

Panels are laid out from the controller every frame ("immediate mode"): a ``Flow``
lays out text, buttons and counters top to bottom and remembers where each clickable
thing is, so that the next events go to what the player actually saw. Drawing them is
another matter: every piece of a panel says what its drawing depends on (its
signature), and a panel is drawn again only when that changes; otherwise the pixels
drawn before stay (the GameScene keeps them in its back buffer).

    flow.py            the toolkit: ``Flow``, ``TrayItem``, ``Drawn``
    phase_bar.py       the bar over the map (``PhaseBar``) and ``now_text``
    side.py            the ``SidePanel``: the context box above the tabs
    steps.py           the context box's content for the step at hand (``build_context``), the chooser
    tray.py, battle.py, stack.py
                       the tray; declaring, odds and rolls; the stack list and air support
    history_block.py, computer_block.py
                       the context box while looking back or while the computer plays
    log_tab.py, rules_tab.py, track.py, legend.py
                       the Log, Rules (with the CRT) and Track tabs; Explain's legend
    status.py          the status line, the die, tooltips
"""
