"""GDW's *Battle for Moscow* (Frank Chadwick, 1986), a held-out board labelled blind
(tests/terrain/truth/heldout/bfm.yaml, RESULTS-bfm.md): the WHOLE MAP SHEET, a scan of the printed map in two
256-colour GIF halves stitched by the tscheffel/battleformoscow project's author (each half dithered in its own
palette) - big flat-top hexes with ids on every fifth hex only, cream paper, olive forest blobs, a lavender-grey and a
green-dot-screen defence-line tint, Moscow's black blot, city squares, set-up crosses and stars, thick dark-grey
railways and grey jagged rivers on the sides. It is the ORIGINAL 1986 print of the map whose 1993 redraw (J. Byrne,
rzymek/web-boards) is the bench's first case, battle-for-moscow (review41 R1): a scanned print of a KNOWN map, the
same game's hexes drawn otherwise - not a style unlike the bench's. The truth files, the legend's
examples, the image's fetch into the cache (the map art is GDW's, not in this repository: ``python
tests/terrain/truth/heldout/web_boards.py fetch --board bfm``, from a clone of tscheffel/battleformoscow named by
--git or $WGT_BFM_GIT), the labels against that project's own per-hex data, and floors of both regions' runs. Region
1 (bfm.yaml) is BLIND; region 2 (bfm-2.yaml) is studied."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from toolkit.terrain.truth import load_truth

from .test_truth_dynamo import _classes
from .truthcheck import check_region, fetch_fails_in_one_line, fetched_from_clone, placed

HELDOUT = Path(__file__).parent / "truth" / "heldout"
IMAGE = "tscheffel__battleformoscow/bfm_mapfull.png"
BOARD = ((1, 14), (1, 10))  # columns 01-14 x rows 01-10: the whole calibrated sheet, the bench's run


def test_bfm_truth_file():
    """Rows 06-10 x columns 01-14 (70 hexes, all labelled); every side and link joins two neighbouring labelled hexes;
    the grid calibrated from the six clicks in its header (flat-top hexes, even columns half a hex down); the near
    calls of its header."""
    t = load_truth(HELDOUT / "bfm.yaml")
    g = check_region(t, IMAGE, 70)
    assert _classes(t) == {"clear": 57, "forest": 9, "fort-grey": 2, "fort": 2}
    assert {k: len(v) for k, v in t.symbols.items()} == {"cross": 14, "star": 5, "town": 4}
    assert {k: len(v) for k, v in t.hexsides.items()} == {"river": 12}
    assert {k: len(v) for k, v in t.links.items()} == {"rail": 22}
    num = g.to_dict()["numbering"]
    assert (num["orientation"], num["shifted"]) == ("flat", "even")

    def centre(hid: str) -> tuple[int, ...]:
        return tuple(round(v) for v in g.layout.hex_to_pixel(g.numbering.offset.to_hex(*g.numbering.parse(hid))))

    # the six clicks (five of them off the region): the fit puts them within 3.4 px of the clicks (rms 0.784 px on
    # the hex lines)
    assert (centre("0101"), centre("0505"), centre("1310"), centre("1202"), centre("0110"), centre("0803")) == (
        (55, 44), (349, 385), (938, 812), (863, 171), (57, 813), (569, 257))
    assert {"0909/1008"} <= t.hexsides["river"] and "0909/1008" in t.links["rail"]
    assert "0608/0609" not in t.links["rail"]  # the name Bryansk along the side
    assert t.symbols["town"] == {"0307", "0509", "0809", "1107"} and "0509" in t.symbols["star"]


def test_bfm_legend_examples_lie_outside_the_region():
    """No example hex or side of bfm.legend.yaml is a hex of region 1 or beside it (all lie in rows 01-04); all lie on
    the sheet's grid; the classes are the map's prints, the set-up marks and city squares tags, the lines its railways
    and rivers."""
    from toolkit.terrain.extract_legend import load_legend

    _, _, hexes, points = placed(HELDOUT, "bfm.yaml", "bfm.legend.yaml", BOARD)
    assert hexes and not points and all(int(h[2:]) <= 4 for h in hexes)
    spec = load_legend(HELDOUT / "bfm.legend.yaml")
    assert set(spec["terrain"]) == {"clear", "forest", "fort-grey", "fort", "city"}
    assert {k: v["kind"] for k, v in spec["features"].items()} == {"cross": "symbol", "star": "symbol",
                                                                    "town": "symbol", "rail": "across",
                                                                    "river": "along"}


def test_bfm_2_truth_file():
    """Region 2 (STUDIED): rows 01-05 x columns 01-14 (70 hexes, all labelled) on region 1's grid, sharing no hex with
    it; it holds every example of the legend it is run with (region 1's: RESULTS-bfm.md says why)."""
    t = load_truth(HELDOUT / "bfm-2.yaml")
    check_region(t, IMAGE, 70)
    t1 = load_truth(HELDOUT / "bfm.yaml")
    assert t.grid is not None and t1.grid is not None and t.grid.layout.matrix == t1.grid.layout.matrix
    assert not set(t.hexes) & set(t1.hexes)
    _, _, hexes, _ = placed(HELDOUT, "bfm.yaml", "bfm.legend.yaml", BOARD)
    assert hexes <= set(t.hexes)
    assert _classes(t) == {"clear": 35, "forest": 16, "fort": 13, "fort-grey": 5, "city": 1}
    assert {k: len(v) for k, v in t.symbols.items()} == {"cross": 8, "star": 8, "town": 6}
    assert {k: len(v) for k, v in t.hexsides.items()} == {"river": 36}
    assert {k: len(v) for k, v in t.links.items()} == {"rail": 44}
    assert "0604/0605" not in t.hexsides["river"] and "0904/1003" in t.links["rail"]
    assert not {"1202/1203", "0304/0305"} & (t.hexsides["river"] | t.links["rail"])  # names along the sides


def test_bfm_fetch_fails_in_one_line(tmp_path):
    """With $WGT_BFM_GIT naming a folder that is no clone: one line and exit 3 naming the board and how to fetch it."""
    fetch_fails_in_one_line(tmp_path, "bfm", "WGT_BFM_GIT",
                            "GDW Battle for Moscow map (a stitched scan, tscheffel/battleformoscow)")


def _clone() -> str:
    git = os.environ.get("WGT_BFM_GIT")
    if not git or not Path(git).is_dir():
        pytest.skip("needs a clone of tscheffel/battleformoscow named by WGT_BFM_GIT")
    return git


def test_bfm_fetch_from_the_clone(tmp_path):
    """From a clone of tscheffel/battleformoscow holding its commit the image lands in the cache and is the recorded
    blob (the stitched sheet, not the project's later rotated, cropped or redrawn maps)."""
    record = fetched_from_clone(tmp_path, "bfm", "WGT_BFM_GIT", IMAGE)
    assert record["size"] == (1063, 900)


def _web_id(hid: str) -> str:
    """The bench's battle-for-moscow.yaml id (the 1993 redraw's numbering, odd columns low) -> this print's id (even
    columns low): the same column, one row less in even columns (the redraw's Smolensk 0205 is this print's 0204)."""
    c, r = int(hid[:2]), int(hid[2:])
    return f"{c:02d}{r - 1 if c % 2 == 0 else r:02d}"


@pytest.mark.parametrize("truth", ["bfm.yaml", "bfm-2.yaml"])
def test_bfm_labels_agree_with_the_benchs_own_battle_for_moscow(truth):
    """THE INDEPENDENT CHECK (review41 R1): the bench's first case, tests/terrain/truth/battle-for-moscow.yaml, labels
    the same game's map in its 1993 redraw (another drawing, labelled by another helper from it); mapped to this print's
    ids it agrees with our labels (made from this scan alone, before we opened it) on every hex it holds: the terrain
    (its forest = ours; its fortification symbol = our fort and fort-grey; its city class = our clear but Moscow 1103,
    our city), the city squares (its city symbol, Moscow aside: ours is the class), every river side and every railway
    link between hexes it holds. Ten hexes of region 1 (1208-1210, 1308-1310, 1407-1410) lie under the redraw's charts
    (its `excluded`): not compared."""
    w = load_truth(Path(__file__).parent / "truth" / "battle-for-moscow.yaml")
    t = load_truth(HELDOUT / truth)
    theirs = {_web_id(h): c for h, c in w.hexes.items()}
    held = {h for h in t.hexes if h in theirs}
    assert set(t.hexes) - held == ({"1208", "1209", "1210", "1308", "1309", "1310", "1407", "1408", "1409", "1410"}
                                   if truth == "bfm.yaml" else set())
    fort = {_web_id(h) for h in w.symbols["fortification"]}
    for h in held:
        mine = t.hexes[h]
        assert (mine in ("fort", "fort-grey")) == (h in fort), h
        assert {"fort": "clear", "fort-grey": "clear"}.get(mine, mine) == (
            "city" if h == "1103" else {"city": "clear"}.get(theirs[h], theirs[h])), h
    assert t.symbols["town"] == {_web_id(h) for h in w.symbols["city"]} & held - {"1103"}

    def mapped(keys: set[str]) -> set[str]:
        out = {"/".join(sorted(_web_id(x) for x in k.split("/"))) for k in keys}
        return {k for k in out if all(x in held for x in k.split("/"))}

    inside = {k for k in t.hexsides["river"] | t.links["rail"] if all(x in held for x in k.split("/"))}
    assert mapped(w.hexsides["river"]) == t.hexsides["river"] & inside
    assert mapped(w.links["rail"]) == t.links["rail"] & inside


#: the project's own data, read at its last commit (1d585f9, "Fixed combat UI issues", 2025-12-31)
DATA_COMMIT = "1d585f9288aa8b9009b10185df4a1ffb00b88ecd"


def _their_data(git: str) -> tuple[dict, set[str], set[str]]:
    src = subprocess.run(["git", "--git-dir" if Path(git, "HEAD").is_file() else "-C", git, "show",
                          f"{DATA_COMMIT}:modules/js/MapData.js"], capture_output=True, text=True, check=True).stdout
    data = {h: json.loads(v) for h, v in re.findall(r'"(\d{4})": (\{.*?\}),?\n', src)}
    sov, ger = (set(re.findall(r"'(\d{4})'", re.search(rf"START_HEXES_{side} = \[(.*?)\]", src).group(1)))
                for side in ("SOVIET", "GERMAN"))
    return data, sov, ger


def _their_side(hid: str, direction: str) -> str:
    """Their direction names (flat-top; even columns half a hex down, as ours) -> our side key."""
    c, r = int(hid[:2]), int(hid[2:])
    odd = {"N": (0, -1), "S": (0, 1), "NE": (1, -1), "SE": (1, 0), "NW": (-1, -1), "SW": (-1, 0)}
    even = {"N": (0, -1), "S": (0, 1), "NE": (1, 0), "SE": (1, 1), "NW": (-1, 0), "SW": (-1, 1)}
    dc, dr = (odd if c % 2 else even)[direction]
    return "/".join(sorted((hid, f"{c + dc:02d}{r + dr:02d}")))


@pytest.mark.parametrize("truth", ["bfm.yaml", "bfm-2.yaml"])
def test_bfm_labels_agree_with_the_projects_own_data(truth):
    """Our labels (from the print) against the BGA project's per-hex data (modules/js/MapData.js, its author's, for
    its movement and combat code): the terrain (their fort = our fort and fort-grey, their Moscow clear with a city =
    our city), the city squares (their small cities), the set-up stars and crosses (their START_HEXES) and the rivers
    agree hex for hex and side for side; every railway link of theirs is ours but three one-sided entries naming the
    wrong neighbour (0202/0302 and 0302/0402 from 0302, 0802/0903 from 0802: the print runs 0201-0302-0401 and
    0802-0902); ours add the lines their data leaves out (Moscow's railways east of column 08, the Orel-Tula line
    north of 0909). The labels were made before this check (bfm.yaml's header says what of their data was seen)."""
    data, sov, ger = _their_data(_clone())
    t = load_truth(HELDOUT / truth)
    hexes = set(t.hexes)
    assert all(data[h]["terrain"] == {"fort-grey": "fort", "city": "clear"}.get(c, c) for h, c in t.hexes.items())
    assert {h for h in hexes if data[h]["city"] == "moscow"} == {h for h, c in t.hexes.items() if c == "city"}
    assert {h for h in hexes if data[h]["city"] == "small"} == t.symbols["town"]
    assert sov & hexes == t.symbols["star"] and ger & hexes == t.symbols["cross"]

    def sides(kind: str) -> set[str]:
        out = {_their_side(h, d) for h, v in data.items() for d in v[kind]}
        return {k for k in out if all(x in hexes for x in k.split("/"))}

    assert sides("river") == t.hexsides["river"]
    slips = {"0202/0302", "0302/0402", "0802/0903"}
    assert sides("rail") - slips <= t.links["rail"]
    assert (sides("rail") & slips) == (slips if truth == "bfm-2.yaml" else set())


def test_extract_bfm_against_its_truth(tmp_path):
    """Floors from the first run that read the board (blind), 2026-12-07 02:31:07 UTC, branch newblind11 3e9dcd0
    (main 9a40ee8's extraction code), the legend as written, on the truth's grid widened to the whole sheet (columns
    01-14 x rows 01-10, as the bench runs it): hexes 64/70 (clear 51/57, 6 read fort; forest 9/9, fort 2/2, fort-grey
    2/2); cross 0/14 found 0; star 5/5 found 24; town 0/4 found 0; river 11/12 none false; rail 15/22 none false. The
    region is BLIND: totals only. Raised by bfm2 (session 42, band notes 3: the lines read on the two GIF palettes'
    dither smoothed; the blind totals read once, from the whole bench rb-bfm2): river 12/12, rail 20/22, none false.
    Moved by bfm3 (session 43, symbols notes 6; the blind totals read once, from the whole bench rb-bfm3): cross
    14/14 found 17, star 3/5 found 3 (was 5/5 found 24), town 3/4 found 4, rail 22/22 none false. Raised by bfm4
    (session 45, texture notes 1: the defence lines' screen judged by its green, past the names' ink; the blind totals
    read once, from the whole bench rb-bfm4): hexes 64 -> 70/70.
    Skipped with the reason when the image is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "bfm", "bfm.yaml", "bfm.legend.yaml", 14, 10)
    # (bfm4, texture notes 1, blind totals: 64 -> 70)
    assert out["hexes"] == 70 and out["right"] >= 70
    sym = out["symbols"]
    # (bfm3, symbols notes 6, blind totals: cross 0 -> 14 found 17, star 5 found 24 -> 3 found 3, town 0 -> 3 found 4;
    # the star's floor lowered 5 -> 3 with its false finds 19 -> 0; the cause of the two stars lost is not studied, the
    # region being blind - likely a star and a cross of one ink on one mark, the cross scoring higher)
    assert sym["cross"]["in_truth"] == 14 and sym["cross"]["true_positives"] >= 14
    assert sym["cross"]["found"] - sym["cross"]["true_positives"] <= 3
    assert sym["star"]["in_truth"] == 5 and sym["star"]["true_positives"] >= 3 and sym["star"]["found"] <= 3
    assert sym["town"]["in_truth"] == 4 and sym["town"]["true_positives"] >= 3
    assert sym["town"]["found"] - sym["town"]["true_positives"] <= 1
    assert set(out["lines"]) == {"rail", "river"}
    # (bfm2, band notes 3: river 11 -> 12, rail 15 -> 20, none false; bfm3, symbols notes 6: rail 20 -> 22)
    assert_floors(out, {"river": (12, 12, 0), "rail": (22, 22, 0)})


def test_extract_bfm_2_against_its_truth(tmp_path):
    """Floors from region 2's run (STUDIED), 2026-12-07 02:33:30 UTC, branch newblind11 544ffff (main 9a40ee8's code),
    the same legend and widened grid: hexes 67/70 (the towns 0204, 0601, 0603 read fort: their railways and names
    darken the paper, which the legend's clear and fort examples sample only Delta E 6.4 apart); cross 2/8 found 2
    (the crosses on forest and beside names missed); star 5/8 found 19 (crosses, railway bends and names taken for
    stars); town 3/6 found 3 (its three examples only); river 13/36 none false (every side in the west palette
    missed); rail 17/44 none false (every link in the east palette missed) - RESULTS-bfm.md. Raised by bfm2 (session
    42, band notes 3: the lines read on the two GIF palettes' dither smoothed): river 31/36, rail 42/44, none false.
    Moved by bfm3 (session 43, symbols notes 6: the symbols printed in the ink of Moscow's blot told from their
    examples' ground alone, one mark one symbol, a town's square without its railway's stubs handed to the tracers):
    cross 8/8 none false, star 6/8 found 6, town 4/6 found 6 (Moscow's blot 1103 and the junction 1201 without a
    square: the town's template holds its railway's stubs - its false finds were 0 only while it was a speckle of
    the dither's strays that matched its three examples alone), rail 44/44 none false. Raised by bfm4 (session 45,
    texture notes 1: the defence lines' screen judged by its green, past the names' ink): hexes 67 -> 70/70 (0204,
    0601, 0603 clear).
    Skipped with the reason when the image is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "bfm", "bfm-2.yaml", "bfm.legend.yaml", 14, 10)
    # (bfm4, texture notes 1: 67 -> 70, the towns 0204, 0601, 0603 no longer read as the screen)
    assert out["hexes"] == 70 and out["right"] >= 70
    sym = out["symbols"]
    # (bfm3, symbols notes 6: cross 2 -> 8, star 5 found 19 -> 6 found 6, town 3 found 3 -> 4 found 6)
    assert sym["cross"]["in_truth"] == 8 and sym["cross"]["true_positives"] >= 8
    assert sym["cross"]["found"] - sym["cross"]["true_positives"] <= 0
    assert sym["star"]["in_truth"] == 8 and sym["star"]["true_positives"] >= 6 and sym["star"]["found"] <= 6
    assert sym["town"]["in_truth"] == 6 and sym["town"]["true_positives"] >= 4
    assert sym["town"]["found"] - sym["town"]["true_positives"] <= 2
    # (bfm2, band notes 3: river 13 -> 31, rail 17 -> 42, none false; bfm3, symbols notes 6: rail 42 -> 44)
    assert_floors(out, {"river": (36, 31, 0), "rail": (44, 44, 0)})
