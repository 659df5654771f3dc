"""Map file load/save speed: a 2,500-hex map (50 x 50, ~15% with tags or values, ~1,400 hexsides).

``load`` is :func:`toolkit.terrain.loads_map` on a file as we write it (the fast line reader);
``yaml_path`` is the YAML reader every other file goes through (libyaml events, line-numbered
validation). Baselines measured in the same run on the same data: ``json.loads`` of the equivalent
JSON and a bare ``yaml.load`` with the C loader (no validation, no line numbers). Target: load well
under 100 ms.
"""

from __future__ import annotations

import json
import random

import yaml

from benchmarks import best_of
from toolkit.hexgrid import CCRR, Extent, Grid
from toolkit.terrain import HexData, TerrainMap, TerrainType, dumps_map, loads_map
from toolkit.terrain.io import _Reader


def build(cols: int = 50, rows: int = 50, seed: int = 4) -> TerrainMap:
    rnd = random.Random(seed)
    grid = Grid(CCRR(), Extent(1, cols, 1, rows))
    names = ["clear", "forest", "swamp", "lake", "rough"]
    legend = {n: TerrainType(n, f"#{rnd.randrange(1 << 24):06x}") for n in names}
    hexes = {}
    for i, hid in enumerate(grid.ids()):
        r = rnd.random()
        if r < 0.1:
            hexes[hid] = HexData(rnd.choice(names), frozenset({"city"}), f"Town {i}",
                                 {"country": rnd.choice(["finland", "ussr"]), "vp": rnd.randrange(1, 6)})
        elif r < 0.15:
            hexes[hid] = HexData(rnd.choice(names), frozenset({"fortification"}), None, {"region": "karelia"})
        else:
            hexes[hid] = HexData(rnd.choice(names))
    m = TerrainMap("bench", "synthetic", grid, legend, hexes)
    ids = grid.ids()
    while len(m.hexsides) < 1400:
        a = rnd.choice(ids)
        b = rnd.choice(m.neighbours(a))
        m.add_side_feature(a, b, rnd.choice(["river", "road", "rail"]))
    return m


def main(argv: list[str]) -> dict[str, float]:
    runs = 3 if "--quick" in argv else 9
    m = build()
    text = dumps_map(m)
    as_json = json.dumps(yaml.load(text, Loader=yaml.CSafeLoader), default=sorted)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    load_best, load_med = best_of(lambda: loads_map(text), runs)
    slow_best, _ = best_of(lambda: _Reader("bench").read(text), runs)
    dump_best, _ = best_of(lambda: dumps_map(m), runs)
    json_best, _ = best_of(lambda: json.loads(as_json), runs)
    yaml_best, _ = best_of(lambda: yaml.load(text, Loader=loader), runs)
    assert dumps_map(loads_map(text)) == text
    out = {
        "hexes": float(len(m.hexes)), "hexsides": float(len(m.hexsides)), "kib": round(len(text) / 1024, 1),
        "load_ms": round(load_best * 1e3, 2), "load_median_ms": round(load_med * 1e3, 2),
        "yaml_path_ms": round(slow_best * 1e3, 2), "save_ms": round(dump_best * 1e3, 2),
        "json_loads_ms": round(json_best * 1e3, 2), "bare_yaml_c_ms": round(yaml_best * 1e3, 2),
        "load_vs_json": round(load_best / json_best, 1), "load_vs_bare_yaml": round(load_best / yaml_best, 2),
        "yaml_path_vs_bare_yaml": round(slow_best / yaml_best, 2),
        "target_ms": 100.0,
    }
    for k, v in out.items():
        print(f"   {k}: {v}")
    return out


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
