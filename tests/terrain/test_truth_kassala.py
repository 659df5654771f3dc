""""Kassala" (The Complete Book of Wargames, 1980, Fig. 4-1), a held-out board STUDIED (tests/terrain/truth/heldout/
kassala.yaml, RESULTS-kassala.md): a scan of a printed book figure - hand-drawn hexes, printed unit counters, a wadi as
a hatched band along the hexsides, a trench drawn BESIDE its hexsides (an orange band, black teeth on the side), no
printed ids - labelled by session 43's stranger's test (user43) before any extraction ran on it, with the legend that
test wrote from the docs. The truth file, the legend and the image's fetch into the cache (the art is its publisher's,
not in this repository: ``python tests/terrain/truth/heldout/web_boards.py fetch --board kassala``, from a clone of
rummelsworth/vassal-module-kassala named by --git or $WGT_KASSALA_GIT)."""

from __future__ import annotations

from pathlib import Path

from toolkit.terrain.truth import load_truth

from .test_truth_dynamo import _classes
from .truthcheck import example_hexes, fetch_fails_in_one_line, fetched_from_clone

HELDOUT = Path(__file__).parent / "truth" / "heldout"
IMAGE = "rummelsworth__vassal-module-kassala/kassala_Mapboard.png"


def test_kassala_truth_file():
    """The whole map: 60 hexes labelled, 4 excluded (beyond the river Gash, the half-sea hex), on the module's grid
    (columns 01-10 x rows 01-10, flat-top, even columns half a hex down, no printed ids); every side joins two
    neighbouring labelled hexes; the labels as user43 gave them."""
    t = load_truth(HELDOUT / "kassala.yaml")
    assert t.image == IMAGE and t.grid is not None and t.grid.layout is not None
    g = t.grid
    num = g.to_dict()["numbering"]
    assert (num["orientation"], num["shifted"]) == ("flat", "even")
    assert len(t.hexes) == 60 and set(t.hexes) <= {g.id(h) for h in g.hexes()}
    assert {k: sorted(v) for k, v in t.excluded.items()} == {
        "beyond the river Gash (no printed hex)": ["0207", "0208", "0209"], "half sea": ["0909"]}
    assert not set(t.hexes) & {h for v in t.excluded.values() for h in v}
    for keys in t.hexsides.values():
        for k in keys:
            a, b = k.split("/")
            assert a in t.hexes and b in t.hexes and g.hex(b) in g.hex(a).neighbours(), k
    assert _classes(t) == {"plain": 55, "udaka": 1, "kassala": 2, "sea": 2}
    assert t.hexes["0405"] == "udaka" and t.hexes["0905"] == t.hexes["0906"] == "kassala"
    assert {k: len(v) for k, v in t.hexsides.items()} == {"wadi": 19, "trench": 9}
    assert not t.links and not t.symbols


def test_kassala_legend_examples_are_labelled_hexes():
    """The legend's example hexes and marked sides are labelled hexes of the truth (the whole map is the region: it is
    a studied case, not a blind one), each example hex of the class it exemplifies, each marked side a labelled side of
    its line."""
    from toolkit.terrain.extract_legend import load_legend

    t = load_truth(HELDOUT / "kassala.yaml")
    spec = load_legend(HELDOUT / "kassala.legend.yaml")
    assert set(spec["terrain"]) == {"plain", "udaka", "kassala", "sea"}
    assert {k: v["kind"] for k, v in spec["features"].items()} == {"wadi": "along", "trench": "along"}
    assert set(example_hexes(spec)) <= set(t.hexes)
    for name, v in spec["terrain"].items():
        assert all(t.hexes[h] == name for h in v.get("hexes", []))
    assert t.grid is not None
    for name, v in spec["features"].items():
        assert {t.grid.side_key(*s.split("/")) for s in v["yes"]} <= t.hexsides[name]


def test_kassala_fetch_fails_in_one_line(tmp_path):
    """With $WGT_KASSALA_GIT naming a folder that is no clone: one line and exit 3 naming the board and how to fetch
    it."""
    fetch_fails_in_one_line(tmp_path, "kassala", "WGT_KASSALA_GIT",
                            "Kassala map (The Complete Book of Wargames, Fig. 4-1; rummelsworth/vassal-module-kassala)")


def test_kassala_fetch_from_the_clone(tmp_path):
    """From a clone of rummelsworth/vassal-module-kassala holding its commit the image lands in the cache and is the
    recorded blob."""
    record = fetched_from_clone(tmp_path, "kassala", "WGT_KASSALA_GIT", IMAGE)
    assert record["size"] == (2048, 2593) and record["repo"] == "rummelsworth/vassal-module-kassala"


def test_extract_kassala_against_its_truth(tmp_path):
    """Floors from the first stored run (STUDIED), 2026-12-07 11:22 UTC, branch stored44 (main b739b42's extraction
    code), user43's legend, on the module's grid (columns 01-10 x rows 01-10, as the bench runs it): hexes 59/60 (udaka
    0405 read kassala: the same brown, told apart by Kassala's wall posts only - user43 S7); wadi 18/19 none false
    (0306/0405 missed); trench 9/9 none false (trench43's band notes 4: 0/9 before it). Skipped with the reason when the
    image is not cached."""
    from .test_heldout_bastogne import extract_fetched
    from .test_truth_afrika import assert_floors

    out = extract_fetched(tmp_path, "kassala", "kassala.yaml", "kassala.legend.yaml", 10, 10)
    assert out["hexes"] == 60 and out["right"] >= 59
    assert set(out["lines"]) == {"wadi", "trench"}
    assert_floors(out, {"wadi": (19, 18, 0), "trench": (9, 9, 0)})
