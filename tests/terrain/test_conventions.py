"""Calibration you cannot get wrong: the numbering convention read from the clicks and the printed hex
lines, a given convention the lines contradict refused, and a click half a hex off named - on a
synthetic scan and on the real mistakes made calibrating The Longest Day (one click half a hex off
vertically was accepted with a grid 2% too tall; a wrong --shifted passed with 69% of hexes off)."""

from __future__ import annotations

import json
import math

import pytest
import yaml

from toolkit.errors import InputError
from toolkit.hexgrid import CCRR, Extent, Grid, Layout, OffsetSystem
from toolkit.terrain.calibrate import fit_points, open_image, to_gray
from toolkit.terrain.conventions import choose_numbering
from toolkit.terrain.synthetic import random_terrain, render_scan

TLD = ("uckelman__tld-mod", "Map_Full.png")
# the TLD grid refined on its printed lines (tests/terrain/truth/the-longest-day.yaml)
TLD_LAYOUT = Layout(55.40410316043631, -0.010479625406869619, -17.511730227126606,
                    32.000054509852205, 63.999955265611256, -33.001303723252434)
OPEN = Extent(0, 99, 1, 99)


def _grid(shifted: str = "odd", **kw: str) -> Grid:
    return Grid(CCRR(offset=OffsetSystem("flat", shifted), **kw), OPEN)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def tld(boards):
    return to_gray(open_image(boards.joinpath(*TLD)))


def _clicks(ids, off: dict[str, tuple[float, float]] | None = None):
    g = _grid()
    pts = {i: TLD_LAYOUT.hex_to_pixel(g.hex(i)) for i in ids}
    for i, (dx, dy) in (off or {}).items():
        pts[i] = (pts[i][0] + dx, pts[i][1] + dy)
    return pts


@pytest.mark.parametrize("ids, bad, number", [
    (("0505", "9010", "0558"), "0558", 3),           # three clicks: any 3 fit an affine grid exactly
    (("0505", "9010", "4570", "0558"), "4570", 3),   # four clicks, the bad one in the middle
])
def test_tld_click_half_a_hex_off_vertically_is_refused(tld, ids, bad, number):
    pts = _clicks(ids, {bad: (0.0, 32.0)})
    with pytest.raises(InputError, match=rf"^point {number} \({bad}=[\d.]+,[\d.]+\) is half a hex off vertically "
                                         rf"\(3[123] px\) .*wrong id or wrong click\?$"):
        choose_numbering(tld, _grid(), pts, given=["shifted"])


def test_tld_wrong_shifted_is_refused_when_given_and_corrected_when_not(tld):
    pts = _clicks(("0505", "9010", "4570"))
    with pytest.raises(InputError, match=r"fit --shifted odd, not --shifted even"):
        choose_numbering(tld, _grid("even"), pts, given=["shifted"])
    g, notes = choose_numbering(tld, _grid("even"), pts)
    assert g.numbering.offset.shifted == "odd" and "shifted odd" in notes[0]
    assert g.layout is None or g.layout == _grid().layout


def test_tld_good_clicks_pass_unchanged(tld):
    g, notes = choose_numbering(tld, _grid(), _clicks(("0505", "9010", "4570", "0558")), given=["shifted"])
    assert g == _grid() and notes == []


def test_tld_rows_counted_up_are_inferred(tld):
    pts = {f"{i[:2]}{100 - int(i[2:]):02d}": xy for i, xy in _clicks(("0505", "9010", "4570")).items()}
    g, notes = choose_numbering(tld, _grid(), pts, given=["shifted"])
    assert g.numbering.row_direction == "up" and "rows counted up" in notes[0]
    # printed 4520 counted up is the hex 4580 counted down
    lay = fit_points(g, pts).layout
    assert math.dist(lay.hex_to_pixel(g.hex("4520")), TLD_LAYOUT.hex_to_pixel(_grid().hex("4580"))) < 0.01


@pytest.fixture(scope="module")
def even_scan():
    return render_scan(random_terrain(14, 10, seed=5, shifted="even"), 36.0, seed=5, rotation=0.7, stretch=1.003)


def test_synthetic_parity_and_half_hex_click(even_scan):
    img, truth = even_scan
    gray = to_gray(img)
    pts = {i: truth.layout.hex_to_pixel(truth.grid.hex(i)) for i in ("0202", "1302", "0709", "1209")}
    odd = Grid(CCRR(offset=OffsetSystem("flat", "odd")), Extent(1, 14, 1, 10))
    with pytest.raises(InputError, match=r"fit --shifted even, not --shifted odd"):
        choose_numbering(gray, odd, pts, given=["shifted"])
    g, _ = choose_numbering(gray, odd, pts)
    assert g.numbering.offset.shifted == "even"
    x, y = pts["0709"]
    # clicked on the up-right neighbour (the id is wrong), then half way to it (a careless click)
    for frac, words in ((1.0, "a hex off diagonally"), (0.5, "half a hex off diagonally")):
        bad = dict(pts, **{"0709": (x + frac * 1.5 * 36.0, y - frac * 36.0 * 0.866)})
        with pytest.raises(InputError, match=rf"^point 3 \(0709=.*\) is {words} \(\d+ px\)"):
            choose_numbering(gray, truth.grid, bad, given=["shifted"])


def test_cli_tld_real_mistake_exit_3_and_good_clicks_with_extent(boards, tmp_path):
    from click.testing import CliRunner

    from toolkit.cli.main import cli

    board = str(boards.joinpath(*TLD))
    good = ["--point", "0505=259.5,319", "--point", "9010=4969.2,607", "--point", "4570=2475.2,4479"]
    r = CliRunner().invoke(cli, ["map", "calibrate", board, *good[:4], "--point", "0558=258.9,3743"])
    assert r.exit_code == 3
    assert r.stderr == ("wgt: error: point 3 (0558=258.9,3743) is half a hex off vertically (33 px) from where the "
                        "other points and the printed hex lines put hex 0558: wrong id or wrong click?\n")
    r = CliRunner().invoke(cli, ["map", "calibrate", board, *good, "--shifted", "even"])
    assert r.exit_code == 3 and "fit --shifted odd, not --shifted even" in r.stderr
    r = CliRunner().invoke(cli, ["map", "calibrate", board, *good, "--json"])
    assert r.exit_code == 0
    assert "extent: 0505 to 9070, the box of the clicked ids" in r.stderr
    assert json.loads(r.stdout)["grid"]["extent"] == {"columns": [5, 90], "rows": [5, 70]}
    out = tmp_path / "grid.yaml"
    r = CliRunner().invoke(cli, ["map", "calibrate", board, *good, "--extent", "3535:5550", "-o", str(out)])
    assert r.exit_code == 0, r.stderr
    grid = Grid.from_dict(yaml.safe_load(out.read_text())["grid"])
    e = grid.extent
    assert (e.first_col, e.last_col, e.first_row, e.last_row) == (35, 55, 35, 50)
    assert grid.layout is not None
    err = max(math.dist(grid.layout.hex_to_pixel(h), TLD_LAYOUT.hex_to_pixel(h)) for h in grid.hexes())
    assert err < 0.25


def test_cli_lettered_ids_and_the_shift_are_read_from_the_clicks(even_scan, tmp_path):
    """Ids like G9 make the numbering lettered (letters for the column, A = 1) without --numbering, and
    the even columns sitting lower is read from the printed lines without --shifted."""
    from click.testing import CliRunner

    from toolkit.cli.main import cli

    img, truth = even_scan
    img.save(tmp_path / "scan.png")
    pts = []
    for hid in ("0202", "1302", "0709", "1209"):
        x, y = truth.layout.hex_to_pixel(truth.grid.hex(hid))
        pts += ["--point", f"{'ABCDEFGHIJKLMN'[int(hid[:2]) - 1]}{int(hid[2:])}={x + 1.0:.1f},{y - 0.7:.1f}"]
    out = tmp_path / "grid.yaml"
    r = CliRunner().invoke(cli, ["map", "calibrate", str(tmp_path / "scan.png"), *pts, "--extent", "A1:N10",
                                 "-o", str(out)])
    assert r.exit_code == 0, r.stderr
    assert "numbering: shifted even, rows counted down" in r.stderr
    grid = Grid.from_dict(yaml.safe_load(out.read_text())["grid"])
    assert grid.to_dict()["numbering"]["scheme"] == "lettered" and len(grid) == 140
    assert grid.layout is not None
    err = max(math.dist(grid.layout.hex_to_pixel(grid.hex(f"{'ABCDEFGHIJKLMN'[c - 1]}{r}")),
                        truth.layout.hex_to_pixel(truth.grid.hex(f"{c:02d}{r:02d}")))
              for c in range(1, 15) for r in range(1, 11))
    assert err < 0.25
