"""The minor variants of BW 4.0 offered as game options (``OPTIONS``: name -> (default,
description)). Only variants the engine applies in full, or whose parts not yet applied are
named in the description, are listed (docs/black-wednesday/rules-decisions.md)."""
from __future__ import annotations

OPTIONS: dict[str, tuple[bool, str]] = {
    "grandes": (False, "Variant 4.6 Grandes in Command: the Spanish Command Prep Rating is 2 instead of 3"),
    "german_cooperation": (False, "Variant 4.1 German Cooperation, parts a and b: Spanish and German units may "
                                  "share orders (4.1a) and the German variable reinforcement roll gets +2 (4.1b); "
                                  "the air (4.1c) and ammunition (4.1d) parts are not applied yet"),
}


def check_options(options: dict | None) -> dict:
    """Known option names only (the session checks too); values as booleans."""
    opts = dict(options or {})
    for k in opts:
        if k not in OPTIONS:
            raise KeyError(f"unknown option {k!r} for black-wednesday; known: {', '.join(OPTIONS)}")
    return {k: bool(v) for k, v in opts.items()}
