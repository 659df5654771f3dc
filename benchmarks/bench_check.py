"""Referee speed: ``WinterWarReferee.check`` on a 650-counter Winter War position (target: < 50 ms).

The position: 325 Soviet units (30 of them HQs) in the USSR and 325 Finnish units in Finland, spread
over the bundled map (or, without it, a 49 x 63 stand-in with the same vocabulary), two to a hex.
Baselines measured in the same run on the same position: reading the position YAML (C loader) and a
bare adjacency pass (every unit's six neighbours looked up once), the floor of any ZOC computation.
"""

from __future__ import annotations

import random
from typing import Any

import yaml

from benchmarks import best_of
from toolkit.errors import ToolkitError
from toolkit.games.winter_war.rules import WinterWarReferee
from toolkit.terrain.model import TerrainMap


def stand_in_map() -> TerrainMap:
    """A 49 x 63 map: columns 1-30 Finland, 31-49 USSR; Leningrad, Murmansk and a rail between them."""
    from toolkit.terrain.io import loads_map
    lines = ["schema: hexmap/1", "title: bench", "grid:",
             "  numbering: {scheme: ccrr, col_digits: 2, row_digits: 2, orientation: flat, shifted: even}",
             "  extent: {columns: [1, 49], rows: [1, 63]}", "legend:", '  clear: {color: "#eeeeee"}',
             "meta:", "  row_a: 47", "hexes:"]
    for c in range(1, 50):
        for r in range(1, 64):
            h = f"{c:02d}{r:02d}"
            extra = ""
            if h == "3560":
                extra = ", tags: [supply_city], name: Leningrad, supply_capacity: 999"
            elif h == "3510":
                extra = ", tags: [supply_city], name: Murmansk, supply_capacity: 30"
            lines.append(f'  "{h}": {{terrain: clear{extra}, country: {"finland" if c <= 30 else "ussr"}}}')
    lines.append("hexsides:")
    for r in range(10, 60):
        lines.append(f'  "35{r:02d}/35{r + 1:02d}": [rail]')
    return loads_map("\n".join(lines) + "\n", "<bench>")


def position_yaml(m: Any, seed: int = 7) -> str:
    rnd = random.Random(seed)
    ids = m.ids()
    fin = [h for h in ids if m.value(h, "country") == "finland" and m.terrain(h) == "clear"
           and int(h[2:]) >= 47]
    sov = [h for h in ids if m.value(h, "country") == "ussr" and m.terrain(h) == "clear" and int(h[2:]) >= 47]
    rnd.shuffle(fin)
    rnd.shuffle(sov)
    rows = []
    for i in range(325):
        rows.append(f'  - {{id: f{i}, counter: fin-1-1-3, hex: "{fin[i // 2]}"}}')
        kind = "sov-0-1-2" if i % 11 == 0 else "sov-2-1-2"
        rows.append(f'  - {{id: s{i}, counter: {kind}, hex: "{sov[i // 2]}"}}')
    return "game: winter-war\nturn: 5\nplayer: soviet\nphase: combat\nunits:\n" + "\n".join(rows) + "\n"


def main(argv: list[str]) -> dict[str, float]:
    runs = 3 if "--quick" in argv else 9
    try:
        ref = WinterWarReferee()
        m = ref.board.map
        source = "bundled map"
    except ToolkitError:  # no bundled map in this checkout: use the stand-in
        m = stand_in_map()
        ref = WinterWarReferee(m)
        source = "stand-in map"
    text = position_yaml(m)
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    pos = ref.position(data, "<bench>")
    assert len(pos.units) == 650

    def fresh_check() -> None:  # a new referee each time: no warm caches from earlier runs
        WinterWarReferee(m, ref.counters).check(pos)

    def adjacency() -> None:
        for u in pos.units:
            m.neighbours(u.hex)

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    check_best, check_med = best_of(lambda: ref.check(pos), runs)
    cold_best, _ = best_of(fresh_check, max(1, runs // 3))
    yaml_best, _ = best_of(lambda: yaml.load(text, Loader=loader), runs)
    adj_best, _ = best_of(adjacency, runs)
    out = {"map": source, "units": len(pos.units), "check_ms": round(check_best * 1000, 2),
           "check_median_ms": round(check_med * 1000, 2), "cold_check_ms": round(cold_best * 1000, 2),
           "yaml_read_ms": round(yaml_best * 1000, 2), "adjacency_pass_ms": round(adj_best * 1000, 2),
           "check_vs_yaml_read": round(check_best / yaml_best, 2),
           "check_vs_adjacency": round(check_best / adj_best, 2), "target_ms": 50,
           "within_target": check_best < 0.050}
    for k, v in out.items():
        print(f"   {k}: {v}")
    return out  # type: ignore[return-value]


if __name__ == "__main__":
    import sys
    main(sys.argv[1:])
