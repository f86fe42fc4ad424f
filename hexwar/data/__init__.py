"""Home of the game data inside an installed hexwar.

In a source checkout this package is empty: the data lives in the top-level
folders maps/, scenarios/ and assets/. A wheel (`pip install .`) copies those
folders here as hexwar/data/maps, hexwar/data/scenarios and hexwar/data/assets
(see [tool.setuptools.package-dir] in pyproject.toml). Use hexwar.paths to find
them; never build these paths by hand.
"""
