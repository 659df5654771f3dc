"""Pure hex geometry: coordinates, layouts, numbering schemes, and VASSAL's own grids.

No dependencies outside the standard library.
"""

from .coords import (
    DIRECTIONS,
    Hex,
    Hexside,
    OffsetSystem,
    cube_round,
    distance,
    hex_range,
    line,
    neighbours,
    ring,
    spiral,
)
from .grid import Extent, Grid
from .layout import Layout
from .numbering import CCRR, Europa, Lettered, Numbering, numbering_from_dict

__all__ = [
    "CCRR",
    "DIRECTIONS",
    "Europa",
    "Extent",
    "Grid",
    "Hex",
    "Hexside",
    "Layout",
    "Lettered",
    "Numbering",
    "OffsetSystem",
    "cube_round",
    "distance",
    "hex_range",
    "line",
    "neighbours",
    "numbering_from_dict",
    "ring",
    "spiral",
]
