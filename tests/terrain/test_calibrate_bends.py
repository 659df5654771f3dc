"""``wgt map calibrate`` says where the printed hex lines lie off its one affine grid (a folded or curled sheet:
issue 14's Seelowe scan is 7-12 px of a 93 px hex off left of its fold crease); nothing on a flat print."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from toolkit.cli.main import cli
from toolkit.hexgrid import Grid
from toolkit.terrain.calibrate import BEND_WARN, bends
from toolkit.terrain.synthetic import random_terrain, render_scan

from .drawn import corner_ticks


@pytest.fixture(scope="module")
def flat_scan():
    return render_scan(random_terrain(20, 14, seed=7), 30.0, seed=7, rotation=0.5, stretch=1.002, text=False,
                       supersample=1)


def _bent(img: Image.Image, spacing: float, push: float = 0.15) -> Image.Image:
    """The print right of the sheet's middle pushed right by ``push`` of a hex (a fold: the push grows smoothly over
    a fifth of the width, then stays): column x of the result shows column x - push(x) of the print."""
    a = np.asarray(img, dtype=np.float64)
    w = a.shape[1]
    x = np.arange(w, dtype=np.float64)
    t = np.clip((x - 0.45 * w) / (0.2 * w), 0.0, 1.0)
    src = np.clip(x - push * spacing * t * t * (3 - 2 * t), 0, w - 1)
    i0 = np.floor(src).astype(int)
    i1 = np.minimum(i0 + 1, w - 1)
    f = (src - i0)[None, :, None]
    out = a[:, i0] * (1 - f) + a[:, i1] * f
    return Image.fromarray(np.clip(np.rint(out), 0, 255).astype(np.uint8))


def _waved(img: Image.Image, amp: float, period: float) -> Image.Image:
    """Each row of the print shifted sideways by ``amp`` px * sin(2 pi y / ``period``) (a wavy sheet)."""
    a = np.asarray(img)
    h, w = a.shape[:2]
    x = np.arange(w)
    y = np.arange(h)
    sx = np.clip(x[None, :] + amp * np.sin(2 * np.pi * y[:, None] / period), 0, w - 1).astype(int)
    return Image.fromarray(a[y[:, None], sx])


def _run(path, truth, europa: bool = False) -> tuple[dict, str]:
    lay, g = truth.layout, truth.grid
    # clicks on the flat left part of the sheet, 2 px off their centres
    args = [f"--point={k}={lay.hex_to_pixel(g.hex(k))[0] + 2:.1f},{lay.hex_to_pixel(g.hex(k))[1] - 2:.1f}"
            for k in ("0202", "0903", "0212", "0913")]
    if europa:  # the same hexes as Europa ids of sheet 35 (its columns are the ccrr rows, its rows the columns)
        args = [a.replace(f"={k}=", f"=35:{k[2:]}{k[:2]}=") for a, k in zip(args, ("0202", "0903", "0212", "0913"),
                                                                              strict=True)]
        args += ["--numbering", "europa", "--orientation", "flat"]
    r = CliRunner().invoke(cli, ["map", "calibrate", str(path), *args, "--columns", "1:20", "--rows", "1:14",
                                 "--json"])
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout), r.stderr


def test_a_flat_print_has_no_warning(flat_scan, tmp_path):
    img, truth = flat_scan
    img.save(tmp_path / "flat.png")
    rep, err = _run(tmp_path / "flat.png", truth)
    assert "warning" not in err
    fit = rep["local_fit"]
    assert fit["off"] == [] and fit["warn_hex"] == BEND_WARN and fit["block_hexes"] == 4 and fit["unjudged"] == 0
    assert fit["blocks"] >= 12 and fit["worst_hex"] < 0.02
    assert "line_rms_px" in rep and "grid" in rep  # the keys of before, unchanged


def test_a_sheet_bent_on_one_side_is_named(flat_scan, tmp_path):
    img, truth = flat_scan
    spacing = 2 * truth.layout.inradius()
    _bent(img, spacing).save(tmp_path / "bent.png")
    rep, err = _run(tmp_path / "bent.png", truth)
    off = rep["local_fit"]["off"]
    assert off, rep["local_fit"]
    # the blocks named are on the bent right third (columns 14-20), none on the flat left half
    for b in off:
        first, last = b["hexes"].split(":")
        assert (b["first"], b["last"]) == (first, last)
        assert int(first[:2]) >= 13 and int(last[:2]) >= 16, b
        assert b["offset_hex"] >= BEND_WARN and b["offset_px"] == pytest.approx(b["offset_hex"] * spacing, abs=0.2)
    assert "\nwarning:" not in "\n" + err  # every warning of wgt starts "wgt: warning: "
    warning = [ln for ln in err.splitlines() if ln.startswith("wgt: warning: ")]
    assert len(warning) == 1
    assert f"hexes {off[0]['hexes']}" in warning[0] and f"by {off[0]['offset_px']:.1f} px" in warning[0]


def test_bends_of_the_flat_and_the_bent_print(flat_scan):
    img, truth = flat_scan
    grid = Grid(truth.grid.numbering, truth.grid.extent, truth.layout)
    assert max(b.fraction for b in bends(img, grid)) < 0.02
    bent = bends(_bent(img, 2 * truth.layout.inradius()), grid)
    assert bent[0].fraction > 0.08 and int(bent[0].first[:2]) >= 13


def test_a_step_past_the_line_search_is_measured_from_a_neighbour(flat_scan, tmp_path):
    # half a hex: beyond the first window (0.17 of a hex) from the whole grid; the old check left the pushed blocks
    # out (9 blocks judged, the worst 0.11 on the flat side of the fold); each is refined again from its judged
    # neighbour's fit, block by block across the fold
    img, truth = flat_scan
    spacing = 2 * truth.layout.inradius()
    _bent(img, spacing, 0.5).save(tmp_path / "bent.png")
    rep, err = _run(tmp_path / "bent.png", truth)
    fit = rep["local_fit"]
    assert fit["blocks"] == 15 and fit["unjudged"] == 0
    assert fit["worst_hex"] == pytest.approx(0.5, abs=0.02)
    pushed = [b for b in fit["off"] if b["offset_hex"] > 0.45]
    assert len(pushed) == 6 and all(int(b["first"][:2]) >= 13 for b in pushed)
    assert "by 26." in err and "(0.50 of a hex)" in err


def test_a_wavy_sheet_no_block_follows_warns(flat_scan, tmp_path):
    # every row shifted by 15 px * sin(2 pi y / 200) (0.29 of a hex): the whole grid still refines (rms 0.36 px on
    # the rows near the zero crossings) but no block of 4x4 hexes can be followed; the old check said nothing
    img, truth = flat_scan
    _waved(img, 15.0, 200.0).save(tmp_path / "wave.png")
    rep, err = _run(tmp_path / "wave.png", truth)
    fit = rep["local_fit"]
    assert fit["blocks"] == 0 and fit["unjudged"] == 15 and fit["off"] == [] and rep["line_rms_px"] < 1
    warning = [ln for ln in err.splitlines() if "warning" in ln]
    assert warning == [
        "wgt: warning: the printed hex lines in 15 of 15 blocks of 4x4 hexes could not be followed at all (more than "
        "0.17 of a hex off, or no hex lines there: a chart, the sea, the map's edge), and no block could be judged: "
        "the sheet may not be flat (a fold, a curl, a wave) and one grid cannot follow it; check the map with "
        "'wgt map tiles'"]


def test_europa_blocks_are_named_as_tiles_takes_them(flat_scan, tmp_path):
    # a Europa id holds a colon itself: "35:0913:35:1216" is no box 'wgt map tiles --hexes' reads; the entry has
    # first and last, and the warning writes the range "35:0913 to 35:1216"
    img, truth = flat_scan
    _bent(img, 2 * truth.layout.inradius()).save(tmp_path / "bent.png")
    rep, err = _run(tmp_path / "bent.png", truth, europa=True)
    off = rep["local_fit"]["off"]
    assert off and all(b["first"].startswith("35:") and b["last"].startswith("35:") for b in off)
    assert off[0]["hexes"] == f"{off[0]['first']}:{off[0]['last']}"  # the key of before, unchanged
    assert f"in hexes {off[0]['first']} to {off[0]['last']}, {off[1]['first']} to {off[1]['last']} " in err
    assert f"{off[0]['first']}:{off[0]['last']}" not in err


def test_the_docs_example_is_what_the_command_prints(monkeypatch):
    # docs/calibrate.md shows the Seelowe run (the grid of heldout/seelowe.yaml widened to 01-28 x 01-42): the same
    # six blocks and offsets, formatted by the command, give the doc's line exactly
    from pathlib import Path

    from toolkit.cli import map_scan
    from toolkit.terrain import calibrate as cal

    seelowe = [("1742", "2039", 10.92), ("1342", "1639", 10.2), ("1738", "2035", 8.24), ("1338", "1635", 8.06),
               ("1334", "1631", 6.34), ("1734", "2031", 6.11)] + [("0101", "0404", 1.0)] * 64
    judged = [cal.Bend(f, la, px, 92.7, 200) for f, la, px in seelowe]
    monkeypatch.setattr(cal, "local_fit", lambda img, grid: cal.LocalFit(judged, [], 0))
    said: list[str] = []
    monkeypatch.setattr(map_scan, "_say", said.append)
    map_scan._bends(None, None)
    doc = (Path(__file__).parents[2] / "docs" / "calibrate.md").read_text(encoding="utf-8")
    assert said and said[0] in doc.splitlines()


def test_tiles_takes_the_europa_range_the_warning_prints(tmp_path):
    # the warning writes a Europa block "35:0913 to 35:1216"; 'wgt map tiles --hexes' takes that, and the
    # FIRST:LAST box of two Europa ids (before: "--hexes takes hex ids or FIRST:LAST boxes ..., not '35:0913:35:1216'")
    from toolkit.hexgrid.numbering import Europa
    from toolkit.terrain.offmap import parse_cells

    grid = Grid.spanning(Europa(), "35:0101", "35:2020")
    nb = grid.numbering
    box = parse_cells(grid, ["35:0913 to 35:1216"], "--hexes")
    assert box == parse_cells(grid, ["35:0913:35:1216"], "--hexes") == parse_cells(grid, ["35:1216:35:0913"], "--hexes")
    first, last = nb.parse("35:0913"), nb.parse("35:1216")
    assert box == {(c, r) for c in range(min(first[0], last[0]), max(first[0], last[0]) + 1)
                   for r in range(min(first[1], last[1]), max(first[1], last[1]) + 1)}
    assert len(box) == 16 and parse_cells(grid, ["35:0913"], "--hexes") == {first}


def _ticked():
    from .test_conventions import _ticked_print

    lay, grid, im, _ = _ticked_print("even")
    clicks = [f"--point={h}={lay.hex_to_pixel(grid.hex(h))[0]:.1f},{lay.hex_to_pixel(grid.hex(h))[1]:.1f}"
              for h in ("0202", "1002", "0111", "1011")]
    return lay, grid, im, clicks


def test_a_print_of_corner_ticks_is_judged_on_the_marks_it_has(tmp_path):
    # bend notes 1 (user45's S3): La Garde avance! draws no hex outlines, only a tick of each side at every corner;
    # its 4x4 blocks hold 19-83 line measurements of the 120 a block of outlines gives, and every block was left
    # unjudged: "the sheet may not be flat" on a flat print. A block is asked for the share of 120 the print's
    # marks can give (ticks to 0.28 of the side: 3 of the 7 places), and this flat tick print is judged, unwarned
    _, _, im, clicks = _ticked()
    im.save(tmp_path / "ticks.png")
    r = CliRunner().invoke(cli, ["map", "calibrate", str(tmp_path / "ticks.png"), *clicks, "--extent", "0101:1112",
                                 "--json"])
    assert r.exit_code == 0, r.stderr
    assert "warning" not in r.stderr and "flat" not in r.stderr, r.stderr
    fit = json.loads(r.stdout)["local_fit"]
    assert fit["blocks"] >= 6 and fit["worst_hex"] < 0.02 and fit["off"] == []


def test_the_share_of_places_marked(flat_scan):
    from toolkit.terrain.calibrate import marked_places, to_gray

    lay, grid, im, _ = _ticked()
    assert marked_places(to_gray(im), lay, grid.hexes()) == (0, 1, 6)  # ticks to 0.28 of a side: 0.2, 0.3, 0.8
    img, truth = flat_scan
    every = tuple(range(7))
    assert marked_places(to_gray(img), truth.layout, truth.grid.hexes()) == every
    # a wavy sheet loses its lines evenly along the sides: every place is still marked, 120 asked of each block
    assert marked_places(to_gray(_waved(img, 15.0, 200.0)), truth.layout, truth.grid.hexes()) == every


def test_a_wavy_sheet_of_corner_ticks_still_warns(tmp_path):
    # the same tick print, every row shifted 8 px * sin(2 pi y / 200) (0.12 of a hex): the ticks are found all
    # along the sides of the one grid, so each block is asked for 120 and none is judged: warned as before
    _, _, im, clicks = _ticked()
    _waved(im, 8.0, 200.0).save(tmp_path / "wave.png")
    r = CliRunner().invoke(cli, ["map", "calibrate", str(tmp_path / "wave.png"), *clicks, "--extent", "0101:1112",
                                 "--json"])
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["local_fit"]["blocks"] == 0
    assert "no block could be judged: the sheet may not be flat (a fold, a curl, a wave)" in r.stderr


def _tick_sheet(columns: int = 20, rows: int = 14):
    """A wider print of corner ticks (``_ticked_print``'s kind: no outlines, a dark tick to 0.28 of each side at
    every corner, mid-green paper, 39.3 px hexes, shifted even): its layout, grid and picture."""
    from PIL import ImageDraw

    from toolkit.hexgrid import CCRR, Extent, Layout, OffsetSystem

    lay = Layout.regular("flat", 39.3, (50.0, 50.0))
    grid = Grid(CCRR(2, 2, offset=OffsetSystem("flat", "even")), Extent(1, columns, 1, rows), lay)
    im = Image.new("RGB", (round(59 * columns + 60), round(68.1 * rows + 90)), (157, 178, 113))
    d = ImageDraw.Draw(im)
    corner_ticks(d, lay, grid.hexes())
    return lay, grid, im


def test_a_fold_in_a_print_of_corner_ticks_is_named(tmp_path):
    # review46 R1: measured at the ticks only, a fold is seen from about 0.12 of a hex (outlines: 0.10); the print
    # right of the sheet's middle pushed 0.12 of a hex right is named there, the flat print is not warned
    lay, grid, im = _tick_sheet()
    clicks = [f"--point={h}={lay.hex_to_pixel(grid.hex(h))[0]:.1f},{lay.hex_to_pixel(grid.hex(h))[1]:.1f}"
              for h in ("0202", "0903", "0212", "0913")]
    for name, picture in (("flat", im), ("bent", _bent(im, 2 * lay.inradius(), 0.12))):
        picture.save(tmp_path / f"{name}.png")
        r = CliRunner().invoke(cli, ["map", "calibrate", str(tmp_path / f"{name}.png"), *clicks, "--columns", "1:20",
                                     "--rows", "1:14", "--json"])
        assert r.exit_code == 0, r.stderr
        fit = json.loads(r.stdout)["local_fit"]
        if name == "flat":
            assert "warning" not in r.stderr and fit["off"] == [] and fit["blocks"] >= 12, (r.stderr, fit)
        else:
            assert fit["off"] and all(int(b["first"][:2]) >= 9 for b in fit["off"]), fit
            assert "the sheet was not flat there" in r.stderr
