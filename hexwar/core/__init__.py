"""The shared rules core: hex grid, board, movement, zones of control, combat,
retreat, communication, dice and game records. Headless: never imports pygame."""
