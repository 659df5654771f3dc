"""A thin railway printed over a road (GMT France '40's Dynamo map, region 2): a grey line two pixels wide whose
colour lies near the printed hex lines' (learned tolerance cut to half their distance), drawn over a pink road and
JPEG-smeared into it, is there a brown-grey some 8 Delta E from its colour - farther than that cut, nearer it than the
hex lines, the paper or the road - and fell apart into pieces too short to be a line (Dynamo region 2: rail 18/33).
Off the calibrated hex lines such a pixel counts for a thin line (toolkit/terrain/lines.py, traced notes 10); not the
light edges of darker ink (lettering beside the hex line).

The rule has three more conditions, each pinned by a case of its own (one decoy added to the same board; every link
of every line asserted). Each was checked by switching it off in a scratch run (monkeypatching the constant in
toolkit.terrain.lines): the case fails then, and passes as the code is.

- ``DARKER`` (not a pixel beside an ink 25 L* darker than the line): a black name printed just under the railway at
  0202, its letters' anti-aliased rims a grey as near the railway as its pixels over the road. Switched off
  (``DARKER`` = 1e9), the rims count for the railway, join the part of it through 0202 and the road, and that part is
  then less than ``OWN_SHARE`` of the railway's own colour: all its pixels off the colour are dropped, and the three
  links over the road are missed (found 4 of 7, as before ceda1c1).
- ``OWN_SHARE`` (only in a part at least half of the line's own colour): a patch of grey houses across 0705/0706 in the
  colour of the railway over the road, with not a pixel of the railway's own colour. Switched off (``OWN_SHARE`` = 0)
  the houses are a railway link 0705/0706.
- ``THIN`` (only for a line a pixel thin where marked): a second traced line, a grey-brown road 5 px wide near the hex
  lines' colour (its tolerance cut too), with a pale glow 3 px wide running from it across 0404/0405, specks of the
  road's colour in it every 8 px (too far apart to make a line of their own). Switched off (``THIN`` = 1e9) the glow,
  within the road's tolerance learned and nearer its colour than the hex lines', the paper's or the railway's, joins
  the specks into a road link 0404/0405."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from PIL import Image, ImageDraw

from toolkit.hexgrid import Grid, Layout
from toolkit.terrain.extract import extract

from .drawn import blank_board

PAPER, HEX_LINE = (241, 238, 219), (141, 137, 125)
RAIL, ROAD = (113, 117, 92), (225, 197, 173)
OVER_ROAD = (139, 125, 99)  # the railway's pixels over the road on the Dynamo scan (2221/2321)
PATH = ["0102", "0202", "0302", "0402", "0502", "0603", "0703", "0803"]
ON_ROAD = ["0302", "0402", "0502", "0603"]  # the stretch printed over the road
GREY_ROAD, GLOW = (160, 150, 135), (180, 170, 150)  # (THIN) a wide road near the hex lines' colour, its pale glow
ROAD_PATH = ["0104", "0204", "0304", "0404", "0504"]
RAIL_LEGEND = {"colour": "#71755c", "kind": "across", "trace": True, "yes": ["0102/0202", "0202/0302", "0703/0803"]}
ROAD_LEGEND = {"colour": "#a09687", "kind": "across", "trace": True, "yes": ["0104/0204", "0204/0304", "0404/0504"]}

Decoy = Callable[[Layout, Grid, ImageDraw.ImageDraw], None]


def _board(*decoys: Decoy) -> tuple[Grid, Image.Image]:
    lay, grid, im, d = blank_board(8, 6, size=30.0, image=(440, 380), paper=PAPER, ink=HEX_LINE)
    pts = {h: lay.hex_to_pixel(grid.hex(h)) for h in PATH}
    d.line([pts[h] for h in ON_ROAD], fill=ROAD, width=6)
    d.line([pts[h] for h in PATH[: PATH.index(ON_ROAD[0]) + 1]], fill=RAIL, width=2)
    d.line([pts[h] for h in ON_ROAD], fill=OVER_ROAD, width=2)
    d.line([pts[h] for h in PATH[PATH.index(ON_ROAD[-1]):]], fill=RAIL, width=2)
    # a word in black beside the hex line, its letters' edges anti-aliased to greys near the railway's
    _word(lay, grid, d, "0305", 18)
    for decoy in decoys:
        decoy(lay, grid, d)
    return grid, im


def _word(lay: Layout, grid: Grid, d: ImageDraw.ImageDraw, hex_id: str, dy: int) -> None:
    """Six black letters' strokes 16 px tall, ``dy`` px below ``hex_id``'s centre, with grey anti-aliased rims."""
    x, y = lay.hex_to_pixel(grid.hex(hex_id))
    for k in range(6):
        d.line([(x - 28 + 9 * k, y + dy), (x - 24 + 9 * k, y + dy + 16)], fill=(70, 72, 60), width=1)
        d.line([(x - 27 + 9 * k, y + dy), (x - 23 + 9 * k, y + dy + 16)], fill=(20, 20, 20), width=2)


def _name_under_the_railway(lay: Layout, grid: Grid, d: ImageDraw.ImageDraw) -> None:
    """(DARKER) a black name touching the railway's own colour at 0202."""
    _word(lay, grid, d, "0202", 0)


def _grey_houses(lay: Layout, grid: Grid, d: ImageDraw.ImageDraw) -> None:
    """(OWN_SHARE) two rows of 5 px houses from 0705 to 0706 in the railway-over-road grey."""
    (xa, ya), (xb, yb) = lay.hex_to_pixel(grid.hex("0705")), lay.hex_to_pixel(grid.hex("0706"))
    for i in range(10):
        t = 0.1 + 0.8 * i / 9
        cx, cy = xa + (xb - xa) * t, ya + (yb - ya) * t
        for dx in (-3, 3):
            d.rectangle([cx + dx - 2, cy - 2, cx + dx + 2, cy + 2], fill=OVER_ROAD)


def _wide_road_and_glow(lay: Layout, grid: Grid, d: ImageDraw.ImageDraw) -> None:
    """(THIN) a 5 px road along ROAD_PATH, a 3 px pale glow from it across 0404/0405 with 2 px specks of the road's
    colour every 8 px."""
    (xa, ya), (xb, yb) = lay.hex_to_pixel(grid.hex("0404")), lay.hex_to_pixel(grid.hex("0405"))
    d.line([(xa, ya), (xb, yb)], fill=GLOW, width=3)
    n = ((xb - xa) ** 2 + (yb - ya) ** 2) ** 0.5
    t = 8.0
    while t < n - 4:
        cx, cy = round(xa + (xb - xa) * t / n), round(ya + (yb - ya) * t / n)
        d.rectangle([cx - 1, cy - 1, cx, cy], fill=GREY_ROAD)
        t += 8
    d.line([lay.hex_to_pixel(grid.hex(h)) for h in ROAD_PATH], fill=GREY_ROAD, width=5)


def _found(grid: Grid, im: Image.Image, features: dict) -> dict[str, set[str]]:
    """Each traced line's links found on ``im`` with ``features`` (clear terrain at three bare hexes)."""
    ext = extract(im, grid, {"terrain": {"clear": {"hexes": ["0105", "0606", "0801"]}}, "features": features})
    return {name: {k for k, v in ext.hexsides.items() if name in v} for name in features}


def _links(grid: Grid, path: list[str]) -> set[str]:
    return {grid.side_key(a, b) for a, b in pairwise(path)}


def test_a_thin_railway_over_a_road_is_traced():
    grid, im = _board()
    found = _found(grid, im, {"rail": RAIL_LEGEND})["rail"]
    # every link and nothing else (the old code: the three links over the road missed)
    assert found == _links(grid, PATH)


def test_a_black_names_rims_beside_the_railway_are_not_it():
    # DARKER: switched off, the rims join the railway's part over the road and sink its own share below OWN_SHARE:
    # found 0102/0202, 0202/0302, 0603/0703, 0703/0803 only
    grid, im = _board(_name_under_the_railway)
    assert _found(grid, im, {"rail": RAIL_LEGEND})["rail"] == _links(grid, PATH)


def test_a_patch_of_grey_houses_is_not_a_railway():
    # OWN_SHARE: switched off, the houses (no pixel of the railway's own colour) are a link 0705/0706
    grid, im = _board(_grey_houses)
    found = _found(grid, im, {"rail": RAIL_LEGEND})["rail"]
    assert grid.side_key("0705", "0706") not in found
    assert found == _links(grid, PATH)


def test_a_wide_roads_pale_glow_is_not_the_road():
    # THIN: switched off, the glow joins the road's specks into a road link 0404/0405
    grid, im = _board(_wide_road_and_glow)
    found = _found(grid, im, {"rail": RAIL_LEGEND, "road": ROAD_LEGEND})
    assert grid.side_key("0404", "0405") not in found["road"]
    assert found == {"road": _links(grid, ROAD_PATH), "rail": _links(grid, PATH)}
