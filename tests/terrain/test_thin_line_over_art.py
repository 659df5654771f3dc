"""A thin railway printed over a road (GMT France '40's Dynamo map, region 2): a grey line two pixels wide whose
colour lies near the printed hex lines' (learned tolerance cut to half their distance), drawn over a pink road and
JPEG-smeared into it, is there a brown-grey some 8 Delta E from its colour - farther than that cut, nearer it than the
hex lines, the paper or the road - and fell apart into pieces too short to be a line (Dynamo region 2: rail 18/33).
Off the calibrated hex lines such a pixel counts for a thin line (toolkit/terrain/lines.py, traced notes 10); not the
light edges of darker ink (lettering beside the hex line)."""

from __future__ import annotations

from itertools import pairwise

from toolkit.terrain.extract import extract

from .drawn import blank_board

PAPER, HEX_LINE = (241, 238, 219), (141, 137, 125)
RAIL, ROAD = (113, 117, 92), (225, 197, 173)
OVER_ROAD = (139, 125, 99)  # the railway's pixels over the road on the Dynamo scan (2221/2321)
PATH = ["0102", "0202", "0302", "0402", "0502", "0603", "0703", "0803"]
ON_ROAD = ["0302", "0402", "0502", "0603"]  # the stretch printed over the road


def _board() -> tuple:
    lay, grid, im, d = blank_board(8, 6, size=30.0, image=(440, 380), paper=PAPER, ink=HEX_LINE)
    pts = {h: lay.hex_to_pixel(grid.hex(h)) for h in PATH}
    d.line([pts[h] for h in ON_ROAD], fill=ROAD, width=6)
    d.line([pts[h] for h in PATH[: PATH.index(ON_ROAD[0]) + 1]], fill=RAIL, width=2)
    d.line([pts[h] for h in ON_ROAD], fill=OVER_ROAD, width=2)
    d.line([pts[h] for h in PATH[PATH.index(ON_ROAD[-1]):]], fill=RAIL, width=2)
    # a word in black beside the hex line, its letters' edges anti-aliased to greys near the railway's
    x, y = lay.hex_to_pixel(grid.hex("0305"))
    for k in range(6):
        d.line([(x - 28 + 9 * k, y + 18), (x - 24 + 9 * k, y + 34)], fill=(70, 72, 60), width=1)
        d.line([(x - 27 + 9 * k, y + 18), (x - 23 + 9 * k, y + 34)], fill=(20, 20, 20), width=2)
    return grid, im


def test_a_thin_railway_over_a_road_is_traced():
    grid, im = _board()
    legend = {"terrain": {"clear": {"hexes": ["0105", "0606", "0801"]}},
              "features": {"rail": {"colour": "#71755c", "kind": "across", "trace": True,
                                    "yes": ["0102/0202", "0202/0302", "0703/0803"]}}}
    ext = extract(im, grid, legend)
    want = {grid.side_key(a, b) for a, b in pairwise(PATH)}
    found = {k for k, v in ext.hexsides.items() if "rail" in v}
    # every link and nothing else (the old code: the three links over the road missed)
    assert found == want
