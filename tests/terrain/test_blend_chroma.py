"""A thin dark line's crossings lie among the blends of its colour with its ground: a road printed in a yellow-tan
within a grey railway's tolerance of its colour - more chromatic than any mix of the railway's grey with the cream it is
printed on - was read as the railway (Guns of the Americas' tan roads, 18 of region 2's 27 false rail links).
toolkit/terrain/lines.py ``_off_blends``, traced notes 23."""

from __future__ import annotations

import io
from itertools import pairwise

import numpy as np
import pytest
from PIL import Image, ImageFilter

from toolkit.terrain import lines
from toolkit.terrain.colour import hex_to_rgb, rgb_to_hex, rgb_to_lab
from toolkit.terrain.extract import extract

from .drawn import blank_board

CREAM, HEX_LINE, RAIL_INK = (246, 247, 216), (165, 163, 140), (80, 80, 68)
TAN = (236, 222, 168)  # GotA's light tan (broken ground): L* 88, b* 28 - yellower than the roads
ROAD = (130, 122, 85)  # L* 51, b* 21: GotA's roads' b* on its scan (16-21; the cream's 15, the railway's colour 7)
ROAD_JPEG = (135, 127, 88)  # L* 53, b* 22: in a JPEG whose chroma is at half the resolution, a 2 px road's is mixed
#   with the cream's - ROAD is then pulled in among the railway's blends at some crossings (the rule's limit), this not
RAIL = ["0201", "0202", "0203", "0204", "0205", "0206"]
ROADS = (["0501", "0502", "0503", "0504", "0505", "0506"], ["0801", "0802", "0803", "0804", "0805", "0806"])


def _board(ground: tuple[int, int, int] = CREAM, jpeg: bool = False) -> tuple[object, Image.Image]:
    """GotA's scale (22.4 px hexes) on its cream, its grey-brown hex lines: the railway down column 02 (2 px of dark
    grey: its ties are not resolved at this scale), two roads down columns 05 and 08 (2 px of the yellow-tan), each
    through the whole board; blurred a little, as a scan is. ``ground``: the paper (columns 01-03 in it only: the
    railway's own ground); ``jpeg``: saved as a JPEG keeping its chroma at half the resolution, as GotA's scan is."""
    lay, grid, im, d = blank_board(columns=9, rows=6, size=22.4, origin=(30.0, 30.0), image=(400, 300), paper=CREAM,
                                   ink=HEX_LINE)

    def at(i: str) -> tuple[float, float]:
        return lay.hex_to_pixel(grid.hex(i))

    x = at(RAIL[0])[0]
    if ground != CREAM:
        # the railway's three columns filled with the ground (the hex lines printed over it again)
        _lay2, _grid2, im2, _d2 = blank_board(columns=9, rows=6, size=22.4, origin=(30.0, 30.0), image=(400, 300),
                                            paper=ground, ink=HEX_LINE)
        right = round(at("0401")[0] - 22.4 * 0.75)
        im.paste(im2.crop((0, 0, right, 300)), (0, 0))
    d.line([(x, 0), (x, 300)], fill=RAIL_INK, width=2)
    for ids in ROADS:
        x = at(ids[0])[0]
        d.line([(x, 0), (x, 300)], fill=ROAD_JPEG if jpeg else ROAD, width=2)
    im = im.filter(ImageFilter.GaussianBlur(0.6))
    if jpeg:
        buf = io.BytesIO()
        im.save(buf, "JPEG", quality=85, subsampling=2)  # 4:2:0: chroma at half the resolution
        im = Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
    return grid, im


def _legend(ground: str = "0403") -> dict[str, object]:
    """As GotA's legend: the railway's colour the median of its pixels near its marked sides (its blend with the
    paper), three of its sides marked; the cream the clear terrain (and the railway's ground its own class)."""
    terrain: dict[str, object] = {"clear": {"hexes": ["0403", "0603", "0903"]}}
    if ground != "0403":
        terrain["broken"] = {"hexes": ["0101", "0104", "0301"]}
    return {"terrain": terrain,
            "features": {"rail": {"colour": "#79796c", "kind": "across", "trace": True,
                                  "yes": [f"{a}/{b}" for a, b in list(pairwise(RAIL))[1:4]]}}}


def _found(ext, name: str) -> set[str]:
    return {k for k, v in ext.hexsides.items() if name in v}


def _sides(grid, ids: list[str]) -> set[str]:
    return {grid.side_key(a, b) for a, b in pairwise(ids)}


@pytest.mark.parametrize("jpeg", [False, True])
def test_a_yellow_road_is_not_the_grey_railway(monkeypatch, jpeg):
    """The roads' yellow-tan lies within the railway's tolerance of its colour: the old code (the rule off) reads the
    railway down both roads, as drawn and saved as a JPEG; the roads' pixels lie off every blend of the railway's grey
    with the cream, and only the railway is read."""
    grid, im = _board(jpeg=jpeg)
    ext = extract(im, grid, _legend())
    assert _found(ext, "rail") == _sides(grid, RAIL)
    monkeypatch.setattr(lines, "OFF_BLENDS", False)
    old = extract(im, grid, _legend())
    assert _found(old, "rail") == _sides(grid, RAIL) | _sides(grid, ROADS[0]) | _sides(grid, ROADS[1])


@pytest.mark.parametrize("jpeg", [False, True])
def test_the_railway_over_a_yellower_ground_is_kept(jpeg):
    """The railway printed over GotA's light tan (b* 28, yellower than the roads): its pixels are blends of its grey
    with the tan - in a JPEG its chroma mixed with the tan's - and it is read down its whole length, the roads not."""
    grid, im = _board(ground=TAN, jpeg=jpeg)
    ext = extract(im, grid, _legend(ground="0101"))
    assert _found(ext, "rail") == _sides(grid, RAIL)


def test_off_blends_measures_beyond_the_hull():
    """The median distance in a*b* from the hull of the grounds, the line's colour, its ink beyond it and the greys;
    the nearer side's; NaN where a side shows none or no ground is known."""
    half, core = 3, 1
    ab = np.zeros((3, 2, 2 * half + 1, 2))
    own = np.zeros(ab.shape[:3], dtype=bool)
    colour = (50.0, 0.0, 10.0)
    ground = np.array([[[95.0, 0.0, 20.0], [95.0, 0.0, 20.0]]] * 2 + [[[np.nan] * 3] * 2])
    ab[0, :, :] = (0.0, 26.0)  # 6 beyond the ground's b* 20 on both sides
    own[0, :, [0, 6]] = True
    ab[1, :, :3] = (0.0, 15.0)  # inside on one side, 4 off on the other (a*): the nearer side's
    ab[1, :, 4:] = (4.0, 15.0)
    own[1, :, [1, 5]] = True
    own[2, :, [1, 5]] = True  # no ground known
    got = lines._off_blends(ab, own, half, core, colour, ground)
    assert got[0] == pytest.approx(6.0, abs=0.01) and got[1] == pytest.approx(0.0, abs=0.01) and np.isnan(got[2])
    own[1, :, 5] = False  # a side showing none: not judged
    assert np.isnan(lines._off_blends(ab, own, half, core, colour, ground)[1])


def test_hull_distance():
    """0 inside the hull, the distance to its nearest edge or vertex outside."""
    verts = np.array([[0.0, 0.0], [10.0, 0.0], [0.0, 10.0], [2.0, 2.0]])
    p = np.array([[1.0, 1.0], [5.0, -3.0], [12.0, 0.0], [6.0, 6.0]])
    assert lines._hull_distance(p, verts) == pytest.approx([0.0, 3.0, 2.0, 2 ** 0.5], abs=1e-6)
    assert lines._hull_distance(np.array([[3.0, 4.0]]), np.array([[0.0, 0.0]])) == pytest.approx([5.0])


def test_only_a_grey_inks_blend_is_judged():
    """The rule reads a line whose colour is a grey ink's blend with its ground (GotA's railway on the cream and the
    light tan, as learned there); a coloured ink's core departs in hue from its blend with the paper, and it is left
    alone (Stonewall Jackson's Way's black-brown pike and brown road on its two grounds met at their marked sides)."""
    cream, tan = [96.4, -5.5, 14.8], [88.4, -1.9, 27.5]
    ground = np.array([[cream, cream], [cream, tan], [tan, [np.nan] * 3]])
    assert lines._grey_blend([50.1, -1.9, 7.1], ground, [0, 1, 2])
    paper, rough = [91.6, -9.0, 53.6], [80.0, -6.0, 42.4]
    sjw = np.array([[paper, paper], [paper, rough], [rough, rough]])
    assert not lines._grey_blend([24.5, 4.2, 23.5], sjw, [0, 1, 2])
    assert not lines._grey_blend([49.3, -1.4, 41.6], sjw, [0, 1, 2])
    assert not lines._grey_blend([50.1, -1.9, 7.1], np.full((1, 2, 3), np.nan), [0])


PINK = (240, 200, 215)  # a ground of another hue than the paper (L* 84, a* 16, b* -2)
BROWN_INK, GREY_INK = (110, 70, 30), RAIL_INK
COLUMN = [f"02{r:02d}" for r in range(1, 10)]


def _two_grounds(ink: tuple[int, int, int]) -> tuple[object, Image.Image, str]:
    """A 2 px line of ``ink`` down column 02 of a 5 x 9 board at GotA's scale: rows 01-04 on the cream (its three marked
    sides there), rows 05-09 on the pink; blurred as a scan. The legend's colour is the ink's blend with the cream (60%
    ink), as a thin line's colour is given where it is marked."""
    lay, grid, im, d = blank_board(columns=5, rows=9, size=22.4, origin=(30.0, 30.0), image=(200, 420), paper=CREAM,
                                   ink=HEX_LINE)
    for h in grid.hexes():
        if int(grid.id(h)[2:]) >= 5:
            d.polygon(lay.corners(h), fill=PINK, outline=HEX_LINE)
    x = lay.hex_to_pixel(grid.hex(COLUMN[0]))[0]
    d.line([(x, 0), (x, 420)], fill=ink, width=2)
    blend = [round(0.6 * i + 0.4 * c) for i, c in zip(ink, CREAM, strict=True)]
    return grid, im.filter(ImageFilter.GaussianBlur(0.6)), rgb_to_hex(blend)


def _two_grounds_legend(colour: str) -> dict[str, object]:
    return {"terrain": {"clear": {"hexes": ["0401", "0403", "0502"]}, "pink": {"hexes": ["0407", "0508", "0309"]}},
            "features": {"road": {"colour": colour, "kind": "across", "trace": True,
                                  "yes": ["0201/0202", "0202/0203", "0203/0204"]}}}


def test_a_coloured_ink_over_another_ground_is_not_judged(monkeypatch):
    """A brown ink's colour where marked is its blend with the cream; over the pink its blends lie off the ray from
    the pink through that colour (the ink is not on it: only a grey ink lies on every ground's ray), so the hull of
    blends misses them. The rule reads only a grey ink's blend (``_grey_blend``): the brown line is read down its
    whole length; with every thin line judged it loses its 4 links over the pink."""
    grid, im, colour = _two_grounds(BROWN_INK)
    whole = _sides(grid, COLUMN)
    assert _found(extract(im, grid, _two_grounds_legend(colour)), "road") == whole
    monkeypatch.setattr(lines, "_grey_blend", lambda *_a: True)
    got = _found(extract(im, grid, _two_grounds_legend(colour)), "road")
    assert got < whole and whole - got == _sides(grid, COLUMN[4:])


def test_a_grey_ink_over_another_ground_is_kept():
    """The same board with a grey ink (the railway's): judged (its colour is the grey's blend with the cream), its
    blends with the pink lie between the pink and the greys, and it is read down its whole length."""
    grid, im, colour = _two_grounds(GREY_INK)
    assert lines._grey_blend(rgb_to_lab(hex_to_rgb(colour)), np.array([[rgb_to_lab(CREAM)] * 2]), [0])
    assert _found(extract(im, grid, _two_grounds_legend(colour)), "road") == _sides(grid, COLUMN)


BORDER = (219, 115, 91)  # GotA's border (its legend's #db735b): a red line along the hex lines, hatched across them


def _hatched(side: tuple[str, str], reach: float = 4.5) -> tuple[object, Image.Image]:
    """The railway's board (the cream, the two roads; saved as a 4:2:0 JPEG) with GotA's border printed along the hex
    line the railway crosses at ``side``, as at Omaha (4518/4618, review42 R10): a 1 px red line along it and a tick
    across it every 4 px, ``reach`` px either way - 4.5: the hatched band 9 px wide, as the border's red reads there
    (its ticks over the railway, the rest of the band the railway and the cream)."""
    lay, grid, im, d = blank_board(columns=9, rows=6, size=22.4, origin=(30.0, 30.0), image=(400, 300), paper=CREAM,
                                   ink=HEX_LINE)
    x = lay.hex_to_pixel(grid.hex(RAIL[0]))[0]
    d.line([(x, 0), (x, 300)], fill=RAIL_INK, width=2)
    for ids in ROADS:
        x = lay.hex_to_pixel(grid.hex(ids[0]))[0]
        d.line([(x, 0), (x, 300)], fill=ROAD_JPEG, width=2)
    p0, p1 = (np.array(p, dtype=float) for p in lay.hexside_endpoints(grid.hexside("/".join(side))))
    length = float(np.hypot(*(p1 - p0)))
    u = (p1 - p0) / length
    n = np.array([-u[1], u[0]])
    d.line([tuple(p0), tuple(p1)], fill=BORDER, width=1)
    for t in np.arange(1.0, length, 4.0):
        c = p0 + u * t
        d.line([tuple(c - reach * n), tuple(c + reach * n)], fill=BORDER, width=1)
    im = im.filter(ImageFilter.GaussianBlur(0.6))
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=85, subsampling=2)
    return grid, Image.open(io.BytesIO(buf.getvalue())).convert("RGB")


def test_the_railway_under_a_hatched_border_is_kept(monkeypatch):
    """review42 R10 (Omaha, 4518/4618): where the railway crosses a hex line under the border's hatching, its own
    pixels within a chroma sample of the hatching take the red's chroma and lie off every blend of the grey with the
    cream - the crossing read whole was refused (e0eff46). Read also where the line runs clear of the hex line's marks
    (BLEND_CLEAR beyond the zone, every sample there its own), it lies among the blends and is kept; the roads are
    still refused. Read whole only (the old reading) the hatched crossing is lost, and with the rule off it is kept:
    it is this rule's loss."""
    side = ("0205", "0206")
    grid, im = _hatched(side)
    assert _found(extract(im, grid, _legend()), "rail") == _sides(grid, RAIL)
    monkeypatch.setattr(lines, "BLEND_CLEAR", 99)
    assert _found(extract(im, grid, _legend()), "rail") == _sides(grid, RAIL) - {grid.side_key(*side)}
    monkeypatch.setattr(lines, "OFF_BLENDS", False)
    assert grid.side_key(*side) in _found(extract(im, grid, _legend()), "rail")


@pytest.mark.xfail(strict=True, reason="traced notes 23's limit (review43 R2): hatching reaching 5.5 px or more either "
                   "way tints the railway through the band's outer part too; read whole, the crossing is refused")
def test_the_railway_under_a_wider_hatching_is_kept():
    """The same board with the ticks 5.5 px either way (review43 R2): the red's chroma reaches the band's edge (0.3
    hex, 7 samples at this scale), no sample beyond the hatching is left to read, and the crossing is refused - the
    rule's limit, named in notes 23 (a wider band for the hue would be the answer); with the rule off it is kept."""
    side = ("0205", "0206")
    grid, im = _hatched(side, reach=5.5)
    assert _found(extract(im, grid, _legend()), "rail") == _sides(grid, RAIL)


def test_off_blends_reads_clear_of_the_hex_line_too():
    """On a side whose own pixels run through every sample BLEND_CLEAR or more beyond the zone, the median of those
    alone is read too and the nearer of the two counts; a side that does not reach so far (a mark along the hex line)
    is read whole."""
    half, core = 7, 3
    ab = np.zeros((2, 3, 2 * half + 1, 2))
    own = np.zeros(ab.shape[:3], dtype=bool)
    colour, g = (50.0, 0.0, 10.0), [95.0, 0.0, 20.0]
    ground = np.array([[g, g]] * 2)
    ab[:, :, :] = (0.0, 15.0)
    ab[:, :, 3:5] = (12.0, 15.0)  # tinted next to the zone (12 a* off every blend), on both sides
    ab[:, :, 10:12] = (12.0, 15.0)
    own[0, 1, :] = True  # the line runs out through the band ...
    own[0, 2, [3, 4, 10, 11]] = True  # ... and the tint beside it: read whole, 12 off; clear of the zone, among them
    own[1, 1, 3:12] = True  # a mark along the hex line, reaching no farther than 1 sample beyond the zone: whole
    got = lines._off_blends(ab, own, half, core, colour, ground)
    assert got[0] == pytest.approx(0.0, abs=0.01) and got[1] == pytest.approx(12.0, abs=0.01)
