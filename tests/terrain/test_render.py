"""Board rendering: exact layout geometry, exact colours at hex centres, features where the data says."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from toolkit.data import maps_dir
from toolkit.errors import InputError
from toolkit.hexgrid import CCRR, Extent, Grid, Hexside, Layout, OffsetSystem
from toolkit.terrain import HexData, TerrainMap, TerrainType, load_map
from toolkit.terrain.render import RenderStyle, board_layout, legend_height, render_map

DATA = Path(__file__).parent / "data"
SQ3 = math.sqrt(3)


@pytest.fixture(scope="module")
def small() -> TerrainMap:
    return load_map(DATA / "small.yaml")


@pytest.fixture(scope="module")
def board(small: TerrainMap):  # type: ignore[no-untyped-def]
    return render_map(small, 40)


def px(img: Image.Image, p: tuple[float, float]) -> tuple[int, int, int]:
    return img.getpixel((int(p[0]), int(p[1])))  # type: ignore[return-value]


def rgb(c: str) -> tuple[int, int, int]:
    return int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)


def near(a: tuple[int, ...], b: tuple[int, ...], tol: int) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def test_layout_and_size_are_exact(small: TerrainMap, board) -> None:  # type: ignore[no-untyped-def]
    img, lay = board
    s, margin = 40.0, 28.0
    assert (lay.a, lay.b, lay.d, lay.e) == pytest.approx((60.0, 0.0, 20 * SQ3, 40 * SQ3), abs=1e-9)
    g = small.grid
    # the leftmost corner sits on the left margin and the top corner of an even column on the top margin
    assert lay.hex_to_pixel(g.hex("0101")) == pytest.approx((margin + s, margin + s * SQ3), abs=1e-9)
    assert lay.hex_to_pixel(g.hex("0201")) == pytest.approx((margin + 2.5 * s, margin + s * SQ3 / 2), abs=1e-9)
    assert lay.hex_to_pixel(g.hex("0806")) == pytest.approx((margin + 11.5 * s, margin + s * SQ3 * 5.5), abs=1e-9)
    # width: 8 columns = 7 steps of 1.5 s + 2 s, plus margins; height adds the legend (title, scale,
    # provenance, a swatch and label for every symbol drawn)
    legend = math.ceil(legend_height(small, 40, 556))
    assert img.size == (556, math.ceil(6.5 * s * SQ3 + 2 * margin) + legend)
    assert board_layout(small, 40) == (lay, (556, img.size[1] - legend))


@pytest.mark.parametrize(("hex_id", "colour"), [
    ("0204", "#eae3c4"), ("0101", "#7fb0dc"), ("0301", "#8fb573"), ("0706", "#c9d6b0"), ("0801", "#c8b08a"),
    ("0403", "#9cc3e6"), ("0806", "#8fb573"),  # 0806 is swamp under hexes:, forest by override
    ("0202", "#c0322b"),  # a city square
])
def test_exact_colour_at_hex_centres(small: TerrainMap, board, hex_id: str, colour: str) -> None:  # type: ignore[no-untyped-def]
    img, lay = board
    assert px(img, lay.hex_to_pixel(small.grid.hex(hex_id))) == rgb(colour)


def test_features_are_drawn_where_the_data_says(small: TerrainMap, board) -> None:  # type: ignore[no-untyped-def]
    img, lay = board
    g = small.grid
    style = RenderStyle()

    def side_mid(a: str, b: str) -> tuple[float, float]:
        p0, p1 = lay.hexside_endpoints(Hexside.between(g.hex(a), g.hex(b)))
        return ((p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2)

    def along(a: str, b: str, t: float) -> tuple[float, float]:
        (x0, y0), (x1, y1) = lay.hex_to_pixel(g.hex(a)), lay.hex_to_pixel(g.hex(b))
        return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)

    assert near(px(img, side_mid("0503", "0603")), rgb(style.river), 25)  # the wave crosses the side's middle
    assert near(px(img, side_mid("0705", "0706")), rgb(style.river), 25)  # river from overrides
    assert near(px(img, side_mid("0101", "0201")), rgb(style.water_line), 25)  # coast: sea | land
    assert near(px(img, along("0203", "0303", 0.3)), rgb(style.road), 25)
    assert near(px(img, along("0302", "0402", 0.3)), rgb(style.rail), 40)
    grid_px = px(img, side_mid("0204", "0205"))
    assert sum(grid_px) < sum(rgb("#eae3c4")) - 120  # a plain side is a dark grid line
    plain = render_map(small, 40, style=RenderStyle(textures=False, numbers=False, labels=False))
    assert px(plain.image, side_mid("0503", "0603")) == px(img, side_mid("0503", "0603"))


def test_textures_stay_inside_their_hex(small: TerrainMap, board) -> None:  # type: ignore[no-untyped-def]
    img, lay = board
    plain = render_map(small, 40, style=RenderStyle(textures=False)).image
    diff = np.any(np.asarray(img) != np.asarray(plain), axis=2)
    diff[board_layout(small, 40)[1][1]:] = False  # the legend below the map has its own textured swatches
    ys, xs = np.nonzero(diff)
    textured = {h for h in small.grid.ids() if small.legend[small.terrain(h)].pattern}
    owners = {small.grid.id(lay.pixel_to_hex(x + 0.5, y + 0.5)) for x, y in zip(xs.tolist(), ys.tolist())}
    assert owners and owners <= textured


def test_rendering_is_deterministic(small: TerrainMap, board) -> None:  # type: ignore[no-untyped-def]
    again = render_map(small, 40)
    assert again.image.tobytes() == board.image.tobytes() and again.layout == board.layout


def test_small_golden_image(small: TerrainMap) -> None:
    """A 16-px board without text, against a stored 12 kB golden (allowing Pillow's tiny drawing changes)."""
    img = render_map(small, 16, style=RenderStyle(numbers=False, labels=False, legend=False)).image
    golden = DATA / "small_golden.png"
    with Image.open(golden) as g:
        want = np.asarray(g.convert("RGB"), dtype=np.int16)
    got = np.asarray(img, dtype=np.int16)
    assert got.shape == want.shape
    assert np.mean(np.any(got != want, axis=2)) < 0.005


def test_given_layout_is_used_and_returned(small: TerrainMap) -> None:
    lay = Layout.regular("flat", 20).translated(30, 40).rotated(3.0, (100, 100))
    img, used = render_map(small, layout=lay, size=(400, 420))
    assert used == lay and img.size == (400, 420)
    assert px(img, lay.hex_to_pixel(small.grid.hex("0204"))) == rgb("#eae3c4")


def test_pointy_grid() -> None:
    g = Grid(CCRR(offset=OffsetSystem("pointy", "even")), Extent(1, 4, 1, 3))
    legend = {"clear": TerrainType("clear", "#ffffff"), "forest": TerrainType("forest", "#228822", pattern="trees")}
    m = TerrainMap("pointy", "", g, legend, {h: HexData("forest" if h.endswith("2") else "clear") for h in g.ids()})
    img, lay = render_map(m, 30)
    assert lay.a == pytest.approx(30 * SQ3) and lay.e == pytest.approx(45.0) and lay.d == 0
    for h in g.ids():
        assert px(img, lay.hex_to_pixel(g.hex(h))) == ((34, 136, 34) if h.endswith("2") else (255, 255, 255))


def test_refuses_absurd_sizes(small: TerrainMap) -> None:
    with pytest.raises(InputError, match="hex size must be at least 4"):
        render_map(small, 1)
    with pytest.raises(InputError, match="too large to draw"):
        render_map(small, 5000)


def test_borders_ice_supply_cities_and_water_sides(small: TerrainMap) -> None:
    m = load_map(DATA / "small.yaml")
    m.add_side_feature("0703", "0604", "border")
    m.set_tag("0102", "ice")
    m.set_tag("0804", "supply_city")
    m.add_side_feature("0305", "0406", "minor_lake")  # between two land hexes: a band of water
    m.add_side_feature("0101", "0102", "sea")  # between two sea hexes: nothing but the grid line
    img, lay = render_map(m, 40)
    style = RenderStyle()
    g = m.grid

    def samples(a: str, b: str, n: int = 40) -> list[tuple[int, int, int]]:
        p0, p1 = lay.hexside_endpoints(Hexside.between(g.hex(a), g.hex(b)))
        return [px(img, (p0[0] + (p1[0] - p0[0]) * (i + 0.5) / n, p0[1] + (p1[1] - p0[1]) * (i + 0.5) / n))
                for i in range(n)]

    border = [near(c, rgb(style.border), 30) for c in samples("0703", "0604")]
    assert 8 <= sum(border) <= 36  # dashed: partly border colour, not all
    assert sum(near(c, rgb(style.water_fill), 20) for c in samples("0305", "0406")) >= 30
    assert not any(near(c, rgb(style.water_line), 30) for c in samples("0101", "0102")[8:32])
    centre = lay.hex_to_pixel(g.hex("0804"))
    assert px(img, centre) == (255, 255, 255)  # the supply city's white core
    assert px(img, (centre[0] + 40 * 0.17, centre[1])) == rgb(style.city)
    x, y = (int(v) for v in lay.hex_to_pixel(g.hex("0102")))
    ice = np.asarray(img.crop((x - 15, y - 15, x + 15, y + 15)))
    assert np.any(np.all(ice > 240, axis=2))  # white ice hatching in the sea hex


def test_water_fraction_tints_land_toward_water(small: TerrainMap) -> None:
    m = load_map(DATA / "small.yaml")
    m.set_value("0204", "water", 0.5)
    img, lay = render_map(m, 40)
    # clear #eae3c4 mixed 35% toward sea #7fb0dc (the last water terrain of the legend)
    want = tuple(round(c * 0.65 + w * 0.35) for c, w in zip(rgb("#eae3c4"), rgb("#7fb0dc")))
    assert px(img, lay.hex_to_pixel(m.grid.hex("0204"))) == want
    plain = render_map(m, 40, style=RenderStyle(water_fraction=None)).image
    assert px(plain, lay.hex_to_pixel(m.grid.hex("0204"))) == rgb("#eae3c4")


BUNDLED = sorted(maps_dir().glob("*.yaml")) if maps_dir().is_dir() else []


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_bundled_maps_render_every_plain_hex_in_its_colour(path: Path) -> None:
    m = load_map(path)
    style = RenderStyle(numbers=False, labels=False, legend=False, values=())
    img, lay = render_map(m, 14, style=style)
    eff = m.effective_hexes()
    # roads and rails cross hex centres
    linked = {h for f in ("road", "minor_road", "rail", "railroad", "track") for h in m.network(f)}
    plain = [h for h in m.grid.ids()
             if h in eff and not eff[h].tags and "water" not in eff[h].values and h not in linked]
    assert len(plain) > len(m.grid) // 2
    wrong = [h for h in plain if px(img, lay.hex_to_pixel(m.grid.hex(h))) != rgb(m.legend[eff[h].terrain].color)]
    assert wrong == []


@pytest.mark.parametrize(("hex_size", "supersample"), [(40, 1), (40, 2), (64, 1), (64, 2)])
def test_printed_hex_lines_lie_on_the_returned_layout(hex_size: int, supersample: int) -> None:
    """Pixel (i, j) is centred on (i, j): the grid lines found in the picture (by the scan calibrator's
    line refinement) sit on the layout render_map returns, not half a pixel up-left (Pillow truncates
    float coordinates; even line widths are drawn off centre)."""
    from toolkit.terrain.calibrate import refine_layout

    g = Grid(CCRR(offset=OffsetSystem("flat", "even")), Extent(1, 12, 1, 12))
    m = TerrainMap("plain", "", g, {"clear": TerrainType("clear", "#e9e4c9")}, {h: HexData("clear") for h in g.ids()})
    r = render_map(m, hex_size, supersample=supersample,
                   style=RenderStyle(numbers=False, labels=False, legend=False, frame_on=False))
    gray = np.asarray(r.image.convert("L"), dtype=np.float32)
    refined, _, _ = refine_layout(gray, r.layout, g.hexes())
    shifts = np.array([np.subtract(refined.hex_to_pixel(h), r.layout.hex_to_pixel(h)) for h in g.hexes()])
    assert np.abs(shifts.mean(axis=0)).max() < 0.25, shifts.mean(axis=0)
