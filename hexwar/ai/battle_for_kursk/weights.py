"""The Kursk computer player's weights: what a victory point, a marker or a risk is worth,
in strength points (or as a share of a VP), and the thresholds its choices must pass."""
from __future__ import annotations

VP = 6.0  # one victory point, in strength points
MOSCOW_VP = 12.0  # 5.0: Moscow in German hands ends the game
KILL = 0.15  # 5.0: a unit eliminated tips the "fewer eliminated" VP, beyond its strength (VP share)
ELIM_VP = 0.5  # 5.0, 10.6: a unit our own negative replacement points eliminate (VP share)
MARKER = 1.5  # an Offensive marker kept, in strength points
MIN_ATTACK = 0.3  # an attack must be worth this much to be declared
MIN_GAIN = 0.25  # a move must improve the position by this much
MOSCOW_PULL = 0.1  # German armor's pull toward Moscow, per MP
P_ENGAGE = 0.7  # chance the enemy may fight next turn (his posture is secret)
P_VACATE = 0.5  # chance an emptied VP city of ours the enemy can walk into is lost (1.0 before the count)
SP_FROM = 0.5  # share of the game after which the Germans pick a schwerpunkt (5.0)
SP_PULL = 0.25  # German armor's pull toward the schwerpunkt, per MP
SP_MARGIN = -1  # the schwerpunkt is sought while the VP total is no better for us than this
RETAKE_PULL = 0.3  # pull toward a VP city of our own side the enemy holds, per MP ...
RETAKE_REACH = 8.0  # ... felt by units within this many MP of it
REFILL = 0.25  # share of a vacated city's worth still at stake when another unit can fill it later
FINAL_OWN_LOSS = 0.4  # on the last turn our steps matter only for the "fewer eliminated" VP (5.0)
