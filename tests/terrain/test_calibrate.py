"""Grid calibration: exact fits, contradiction checks, sub-pixel refinement on a rotated synthetic scan,
bad images, and the real boards against their VASSAL grids."""

from __future__ import annotations

import math
import zlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from toolkit.errors import GridError, ImageError, InputError
from toolkit.hexgrid import CCRR, Extent, Grid, Layout, OffsetSystem
from toolkit.terrain.calibrate import (
    _bilinear,
    _line_offsets,
    _side_samples,
    auto_layout,
    calibrate,
    fit_points,
    grid_covering,
    layout_shape,
    open_image,
    to_gray,
)
from toolkit.terrain.synthetic import random_terrain, render_scan

GRID = Grid(CCRR(), Extent(1, 12, 1, 10))


def _scan(seed: int = 11, size: float = 36.0):
    return render_scan(random_terrain(14, 10, seed=seed), size, seed=seed, rotation=0.7, stretch=1.003)


@pytest.fixture(scope="module")
def scan():
    return _scan()


def test_three_points_give_the_exact_layout():
    lay = Layout.regular("flat", 40.0, (100.0, 80.0)).rotated(1.5).scaled(1.01, 1.0)
    pts = {i: lay.hex_to_pixel(GRID.hex(i)) for i in ("0101", "1201", "0610")}
    cal = fit_points(GRID, pts)
    for hid in ("0101", "0505", "1210"):
        x, y = cal.layout.hex_to_pixel(GRID.hex(hid))
        ex, ey = lay.hex_to_pixel(GRID.hex(hid))
        assert abs(x - ex) < 1e-6 and abs(y - ey) < 1e-6
    shape = layout_shape(cal.layout)
    assert shape["orientation"] == "flat"
    assert shape["rotation_deg"] == pytest.approx(1.5, abs=1e-3)
    assert [p.error for p in cal.residuals] == pytest.approx([0, 0, 0], abs=1e-6)


@settings(max_examples=40, deadline=None)
@given(size=st.floats(10, 200), rot=st.floats(-5, 5), sx=st.floats(0.95, 1.05),
       ox=st.floats(-500, 500), oy=st.floats(-500, 500), pointy=st.booleans())
def test_fit_recovers_any_regular_affine_grid(size, rot, sx, ox, oy, pointy):
    orient = "pointy" if pointy else "flat"
    grid = Grid(CCRR(offset=OffsetSystem(orient, "odd")), Extent(1, 20, 1, 20))
    lay = Layout.regular(orient, size, (ox, oy)).rotated(rot).scaled(sx, 1.0)
    pts = {i: lay.hex_to_pixel(grid.hex(i)) for i in ("0203", "1805", "1017", "0419")}
    got = fit_points(grid, pts).layout
    for hid in ("0101", "2020", "1010"):
        assert math.dist(got.hex_to_pixel(grid.hex(hid)), lay.hex_to_pixel(grid.hex(hid))) < 1e-6 * max(1, size)


def test_a_wrong_id_is_named():
    lay = Layout.regular("flat", 40.0, (60.0, 60.0))
    pts = {i: lay.hex_to_pixel(GRID.hex(i)) for i in ("0101", "1201", "0610", "1208")}
    pts["0305"] = lay.hex_to_pixel(GRID.hex("0306"))  # clicked one hex below its id
    with pytest.raises(InputError, match=r"contradict.*point 0305="):
        fit_points(GRID, pts)


def test_three_contradictory_points_make_a_squashed_grid():
    lay = Layout.regular("flat", 40.0, (60.0, 60.0))
    pts = {"0101": lay.hex_to_pixel(GRID.hex("0101")), "0501": lay.hex_to_pixel(GRID.hex("0501")),
           "0105": lay.hex_to_pixel(GRID.hex("0108"))}
    with pytest.raises(InputError, match=r"contradict.*stretched"):
        fit_points(GRID, pts)


def test_points_in_a_line_or_at_one_place_are_refused():
    with pytest.raises(InputError, match="contradict each other: they lie on one line"):
        fit_points(GRID, {"0101": (10, 10), "0201": (20, 20), "0301": (30, 30)})
    with pytest.raises(InputError, match="^the clicked points contradict each other: 0101 and 0501 are clicked at "
                                         r"one place \(0 px apart\): click each hex at its own centre$"):
        fit_points(GRID, {"0101": (10, 10), "0501": (10, 10), "0105": (80, 90)})


def test_a_device_is_not_read_as_an_image(tmp_path):
    with pytest.raises(ImageError, match="image /dev/zero is not a regular file"):
        open_image("/dev/zero")
    with pytest.raises(ImageError, match="is not a regular file"):
        open_image(tmp_path)


def test_points_off_the_image_or_off_the_map_are_refused():
    with pytest.raises(InputError, match=r"point 0101=-5,10 is off the image \(100x100 pixels\)"):
        fit_points(GRID, {"0101": (-5, 10), "0201": (50, 50), "0301": (90, 10)}, (100, 100))
    with pytest.raises(InputError, match=r"point 9999=1,1: hex '9999' is not on the map"):
        fit_points(GRID, {"9999": (1, 1), "0201": (50, 50), "0301": (90, 10)}, (100, 100))
    with pytest.raises(InputError, match="at least 3"):
        fit_points(GRID, {"0101": (1, 1), "0201": (50, 50)})


def test_refinement_is_sub_pixel_on_a_rotated_scan(scan):
    img, truth = scan
    grid = truth.grid
    rng = np.random.default_rng(3)
    ids = ["0202", "1302", "0209", "1309"]
    pts = {i: tuple(np.add(truth.layout.hex_to_pixel(grid.hex(i)), rng.normal(0, 2.0, 2))) for i in ids}
    clicks = fit_points(grid, pts).layout
    cal = calibrate(img, grid, pts)
    err = [math.dist(cal.layout.hex_to_pixel(h), truth.layout.hex_to_pixel(h)) for h in grid.hexes()]
    err0 = [math.dist(clicks.hex_to_pixel(h), truth.layout.hex_to_pixel(h)) for h in grid.hexes()]
    assert max(err0) > 1.0  # the clicks alone are pixels off
    assert max(err) <= 0.25  # the refined grid is not
    assert cal.line_samples > 1000
    assert layout_shape(cal.layout)["rotation_deg"] == pytest.approx(0.7, abs=0.01)


def test_line_offsets_find_a_line_centre_to_a_tenth_of_a_pixel():
    ts = np.arange(-8, 8.25, 0.5)
    centres = np.array([-2.3, 0.0, 1.7, 3.1])
    prof = 200 - 150 * np.exp(-((ts[None, :] - centres[:, None]) ** 2) / 2.0)
    off, ok = _line_offsets(prof.astype(np.float32), ts)
    assert ok.all()
    assert off == pytest.approx(centres, abs=0.1)


def test_side_samples_cover_each_side_once():
    hexes = GRID.hexes()
    uv, duv = _side_samples(hexes, 3)
    assert len(uv) == 3 * sum(1 for _ in GRID.hexsides())
    lay = Layout.regular("flat", 10.0)
    a = np.array(lay.matrix)
    assert np.allclose(np.linalg.norm(duv @ a[:, :2].T, axis=1), 10.0)  # a side is as long as the hex size


def test_bilinear_interpolates_between_pixel_centres():
    img = np.array([[0, 10], [20, 30]], dtype=np.float32)
    assert _bilinear(img, np.array([0.5]), np.array([0.5]))[0] == pytest.approx(15.0)
    assert _bilinear(img, np.array([1.0]), np.array([0.0]))[0] == pytest.approx(10.0, abs=0.02)


def test_grid_covering_keeps_hexes_on_the_image():
    lay = Layout.regular("flat", 30.0, (20.0, 20.0))
    g = grid_covering(Grid(CCRR(), Extent(0, 99, 0, 99)), lay, 300, 200)
    assert g.extent.first_col == 0 and g.extent.first_row == 0
    for h in g.hexes():
        x, y = lay.hex_to_pixel(h)
        assert 0 <= x < 300 and 0 <= y < 200


# --- images --------------------------------------------------------------------------------------


def test_open_image_errors(tmp_path):
    with pytest.raises(ImageError, match="does not exist"):
        open_image(tmp_path / "nope.png")
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"not an image at all")
    with pytest.raises(ImageError, match="not an image"):
        open_image(bad)
    good = tmp_path / "good.png"
    Image.new("RGB", (64, 64), (200, 10, 10)).save(good)
    data = good.read_bytes()
    trunc = tmp_path / "trunc.png"
    trunc.write_bytes(data[: len(data) // 2])
    with pytest.raises(ImageError, match="unreadable or truncated"):
        open_image(trunc)
    with pytest.raises(ImageError, match=r"too large to open safely \(4096 pixels; limit 1000 pixels\)"):
        open_image(good, max_pixels=1000)
    assert open_image(good).size == (64, 64)


def test_decompression_bomb_png_is_refused(tmp_path):
    # a tiny file that claims 100000 x 100000 pixels
    def chunk(kind: bytes, body: bytes) -> bytes:
        return len(body).to_bytes(4, "big") + kind + body + zlib.crc32(kind + body).to_bytes(4, "big")

    ihdr = (100000).to_bytes(4, "big") * 2 + bytes([8, 2, 0, 0, 0])
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b"")
    p = tmp_path / "bomb.png"
    p.write_bytes(png)
    with pytest.raises(ImageError, match="too large to open safely"):
        open_image(p)


def test_to_gray_matches_luma():
    arr = np.zeros((2, 2, 3), np.uint8)
    arr[0, 0] = (255, 0, 0)
    g = to_gray(arr)
    assert g[0, 0] == pytest.approx(0.299 * 255, abs=0.01)


# --- the real boards against their VASSAL grids -------------------------------------------------


def test_moscow_board_calibrates_onto_its_printed_lines(boards):
    """Battle for Moscow (990x702 GIF; VASSAL-style grid dx=53.937, dy=62.05, origin 0,18, flat): from
    four clicks 2 px off, the refined grid follows the printed lines to a fifth of a pixel (median)
    and stays within 4 px of the published grid everywhere."""
    img = open_image(boards / "rzymek__web-boards" / "battle-for-moscow_board.gif")
    truth = Layout.from_spacing("flat", 53.93687630482441, 62.05, (0.0, 18.0))
    grid = grid_covering(Grid(CCRR(3, 3), Extent(0, 999, 0, 999)), truth, img.width, img.height)
    rng = np.random.default_rng(0)
    pts = {}
    for fx, fy in ((0.15, 0.15), (0.85, 0.2), (0.2, 0.85), (0.8, 0.85)):
        h = truth.pixel_to_hex(fx * img.width, fy * img.height)
        pts[grid.id(h)] = tuple(np.add(truth.hex_to_pixel(h), rng.normal(0, 2, 2)))
    cal = calibrate(img, grid, pts)
    assert cal.line_rms is not None and cal.line_rms < 0.5
    err = [math.dist(cal.layout.hex_to_pixel(h), truth.hex_to_pixel(h)) for h in grid.hexes()]
    assert max(err) < 4.0
    gray = to_gray(img)
    ours, published = (_median_line_offset(gray, lay, list(grid.hexes()), 5.0) for lay in (cal.layout, truth))
    assert ours < 0.3 < published  # closer to the printed lines than the published grid is


def _median_line_offset(gray: np.ndarray, lay: Layout, hexes: list, half: float) -> float:
    """Median distance (px) from the sides ``lay`` predicts to the darkest line within ``half`` px."""
    uv, duv = _side_samples(hexes, 7)
    a = np.array(lay.matrix)
    px = uv @ a[:, :2].T + a[:, 2]
    d = duv @ a[:, :2].T
    d /= np.linalg.norm(d, axis=1, keepdims=True)
    n = np.stack([-d[:, 1], d[:, 0]], axis=1)
    h, w = gray.shape
    m = half + 3
    keep = (px[:, 0] > m) & (px[:, 0] < w - m - 1) & (px[:, 1] > m) & (px[:, 1] < h - m - 1)
    ts = np.arange(-half, half + 0.25, 0.5)
    prof = _bilinear(gray, px[keep, 0:1] + n[keep, 0:1] * ts, px[keep, 1:2] + n[keep, 1:2] * ts)
    off, ok = _line_offsets(prof, ts)
    return float(np.median(np.abs(off[ok])))


def test_auto_layout_finds_the_grid_from_one_named_hex(scan):
    img, truth = scan
    h = truth.grid.hex("0505")
    x, y = truth.layout.hex_to_pixel(h)
    lay = auto_layout(img, "flat", (h, (x + 6.0, y - 5.0)))
    err = [math.dist(lay.hex_to_pixel(k), truth.layout.hex_to_pixel(k)) for k in truth.grid.hexes()]
    assert max(err) <= 0.25


def test_auto_layout_refuses_an_image_without_a_grid():
    img = Image.effect_noise((400, 300), 30).convert("RGB")
    with pytest.raises(GridError, match="could not find the hex grid automatically"):
        auto_layout(img, "flat")


def test_auto_layout_on_the_moscow_board(boards):
    """No clicks but one named hex: the grid found from the image agrees with the published grid to
    within its own 4 px (see the test above) and fits the printed lines as well as a click fit does."""
    img = open_image(boards / "rzymek__web-boards" / "battle-for-moscow_board.gif")
    truth = Layout.from_spacing("flat", 53.93687630482441, 62.05, (0.0, 18.0))
    h = truth.pixel_to_hex(400, 300)
    x, y = truth.hex_to_pixel(h)
    lay = auto_layout(img, "flat", (h, (x + 3.0, y - 2.0)))
    grid = grid_covering(Grid(CCRR(3, 3), Extent(0, 999, 0, 999)), truth, img.width, img.height)
    err = [math.dist(lay.hex_to_pixel(k), truth.hex_to_pixel(k)) for k in grid.hexes()]
    assert max(err) < 4.0
    assert layout_shape(lay)["size_px"] == pytest.approx(layout_shape(truth)["size_px"], rel=0.01)


def test_auto_layout_on_afrika_whose_hex_lines_are_white(boards):
    """MMP's Afrika (8149x3514 JPEG, painted desert): the hex lines are printed white, lighter than the
    terrain, so the search for dark lines finds nothing and the search on the negative finds the grid.
    Its hexes are the published grid's size to 0.1%, the named hex is where it was named, and its sides
    lie closer to the printed lines than the published grid's do (that grid drifts a few px: MANIFEST)."""
    img = open_image(boards / "rzymek__web-boards" / "africa2_Map.JPG")
    truth = Layout.from_spacing("flat", 87.70000000000002, 100.0, (-45.0, 4.0))
    h = truth.pixel_to_hex(4000, 1800)
    x, y = truth.hex_to_pixel(h)
    lay = auto_layout(img, "flat", (h, (x + 3.0, y - 2.0)))
    assert lay.pixel_to_hex(x, y) == h
    assert layout_shape(lay)["size_px"] == pytest.approx(layout_shape(truth)["size_px"], rel=0.001)
    assert abs(layout_shape(lay)["rotation_deg"]) < 0.1
    negative = 255.0 - to_gray(img)
    hexes = list(grid_covering(Grid(CCRR(3, 3), Extent(0, 999, 0, 999)), truth, img.width, img.height).hexes())
    ours, published = (_median_line_offset(negative, lay_, hexes, 8.0) for lay_ in (lay, truth))
    assert ours < 1.0 < published


def test_auto_layout_on_the_ragnarok_scan(boards):
    """SPI's Ragnarok (a 150 ppi paper scan, pointy hexes, painted forest): found with no clicks, hexes
    the published grid's size to 0.5% (rows 97.72 px apart, hexes in a row 112.4 px), not rotated."""
    img = open_image(boards / "jzedwards__vassal-hex-n-counters-template" / "ragnarok_map.jpg")
    lay = auto_layout(img, "pointy")
    a = lay.matrix
    assert math.hypot(a[0][0], a[1][0]) == pytest.approx(112.4, rel=0.005)
    assert abs(layout_shape(lay, "pointy")["rotation_deg"]) < 0.2
    assert layout_shape(lay, "pointy")["size_px"] == pytest.approx(97.72 / 1.5, rel=0.005)


def _side_samples_loop(hexes, per_side):
    """The per-hex loop _side_samples replaced: each hex in order, its sides to directions 0-2 whose neighbour is
    in the list, from the corner before that direction to the one after (corners as integer sums / 3)."""
    hs = set(hexes)
    starts, ends = [], []
    for h in hexes:
        nb = h.neighbours()
        for i in range(3):
            n = nb[i]
            if n not in hs:
                continue
            c1, c2 = nb[(i - 1) % 6], nb[(i + 1) % 6]
            starts.append(((h.q + n.q + c1.q) / 3, (h.r + n.r + c1.r) / 3))
            ends.append(((h.q + n.q + c2.q) / 3, (h.r + n.r + c2.r) / 3))
    a = np.array(starts, dtype=np.float64).reshape(-1, 2)
    b = np.array(ends, dtype=np.float64).reshape(-1, 2)
    t = np.linspace(0.2, 0.8, per_side)
    return ((a[:, None, :] + (b - a)[:, None, :] * t[None, :, None]).reshape(-1, 2),
            np.repeat((b - a)[:, None, :], per_side, axis=1).reshape(-1, 2))


def test_side_samples_are_the_per_hex_loops_to_the_bit():
    """_side_samples in whole arrays gives the loop's points and directions, in its order, bit for bit: hex lists
    of every size, far from the origin, with repeats and with hexes that have no neighbour in the list."""
    import random

    from toolkit.hexgrid import Hex
    from toolkit.terrain.calibrate import _side_samples

    rng = random.Random(7)
    for _ in range(400):
        n, span, off = rng.choice([0, 1, 2, 5, 40, 300]), rng.choice([1, 3, 20, 500]), rng.randint(-10**5, 10**5)
        hexes = [Hex(rng.randint(-span, span) + off, rng.randint(-span, span) - off) for _ in range(n)]
        hexes += hexes[: n // 4]
        per = rng.choice([1, 3, 5, 7])
        got, want = _side_samples(hexes, per), _side_samples_loop(hexes, per)
        for g, w in zip(got, want):
            assert g.dtype == w.dtype and g.shape == w.shape and g.tobytes() == w.tobytes()


def _flat_tops_board(size: float = 40.0, seed: int = 3):
    """A flat-top grid whose flat tops and bottoms are printed bold and whose slanted sides are faint,
    over speckled terrain (as on GMT's Red Winter, where the horizontal sides make the strongest period)."""
    from PIL import ImageDraw
    rng = np.random.default_rng(seed)
    w, h = 900, 700
    base = rng.normal(200, 4, (h, w)).clip(0, 255).astype(np.uint8)
    img = Image.fromarray(base).convert("RGB")
    draw = ImageDraw.Draw(img)
    lay = Layout.regular("flat", size, (60.0, 50.0))
    for q in range(-2, int(w / (1.5 * size)) + 3):
        for r in range(-q // 2 - 3, int(h / (math.sqrt(3) * size)) + 3 - q // 2 + 3):
            cx, cy = lay.to_pixel(q, r)
            corners = [(cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
                       for i in range(7)]
            for i in range(6):
                a, b = corners[i], corners[i + 1]
                flat = abs(a[1] - b[1]) < 1e-6
                draw.line([a, b], fill=(60, 60, 60) if flat else (150, 150, 150), width=2 if flat else 1)
    return img, lay


def test_auto_layout_when_the_flat_tops_are_the_strongest_lines():
    """The strongest period is then the rows of flat tops, sqrt3/2 of a hex apart and 30 deg off the column
    direction: read as a column spacing it gave a grid 30 deg turned and refused (Red Winter's --auto)."""
    img, truth = _flat_tops_board()
    h = truth.pixel_to_hex(450, 350)
    x, y = truth.hex_to_pixel(h)
    lay = auto_layout(img, "flat", (h, (x + 3.0, y - 2.0)))
    assert layout_shape(lay)["size_px"] == pytest.approx(40.0, rel=0.01)
    assert abs(layout_shape(lay)["rotation_deg"]) < 0.2
    assert math.dist(lay.hex_to_pixel(h), (x, y)) < 1.5


def test_columns_of_thousands_of_letters_are_one_short_line(tmp_path):
    """`--columns A:ZZZ...` (300 letters, spreadsheet style) was counted (seconds at 200,000 letters) and refused
    naming a column count of 425 digits."""
    from click.testing import CliRunner
    from PIL import Image

    from toolkit.cli.main import cli

    Image.new("RGB", (200, 200), (240, 240, 240)).save(tmp_path / "scan.png")
    r = CliRunner().invoke(cli, ["map", "calibrate", str(tmp_path / "scan.png"), "--point", "A1=30,30", "--point",
                                 "B2=60,70", "--point", "D1=120,30", "--letter-style", "spreadsheet", "--columns",
                                 "A:" + "Z" * 300, "--rows", "1:10"])
    assert r.exit_code == 3
    assert r.stderr == ("wgt: error: --columns A:ZZZZZZZZZZZZZZZZZZZZZZ...: more than 12 letters (no map has that many "
                        "columns or rows; give numbers)\n")
