"""Synthetic scans: the ground truth is consistent with the picture and the generator is deterministic."""

from __future__ import annotations

import hashlib
import math

import numpy as np
import pytest

from toolkit.terrain.calibrate import layout_shape
from toolkit.terrain.synthetic import PALETTE, legend_for, random_terrain, render_scan


@pytest.fixture(scope="module")
def small():
    m = random_terrain(8, 6, seed=21)
    return m, *render_scan(m, 30.0, seed=21)


def test_same_seed_same_bytes():
    a, _ = render_scan(random_terrain(5, 4, seed=3), 24.0, seed=3)
    b, _ = render_scan(random_terrain(5, 4, seed=3), 24.0, seed=3)
    assert hashlib.sha256(a.tobytes()).hexdigest() == hashlib.sha256(b.tobytes()).hexdigest()


def test_truth_fractions_sum_to_one_and_name_legend_terrains(small):
    _, _, truth = small
    assert set(truth.fractions) == set(truth.grid.ids())
    for fr in truth.fractions.values():
        assert math.isclose(sum(fr.values()), 1.0, abs_tol=1e-9)
        assert set(fr) <= set(PALETTE)


def test_edge_hexes_are_partial_and_inner_hexes_whole(small):
    _m, _, truth = small
    assert truth.visible["0303"] == pytest.approx(1.0, abs=0.01)
    assert truth.visible["0101"] < 0.95  # the image ends half a hex beyond the outer centres
    assert min(truth.visible.values()) < 0.8
    assert all(0 < v <= 1 for v in truth.visible.values())


def test_layout_is_the_rotated_stretched_grid(small):
    _, img, truth = small
    shape = layout_shape(truth.layout)
    assert shape["rotation_deg"] == pytest.approx(0.7, abs=1e-6)
    assert shape["stretch_xy"] == pytest.approx(1.004, abs=1e-4)
    assert shape["size_px"] == pytest.approx(30.0 * math.sqrt(1.004), abs=1e-3)
    # every hex centre is on the image
    for h in truth.grid.hexes():
        x, y = truth.layout.hex_to_pixel(h)
        assert 0 <= x < img.width and 0 <= y < img.height


def test_hex_lines_are_drawn_where_the_layout_says(small):
    """Pixels on predicted hexside midpoints are much darker than those at hex centres."""
    _, img, truth = small
    gray = np.asarray(img.convert("L"), dtype=np.float32)
    mids, centres = [], []
    for side in truth.grid.hexsides():
        (x1, y1), (x2, y2) = truth.layout.hexside_endpoints(side)
        mids.append(gray[round((y1 + y2) / 2), round((x1 + x2) / 2)])
    for h in truth.grid.hexes():
        x, y = truth.layout.hex_to_pixel(h)
        centres.append(gray[round(y), round(x)])
    assert np.median(mids) < np.median(centres) - 25


def test_truth_hexsides_are_keyed_by_sorted_ids(small):
    _, _, truth = small
    for key, feats in truth.hexsides.items():
        a, b = key.split("/")
        assert a < b and truth.grid.side_key(a, b) == key
        assert feats <= {"river", "road"}


def test_legend_for_samples_pure_whole_hexes(small):
    _, _, truth = small
    leg = legend_for(truth, seed=1)
    for name, spec in leg["terrain"].items():
        if isinstance(spec, dict):
            for hid in spec["hexes"]:
                assert truth.fractions[hid][name] >= 0.97 and truth.visible[hid] > 0.99
    assert leg["features"]["road"]["kind"] == "across"
