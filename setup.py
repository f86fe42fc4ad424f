"""Package list for setuptools (everything else is in pyproject.toml).

pyproject.toml cannot mix `packages = {find = ...}` with extra explicit
packages, and hexwar needs both: the code packages are discovered with
include patterns, and the top-level data folders maps/, scenarios/ and
assets/ are added as the packages hexwar.data.maps/scenarios/assets (their
folders are mapped in [tool.setuptools.package-dir]).
"""
from setuptools import find_namespace_packages, setup

# Every folder under hexwar/ is a package (core, games.<game>, loaders, ui, ai,
# and whatever comes next), except caches and the data packages below, whose
# contents come from the top-level folders instead.
CODE_PACKAGES = find_namespace_packages(
    include=["hexwar", "hexwar.*"],
    exclude=["hexwar.data.*", "*__pycache__*"],
)
DATA_PACKAGES = ["hexwar.data.maps", "hexwar.data.scenarios", "hexwar.data.assets"]

setup(packages=CODE_PACKAGES + DATA_PACKAGES)
