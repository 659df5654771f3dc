"""GMT France '40's south map "Sickle Cut" (2013, Mark Simonitch), held out (tests/terrain/truth/heldout/sickle*.yaml,
RESULTS-sickle.md): the publisher's digital art at 120 dpi, Dynamo's sibling. Region 1 (sickle.yaml, columns 39-46 x
rows 11-18) is BLIND, labelled by stored44 (session 44) before any extraction ran on it; region 2 (sickle-2.yaml,
columns 12-16 x rows 01-08) is STUDIED, labelled by session 43's stranger's test (user43). One legend for both, the
one user43 wrote from the docs with the examples that lay in or beside region 2 moved (sickle.legend.yaml). The truth
files, the legend's placement and the image's fetch into the cache (the art is GMT's, not in this repository:
``python tests/terrain/truth/heldout/web_boards.py fetch --board sickle``, from a clone of HerrEklund/wasa named by
--git or $WGT_WASA_GIT)."""

from __future__ import annotations

from pathlib import Path

from toolkit.terrain.truth import load_truth

from .test_truth_dynamo import _classes
from .truthcheck import beside, check_region, fetch_fails_in_one_line, fetched_from_clone, placed

HELDOUT = Path(__file__).parent / "truth" / "heldout"
IMAGE = "HerrEklund__wasa/sickle_SICKLECUT_MAP-FINAL-120.jpg"
BOARD = ((11, 60), (0, 28))  # columns 11-60 x rows 00-28: the whole calibrated map, the bench's run


def test_sickle_truth_file():
    """Region 1 (BLIND): columns 39-46 x rows 11-18 (64 hexes, all labelled); every side and link joins two
    neighbouring labelled hexes; the grid is user43's calibration (flat-top, odd columns half a hex down, the printed
    ids); its six towns are its symbols; the near calls of its header."""
    t = load_truth(HELDOUT / "sickle.yaml")
    g = check_region(t, IMAGE, 64)
    num = g.to_dict()["numbering"]
    assert (num["orientation"], num["shifted"]) == ("flat", "odd")
    assert _classes(t) == {"clear": 46, "woods": 12, "town": 6}
    assert t.symbols == {"town": {h for h, c in t.hexes.items() if c == "town"}, "city": set()}
    assert t.symbols["town"] == {"4013", "4115", "4218", "4312", "4314", "4612"}
    assert {k: len(v) for k, v in t.hexsides.items()} == {"river": 20}
    assert {k: len(v) for k, v in t.links.items()} == {"rail": 22, "road": 38}
    # three river sides meet at Hirson's corner; the railway passes below 4113's corner into 4214, not 4213
    assert {"4313/4314", "4313/4414", "4314/4414"} <= t.hexsides["river"]
    assert "4113/4214" in t.links["rail"] and "4113/4213" not in t.links["rail"]
    # the road east of Hirson crosses into 4515 below 4415's corner; Vervins' road south leaves 4116 into 4217
    assert "4415/4515" in t.links["road"] and "4415/4514" not in t.links["road"]
    assert "4116/4217" in t.links["road"] and "4116/4117" not in t.links["road"]
    # the railway straight down column 46 through the hex centres
    assert {"4616/4617", "4617/4618"} <= t.links["rail"]
    # same grid as region 2's (user43's calibration)
    t2 = load_truth(HELDOUT / "sickle-2.yaml")
    assert t2.grid is not None and g.layout.matrix == t2.grid.layout.matrix


def test_sickle_2_truth_file():
    """Region 2 (STUDIED, user43's labels unchanged): columns 12-16 x rows 01-08 (40 hexes, all labelled), far from
    region 1; its three towns as symbols (added: the legend's symbol classes are scored)."""
    t = load_truth(HELDOUT / "sickle-2.yaml")
    check_region(t, IMAGE, 40)
    assert _classes(t) == {"clear": 35, "town": 3, "woods": 2}
    assert t.symbols == {"town": {"1203", "1301", "1303"}, "city": set()}
    assert {k: len(v) for k, v in t.hexsides.items()} == {"river": 29}
    assert {k: len(v) for k, v in t.links.items()} == {"rail": 11, "road": 13}
    t1 = load_truth(HELDOUT / "sickle.yaml")
    _, near1 = beside(t1, *BOARD)
    assert not set(t.hexes) & near1


def test_sickle_legend_examples_lie_outside_both_regions():
    """No example hex or side of sickle.legend.yaml is a hex of either region or beside it (user43's examples in or
    beside region 2 moved: 1702, 1703, 1705 and the sides touching 1208, 1209, 1308, 1704-1706); all lie on the map's
    grid; the classes, kinds and colours are user43's."""
    from toolkit.terrain.extract_legend import load_legend

    for truth in ("sickle.yaml", "sickle-2.yaml"):
        _, _, hexes, points = placed(HELDOUT, truth, "sickle.legend.yaml", BOARD)
        assert hexes and not points
        assert not hexes & {"1702", "1703", "1704", "1705", "1706", "1208", "1209", "1308", "1309"}
    spec = load_legend(HELDOUT / "sickle.legend.yaml")
    assert set(spec["terrain"]) == {"clear", "woods", "sea", "city", "town"}
    assert {k: (v["kind"], v["colour"]) for k, v in spec["features"].items()} == {
        "river": ("along", "#0a99be"), "rail": ("across", "#000000"), "road": ("across", "#e4cab4")}


def test_sickle_fetch_fails_in_one_line(tmp_path):
    """With $WGT_WASA_GIT naming a folder that is no clone: one line and exit 3 naming the board and how to fetch it."""
    fetch_fails_in_one_line(tmp_path, "sickle", "WGT_WASA_GIT", "France '40 Sickle Cut")


def test_sickle_fetch_from_the_clone(tmp_path):
    """From a clone of HerrEklund/wasa holding its commit the image lands in the cache and is the recorded blob."""
    record = fetched_from_clone(tmp_path, "sickle", "WGT_WASA_GIT", IMAGE)
    assert record["size"] == (4080, 2640) and record["repo"] == "HerrEklund/wasa"


def test_extract_sickle_against_its_truth(tmp_path):
    """Floors from the first run that read region 1 (BLIND: totals only), 2026-12-07 11:25-11:27 UTC, branch stored44
    (main b739b42's extraction code), the legend as stored, on the truth's grid widened to the whole map (columns 11-60
    x rows 00-28, as the bench runs it): hexes 64/64; town 6/6 none false; river 20/20 none false; rail 21/22 with 1
    false link; road 37/38 with 2 false links. Skipped with the reason when the image is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "sickle", "sickle.yaml", "sickle.legend.yaml", 60, 28, first=(11, 0))
    assert out["hexes"] == 64 and out["right"] >= 64
    assert set(out["lines"]) == {"river", "rail", "road"}
    assert out["symbols"]["town"]["true_positives"] >= 6 and out["symbols"]["town"]["found"] <= 6
    assert_floors(out, {"river": (20, 20, 0), "rail": (22, 21, 1), "road": (38, 37, 2)})


def test_extract_sickle_2_against_its_truth(tmp_path):
    """Floors from region 2's first run with the stored legend (STUDIED), 2026-12-07 11:23-11:25 UTC, branch stored44
    (main b739b42's extraction code), on the same widened grid: hexes 40/40; town 3/3 none false; river 26/29 none
    false; rail 10/11 none false; road 13/13 with 2 false links (user43's run, with its examples in and beside the
    region: river 28/29, rail 7/11, road 13/13 with 1 false; RESULTS-sickle.md). Skipped with the reason when the image
    is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "sickle", "sickle-2.yaml", "sickle.legend.yaml", 60, 28, first=(11, 0))
    assert out["hexes"] == 40 and out["right"] >= 40
    assert out["symbols"]["town"]["true_positives"] >= 3 and out["symbols"]["town"]["found"] <= 3
    assert_floors(out, {"river": (29, 26, 0), "rail": (11, 10, 0), "road": (13, 13, 2)})
