"""The map's region padded out to the grid's corner (toolkit/terrain/extract.py ``_region``, 3b8938f) is made only
where it is read (``_RunOn``): a crop or a box's reduction from the scan and the run-on of that box alone, any other
use from the whole padded image (``_run_on``) made once. The same pixels either way, and the same extraction: the
bench's command (a grid running past the scan's top-left) had held a whole padded copy of its 6800x4400 scan beside
the scan (peak RSS 290 -> 421 MB)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from PIL import Image

from toolkit.terrain import extract as extract_module
from toolkit.terrain.extract import _region, _run_on, _RunOn, extract

from .test_crop_region import TIGHT, _cut, _legend, _sheet


def _scan(mode: str) -> Image.Image:
    rng = np.random.default_rng(7)
    return Image.fromarray(rng.integers(0, 256, (41, 57, 3), dtype=np.uint8)).convert(mode)


@pytest.mark.parametrize("mode", ["RGB", "L"])
@pytest.mark.parametrize(("left", "top"), [(0, 6), (9, 0), (9, 6), (1, 1), (70, 50)])
def test_a_crop_and_a_boxs_reduction_are_the_padded_images(mode: str, left: int, top: int) -> None:
    scan = _scan(mode)
    whole = _run_on(scan, left, top)
    w, h = whole.size
    xs, ys = sorted({0, 1, left - 1, left, left + 1, w // 2, w - 1, w} - {-1}), sorted(
        {0, 1, top - 1, top, top + 1, h // 2, h - 1, h} - {-1})
    for x0, x1 in itertools.combinations(xs, 2):
        for y0, y1 in itertools.combinations(ys, 2):
            lazy = _RunOn(scan, left, top)
            assert lazy.crop((x0, y0, x1, y1)).tobytes() == whole.crop((x0, y0, x1, y1)).tobytes()
            for f in (2, 3, (2, 3)):
                assert lazy.reduce(f, (x0, y0, x1, y1)).tobytes() == whole.reduce(f, (x0, y0, x1, y1)).tobytes()
            assert lazy._im is None  # nothing made whole
    # boxes reaching off the image, and every other use: from the whole padded image
    lazy = _RunOn(scan, left, top)
    assert lazy.crop((-3, -2, w + 4, 5)).tobytes() == whole.crop((-3, -2, w + 4, 5)).tobytes()
    assert lazy.size == whole.size and lazy.mode == whole.mode
    assert np.array_equal(np.asarray(_RunOn(scan, left, top)), np.asarray(whole))
    assert _RunOn(scan, left, top).convert("L").tobytes() == whole.convert("L").tobytes()
    assert _RunOn(scan, left, top).getpixel((0, 0)) == whole.getpixel((0, 0))


def test_strips_read_as_the_colour_step_reads_them() -> None:
    """Strips of whole blocks across the image (extract_raster._feature_images): a run-on on the block lines is
    reduced from the scan itself, one off them from the box's crop; both as the whole padded image's."""
    scan = _scan("RGB").resize((230, 190))
    for left, top, f in ((118, 110, 2), (9, 6, 3), (4, 0, 2), (5, 7, 2), (0, 0, 3)):
        whole = _run_on(scan, left, top)
        for rows in (1, 7, 50):
            for y0 in range(0, whole.height, rows * f):
                box = (0, y0, whole.width, min(whole.height, y0 + rows * f))
                lazy = _RunOn(scan, left, top)
                assert lazy.reduce(f, box).tobytes() == whole.reduce(f, box).tobytes()
                assert lazy._im is None


def test_a_tight_cut_reads_the_same_with_the_region_made_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """The drawn sheet's map cut tight at its top-left (the region padded there): read with the padding made where
    it is read and with it made whole (the old code), the same extraction; with a terrain-only legend (the bench
    command's) the padded image is never made whole."""
    sheet, grid = _sheet()
    terrain = {"terrain": {k: v for k, v in _legend()["terrain"].items() if k != "town"}}  # type: ignore[attr-defined]
    made: list[_RunOn] = []

    def lazy(part: Image.Image, left: int, top: int) -> _RunOn:
        made.append(_RunOn(part, left, top))
        return made[-1]

    for box in TIGHT[:3]:
        im, g = _cut(sheet, grid, box)
        for legend in (_legend(), terrain):
            monkeypatch.setattr(extract_module, "_RunOn", lazy)
            made.clear()
            new = extract(im, g, legend)
            assert len(made) == 1 and (made[0]._im is None) == (legend is terrain)
            monkeypatch.setattr(extract_module, "_RunOn", _run_on)
            old = extract(im, g, legend)
            assert new.hexes == old.hexes
            assert new.hexsides == old.hexsides and new.side_scores == old.side_scores
            assert new.symbols == old.symbols
        assert _region(im, g, _legend(), 60.0)[0].size == (1233 - 363, 1124 - 332)
