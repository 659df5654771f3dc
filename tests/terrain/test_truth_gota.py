"""*Guns of the Americas: The American Front 1914-1919* (Ray Weiss), a held-out board labelled blind
(tests/terrain/truth/heldout/gota.yaml, RESULTS-gota.md): the whole continental map as the lerugray/hexwright sample
holds it, downscaled to 3000 px from its print file - flat-top hexes of 34 px between columns with their ids printed
faint at the bottom of each hex, flat fills (cream, light tan, orange tan, green stipple), state borders as red
hatching, mountain ridges as thick grey-olive bands and rivers as a grey-blue band on the sides, thin dark railways,
cities as grey dots, numbered discs and stars - a style the bench did not have. The truth file, the legend's examples
and the image's fetch into the cache (the map art is its designer's, not in this repository: ``python
tests/terrain/truth/heldout/web_boards.py fetch --board gota``, from a clone of lerugray/hexwright named by --git or
$WGT_HEXWRIGHT_GIT). The region (gota.yaml) is BLIND."""

from __future__ import annotations

from pathlib import Path

from toolkit.terrain.truth import load_truth

from .test_truth_dynamo import _classes
from .truthcheck import beside, check_region, fetch_fails_in_one_line, fetched_from_clone, placed

HELDOUT = Path(__file__).parent / "truth" / "heldout"
IMAGE = "lerugray__hexwright/gota_gota-map.jpg"
BOARD = ((1, 87), (1, 48))  # columns 01-87 x rows 01-48: the whole calibrated map, the bench's run


def test_gota_truth_file():
    """Columns 62-70 x rows 20-28 (81 hexes, all labelled); every side and link joins two neighbouring labelled hexes;
    the grid calibrated from the five clicks in its header (flat-top hexes, ids column first, even columns half a hex
    down); the near calls of its header."""
    t = load_truth(HELDOUT / "gota.yaml")
    g = check_region(t, IMAGE, 81)
    assert _classes(t) == {"clear": 33, "broken": 8, "rough": 35, "woods": 5}
    assert t.symbols == {"city": {"6222", "6420", "6423", "6921"}}
    assert {k: len(v) for k, v in t.hexsides.items()} == {"border": 71, "river": 35, "ridge": 19}
    assert {k: len(v) for k, v in t.links.items()} == {"rail": 9}
    num = g.to_dict()["numbering"]
    assert (num["orientation"], num["shifted"]) == ("flat", "even") and not num.get("row_first")

    def centre(hid: str) -> tuple[int, ...]:
        return tuple(round(v) for v in g.layout.hex_to_pixel(g.numbering.offset.to_hex(*g.numbering.parse(hid))))

    # the five clicks, all off the region: the fit puts them within 0.8 px of the clicks (rms 0.105 px on the hex
    # lines)
    assert (centre("1004"), centre("8207"), centre("7343"), centre("1730"), centre("4423")) == (
        (389, 192), (2814, 309), (2511, 1689), (625, 1183), (1534, 931))
    # the lower railway passes the corner of 6927, 7026 and 7027 on 7026's side
    assert "6927/7026" in t.links["rail"] and "6927/7027" not in t.links["rail"]
    # ridge and border on one side
    both = {"6824/6825", "6924/6925", "7023/7024", "6726/6727", "6825/6826", "6726/6826"}
    assert both <= t.hexsides["ridge"] and both <= t.hexsides["border"]
    # the Ohio under the hatching, the Kanawha leaving it inside 6822
    assert {"6321/6322", "6321/6421", "6421/6521", "6521/6522", "6621/6721", "6721/6722", "6721/6821",
            "6821/6822"} <= t.hexsides["river"]
    assert "6722/6822" not in t.hexsides["river"]
    assert not {"6723/6724", "6823/6824"} & t.hexsides["border"]


def test_gota_legend_examples_lie_outside_the_region():
    """No example hex or side of gota.legend.yaml is a hex of the region or beside it; all lie on the map's grid
    (columns 01-87 x rows 01-48); the classes are the map's fills and its city markers, the lines its borders, rivers,
    ridges and railways (no roads)."""
    from toolkit.terrain.extract_legend import load_legend

    _, _, hexes, points = placed(HELDOUT, "gota.yaml", "gota.legend.yaml", BOARD)
    assert hexes and not points
    spec = load_legend(HELDOUT / "gota.legend.yaml")
    assert set(spec["terrain"]) == {"clear", "broken", "rough", "woods", "swamp", "water", "city"}
    assert spec["terrain"]["city"].get("symbol") is True
    assert {k: v["kind"] for k, v in spec["features"].items()} == {"border": "along", "river": "along",
                                                                    "ridge": "along", "rail": "across"}


def test_gota_2_truth_file():
    """Region 2 (STUDIED): columns 64-70 x rows 30-36 (49 hexes, all labelled) on region 1's grid; not beside region 1
    nor beside any example of the legend it shares; its classes, cities, borders, river and railways; the near calls of
    its header."""
    t = load_truth(HELDOUT / "gota-2.yaml")
    check_region(t, IMAGE, 49)
    t1 = load_truth(HELDOUT / "gota.yaml")
    assert t.grid is not None and t1.grid is not None and t.grid.layout.matrix == t1.grid.layout.matrix
    _, near1 = beside(t1, *BOARD)
    assert not set(t.hexes) & near1
    placed(HELDOUT, "gota-2.yaml", "gota.legend.yaml", BOARD)  # no example in or beside region 2
    assert _classes(t) == {"clear": 24, "broken": 12, "woods": 10, "swamp": 3}
    assert t.symbols == {"city": {"6630", "6636"}}
    assert {k: len(v) for k, v in t.hexsides.items()} == {"border": 24, "river": 13, "ridge": 0}
    assert {k: len(v) for k, v in t.links.items()} == {"rail": 10}
    assert "6430/6530" in t.hexsides["border"] and "6430/6530" not in t.hexsides["river"]
    assert "6530/6630" not in t.links["rail"] and t.hexes["6636"] == "clear"


def test_gota_fetch_fails_in_one_line(tmp_path):
    """With $WGT_HEXWRIGHT_GIT naming a folder that is no clone: one line and exit 3 naming the board and how to fetch
    it."""
    fetch_fails_in_one_line(tmp_path, "gota", "WGT_HEXWRIGHT_GIT",
                            "Guns of the Americas map (the lerugray/hexwright sample)")


def test_gota_fetch_from_the_clone(tmp_path):
    """From a clone of lerugray/hexwright holding its commit (on the branch instrument-ui; the branch main was
    rewritten without the samples) the image lands in the cache and is the recorded blob."""
    record = fetched_from_clone(tmp_path, "gota", "WGT_HEXWRIGHT_GIT", IMAGE)
    assert record["size"] == (3000, 1928)


def test_extract_gota_against_its_truth(tmp_path):
    """Floors from the first run that read the board (blind), 2026-12-06 20:37 UTC, branch newblind9 832791b (main
    0e4075a's extraction code), the legend as written, on the truth's grid widened to the whole map (columns 01-87 x
    rows 01-48, as the bench runs it): hexes 67/81 (12 hexes read the class city: the legend made the city markers a
    class, `symbol: true`, where the truth tags them and classes the hex by its fill; 2 clear hexes read swamp); city
    3/4 found 12; border 8/71 none false; river 19/34 with 1 false; ridge 14/19 none false; rail 9/9 with 26 false. The
    region is BLIND: totals only. Skipped with the reason when the image is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "gota", "gota.yaml", "gota.legend.yaml", 87, 48, first=(1, 1))
    assert out["hexes"] == 81 and out["right"] >= 67
    city = out["symbols"]["city"]
    assert city["in_truth"] == 4 and city["true_positives"] >= 3 and city["found"] - city["true_positives"] <= 9
    assert set(out["lines"]) == {"border", "river", "ridge", "rail"}
    # (river 34 -> 35 sides in the truth: 6721/6821 added after the check against the sample's data; totals only:
    # still 19 found of them, 1 false, on main dfc77d5's code too)
    # (rail 9/9 at 9/35 -> 7/9 at 7/25, totals only, LOWERED: traced notes 23 (gota4) reads 10 crossings fewer here, 8
    # false and 2 true - the cause of the 2 not studied, the region is blind; region 2 below, studied, loses none;
    # review42 R10 found true crossings refused elsewhere on the sheet: under the border's hatching, beside a road)
    # (rail 7/9 at 7/25 -> 7/9 at 7/26, totals only: gota5's reading clear of the hex line's marks keeps one more
    # crossing here, a false one, and none of the 2 true; on the sheet outside this region it keeps 28 gota4 refused,
    # 22 of them railways by eye. Over both regions rail 19/19 at 19/72 -> 17/19 at 17/47; the lead accepted the
    # trade, review43 R14; with bussaco2's traced notes 25 on main as well: 7/9 at 7/21, gota-2 10/10 at 10/21)
    # (rail 7/9 at 7/19 -> 7/9 at 7/23, totals only, LOWERED: symbols notes 7 (garde47) learns the city markers' grey
    # disc, no longer the black of the names beside them, and the false city stamps that hid names from the rail
    # tracer are gone; in studied region 2 below its 6 new false sides are all names read as the railway, by eye)
    assert_floors(out, {"border": (71, 8, 0), "river": (35, 19, 1), "ridge": (19, 14, 0), "rail": (9, 7, 16)})


def test_extract_gota_2_against_its_truth(tmp_path):
    """Floors from region 2's first run (STUDIED), 2026-12-06 21:04 UTC, branch newblind9 0826f65, region 1's legend as
    written, on the same widened grid: hexes 41/49 (every wrong hex read the class city: Atlanta and Talahasse right as
    symbols, and 6 hexes crossed by the cities' black names); city 2/2 found 8; border 0/24 none found (the legend's
    red is the ticks' on dry land; the line reads darker over the river and the ticks cover under half of each side);
    river 9/13 none false (the 4 missed run inside the hexes beside the border's line); rail 10/10 with 27 false (the
    roads and the border's dark line by the river). Skipped with the reason when the image is not cached.
    The review list (gota notes 1, branch gota2): it named none of the 8 wrong hexes, of 4,176 listed none; every hex
    read city is listed now (the symbol's leave-one-out check found 1 of its 3 examples: its template is the names'
    black), so each wrong hex is."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    got = extract_fetched(tmp_path, "gota", "gota-2.yaml", "gota.legend.yaml", 87, 48, first=(1, 1), whole=True)
    out = got["truth"]
    wrong = {w[0] for w in out["wrong"]}
    # symbols notes 7 (garde47): the city's template is the markers' grey disc (leave-one-out 2 of 3), no longer the
    # names' black - hexes 41 -> 46/49, city found 8 -> 3, review 333 -> 9 hexes. The 3 wrong are the legend's class
    # against the truth's tag: Atlanta 6630 and Tallahassee 6636 (their markers, the truth's two cities, on woods and
    # clear) and 6730 (Athens' grey dot inside its edge, a marker as the legend's example 5216 is)
    assert len(wrong) == out["hexes"] - out["right"] and wrong == {"6630", "6636", "6730"}
    assert out["hexes"] == 49 and out["right"] >= 46
    city = out["symbols"]["city"]
    assert city["in_truth"] == 2 and city["true_positives"] >= 2 and city["found"] - city["true_positives"] <= 1
    # (rail 27 -> 11 false: 16 crossings of the yellow-tan roads on the cream, their pixels more chromatic than any
    # blend of the railway's grey with the cream, refused - traced notes 23, gota4; the 11 left: roads over the light
    # tan, the border's hatching over the river, sides showing none of the colour on one side: RESULTS-gota.md)
    # (river 1 false since band notes 9, user47: 6934/6935, a horizontal side between clear and a swamp hatched in
    # lines of the river's grey-blue parallel to it - a side with one hex on a ground the river's marks do not show is
    # judged by how full of the colour its band is, and a hatch line lying in the band fills it; RESULTS-paperwars.md)
    # (rail 11 -> 17 false, LOWERED: symbols notes 7 - the false city stamps over MONTGOMERY, TALAHASSEE and ATLANTA
    # hid those names from the rail tracer; their 6 sides 6431/6432, 6432/6533, 6635/6636, 6636/6736, 6731/6732,
    # 6731/6830 are the names read as the railway, by eye)
    assert_floors(out, {"border": (24, 0, 0), "river": (13, 9, 1), "ridge": (0, 0, 0), "rail": (10, 10, 17)})
