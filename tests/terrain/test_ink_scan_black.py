"""Black lines read in the ink as the scan prints it (toolkit/terrain/lines.py, ink notes 14): a scan whose
black reads as a dark grey (a lifted black point, a lighter tone curve) with the legend's colour ``#000000``."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
from PIL import Image

from toolkit.terrain.colour import lab_table, rgb_codes
from toolkit.terrain.extract import extract
from toolkit.terrain.lines import scan_black

from .test_symbols_lines import PRIMARY, RAILWAY, SECONDARY, _black_lines_board

FEATS = {"primary": PRIMARY, "secondary": SECONDARY, "rail": RAILWAY}


def _lifted(im: Image.Image, black: int) -> Image.Image:
    """The picture as a scan with its black point lifted to ``black`` (the paper stays white)."""
    a = np.asarray(im, np.float32)
    return Image.fromarray(np.rint(black + a * (255 - black) / 255).astype(np.uint8))


def test_black_lines_on_a_scan_whose_black_is_dark_grey():
    """The drawn black-lines board (a double road, a solid road and a railway in black, names and dots in the
    black, hex lines in a dark grey) with its black lifted to (72, 75, 71), L* 31: read in the legend's
    ``#000000`` (the old code) no feature found a single link (0 of 4, 4 and 5); read in the ink as the scan prints
    it (L* 26), each finds its links and no others."""
    im, grid = _black_lines_board()
    legend = {"terrain": {"clear": {"hexes": ["0801", "0806", "0605"]}},
              "features": {name: {"colour": "#000000", "kind": "across", "trace": True,
                                  "yes": [f"{a}/{b}" for a, b in list(pairwise(path))[1:3]]}
                           for name, path in FEATS.items()}}
    ext = extract(_lifted(im, 70), grid, legend)
    for name, path in FEATS.items():
        want = {grid.side_key(a, b) for a, b in pairwise(path)}
        assert {k for k, v in ext.hexsides.items() if name in v} == want, name
    assert ext.line_styles["primary"] == "double"


def test_the_legend_colour_is_raised_to_the_scan_black_beyond_the_slack():
    """scan_black: the legend colour's L* raised by as much as the median L* of the darkest 0.5% of the pixels lies
    more than 5 above it (its a* and b* kept); a scan black within the slack leaves it as given."""
    tab = lab_table()
    pixels = np.full((100, 100, 3), 250, np.uint8)
    pixels[:1, :] = (72, 75, 71)  # 1% of the pixels: the ink, L* 31.3 in the colour table
    black = float(tab[0][rgb_codes(pixels[:1, :1])][0, 0])
    got = scan_black(tab, rgb_codes(pixels), np.array([0.0, 1.0, -1.0], np.float32))
    np.testing.assert_allclose(got, [black - 5.0, 1.0, -1.0], atol=1e-4)
    pixels[:1, :] = (2, 5, 1)  # an ink of L* 1.2: within 5 of the legend's 0
    legend = np.zeros(3, np.float32)
    assert scan_black(tab, rgb_codes(pixels), legend) is legend
