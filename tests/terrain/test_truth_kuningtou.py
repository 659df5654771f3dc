""""Bloody Kuningtou" (Taiwan's Wargame magazine, 2010), a held-out board STUDIED (tests/terrain/truth/heldout/
kuningtou.yaml, RESULTS-kuningtou.md): the magazine's digital map art as a JPEG (not a scan of paper) - painted relief
under white hex lines, villages as clusters of house symbols, white roads, a white shore band, a brown cliff line on
the coast's hexsides, no printed ids - labelled by session 44's stranger's test (user44) before any extraction ran on
it, with the legend that test wrote from the docs (the cliff with `on_coast: true`, as a user is now told to write
it). The truth file, the legend and the image's fetch into the cache (the art is its publisher's, not in this
repository: ``python tests/terrain/truth/heldout/web_boards.py fetch --board kuningtou``, from a clone of
jsyeh/kuningtou named by --git or $WGT_KUNINGTOU_GIT)."""

from __future__ import annotations

from pathlib import Path

from toolkit.terrain.truth import load_truth

from .test_truth_dynamo import _classes
from .truthcheck import beside, example_hexes, fetch_fails_in_one_line, fetched_from_clone

HELDOUT = Path(__file__).parent / "truth" / "heldout"
IMAGE = "jsyeh__kuningtou/kuningtou_kuningtou.jpeg"
BOARD = ((1, 15), (1, 14))  # columns 01-15 x rows 01-14: the whole calibrated map, the bench's run


def test_kuningtou_truth_file():
    """Columns 04-09 x rows 04-12: 46 hexes labelled and 8 excluded as mixed (coast hexes half land, half water; two
    under a hill ring spanning two hexes), on user44's grid (flat-top, even columns half a hex down, no printed ids);
    every scored side and link joins two neighbouring hexes of the region; the labels as user44 gave them."""
    t = load_truth(HELDOUT / "kuningtou.yaml")
    assert t.image == IMAGE and t.grid is not None and t.grid.layout is not None
    g = t.grid
    num = g.to_dict()["numbering"]
    assert (num["orientation"], num["shifted"]) == ("flat", "even")
    excluded = {h for v in t.excluded.values() for h in v}
    assert set(t.excluded) == {"mixed"} and len(excluded) == 8 and not set(t.hexes) & excluded
    assert set(t.hexes) | excluded == {g.id(h) for h in g.hexes()} and len(t.hexes) == 46
    for keys in (*t.links.values(), *t.hexsides.values()):
        for k in keys:
            a, b = k.split("/")
            assert a in t.hexes or a in excluded, k
            assert b in t.hexes or b in excluded, k
            assert g.hex(b) in g.hex(a).neighbours(), k
    assert _classes(t) == {"land": 38, "sea": 3, "lake": 2, "shore": 2, "hill": 1}
    assert t.hexes["0708"] == "hill"
    assert {k: len(v) for k, v in t.symbols.items()} == {"village": 12} and t.symbols["village"] <= set(t.hexes)
    assert {k: len(v) for k, v in t.hexsides.items()} == {"cliff": 4}
    # the cliff lies on the north coast's sides between land and the white shore
    assert all({t.hexes[h] for h in k.split("/")} & {"shore"} for k in t.hexsides["cliff"])
    # road: 31 links, 25 between two labelled hexes (the ones scored)
    assert len(t.links["road"]) == 31
    assert sum(all(h in t.hexes for h in k.split("/")) for k in t.links["road"]) == 25


def test_kuningtou_legend_as_user44_wrote_it():
    """user44's legend with the cliff's `on_coast: true` (its S1: the form a user is now told to write), nothing
    moved; every example on the map's grid and outside the region but the map's only shore hexes besides 1306 (0804,
    0905) and the lake box, in its only lake (0505): those stay labelled - a side is scored only between two labelled
    hexes, and the cliff's four sides all touch 0804 or 0905. The hill's one example (1006) and a village example
    (1007) lie beside the region, outside it."""
    from toolkit.terrain.extract_legend import load_legend

    t = load_truth(HELDOUT / "kuningtou.yaml")
    g, near = beside(t, *BOARD)
    spec = load_legend(HELDOUT / "kuningtou.legend.yaml")
    assert set(spec["terrain"]) == {"land", "lake", "sea", "shore", "hill"}
    assert {k: (v["kind"], v.get("colour")) for k, v in spec["features"].items()} == {
        "village": ("symbol", None), "road": ("across", "#ffffff"), "cliff": ("along", "#6e3a04")}
    assert spec["features"]["cliff"]["on_coast"] is True
    hexes = set(example_hexes(spec))
    assert hexes <= set(g.ids())
    region = set(t.hexes) | {h for v in t.excluded.values() for h in v}
    assert hexes & region == {"0804", "0905"} and all(t.hexes[h] == "shore" for h in hexes & region)
    assert hexes & near - region == {"1006", "1007"}
    assert all(k.split("/")[0] in {"0804", "0905"} or k.split("/")[1] in {"0804", "0905"} for k in t.hexsides["cliff"])
    assert g.layout is not None
    x0, y0, x1, y1 = spec["terrain"]["lake"]["box"]
    assert g.id(g.layout.pixel_to_hex((x0 + x1) / 2, (y0 + y1) / 2)) == "0505" and t.hexes["0505"] == "lake"


def test_kuningtou_fetch_fails_in_one_line(tmp_path):
    """With $WGT_KUNINGTOU_GIT naming a folder that is no clone: one line and exit 3 naming the board and how to fetch
    it."""
    fetch_fails_in_one_line(tmp_path, "kuningtou", "WGT_KUNINGTOU_GIT",
                            "Bloody Kuningtou map (Wargame magazine, 2010; jsyeh/kuningtou)")


def test_kuningtou_fetch_from_the_clone(tmp_path):
    """From a clone of jsyeh/kuningtou holding its commit the image lands in the cache and is the recorded blob."""
    record = fetched_from_clone(tmp_path, "kuningtou", "WGT_KUNINGTOU_GIT", IMAGE)
    assert record["size"] == (916, 1302) and record["repo"] == "jsyeh/kuningtou"


def test_extract_kuningtou_against_its_truth(tmp_path):
    """Floors from the first stored run (STUDIED), 2026-12-07 14:18 UTC, branch stored45 (main e95865a's extraction
    code), the stored legend (user44's, the cliff with `on_coast: true`), on the whole calibrated map (columns 01-15 x
    rows 01-14, as the bench runs it) - user44's figures again: hexes 45/46 (0708, the hachured hill ring, read land:
    the hill has one example); village 12/12 none false; cliff 4/4 none false (0/4 without `on_coast`); road 24/25
    with 3 false links (0404/0504 missed over the white lake shore; 0804/0805, 0805/0905 the white shore's sides,
    0612/0712 where the road bends past 0612's corner). Skipped with the reason when the image is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "kuningtou", "kuningtou.yaml", "kuningtou.legend.yaml", 15, 14)
    assert out["hexes"] == 46 and out["right"] >= 45
    assert set(out["lines"]) == {"road", "cliff"}
    assert out["symbols"]["village"]["true_positives"] >= 12 and out["symbols"]["village"]["found"] <= 12
    assert_floors(out, {"cliff": (4, 4, 0), "road": (25, 24, 3)})
