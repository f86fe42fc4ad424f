"""What the client's explain mode marks and a hex's tooltip says, from the engine (KP-ZOC, KP-STACKING),
each rule named as the rulebook's section (the player reads them as they are)."""
from __future__ import annotations

from .helpers import H, position


def test_KP_ZOC_the_enemy_zones_are_marked_and_named_in_the_hex_notes():
    g = position({"G10-AR-1": "1719", "CCA-AR": "1721"}, phase="german_move")
    layers = {lay.key: lay for lay in g.map_layers("axis")}
    zoc = layers["zoc"]
    assert zoc.rule == "Zone of Control" and "Allied" in zoc.label
    assert H("1720") in zoc.hexes and H("1719") not in zoc.hexes
    assert any("Allied zone of control" in n and "(Zone of Control)" in n for n in g.hex_notes(H("1720"), "axis"))
    assert g.hex_notes(H("0101"), "axis") == ()


def test_KP_STACKING_the_overstacked_layer_is_empty_on_a_legal_map():
    g = position({"G10-AR-1": "1719"}, phase="german_move")
    over = {lay.key: lay for lay in g.map_layers(None)}["over"]
    assert over.rule == "Stacking" and over.hexes == frozenset()
