"""A legend that does not say ``centre:`` has its examples checked (rules.check_centre): each example hex, and each
hex a class's clicked points lie in, is read over the whole hex and by the class under its centre; when a one-sided
sign test over the examples the two disagree on gives at most 5% (none the other way: 5 hexes or more), the user is
warned to say ``centre: true`` - every hex is still read whole (review35 M1: a coverage map whose towns are printed
small at the hexes' centres gives the same evidence). A drawn board of small houses over the hexes' centres (a tenth
of each hex: Squad Leader's convention) read with a legend sampling the houses by clicked points."""

from __future__ import annotations

import pytest

from toolkit.terrain.advice import legend_warnings
from toolkit.terrain.extract import extract
from toolkit.terrain.rules import CENTRE_LEVEL, _sign_p

from .drawn import houses_board

GROUND = (200, 195, 100)
ROOF = (180, 60, 50)
SIZE = 40.0
HOUSES = ["0203", "0205", "0304", "0402", "0405", "0503", "0602", "0605"]  # a red square half a hex across (a tenth)
RING = "0704"  # red over the whole hex but a disc of 0.3 of the hex about its centre
OPEN = ["0101", "0801", "0106"]


def _board():
    lay, grid, im, _ = houses_board(HOUSES, RING, ground=GROUND, roof=ROOF, size=SIZE)
    return lay, grid, im


def _read(clicked: list[str], per_house: int = 1, centre=None, wooden_hexes: list[str] | None = None):
    """The board read with open from example hexes and wooden from points clicked on the roofs of ``clicked``
    (``per_house`` points each, off the centre by up to a fifth of the hex), or from ``wooden_hexes``."""
    lay, grid, im = _board()
    pts = []
    for h in clicked:
        x, y = lay.hex_to_pixel(grid.hex(h))
        pts += [[x + dx, y + dy] for dx, dy in [(-8, -6), (7, 5), (6, -7)][:per_house]]
    wooden = {"hexes": wooden_hexes} if wooden_hexes else {"points": pts}
    legend = {"terrain": {"open": {"hexes": OPEN}, "wooden": wooden}}
    if centre is not None:
        legend["centre"] = centre
    ext = extract(im, grid, legend, features=False)
    return ext, {h: r.terrain for h, r in ext.hexes.items() if r.terrain != "open"}


def test_clicked_houses_at_the_centres_call_for_the_centre_reading():
    """Five houses clicked (five hexes whose class is a tenth of the hex but under its centre, none the other way: p =
    1/32): the warning names them and asks the legend to say centre: true; every hex is still read whole (the houses
    open, the red ring round an open centre wooden) until it does, and then the houses are wooden, the ring open.
    Before check_centre: no warning."""
    ext, found = _read(HOUSES[:5])
    assert found == {RING: "wooden"}
    check = ext.centre_check
    assert check is not None and check.suggested
    assert sorted(h for _, h in check.for_centre) == sorted(HOUSES[:5]) and check.for_whole == []
    assert check.p == pytest.approx(1 / 32) and check.examples == 8
    warned = [w for w in legend_warnings(ext) if "centre" in w]
    assert len(warned) == 1
    assert "5 are their class under the hex's centre" in warned[0] and "sign test p = 0.031" in warned[0]
    assert "every hex is still read whole" in warned[0] and "say `centre: true` in the legend" in warned[0]
    assert "wooden 0203*, 0205*" in warned[0] and ext.legend.centre == 0.0
    _, found = _read(HOUSES[:5], centre=True)
    assert found == {h: "wooden" for h in HOUSES}


def test_town_examples_at_the_centres_of_a_coverage_map_move_nothing():
    """review35 M1: a coverage map (the ring: wooden over the whole hex but its centre, a coverage hex of the class)
    whose five wooden example HEXES are houses at the centres (5-0 for the centre): warned, and the ring stays
    wooden (autorule's switching version read it open, and every house hex wooden)."""
    ext, found = _read([], wooden_hexes=HOUSES[:5])
    assert found == {RING: "wooden"}
    assert ext.centre_check is not None and ext.centre_check.suggested
    assert any("every hex is still read whole" in w for w in legend_warnings(ext))


def test_a_point_in_another_class_example_hex_is_that_example_only():
    """A wooden point clicked in an open example hex: one hex, one reading (open's example), not also a wooden
    example that is wrong both ways (review35 C6)."""
    lay, grid, im = _board()
    x, y = lay.hex_to_pixel(grid.hex(OPEN[0]))
    hx, hy = lay.hex_to_pixel(grid.hex(HOUSES[0]))
    legend = {"terrain": {"open": {"hexes": OPEN}, "wooden": {"points": [[x + 3, y + 3], [hx + 6, hy - 7]]}}}
    ext = extract(im, grid, legend, features=False)
    check = ext.centre_check
    assert check is not None and check.examples == 4 and check.for_centre == [("wooden", HOUSES[0])]


def test_points_in_one_hex_are_one_example():
    """Three points on each of four houses: four hexes, not twelve examples (1/16 > 5%): read whole, and the user is
    told with the rules' lines (no warning)."""
    ext, found = _read(HOUSES[:4], per_house=3)
    assert found == {RING: "wooden"}
    check = ext.centre_check
    assert check is not None and not check.suggested and len(check.for_centre) == 4
    assert check.p == pytest.approx(1 / 16) and check.p > CENTRE_LEVEL
    assert not any("centre" in w for w in legend_warnings(ext))
    line = check.describe()
    assert line is not None and "too few to call for" in line and "say `centre: true`" in line


def test_centre_false_keeps_the_whole_hex():
    """The legend says it: every hex read whole, nothing checked."""
    ext, found = _read(HOUSES[:5], centre=False)
    assert found == {RING: "wooden"} and ext.centre_check is None


def test_examples_read_right_whole_are_not_moved():
    """Wooden from example hexes the whole reading gets right and the centre wrong (the ring, and houses covering
    most of the hex would be the same): not suggested, nothing said."""
    ext, found = _read([], wooden_hexes=[RING])
    assert found == {RING: "wooden"}
    check = ext.centre_check
    assert check is not None and not check.suggested and check.for_whole == [("wooden", RING)]
    assert check.describe() is None and check.warning() is None


def test_the_sign_test():
    assert _sign_p(5, 0) == pytest.approx(1 / 32)
    assert _sign_p(3, 0) == pytest.approx(1 / 8)
    assert _sign_p(7, 1) == pytest.approx(9 / 256)
    assert _sign_p(0, 0) == 1.0


def test_the_command_says_what_the_examples_call_for(tmp_path):
    """`wgt map extract`: the warning on stderr, and with --json the warning and the check; the hexes read whole."""
    import json

    import yaml
    from click.testing import CliRunner

    from toolkit.cli.main import cli
    from toolkit.cli.map_scan import _grid_text

    lay, grid, im = _board()
    im.save(tmp_path / "scan.png")
    (tmp_path / "grid.yaml").write_text(_grid_text(grid))
    pts = [[lay.hex_to_pixel(grid.hex(h))[0] + 6, lay.hex_to_pixel(grid.hex(h))[1] - 7] for h in HOUSES[:5]]
    (tmp_path / "legend.yaml").write_text(yaml.safe_dump({"terrain": {"open": {"hexes": OPEN},
                                                                      "wooden": {"points": pts}}}))
    args = ["map", "extract", str(tmp_path / "scan.png"), "--grid", str(tmp_path / "grid.yaml"), "--legend",
            str(tmp_path / "legend.yaml"), "-o", str(tmp_path / "out.yaml")]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    assert "wgt: warning: the legend does not say how a hex is read (centre:)" in r.stderr
    r = CliRunner().invoke(cli, [*args[:-1], str(tmp_path / "out2.yaml"), "--json"])
    got = json.loads(r.stdout)
    assert got["centre"] == {"suggested": True, "taken": False, "p": 0.0312,
                             "for_centre": [f"wooden {h}" for h in HOUSES[:5]], "for_whole": [], "examples": 8}
    assert got["terrain"] == {"open": 47, "wooden": 1}
    assert any("every hex is still read whole" in w for w in got["warnings"])
