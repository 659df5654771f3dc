"""Pure hex geometry: coordinates, layouts, numbering schemes, and VASSAL's own grids.

No dependencies outside the standard library. The names below are imported on first use, so that a
subpackage (``toolkit.hexgrid.vassal``, which reading a VASSAL save needs) does not load the others.
"""

from __future__ import annotations

from ..lazy import lazy_attributes

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy reads the same, without importing typing at run time
if TYPE_CHECKING:
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

_WHERE = {**dict.fromkeys(("DIRECTIONS", "Hex", "Hexside", "OffsetSystem", "cube_round", "distance", "hex_range",
                           "line", "neighbours", "ring", "spiral"), "coords"),
          "Extent": "grid", "Grid": "grid", "Layout": "layout",
          **dict.fromkeys(("CCRR", "Europa", "Lettered", "Numbering", "numbering_from_dict"), "numbering")}


__getattr__ = lazy_attributes(__name__, _WHERE)
