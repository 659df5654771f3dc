"""Legends written by a new user from the docs (tests/terrain/truth/user/README.md), scored against the tuned
boards' truth: floors at what they reach now. The Longest Day's two legends fail on the code before the symbol
threshold guard (toolkit/terrain/symbols.py ``_common``): with a town dot at a road junction among the examples
the town was found in 866 of 1,050 hexes (6/260 in region 1, and the line tracers, which leave symbols out, lost
primary road 40/40 -> 30/40); the first legend's wrong examples gave 15 of 336 hexes right (292 now)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolkit.cli.main import cli
from toolkit.terrain.truth import load_truth

from .test_truth_afrika import assert_floors

TRUTH = Path(__file__).parent / "truth"
USER = TRUTH / "user"
# the second user's legends (helper userlegend2): boards the first did not try (README.md)
SECOND = ["the-longest-day-2-4.v1.legend.yaml", *(f"{b}.{v}.legend.yaml" for b in ("afrika", "bastogne", "seelowe")
                                                   for v in ("v1", "v2"))]
# the third user's (helper newuser3): the whole pipeline from the docs, grid included (README.md)
THIRD = [f"{b}.v3.legend.yaml" for b in ("battle-for-moscow", "red-winter", "the-longest-day-4")]
AFRIKA_WIDE = "extent: {columns: [1, 62], rows: [1, 29]}"  # every Afrika region and the second user's examples
TLD_WIDE = "extent: {columns: [28, 62], rows: [28, 57]}"  # region 1 and the examples around it


def _extract(boards: Path, tmp_path: Path, image: str, truth: str, legend: str, wide: str | None = None) -> dict:
    from toolkit.cli.map_scan import _grid_text

    t = load_truth(TRUTH / truth)
    assert t.grid is not None
    text = _grid_text(t.grid)
    if wide is not None:
        old = next(ln.strip() for ln in text.splitlines() if ln.strip().startswith("extent:"))
        text = text.replace(old, wide)
    grid = tmp_path / "grid.yaml"
    grid.write_text(text)
    r = CliRunner().invoke(cli, ["map", "extract", str(boards / image), "--grid", str(grid), "--legend",
                                 str(USER / legend), "-o", str(tmp_path / "m.yaml"), "--truth", str(TRUTH / truth),
                                 "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)["truth"]


def test_user_legends_are_headed_with_how_they_were_made():
    names = sorted(p.name for p in USER.glob("*.legend.yaml"))
    assert names == sorted([*(f"{b}.{v}.legend.yaml" for b in ("battle-for-moscow", "the-longest-day", "ragnarok",
                                                                 "red-winter") for v in ("v1", "v2")),
                            *SECOND, *THIRD])
    for p in USER.glob("*.legend.yaml"):
        assert p.read_text().startswith("# A NEW USER'S legend"), p


@pytest.mark.parametrize("version,hexes,town,lines", [
    # (hexes right, town (right, found), lines (in truth, right at least, false at most))
    ("v1", 292, (0, 12), {"river": (109, 109, 0), "road_primary": (40, 40, 0), "road_secondary": (88, 83, 1),
                          "rail": (31, 31, 3)}),
    ("v2", 303, (6, 6), {"river": (109, 109, 0), "road_primary": (40, 40, 0), "road_secondary": (88, 88, 1),
                         "rail": (31, 31, 1)}),
])
def test_the_longest_day_user_legends(boards, tmp_path, version, hexes, town, lines):
    out = _extract(boards, tmp_path, "uckelman__tld-mod/Map_Full.png", "the-longest-day.yaml",
                   f"the-longest-day.{version}.legend.yaml", TLD_WIDE)
    assert out["hexes"] == 336 and out["right"] >= hexes
    got = out["symbols"]["town"]
    assert got["true_positives"] >= town[0] and got["found"] <= town[1], got
    assert_floors(out, lines)


def test_battle_for_moscow_user_legend_after_one_revision(boards, tmp_path):
    out = _extract(boards, tmp_path, "rzymek__web-boards/battle-for-moscow_board.gif", "battle-for-moscow.yaml",
                   "battle-for-moscow.v2.legend.yaml")
    assert out["right"] == out["hexes"] == 144
    assert_floors(out, {"river": (63, 63, 0), "rail": (78, 77, 0)})  # truth amended: 1204/1205 (77 -> 78)


def test_ragnarok_user_legend_after_one_revision(boards, tmp_path):
    out = _extract(boards, tmp_path, "jzedwards__vassal-hex-n-counters-template/ragnarok_map.jpg", "ragnarok.yaml",
                   "ragnarok.v2.legend.yaml")
    assert out["hexes"] == 451 and out["right"] >= 442
    # wall false 0 -> 2 since band notes 9 (user47, session 47): 0725/0824 along the tower's roof edge by the gate
    # (the truth's wall side there is 0725/0825) and 1411/1412 through painted trees - sides with one hex of a ground
    # the wall's marked sides do not show, now judged by how full of the wall's colour the band is; both wrong by eye
    assert_floors(out, {"river": (74, 74, 0), "wall": (20, 19, 2), "gate": (3, 2, 0), "bridge": (1, 1, 0),
                        "road": (46, 46, 2)})


# the second user's legends (helper userlegend2; README.md): floors at what they reach on main 2732fd3


def test_the_longest_day_regions_2_and_4_user_legend(boards, tmp_path):
    """As ours on both regions, from the first legend written."""
    wide = "extent: {columns: [17, 70], rows: [28, 53]}"
    for truth, hexes, town, lines in (
            ("heldout/the-longest-day-2.yaml", 168, 2, {"river": (92, 92, 0), "road_primary": (17, 17, 0),
                                                        "road_secondary": (52, 52, 1), "rail": (16, 16, 0)}),
            ("heldout/the-longest-day-4.yaml", 144, 3, {"river": (57, 57, 0), "road_primary": (18, 18, 0),
                                                        "road_secondary": (27, 27, 0), "rail": (18, 18, 0)})):
        out = _extract(boards, tmp_path, "uckelman__tld-mod/Map_Full.png", truth, "the-longest-day-2-4.v1.legend.yaml",
                       wide)
        assert out["right"] == out["hexes"] == hexes
        assert out["symbols"]["town"]["true_positives"] == out["symbols"]["town"]["found"] == town
        assert_floors(out, lines)


@pytest.mark.parametrize("version", ["v1", "v2"])
def test_afrika_user_legends(boards, tmp_path, version):
    """Region 1 102/120 before the dotted gate was lowered (texture.SEPARATION 20 -> 12: the stipple examples' dots
    split 18.4 from the sand), 117 then, 118 since 7a210f6 (extract.BANDS; ours 117)."""
    out = _extract(boards, tmp_path, "rzymek__web-boards/africa2_Map.JPG", "heldout/afrika.yaml",
                   f"afrika.{version}.legend.yaml", AFRIKA_WIDE)
    # 118 -> 117 when extraction reads the map's region (extract.REGION_MARGIN: ours reads 117-118 as its corner moves
    # by a pixel; RESULTS-afrika.md)
    assert out["hexes"] == 120 and out["right"] >= 117
    assert out["symbols"]["town"]["true_positives"] == out["symbols"]["town"]["found"] == 4
    # road: 22 false on main 2732fd3, 23 since 7a210f6 (extract.BANDS, another helper's; hexes 117 -> 118); track 54
    # false -> 47 when a crossing whose line runs along the side, not out of the band, is none (lines.py notes 14)
    # road 30 at 51 -> 38 at 40, track 34 at 80 -> 35 at 88 (false 46 -> 53), hexes 117 -> 118 when the region's corner
    # is the grid's past the scan's edge (this grid reaches column 1) and a side's band samples are centred on
    # themselves (extract._region, extract_sides._boxed): the road's and track's tolerances learned from their marked
    # sides had flipped with the pixel phase (40 or 20, 20 or 34: track 1 or 34 right; RESULTS-afrika.md, region)
    assert_floors(out, {"road": (38, 38, 2), "road_main": (4, 3, 0), "track": (39, 35, 53)})


def test_afrika_2_user_legend(boards, tmp_path):
    """Region 2: 49/80 before the dotted gate was lowered, 76, now 75 (ours 78)."""
    out = _extract(boards, tmp_path, "rzymek__web-boards/africa2_Map.JPG", "heldout/afrika-2.yaml",
                   "afrika.v1.legend.yaml", AFRIKA_WIDE)
    # 76 -> 75 with a line's mask checked against the terrain examples (e87deda, extract_legend.line_masks): this
    # user gives the main road as white (#ffffff), whose +-45 box takes most of the desert's example pixels, so it
    # now leaves out thin white marks only; the white paper between a stipple hex's dots is then read, and 57.11
    # (stipple) reads desert. Accepted: the bench's own legend (road_main #fafcf8, other desert examples) does not
    # fire the rule (no warning; every Afrika figure as before)
    assert out["hexes"] == 80 and out["right"] >= 75
    # track false 3 -> 2 when a crossing whose line runs along the side, not out of the band, is none (lines.py, 14)
    # track 29 at 31 -> 32 at 40, road false 3 -> 0 (extract._region, extract_sides._boxed; RESULTS-afrika.md, region)
    assert_floors(out, {"track": (35, 32, 8), "road": (0, 0, 0), "road_main": (0, 0, 0)})


def _fetched(tmp_path: Path, board: str, truth: str, legend: str, wide: str | None = None) -> dict:
    """A held-out web-boards board's region scored with a user legend; skipped when the image is not cached."""
    from .test_heldout_bastogne import web_boards

    image = web_boards().image_path(board)
    if image is None:
        pytest.skip(web_boards().why_absent(board))
    return _extract(Path(image).parent.parent, tmp_path, str(Path(image).relative_to(Path(image).parent.parent)),
                    truth, legend, wide)


# hexes 1706 -> 1711 and 1707 -> 1711, v1 road false 464 -> 465, v2 road 218 at 226 -> 220 at 230 and trail 469 at 476
# -> 468 at 474, rail 57 at 63 -> 58 at 66 (both) when the region's corner is the grid's past the scan's edge (the
# whole map) and a side's band samples are centred on themselves (extract._region, extract_sides._boxed; RESULTS-web.md)
# v1 road false 465 -> 466 when a line followed whole that ends in two neighbouring hexes keeping its heading runs
# on hidden across the side between them (extract_sides._hidden_links): v1 gives the road the trail's tan, so its
# road is read along the trails (465 false), and one more trail link (33.01/33.02, a trail side where the trail
# itself is not found) joins two such ends; 4 more were kept out by the rule's own test (another line of its colour
# found on the side). Accepted for the rule's gains on the bench's legends (Bastogne road 221/221, Red Winter 2
# road_main 16/16, Squad Leader 2 road 15/16, SJW 2 pike 12/13; blind Seelowe 2 road 18/18, TLD 3 rail 31/32)
# v1 road false 466 -> 474 when a solid line's crossing hidden under a mark printed over it is passed over (lines
# traced notes 15, 9bef08b; the fresh-clone held-out run found it, the helper's bench has no user legend): v1's road,
# read along the trails in their tan, is taken past 8 more trail crossings. Accepted for now for its gains on Omaha
# (studied road 8 -> 11/17 at 11/11, blind road 0 -> 10/10); review35 N2 (the hex lines' own ink counts as a mark
# there) is the first thing to try against it. Tried (marks, session 36): the calibrated hex band (lines._hex_band)
# left out of the marks: still 474 - the band lies inside the half of the zone lines._through passes over anyway.
# The rule adds 16 road sides on the whole map (some off the scored hexes): 11 are trail links of the truth, 3 road
# links, 2 neither; most lie on the map's top rows, where the hex numbers' black lettering is printed over the line
# at the side (road 10.01/10.02, trails 41.01/41.02 and 44.01/44.02): marks over the line, passed over as the rule
# says, and v1's road is the trail's tan, so the trails' crossings are its crossings too. The floor stays
# v1 road false 474 -> 475 when a solid line's pieces cut short by marks printed over it reach through them (lines
# traced notes 15, MARKS_REACH, 016a3cd: Omaha 2 road 11 -> 12/17, secondary 3 -> 5/5, all at no false): one more
# trail crossing under printed marks taken by v1's road in the trail's tan (475 with the rule, 474 without it,
# measured on main 3eeaa9b; the fresh-clone held-out run found it, the helper's bench has no user legend)
# v2 trail 468 -> 467 right (found 474 -> 473, false 6 as before) with traced notes 26 (lines.SPECKS: a crossing whose
# colour on one side is only specks is none; digital44): 39.01/39.02, the trail crossing the side just where the hex
# number "39.01" is printed over it - its tan cut by the digits into parts shorter than it is wide on that side (the
# top row's hex numbers over the line, as notes 15 above). The bench's own Bastogne legends read the same.
@pytest.mark.parametrize("version,hexes,road_false,trail", [("v1", 1711, 475, (480, 476, 222)),
                                                             ("v2", 1711, 10, (480, 467, 7))])
def test_bastogne_user_legends(tmp_path, version, hexes, road_false, trail):
    """The trail traced in the key's tan: 181/480 before a traced line's learned tolerance stopped short of the
    hex lines' colour (extract_sides), 476 now; v1 gives the road the same tan (road 218/221 with 464 false; a
    warning says the two lines share a colour), v2 its black edges: there the trail was also found along the road's
    tan fill (476/480 at 476/698) until a road traced in the ink could be the line a traced colour is the fill of
    (extract_sides._fills): 469/480 at 469/476 (the 7 lost are sides where the road is found as well)."""
    out = _fetched(tmp_path, "bastogne", "heldout/bastogne.yaml", f"bastogne.{version}.legend.yaml")
    assert out["hexes"] == 1756 and out["right"] >= hexes
    assert out["symbols"]["village"]["true_positives"] >= 45
    # stream 143 right / 10 false -> 147 / 11 when a line drawn beside its side marked it (extract_sides._beside; the
    # one more false, 3.13/4.13, as with our legends: test_heldout_bastogne)
    assert_floors(out, {"trail": trail, "road": (221, 218, road_false), "rail": (59, 57, 8),
                        "stream": (151, 147, 11)})


# v1 102 -> 101 when extraction reads the map's region (extract.REGION_MARGIN; RESULTS-seelowe.md); v1 101 -> 109,
# v2 94 -> 95 with the region's corner the grid's past the scan's edge (extract._region); rail 21 right at 25 false
# at most -> 20 right at 1 false (both: 20 at 21 found) with ink notes 13 (lines.OUT_THICK: the wye's 0820/0821 lost,
# the field outlines meeting the hex line at a corner dropped; RESULTS-seelowe.md); v1 109 -> 108 with the texture
# step (3f683d1, pattern.py "hexes told apart by texture"): this legend's fields and forest examples are confused by
# colour and parted by a texture measure, and 15 hexes of the map move, 2 of region 1 (1123 fields -> forest, wrong
# now; 0718 open, wrong either way); the bench's own legend does not fire the step (110 either way). Accepted for the
# step's gains (Gettysburg 2 73 -> 74, SJW 2 61 -> 64, blind Gettysburg 1 +1, SJW 1 +4, TLD 3 +1); for the next session.
# v1 108 -> 109, v2 98 -> 99 (its floor was 95) with a speckled class's hexes without its specks (a19f173, pattern.py):
# 1225 fields, read as forest by 60% (v1) / 56% (v2) of its colour blocks whose checks it lacks (3.7% / 3.1% specks
# against forest's examples' 9.5% / 9.4% and up, fields' up to 4.9% / 4.8%); in v2 five more fields hexes read forest
# by colour go to their next class, open or cloud, wrong either way
@pytest.mark.parametrize("version,hexes,road", [("v1", 109, (15, 0, 0)), ("v2", 99, (15, 4, 150))])
def test_seelowe_user_legends(tmp_path, version, hexes, road):
    """Region 1 (regions 2 and 3 are blind: not scored here). The road's marked sides teach nothing in either
    version (README.md)."""
    out = _fetched(tmp_path, "seelowe", "heldout/seelowe.yaml", f"seelowe.{version}.legend.yaml",
                   "extent: {columns: [1, 28], rows: [1, 42]}")
    assert out["hexes"] == 120 and out["right"] >= hexes
    assert_floors(out, {"rail": (21, 20, 1), "road": road})


# the third user's legends (helper newuser3; README.md): floors at what they reach on main 35bd7a6 with the hex lines'
# colour known to symbols._strange (Battle for Moscow's fortification 19/22 -> 22/22)


def test_battle_for_moscow_third_user_legend(boards, tmp_path):
    """Four fortification examples none of which holds a black hex id: the black round the map was colour of no
    example, terrain or line, and the three fortifications of the top row beside it were taken for other art (19/22)
    until the printed hex lines' colour (black) was known (test_symbol_margin.py)."""
    out = _extract(boards, tmp_path, "rzymek__web-boards/battle-for-moscow_board.gif", "battle-for-moscow.yaml",
                   "battle-for-moscow.v3.legend.yaml")
    assert out["right"] == out["hexes"] == 144
    for name, n in (("city", 11), ("fortification", 22)):
        assert out["symbols"][name]["true_positives"] == out["symbols"][name]["found"] == n, name
    assert_floors(out, {"river": (63, 63, 0), "rail": (78, 77, 0)})


def test_the_longest_day_4_third_user_legend(boards, tmp_path):
    """Every hex and line as ours; town 3/3 with 3 false: the bold name COUTANCES (2145, 2246, 2345) matches the
    template of four large discs each with roads meeting in it (ours, from other towns: 3/3 at 3/3)."""
    out = _extract(boards, tmp_path, "uckelman__tld-mod/Map_Full.png", "heldout/the-longest-day-4.yaml",
                   "the-longest-day-4.v3.legend.yaml", "extent: {columns: [1, 32], rows: [1, 52]}")
    assert out["right"] == out["hexes"] == 144
    town = out["symbols"]["town"]
    assert town["true_positives"] == 3 and town["found"] <= 6, town
    assert_floors(out, {"river": (57, 57, 0), "road_primary": (18, 18, 0), "road_secondary": (27, 27, 0),
                        "rail": (18, 18, 0)})


def test_red_winter_third_user_legend(tmp_path):
    """Region 1 with the examples outside it, on the truth's grid widened to A-X x 1-24 less blind region 2's hexes
    (N-W x 18-24, missing: not extracted, not looked at). The colour cast's check (extract._cast_gain, cast notes 1)
    must keep this board's small field: measured on the blocks the bare reading put in each hex's colour alone it
    came to 12 Delta E farther over 506 hexes, the field was dropped and D19, E20, E23, F24 (forest) read suo: 114/120;
    on the same blocks both ways 18 nearer, kept."""
    missing = ", ".join(f"{c}{r}" for c in "NOPQRSTUVW" for r in range(18, 25))
    out = _fetched(tmp_path, "red-winter", "heldout/red-winter.yaml", "red-winter.v3.legend.yaml",
                   "extent: {columns: [1, 24], rows: [1, 24], missing: [" + missing + "]}")
    assert out["hexes"] == 120 and out["right"] >= 118
    village = out["symbols"]["village"]
    assert village["true_positives"] >= 12 and village["found"] - village["true_positives"] <= 1, village
    # road_main false 0 -> 1 when extraction reads the map's region (extract.REGION_MARGIN; RESULTS-red-winter.md)
    # road_main false 1 -> 0, road_secondary false 0 -> 1 when a side's band samples are centred on themselves
    # (extract_sides._boxed; RESULTS-red-winter.md, region)
    assert_floors(out, {"road_main": (15, 15, 1), "road_secondary": (29, 29, 1)})
