"""A map's frame in a symbol's colour is not the symbol (toolkit/terrain/symbols.py ``_without_bands``): MMP
Bastogne's villages are dark-red blocks, and the thick dark-red band framing the map crosses every hex of its
last row, where the village template matched half of it (score 0.46, threshold 0.28: twelve false villages).
Where the template matched the frame is still reported as the symbol's stamps (what the line tracers leave out
of a line's ink: Bastogne's rail is printed in that red, and the tracer's learned width took in the frame's
thick crossings when it was left in: rail 59/59 -> 30/59)."""

from __future__ import annotations

from PIL import Image

from toolkit.hexgrid import Grid
from toolkit.terrain import symbols
from toolkit.terrain.extract import extract

from .drawn import blank_board

SIZE = 30.0
RED = (126, 24, 31)
VILLAGES = {"0202": (0, 0), "0304": (3, -2), "0603": (-4, 2), "0705": (2, 3), "0104": (-3, -3)}  # where the blocks are
BLOCKS = [(-8, -6), (0, -3), (-4, 4)]
EXAMPLES = ["0202", "0304", "0603"]


def _board() -> tuple[Image.Image, Grid, set[str]]:
    lay, grid, im, d = blank_board(size=SIZE, image=(400, 420))
    for hid, (ox, oy) in VILLAGES.items():
        x, y = lay.hex_to_pixel(grid.hex(hid))
        for dx, dy in BLOCKS:
            d.rectangle([x + ox + dx, y + oy + dy, x + ox + dx + 5, y + oy + dy + 4], fill=RED)
    y0 = lay.hex_to_pixel(grid.hex("0206"))[1] + 8
    d.rectangle([0, y0, 399, y0 + 7], fill=RED)  # the frame, 8 px thick, across the last row
    crossed = {grid.id(h) for h in grid.hexes() if any(min(c[1] for c in lay.corners(h)) < y < max(
        c[1] for c in lay.corners(h)) for y in (y0, y0 + 7))}
    return im, grid, crossed


def _legend() -> dict[str, object]:
    # Bastogne's villages are drawn each their own way: leave-one-out set its threshold as low as this
    return {"terrain": {"clear": {"hexes": ["0101", "0503", "0802"]},
                        "village": {"hexes": EXAMPLES, "symbol": True, "threshold": 0.3}},
            "priority": ["village", "clear"]}


def test_a_frame_in_the_symbols_colour_is_not_the_symbol(monkeypatch):
    im, grid, crossed = _board()
    assert len(crossed) >= 6
    ext = extract(im, grid, _legend(), features=False)
    assert ext.symbols["village"] == set(VILLAGES)
    # the line tracers still leave the symbol's colour out where its template matched the frame
    assert len(ext.symbol_reports["village"].stamps) == len(set(VILLAGES) | crossed)
    monkeypatch.setattr(symbols, "BAND", 100.0)  # no run is that long: the old reading
    old = extract(im, grid, _legend(), features=False)
    assert old.symbols["village"] == set(VILLAGES) | crossed


def test_without_bands_keeps_blocks_and_slanted_lines():
    import numpy as np

    m = np.zeros((40, 60), bool)
    m[5:11, 5:11] = True  # a block
    m[30:33, :] = True  # a band along a whole row
    for i in range(25):  # a slanted line
        m[i, 30 + i] = True
    out = symbols._without_bands(m, 20)
    assert not out[30:33].any()
    assert out[5:11, 5:11].all() and all(out[i, 30 + i] for i in range(25))
    assert out.sum() == m.sum() - 3 * 60
