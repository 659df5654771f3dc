"""Calibration on the real boards from sloppy clicks: ``python -m benchmarks calibrate``.

For each board with a hand-checked grid (the truth files' ``grid:`` blocks, refined on the printed hex lines), click
sets of 4 hexes are drawn at random, one in each quarter of the labelled hexes (both column parities among them, as
``wgt map calibrate`` asks), each click moved ``off`` px in a random direction. ``wgt map calibrate`` runs on them as
a user would (no convention options; Ragnarok: ``--orientation pointy --row-first``), and the grid it writes is
compared with the truth grid at the centre of every labelled hex (all the board's truth regions): mean and max px.
Also timed: ``--auto`` with one click and the conventions. Flags: ``--seeds N`` (default 4), ``--offs 0,4,8``,
``--boards bfm,tld,...``, ``--no-auto``, ``--cluster`` (the clicks in the first truth region only:
The Longest Day's region 1, a fifth of the map's width; Afrika's region 1). Bastogne needs its cached image
(``WGT_HELDOUT_BOARDS``).
"""

from __future__ import annotations

import json
import math
import os
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
TRUTH = HERE.parent / "tests" / "terrain" / "truth"
HELDOUT = TRUTH / "heldout"
BOARDS = Path(os.environ.get("WGT_SHARED", HERE.parent.parent / "shared")) / "boards"

# board: image (None = the cached Bastogne image), truth files (the first gives the grid), extra calibrate options,
# --auto's conventions
CASES: dict[str, tuple[str | None, tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "bfm": ("rzymek__web-boards/battle-for-moscow_board.gif", ("battle-for-moscow.yaml",), (),
            ("--shifted", "odd", "--row-direction", "down")),
    "tld": ("uckelman__tld-mod/Map_Full.png",
            ("the-longest-day.yaml", "heldout/the-longest-day-2.yaml", "heldout/the-longest-day-3.yaml",
             "heldout/the-longest-day-4.yaml"), (), ("--shifted", "odd", "--row-direction", "down")),
    "ragnarok": ("jzedwards__vassal-hex-n-counters-template/ragnarok_map.jpg", ("ragnarok.yaml",),
                 ("--orientation", "pointy", "--row-first"), ("--shifted", "even", "--row-direction", "up")),
    "afrika": ("rzymek__web-boards/africa2_Map.JPG",
               ("heldout/afrika.yaml", "heldout/afrika-2.yaml", "heldout/afrika-3.yaml", "heldout/afrika-4.yaml"),
               (), ("--shifted", "odd", "--row-direction", "up")),
    "bastogne": (None, ("heldout/bastogne.yaml",), (), ("--shifted", "odd", "--row-direction", "up")),
}


def _bastogne_image() -> Path | None:
    from .bench_real_boards import web_boards

    return web_boards().image_path()  # type: ignore[no-any-return]


def _truth(files: tuple[str, ...]) -> tuple[object, list[str]]:
    """The first file's grid and every labelled hex id of the files."""
    from toolkit.hexgrid import Grid
    from toolkit.yamlfile import load_file

    grid = None
    ids: list[str] = []
    for f in files:
        data = load_file(TRUTH / f, "truth")
        if grid is None:
            grid = Grid.from_dict(data["grid"])
        ids.extend(str(k) for k in data["hexes"])
    return grid, list(dict.fromkeys(ids))


def click_sets(grid: object, ids: list[str], seed: int, off: float, n: int = 4) -> dict[str, tuple[float, float]]:
    """``n`` hexes, one per quarter (around the median pixel) of the labelled hexes, both parities of the shifted
    lines among them, each clicked ``off`` px from its centre in a random direction."""
    rng = np.random.default_rng(seed)
    lay = grid.layout  # type: ignore[attr-defined]
    nb = grid.numbering  # type: ignore[attr-defined]
    xy = np.array([lay.hex_to_pixel(grid.numbering.hex_of(i)) for i in ids])  # type: ignore[attr-defined]
    mx, my = np.median(xy, axis=0)
    quads = [[i for i, (x, y) in zip(ids, xy.tolist(), strict=True) if (x < mx) == a and (y < my) == b]
             for a in (True, False) for b in (True, False)]
    quads = [q for q in quads if q]
    pointy = nb.offset.orientation == "pointy"
    for _ in range(200):
        pick = [q[int(rng.integers(len(q)))] for q in quads][:n]
        cells = [nb.from_offset(*nb.parse(i)) for i in pick]
        if len({c[1 if pointy else 0] % 2 for c in cells}) > 1:
            break
    out = {}
    for i in pick:
        x, y = lay.hex_to_pixel(grid.numbering.hex_of(i))  # type: ignore[attr-defined]
        a = rng.uniform(0, 2 * math.pi)
        out[i] = (round(x + off * math.cos(a), 1), round(y + off * math.sin(a), 1))
    return out


def _errors(truth: object, ids: list[str], out_grid: dict[str, object]) -> tuple[float, float]:
    from toolkit.hexgrid import Grid

    g = Grid.from_dict(out_grid)
    assert g.layout is not None
    d = [math.dist(truth.layout.hex_to_pixel(truth.numbering.hex_of(i)), g.layout.hex_to_pixel(g.numbering.hex_of(i)))  # type: ignore
         for i in ids]
    return float(np.mean(d)), float(np.max(d))


def _run(args: list[str]) -> tuple[int, dict[str, object] | str, float]:
    from click.testing import CliRunner

    from toolkit.cli.main import cli

    t0 = time.process_time()
    res = CliRunner().invoke(cli, ["map", "calibrate", *args, "--json"], catch_exceptions=False)
    cpu = time.process_time() - t0
    if res.exit_code != 0:
        return res.exit_code, (res.output + getattr(res, "stderr", "")).strip().splitlines()[-1:][0], cpu
    return 0, json.loads(res.stdout), cpu


def main(flags: list[str]) -> dict[str, object]:
    opts: dict[str, str] = {}
    for f in flags:
        key, _, value = f.lstrip("-").partition("=")
        opts[key] = value or "1"
    seeds = range(int(opts.get("seeds", 4)))
    offs = [float(v) for v in opts.get("offs", "0,4,8").split(",")]
    boards = opts.get("boards", ",".join(CASES)).split(",")
    out: dict[str, object] = {}
    for name in boards:
        image_name, files, extra, auto_conv = CASES[name]
        image = _bastogne_image() if image_name is None else BOARDS / image_name
        if image is None or not image.is_file():
            print(f"   {name}: skipped (image absent)", flush=True)
            out[name] = "skipped: image absent"
            continue
        truth, ids = _truth(files)
        # --cluster: the clicks in the first truth region only (a corner of the map), the error over every region
        pick_from = _truth(files[:1])[1] if "cluster" in opts else ids
        rows: list[dict[str, object]] = []
        for off in offs:
            for seed in seeds:
                pts = click_sets(truth, pick_from, seed, off)
                args = [str(image), *extra, *[f"--point={k}={x:g},{y:g}" for k, (x, y) in pts.items()]]
                code, rep, cpu = _run(args)
                if code:
                    rows.append({"off": off, "seed": seed, "refused": rep, "cpu": round(cpu, 2)})
                    print(f"   {name} off {off:g} seed {seed}: exit {code}: {rep}", flush=True)
                    continue
                assert isinstance(rep, dict)
                mean, mx = _errors(truth, ids, rep["grid"])  # type: ignore[arg-type]
                rows.append({"off": off, "seed": seed, "mean": round(mean, 2), "max": round(mx, 2),
                             "cpu": round(cpu, 2), "line_rms": rep.get("line_rms_px")})
                print(f"   {name} off {off:g} seed {seed}: mean {mean:.2f} max {mx:.2f} px, line rms "
                      f"{rep.get('line_rms_px')}, {cpu:.1f} s CPU", flush=True)
        if "no-auto" not in opts:
            first = ids[len(ids) // 2]
            x, y = truth.layout.hex_to_pixel(truth.numbering.hex_of(first))  # type: ignore[attr-defined]
            nb = truth.numbering  # type: ignore[attr-defined]
            cells = [nb.parse(i) for i in ids]
            corners = [nb.format(min(c for c, _ in cells), min(r for _, r in cells)),
                       nb.format(max(c for c, _ in cells), max(r for _, r in cells))]
            code, rep, cpu = _run([str(image), *extra, *auto_conv, "--auto", f"--point={first}={x + 3:g},{y - 2:g}",
                                   f"--extent={corners[0]}:{corners[-1]}"])
            if code:
                rows.append({"auto": True, "refused": rep, "cpu": round(cpu, 2)})
                print(f"   {name} --auto: exit {code}: {rep}", flush=True)
            else:
                assert isinstance(rep, dict)
                mean, mx = _errors(truth, ids, rep["grid"])  # type: ignore[arg-type]
                rows.append({"auto": True, "mean": round(mean, 2), "max": round(mx, 2), "cpu": round(cpu, 2)})
                print(f"   {name} --auto: mean {mean:.2f} max {mx:.2f} px, {cpu:.1f} s CPU", flush=True)
        out[name] = rows
    return out
