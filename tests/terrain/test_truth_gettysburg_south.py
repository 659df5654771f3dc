"""Avalon Hill's Roads to Gettysburg, its SOUTH Map, held out (tests/terrain/truth/heldout/gettysburg-south*.yaml,
RESULTS-gettysburg-south.md): a scan of the printed paper sheet (HerrEklund/wasa's SMap.jpg, blob 581d6684; the North
Map of the same game is gettysburg*.yaml's). Its first region (gettysburg-south.yaml, columns 13-20 x rows 05-12,
Waynesboro - South Mountain) is BLIND, labelled by rtg47 (session 47) before any extraction ran on this board, four
hexes left out as uncertain; its second (gettysburg-south-2.yaml, columns 22-28 x rows 13-20, Mechanicstown - the
Monocacy) is STUDIED. One grid (calibrate's, from 9 clicked centres) and one legend of this sheet's examples with the
North Map key's classes (gettysburg-south.legend.yaml). The truth files, the legend's placement, the image's fetch
into the cache (the map art is Avalon Hill's, not in this repository: ``python
tests/terrain/truth/heldout/web_boards.py fetch --board gettysburg-south``, from a clone of HerrEklund/wasa named by
--git or $WGT_WASA_GIT) and the floors of both runs."""

from __future__ import annotations

from pathlib import Path

from toolkit.terrain.extract_legend import load_legend
from toolkit.terrain.truth import load_truth

from .test_truth_dynamo import _classes
from .truthcheck import beside, check_region, example_hexes

HELDOUT = Path(__file__).parent / "truth" / "heldout"
IMAGE = "HerrEklund__wasa/gettysburg-south_SMap.jpg"
SHEET = ((1, 58), (2, 34))  # the bench's run: the calibrated sheet (the odd columns' row 01 is cut by the top edge)


def test_gettysburg_south_truth_file():
    """The BLIND region: columns 13-20 x rows 05-12 (64 hexes: 60 labelled, 4 left out as uncertain - the mountain's
    edge hexes whose middle lies at the blob's edge); every side and link joins two neighbouring hexes of the region;
    flat-top, the even columns half a hex down (calibrate's reading of the clicks and the lines); the near calls of
    its header."""
    t = load_truth(HELDOUT / "gettysburg-south.yaml")
    assert t.image == IMAGE and t.grid is not None and t.grid.layout is not None
    g = t.grid
    region = {g.id(h) for h in g.hexes()}
    assert len(region) == 64 and set(t.excluded) == {"uncertain"}
    assert set(t.hexes) == region - set(t.excluded["uncertain"])
    assert t.excluded["uncertain"] == ["1610", "1905", "1906", "2008"]
    num = g.to_dict()["numbering"]
    assert (num["orientation"], num["shifted"]) == ("flat", "even")
    assert _classes(t) == {"rolling": 26, "mountain": 23, "rough": 10, "town": 1} and t.hexes["1406"] == "town"
    assert {k: len(v) for k, v in t.lines().items()} == {"creek": 39, "road": 60, "pike": 7}
    for keys in t.lines().values():
        for k in keys:
            a, b = k.split("/")
            assert a in region and b in region and g.hex(b) in g.hex(a).neighbours(), k
    # the Waynesboro - Emmitsburg pike from the town block to Fountaindale; no road link 1308/1407 (a lane ending in
    # 1308) nor 1310/1311 (the Leitersburg road passes the corner)
    assert {"1306/1406", "1406/1507", "1907/2007"} <= t.links["pike"]
    assert not {"1308/1407", "1310/1311"} & t.links["road"]
    t2 = load_truth(HELDOUT / "gettysburg-south-2.yaml")
    assert t2.grid is not None and g.layout.matrix == t2.grid.layout.matrix


def test_gettysburg_south_2_truth_file():
    """The STUDIED region: columns 22-28 x rows 13-20 (56 hexes, all labelled), neither a hex of the blind region nor
    beside one."""
    t = load_truth(HELDOUT / "gettysburg-south-2.yaml")
    check_region(t, IMAGE, 56)
    assert _classes(t) == {"clear": 45, "rolling": 5, "rough": 3, "woods": 2, "mountain": 1}
    assert {k: len(v) for k, v in t.lines().items()} == {"creek": 43, "river": 12, "road": 58, "pike": 11}
    _, near1 = beside(load_truth(HELDOUT / "gettysburg-south.yaml"), *SHEET)
    assert not set(t.hexes) & near1


def test_gettysburg_south_legend_examples_lie_outside_both_regions():
    """No example hex (terrain, both hexes of each marked side) of gettysburg-south.legend.yaml is a hex of either
    region or beside one (the blind region's uncertain hexes count as its own), and all lie on the bench's grid; the
    North Map key's classes and lines."""
    spec = load_legend(HELDOUT / "gettysburg-south.legend.yaml")
    used = set(example_hexes(spec))
    t1 = load_truth(HELDOUT / "gettysburg-south.yaml")
    assert t1.grid is not None
    g, near1 = beside(t1, *SHEET)
    region1 = {t1.grid.id(h) for h in t1.grid.hexes()}  # the uncertain hexes too
    near1 |= region1 | {g.id(n) for h in region1 for n in g.neighbours(g.hex(h)) if n in g}
    _, near2 = beside(load_truth(HELDOUT / "gettysburg-south-2.yaml"), *SHEET)
    assert used <= set(g.ids())
    assert not used & near1 and not used & near2
    assert set(spec["terrain"]) == {"clear", "rolling", "rough", "woods", "mountain", "town"}
    assert {k: v["kind"] for k, v in spec["features"].items()} == {
        "river": "along", "creek": "along", "road": "across", "pike": "across", "rail": "across"}
    assert spec["terrain"]["town"]["hexes"] == ["0613", "2326", "4516"]


def test_gettysburg_south_fetch_names_the_board():
    """The fetch entry: HerrEklund/wasa's SMap.jpg of the commit that added the module, checked by blob id."""
    from .test_heldout_bastogne import web_boards

    wb = web_boards()
    e = wb.IMAGES["gettysburg-south"]
    assert e["blob"] == "581d6684f6e1a7ab0ed1eac0b96a02253be2b11e" and e["git_env"] == "WGT_WASA_GIT"
    assert e["size"] == (3991, 2657) and wb.NAMES["gettysburg-south"] == "Roads to Gettysburg South Map"


def test_extract_gettysburg_south_against_its_truth(tmp_path):
    """Floors from the first run that read the BLIND region (totals only), 2026-12-07 23:29 UTC, branch rtg47 (main
    4de64c9's extraction code), the legend as stored, on the truth's grid widened to the sheet (columns 01-58 x rows
    02-34, as the bench runs it): hexes 48/60; creek 32/39 none false; road 15/57 none false; pike 4/7, 2 false; rail
    none in the region, 6 false; river none found. Skipped with the reason when the image is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "gettysburg-south", "gettysburg-south.yaml", "gettysburg-south.legend.yaml",
                          58, 34, first=(1, 2))
    assert out["hexes"] == 60 and out["right"] >= 48
    assert_floors(out, {"creek": (39, 32, 0), "road": (57, 15, 0), "pike": (7, 4, 2), "rail": (0, 0, 6),
                        "river": (0, 0, 0)})


def test_extract_gettysburg_south_2_against_its_truth(tmp_path):
    """Floors from the studied region's first run, 2026-12-07 23:31 UTC, branch rtg47 (main 4de64c9's extraction
    code), on the same widened grid: hexes 51/56 (rough 2214 read rolling, woods 2215 rolling, clear 2216, 2415 and
    2717 town); creek 43/43 with 5 false (the Monocacy's sides); river 8/12 none false; road 4/58 none false (the
    legend's road colour: RESULTS-gettysburg-south.md); pike 11/11 with 1 false; rail none there, 1 false (the Jug
    Bridge). Skipped with the reason when the image is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "gettysburg-south", "gettysburg-south-2.yaml", "gettysburg-south.legend.yaml",
                          58, 34, first=(1, 2))
    assert out["hexes"] == 56 and out["right"] >= 51
    assert_floors(out, {"creek": (43, 43, 5), "river": (12, 8, 0), "road": (58, 4, 0), "pike": (11, 11, 1),
                        "rail": (0, 0, 1)})


def test_the_amended_legend_changes_only_the_road_colour():
    """gettysburg-south.amended.legend.yaml is the first legend but the road's colour: the printed key's (the North
    Map's "Road" as gettysburg.legend.yaml reads it), decided on the studied region alone."""
    first = load_legend(HELDOUT / "gettysburg-south.legend.yaml")
    amended = load_legend(HELDOUT / "gettysburg-south.amended.legend.yaml")
    north = load_legend(HELDOUT / "gettysburg.legend.yaml")
    assert amended["features"]["road"]["colour"] == north["features"]["road"]["colour"] == "#818835"
    assert first["features"]["road"]["colour"] == "#77721e"
    amended["features"]["road"]["colour"] = first["features"]["road"]["colour"]
    assert {k: v for k, v in amended.items() if k != "_source"} == {k: v for k, v in first.items() if k != "_source"}


def test_extract_gettysburg_south_amended_against_its_truth(tmp_path):
    """Floors from the BLIND region's run with the amended legend (totals only), 2026-12-07 23:51 UTC, branch rtg47
    (main 4de64c9's extraction code): hexes 41/60 (48 with the first legend); creek 33/39 none false; road 18/57 with
    3 false; pike 4/7, 2 false; rail 6 false. Skipped with the reason when the image is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "gettysburg-south", "gettysburg-south.yaml",
                          "gettysburg-south.amended.legend.yaml", 58, 34, first=(1, 2))
    assert out["hexes"] == 60 and out["right"] >= 41
    assert_floors(out, {"creek": (39, 33, 0), "road": (57, 18, 3), "pike": (7, 4, 2), "rail": (0, 0, 6)})


def test_extract_gettysburg_south_2_amended_against_its_truth(tmp_path):
    """Floors from the studied region's run with the amended legend, 23:51 UTC: hexes 55/56 (only rough 2214 read
    rolling); road 24/58 none false (4/58 with the first legend); creek 43/43 with 5 false; river 8/12; pike 11/11 with
    1 false; rail 1 false. Skipped with the reason when the image is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "gettysburg-south", "gettysburg-south-2.yaml",
                          "gettysburg-south.amended.legend.yaml", 58, 34, first=(1, 2))
    assert out["hexes"] == 56 and out["right"] >= 55
    assert_floors(out, {"creek": (43, 43, 5), "river": (12, 8, 0), "road": (58, 24, 0), "pike": (11, 11, 1),
                        "rail": (0, 0, 1)})
