"""A Winter War turn numbers: Dec I 39 is turn 1 ... Mar I 40 turn 7 (35A), May II 40 turn 12 (36E)."""

from __future__ import annotations

from ...errors import InputError
from .naming import TURNS

__all__ = ["turn_number"]


def turn_number(name: str) -> int:
    """``"Feb I 40"`` -> 5."""
    folded = " ".join(name.split()).lower()
    for n, t in enumerate(TURNS, 1):
        if t.lower() == folded:
            return n
    raise InputError(f"unknown turn {name!r} (turns: {', '.join(TURNS)})")
