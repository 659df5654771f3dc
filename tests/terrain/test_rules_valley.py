"""Learned coverage cuts placed by the map's own hexes (low-density separation, toolkit/terrain/rules.py
``_valley``): a handful of typical example hexes cannot tell whether "woods" means a hex full of woods or
any woods in it; the shares of all the map's hexes can, when they crowd around a value between the
examples."""

from __future__ import annotations

import math
import random

import pytest
from PIL import Image

from toolkit.hexgrid import Grid
from toolkit.terrain import rules
from toolkit.terrain.extract import extract
from toolkit.terrain.rules import _cut, _valley

from .drawn import blank_board

SIZE = 24.0
GREEN = (120, 170, 90)


def _board(shares: dict[str, float]) -> tuple[Image.Image, Grid]:
    """A 16x12 grid of flat hexes on white with a green disc in each hex of ``shares`` covering that
    share of the hex."""
    lay, grid, im, d = blank_board(16, 12, size=SIZE, origin=(30.0, 30.0), image=(620, 560), paper=(255, 255, 255),
                                   ink=None)
    area = 1.5 * math.sqrt(3) * SIZE * SIZE
    for h in grid.hexes():
        hid = grid.id(h)
        x, y = lay.hex_to_pixel(h)
        s = shares.get(hid, 0.0)
        if s >= 0.99:
            d.polygon(lay.corners(h), fill=GREEN)
        elif s > 0:
            r = math.sqrt(s * area / math.pi)
            d.ellipse([x - r, y - r, x + r, y + r], fill=GREEN)
        d.polygon(lay.corners(h), outline=(40, 40, 40))
    return im, grid


def _legend() -> dict[str, object]:
    return {"terrain": {"open": {"hexes": ["0101", "0102", "0103"]}, "woods": {"hexes": ["1601", "1602", "1603"]}},
            "priority": ["woods", "open"]}



def _shares(seed: int, empty: float, lo: float, hi: float) -> dict[str, float]:
    """Woods shares of a 16 x 12 board: column 16 the class's 70%, columns 1-2 and a share ``empty`` of the rest none,
    the others ``lo`` to ``hi`` (seeded)."""
    rng = random.Random(seed)
    return {f"{c:02d}{r:02d}": 0.7 if c == 16 else 0.0 if c <= 2 or rng.random() < empty else rng.uniform(lo, hi)
            for c in range(1, 17) for r in range(1, 13)}

def test_any_woods_map_moves_the_cut_to_the_valley():
    """Most hexes hold a small patch of woods (25-45%), typical woods hexes 70%: the examples' middle
    (about 35%) would split that crowd; the cut goes to the valley between it and the empty hexes, and
    every hex with a patch reads as woods."""
    rng = random.Random(4)
    ids = [f"{c:02d}{r:02d}" for c in range(1, 17) for r in range(1, 13)]
    shares = {}
    for hid in ids:
        if hid[:2] == "16":
            shares[hid] = 0.7
        elif hid[:2] in ("01", "02") or rng.random() < 0.3:
            shares[hid] = 0.0
        else:
            shares[hid] = rng.uniform(0.25, 0.45)
    im, grid = _board(shares)
    ext = extract(im, grid, _legend(), features=False)
    assert ext.rules is not None
    cut = ext.rules.thresholds["woods"]
    assert 0.02 < cut < 0.2, ext.rules.describe()
    assert "valley" in ext.rules.why["woods"]
    assert {h for h, r in ext.hexes.items() if r.terrain == "woods"} == {h for h, s in shares.items() if s > 0}


def test_evenly_spread_mixed_hexes_keep_the_examples_middle():
    """Hexes split by a woods edge hold every share from 5% to 95% about evenly: no valley is real, the
    examples' middle stays."""
    rng = random.Random(5)
    shares = {f"{c:02d}{r:02d}": (1.0 if c >= 14 else 0.0 if c <= 4 else rng.uniform(0.05, 0.95))
              for c in range(1, 17) for r in range(1, 13)}
    im, grid = _board(shares)
    ext = extract(im, grid, _legend(), features=False)
    assert ext.rules is not None and "woods" not in ext.rules.why
    assert ext.rules.thresholds["woods"] == pytest.approx(0.5, abs=0.05)


def test_valley_on_numbers():
    empty, crowd, full = [0.0] * 300, [0.2 + 0.2 * i / 199 for i in range(200)], [0.6] * 50
    mid = _cut([0.6, 0.6, 0.6], [0.0, 0.0, 0.0])
    assert mid == pytest.approx(0.3)
    moved = _valley(0.0, 0.6, mid, empty + crowd + full)
    assert moved is not None and moved[0] == pytest.approx(0.1, abs=0.01)  # the middle of the empty run
    assert "the 200 hexes above it crowd toward it" in moved[1]
    # hexes evenly spread between the examples (a terrain's edge cutting hexes anywhere): nothing moves
    even = [0.06 + 0.88 * i / 199 for i in range(200)]
    assert _valley(0.0, 1.0, 0.5, empty + even + [1.0] * 50) is None
    # too few hexes to tell a valley from chance
    assert _valley(0.0, 0.6, mid, [0.0] * 5 + [0.25, 0.3, 0.35] + [0.6] * 3) is None


def test_the_command_says_why_a_cut_moved(tmp_path):
    import json

    import yaml
    from click.testing import CliRunner

    from toolkit.cli.main import cli
    from toolkit.cli.map_scan import _grid_text

    shares = _shares(4, 0.3, 0.25, 0.45)
    im, grid = _board(shares)
    im.save(tmp_path / "board.png")
    (tmp_path / "grid.yaml").write_text(_grid_text(grid))
    (tmp_path / "legend.yaml").write_text(yaml.safe_dump(_legend()))
    r = CliRunner().invoke(cli, ["map", "extract", str(tmp_path / "board.png"), "--grid", str(tmp_path / "grid.yaml"),
                                 "--legend", str(tmp_path / "legend.yaml"), "-o", str(tmp_path / "m.yaml"), "--json"])
    assert r.exit_code == 0, r.output
    rules = json.loads(r.output)["rules"]
    assert rules["thresholds"]["woods"] < 0.2
    assert rules["why"]["woods"].startswith("cut moved from 38.4% (the examples' middle) to ")
    r = CliRunner().invoke(cli, ["map", "extract", str(tmp_path / "board.png"), "--grid", str(tmp_path / "grid.yaml"),
                                 "--legend", str(tmp_path / "legend.yaml"), "-o", str(tmp_path / "m.yaml")])
    assert "cut moved from 38.4% (the examples' middle)" in r.output


def test_a_crowd_below_the_examples_middle_stays_out():
    """Hexes of other classes holding a little of the class's colour (10-20%: The Longest Day's bocage hexes crossed
    by a road, where the road's white and the bocage's green mix to the forest's light green) crowd above a valley
    near the empty hexes, but all of them lie below the examples' middle: the middle, in an empty stretch, separates
    them as well as the valley does and the examples (empty open hexes, 70% woods) do not say they are woods. The
    old rule moved the cut to the valley and read every one of them as woods."""
    shares = _shares(6, 0.5, 0.12, 0.2)
    im, grid = _board(shares)
    ext = extract(im, grid, _legend(), features=False)
    assert ext.rules is not None and "woods" not in ext.rules.why, ext.rules.describe()
    assert 0.25 < ext.rules.thresholds["woods"] < 0.45
    assert {h for h, r in ext.hexes.items() if r.terrain == "woods"} == {h for h, s in shares.items() if s >= 0.7}


def _shallow(floor: int) -> list[float]:
    """Bastogne's shares as a scan with a colour cast gives them: 600 empty hexes and a tail of 100 to 5%, a floor of
    ``floor`` hexes between 5% and 12%, then 600 hexes of woods patches from 12% falling off to 75%."""
    crowd = [0.75 - 0.63 * math.sqrt(1 - (i + 0.5) / 600) for i in range(600)]
    tail = [0.005 + 0.045 * i / 100 for i in range(100)]
    return [0.0] * 600 + tail + [0.05 + 0.07 * i / floor for i in range(floor)] + crowd


def test_a_shallow_valley_the_middle_splits_moves_the_cut():
    """A valley 2.8 sigma deep (a cast filled it: 3 sigma was needed) still moves the cut when the hexes above it
    crowd toward it and the examples' middle splits them (a third above it): a quarter on each side is needed."""
    mid = _cut([0.75] * 4, [0.0] * 4)
    moved = _valley(0.0, 0.75, mid, _shallow(80))
    assert moved is not None and moved[0] == pytest.approx(0.0875)
    assert "(2.8 sigma)" in moved[1] and "the examples' middle splits them (33% on its lesser side)" in moved[1]
    # a middle at 55% (the same bounds) has a tenth of the crowd above it: it splits none, kept
    assert _valley(0.0, 0.75, 0.55, _shallow(80)) is None
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(rules, "VALLEY_SPLIT", 0.09)
        assert _valley(0.0, 0.75, 0.55, _shallow(80)) is not None
