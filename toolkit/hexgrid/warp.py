"""Where a scanned print lies off its grid's one affine calibration: a smooth offset field over the map.

A folded or curled sheet is not flat, so its printed hexes drift off any single affine fit by a tenth of a hex or
more in places (``wgt map calibrate`` measures it on blocks of hexes: :func:`toolkit.terrain.calibrate.local_fit`).
A :class:`Warp` records those blocks' measured offsets: each node is a block of hexes (its corner ids ``first`` and
``last``) and how far, in image pixels, the print of that block lies from where the calibration puts it. The field
between nodes is the tent (bilinear) interpolation over the lattice of blocks: each node's offset weighted by
``(1 - |du|) * (1 - |dv|)``, ``du``/``dv`` the distance from the block's middle in block widths along the map's
columns and rows, and zero one block width away. Blocks that are not nodes count as zero, so the field is exactly
zero one block beyond the nodes (the rest of the map is read as the affine grid puts it), continuous everywhere,
and a grid without a warp is the affine grid. The grid file's optional ``warp:`` key (:meth:`Warp.to_dict`)::

    warp: {block: 4, offsets: [{first: "1739", last: "2042", px: [-8.12, 5.97]}, ...]}
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ..errors import GridError, HexIdError
from ..records import record

if TYPE_CHECKING:
    from .numbering import Numbering

__all__ = ["MAX_WARP_BLOCK", "MAX_WARP_PX", "Warp", "WarpNode"]

#: the largest offset a node may carry (pixels): more is a mistyped file, not a scan
MAX_WARP_PX = 10_000.0
#: the widest block (hexes; calibrate writes 4): a node's middle is made from its block's hexes, so a block of a
#: hundred thousand (a hostile file) held ``wgt map centre`` and the extraction for ever
MAX_WARP_BLOCK = 100


@record(frozen=True)
class WarpNode:
    """One block of hexes (its corner ids) and the offset (px, image x right and y down) of its print."""

    first: str
    last: str
    dx: float
    dy: float


@record(frozen=True)
class Warp:
    """The nodes of the field (see the module's docstring) and the block width in hexes (the lattice step)."""

    block: int
    nodes: tuple[WarpNode, ...]

    def __post_init__(self) -> None:
        if isinstance(self.block, bool) or not isinstance(self.block, int) or not 1 <= self.block <= MAX_WARP_BLOCK:
            raise GridError(f"grid warp block is a whole number of hexes (1 to {MAX_WARP_BLOCK}), not {self.block!r}")
        for n in self.nodes:
            if not (math.isfinite(n.dx) and math.isfinite(n.dy)) or max(abs(n.dx), abs(n.dy)) > MAX_WARP_PX:
                raise GridError(f"grid warp offset of {n.first}:{n.last} must be finite and at most "
                                f"{MAX_WARP_PX:g} pixels, not [{n.dx}, {n.dy}]")

    def to_dict(self) -> dict[str, Any]:
        return {"block": self.block, "offsets": [{"first": n.first, "last": n.last,
                                                  "px": [round(n.dx, 3), round(n.dy, 3)]} for n in self.nodes]}

    @classmethod
    def from_dict(cls, d: Any, numbering: Numbering) -> Warp:
        """The warp of a grid block's ``warp:`` value; :class:`GridError` naming the bad entry."""
        if not isinstance(d, dict):
            raise GridError("grid warp is a mapping {block: N, offsets: [{first: ID, last: ID, px: [DX, DY]}, ...]}")
        block = d.get("block")
        if isinstance(block, bool) or not isinstance(block, int):
            raise GridError(f"grid warp block is a whole number of hexes, not {block!r}")
        offsets = d.get("offsets")
        offsets = [] if offsets is None else offsets  # `offsets: {}` or "" was taken for none
        if not isinstance(offsets, list):
            raise GridError(f"grid warp offsets is a list of {{first, last, px}}, not {offsets!r}")
        nodes: list[WarpNode] = []
        for o in offsets:
            try:
                first, last, (dx, dy) = str(o["first"]), str(o["last"]), o["px"]
                if any(isinstance(v, bool) or not isinstance(v, int | float) for v in (dx, dy)):
                    raise ValueError
            except (KeyError, TypeError, ValueError):
                raise GridError(f"grid warp offset {o!r} needs first: ID, last: ID and px: [DX, DY] "
                                "(numbers of pixels)") from None
            try:
                numbering.parse(first), numbering.parse(last)
            except HexIdError as exc:
                raise GridError(f"grid warp offset {first}:{last}: {exc}") from None
            nodes.append(WarpNode(first, last, float(dx), float(dy)))
        return cls(block, tuple(nodes))
