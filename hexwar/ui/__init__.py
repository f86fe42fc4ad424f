"""The pygame-ce client: the only part of hexwar that draws or imports pygame.

Entry point: ``hexwar.ui.app.main`` (the ``hexwar`` command). See docs/client.md.
"""
import os

# Before any pygame import: no banner on the console.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
