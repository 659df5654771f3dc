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


@pytest.fixture(scope="module")
def flat_scan():
    return render_scan(random_terrain(20, 14, seed=7), 30.0, seed=7, rotation=0.5, stretch=1.002, text=False,
                       supersample=1)


def _bent(img: Image.Image, spacing: float) -> Image.Image:
    """The print right of the sheet's middle pushed right by 0.15 of a hex (a fold: the push grows smoothly over a
    fifth of the width, then stays): column x of the result shows column x - push(x) of the print."""
    a = np.asarray(img, dtype=np.float64)
    w = a.shape[1]
    x = np.arange(w, dtype=np.float64)
    t = np.clip((x - 0.45 * w) / (0.2 * w), 0.0, 1.0)
    src = np.clip(x - 0.15 * spacing * t * t * (3 - 2 * t), 0, w - 1)
    i0 = np.floor(src).astype(int)
    i1 = np.minimum(i0 + 1, w - 1)
    f = (src - i0)[None, :, None]
    out = a[:, i0] * (1 - f) + a[:, i1] * f
    return Image.fromarray(np.clip(np.rint(out), 0, 255).astype(np.uint8))


def _run(path, truth) -> tuple[dict, str]:
    lay, g = truth.layout, truth.grid
    # clicks on the flat left part of the sheet, 2 px off their centres
    args = [f"--point={k}={lay.hex_to_pixel(g.hex(k))[0] + 2:.1f},{lay.hex_to_pixel(g.hex(k))[1] - 2:.1f}"
            for k in ("0202", "0903", "0212", "0913")]
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
    assert fit["off"] == [] and fit["warn_hex"] == BEND_WARN and fit["block_hexes"] == 4
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
        assert int(first[:2]) >= 13 and int(last[:2]) >= 16, b
        assert b["offset_hex"] >= BEND_WARN and b["offset_px"] == pytest.approx(b["offset_hex"] * spacing, abs=0.2)
    warning = [ln for ln in err.splitlines() if ln.startswith("warning:")]
    assert len(warning) == 1
    assert f"hexes {off[0]['hexes']}" in warning[0] and f"by {off[0]['offset_px']:.1f} px" in warning[0]


def test_bends_of_the_flat_and_the_bent_print(flat_scan):
    img, truth = flat_scan
    grid = Grid(truth.grid.numbering, truth.grid.extent, truth.layout)
    assert max(b.fraction for b in bends(img, grid)) < 0.02
    bent = bends(_bent(img, 2 * truth.layout.inradius()), grid)
    assert bent[0].fraction > 0.08 and int(bent[0].first[:2]) >= 13
