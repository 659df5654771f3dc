"""Hexes off the printed map (issue 14, usercheck "Not fixed" 2): an L-shaped map on a rectangular image.

``wgt map calibrate`` writes as the extent's missing ids the hexes named with ``--off-map`` and the hexes that are one
flat colour (no hex line, id or terrain) reached from the extent's edge; ``--on-map`` and ``--keep-blank`` keep them.
Before, every hex of the extent was written, and The Longest Day's grey off-map corner was extracted as city."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
import yaml
from click.testing import CliRunner
from PIL import ImageDraw

from toolkit.cli.main import cli
from toolkit.hexgrid import Grid
from toolkit.terrain.offmap import blank_cells, id_ranges, off_map

from .drawn import blank_board

GREY = (186, 188, 185)
# the grey beyond the map: the top right (x >= 250, y < 130) and a strip along the bottom left (x < 90, y >= 300)
OFF_BOXES = ((250, 0, 420, 130), (0, 300, 90, 420))


def _board():
    lay, grid, im, d = blank_board(12, 10, size=20.0, origin=(30.0, 30.0), image=(420, 420))
    for box in OFF_BOXES:
        d.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=GREY)
    # a blank hex inside the map: 0605 and its lines painted over with the paper (a flat area in the map)
    x, y = lay.hex_to_pixel(grid.hex("0605"))
    ImageDraw.Draw(im).ellipse((x - 32, y - 32, x + 32, y + 32), fill=(250, 248, 240))
    return lay, grid, im


def _inside(box, pts, margin):
    return all(box[0] + margin <= x <= box[2] - margin and box[1] + margin <= y <= box[3] - margin for x, y in pts)


def _expected(lay, grid):
    """Hexes wholly in the grey (every corner at least 1 px inside it); and those the grey's edge cuts."""
    off, cut = set(), set()
    for h in grid.hexes():
        corners = lay.corners(h)
        if any(_inside(b, corners, 1) for b in OFF_BOXES):
            off.add(grid.id(h))
        elif any(any(_inside(b, [p], 0) for p in corners) for b in OFF_BOXES):
            cut.add(grid.id(h))
    return off, cut


def _clicks(lay, grid, ids=("0102", "0909", "0203", "1010")):
    out = []
    for i in ids:
        x, y = lay.hex_to_pixel(grid.hex(i))
        out += ["--point", f"{i}={x + 1.5:.1f},{y - 1:.1f}"]
    return out


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    lay, grid, im = _board()
    path = tmp_path_factory.mktemp("offmap") / "map.png"
    im.save(path)
    return lay, grid, im, str(path)


def test_blank_hexes_beyond_the_printed_edge_are_off_the_map(drawn):
    lay, grid, im, _ = drawn
    off, cut = _expected(lay, grid)
    assert len(off) == 9 and len(cut) == 13
    found_off, inside = off_map(grid, blank_cells(im, grid))
    assert {grid.numbering.format(*c) for c in found_off} == off  # every wholly grey hex, no hex the edge cuts
    assert {grid.numbering.format(*c) for c in inside} == {"0605"}  # blank, but inside the map: only reported
    assert id_ranges(grid, {(1, 1), (1, 2), (1, 3), (1, 5), (2, 4)}) == ["0101:0103", "0105", "0204"]


def test_cli_writes_them_as_missing_and_says_so(drawn, tmp_path):
    lay, grid, _, path = drawn
    off, _ = _expected(lay, grid)
    out = tmp_path / "grid.yaml"
    r = CliRunner().invoke(cli, ["map", "calibrate", path, *_clicks(lay, grid), "--extent", "0101:1210", "-o",
                                 str(out)])
    assert r.exit_code == 0, r.stderr
    written = Grid.from_dict(yaml.safe_load(out.read_text())["grid"])
    assert {written.numbering.format(*c) for c in written.extent.missing} == off
    assert len(written) == 120 - 9
    assert ("left out 9 hexes that show no printed hex line, id or terrain (one flat colour), reached from the "
            "extent's edge - off the map: 0108:0110 0901 1001:1002 1101 1201:1202 (--on-map IDS keeps some, "
            "--keep-blank all)") in r.stderr
    assert ("kept 1 blank hexes inside the map (one flat colour, no hex line): 0605; check them (--off-map IDS "
            "leaves them out)") in r.stderr
    assert written.layout is not None
    # the lines are drawn to the pixel
    assert max(math.dist(written.layout.hex_to_pixel(h), lay.hex_to_pixel(h)) for h in written.hexes()) < 1.0


def test_cli_off_map_on_map_and_keep_blank(drawn):
    lay, grid, _, path = drawn
    base = ["map", "calibrate", path, *_clicks(lay, grid), "--extent", "0101:1210", "--json"]
    r = CliRunner().invoke(cli, [*base, "--keep-blank"])
    assert r.exit_code == 0, r.stderr
    assert "missing" not in json.loads(r.stdout)["grid"]["extent"]
    r = CliRunner().invoke(cli, [*base, "--keep-blank", "--off-map", "0605,1205:1206", "--off-map", "0701"])
    assert r.exit_code == 0, r.stderr
    rep = json.loads(r.stdout)
    assert rep["grid"]["extent"]["missing"] == ["0605", "0701", "1205", "1206"]
    assert rep["off_map_given"] == ["0605", "0701", "1205", "1206"] and "off_map_blank" not in rep
    r = CliRunner().invoke(cli, [*base, "--on-map", "0108:0210"])
    assert r.exit_code == 0, r.stderr
    rep = json.loads(r.stdout)
    assert len(rep["off_map_blank"]) == 6 and "0109" not in rep["grid"]["extent"]["missing"]
    assert rep["blank_kept"] == ["0605"]


@pytest.mark.parametrize("args, message", [
    (["--off-map", "01x1"], "wgt: error: --off-map 01x1: "),
    (["--off-map", "0101:"], "wgt: error: --off-map takes hex ids or FIRST:LAST boxes (e.g. 0101 or 0101:1530), "
                             "not '0101:'\n"),
    (["--off-map", "0101:1399"], "wgt: error: --off-map 0101:1399: not inside the map's extent (0101 to 1210)\n"),
    (["--off-map", "0909"], "wgt: error: hex 0909 is clicked and given with --off-map: a clicked hex is on the map\n"),
    (["--off-map", "0303", "--on-map", "0303"], "wgt: error: hex 0303 is given with both --off-map and --on-map\n"),
    (["--off-map", "0101:1210"], "wgt: error: hex 0102 is clicked and given with --off-map: a clicked hex is on the "
                                 "map\n"),
])
def test_cli_bad_off_map_is_one_line(drawn, args, message):
    lay, grid, _, path = drawn
    r = CliRunner().invoke(cli, ["map", "calibrate", path, *_clicks(lay, grid), "--extent", "0101:1210", *args])
    assert r.exit_code == 3
    assert r.stderr.startswith(message) and r.stderr.count("\n") == 1


# --- The Longest Day's whole map ----------------------------------------------------------------------------------

TLD = ("uckelman__tld-mod", "Map_Full.png")
TLD_CLICKS = ["--point", "0503=259,193", "--point", "4003=2200,159", "--point", "1038=532,2393", "--point",
              "4045=2199,2847"]


def test_tld_whole_map_leaves_out_the_grey_and_keeps_every_labelled_hex(boards):
    """The Longest Day's map is L-shaped on a 5340x5024 image; the rest is a flat grey (186,188,185) that the
    extraction read as city. 1,758 hex centres of the extent 0101:9679 lie on that grey; 1,638 hexes are grey with
    a band around them and are left out; the other 120 hold a piece of the map or come within a band's width of its
    edge, and are kept. No labelled hex is left out."""
    from pathlib import Path

    from toolkit.terrain.calibrate import open_image

    board = str(boards.joinpath(*TLD))
    r = CliRunner().invoke(cli, ["map", "calibrate", board, *TLD_CLICKS, "--extent", "0101:9679", "--json"])
    assert r.exit_code == 0, r.stderr
    grid = Grid.from_dict(json.loads(r.stdout)["grid"])
    missing = {grid.numbering.format(*c) for c in grid.extent.missing}
    assert len(missing) == 1638
    rgb = np.asarray(open_image(board))
    assert grid.layout is not None
    for hid in missing:  # every hex left out is grey at its centre and at its six corners
        h = grid.numbering.hex_of(hid)
        for x, y in [grid.layout.hex_to_pixel(h), *grid.layout.corners(h)]:
            xi, yi = min(int(x), rgb.shape[1] - 1), min(int(y), rgb.shape[0] - 1)
            if xi >= 0 and yi >= 0:
                assert tuple(rgb[yi, xi]) == (186, 188, 185), hid
    truth = Path(__file__).parent / "truth"
    for f in ("the-longest-day.yaml", "heldout/the-longest-day-2.yaml", "heldout/the-longest-day-3.yaml",
              "heldout/the-longest-day-4.yaml"):
        labelled = set(yaml.safe_load((truth / f).read_text())["hexes"])
        assert not labelled & missing, f


def test_a_huge_mistyped_box_is_refused_before_it_is_listed():
    """``--off-map 0101:99999999999999`` (10^14 cells) was listed cell by cell before the extent check: the command
    took all the machine's memory and was killed. Run here under a 1.5 GB address-space limit, so that the old code
    fails with a MemoryError instead of taking the machine's memory."""
    import os
    import resource
    import subprocess
    import sys

    code = ("from toolkit.hexgrid import Grid\n"
            "from toolkit.errors import InputError\n"
            "from toolkit.terrain.offmap import parse_cells\n"
            "g = Grid.from_dict({'numbering': {'scheme': 'ccrr'}, 'extent': {'columns': [1, 12], 'rows': [1, 10]}})\n"
            "for spec in ('0101:99999999999999', '0101:0199999999'):\n"
            "    try:\n"
            "        parse_cells(g, [spec], '--off-map')\n"
            "    except InputError as exc:\n"
            "        print(exc)\n")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))

    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, preexec_fn=limit, env=env,
                       timeout=120)
    assert r.returncode == 0, r.stderr[-300:]
    assert r.stdout == ("--off-map 0101:99999999999999: not inside the map's extent (0101 to 1210)\n"
                        "--off-map 0101:0199999999: not inside the map's extent (0101 to 1210)\n")


def test_a_blank_hex_given_off_the_map_is_not_reported_kept(drawn):
    """0605 is blank inside the map; given with --off-map it is written as missing, and was still reported as 'kept 1
    blank hexes inside the map: 0605' (and under blank_kept)."""
    lay, grid, _, path = drawn
    r = CliRunner().invoke(cli, ["map", "calibrate", path, *_clicks(lay, grid), "--extent", "0101:1210", "--json",
                                 "--off-map", "0605"])
    assert r.exit_code == 0, r.stderr
    rep = json.loads(r.stdout)
    assert "0605" in rep["grid"]["extent"]["missing"] and rep["off_map_given"] == ["0605"]
    assert "blank_kept" not in rep and "kept 1 blank" not in r.stderr
    assert len(rep["off_map_blank"]) == 9


def test_an_extent_of_blank_hexes_only_says_so(tmp_path):
    """Every hex of the extent blank (clicks outside it, --no-refine): the error blamed --off-map, which was not
    given ('every hex of the extent would be off the map: check --off-map'), after a line saying they were left out."""
    from PIL import Image

    lay, grid, _ = _board()
    flat = tmp_path / "flat.png"
    Image.new("RGB", (420, 420), (200, 200, 200)).save(flat)
    r = CliRunner().invoke(cli, ["map", "calibrate", str(flat), *_clicks(lay, grid), "--extent", "0301:0310",
                                 "--no-refine"])
    assert r.exit_code == 3
    assert r.stderr.endswith("wgt: error: every hex of the extent shows no printed hex line, id or terrain (one flat "
                             "colour): check the image and the extent, or give --keep-blank\n")
    assert "left out" not in r.stderr
