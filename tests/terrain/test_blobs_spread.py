"""A town printed as a cluster of small grey building blocks on a patch of the clear's own beige, the blocks over a
fifth of the hex or less, and every hex carrying its id in small grey figures of the blocks' size (SPI's Atlantic
Wall: the truth's rule makes a hex with the town's buildings in it town). The class learned from whole example towns
is a blend close to the clear, so a hex of a few blocks reads clear by majority; no one block is larger than a
figure of an id, so the largest part (blobs.py step 2) cannot tell it either; and the blocks lie on the clear's colour
as dots would (texture.py takes the class for dots on the clear). What tells it is the colour's whole share: every
example holds the blocks' grey over 8% of the hex or more, no other class's example a third of that (the ids' figures
about 1.5%) - read by that share (blobs.py step 2b), where the blocks, as texture.py tells dots, cover as much as
the least example's (the bar under which texture's check turns a hex read as a dotted class back)."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from toolkit.hexgrid import Grid
from toolkit.terrain import blobs
from toolkit.terrain import extract as ex

from .drawn import blank_board

BEIGE = (226, 210, 168)  # the clear
OLIVE = (170, 165, 100)  # the bocage
WOODS = (80, 110, 50)
GREY = (140, 134, 124)  # the town's blocks and the ids' figures
LINE = (150, 110, 80)  # the hex lines
EXAMPLES = {"0202": 8, "0304": 9, "0402": 8}  # the legend's towns: blocks spread over the hex
SPARSE = {"0105": 10, "0204": 10, "0302": 11, "0404": 10, "0601": 11}  # as many, packed in a third of the hex


def _ground(hid: str) -> tuple[int, int, int]:
    col = int(hid[:2])
    return WOODS if hid in ("0706", "0806") else OLIVE if col >= 7 else BEIGE


def _board(ids: bool = True, scale: float = 1.0) -> tuple[Image.Image, Grid]:
    """The board at ``scale`` (hexes of 50 px at 1.0; every block and figure scaled with them)."""
    z = scale
    lay, grid, im, d = blank_board(8, 6, size=50.0 * z, origin=(60.0 * z, 60.0 * z),
                                   image=(round(700 * z), round(640 * z)), paper=BEIGE, ink=None)
    for h in grid.hexes():
        d.polygon(lay.corners(h), fill=_ground(grid.id(h)))
    rng = np.random.default_rng(7)
    for h in grid.hexes():
        hid = grid.id(h)
        cx, cy = lay.hex_to_pixel(h)
        if ids:  # the id: four figures 4x6 px, 2 px apart, near the hex's top
            for k in range(4):
                d.rectangle([cx + z * (-10 + 6 * k), cy - 38 * z, cx + z * (-7 + 6 * k), cy - 33 * z], fill=GREY)
        n = EXAMPLES.get(hid, SPARSE.get(hid, 0))
        spots = [(gx, gy) for gy in (-20, -8, 4, 16) for gx in (-22, -10, 2, 14)]
        if hid in SPARSE:  # a cluster in one part of the hex
            spots = [(gx, gy) for gy in (0, 9, 18) for gx in (-22, -13, -4, 5)]
        for gx, gy in spots[:n]:
            w, hgt = rng.integers(5, 8), rng.integers(4, 7)  # a block no larger than two figures of an id
            d.rectangle([cx + gx * z, cy + gy * z, cx + (gx + w) * z, cy + (gy + hgt) * z], fill=GREY)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=LINE)
    a = np.asarray(im, np.float32) + np.random.default_rng(5).normal(0, 2.0, (im.height, im.width, 3))
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)), grid


def _legend() -> dict[str, object]:
    return {"terrain": {"clear": {"hexes": ["0101", "0203", "0501"]},
                        "bocage": {"hexes": ["0702", "0803", "0805"]},
                        "woods": {"hexes": ["0706", "0806"]},
                        "town": {"hexes": sorted(EXAMPLES)}}}


COLOURS = {"clear": (84.5, 0.5, 21.0), "bocage": (66.0, -9.0, 36.0), "woods": (43.0, -18.0, 32.0),
           "town": (80.0, 0.5, 18.0)}  # the classes' colours (CIELAB) as the learners are given them


def _examples() -> dict[str, list[str]]:
    """The legend's example hexes by class."""
    terrain = _legend()["terrain"]
    assert isinstance(terrain, dict)
    return {k: v["hexes"] for k, v in terrain.items()}


def _want(grid: Grid) -> dict[str, str]:
    out = {}
    for h in grid.hexes():
        hid = grid.id(h)
        out[hid] = ("town" if hid in EXAMPLES or hid in SPARSE else
                    {BEIGE: "clear", OLIVE: "bocage", WOODS: "woods"}[_ground(hid)])
    return out


LOST = ("review38 M1: a packed town's share passes the threshold but its dots fall under half the least example's "
        "(listed)")


@pytest.mark.parametrize("scale", [0.8, 0.9, 1.0, 1.3, 1.5, 1.6, 1.8, 2.0,
                                   pytest.param(1.1, marks=pytest.mark.xfail(strict=True, reason=LOST))])
def test_a_town_of_a_few_blocks_is_town(scale):
    # (from 1.1 on the scan is read reduced, f = 2-3 at 1.5-2.0: the blocks' rims blend out of the colour, and the
    # examples' blocks were counted under LEAST without their rim - every town clear at 1.4-2.0 before; at 0.6, 0.9,
    # 1.4, 1.6 and 1.8 the packed town 0105 at the board's edge read clear, at 1.1 two packed towns inside it, each
    # refused by the dotted bar; since blobs.py step 4b (its share over the threshold, its dots at half the least
    # example's or more) only 1.1's 0404 reads clear, its dots 0.44 of the least example's)
    im, grid = _board(scale=scale)
    got = ex.extract(im, grid, _legend(), features=False)
    assert {h: r.terrain for h, r in got.hexes.items()} == _want(grid)
    assert {h for h, r in got.hexes.items() if r.ground == "clear"} >= set(SPARSE)


@pytest.mark.parametrize("scale", [1.1])
def test_a_town_the_dotted_bar_refuses_is_listed(scale):
    """Where a town's colour's share passes its threshold but its dots fall under half the least example's (a packed
    town's blocks merge into areas, not dots: the scale the test above fails at), the hex read clear is listed for
    review with both readings (review38 M1: it was dropped silently, unlisted)."""
    im, grid = _board(scale=scale)
    got = ex.extract(im, grid, _legend(), features=False)
    wrong = {h for h, r in got.hexes.items() if r.terrain != _want(grid)[h]}
    assert wrong and all("town by its #" in got.hexes[h].review and "prints' share" in got.hexes[h].review
                         and got.hexes[h].review.endswith("but its dots fewer than its examples'") for h in wrong)
    assert set(got.review()) >= wrong


def test_the_share_learned_from_the_examples():
    im, grid = _board()
    colours, ex_hexes = COLOURS, _examples()
    got = blobs.learn_blobs(im, grid, ex_hexes, colours, [], 35.0)
    assert [(b.name, b.spread) for b in got] == [("town", True)]
    b = got[0]
    assert b.others * blobs.RATIO <= b.least and b.others < b.threshold <= b.least
    assert b.grounds == ("clear",)
    shares = blobs.blob_shares(im, grid, got)[0]
    ids = [grid.id(h) for h in grid.hexes()]
    assert {ids[i] for i in np.flatnonzero(shares >= b.threshold)} == set(EXAMPLES) | set(SPARSE)
    # (the class read by its colour's dots alone, texture.py's reading, tries the share only: the same)
    assert [(b.name, b.spread) for b in blobs.learn_blobs(im, grid, ex_hexes, colours, [], 35.0,
                                                          spread_only=frozenset({"town"}))] == [("town", True)]


def test_no_one_block_tells_the_town():
    # the largest part: a block, no larger than the ids' figures run together in other classes' examples
    im, grid = _board()
    colours, ex_hexes = COLOURS, _examples()
    got = blobs.learn_blobs(im, grid, ex_hexes, colours, [], 35.0)
    assert got and all(b.spread for b in got)
