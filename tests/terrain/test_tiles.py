"""``wgt map tiles``: a calibrated scan cut into magnified pages with the grid and each hex's id drawn over it
(checking a calibration, labelling by eye)."""

from __future__ import annotations

import json

import numpy as np
import pytest
import yaml
from click.testing import CliRunner
from PIL import Image

from toolkit.cli.main import cli
from toolkit.terrain.synthetic import random_terrain, render_scan


@pytest.fixture(scope="module")
def scan(tmp_path_factory):
    img, truth = render_scan(random_terrain(6, 5, seed=3), 30.0, seed=3)
    d = tmp_path_factory.mktemp("tiles")
    img.save(d / "scan.png")
    (d / "grid.yaml").write_text(yaml.safe_dump({"grid": truth.grid.to_dict()}))
    return d, truth


def test_pages_cover_the_grid_in_blocks_with_the_outline_over_each_hex(scan, tmp_path):
    d, truth = scan
    out = tmp_path / "pages"
    r = CliRunner().invoke(cli, ["map", "tiles", str(d / "scan.png"), str(d / "grid.yaml"), str(out),
                                 "--per-page", "3", "--zoom", "2", "--json"])
    assert r.exit_code == 0, r.stderr
    pages = json.loads(r.stdout)["pages"]
    # 6 columns x 5 rows in blocks of 3 x 3: columns 1-3 and 4-6, rows 1-3 and 4-5
    assert [p.rsplit("/", 1)[1] for p in pages] == ["0101-0303.png", "0104-0305.png", "0401-0603.png",
                                                    "0404-0605.png"]
    assert sorted(p.name for p in out.iterdir()) == sorted(p.rsplit("/", 1)[1] for p in pages)
    page = np.asarray(Image.open(pages[0]).convert("RGB")).astype(int)
    # the page is the crop round hexes 0101-0303 enlarged twice, and the magenta outline is drawn on it
    lay = truth.layout
    xs = [x for c in range(1, 4) for rr in range(1, 4) for x, _ in lay.corners(truth.grid.hex(f"{c:02d}{rr:02d}"))]
    size = 30.0
    x0 = max(0, int(min(xs) - 0.3 * size))
    assert abs(page.shape[1] - 2 * (int(max(xs) + 0.3 * size) + 1 - x0)) <= 1
    magenta = (page[..., 0] == 255) & (page[..., 1] == 0) & (page[..., 2] == 255)
    assert magenta.sum() > 500


def test_only_the_hexes_asked_for_and_bad_ids_in_one_line(scan, tmp_path):
    d, _ = scan
    r = CliRunner().invoke(cli, ["map", "tiles", str(d / "scan.png"), str(d / "grid.yaml"), str(tmp_path / "p"),
                                 "--hexes", "0505,0201:0202"])
    assert r.exit_code == 0, r.stderr
    assert r.stdout.splitlines() == [str(tmp_path / "p" / "0201-0505.png")]  # one block of 8 x 8, cut round them
    whole = CliRunner().invoke(cli, ["map", "tiles", str(d / "scan.png"), str(d / "grid.yaml"), str(tmp_path / "w")])
    assert whole.stdout.splitlines() == [str(tmp_path / "w" / "0101-0605.png")]
    part, full = Image.open(tmp_path / "p" / "0201-0505.png"), Image.open(tmp_path / "w" / "0101-0605.png")
    assert part.width < full.width and part.height == full.height  # columns 2-5 of 1-6, rows 1-5 of 1-5
    r = CliRunner().invoke(cli, ["map", "tiles", str(d / "scan.png"), str(d / "grid.yaml"), str(tmp_path / "q"),
                                 "--hexes", "0909"])
    assert (r.exit_code, r.stderr) == (3, "wgt: error: --hexes 0909: not inside the map's extent (0101 to 0605)\n")
    assert not (tmp_path / "q").exists()


@pytest.mark.parametrize("case", ["zoom-nan", "folder-under-a-file", "folder-in-proc"])
def test_bad_zoom_or_folder_is_one_line(scan, tmp_path, case):
    """Were internal errors (exit 4): click's FloatRange lets nan through, and the folder was made with a bare
    mkdir."""
    d, _ = scan
    (tmp_path / "afile").write_text("x")
    folder, extra = str(tmp_path / "pages"), []
    if case == "zoom-nan":
        extra, message = ["--zoom", "nan"], "wgt: error: --zoom takes a number from 0.25 to 16, not nan\n"
    elif case == "folder-under-a-file":
        folder, message = str(tmp_path / "afile" / "sub"), f"wgt: error: output folder {tmp_path / 'afile'} is a file"
    else:
        folder, message = "/proc/wgt-no-such/pages", "wgt: error: cannot create folder /proc/wgt-no-such/pages ("
    r = CliRunner().invoke(cli, ["map", "tiles", str(d / "scan.png"), str(d / "grid.yaml"), folder, *extra])
    assert r.exit_code == 3, r.stderr
    assert r.stderr.startswith(message) and r.stderr.count("\n") == 1


@pytest.mark.parametrize("args, option", [(["--hexes", ""], "--hexes"), (["--hexes", " , "], "--hexes")])
def test_an_empty_list_of_hexes_is_said(scan, tmp_path, args, option):
    """An empty --hexes named no hex and passed (no page written, exit 0): it is one line, exit 3."""
    d, _ = scan
    r = CliRunner().invoke(cli, ["map", "tiles", str(d / "scan.png"), str(d / "grid.yaml"), str(tmp_path / "p"),
                                 *args])
    assert (r.exit_code, r.stderr) == (3, f"wgt: error: {option} names no hex (give hex ids or FIRST:LAST boxes, "
                                          "e.g. 0101 or 0101:1530)\n")
    assert not (tmp_path / "p").exists()


def test_an_empty_off_map_list_is_said(scan, tmp_path):
    d, _ = scan
    r = CliRunner().invoke(cli, ["map", "calibrate", str(d / "scan.png"), "--grid", str(d / "grid.yaml"), "--point",
                                 "0101=1,1", "--point", "0601=2,2", "--point", "0305=3,3", "--off-map", "",
                                 "-o", str(tmp_path / "g.yaml")])
    assert (r.exit_code, r.stderr) == (3, "wgt: error: --off-map names no hex (give hex ids or FIRST:LAST boxes, "
                                          "e.g. 0101 or 0101:1530)\n")


def test_a_box_of_hexes_is_cut_into_pages_from_its_own_first_column_and_row(scan, tmp_path):
    # user44: a 10 x 9 box from column 15, row 18 with --per-page 10 came out as four pages of 6 x 3 to 4 x 6
    # hexes, cut on the map's blocks (columns 11-20 and 21-30, rows 11-20 and 21-30), not round the box; here a
    # 3 x 3 box from column 2, row 2 with --per-page 3 is one page, not four (columns 1-3 and 4-6, rows 1-3 and 4-5)
    d, _ = scan
    r = CliRunner().invoke(cli, ["map", "tiles", str(d / "scan.png"), str(d / "grid.yaml"), str(tmp_path / "p"),
                                 "--hexes", "0202:0404", "--per-page", "3", "--json"])
    assert r.exit_code == 0, r.stderr
    assert [p.rsplit("/", 1)[1] for p in json.loads(r.stdout)["pages"]] == ["0202-0404.png"]
    # a box wider than a page: blocks of 3 from its first column and row (2-4, 5-6 x 2-4, 5)
    r = CliRunner().invoke(cli, ["map", "tiles", str(d / "scan.png"), str(d / "grid.yaml"), str(tmp_path / "q"),
                                 "--hexes", "0202:0605", "--per-page", "3", "--json"])
    assert r.exit_code == 0, r.stderr
    assert [p.rsplit("/", 1)[1] for p in json.loads(r.stdout)["pages"]] == ["0202-0404.png", "0205-0405.png",
                                                                            "0502-0604.png", "0505-0605.png"]
