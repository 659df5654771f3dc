"""The QA overlay: every hex's id and class readable at 100%, at a size scaled to the hex."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from toolkit.terrain.colour import lab_to_rgb
from toolkit.terrain.extract import (
    Extraction,
    HexResult,
    Legend,
    TerrainClass,
    draw_overlay,
    extract,
    overlay_scale,
)
from toolkit.terrain.extract_output import ID_EM, OVERLAY_HEX_PX
from toolkit.terrain.synthetic import legend_for, random_terrain, render_scan


@pytest.mark.parametrize("hex_px", [20.0, 54.0])
def test_hex_ids_are_drawn_legibly_scaled_to_the_hex(hex_px):
    m = random_terrain(8, 6, seed=7)
    _, truth = render_scan(m, hex_px, seed=7, rotation=0.0, stretch=1.0, text=False, supersample=1)
    # a blank sheet with nothing classified: the only black on the picture is the hex ids and the key
    blank = Image.new("RGB", (round(truth.layout.hex_to_pixel(truth.grid.hex("0806"))[0] + 2 * hex_px),
                              round(truth.layout.hex_to_pixel(truth.grid.hex("0806"))[1] + 2 * hex_px)), "white")
    leg = Legend((TerrainClass("clear", (95.0, 0.0, 0.0)),))
    hexes = {truth.grid.id(h): HexResult(None, 0.0, {}, 1.0, 1.0, "nothing to classify on the image")
             for h in truth.grid.hexes()}
    pic = draw_overlay(blank, Extraction(truth.grid, leg, hexes, {}))
    scale = overlay_scale(blank.size, hex_px)
    # small hexes are drawn bigger (20 px -> 48 px), hexes already big enough are not scaled
    assert scale == pytest.approx(OVERLAY_HEX_PX / 20.0 if hex_px == 20.0 else 1.0)
    assert pic.size == (round(blank.width * scale), round(blank.height * scale))
    size = hex_px * scale
    lay = truth.layout.scaled(scale)
    assert pic.mode == "P"  # one byte a pixel: cheap to write (issue 14 item 7)
    arr = np.asarray(pic.convert("RGB"))
    for hid in ("0203", "0304", "0404"):
        cx, cy = lay.hex_to_pixel(truth.grid.hex(hid))
        # the id is centred 0.45 hex above the centre; Source Sans digits are ~0.65 em high
        x0, y0, x1, y1 = round(cx - 0.8 * size), round(cy - size), round(cx + 0.8 * size), round(cy)
        dark = arr[y0:y1, x0:x1].max(axis=2) < 70
        rows, cols = np.flatnonzero(dark.any(axis=1)), np.flatnonzero(dark.any(axis=0))
        height, width = int(rows[-1] - rows[0] + 1), int(cols[-1] - cols[0] + 1)
        assert height >= 10  # legible at 100%
        assert abs(height - 0.65 * ID_EM * size) <= 2
        assert abs(y0 + (rows[0] + rows[-1]) / 2 - (cy - 0.45 * size)) <= 2
        assert abs(x0 + (cols[0] + cols[-1]) / 2 - cx) <= 2
        assert 1.6 * height < width < 1.6 * size  # four digits, inside the hex


def test_each_hex_shows_its_class_and_confidence():
    m = random_terrain(8, 6, seed=7)
    img, truth = render_scan(m, 54.0, seed=7, text=False)
    ext = extract(img, truth.grid, legend_for(truth, seed=7), features=False)
    pic = np.asarray(draw_overlay(img, ext).convert("RGB")).astype(int)
    plain = np.asarray(draw_overlay(img, Extraction(truth.grid, ext.legend, {}, {})).convert("RGB")).astype(int)
    lay = truth.layout
    for hid, r in ext.hexes.items():
        if r.review or r.visible < 1.0:
            continue
        cx, cy = lay.hex_to_pixel(truth.grid.hex(hid))
        # below the centre a white label with black text: "<class> <confidence>"
        band = pic[round(cy + 0.38 * 54):round(cy + 0.52 * 54), round(cx - 0.3 * 54):round(cx + 0.3 * 54)]
        assert (band.min(axis=2) > 200).mean() > 0.4 and (band.max(axis=2) < 90).any(), hid
        assert (np.abs(band - plain[round(cy + 0.38 * 54):round(cy + 0.52 * 54),
                                   round(cx - 0.3 * 54):round(cx + 0.3 * 54)]).sum(axis=2) > 60).mean() > 0.2


def test_a_big_scan_is_shrunk_only_as_far_as_legible_hexes_allow():
    assert overlay_scale((6800, 4400), 200.0) == pytest.approx(2400 / 6800)  # 70 px hexes at 2400 px
    assert overlay_scale((6800, 4400), 109.0) == pytest.approx(48 / 109)  # not 38 px: 48
    assert overlay_scale((6800, 4400), 30.0) == 1.6  # a small-hexed scan is drawn bigger
    assert overlay_scale((10_000, 100), 12.0) == pytest.approx(1.2)  # up to 12,000 px on the longest side


def _blank_extraction(n_terrains: int, review: tuple[str, ...] = ()) -> tuple[Image.Image, Extraction, list]:
    """A white 54-px-hex sheet whose hexes are classified in turn as one of ``n_terrains`` terrains; the hexes
    ``review`` are listed for review (mixed)."""
    m = random_terrain(8, 6, seed=7)
    _, truth = render_scan(m, 54.0, seed=7, rotation=0.0, stretch=1.0, text=False, supersample=1)
    blank = Image.new("RGB", (520, 560), "white")
    labs = [(40.0 + 50.0 * (i % 2), 60.0 * np.cos(i), 60.0 * np.sin(i)) for i in range(n_terrains)]
    leg = Legend(tuple(TerrainClass(f"t{i}", lab) for i, lab in enumerate(labs)))
    hexes = {}
    for i, h in enumerate(truth.grid.hexes()):
        hid, name = truth.grid.id(h), f"t{i % n_terrains}"
        hexes[hid] = HexResult(name, 1.0, {name: 1.0}, 0.0, 1.0, f"mixed: {name} only 40%" if hid in review else "")
    rgb = [tuple(int(c) for c in lab_to_rgb(lab)) for lab in labs]
    return blank, Extraction(truth.grid, leg, hexes, {}), rgb


@pytest.mark.parametrize("n_terrains", [3, 30])
def test_hex_middles_are_tinted_over_the_scan_exactly(n_terrains):
    blank, ext, rgb = _blank_extraction(n_terrains)
    pic = draw_overlay(blank, ext)
    assert pic.mode == "P" and pic.size == blank.size  # 54 px hexes: not scaled
    arr = np.asarray(pic.convert("RGB")).astype(int)
    lay = ext.grid.layout
    for i, hid in enumerate(ext.hexes):
        cx, cy = lay.hex_to_pixel(ext.grid.hex(hid))
        if not (60 < cx < 400 and 60 < cy < 500):  # clear of the key and the edges
            continue
        want = rgb[i % n_terrains]
        if n_terrains == 3:  # the terrain colour blended over the white scan at 170/255
            want = tuple(round(255 * (1 - 170 / 255) + c * 170 / 255) for c in want)
        # too many terrains for a blended copy of the scan's colours each: opaque
        # in the middle, left of the id and label; outside the middle 60% the scan shows (white)
        assert tuple(arr[round(cy), round(cx - 0.4 * 54)]) == want, hid
        assert tuple(arr[round(cy), round(cx - 0.8 * 54)]) == (255, 255, 255), hid


def test_review_hexes_are_ringed_inside_their_edge_with_why_in_purple():
    blank, ext, _ = _blank_extraction(3, review=("0304",))
    arr = np.asarray(draw_overlay(blank, ext).convert("RGB")).astype(int)
    lay = ext.grid.layout
    ring = max(2, int(54 * 0.08))
    cx, cy = lay.hex_to_pixel(ext.grid.hex("0304"))
    top = cy - 54 * 3 ** 0.5 / 2  # the middle of the hex's top side
    x = round(cx + 0.3 * 54)  # clear of the id
    column = arr[:, x]
    magenta = [y for y in range(round(top) - 6, round(top) + 8) if tuple(column[y]) == (255, 0, 255)]
    assert magenta and abs(magenta[0] - top) <= 1 and abs(magenta[-1] - (top + ring)) <= 1.5
    assert tuple(column[round(top) - 3]) == (255, 255, 255)  # the neighbour's side: the scan
    others = lay.hex_to_pixel(ext.grid.hex("0404"))  # not listed: no ring
    assert tuple(arr[round(others[1] - 54 * 3 ** 0.5 / 2) + 1, round(others[0] + 0.3 * 54)]) != (255, 0, 255)
    # why it is listed, in purple, below its middle
    purple = (np.abs(arr - np.array([150, 0, 150])).sum(axis=2) == 0)
    assert purple[round(cy + 0.3 * 54):round(cy + 0.6 * 54), round(cx - 0.4 * 54):round(cx + 0.4 * 54)].sum() > 20
    assert purple.sum() == purple[round(cy + 0.3 * 54):round(cy + 0.6 * 54)].sum()  # nowhere else


def _internal_polygon(self, xy, fill=None, outline=None, width=1):
    """ImageDraw.polygon as the overlay and the hex raster drew before (Pillow's internals called directly,
    ``draw.draw_polygon(pts, draw.draw_ink(v), 1)``, outline ``(..., 0, 1)``): the reference the public API must
    match, pixel for pixel."""
    assert width == 1 and (fill is None) != (outline is None)
    if fill is not None:
        self.draw.draw_polygon(xy, self.draw.draw_ink(fill), 1)
    else:
        self.draw.draw_polygon(xy, self.draw.draw_ink(outline), 0, 1)


def test_polygons_through_pillows_public_api_give_the_same_pixels(monkeypatch):
    """The overlay's tints and outlines and the extraction's hex raster went through ImageDraw's internals
    (``draw.draw_polygon``/``draw.draw_ink``, a speed step), which a Pillow upgrade may drop or change: now
    ImageDraw.polygon, with the same pixels (checked here against the internal calls while Pillow has them)."""
    from PIL import ImageDraw

    from toolkit.terrain.extract_raster import _hex_raster

    probe = ImageDraw.Draw(Image.new("L", (2, 2))).draw
    if not (hasattr(probe, "draw_polygon") and hasattr(probe, "draw_ink")):
        pytest.skip("this Pillow has no draw_polygon/draw_ink internals to compare with")
    m = random_terrain(10, 8, seed=5)
    img, truth = render_scan(m, 37.0, seed=5, text=False)
    ext = extract(img, truth.grid, legend_for(truth, seed=5), features=False)
    assert ext.review() and any(r.terrain for r in ext.hexes.values())
    hexes = list(truth.grid.hexes())
    public = (draw_overlay(img, ext), [_hex_raster(truth.layout.scaled(s), hexes, (300, 420), inset)
                                       for s in (0.3, 1.0) for inset in (0.6, 1.0)])
    monkeypatch.setattr(ImageDraw.ImageDraw, "polygon", _internal_polygon)
    internal = (draw_overlay(img, ext), [_hex_raster(truth.layout.scaled(s), hexes, (300, 420), inset)
                                         for s in (0.3, 1.0) for inset in (0.6, 1.0)])
    assert public[0].tobytes() == internal[0].tobytes() and public[0].getpalette() == internal[0].getpalette()
    assert all(np.array_equal(a, b) for a, b in zip(public[1], internal[1]))
    assert all((r >= 0).any() for r in public[1])


def test_the_terrain_code_calls_no_pillow_internals():
    """No ImageDraw internals (``.draw.draw_*``, ``draw_ink``) in toolkit/terrain: only Pillow's public API,
    which its upgrades keep."""
    import re
    from pathlib import Path

    import toolkit.terrain

    hits = []
    for path in sorted(Path(toolkit.terrain.__file__).parent.glob("*.py")):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if re.search(r"\.draw\.draw_|\bdraw_ink\b|\bdraw_polygon\b", code):
                hits.append(f"{path.name}:{i}")
    assert hits == []


_SHARED_SIDE = '''
import hashlib, sys
import numpy as np
from PIL import Image
from toolkit.terrain.extract import Extraction, HexResult, Legend, TerrainClass, draw_overlay, overlay_scale
from toolkit.terrain.extract_legend import FeatureClass
from toolkit.terrain.synthetic import random_terrain, render_scan

names = sys.argv[1].split(",")
_, truth = render_scan(random_terrain(6, 5, seed=3), 40.0, seed=3, rotation=0.0, stretch=1.0, text=False,
                       supersample=1)
blank = Image.new("RGB", (330, 300), "white")
feats = tuple(FeatureClass(n, (50.0, 20.0 * i - 30.0, 10.0 * i), "along") for i, n in enumerate(names))
leg = Legend((TerrainClass("clear", (95.0, 0.0, 0.0)),), features=feats)
hexes = {truth.grid.id(h): HexResult("clear", 1.0, {"clear": 1.0}, 1.0, 1.0, None) for h in truth.grid.hexes()}
on = frozenset(sys.argv[2].split(","))
pic = draw_overlay(blank, Extraction(truth.grid, leg, hexes, {"0303/0304": on}))
arr = np.asarray(pic.convert("RGB"))
lay = truth.layout.scaled(overlay_scale(blank.size, 40.0))
(ax, ay), (bx, by) = (lay.hex_to_pixel(truth.grid.hex(h)) for h in ("0303", "0304"))
mx, my = round((ax + bx) / 2), round((ay + by) / 2)  # the side's middle: its line, none of the key's text
print(hashlib.sha256(arr.tobytes()).hexdigest(), tuple(int(v) for v in arr[my, mx]))
'''


def test_a_side_with_several_features_is_drawn_the_same_in_every_run():
    """Four features on one side: drawn in the legend's order, the last on top, whatever the string hash's seed
    (on 233af95 the frozenset's order decided, and two runs of the same extraction gave different pictures)."""
    import os
    import subprocess
    import sys

    names = "river,stream,road,rail"

    def run(seed: int, on: str) -> str:
        env = dict(os.environ, PYTHONHASHSEED=str(seed))
        return subprocess.run([sys.executable, "-c", _SHARED_SIDE, names, on], env=env, check=True,
                              capture_output=True, text=True).stdout.strip()

    every = {run(seed, names) for seed in range(6)}
    assert len(every) == 1
    assert run(0, "rail,road,stream,river") == next(iter(every))  # however the set was written
    # the last of the legend's features is on top: the side's middle has rail's colour, as with rail alone
    top = next(iter(every)).split(" ", 1)[1]
    assert top == run(1, "rail").split(" ", 1)[1]
    assert top != run(1, "river").split(" ", 1)[1]
