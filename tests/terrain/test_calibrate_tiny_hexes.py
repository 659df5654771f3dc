"""Degenerate clicked points (hexes of a pixel or so, points on one line or at one place) are refused in one
line before any search over the image.

History: the long fuzz run of 2 Dec 2026 (seed 31) found three points a pixel apart on a 3000x3000 scan asking
numpy for 15.6 million hexes (MemoryError, exit 4); the refusal added then came after the search over numbering
conventions, so seed 41 (100,000 cases) still had 9 cases of ``map calibrate IMAGE --point 0101=0,0 --point
0201=1,0 --point 0102=0,1`` over its 30 s CPU limit (on a 400x400 image the leave-one-out search made 9 million
Hex objects: 10 s CPU on an idle machine). Each case runs ``wgt`` in a process of its own, bounded by a
subprocess timeout (not a timed assertion: the machine may be loaded); each now takes about 0.3 s.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from toolkit.cli.main import cli
from toolkit.errors import InputError
from toolkit.hexgrid import CCRR, Extent, Grid, OffsetSystem
from toolkit.terrain.calibrate import MIN_HEX_PX, fit_points

PIXEL_APART = ["0101=0,0", "0201=1,0", "0102=0,1"]  # the seed-41 hang
TINY = ("wgt: error: the clicked points make hexes of {size} px, too small for a scanned map (at least 4 px from "
        "centre to corner): give each point as the image pixel x,y of its hex's centre, on hexes spread over the map")
ON_ONE_LINE = ("wgt: error: the clicked points contradict each other: they lie on one line (or two hexes were "
               "clicked at one place); click hexes spread over the map")


def _scan(folder: Path, size: tuple[int, int], noise: bool = False) -> Path:
    scan = folder / f"s{size[0]}x{size[1]}.png"
    im = Image.effect_noise(size, 60).convert("RGB") if noise else Image.new("RGB", size, (200, 180, 20))
    im.save(scan)
    return scan


def _wgt(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "toolkit", *args], capture_output=True, text=True, timeout=60)


CASES = [
    # (image size, noise, points, extra options, the one line expected)
    ((400, 400), False, PIXEL_APART, [], TINY.format(size="0.62")),
    ((400, 400), False, PIXEL_APART, ["--no-refine"], TINY.format(size="0.62")),
    ((400, 400), True, PIXEL_APART, ["--shifted", "even"], TINY.format(size="0.62")),
    ((160, 400), False, PIXEL_APART, ["--row-direction", "up", "--col-direction", "left"], TINY.format(size="0.62")),
    ((400, 400), False, PIXEL_APART, ["--orientation", "pointy"], TINY.format(size="0.62")),
    ((400, 400), False, PIXEL_APART, ["--columns", "1:3", "--rows", "1:3"], TINY.format(size="0.62")),
    ((400, 400), False, PIXEL_APART, ["--extent", "0101:0303", "--no-refine"], TINY.format(size="0.62")),
    ((3000, 3000), False, PIXEL_APART, [], TINY.format(size="0.62")),
    ((61, 61), True, PIXEL_APART, [], TINY.format(size="0.62")),
    ((400, 400), False, ["0101=399,399", "0201=399,398", "0102=398,399"], [], TINY.format(size="0.62")),
    ((400, 400), False, ["0101=0,0", "0201=2,0", "0102=0,3"], [], TINY.format(size="1.5")),
    ((400, 400), False, ["0101=0,0", "0301=4,1", "0103=1,5"], [], TINY.format(size="1.4")),
    ((400, 400), False, ["0101=10,10", "0201=50,10", "0102=90,10"], [], ON_ONE_LINE),
    ((400, 400), False, ["0101=10,10", "0102=10,50", "0103=10,90"], ["--no-refine"], ON_ONE_LINE),
    ((400, 400), False, ["0101=0,0", "0201=1,0", "0102=0,1", "0505=150,150"], [], ON_ONE_LINE),
    ((400, 400), False, ["0101=5,5", "0201=5,5", "0102=50,80"], [],
     "wgt: error: the clicked points contradict each other: 0101 and 0201 are clicked at one place (0 px apart): "
     "click each hex at its own centre"),
    ((400, 400), False, ["0101=5,5", "0201=5.5,5", "0102=5,5.5"], [],
     "wgt: error: the clicked points contradict each other: 0101 and 0201 are clicked at one place (0.5 px apart): "
     "click each hex at its own centre"),
    ((400, 400), False, ["0101=99999999999999999999999,0", "0201=1,0", "0102=0,1"], [],
     "wgt: error: point 0101=1e+23,0 is off the image (400x400 pixels)"),
]


@pytest.mark.parametrize("size, noise, points, extra, message", CASES)
def test_degenerate_clicks_are_refused_in_one_line_at_once(tmp_path: Path, size: tuple[int, int], noise: bool,
                                                           points: list[str], extra: list[str], message: str) -> None:
    scan = _scan(tmp_path, size, noise)
    args = ["map", "calibrate", str(scan), "-o", str(tmp_path / "g.yaml"), *extra]
    for p in points:
        args += ["--point", p]
    r = _wgt(*args)
    assert (r.returncode, r.stdout, r.stderr) == (3, "", message + "\n")
    assert not (tmp_path / "g.yaml").exists()


def test_auto_with_one_point_a_pixel_from_the_corner_ends(tmp_path: Path) -> None:
    scan = _scan(tmp_path, (3000, 3000))
    r = _wgt("map", "calibrate", str(scan), "--auto", "--point", "0101=0,0", "--shifted", "odd", "--row-direction",
             "down", "--extent", "0101:3030")
    assert (r.returncode, r.stdout, r.stderr) == (
        3, "", "wgt: error: could not find the hex grid automatically; click 3 or more hex centres instead\n")


def test_in_process_too(tmp_path: Path) -> None:
    """The same refusal through click's runner (the fuzz harness runs wgt in-process)."""
    scan = _scan(tmp_path, (400, 400))
    r = CliRunner().invoke(cli, ["map", "calibrate", str(scan), "-o", str(tmp_path / "g.yaml"),
                                 *[a for p in PIXEL_APART for a in ("--point", p)]])
    assert (r.exit_code, r.stderr) == (3, TINY.format(size="0.62") + "\n")


def test_fit_points_refuses_hexes_under_the_minimum_and_keeps_those_at_it() -> None:
    grid = Grid(CCRR(offset=OffsetSystem("flat", "odd")), Extent(1, 40, 1, 40))

    def centres(size: float) -> dict[str, tuple[float, float]]:
        # flat-top, odd columns shifted down: column step 1.5 size, row step sqrt(3) size
        out = {}
        for hid in ("0101", "3001", "0130", "3030"):
            c, r = int(hid[:2]), int(hid[2:])
            out[hid] = (10 + 1.5 * size * (c - 1), 10 + 3 ** 0.5 * size * (r - 1 + (0.5 if c % 2 == 1 else 0.0)))
        return out

    assert fit_points(grid, centres(MIN_HEX_PX)).report()["size_px"] == pytest.approx(MIN_HEX_PX)
    with pytest.raises(InputError, match=r"^the clicked points make hexes of 3\.9 px, too small"):
        fit_points(grid, centres(0.98 * MIN_HEX_PX))
