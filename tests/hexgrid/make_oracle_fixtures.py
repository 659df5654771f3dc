"""Regenerate tests/hexgrid/fixtures/vassal_oracle.json from the real VASSAL engine.

    python -m tests.hexgrid.make_oracle_fixtures [CONFIG ...]

For every grid configuration below it writes a one-board module (tests/vassal_testmodules.py), draws
seeded random points (500 within a third of a hex/cell of a centre, 300 anywhere on or around the
board) and asks the oracle (shared/tools/vassal-oracle, VASSAL 3.6) for each point's location name
and snap. The JSON keeps the configuration and the answers, so tests run without Java.
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tests.conftest import ORACLE
from tests.vassal_testmodules import (
    HEX_GRID,
    HEX_NUMBERING,
    REGION,
    REGION_GRID,
    SQUARE_GRID,
    SQUARE_NUMBERING,
    ZONE,
    ZONED_GRID,
    write_module,
)
from toolkit.hexgrid.vassal import (
    Board,
    HexGridNumbering,
    PlacedBoard,
    Region,
    RegionGrid,
    SquareGridNumbering,
    VassalHexGrid,
    VassalMap,
    VassalSquareGrid,
    Zone,
    ZonedGrid,
)

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "vassal_oracle.json"
MAP_NAME = "Main Map"
NEAR_POINTS = 500
PLANE_POINTS = 300


def hexg(attrs: dict[str, str], numbering: dict[str, str] | None = None) -> list[Any]:
    """A HexGrid element (with a HexGridNumbering child unless numbering is None)."""
    return [HEX_GRID, attrs, [] if numbering is None else [[HEX_NUMBERING, numbering, []]]]


def square(attrs: dict[str, str], numbering: dict[str, str] | None = None) -> list[Any]:
    """A SquareGrid element."""
    return [SQUARE_GRID, attrs, [] if numbering is None else [[SQUARE_NUMBERING, numbering, []]]]


# Each configuration: the grid element exactly as a module would carry it, board attributes, and an
# optional image size (then the board size comes from the image, times magnification).
CONFIGS: list[dict[str, Any]] = [
    {"name": "default", "grid": hexg({}, {})},
    {"name": "sideways", "grid": hexg({"dx": "60", "dy": "70", "x0": "35", "y0": "40", "sideways": "true"}, {})},
    {
        "name": "tld_no_stagger",
        "grid": hexg(
            {"dx": "55.42562584220407", "dy": "64.0", "x0": "-19", "y0": "32"},
            {"hOff": "0", "vOff": "1", "stagger": "false"},
        ),
    },
    {"name": "hdescend_odd", "grid": hexg({}, {"hDescend": "true"}), "board": {"width": "960", "height": "800"}},
    {"name": "vdescend", "grid": hexg({}, {"vDescend": "true"}), "board": {"width": "1000", "height": "800"}},
    {
        "name": "sideways_both_descend",
        "grid": hexg(
            {"dx": "50.5", "dy": "58.25", "x0": "20", "y0": "-10", "sideways": "TRUE"},
            {"hDescend": "true", "vDescend": "True"},
        ),
        "board": {"width": "900", "height": "700"},
    },
    {
        "name": "alpha_col_row_first",
        "grid": hexg(
            {"dx": "48", "dy": "56", "x0": "24", "y0": "28"},
            {"hType": "A", "hOff": "0", "first": "V", "sep": "-", "vLeading": "0"},
        ),
    },
    {
        "name": "alpha_both_vdescend",
        "grid": hexg(
            {"dx": "52.5", "dy": "60.6", "x0": "0", "y0": "30"},
            {
                "hType": "A",
                "vType": "A",
                "hOff": "0",
                "vOff": "0",
                "stagger": "false",
                "vDescend": "true",
                "sep": " ",
                "locationFormat": "Hex $gridLocation$",
            },
        ),
    },
    {
        "name": "leading_formats",
        "grid": hexg(
            {"dx": "45", "dy": "52", "x0": "10", "y0": "20"},
            {
                "hLeading": "0",
                "vLeading": "2",
                "sep": ".",
                "hOff": "-3",
                "vOff": "5",
                "locationFormat": "$column$/$row$ [$gridLocation$]",
            },
        ),
    },
    {
        "name": "kassala_fractional",
        "grid": hexg({"dx": "227.90000000000052", "dy": "265.8999999999995", "x0": "51", "y0": "55"}, {}),
        "board": {"width": "2300", "height": "2100"},
    },
    {
        "name": "negative_origin",
        "grid": hexg({"dx": "41.3", "dy": "47.7", "x0": "-23", "y0": "-31"}, {"hOff": "0", "vOff": "0"}),
    },
    {
        "name": "far_origin",
        "grid": hexg({"dx": "64.2", "dy": "74.1", "x0": "-2500", "y0": "1800"}, {"hLeading": "2"}),
    },
    {
        # VASSAL's Board has no magnification attribute: the engine ignores it (board = image size)
        "name": "magnification_attr_ignored",
        "grid": hexg({"dx": "40", "dy": "46", "x0": "20", "y0": "23"}, {"hDescend": "true", "vDescend": "true"}),
        "board": {"magnification": "1.5"},
        "image_size": [701, 533],
    },
    {
        "name": "image_board_size",
        "grid": hexg({"dx": "33.3", "dy": "38.45", "x0": "5", "y0": "7", "sideways": "true"}, {"hDescend": "true"}),
        "image_size": [777, 611],
    },
    {"name": "dx_reset_quirk", "grid": hexg({"dx": "55.42562584220407", "dy": "70.0", "x0": "10", "y0": "35"}, {})},
    {
        "name": "sideways_alpha_rows",
        "grid": hexg(
            {"dx": "58", "dy": "67", "x0": "33", "y0": "29", "sideways": "true"},
            {"vType": "A", "hLeading": "2", "sep": ":", "vDescend": "true"},
        ),
    },
    {
        "name": "edges_corners",
        "grid": hexg(
            {"dx": "60", "dy": "69.28", "x0": "30", "y0": "35", "edgesLegal": "true", "cornersLegal": "true"}, {}
        ),
    },
    {
        "name": "corners_sideways",
        "grid": hexg(
            {"dx": "61", "dy": "70.5", "x0": "35", "y0": "30", "sideways": "true", "cornersLegal": "true"}, {}
        ),
    },
    {
        "name": "edges_only",
        "grid": hexg({"dx": "57.3", "dy": "66.1", "x0": "-7", "y0": "12", "edgesLegal": "true"}, {}),
    },
    {"name": "snapscale", "grid": hexg({"dx": "60", "dy": "70", "x0": "30", "y0": "35", "snapscale": "3"}, {})},
    {
        "name": "snapscale_edges_corners",
        "grid": hexg(
            {
                "dx": "60",
                "dy": "70",
                "x0": "30",
                "y0": "35",
                "snapscale": "2",
                "edgesLegal": "true",
                "cornersLegal": "true",
            },
            {},
        ),
    },
    {
        "name": "snapscale_edges_sideways",
        "grid": hexg(
            {
                "dx": "52.5",
                "dy": "61.3",
                "x0": "20",
                "y0": "25",
                "snapscale": "4",
                "edgesLegal": "true",
                "sideways": "true",
            },
            {"sep": "."},
        ),
    },
    {
        "name": "square_alpha_descend",
        "grid": square(
            {"dx": "50", "dy": "40.5", "x0": "20", "y0": "15"},
            {"hType": "A", "vLeading": "0", "hDescend": "true", "vDescend": "true", "hOff": "0"},
        ),
    },
    {
        "name": "square_edges_corners",
        "grid": square(
            {"dx": "45.5", "dy": "45.5", "x0": "-10", "y0": "30", "edgesLegal": "true", "cornersLegal": "true"},
            {"sep": ",", "first": "V"},
        ),
    },
    {
        "name": "region_grid",
        "grid": [
            REGION_GRID,
            {"snapto": "true", "visible": "false", "fontsize": "9"},
            [
                [REGION, {"name": f"R{i}", "originx": str(x), "originy": str(y)}, []]
                for i, (x, y) in enumerate(
                    [
                        (100, 100),
                        (300, 100),
                        (200, 200),
                        (500, 400),
                        (700, 150),
                        (100, 600),
                        (400, 650),
                        (850, 700),
                        (950, 50),
                        (600, 600),
                        (200, 400),
                        (300, 300),
                        (400, 300),
                        (800, 400),
                    ]
                )
            ],
        ],
    },
    {
        "name": "zoned",
        "grid": [
            ZONED_GRID,
            {},
            [
                [
                    ZONE,
                    {
                        "name": "Forest",
                        "path": "100,100;500,100;500,400;100,400",
                        "locationFormat": "$name$ $gridLocation$",
                        "useParentGrid": "false",
                    },
                    [square({"dx": "40", "dy": "40", "x0": "120", "y0": "120"}, {"sep": "-"})],
                ],
                [
                    ZONE,
                    {
                        "name": "Lake",
                        "path": "600,100;900,250;700,500",
                        "locationFormat": "$name$",
                        "useParentGrid": "false",
                    },
                    [],
                ],
                [
                    ZONE,
                    {
                        "name": "Hills",
                        "path": "100,500;600,500;600,780;100,780",
                        "locationFormat": "H:$gridLocation$",
                        "useParentGrid": "true",
                    },
                    [],
                ],
                hexg({"dx": "50", "dy": "57.7", "x0": "25", "y0": "29"}, {"hOff": "0"}),
            ],
        ],
    },
    {
        "name": "zoned_formats",
        "grid": [
            ZONED_GRID,
            {},
            [
                [
                    ZONE,
                    {"name": "Z1", "path": "0,0;300,0;300,300;0,300", "locationFormat": "$name$/$gridLocation$/$foo$!"},
                    [],
                ],
                [
                    ZONE,
                    {
                        "name": "Z2",
                        "path": "300,0;600,0;600,300;300,300",
                        "locationFormat": "A\\$B $name$ $gridLocation",
                    },
                    [],
                ],
                [ZONE, {"name": "Z3", "path": "600,0;900,0;900,300;600,300", "locationFormat": "$$name$$"}, []],
                [
                    ZONE,
                    {"name": "Z4", "path": "0,300;300,300;300,600;0,600", "locationFormat": "[$gridLocation$]"},
                    [hexg({"dx": "40", "dy": "46", "x0": "20", "y0": "320"}, {"vDescend": "true", "sep": "/"})],
                ],
                [
                    ZONE,
                    {
                        "name": "Z5",
                        "path": "300,300;700,300;500,700",
                        "locationFormat": "$name$:$gridLocation$",
                        "useParentGrid": "true",
                    },
                    [],
                ],
                hexg({}, {"locationFormat": "$xyz$<$gridLocation$>$row$|$column$|$mapName$|$"}),
            ],
        ],
    },
    {
        # 30 regions (a 64-bucket HashMap) and 52 points exactly equidistant from two nearest regions:
        # VASSAL resolves such ties by its HashMap's iteration order
        "name": "region_ties",
        "grid": [
            REGION_GRID,
            {},
            [
                [REGION, {"name": f"R{i}", "originx": str(x), "originy": str(y)}, []]
                for i, (x, y) in enumerate(
                    [
                        (430, 210),
                        (520, 80),
                        (110, 700),
                        (140, 480),
                        (760, 90),
                        (660, 290),
                        (60, 130),
                        (570, 550),
                        (100, 320),
                        (130, 720),
                        (560, 90),
                        (740, 170),
                        (300, 760),
                        (90, 750),
                        (760, 520),
                        (80, 300),
                        (70, 730),
                        (190, 390),
                        (550, 200),
                        (710, 170),
                        (750, 410),
                        (730, 250),
                        (150, 760),
                        (750, 260),
                        (490, 140),
                        (720, 100),
                        (740, 90),
                        (810, 280),
                        (650, 700),
                        (560, 420),
                    ]
                )
            ],
        ],
        "extra_points": [
            [70, 215],
            [80, 740],
            [90, 310],
            [90, 715],
            [100, 725],
            [110, 735],
            [120, 710],
            [120, 755],
            [125, 590],
            [140, 740],
            [145, 355],
            [165, 435],
            [225, 760],
            [245, 170],
            [310, 300],
            [375, 405],
            [390, 115],
            [435, 655],
            [460, 175],
            [475, 730],
            [490, 205],
            [495, 315],
            [505, 110],
            [520, 170],
            [540, 85],
            [555, 145],
            [565, 485],
            [605, 245],
            [610, 355],
            [610, 625],
            [630, 185],
            [635, 130],
            [640, 95],
            [655, 415],
            [665, 535],
            [695, 270],
            [705, 350],
            [705, 610],
            [715, 135],
            [720, 210],
            [725, 170],
            [725, 175],
            [730, 95],
            [730, 135],
            [735, 210],
            [740, 255],
            [750, 90],
            [750, 130],
            [750, 335],
            [755, 465],
            [780, 270],
            [780, 345],
        ],
    },
]


# -- building our model from a configuration (the same way a module parser would) ------------------


def grid_from_element(element: Sequence[Any]) -> Any:
    """Our grid object for a grid element tree."""
    name, attrs, children = element
    if name == HEX_GRID:
        numbering = next((HexGridNumbering.from_attributes(c[1]) for c in children if c[0] == HEX_NUMBERING), None)
        return VassalHexGrid.from_attributes(attrs, numbering)
    if name == SQUARE_GRID:
        numbering = next(
            (SquareGridNumbering.from_attributes(c[1]) for c in children if c[0] == SQUARE_NUMBERING), None
        )
        return VassalSquareGrid.from_attributes(attrs, numbering)
    if name == REGION_GRID:
        return RegionGrid.from_attributes(attrs, [Region.from_attributes(c[1]) for c in children if c[0] == REGION])
    if name == ZONED_GRID:
        zones = []
        background = None
        for child in children:
            if child[0] == ZONE:
                inner = [grid_from_element(c) for c in child[2]]
                zones.append(Zone.from_attributes(child[1], inner[0] if inner else None))
            else:
                background = grid_from_element(child)
        return ZonedGrid(zones, background)
    raise ValueError(f"unknown grid element {name}")


def board_attrs(config: dict[str, Any]) -> dict[str, str]:
    """The Board attributes the module gets (defaults of tests/vassal_testmodules.py)."""
    attrs = {"name": "Board", "width": "1000", "height": "800"}
    if config.get("image_size"):
        attrs = {"name": "Board", "image": "board.png"}
    attrs.update(config.get("board", {}))
    return attrs


def model(config: dict[str, Any]) -> VassalMap:
    """Our VassalMap for a configuration."""
    size = tuple(config["image_size"]) if config.get("image_size") else None
    board = Board.from_attributes(board_attrs(config), grid_from_element(config["grid"]), image_size=size)
    return VassalMap(MAP_NAME, [PlacedBoard(board, 0, 0)])


# -- point sampling ------------------------------------------------------------------------------


def _centres(grid: Any, width: int, height: int) -> tuple[list[tuple[int, int]], float]:
    """Board-local centres of a grid covering (0,0)-(width,height), and a third of its cell size."""
    if isinstance(grid, VassalHexGrid):
        centres = []
        span_x, span_y = (height, width) if grid.sideways else (width, height)
        nx0 = math.floor((0 - grid.x0) / grid.dx) - 1
        nx1 = math.ceil((span_x - grid.x0) / grid.dx) + 1
        ny0 = math.floor((0 - grid.y0) / grid.dy) - 1
        ny1 = math.ceil((span_y - grid.y0) / grid.dy) + 1
        for nx in range(nx0, nx1 + 1):
            for ny in range(ny0, ny1 + 1):
                cx, cy = grid._centre_of(nx, ny)
                centres.append((cy, cx) if grid.sideways else (cx, cy))
        return centres, min(grid.dx, grid.dy) / 3
    if isinstance(grid, VassalSquareGrid):
        cols = range(math.floor(-grid.x0 / grid.dx) - 1, math.ceil((width - grid.x0) / grid.dx) + 2)
        rows = range(math.floor(-grid.y0 / grid.dy) - 1, math.ceil((height - grid.y0) / grid.dy) + 2)
        return [(int(grid.x0 + c * grid.dx), int(grid.y0 + r * grid.dy)) for c in cols for r in rows], min(
            grid.dx, grid.dy
        ) / 3
    if isinstance(grid, RegionGrid):
        return [(r.x, r.y) for r in grid.regions], 20.0
    raise TypeError(type(grid))


def sample_near(config: dict[str, Any], rng: random.Random, count: int) -> list[tuple[int, int]]:
    """``count`` map points on the board, each within a third of a hex/cell of a centre."""
    vmap = model(config)
    board = vmap.boards[0].board
    grid = board.grid
    lw = round(board.width / board.magnification)
    lh = round(board.height / board.magnification)
    pools: list[tuple[list[tuple[int, int]], float]] = []
    if isinstance(grid, ZonedGrid):
        for zone in grid.zones:
            sub = grid.background if zone.use_parent_grid else zone.grid
            if sub is None:
                xs = [p[0] for p in zone.path]
                ys = [p[1] for p in zone.path]
                pools.append(([((min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2)], 30.0))
            else:
                centres, radius = _centres(sub, lw, lh)
                pools.append(([c for c in centres if grid.find_zone(*c) is zone], radius))
        centres, radius = _centres(grid.background, lw, lh)
        pools.append(([c for c in centres if grid.find_zone(*c) is None], radius))
    else:
        pools.append(_centres(grid, lw, lh))
    points: list[tuple[int, int]] = []
    while len(points) < count:
        centres, radius = pools[rng.randrange(len(pools))]
        cx, cy = centres[rng.randrange(len(centres))]
        angle = rng.uniform(0, 2 * math.pi)
        dist = rng.uniform(0, radius - 0.75)
        x = round(cx + dist * math.cos(angle))
        y = round(cy + dist * math.sin(angle))
        gx, gy = board.global_(x, y)
        if 0 <= gx < board.width and 0 <= gy < board.height:
            points.append((gx, gy))
    return points


def sample_plane(config: dict[str, Any], rng: random.Random, count: int) -> list[tuple[int, int]]:
    """``count`` map points anywhere on the board and a 40-px band around it."""
    board = model(config).boards[0].board
    return [(rng.randint(-40, board.width + 40), rng.randint(-40, board.height + 40)) for _ in range(count)]


# -- the oracle ------------------------------------------------------------------------------------


def oracle_available() -> str | None:
    """None when the oracle can be started, else the reason it cannot."""
    if not ORACLE.is_file():
        return f"the VASSAL oracle is not at {ORACLE}"
    return None


def ask_oracle(config: dict[str, Any], points: Sequence[tuple[int, int]]) -> list[list[Any]]:
    """[x, y, location, snap_x, snap_y] for each point, from one engine call."""
    with tempfile.TemporaryDirectory() as tmp:
        module = write_module(
            Path(tmp) / "grid.vmod",
            config["grid"],
            board=board_attrs(config),
            image_size=tuple(config["image_size"]) if config.get("image_size") else None,
            map_name=MAP_NAME,
        )
        args = [str(ORACLE), "locate", str(module), MAP_NAME] + [f"{x},{y}" for x, y in points]
        proc = subprocess.run(args, capture_output=True, text=True, timeout=600)
    try:
        answer = json.loads(proc.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError) as exc:
        raise RuntimeError(f"the oracle gave no answer: {proc.stderr[-500:]}") from exc
    if "points" not in answer:
        raise RuntimeError(f"the oracle failed: {json.dumps(answer)[:1000]}")
    out = []
    for (x, y), got in zip(points, answer["points"], strict=True):
        assert (got["x"], got["y"]) == (x, y)
        out.append([x, y, got["location"], got["snap"][0], got["snap"][1]])
    return out


def generate(config: dict[str, Any], seed: int) -> dict[str, Any]:
    """Sample the points of one configuration and record the oracle's answers."""
    rng = random.Random(f"{config['name']}:{seed}")
    near = sample_near(config, rng, NEAR_POINTS)
    extra = [tuple(p) for p in config.get("extra_points", [])]
    plane = extra + sample_plane(config, rng, PLANE_POINTS - len(extra))
    answers = ask_oracle(config, near + plane)
    return {**config, "near": answers[:NEAR_POINTS], "plane": answers[NEAR_POINTS:]}


def main(argv: list[str]) -> int:
    reason = oracle_available()
    if reason:
        print(reason, file=sys.stderr)
        return 1
    wanted = set(argv)
    existing = {c["name"]: c for c in json.loads(FIXTURE.read_text())["configs"]} if FIXTURE.exists() else {}
    out = []
    for config in CONFIGS:
        if wanted and config["name"] not in wanted and config["name"] in existing:
            out.append(existing[config["name"]])
            continue
        print(f"asking the oracle about {config['name']}", file=sys.stderr)
        out.append(generate(config, 1))
    text = json.dumps({"engine": "VASSAL 3.6 (vassal-oracle)", "configs": out}, separators=(",", ":"))
    FIXTURE.write_text(text + "\n")
    print(f"wrote {FIXTURE} ({len(text)} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
