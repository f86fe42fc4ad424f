"""Kasserine Pass: the readings of the CRT's unprinted rows (KP-CRT, decision D1).

The rulebook's table rolls two dice (2-12) but prints the rows 2-6 only. The table data
(tables/rules.yaml) holds the mirror reading, D1's decision: total r from 8 to 12 reads like
14 - r, 7 like 6. The option ``sliding_crt`` takes the other reading D1 describes instead.
"""
from __future__ import annotations

from .scenario import COLUMNS

MIDDLE = 6  # the last printed row: the result the odds lead one to expect


def sliding(crt: dict[str, tuple[str, ...]], beyond: str = "D ELIM") -> dict[str, tuple[str, ...]]:
    """D1's sliding reading: the printed rows 2-6 stay; total t from 7 to 12 reads the middle
    row (6) of the column t - 6 places to the right (toward the attacker); past 8-1 it reads
    the result beyond the table (``beyond``, D ELIM). So a 1-3 rolls D BACK 2 on 11 and 12."""
    out: dict[str, tuple[str, ...]] = {}
    for i, c in enumerate(COLUMNS):
        high = []
        for t in range(MIDDLE + 1, 13):
            j = i + t - MIDDLE
            high.append(crt[COLUMNS[j]][MIDDLE - 2] if j < len(COLUMNS) else beyond)
        out[c] = crt[c][:MIDDLE - 1] + tuple(high)
    return out
