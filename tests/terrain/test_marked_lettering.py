"""Coloured traced lines (issue 14; toolkit/terrain/lines.py, traced notes 5): a crossing whose line in the band is
mostly lettering is refused - but never a marked side: the legend says the line crosses there. A scan resampled (GMT
Red Winter turned 0.7 degrees) blurs a forest's speckled trees into blobs of a brown road's colour, in rows beside
it, and read as letters they outweighed the road at one of its marked sides: refused, the line was no longer
learned from every marked side, and the rule kept for lines printed solid where marked (traced notes 7) was off."""

from __future__ import annotations

from itertools import pairwise

from PIL import ImageFont

from toolkit.terrain.extract import extract

from .drawn import blank_board

SAND = (236, 214, 160)
BROWN = (120, 92, 24)
ROAD = ["0401", "0402", "0403", "0404", "0405", "0406"]


def test_a_marked_side_with_a_name_printed_either_side_of_the_line_is_found():
    """A 3 px road down column 04, marked at 0402/0403 and 0404/0405, with "EEEE" printed in its colour 4 px either
    side of it across 0402/0403. Old code: 0402/0403 refused as lettering (missing); now every side of the road."""
    lay, grid, im, d = blank_board(paper=SAND, ink=(250, 250, 246))
    d.line([lay.hex_to_pixel(grid.hex(i)) for i in ROAD], fill=BROWN, width=3)
    d.fontmode = "1"
    font = ImageFont.load_default(size=10)
    (x0, y0), (x1, y1) = lay.hexside_endpoints(grid.hexside(grid.side_key("0402", "0403")))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    d.text((cx + 4, cy), "EEEE", fill=BROWN, font=font, anchor="lm")
    d.text((cx - 4, cy), "EEEE", fill=BROWN, font=font, anchor="rm")
    legend = {"terrain": {"sand": {"hexes": ["0801", "0806", "0101"]}},
              "features": {"road": {"colour": "#785c18", "kind": "across", "trace": True,
                                    "yes": ["0402/0403", "0404/0405"]}}}
    ext = extract(im, grid, legend)
    assert {k for k, v in ext.hexsides.items() if "road" in v} == {grid.side_key(a, b) for a, b in pairwise(ROAD)}
