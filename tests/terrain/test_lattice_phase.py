"""What extraction learns from the legend's example hexes does not move with where the lattice of its colour blocks
lies on the map (issue 14): the examples are read with the blocks laid at every offset of the lattice at once
(toolkit/terrain/extract_raster.py ``dense_colours``, ``phase_samples``; pattern.py ``dense_pattern``;
extract.py ``_dense_examples``). On the one lattice Seelowe's target colour moved b* 42.5-47.4 and its fields and
target were told apart by pattern at some offsets only: region 1 read 101 or 110 of 120 hexes right as the lattice
moved a pixel (``python -m benchmarks phase --lattice``)."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from toolkit.terrain import extract as ex
from toolkit.terrain import pattern
from toolkit.terrain.colour import rgb_to_lab
from toolkit.terrain.extract_raster import _blocks, _feature_image, _smooth_radius, dense_colours

from . import test_graded_bands as graded
from . import test_pattern as checks
from .drawn import lattice_offset


def _noise(seed: int) -> Image.Image:
    a = (np.random.default_rng(seed).random((300, 330, 3)) * 255).astype(np.uint8)
    a[::7] = 20  # ink rows
    return Image.fromarray(a)


@pytest.mark.parametrize("size", [30.0, 54.0, 75.0])  # blocks of 3, 5 (one reduction) and 6 px (by 2, then 3)
def test_the_dense_colours_at_the_lattice_are_its_blocks(size):
    im = _noise(1)
    fi = _feature_image(im, size, 35.0, [(200, 50, 50)])
    pre, f2, f = _blocks(size)
    r = _smooth_radius(size, f)
    dense = dense_colours(im, size, 35.0, [(200, 50, 50)])
    assert len(dense) == pre * pre
    qx, qy, mean, valid = dense[0]
    assert (qx, qy) == (0, 0)
    rows = np.arange(r, fi.valid.shape[0] - r - 1)
    cols = np.arange(r, fi.valid.shape[1] - r - 1)
    at = np.ix_((rows - r) * f2, (cols - r) * f2)  # entry (y, x) is the block r blocks on from (pre x, pre y)
    ok = fi.valid[np.ix_(rows, cols)]
    assert np.array_equal(valid[at], ok)
    lab = rgb_to_lab(np.clip(mean[at], 0, 255).astype(np.float32))
    # the blocks' means are rounded to 8 bits (Pillow's reduce), the dense ones not
    assert np.abs(lab - fi.lab[np.ix_(rows, cols)])[ok].max() < 0.6


def test_the_dense_pattern_at_the_lattice_is_the_blocks_pattern():
    im, _ = checks._board()
    size = 50.0
    _, f2, f = _blocks(size)
    r = _smooth_radius(size, f)
    shape = (640 // f, 700 // f)
    blocks = pattern.edge_density(im, size, shape, 35.0)
    dense = pattern.dense_pattern(im, size, 35.0, 0, 0)
    rows, cols = np.arange(r + 1, shape[0] - r - 2), np.arange(r + 1, shape[1] - r - 2)
    assert np.allclose(dense[np.ix_((rows - r) * f2, (cols - r) * f2)], blocks[np.ix_(rows, cols)], equal_nan=True,
                       rtol=1e-5)


def test_the_pairs_told_apart_do_not_move_with_the_lattice(monkeypatch):
    """The woods' checks and the fields' flat tint: the pair, its threshold and the shares it misreads are the same
    at every offset (on the one lattice the threshold moved with it), and every hex reads right at each."""
    learned = []
    learn = ex.learn_pairs

    def keep(*a):
        told = learn(*a)
        learned.append(told)
        return told

    im, grid = checks._board()
    for kx, ky in ((0, 0), (1, 0), (0, 3), (2, 4), (4, 4)):
        lattice_offset(monkeypatch, kx, ky)
        monkeypatch.setattr(ex, "learn_pairs", keep)
        got = checks._read(ex.extract(im, grid, checks._legend(), features=False))
        assert got["woods"] == checks.WOODS and got["fields"] == checks.FIELDS
        monkeypatch.undo()
    assert len(learned) == 5 and learned[0] and all(t == learned[0] for t in learned)


# on the one lattice the foot's light band read as sand at (0, 1), (1, 1) and (3, 1)
@pytest.mark.parametrize("kx, ky", [(0, 0), (0, 1), (1, 1), (3, 1), (2, 2), (5, 3)])
def test_the_lightest_band_of_a_graded_class_is_that_class_at_every_offset(monkeypatch, kx, ky):
    lattice_offset(monkeypatch, kx, ky)
    im, grid = graded._board()
    got = ex.extract(im, grid, graded.LEGEND, features=False).hexes
    assert {h for h, r in got.items() if r.terrain == "hills"} == graded.HILLS | graded.FOOT
