"""Module build speed: the whole Winter War ``.vmod`` (board, zones, pieces, charts, set-up save)
against rendering its board alone, and the VASSAL grid derivation (checked at all 3038 hex centres)
against computing those centres. Measured in the same run; the ratios are the result.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def _best(fn: Callable[[], Any], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) if runs < 3 else statistics.median(times)


def main(argv: list[str]) -> dict[str, Any]:
    from toolkit.builders.module import board_geometry, build_module, render_board
    from toolkit.builders.module_grid import hex_centres, vassal_hex_grid
    from toolkit.cli.build import game_charts
    from toolkit.counters import load_counters
    from toolkit.games import get_game
    from toolkit.terrain.io import load_map

    quick = "--quick" in argv
    game = get_game("winter-war")
    tmap, cset = load_map(game.map_path()), load_counters(game.slug)
    charts = game_charts(game)
    spec = game.module_spec(cset)
    runs = 1 if quick else 3
    render = _best(lambda: render_board(tmap), runs)
    module = _best(lambda: build_module(game.title, tmap, cset, spec, charts=charts), runs)
    layout, size = board_geometry(tmap)
    centres = _best(lambda: hex_centres(tmap, layout), 5)
    grid = _best(lambda: vassal_hex_grid(tmap, layout, size), 5)
    out = {"hexes": len(tmap.ids()), "render_s": round(render, 3), "module_s": round(module, 3),
           "module_over_render": round(module / render, 2), "centres_s": round(centres, 4),
           "grid_s": round(grid, 4), "grid_over_centres": round(grid / centres, 1)}
    print(f"   module {module:.2f} s = {out['module_over_render']}x the board render ({render:.2f} s); "
          f"VASSAL grid derivation + check {grid * 1000:.0f} ms = {out['grid_over_centres']}x the centres")
    return out
