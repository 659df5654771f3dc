"""Black roads and railways traced by shape (toolkit/terrain/lines.py, ink_crossings) on the drawn
black-lines board of test_symbols_lines: breaks in a line, crossings, arrows."""

from __future__ import annotations

from itertools import pairwise

from PIL import Image, ImageDraw

from toolkit.hexgrid import Hexside
from toolkit.terrain import extract_sides
from toolkit.terrain.extract import extract

from .drawn import blank_board
from .test_symbols_lines import PRIMARY, RAILWAY, SECONDARY, _black_lines_board

PAPER, BLACK = (254, 255, 252), (2, 5, 1)
FEATS = {"primary": PRIMARY, "secondary": SECONDARY, "rail": RAILWAY}


def _legend(first: dict[str, int], **extra: dict[str, object]) -> dict[str, object]:
    """The three black features, each with two marked sides from its path's ``first[name]``-th link on."""
    return {"terrain": {"clear": {"hexes": ["0801", "0806", "0605"]}},
            "features": {**extra, **{name: {"colour": "#000000", "kind": "across", "trace": True,
                                            "yes": [f"{a}/{b}" for a, b in list(pairwise(path))[first[name]:][:2]]}
                                     for name, path in FEATS.items()}}}


def _middle(grid, a: str, b: str) -> tuple[float, float]:
    (xa, ya), (xb, yb) = grid.layout.hexside_endpoints(Hexside.between(grid.hex(a), grid.hex(b)))
    return (xa + xb) / 2, (ya + yb) / 2


def test_a_straight_line_goes_on_across_a_break():
    """The railway (a thin line with ties) broken where a double road crosses it right at a hexside (the
    road's walls and the paper between hide it, and its ink near the road is the road's), and where a
    light patch (a name's background) is printed over it at another side: it goes on straight beyond both
    breaks, so it crosses both sides. The solid road ending in a hex is not carried on beyond its end, where
    no line takes it up again."""
    im, grid = _black_lines_board()
    d = ImageDraw.Draw(im)
    mx, my = _middle(grid, "0704", "0705")  # the middle of the railway's side 0704/0705 (a horizontal side)
    ends = [(mx - 22, my + 38), (mx + 22, my - 38)]  # a double line crossing the railway there, at 60 degrees
    d.line(ends, fill=BLACK, width=7)
    d.line(ends, fill=PAPER, width=3)
    mx, my = _middle(grid, "0702", "0703")
    d.rectangle([mx - 6, my - 11, mx + 6, my + 11], fill=PAPER)  # a light patch over side 0702/0703
    ext = extract(im, grid, _legend({"primary": 1, "secondary": 1, "rail": 3}))
    for name in ("secondary", "rail"):
        want = {grid.side_key(a, b) for a, b in pairwise(FEATS[name])}
        assert {k for k, v in ext.hexsides.items() if name in v} == want, name


def test_beyond_a_bridge_box_the_line_is_read_along_its_crossing():
    """The railway crossing a river side under a bridge box (outlined as wide as the solid road), with a
    block of wide black lines beside the bridge (a city's edge, as by Saint Lo): the crossing's width is
    read beyond the box along the railway, not all round the side's middle, so the side is the railway's
    and not the solid road's."""
    im, grid = _black_lines_board()
    d = ImageDraw.Draw(im)
    blue = (0, 133, 207)
    (x0, y0), (x1, y1) = grid.layout.hexside_endpoints(Hexside.between(grid.hex("0703"), grid.hex("0704")))
    d.line([(x0, y0), (x1, y1)], fill=blue, width=5)
    mx, my = _middle(grid, "0703", "0704")
    d.rectangle([mx - 5, my - 8, mx + 5, my + 8], fill=PAPER, outline=BLACK, width=2)  # the bridge box
    for dx in (16, 25):  # wide black lines beside the bridge, 0.5-0.9 hex from the side's middle
        d.line([(mx + dx, my - 11), (mx + dx, my + 11)], fill=BLACK, width=4)
    ext = extract(im, grid, _legend({"primary": 1, "secondary": 1, "rail": 0},
                                    river={"colour": "#0085cf", "kind": "along"}))
    side = grid.side_key("0703", "0704")
    assert "river" in ext.hexsides[side]
    assert {k for k, v in ext.hexsides.items() if "rail" in v} == {grid.side_key(a, b) for a, b in pairwise(RAILWAY)}
    assert "secondary" not in ext.hexsides[side]


def test_a_line_crossing_a_side_obliquely_near_a_corner(monkeypatch):
    """A thin line (the railway's width) crossing a side at 45 degrees a quarter of the way along it (as a
    line curving past a hex corner): it covers the hex line's zone at no one position along the side (and
    the hex line's own ink, taken out of the lines, breaks it there), but it runs through the zone from one
    side to the other, so the side is crossed; the sides it does not cross are not."""
    # the crossing alone is read here: a link whose hexes hold no other link of it is dropped (_lone_links)
    monkeypatch.setattr(extract_sides, "_lone_links", lambda *a: None)
    im, grid = _black_lines_board()
    d = ImageDraw.Draw(im)
    (x0, y0), (x1, y1) = grid.layout.hexside_endpoints(Hexside.between(grid.hex("0603"), grid.hex("0604")))
    px, py = x0 + (x1 - x0) * 0.25, y0 + (y1 - y0) * 0.25  # a quarter of the way along the (horizontal) side
    d.line([(px - 12, py - 12), (px + 12, py + 12)], fill=BLACK, width=2)
    ext = extract(im, grid, _legend({"primary": 1, "secondary": 1, "rail": 1}))
    want = {grid.side_key(a, b) for a, b in pairwise(RAILWAY)} | {grid.side_key("0603", "0604")}
    assert {k for k, v in ext.hexsides.items() if "rail" in v} == want
    solid = {grid.side_key(a, b) for a, b in pairwise(SECONDARY)}
    assert {k for k, v in ext.hexsides.items() if "secondary" in v} == solid


def test_two_lines_of_different_widths_are_not_joined_across_a_gap():
    """The solid road stops short of a side and a thin line (the railway's width) starts beyond it on the
    same straight line: they are two lines, not one broken, so nothing crosses that side (with the widths
    not compared, the gap is joined and the side taken for the railway's); the thin line crosses the next
    side it reaches."""
    im, grid = _black_lines_board()
    d = ImageDraw.Draw(im)
    (ax, ay), (bx, by) = grid.layout.hex_to_pixel(grid.hex("0404")), grid.layout.hex_to_pixel(grid.hex("0504"))
    n = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    ux, uy = (bx - ax) / n, (by - ay) / n  # on along the solid road's last link, out of 0504 into 0605
    d.line([(bx, by), (bx + ux * 12, by + uy * 12)], fill=BLACK, width=4)  # 14 px short of side 0504/0605
    d.line([(bx + ux * 40, by + uy * 40), (bx + ux * 90, by + uy * 90)], fill=BLACK, width=1)
    ext = extract(im, grid, _legend({"primary": 1, "secondary": 1, "rail": 1}))
    assert not ext.hexsides.get(grid.side_key("0504", "0605"))
    solid = {grid.side_key(a, b) for a, b in pairwise(SECONDARY)}
    assert {k for k, v in ext.hexsides.items() if "secondary" in v} == solid
    rail = {grid.side_key(a, b) for a, b in pairwise(RAILWAY)} | {grid.side_key("0605", "0705")}
    assert {k for k, v in ext.hexsides.items() if "rail" in v} == rail


def test_a_double_line_broken_at_a_side_by_a_dot_beyond_it():
    """The double road goes on from its last hex into the next and ends in a black dot printed just beyond
    the side between them (a town dot the road leaves from): between the side and the dot only its walls
    are left, too short for a double line, and the hex line breaks its paper; it reaches into the hex
    line's zone from one side with its walls going on from the other, so it crosses the side."""
    im, grid = _black_lines_board()
    d = ImageDraw.Draw(im)
    (ax, ay), (bx, by) = grid.layout.hex_to_pixel(grid.hex("0502")), grid.layout.hex_to_pixel(grid.hex("0602"))
    n = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    end = (ax + (bx - ax) / n * 36, ay + (by - ay) / n * 36)  # the side is 26 px from the centre
    d.line([(ax, ay), end], fill=BLACK, width=7)
    d.line([(ax, ay), end], fill=PAPER, width=3)
    d.ellipse([end[0] - 5, end[1] - 5, end[0] + 5, end[1] + 5], fill=BLACK)
    ext = extract(im, grid, _legend({"primary": 1, "secondary": 1, "rail": 1}))
    want = {grid.side_key(a, b) for a, b in pairwise(PRIMARY)} | {grid.side_key("0502", "0602")}
    assert {k for k, v in ext.hexsides.items() if "primary" in v} == want
    for name in ("secondary", "rail"):
        path = {grid.side_key(a, b) for a, b in pairwise(FEATS[name])}
        assert {k for k, v in ext.hexsides.items() if name in v} == path, name


def _toward(grid, a: str, b: str, stop: float) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
    """The centre of hex ``a``, the point ``stop`` px from it towards the centre of ``b``, and the unit vector."""
    (ax, ay), (bx, by) = grid.layout.hex_to_pixel(grid.hex(a)), grid.layout.hex_to_pixel(grid.hex(b))
    n = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    ux, uy = (bx - ax) / n, (by - ay) / n
    return (ax, ay), (ax + ux * stop, ay + uy * stop), (ux, uy)


def _rail_arrow(d: ImageDraw.ImageDraw, a: tuple[float, float], end: tuple[float, float], u: tuple[float, float],
               length: float, half: float) -> None:
    """A railway arrow from 8 px behind ``a`` to ``end`` along the unit vector ``u``: a thin line with ties 7 px
    apart and a solid head ``length`` px long and ``2 * half`` px wide ending at ``end``."""
    ux, uy = u
    head = (end[0] - ux * length, end[1] - uy * length)
    d.line([(a[0] - ux * 8, a[1] - uy * 8), head], fill=BLACK, width=1)
    for k in range(0, 30, 7):  # its ties
        tx, ty = a[0] - ux * 8 + ux * k, a[1] - uy * 8 + uy * k
        d.line([(tx - uy * 3, ty + ux * 3), (tx + uy * 3, ty - ux * 3)], fill=BLACK, width=1)
    d.polygon([end, (head[0] - uy * half, head[1] + ux * half), (head[0] + uy * half, head[1] - ux * half)],
              fill=BLACK)


def _pattern(d: ImageDraw.ImageDraw, grid, hex_id: str, reach: float, step: int = 3, tall: float | None = None) -> None:
    """A city's built-up pattern (a black hatch, ``step`` px apart) over the hex's middle, ``reach`` px either way
    (``tall`` px up and down, when given)."""
    cx, cy = grid.layout.hex_to_pixel(grid.hex(hex_id))
    tall = reach if tall is None else tall
    for k in range(-round(reach), round(reach) + 1, step):
        d.line([(cx + k, cy - tall), (cx + k, cy + tall)], fill=BLACK, width=1)
    for k in range(-round(tall), round(tall) + 1, step):
        d.line([(cx - reach, cy + k), (cx + reach, cy + k)], fill=BLACK, width=1)


def test_lines_drawn_up_to_a_city_hex_side_link_into_it(monkeypatch):
    """A city whose built-up pattern does not fill its hex (0503, 0.2 hex of paper between the pattern and its
    top and bottom sides, in line with the roads):
    the double road (from 0502), the solid road (from 0504) and a railway arrow (from 0403, its solid head's
    tip on the side) are drawn up to the city hex's side and stop there. Each ends at the side, nothing of
    it beyond: it links the two hexes, as its own feature (the arrow by its line behind the head, not the
    head's width). The rest is as before."""
    # the crossing alone is read here: a link whose hexes hold no other link of it is dropped (_lone_links)
    monkeypatch.setattr(extract_sides, "_lone_links", lambda *a: None)
    im, grid = _black_lines_board()
    d = ImageDraw.Draw(im)
    _pattern(d, grid, "0503", 12, tall=20)  # 6 px (0.2 hex) of paper between it and the top and bottom sides
    apothem = 30 * 3 ** 0.5 / 2
    a, end, _ = _toward(grid, "0502", "0503", apothem)
    d.line([a, end], fill=BLACK, width=7)
    d.line([a, end], fill=PAPER, width=3)
    a, end, _ = _toward(grid, "0504", "0503", apothem)
    d.line([a, end], fill=BLACK, width=4)
    _rail_arrow(d, *_toward(grid, "0403", "0503", apothem), length=8, half=4)
    ext = extract(im, grid, _legend({"primary": 1, "secondary": 1, "rail": 1}))
    more = {"primary": ("0502", "0503"), "secondary": ("0503", "0504"), "rail": ("0403", "0503")}
    for name, path in FEATS.items():
        want = {grid.side_key(a, b) for a, b in pairwise(path)} | {grid.side_key(*more[name])}
        assert {k for k, v in ext.hexsides.items() if name in v} == want, name


def test_dead_ends_that_are_not_links():
    """Lines that stop without linking two hexes: a solid road ending 0.3 hex short of a side (as at a bridge
    box's end or a name), a city's pattern filling its hex to the sides (its strokes end at them side by side:
    an area, not a line), and the railway running off the scan where it is cut at a side (nothing beyond is
    seen). No side of theirs is a link; the railway's links on the scan are."""
    im, grid = _black_lines_board()
    d = ImageDraw.Draw(im)
    apothem = 30 * 3 ** 0.5 / 2
    a, end, _ = _toward(grid, "0603", "0604", apothem - 9)
    d.line([a, end], fill=BLACK, width=4)
    mask = Image.new("L", im.size, 0)
    ImageDraw.Draw(mask).polygon(grid.layout.corners(grid.hex("0403")), fill=255)
    city = im.copy()
    _pattern(ImageDraw.Draw(city), grid, "0403", 30, 2)
    im.paste(city, (0, 0), mask)
    (_, ya), _ = grid.layout.hexside_endpoints(Hexside.between(grid.hex("0704"), grid.hex("0705")))
    im = im.crop((0, 0, im.width, round(ya) + 1))  # the scan ends at side 0704/0705
    legend = _legend({"primary": 1, "secondary": 1, "rail": 0})
    legend["terrain"] = {"clear": {"hexes": ["0801", "0101", "0301"]}}  # on the cut scan
    ext = extract(im, grid, legend)
    for a, b in (("0603", "0604"), ("0704", "0705")):
        assert not ext.hexsides.get(grid.side_key(a, b)), (a, b)
    assert not [k for k in ext.hexsides if "0403" in k.split("/")]
    rail = {grid.side_key(a, b) for a, b in pairwise(RAILWAY[:4])}
    assert {k for k, v in ext.hexsides.items() if "rail" in v} == rail


def test_a_line_cutting_a_corner_does_not_end_at_the_side_beside_it(monkeypatch):
    """A solid road coming down a hex (0603) to its bottom side near the side's left end: stopping there it ends
    at the side (a link into 0604); turning there across the hex's lower-left side, close to the corner, into
    the next hex (0503), it goes on across that side, so it does not end at the bottom side: 0603/0604 is no
    link, 0503/0603 is."""
    # the crossing alone is read here: a link whose hexes hold no other link of it is dropped (_lone_links)
    monkeypatch.setattr(extract_sides, "_lone_links", lambda *a: None)
    for turn, want in ((False, ("0603", "0604")), (True, ("0503", "0603"))):
        im, grid = _black_lines_board()
        d = ImageDraw.Draw(im)
        ends = grid.layout.hexside_endpoints(Hexside.between(grid.hex("0603"), grid.hex("0604")))
        vx, vy = min(ends)  # the bottom side's left end
        pts = [(vx + 7, vy - 45), (vx + 7, vy - 2)] + ([(vx - 20, vy + 4)] if turn else [])
        d.line(pts, fill=BLACK, width=4, joint="curve")
        ext = extract(im, grid, _legend({"primary": 1, "secondary": 1, "rail": 1}))
        assert {k: set(v) for k, v in ext.hexsides.items() if "0603" in k.split("/")} == \
            {grid.side_key(*want): {"secondary"}}, turn
        for name, path in FEATS.items():
            assert {k for k, v in ext.hexsides.items() if name in v} - {grid.side_key(*want)} == \
                {grid.side_key(a, b) for a, b in pairwise(path)}, (turn, name)


def test_a_railway_beside_a_road_crosses_the_sides_they_share():
    """A solid road printed beside the railway, parallel to it 7 px away (its edge 2 px from the ties' ends),
    from the middle of 0702 to the middle of 0704: both cross sides 0702/0703 and 0703/0704, apart along them.
    Each crossing has its own width (the railway's thin line, the road's solid one), so both features link
    those hexes (read over the side's middle as one, the sides took only the road's width)."""
    im, grid = _black_lines_board()
    d = ImageDraw.Draw(im)
    (x, y0), (_, y1) = grid.layout.hex_to_pixel(grid.hex("0702")), grid.layout.hex_to_pixel(grid.hex("0704"))
    d.line([(x + 7, y0), (x + 7, y1)], fill=BLACK, width=4)
    ext = extract(im, grid, _legend({"primary": 1, "secondary": 1, "rail": 3}))
    beside = {grid.side_key("0702", "0703"), grid.side_key("0703", "0704")}
    for name in FEATS:
        want = {grid.side_key(a, b) for a, b in pairwise(FEATS[name])} | (beside if name == "secondary" else set())
        assert {k for k, v in ext.hexsides.items() if name in v} == want, name


def test_an_arrow_into_a_city_is_read_by_its_line_not_its_head(monkeypatch):
    """A railway arrow (thin line with ties, a solid head 10 px long and 9 px wide) drawn from 0403 up to the side of
    the city hex 0503, its tip 3 px past the side, with the city's pattern beginning 6 px beyond the side (inside the
    band read across it): the pattern's strokes and the head cross the side together, and at the side the head is
    wider than the solid road. The line ends there (its own line does not go on beyond), so its width is read back
    along it, behind the head: the side is the railway's link into the city, not the solid road's (read at the
    side's middle, it was the road's)."""
    # the crossing alone is read here: a link whose hexes hold no other link of it is dropped (_lone_links)
    monkeypatch.setattr(extract_sides, "_lone_links", lambda *a: None)
    im, grid = _black_lines_board()
    d = ImageDraw.Draw(im)
    apothem = 30 * 3 ** 0.5 / 2
    _pattern(d, grid, "0503", 14, step=3, tall=apothem - 6)
    _rail_arrow(d, *_toward(grid, "0403", "0503", apothem + 3), length=10, half=4.5)
    ext = extract(im, grid, _legend({"primary": 1, "secondary": 1, "rail": 1}))
    side = grid.side_key("0403", "0503")
    assert ext.hexsides.get(side) == frozenset({"rail"})


def test_two_double_lines_meeting_near_a_corner_are_no_bridge():
    """A river along side 0603/0604 with a double road on either side of it, each running from 0.45 hex out beyond
    the side's right end away across the side's middle (to 1.15 hex out, 0.3 of the way along; as two main roads
    leaving a city by a river): the double line shows on both sides of the river, beyond where a bridge box would end
    and across from the side's middle half, but where it comes nearest the side it is across from the side's end, not
    from its middle: no road crosses the river under a box there, and the side is no link (it was taken for one)."""
    im, grid = _black_lines_board()
    d = ImageDraw.Draw(im)
    (ax, ay), (bx, by) = sorted(grid.layout.hexside_endpoints(Hexside.between(grid.hex("0603"), grid.hex("0604"))))
    d.line([(ax, ay), (bx, by)], fill=(0, 133, 207), width=5)
    size = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    cx, cy = grid.layout.hex_to_pixel(grid.hex("0603"))
    nx, ny = (cx - (ax + bx) / 2) / (size * 3 ** 0.5 / 2), (cy - (ay + by) / 2) / (size * 3 ** 0.5 / 2)  # into 0603
    for sign in (1, -1):
        pts = [(ax + (bx - ax) * t + sign * nx * size * o, ay + (by - ay) * t + sign * ny * size * o)
               for t, o in ((1.0, 0.45), (0.3, 1.15))]
        d.line(pts, fill=BLACK, width=7)
        d.line(pts, fill=PAPER, width=3)
    legend = _legend({"primary": 1, "secondary": 1, "rail": 1}, river={"colour": "#0085cf", "kind": "along"})
    ext = extract(im, grid, legend)
    assert ext.hexsides.get(grid.side_key("0603", "0604")) == frozenset({"river"})
    for name, path in FEATS.items():
        want = {grid.side_key(a, b) for a, b in pairwise(path)}
        assert {k for k, v in ext.hexsides.items() if name in v} == want, name


def test_bold_strokes_with_paper_between_are_no_double_line():
    """A bold capital U (two stems 5 px wide with 3 px of paper between them, 20 px tall, joined by a solid foot
    10 px tall, as the big letters of a city's name) standing on side 0603/0604, its paper ending at the side and its
    foot beyond it: the paper runs straight between dark ink like a double line's, reaching the side, with the
    stems' ink going on beyond (as a double road broken at a side by a town dot), but its ink is two or three times
    as thick as the double road's walls where that was learned, so the side is no link of the double road (it was
    taken for one)."""
    im, grid = _black_lines_board()
    d = ImageDraw.Draw(im)
    mx, my = _middle(grid, "0603", "0604")
    d.rectangle([mx - 6.5, my - 20, mx + 6.5, my + 10], fill=BLACK)
    d.rectangle([mx - 1.5, my - 20, mx + 0.5, my - 1], fill=PAPER)
    ext = extract(im, grid, _legend({"primary": 1, "secondary": 1, "rail": 1}))
    assert "primary" not in ext.hexsides.get(grid.side_key("0603", "0604"), frozenset())
    want = {grid.side_key(a, b) for a, b in pairwise(PRIMARY)}
    assert {k for k, v in ext.hexsides.items() if "primary" in v} == want


def test_a_river_s_own_line_crossing_its_side_is_no_road():
    """A river along side 0603/0604 printed with a centre line in the black ink (as The Longest Day's): the line comes
    straight up from 0.6 hex inside 0604, at the solid road's width, crosses the hex line, and 0.12 hex beyond it turns
    back along the side (a meander). It crosses the side, but followed out into 0603 it shows on few of the band's
    samples: a river's own line, no road or railway (it was taken for the railway). The railway crossing another river
    side (0703/0704) under a bridge box runs on out from the hex line on both sides and is still found."""
    im, grid = _black_lines_board()
    d = ImageDraw.Draw(im)
    blue = (0, 133, 207)
    for a, b in (("0603", "0604"), ("0703", "0704")):
        (ax, ay), (bx, by) = grid.layout.hexside_endpoints(Hexside.between(grid.hex(a), grid.hex(b)))
        d.line([(ax, ay), (bx, by)], fill=blue, width=5)
    (ax, ay), (bx, by) = grid.layout.hexside_endpoints(Hexside.between(grid.hex("0603"), grid.hex("0604")))
    size = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    cx, cy = grid.layout.hex_to_pixel(grid.hex("0604"))
    mx, my = (ax + bx) / 2, (ay + by) / 2
    nx, ny = (mx - cx) / (size * 3 ** 0.5 / 2), (my - cy) / (size * 3 ** 0.5 / 2)  # out of 0604, into 0603
    ux, uy = (bx - ax) / size, (by - ay) / size
    turn = (mx + nx * 0.12 * size, my + ny * 0.12 * size)
    d.line([(mx - nx * 0.6 * size, my - ny * 0.6 * size), turn,
            (turn[0] + ux * 0.35 * size, turn[1] + uy * 0.35 * size)], fill=BLACK, width=4)
    mx, my = _middle(grid, "0703", "0704")
    d.rectangle([mx - 5, my - 8, mx + 5, my + 8], fill=PAPER, outline=BLACK, width=2)  # the railway's bridge box
    ext = extract(im, grid, _legend({"primary": 1, "secondary": 1, "rail": 0},
                                    river={"colour": "#0085cf", "kind": "along"}))
    assert ext.hexsides.get(grid.side_key("0603", "0604")) == frozenset({"river"})
    assert "river" in ext.hexsides[grid.side_key("0703", "0704")]
    for name, path in FEATS.items():
        want = {grid.side_key(a, b) for a, b in pairwise(path)}
        assert {k for k, v in ext.hexsides.items() if name in v} == want, name


def test_a_line_drawn_up_to_a_city_side_with_a_narrow_strip_of_paper_links_into_it(monkeypatch):
    """As above, but the city's pattern starts 5.5 px (0.18 hex) beyond the side (The Longest Day's Coutances: 0.19
    hex): the railway arrow and the solid road drawn up to the side still end there and link into the city hex. A
    line that goes on across the hex line shows from the zone's edge on; the pattern beyond a strip of paper, however
    narrow, starts farther out (before, ink within four samples of the zone's edge was taken for the line going on,
    and the road's link was missed)."""
    # the crossing alone is read here: a link whose hexes hold no other link of it is dropped (_lone_links)
    monkeypatch.setattr(extract_sides, "_lone_links", lambda *a: None)
    im, grid = _black_lines_board()
    d = ImageDraw.Draw(im)
    _pattern(d, grid, "0503", 12, tall=20.5)  # 5.5 px of paper between it and the top and bottom sides
    apothem = 30 * 3 ** 0.5 / 2
    a, end, _ = _toward(grid, "0504", "0503", apothem)
    d.line([a, end], fill=BLACK, width=4)
    _rail_arrow(d, *_toward(grid, "0403", "0503", apothem), length=8, half=4)
    ext = extract(im, grid, _legend({"primary": 1, "secondary": 1, "rail": 1}))
    more = {"primary": None, "secondary": ("0503", "0504"), "rail": ("0403", "0503")}
    for name, path in FEATS.items():
        extra = more[name]
        want = {grid.side_key(a, b) for a, b in pairwise(path)} | ({grid.side_key(*extra)} if extra else set())
        assert {k for k, v in ext.hexsides.items() if name in v} == want, name


def test_beyond_a_bridge_box_a_town_dot_on_one_side_is_not_the_line_s_width():
    """A road of 3 px and a railway (a hairline with ties) in one black; the road crosses a river side (0304/0404) under
    a bridge box and runs 0.7 hex beyond it into a town dot (a black disc 0.6 hex across, as The Longest Day's villages
    beside their bridges; the road goes on out of it). Read beyond the box on both sides together, the dot made the
    crossing wider than any line of the ink, so the side was no link at all. One side read wider than the widest line's
    range, the other within it: the other is the line's, and the side is the road's."""
    lay, grid, im, d = blank_board(size=30.0, paper=PAPER, ink=(50, 57, 64))
    road = ["0104", "0204", "0304", "0404", "0504", "0604"]
    d.line([lay.hex_to_pixel(grid.hex(i)) for i in road], fill=BLACK, width=3)
    pts = [lay.hex_to_pixel(grid.hex(i)) for i in RAILWAY]
    d.line(pts, fill=BLACK, width=1)
    (x0, y0), (_, y1) = pts[0], pts[-1]
    for k in range(int(abs(y1 - y0) // 7)):
        d.line([(x0 - 3, y0 + 3 + 7 * k), (x0 + 3, y0 + 3 + 7 * k)], fill=BLACK, width=1)
    (ax, ay), (bx, by) = lay.hexside_endpoints(Hexside.between(grid.hex("0304"), grid.hex("0404")))
    d.line([(ax, ay), (bx, by)], fill=(0, 133, 207), width=5)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    size = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    cx, cy = lay.hex_to_pixel(grid.hex("0404"))
    ux, uy = (cx - mx) / (size * 3 ** 0.5 / 2), (cy - my) / (size * 3 ** 0.5 / 2)  # from the side into 0404
    dx, dy, r = mx + ux * 0.7 * size, my + uy * 0.7 * size, 0.3 * size
    d.ellipse([dx - r, dy - r, dx + r, dy + r], fill=BLACK)  # the town dot
    d.polygon([(mx - 5 * uy - 8 * ux, my + 5 * ux - 8 * uy), (mx + 5 * uy - 8 * ux, my - 5 * ux - 8 * uy),
               (mx + 5 * uy + 8 * ux, my - 5 * ux + 8 * uy), (mx - 5 * uy + 8 * ux, my + 5 * ux + 8 * uy)],
              fill=PAPER, outline=BLACK, width=2)  # the bridge box over the road, 10 px along the side
    links = {"road": road, "rail": RAILWAY}
    ext = extract(im, grid, {"terrain": {"clear": {"hexes": ["0801", "0806", "0605"]}},
                             "features": {"river": {"colour": "#0085cf", "kind": "along"},
                                          **{name: {"colour": "#000000", "kind": "across", "trace": True,
                                                    "yes": [f"{a}/{b}" for a, b in list(pairwise(path))[:2]]}
                                             for name, path in links.items()}}})
    assert ext.hexsides[grid.side_key("0304", "0404")] == frozenset({"river", "road"})
    for name, path in links.items():
        assert {k for k, v in ext.hexsides.items() if name in v} == {grid.side_key(a, b) for a, b in pairwise(path)}
