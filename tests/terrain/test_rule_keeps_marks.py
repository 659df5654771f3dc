"""A legend's coverage rule on one class (`min_share:`, no `priority:`) leaves the hexes that meet no rule to the
readings that correct a majority colour, as a legend without rules does: a class printed as marks over other classes'
grounds (Next War: Korea's trees, marks.py) is still read by its marks there. Before, any rule sent every hex through
the rules' majority, and the marks were never read (Next War: Korea 2 with `mountain: {min_share: 0.4}`: 77 -> 62/81,
its 17 forest hexes over relief read hills). A hex that fails a class's rule is still not given that class by its
marks: the rule says when a hex is that class (extract.py, the rules' loop)."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

from toolkit.hexgrid import Grid
from toolkit.terrain import extract as ex

from .drawn import read_classes
from .test_marks import BLUE, ON_RELIEF, ON_TAN, _board, _legend, _want

COAST = "0405"  # an open-ground hex whose lower part is sea


def _coast_board() -> tuple[Image.Image, Grid, float]:
    """test_marks' board with the sea over the lower 40% or so of hex 0405; and the sea's share of that hex."""
    im, grid = _board()
    lay = grid.layout
    assert lay is not None
    h = grid.hex(COAST)
    cy = lay.hex_to_pixel(h)[1]
    hexmask = Image.new("L", im.size, 0)
    ImageDraw.Draw(hexmask).polygon(lay.corners(h), fill=255)
    m = np.asarray(hexmask) > 0
    ys = np.arange(im.height)[:, None]
    sea = m & (ys > cy + 6) & np.ones((1, im.width), bool)
    a = np.asarray(im).copy()
    a[sea] = BLUE
    return Image.fromarray(a), grid, float(sea.sum() / m.sum())


def _with_rule(**rules: dict[str, object]) -> dict[str, object]:
    leg = _legend()
    terrain: dict[str, dict[str, object]] = {n: dict(v) for n, v in leg["terrain"].items()}  # type: ignore[attr-defined]
    for name, extra in rules.items():
        terrain[name].update(extra)
    return {**leg, "terrain": terrain}


def test_a_rule_on_the_sea_keeps_the_trees_read_by_their_marks():
    im, grid, share = _coast_board()
    assert 0.3 < share < 0.45  # the sea covers the lesser part of the coast hex
    got = ex.extract(im, grid, _with_rule(water={"min_share": 0.3}), features=False)
    assert got.rules is not None and got.rules.thresholds == {"water": 0.3}
    want = _want(grid)
    want["water"] = want["water"] | {COAST}
    want["clear"] = want["clear"] - {COAST}
    # the old code: every hex decided by the rules' majority, the trees never read: the forest hexes their ground's
    assert read_classes(got) == want
    assert {h for h, r in got.hexes.items() if r.ground == "hills"} == ON_RELIEF


def test_without_the_rule_the_coast_hex_is_its_majority():
    im, grid, _ = _coast_board()
    got = read_classes(ex.extract(im, grid, _legend(), features=False))
    assert COAST in got["clear"] and got["forest"] == ON_TAN | ON_RELIEF


def test_a_hex_failing_a_class_rule_is_not_given_that_class_by_its_marks():
    # forest given a rule its trees' colour never meets (their blocks' share is small): the marks would read the forest
    # hexes forest, the rule says they are not
    im, grid = _board()
    got = read_classes(ex.extract(im, grid, _with_rule(forest={"min_share": 0.5}), features=False))
    want = _want(grid)
    assert "forest" not in got
    assert got["clear"] == want["clear"] | ON_TAN and got["hills"] == want["hills"] | ON_RELIEF


def test_a_hex_meeting_no_rule_has_its_majority_confidence_and_review_reasons():
    """A hex meeting no rule is read as without rules (docs/legend.md "One rule, the rest as read"): its confidence
    is its majority's share and it is listed for review for the same reasons (review36 R0d: every such hex had
    confidence 1.0 and only a near-threshold reason)."""
    im, grid, _ = _coast_board()
    ruled = ex.extract(im, grid, _with_rule(water={"min_share": 0.3}), features=False)
    plain = ex.extract(im, grid, _legend(), features=False)
    others = [h for h in ruled.hexes if h != COAST and ruled.hexes[h].terrain != "water"]
    assert others and all(ruled.hexes[h].confidence == plain.hexes[h].confidence for h in others)
    assert any(plain.hexes[h].confidence < 1.0 for h in others)  # (the old code: 1.0 for every one)
    assert all(ruled.hexes[h].review == plain.hexes[h].review for h in others)
