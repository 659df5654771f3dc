"""Names our VASSAL modules use, importable without the module builder (its imagery and numpy): readers such as
``wgt check`` and ``wgt audit`` need only these."""

from __future__ import annotations

__all__ = ["MAIN_MAP"]

#: The map that holds the game board (pools and boxes are other maps: named places, not hexes)
MAIN_MAP = "Main Map"
