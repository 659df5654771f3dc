"""extract._window_darkest: each colour block's least luma over its window (the blocks within the masked local
mean's radius), checked against a direct reading of the pixels - on images whose sides are no multiple of the block,
where the last row and column of blocks lie partly on the image (the corner block among them: it read 255, paper,
before 2026-12-07 whatever its pixels held)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from toolkit.terrain.extract import _Measures, _window_darkest
from toolkit.terrain.extract_raster import _blocks, _smooth_radius


def _direct(luma: np.ndarray, f: int, r: int, shape: tuple[int, int]) -> np.ndarray:
    """The least pixel of each block's window, block by block."""
    h, w = shape
    out = np.empty((h, w), np.uint8)
    for i in range(h):
        for j in range(w):
            win = luma[max(0, i - r) * f:(i + r + 1) * f, max(0, j - r) * f:(j + r + 1) * f]
            out[i, j] = win.min() if win.size else 255
    return out.reshape(-1)


def _measures(rgb: np.ndarray, size: float) -> tuple[_Measures, int, int, tuple[int, int]]:
    f = _blocks(size)[2]
    shape = (-(-rgb.shape[0] // f), -(-rgb.shape[1] // f))
    return _Measures(Image.fromarray(rgb, "RGB"), size, shape, 30.0), f, _smooth_radius(size, f), shape


def test_a_dark_pixel_in_the_corner_block() -> None:
    # hexes of 40 px: blocks of 4, radius 2 or more; a 42 x 42 image leaves a last row and column of 2 px
    rgb = np.full((42, 42, 3), 240, np.uint8)
    rgb[41, 41] = (20, 20, 20)
    m, f, r, shape = _measures(rgb, 40.0)
    assert (f, shape) == (4, (11, 11))
    darkest = _window_darkest(m).reshape(shape)
    luma = int(np.asarray(Image.fromarray(rgb[41:, 41:], "RGB").convert("L"))[0, 0])
    assert darkest[10, 10] == luma  # read 255 before: the corner block was left out
    assert darkest[10 - r, 10 - r] == luma and darkest[9 - r, 10] == 240
    np.testing.assert_array_equal(darkest.reshape(-1), _direct(np.asarray(m.image.convert("L")), f, r, shape))


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 60), st.integers(1, 60), st.sampled_from([12.0, 25.0, 40.0, 66.0, 95.0]),
       st.integers(0, 2**32 - 1))
def test_matches_the_pixels_read_directly(height: int, width: int, size: float, seed: int) -> None:
    rgb = np.random.default_rng(seed).integers(0, 256, (height, width, 3), dtype=np.uint8)
    m, f, r, shape = _measures(rgb, size)
    want = _direct(np.asarray(m.image.convert("L")), f, r, shape)
    np.testing.assert_array_equal(_window_darkest(m), want)
