"""GMT's *Next War: Korea* (2012), a held-out board labelled blind (tests/terrain/truth/heldout/nwk.yaml,
RESULTS-nwk.md): a modern operational map printed from digital art with large hexes, the terrain a ground colour under
tree symbols and under shaded relief painted across the hexes, highways, roads and trails, rivers along the hexsides
and no printed terrain key - a style the bench did not have. The truth file and the legend's examples, and the image's
fetch into the cache (the map art is (c) GMT Games, not in this repository: ``python tests/terrain/truth/heldout/
web_boards.py fetch --board nwk``, from a clone of HerrEklund/wasa named by --git or $WGT_WASA_GIT; its fetch tests
are test_wasa_fetch.py's). Region 1 (nwk.yaml) is BLIND."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.terrain.extract_legend import load_legend
from toolkit.terrain.truth import load_truth

from .test_truth_dynamo import _classes
from .truthcheck import beside, check_region, example_hexes

HELDOUT = Path(__file__).parent / "truth" / "heldout"
IMAGE = "HerrEklund__wasa/nwk_MapFull.jpg"


def test_nwk_truth_file():
    """Columns 30-38 x rows 01-09 (81 hexes, all labelled); every side and link joins two neighbouring labelled
    hexes; the grid calibrated from the clicks in its header (CCRR ids as printed on the South sheet, odd columns half
    a hex down)."""
    t = load_truth(HELDOUT / "nwk.yaml")
    g = check_region(t, IMAGE, 81)
    assert _classes(t) == {"clear": 20, "lowland": 3, "forest": 40, "hills": 6, "mountain": 12}
    assert not t.symbols
    assert {k: len(v) for k, v in t.links.items()} == {"highway": 23, "road": 21, "trail": 16}
    assert {k: len(v) for k, v in t.hexsides.items()} == {"river": 31}

    def centre(hid: str) -> tuple[int, ...]:
        return tuple(round(v) for v in g.layout.hex_to_pixel(g.numbering.offset.to_hex(*g.numbering.parse(hid))))

    # four of the clicked hexes (all off the region): the fit puts them within 1.1 px of the clicks
    assert (centre("1902"), centre("4801"), centre("2020"), centre("4720")) == (
        (1590, 3583), (5070, 3375), (1710, 5999), (4950, 6068))
    # Jangnoweon's cream ground, the relief west of Yeoju, the mountains east of Wonju, trees over relief, Chungju's
    # hex (the city symbol is no class); the Han's branch along Yeoju; the highway's bulge into 3504 on the way to
    # Jecheon; the road from Yangp'yong turning trail inside 3201
    assert (t.hexes["3006"], t.hexes["3101"], t.hexes["3603"], t.hexes["3504"], t.hexes["3307"]) == (
        "lowland", "hills", "mountain", "forest", "clear")
    assert {"3203/3204", "3204/3303", "3808/3809"} <= t.hexsides["river"]
    assert {"3503/3604", "3504/3604", "3504/3605"} <= t.links["highway"] and "3604/3605" not in t.links["highway"]
    assert "3201/3301" in t.links["road"] and {"3201/3202", "3202/3203"} <= t.links["trail"]


def test_nwk_legend_examples_lie_outside_the_region():
    """No example hex of the legend, and neither hex of any example side, is a hex of the region or beside one; the
    classes are the printed terrain as the truth names it (the map prints no key), the lines its river, highway, road
    and trail."""
    t = load_truth(HELDOUT / "nwk.yaml")
    g, near = beside(t, (7, 50), (0, 22))
    assert len(near) == 81 + 2 * 9 + 2 * 11 - 2  # the region, a row above and below, a column either side
    spec = load_legend(HELDOUT / "nwk.legend.yaml")
    assert set(spec["terrain"]) == {"clear", "lowland", "forest", "hills", "mountain", "marsh", "urban", "water"}
    assert set(spec["features"]) == {"river", "highway", "road", "trail"}
    used = example_hexes(spec)
    assert len(used) == 48 and all(h in g for h in map(g.hex, used)) and not set(used) & near


def test_nwk_amended_legend_unmasks_the_road_and_trail_only():
    """The legend as amended after the first run (nwk.amended.legend.yaml) is the legend as first written but for
    ``mask: false`` on the road and the trail, whose colours are the grounds' own (the trail's cream takes 97% of the
    clear examples' pixels, the road's grey all of the hills'): the refusal of the first run, nothing learned from the
    region."""
    import yaml

    first = yaml.safe_load((HELDOUT / "nwk.legend.yaml").read_text())
    amended = yaml.safe_load((HELDOUT / "nwk.amended.legend.yaml").read_text())
    assert amended["terrain"] == first["terrain"]
    assert {k: v for k, v in amended["features"].items() if k not in ("road", "trail")} == {
        k: v for k, v in first["features"].items() if k not in ("road", "trail")}
    for k in ("road", "trail"):
        assert amended["features"][k] == {**first["features"][k], "mask": False}


def test_nwk_2_truth_file():
    """Region 2 (nwk-2.yaml, STUDIED): columns 19-27 x rows 14-22 of the South sheet (81 hexes, all labelled) on
    nwk.yaml's grid as it is; every side and link joins two neighbouring labelled hexes; no hex of it is a hex of
    region 1 or beside one, nor an example hex of the legend (or of an example side) or beside one."""
    t = load_truth(HELDOUT / "nwk-2.yaml")
    check_region(t, IMAGE, 81)
    one = load_truth(HELDOUT / "nwk.yaml")
    assert t.grid.to_dict()["calibration"] == one.grid.to_dict()["calibration"]
    assert _classes(t) == {"clear": 13, "lowland": 11, "forest": 22, "hills": 3, "mountain": 4, "marsh": 24,
                           "urban": 1, "water": 3}
    assert not t.symbols
    assert {k: len(v) for k, v in t.links.items()} == {"highway": 26, "road": 23, "trail": 30}
    assert {k: len(v) for k, v in t.hexsides.items()} == {"river": 11}
    _, near = beside(t, (7, 50), (0, 22))
    _, near_one = beside(one, (7, 50), (0, 22))
    assert not set(t.hexes) & near_one
    assert not near & set(example_hexes(load_legend(HELDOUT / "nwk.amended.legend.yaml")))
    # the sea at Janghang, Gunsan's airbase island, Jeonju's grey fill, trees over cream by Taein and over relief,
    # the mountains north of Namwon; the river through Iksan and the Geum ending at its estuary; the highway's fork
    # inside 2418; the road leaving 2414 just below its corner; a trail ending at the highway inside 2220
    assert (t.hexes["1916"], t.hexes["1917"], t.hexes["2419"], t.hexes["2221"], t.hexes["2616"], t.hexes["2717"]) == (
        "water", "marsh", "urban", "forest", "forest", "mountain")
    assert {"2117/2118", "2218/2318", "2115/2216"} <= t.hexsides["river"]
    assert not {"2115/2116", "2016/2116", "2016/2017"} & t.hexsides["river"]
    assert {"2318/2418", "2418/2518"} <= t.links["highway"] and "2414/2514" in t.links["road"]
    assert "2119/2220" in t.links["trail"] and "2220/2221" not in t.links["trail"]


@pytest.mark.parametrize("legend", ["nwk.amended.legend.yaml", "nwk.legend.yaml"])
def test_extract_nwk_against_its_truth(tmp_path, legend):
    """Floors from the first run that read the board (blind), 2026-12-06 03:23 UTC, main c8bf749 with the legend as
    amended (RESULTS-nwk.md), on the truth's grid widened to the South sheet (columns 07-50 x rows 00-22, as the bench
    runs it): hexes 62/81; river 31/31, none false; highway 23/23, none false; road 1/21, 2 false; trail 2/16, 34
    false. The legend as first written was refused (exit 3, "terrain 'clear': its sample area holds no terrain
    colour": the lines step read the examples again with every line's whole mask, and the trail's, about its cream,
    left the clear examples nothing); since a terrain so emptied is its own ground (extract_legend.terrain_grounds)
    it reads the same totals. The region is BLIND: totals only. Since marks.py (the trees read by their colour's share
    of the hex, session 34): hexes 80/81 with either legend, every line figure the same. Since the road and the trail
    are read by their rims (lines.py, traced notes 14; both legends): road 21/21, none false; trail 13/16, 2 false.
    Since the fill between dashed rims is read in pieces in a row (traced notes 21, session 41, totals only): trail
    14/16 with 1 false (amended legend; was 13/16 with 1) and 14/16 with 2 false (first legend; was 13/16 with 2).
    Skipped with the reason when the image is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "nwk", "nwk.yaml", legend, 50, 22, first=(7, 0))
    assert out["hexes"] == 81 and out["right"] >= 80
    assert set(out["lines"]) == {"river", "highway", "road", "trail"}
    assert_floors(out, {"river": (31, 31, 0), "highway": (23, 23, 0), "road": (21, 21, 0), "trail": (16, 14, 2)})


def test_extract_nwk_2_against_its_truth(tmp_path):
    """Region 2 (STUDIED; RESULTS-nwk.md, "Region 2"): floors from its first run, 2026-12-06 04:17 UTC, main
    2a571a0, the amended legend on the South sheet's grid (columns 07-50 x rows 00-22, as the bench runs it): hexes
    60/81 (16 forest over relief read hills, 2 mountain read hills, forest over cream 2221 and lowland 2022 and 2319
    read marsh); river 11/11, 1 false (2115/2116, the estuary's edge); highway 26/26, none false; road 1/23, none
    false; trail 17/30, 50 false. Since marks.py (session 34): hexes 77/81 - every forest hex right, by its trees'
    share (4.3-9.7% of each forest hex, 0.0% of every other, the threshold 2.5%); left: mountain 2620 and 2717 read
    hills, lowland 2022 and 2319 read marsh - every line figure the same. Since the road and the trail are read by
    their rims (lines.py, traced notes 14): road 23/23, none false; trail 25/30, none false. Since the fill between
    dashed rims is read in pieces in a row (traced notes 21, session 41): trail 28/30, none false (1917/2017,
    2017/2116, 2120/2221: the trail between Gunsan's town fill, the highway and Taein's dot, its rims pale). Skipped
    with the reason when the image is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "nwk", "nwk-2.yaml", "nwk.amended.legend.yaml", 50, 22, first=(7, 0))
    assert out["hexes"] == 81 and out["right"] >= 77
    assert set(out["lines"]) == {"river", "highway", "road", "trail"}
    assert_floors(out, {"river": (11, 11, 1), "highway": (26, 26, 0), "road": (23, 23, 0), "trail": (30, 28, 0)})
