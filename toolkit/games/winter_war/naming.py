"""Winter War's VASSAL naming: which piece of a save is which counter.

A piece named by our module carries the counter id (``fin-6-6-2``) or "SIDE VALUES" (``Finnish
6-6-2``, ``Soviet 20-12-2``, ``Allied 3-2-2``); stacks of several copies are pieces of their own.
Anything else (markers, decks, map furniture) is not a unit and is left out of the position.
"""

from __future__ import annotations

import re

__all__ = ["PIECE_NAME", "counter_spec"]

#: "fin-6-6-2", "Finnish 6-6-2", "Soviet HQ 0-1-2", "sov 20-12-2 (7th Army)"
PIECE_NAME = re.compile(
    r"^\s*(?P<side>fin|finnish|sov|soviet|all|allied)[\s-]+(?:[a-z]+\s+)?(?P<values>\d+-\d+-\d+|blank)\b",
    re.IGNORECASE)

_SHORT = {"fin": "fin", "finnish": "fin", "sov": "sov", "soviet": "sov", "all": "all", "allied": "all"}


def counter_spec(piece_name: str) -> str | None:
    """The counter id a piece name stands for, or None when the piece is not a unit."""
    m = PIECE_NAME.match(piece_name or "")
    if not m:
        return None
    return f"{_SHORT[m.group('side').lower()]}-{m.group('values').lower()}"
