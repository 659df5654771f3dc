"""Every command that puts a warped grid (a folded scan's ``warp:``, docs/calibrate.md) on a scan honours the warp, one
way: a position given to or by the user is on the scan as printed (``wgt map centre``, its ``--at``, the GeoJSON
export), and a picture drawn or built under the one affine grid is the scan read through the warp, its print moved
onto that grid (the module builder's board, which VASSAL's one affine grid names; the editor's scan; ``map tiles``
and ``map extract --overlay`` already did).

The scan: a rendered board with a magenta dot on every hex centre, bent by a known field (the board's point ``q`` is
printed at ``q + d(q)``), and the map's grid carrying that field as its warp. The dots are found in the
pictures (their centroids), not computed."""

from __future__ import annotations

import dataclasses
import io
import json
import math
import zipfile
from pathlib import Path

import numpy as np
import pytest
import yaml
from click.testing import CliRunner
from PIL import Image

from toolkit.cli.main import cli
from toolkit.hexgrid.warp import Warp, WarpNode
from toolkit.terrain.io import load_map
from toolkit.terrain.warp import follow_print, offsets

SMALL = Path(__file__).parent / "data" / "small.yaml"
# the small map's four blocks of 4x4 hexes (8x6: the lower ones are short), each its print this far off (px); 48 px
# hexes (a 41.6 px spacing between centres): up to 0.24 of a hex
NODES = (("0101", "0404", 7.0, -5.0), ("0501", "0804", -6.0, 6.0), ("0105", "0406", 5.0, 8.0),
         ("0505", "0806", -8.0, -4.0))


def _dots(img: Image.Image) -> np.ndarray:
    """The centroids (x, y) of the magenta dots of a picture."""
    a = np.asarray(img.convert("RGB")).astype(int)
    mask = (a[..., 0] > 200) & (a[..., 1] < 60) & (a[..., 2] > 200)
    pts = np.argwhere(mask)[:, ::-1].astype(np.float64)  # (x, y); the dots lie 25 px or more apart
    out = []
    while len(pts):
        near = np.hypot(*(pts - pts[0]).T) < 10
        c = pts[near].mean(axis=0)
        mine = np.hypot(*(pts - c).T) < 10
        out.append(pts[mine].mean(axis=0))
        pts = pts[~mine]
    return np.array(out, dtype=np.float64).reshape(-1, 2)


def _nearest(dots: np.ndarray, p: tuple[float, float]) -> np.ndarray:
    out: np.ndarray = dots[np.argmin(np.hypot(dots[:, 0] - p[0], dots[:, 1] - p[1]))]
    return out


@pytest.fixture(scope="module")
def folded(tmp_path_factory):
    """(folder, flat map file, warped map file, the bent scan, the flat board with dots, the warped map)."""
    from toolkit.builders.module import render_board

    tmp = tmp_path_factory.mktemp("folded")
    flat_map = load_map(SMALL)
    board, lay = render_board(flat_map, 48)
    a = np.array(board)
    ys, xs = np.mgrid[0:a.shape[0], 0:a.shape[1]].astype(np.float64)
    for h in flat_map.grid.hexes():  # every pixel whose middle (pixel k's at k) is within 4.5 px of the centre
        x, y = lay.hex_to_pixel(h)
        a[(xs - x) ** 2 + (ys - y) ** 2 <= 4.5 ** 2] = (255, 0, 255)
    board = Image.fromarray(a)
    matrix = [[round(v, 9) for v in row] for row in lay.matrix]
    text = SMALL.read_text().replace("  extent: {columns: [1, 8], rows: [1, 6]}\n",
                                     f"  extent: {{columns: [1, 8], rows: [1, 6]}}\n  calibration: {matrix}\n")
    (tmp / "flat.yaml").write_text(text)
    warp = Warp(4, tuple(WarpNode(f, la, dx, dy) for f, la, dx, dy in NODES))
    (tmp / "map.yaml").write_text(text.replace("  calibration:", f"  warp: {json.dumps(warp.to_dict())}\n"
                                                                  "  calibration:"))
    m = load_map(tmp / "map.yaml")
    assert m.grid.warp == warp
    h, w = a.shape[:2]
    # the known field: the board's point q is printed at q + d(q), so pixel P of the print shows the board at the q
    # with q + d(q) = P (found here by 30 fixed-point steps, whole pixels taken)
    qx, qy = xs, ys
    for _ in range(30):
        d = offsets(m.grid, qx, qy)
        qx, qy = xs - d[..., 0], ys - d[..., 1]
    sx = np.clip(np.rint(qx), 0, w - 1).astype(int)
    sy = np.clip(np.rint(qy), 0, h - 1).astype(int)
    bent = Image.fromarray(a[sy, sx])
    bent.save(tmp / "bent.png")
    return tmp, tmp / "flat.yaml", tmp / "map.yaml", bent, board, m


def test_centre_gives_each_hex_where_it_is_printed_on_the_folded_scan(folded):
    _, _, map_file, bent, _, m = folded
    dots = _dots(bent)
    assert len(dots) == 48
    ids = m.grid.ids()
    r = CliRunner().invoke(cli, ["map", "centre", str(map_file), *ids, "--json"])
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    assert [d["hex"] for d in got] == ids
    lay = m.grid.layout
    worst, affine = 0.0, 0.0
    for d in got:
        printed = _nearest(dots, (d["x"], d["y"]))
        worst = max(worst, math.dist(printed, (d["x"], d["y"])))
        affine = max(affine, math.dist(printed, lay.hex_to_pixel(m.grid.hex(d["hex"]))))
    assert worst <= 1.0, worst  # measured 0.39 px
    assert affine > 7.0, affine  # the affine centre (the old output): 7.6 px off its print
    # the plain text says the same
    r = CliRunner().invoke(cli, ["map", "centre", str(map_file), "0101", "0806"])
    assert r.stdout.splitlines() == [f"{d['hex']} {d['x']:.3f} {d['y']:.3f}" for d in got if d["hex"] in ("0101",
                                                                                                           "0806")]


def test_the_hex_at_a_pixel_is_the_printed_hex_there(folded):
    _, _, map_file, bent, _, m = folded
    dots = _dots(bent)
    lay = m.grid.layout
    inr = lay.inradius()
    points, want = [], []
    for hid in m.grid.ids():
        cx, cy = _nearest(dots, lay.hex_to_pixel(m.grid.hex(hid)))
        for k in range(12):  # round the printed centre, three quarters of the way to its printed sides
            a = k * math.pi / 6
            points.append((round(cx + 0.75 * inr * math.cos(a), 1), round(cy + 0.75 * inr * math.sin(a), 1)))
            want.append(hid)
    r = CliRunner().invoke(cli, ["map", "centre", str(map_file), *[f"--at={x},{y}" for x, y in points], "--json"])
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    assert [tuple(d["at"]) for d in got] == points and all(set(d) == {"at", "hex"} for d in got)
    assert [d["hex"] for d in got] == want
    # the affine grid (the old lookup) names another hex for many of them
    wrong = sum(m.grid.id(lay.pixel_to_hex(x, y)) != h if lay.pixel_to_hex(x, y) in m.grid else True
                for (x, y), h in zip(points, want))
    assert wrong >= 5, wrong  # measured 10 of 576
    r = CliRunner().invoke(cli, ["map", "centre", str(map_file), "--at", "-500,-500", "--at", f"{points[0][0]},"
                                 f"{points[0][1]}"])
    assert r.exit_code == 0 and r.stdout.splitlines() == ["-500,-500 off the map", f"{points[0][0]},"
                                                          f"{points[0][1]} {want[0]}"]
    # the pixel is echoed as given (not rounded to 6 digits), and a hex entry and an --at entry differ in shape
    r = CliRunner().invoke(cli, ["map", "centre", str(map_file), "0101", "--at", "12345.678,5", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)[1] == {"at": [12345.678, 5.0], "hex": None}
    assert set(json.loads(r.stdout)[0]) == {"hex", "x", "y"}
    r = CliRunner().invoke(cli, ["map", "centre", str(map_file), "--at", "12345.678,5"])
    assert r.stdout == "12345.678,5 off the map\n"


@pytest.mark.parametrize("args", [[], ["--at", "1;2"], ["--at", "x,3"]])
def test_centre_refuses_nothing_to_do_and_a_bad_pixel_in_one_line(folded, args):
    r = CliRunner().invoke(cli, ["map", "centre", str(folded[2]), *args])
    assert r.exit_code == 3 and len(r.stderr.strip().splitlines()) == 1, r.output


def test_a_flat_grid_gives_the_affine_centres_as_before(folded):
    _, flat_file, _, _, _, _ = folded
    m = load_map(flat_file)
    r = CliRunner().invoke(cli, ["map", "centre", str(flat_file), "0101", "0504", "--at", "100,100", "--json"])
    got = json.loads(r.stdout)
    for d in got[:2]:
        x, y = m.grid.layout.hex_to_pixel(m.grid.hex(d["hex"]))
        assert (d["x"], d["y"]) == (round(x, 3), round(y, 3))
    assert got[2]["hex"] == m.grid.id(m.grid.layout.pixel_to_hex(100, 100))


def _board_png(vmod: Path) -> Image.Image:
    return Image.open(io.BytesIO(zipfile.ZipFile(vmod).read("images/board.png"))).convert("RGB")


def test_the_module_board_of_a_folded_scan_has_its_print_on_vassals_grid(folded, monkeypatch):
    from toolkit.builders.module import MAIN_MAP
    from toolkit.vassal import Module

    tmp, _, map_file, bent, _, m = folded
    out = tmp / "folded.vmod"
    r = CliRunner().invoke(cli, ["build", "module", "winter-war", "--map", str(map_file), "--board",
                                 str(tmp / "bent.png"), "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert r.stdout.rstrip().endswith("; the scan was resampled so that its folded print lies on the map's calibrated "
                                      "grid (the grid's warp, 4 blocks; the calibration unchanged; --keep-scan: the "
                                      "scan as it is)")
    board = _board_png(out)
    assert board.size == bent.size
    dots = _dots(board)
    assert len(dots) == 48
    with Module.open(out) as module:
        vmap = module.vassal_map(MAIN_MAP)
        worst = 0.0
        for hid in m.grid.ids():
            x, y = vmap.point(hid)  # where VASSAL's one grid puts the hex
            printed = _nearest(dots, (x, y))
            worst = max(worst, math.dist(printed, (x, y)))
            assert vmap.location_name(*printed) == hid
    # measured 1.06 px: two whole-pixel resamplings (the fold drawn here, and the builder's), each rounding 0.5 px
    assert worst <= 1.5, worst
    # the grid is the map's affine calibration, unchanged: VASSAL's point of a hex is its affine centre
    lay = m.grid.layout
    assert all(math.dist(vmap.point(h), lay.hex_to_pixel(m.grid.hex(h))) <= 1.0 for h in m.grid.ids())

    # --keep-scan: the scan as it is, its print off VASSAL's grid by the fold
    kept = tmp / "kept.vmod"
    r = CliRunner().invoke(cli, ["build", "module", "winter-war", "--map", str(map_file), "--board",
                                 str(tmp / "bent.png"), "-o", str(kept), "--keep-scan", "--json"])
    assert r.exit_code == 0 and "changes nothing" not in r.stderr, r.output
    assert json.loads(r.stdout)["print_followed"] == 0
    assert _board_png(kept).tobytes() == bent.convert("RGB").tobytes()
    # --keep-scan without a scan is refused in one line; on a map without a warp it says it changes nothing
    r = CliRunner().invoke(cli, ["build", "module", "winter-war", "--map", str(map_file), "-o", str(tmp / "n.vmod"),
                                 "--keep-scan"])
    assert r.exit_code == 3 and r.stderr.startswith("wgt: error: --keep-scan keeps a --board scan as it is")
    import toolkit.terrain.io as terrain_io

    loaded: list[object] = []
    monkeypatch.setattr(terrain_io, "load_map", lambda path: loaded.append(path) or load_map(path))
    r = CliRunner().invoke(cli, ["build", "module", "winter-war", "-o", str(tmp / "w.vmod"), "--keep-scan",
                                 "--board", str(tmp / "bent.png"), "--json"])
    assert "wgt: warning: --keep-scan changes nothing: the map's grid has no warp" in r.stderr, r.output
    # the game's own map is read once, for the warning and the module alike (then refused: it has no calibration
    # for a scan)
    assert len(loaded) == 1 and r.exit_code == 3, (loaded, r.output)
    assert json.loads(r.stdout)["error"].startswith("the map has no grid calibration"), r.stdout
    monkeypatch.undo()
    with Module.open(kept) as module:
        vmap = module.vassal_map(MAIN_MAP)
        off = max(math.dist(_nearest(_dots(bent), vmap.point(h)), vmap.point(h)) for h in m.grid.ids())
    assert off > 7.0, off


def test_a_flat_scans_module_board_is_the_scan_itself(folded):
    tmp, flat_file, _, _, board, _ = folded
    board.save(tmp / "flat.png")
    out = tmp / "flat.vmod"
    r = CliRunner().invoke(cli, ["build", "module", "winter-war", "--map", str(flat_file), "--board",
                                 str(tmp / "flat.png"), "-o", str(out), "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["print_followed"] == 0 and not data["straightened"]
    assert _board_png(out).tobytes() == board.convert("RGB").tobytes()
    r = CliRunner().invoke(cli, ["build", "module", "winter-war", "--map", str(flat_file), "--board",
                                 str(tmp / "flat.png"), "-o", str(out)])
    assert "resampled" not in r.stdout


def test_the_editor_shows_the_folded_scan_with_its_print_under_the_hexes(folded):
    from tests.editor.browser import serving
    from tests.editor.test_server import request
    from toolkit.hexgrid import Grid

    tmp, flat_file, map_file, bent, _, m = folded
    want = follow_print(bent, m.grid)
    dots = _dots(want)
    lay = m.grid.layout
    assert max(math.dist(_nearest(dots, lay.hex_to_pixel(h)), lay.hex_to_pixel(h)) for h in m.grid.hexes()) <= 1.0
    grid_file = tmp / "grid.yaml"
    grid_file.write_text(yaml.safe_dump({"grid": m.grid.to_dict()}))
    edited = tmp / "edited.yaml"
    edited.write_text(flat_file.read_text())
    for path, kw in ((map_file, {}), (edited, {"grid": Grid.from_dict(m.grid.to_dict())})):
        with serving(path, image=tmp / "bent.png", **kw) as srv:
            status, payload = request(srv.port, "GET", "/api/map", X_WGT_Token=srv.token)
            assert payload["layout"] == [list(r) for r in lay.matrix]
            status, raw = request(srv.port, "GET", payload["image"]["url"])
            assert status == 200
            assert Image.open(io.BytesIO(raw)).convert("RGB").tobytes() == want.tobytes()
    # a JPEG scan is sent as JPEG (a PNG of a scanned print is several times its size), made on the first request
    bent.convert("RGB").save(tmp / "bent.jpg", quality=95)
    with serving(map_file, image=tmp / "bent.jpg") as srv:
        assert srv._followed is None
        status, payload = request(srv.port, "GET", "/api/map", X_WGT_Token=srv.token)
        status, raw = request(srv.port, "GET", payload["image"]["url"])
        assert status == 200 and raw[:3] == b"\xff\xd8\xff"
        got = np.asarray(Image.open(io.BytesIO(raw)).convert("RGB"), dtype=np.int16)
        with Image.open(tmp / "bent.jpg") as jpg:
            exp = np.asarray(follow_print(jpg.convert("RGB"), m.grid), dtype=np.int16)
        assert got.shape == exp.shape and np.abs(got - exp).mean() < 2.0
    # a flat grid: the file as it is on disk
    with serving(edited, image=tmp / "bent.png", grid=dataclasses.replace(m.grid, warp=None)) as srv:
        status, payload = request(srv.port, "GET", "/api/map", X_WGT_Token=srv.token)
        assert request(srv.port, "GET", payload["image"]["url"])[1] == (tmp / "bent.png").read_bytes()


def test_the_geojson_of_a_folded_scans_map_lies_on_the_print(folded):
    tmp, flat_file, map_file, bent, _, m = folded
    dots = _dots(bent)
    out = tmp / "map.geojson"
    r = CliRunner().invoke(cli, ["map", "export", str(map_file), "-o", str(out), "--no-flip"])
    assert r.exit_code == 0, r.output
    doc = json.loads(out.read_text())
    assert doc["properties"]["warp"] == m.grid.warp.to_dict()
    worst = 0.0
    for f in doc["features"]:
        if f["properties"]["kind"] == "hex":
            ring = np.array(f["geometry"]["coordinates"][0][:-1])
            c = ring.mean(axis=0)
            worst = max(worst, math.dist(_nearest(dots, c), c))
    assert worst <= 1.5, worst  # a hex's corners moved by the field at each corner: their mean is near its print
    r = CliRunner().invoke(cli, ["map", "export", str(flat_file), "-o", str(tmp / "flat.geojson"), "--no-flip"])
    assert "warp" not in json.loads((tmp / "flat.geojson").read_text())["properties"]
