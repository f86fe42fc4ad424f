"""Skirmish at Mill Ford: a game kept outside hexwar, and the tests that plug it in."""
