"""MMP SCS Afrika, a FOURTH held-out region nobody tuned on, chosen for painted terrain
(tests/terrain/truth/heldout/afrika-4.yaml, RESULTS-afrika-4.md): the truth file only, labelled and landed
before any extraction was run on the region. It has no extraction test (`python -m benchmarks real_boards`
runs the case `afrika-4-heldout`)."""

from __future__ import annotations

from toolkit.terrain.truth import load_truth

from .test_truth_afrika import HELDOUT

# block A: the Jebel el Akhdar's north and east, its land hexes; block B: El Agheila - Subkhat Ghuzayyu - Marada
BLOCK_A = {f"{c}.27" for c in range(14, 29)} | {f"{c}.28" for c in range(17, 26)} | {"19.29", "21.29"} \
    | {f"{c}.{r}" for c in (26, 27, 28) for r in (25, 26)}
BLOCK_B = {f"{c}.{r:02d}" for c in range(1, 7) for r in range(1, 9)} - {"6.04", "6.05"}


def test_afrika_4_truth_file():
    """78 hexes in two blocks (32 on the Jebel's north and east, 46 south-west of El Agheila), the same grid
    calibration as afrika.yaml, overlapping no earlier region and no example hex of the legend; every hex of
    each block labelled, every link joining two neighbouring labelled hexes."""
    t = load_truth(HELDOUT / "afrika-4.yaml")
    first = load_truth(HELDOUT / "afrika.yaml")
    assert t.grid is not None and first.grid is not None
    assert t.grid.layout is not None and first.grid.layout is not None
    assert t.grid.layout.matrix == first.grid.layout.matrix
    assert set(t.hexes) == BLOCK_A | BLOCK_B and len(t.hexes) == 78
    for other in ("afrika.yaml", "afrika-2.yaml", "afrika-3.yaml"):
        assert not set(t.hexes) & set(load_truth(HELDOUT / other).hexes), other
    legend = (HELDOUT / "afrika.legend.yaml").read_text()
    assert not [h for h in t.hexes if f'"{h}"' in legend or f"{h}/" in legend or f"/{h}\"" in legend]
    classes = {c: sum(1 for v in t.hexes.values() if v == c) for c in set(t.hexes.values())}
    assert classes == {"desert": 52, "hills": 22, "marsh": 3, "stipple": 1}
    assert {h for h, v in t.hexes.items() if v == "marsh"} == {"1.01", "4.04", "4.05"}
    assert {h for h, v in t.hexes.items() if v == "stipple"} == {"3.04"}
    assert t.hexes["26.26"] == "hills" and t.hexes["5.05"] == "desert"
    assert t.hexes["2.05"] == t.hexes["3.05"] == "desert"  # corrected after the first run (RESULTS-afrika-4.md)
    assert t.symbols == {"town": {"1.08", "19.27", "20.28", "23.28", "27.27"}}
    assert not t.hexsides
    assert {k: len(v) for k, v in t.links.items()} == {"road_main": 13, "road": 1, "track": 40}
    for keys in t.links.values():
        for k in keys:
            a, b = k.split("/")
            assert a in t.hexes and b in t.hexes and t.grid.hex(b) in t.grid.hex(a).neighbours(), k
