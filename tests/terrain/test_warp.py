"""Extraction that follows the print (issue 14, folded scans): a grid's optional ``warp:`` (hexgrid.warp), the field it
gives (terrain.warp.offsets: zero = the affine grid, continuous, exactly the nodes' offset between nodes), the scan
read through it (follow_print), ``wgt map calibrate`` recording it where a block is off, and every reader of a grid
file accepting it."""

from __future__ import annotations

import dataclasses
import json
import math

import numpy as np
import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from toolkit.cli.main import cli
from toolkit.errors import GridError
from toolkit.hexgrid import Grid
from toolkit.hexgrid.warp import Warp, WarpNode
from toolkit.terrain.synthetic import legend_for, random_terrain, render_scan
from toolkit.terrain.warp import _lattice, follow_print, offsets


def _grid(cols: int = 24, rows: int = 16, orientation: str = "flat", size: float = 20.0) -> Grid:
    from toolkit.hexgrid import Layout
    from toolkit.hexgrid.coords import OffsetSystem
    from toolkit.hexgrid.numbering import CCRR

    nb = CCRR(2, 2, offset=OffsetSystem(orientation, "odd"))  # type: ignore[arg-type]
    lay = Layout.regular(orientation, size, (30.0, 30.0)).rotated(1.5, (200.0, 200.0))  # type: ignore[arg-type]
    return Grid.spanning(nb, "0101", f"{cols:02d}{rows:02d}", layout=lay)


def _block_nodes(grid: Grid, block: int = 4) -> list[tuple[str, str]]:
    e, fmt = grid.extent, grid.numbering.format
    return [(fmt(c, r), fmt(min(c + block - 1, e.last_col), min(r + block - 1, e.last_row)))
            for c in range(e.first_col, e.last_col + 1, block) for r in range(e.first_row, e.last_row + 1, block)]


def _scan(grid: Grid) -> Image.Image:
    rng = np.random.default_rng(3)
    return Image.fromarray(rng.integers(0, 256, (420, 560, 3), dtype=np.uint8))


# --- the grid file's key -----------------------------------------------------------------------------------------

def test_a_warp_round_trips_through_the_grid_block_and_a_grid_without_one_writes_no_key():
    g = _grid()
    assert "warp" not in g.to_dict()
    w = Warp(4, (WarpNode("0501", "0804", -8.123456, 2.5),))
    wg = dataclasses.replace(g, warp=w)
    d = wg.to_dict()
    assert d["warp"] == {"block": 4, "offsets": [{"first": "0501", "last": "0804", "px": [-8.123, 2.5]}]}
    back = Grid.from_dict(yaml.safe_load(yaml.safe_dump(d)))
    assert back.warp == Warp(4, (WarpNode("0501", "0804", -8.123, 2.5),))
    assert back.layout == g.layout and back.extent == g.extent


@pytest.mark.parametrize(("warp", "says"), [
    ("x", "grid warp is a mapping"),
    ({"block": 0, "offsets": []}, "whole number of hexes (1 to 100)"),
    ({"block": 100_000, "offsets": []}, "whole number of hexes (1 to 100), not 100000"),
    ({"block": True, "offsets": []}, "grid warp block is a whole number"),
    ({"block": 4, "offsets": [{"first": "0101", "last": "0404"}]}, "needs first: ID, last: ID and px"),
    ({"block": 4, "offsets": [{"first": "0101", "last": "0404", "px": ["a", 1]}]}, "needs first: ID"),
    ({"block": 4, "offsets": [{"first": "0101", "last": "0404", "px": [1e9, 0]}]}, "at most 10000 pixels"),
    ({"block": 4, "offsets": [{"first": "01x01", "last": "0404", "px": [1, 0]}]}, "grid warp offset 01x01:0404"),
    ({"block": 4, "offsets": {}}, "grid warp offsets is a list"),
    ({"block": 4, "offsets": [{"first": "0101", "last": "0404", "px": [9, 0]},
                              {"first": "0101", "last": "0404", "px": [9, 0]}]}, "0101:0404 is listed twice"),
    ({"block": 4, "offsets": [{"first": "0101", "last": "0404", "px": [9, 0]},
                              {"first": "0101", "last": "0303", "px": [9, 0]}]}, "0101:0303 is listed twice"),
    ({"block": 4, "offsets": [{"first": "0101", "last": "0404", "px": [9, 0]},
                              {"first": "0606", "last": "0909", "px": [1, 0]}]}, "0606:0909 is not one block of 4"),
    ({"block": 4, "offsets": [{"first": "0101", "last": "0606", "px": [1, 0]}]}, "is not one block of 4 x 4 hexes"),
    ({"block": 4, "offsets": [{"first": "2901", "last": "3204", "px": [1, 0]}]}, "2901:3204 lies off the grid's"),
    # a hand-made file of a thousand one-hex nodes (the 24 x 16 map has 384 hexes) held `wgt map centre` for minutes
    ({"block": 1, "offsets": [{"first": f"{1 + i % 24:02d}{1 + i // 24 % 16:02d}",
                               "last": f"{1 + i % 24:02d}{1 + i // 24 % 16:02d}", "px": [1, 0]} for i in range(1000)]},
     "0101:0101 is listed twice"),
])
def test_a_bad_warp_is_refused_naming_it(warp, says):
    d = _grid().to_dict()
    d["warp"] = warp
    with pytest.raises(GridError, match=says.replace("(", r"\(").replace(")", r"\)")):
        Grid.from_dict(d)


def test_a_warp_keeps_its_lattice_when_the_extent_is_edited():
    # calibrate counts the blocks from the extent's first hex; an extent widened (or cut) since keeps them
    d = _grid().to_dict()
    d["warp"] = {"block": 4, "offsets": [{"first": "0501", "last": "0804", "px": [3, 1]},
                                         {"first": "0905", "last": "1208", "px": [2, 0]}]}
    g = Grid.from_dict(d)
    for cols, rows in (([1, 30], [1, 20]), ([3, 24], [3, 16]), ([6, 10], [3, 10])):
        e = dict(d)
        e["extent"] = {"columns": cols, "rows": rows}
        assert Grid.from_dict(e).warp == g.warp
    e = dict(d)
    e["extent"] = {"columns": [13, 24], "rows": [1, 16]}
    with pytest.raises(GridError, match="0501:0804 lies off the grid's extent"):
        Grid.from_dict(e)


def test_a_warp_needs_a_calibration():
    d = _grid().to_dict()
    del d["calibration"]
    d["warp"] = {"block": 4, "offsets": []}
    with pytest.raises(GridError, match="grid warp needs a calibration"):
        Grid.from_dict(d)


# --- the field ---------------------------------------------------------------------------------------------------

_offset = st.floats(-25, 25, allow_nan=False)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["flat", "pointy"]),
       st.lists(st.tuples(st.integers(0, 23), _offset, _offset), max_size=8, unique_by=lambda t: t[0]))
def test_a_zero_field_is_the_affine_grid_byte_for_byte(orientation, picks):
    g = _grid(orientation=orientation)
    img = _scan(g)
    nodes = _block_nodes(g)
    zero = Warp(4, tuple(WarpNode(*nodes[i], 0.0, 0.0) for i, _, _ in picks))
    for grid in (g, dataclasses.replace(g, warp=Warp(4, ())), dataclasses.replace(g, warp=zero)):
        out = follow_print(img, grid)
        assert out.tobytes() == img.tobytes() and out.mode == img.mode
        xs, ys = np.meshgrid(np.arange(0, 560, 7.0), np.arange(0, 420, 7.0))
        assert not offsets(grid, xs, ys).any()


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["flat", "pointy"]), st.lists(st.tuples(st.integers(0, 23), _offset, _offset), min_size=1,
                                                     max_size=8, unique_by=lambda t: t[0]),
       st.floats(0, 560), st.floats(0, 420), st.floats(-3, 3), st.floats(-3, 3))
def test_the_field_is_continuous(orientation, picks, x, y, ex, ey):
    # each node's tent changes by at most (|grad u| + |grad v|) per pixel: the field by at most the sum of the
    # offsets' lengths times that
    g = _grid(orientation=orientation)
    nodes = _block_nodes(g)
    wg = dataclasses.replace(g, warp=Warp(4, tuple(WarpNode(*nodes[i], dx, dy) for i, dx, dy in picks)))
    lat = _lattice(wg)
    lip = (math.hypot(*lat[0, :2]) + math.hypot(*lat[1, :2])) / 4 * sum(math.hypot(dx, dy) for _, dx, dy in picks)
    a = offsets(wg, np.array([x]), np.array([y]))[0]
    b = offsets(wg, np.array([x + ex]), np.array([y + ey]))[0]
    assert math.hypot(*(a - b)) <= lip * math.hypot(ex, ey) + 1e-9


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_every_block_at_one_offset_moves_the_inner_hexes_by_exactly_it(orientation):
    # the tents of a lattice's blocks add up to one: between nodes the field is their bilinear interpolation
    g = _grid(orientation=orientation)
    wg = dataclasses.replace(g, warp=Warp(4, tuple(WarpNode(f, la, 3.25, -1.5) for f, la in _block_nodes(g))))
    inner = [h for h in g.hexes() if 3 <= g.numbering.offset.from_hex(h)[0] <= 22
             and 3 <= g.numbering.offset.from_hex(h)[1] <= 14]
    assert g.layout is not None
    p = np.array([g.layout.hex_to_pixel(h) for h in inner])
    assert np.allclose(offsets(wg, p[:, 0], p[:, 1]), [3.25, -1.5], atol=1e-9)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_a_short_last_block_moves_its_hexes_by_exactly_the_offset_too(orientation):
    """14 rows in blocks of 4: rows 13-14 are a short block at the map's end. Its middle was the mean of its hexes on
    the map, off the lattice of block middles, and the tents added up to more than one beside it (4 px read 5)."""
    g = _grid(orientation=orientation, rows=14)
    wg = dataclasses.replace(g, warp=Warp(4, tuple(WarpNode(f, la, 4.0, 0.0) for f, la in _block_nodes(g))))
    inner = [h for h in g.hexes() if 3 <= g.numbering.offset.from_hex(h)[0] <= 22
             and 3 <= g.numbering.offset.from_hex(h)[1] <= 14]
    assert g.layout is not None
    p = np.array([g.layout.hex_to_pixel(h) for h in inner])
    assert np.allclose(offsets(wg, p[:, 0], p[:, 1]), [4.0, 0.0], atol=1e-9)


def test_the_field_is_zero_a_block_beyond_its_nodes_and_the_node_offset_at_its_middle():
    g = _grid()
    wg = dataclasses.replace(g, warp=Warp(4, (WarpNode("0905", "1208", 6.0, -2.0),)))
    assert g.layout is not None
    mid = np.mean([g.layout.hex_to_pixel(g.hex(g.numbering.format(c, r))) for c in range(9, 13) for r in range(5, 9)],
                  axis=0)
    assert np.allclose(offsets(wg, mid[:1], mid[1:]), [[6.0, -2.0]])
    far = [g.layout.hex_to_pixel(g.hex(i)) for i in ("0405", "1705", "1001", "1013", "0101", "2416")]
    pts = np.array(far)
    assert not offsets(wg, pts[:, 0], pts[:, 1]).any()
    # the scan read through it: only the pixels within a block of the node differ
    img = _scan(g)
    out = np.asarray(follow_print(img, wg))
    diff = np.argwhere((out != np.asarray(img)).any(axis=2))
    assert len(diff) > 1000
    d = offsets(wg, diff[:, 1].astype(float), diff[:, 0].astype(float))
    assert (np.hypot(d[:, 0], d[:, 1]) >= 0.5).all()  # whole pixels: under half a pixel reads itself


def test_the_scan_is_read_where_the_field_puts_the_print():
    g = _grid()
    wg = dataclasses.replace(g, warp=Warp(4, (WarpNode("0905", "1208", 6.0, -2.0),)))
    img = _scan(g)
    a, out = np.asarray(img), np.asarray(follow_print(img, wg))
    ys, xs = np.mgrid[0:420, 0:560]
    d = offsets(wg, xs.astype(float), ys.astype(float))
    sx = np.clip(np.rint(xs + d[..., 0]), 0, 559).astype(int)
    sy = np.clip(np.rint(ys + d[..., 1]), 0, 419).astype(int)
    assert (out == a[sy, sx]).all()


# --- a bent print, end to end --------------------------------------------------------------------------------------

def _bump(img: Image.Image, spacing: float, amp: float, centre: tuple[float, float]) -> Image.Image:
    """The print pushed down and right by up to ``amp`` of a hex, smoothly (a Gaussian of 3 hex spacings around
    ``centre``): pixel p of the result shows the print's p - w(p), whole pixels."""
    a = np.asarray(img)
    h, w = a.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float64)
    g = amp * spacing * np.exp(-((xs - centre[0]) ** 2 + (ys - centre[1]) ** 2) / (2 * (3 * spacing) ** 2))
    sx = np.clip(np.rint(xs - g / math.sqrt(2)), 0, w - 1).astype(int)
    sy = np.clip(np.rint(ys - g / math.sqrt(2)), 0, h - 1).astype(int)
    return Image.fromarray(a[sy, sx])


@pytest.fixture(scope="module")
def bent(tmp_path_factory):
    m = random_terrain(30, 22, seed=12)
    img, truth = render_scan(m, 40.0, seed=12)
    lay = truth.layout
    spacing = 2 * lay.inradius()
    centre = (0.65 * img.width, 0.55 * img.height)
    out = _bump(img, spacing, 0.45, centre)
    path = tmp_path_factory.mktemp("bent") / "bent.png"
    out.save(path)
    return path, out, truth


def test_calibrate_records_the_warp_and_extract_reads_the_bent_print_right(bent, tmp_path):
    from toolkit.terrain.extract import extract

    path, img, truth = bent
    g, lay = truth.grid, truth.layout
    args = [f"--point={k}={lay.hex_to_pixel(g.hex(k))[0] + 1:.1f},{lay.hex_to_pixel(g.hex(k))[1] - 1:.1f}"
            for k in ("0202", "2902", "0221", "2921")]  # far from the bump
    r = CliRunner().invoke(cli, ["map", "calibrate", str(path), *args, "--columns", "1:30", "--rows", "1:22",
                                 "-o", str(tmp_path / "grid.yaml")])
    assert r.exit_code == 0, r.stderr
    assert "recorded the offsets of" in r.stderr and "as the grid's warp" in r.stderr
    grid = Grid.from_dict(yaml.safe_load((tmp_path / "grid.yaml").read_text())["grid"])
    assert grid.warp is not None and grid.warp.block == 4 and 9 <= len(grid.warp.nodes) <= 30
    leg = legend_for(truth, seed=12)
    majority = {h: max(fr, key=lambda k: fr[k]) for h, fr in truth.fractions.items() if fr}

    def right(gr: Grid) -> int:
        ext = extract(img, gr, leg, features=False)
        return sum(ext.hexes[h].terrain == t for h, t in majority.items())

    # measured: the affine grid 655 of 660 (the print 31 px off under the bump), the warp 660
    assert right(dataclasses.replace(grid, warp=None)) <= 657
    assert right(grid) >= 659
    # --no-warp writes the one affine grid
    r = CliRunner().invoke(cli, ["map", "calibrate", str(path), *args, "--columns", "1:30", "--rows", "1:22",
                                 "--no-warp", "--json"])
    assert r.exit_code == 0 and "warp" not in json.loads(r.stdout)["grid"] and "recorded" not in r.stderr


def test_every_reader_of_a_grid_file_takes_the_warp(bent, tmp_path):
    path, _, truth = bent
    wg = dataclasses.replace(truth.grid, warp=Warp(4, (WarpNode("1709", "2012", 9.0, 9.0),)))
    from toolkit.cli.map_scan import _grid_text

    (tmp_path / "grid.yaml").write_text(_grid_text(wg))
    r = CliRunner().invoke(cli, ["map", "tiles", str(path), str(tmp_path / "grid.yaml"), str(tmp_path / "tiles"),
                                 "--hexes", "1709:1710"])
    assert r.exit_code == 0, r.stderr
    leg = tmp_path / "legend.yaml"
    leg.write_text(yaml.safe_dump(legend_for(truth, seed=12)))
    r = CliRunner().invoke(cli, ["map", "extract", str(path), "--grid", str(tmp_path / "grid.yaml"), "--legend",
                                 str(leg), "-o", str(tmp_path / "map.yaml"), "--overlay", str(tmp_path / "qa.png")])
    assert r.exit_code == 0, r.stderr
    # the QA picture is drawn on the scan as the extraction read it (it was drawn on the scan as stored: its hex
    # outlines a fold's offset off the print there)
    from toolkit.terrain.extract import extract
    from toolkit.terrain.overlay import draw_overlay

    img = Image.open(path).convert("RGB")
    read = Grid.from_dict(yaml.safe_load((tmp_path / "grid.yaml").read_text())["grid"])  # as the command read it
    ext = extract(img, read, yaml.safe_load(leg.read_text()))
    qa = Image.open(tmp_path / "qa.png").convert("RGB").tobytes()
    assert qa == draw_overlay(follow_print(img, read), ext).convert("RGB").tobytes()
    assert qa != draw_overlay(img, ext).convert("RGB").tobytes()
    # the map file keeps the warp, and the map readers and editing commands take it and keep it
    from toolkit.terrain.cache import load_map

    m = load_map(tmp_path / "map.yaml")
    assert m.grid.warp == wg.warp
    r = CliRunner().invoke(cli, ["map", "render", str(tmp_path / "map.yaml"), "-o", str(tmp_path / "map.png")])
    assert r.exit_code == 0, r.stderr
    other = next(t for t in sorted(m.legend) if t != m.terrain("1709"))
    for edit in (["set", str(tmp_path / "map.yaml"), "1709", "--terrain", other],
                 ["side", str(tmp_path / "map.yaml"), "1709/1710", "--add", "river"]):
        r = CliRunner().invoke(cli, ["map", *edit])
        assert r.exit_code == 0, r.output
        assert load_map(tmp_path / "map.yaml").grid.warp == wg.warp


def test_a_legend_point_is_read_where_the_user_picked_it_on_the_scan():
    """A legend's ``points``/``box`` are pixels of the scan as the user picked them. On a warped grid they were read
    off the resampled scan at those coordinates, a warp's offset (here 10 px) away from the pick: a 20 px patch picked
    at its middle was read half on the ground around it. Now the pick is read where the resampled scan shows it."""
    from toolkit.hexgrid import Layout
    from toolkit.hexgrid.coords import OffsetSystem
    from toolkit.hexgrid.numbering import CCRR
    from toolkit.terrain.colour import rgb_to_lab
    from toolkit.terrain.extract import extract

    nb = CCRR(2, 2, offset=OffsetSystem("flat", "odd"))
    g = Grid.spanning(nb, "0101", "2416", layout=Layout.regular("flat", 20.0, (30.0, 30.0)))
    wg = dataclasses.replace(g, warp=Warp(4, tuple(WarpNode(f, la, 10.0, 0.0) for f, la in _block_nodes(g))))
    a = np.empty((640, 800, 3), np.uint8)
    a[:] = (214, 196, 150)  # the ground
    a[290:310, 390:410] = (60, 140, 70)  # a 20 px patch, its middle at (400, 300)
    img = Image.fromarray(a)
    legend = {"terrain": {"ground": {"box": [100, 100, 200, 200]}, "patch": {"points": [[400, 300]]}}}
    want = rgb_to_lab(np.array([60.0, 140.0, 70.0]))
    for grid in (g, wg):
        got = {t.name: np.array(t.lab) for t in extract(img, grid, legend, features=False).legend.terrains}
        assert np.linalg.norm(got["patch"] - want) < 1.0, grid.warp is not None
        assert np.linalg.norm(got["ground"] - rgb_to_lab(np.array([214.0, 196.0, 150.0]))) < 1.0


@pytest.mark.parametrize("strip", [1, 7, 64])
def test_the_field_made_in_strips_reads_the_same_pixels(monkeypatch, strip):
    """follow_print makes the field STRIP rows at a time (one box round every fold took 0.95 GB on an 8000x6000
    scan with two folds at opposite corners, 0.35 GB now): any strip height gives the same picture, byte for byte."""
    import toolkit.terrain.warp as warp_mod

    g = _grid()
    nodes = _block_nodes(g)
    wg = dataclasses.replace(g, warp=Warp(4, (WarpNode(*nodes[0], 7.4, -3.2), WarpNode(*nodes[9], -5.1, 6.6),
                                             WarpNode(*nodes[-1], 2.5, 4.5))))
    img = _scan(g)
    monkeypatch.setattr(warp_mod, "STRIP", 100_000)
    whole = follow_print(img, wg).tobytes()
    assert whole != img.tobytes()
    monkeypatch.setattr(warp_mod, "STRIP", strip)
    assert follow_print(img, wg).tobytes() == whole
