"""Files to core objects: Tiled maps (tmx.py) and scenario YAML (scenario.py). No pygame."""
