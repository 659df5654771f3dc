"""Clicked points that make hexes of a pixel or less are refused in one line before any per-hex array is made
(the long fuzz run of 2 Dec 2026: three points a pixel apart on a 3000x3000 scan asked numpy for 15.6 million
hexes, a MemoryError and exit 4 under its 2 GiB limit)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from PIL import Image

from toolkit.cli.main import cli


def test_points_a_pixel_apart_are_refused(tmp_path: Path) -> None:
    scan = tmp_path / "s.png"
    Image.new("L", (3000, 3000), 200).save(scan)
    r = CliRunner().invoke(cli, ["map", "calibrate", str(scan), "-o", str(tmp_path / "g.yaml"),
                                 "--point", "0101=0,0", "--point", "0201=1,0", "--point", "0102=0,1"])
    assert r.exit_code == 3, r.output
    assert r.stderr == ("wgt: error: the grid makes hexes of 0.47 px on the 3000x3000 image (over 4,000,000 to "
                        "look at): check the clicked ids and points\n")
    assert not (tmp_path / "g.yaml").exists()
