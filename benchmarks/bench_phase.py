"""Pixel phase: the same map read with its image's corner moved, every figure per shift and one spread per case.

Issue 14: the same printed map must read the same wherever the scan's pixels fall on it. Each case's image (the
perturb bench's crop: the run's extent and ``bench_perturb.MARGIN_HEXES`` hexes round it) is cut ``k`` px further in
on the top and left (``k`` = 0 .. ``--shifts``, 6 by default; ``--axis=x`` or ``y`` cuts one side only), the grid
moved with it as the perturb bench's crop moves it (``bench_perturb._moved``), and read with the case's legend and the
truth grid (no clicks). A row per shift gives the hexes right and every line / symbol class as ``tp/in truth/found``;
the case's ``spread`` is the sum over its figures (hexes right, each class's true positives and found) of their
largest less their smallest over the shifts: 0 when every shift reads the same. ``mean`` is the mean hexes right.

``--lattice``: the image and grid unmoved, the map's region (extract._region) read with its corner ``k`` px further
in on the top and left (``--axis`` as above): every reduction's lattice (colour blocks, the tracer's working scales)
then lies ``k`` px further on the same print, the grid and every pixel where they were. A step that follows the grid
reads the same at every ``k``; this isolates what moves with the lattice from what a resampled copy changes (the
whole-pixel cuts above read the same since the region's corner is the grid's, 3b8938f; the quarter pixels resample,
and move the lattice a pixel only where the grid's corner crosses one). Run in this process, with the case's grid
and the warp the calibrate command's local check records (as real_boards), on the whole image.

Cases: ``bench_perturb.CASES``, Seelowe's region 1 (``seelowe``, the run's whole map), Roads to Gettysburg's
region 2 (``gettysburg-2``) and every other region real_boards fetches, by its name less ``-heldout`` (``seelowe-2``,
``gettysburg``: a blind region's rows are its totals). ``--cases=a,b`` chooses.
``python -m benchmarks phase --cases=seelowe,afrika --shifts=6``.
"""

from __future__ import annotations

import math
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks import bench_perturb as bp
from benchmarks import bench_real_boards as rb

CASES = {**bp.CASES,
         "seelowe": ("fetch:seelowe", rb.HELDOUT / "seelowe.yaml", rb.HELDOUT / "seelowe.legend.yaml",
                     rb.HELDOUT_FETCHED["seelowe-heldout"][3]),
         # Roads to Gettysburg's studied region 2 (the run's whole calibrated map)
         "gettysburg-2": ("fetch:gettysburg", rb.HELDOUT / "gettysburg-2.yaml", rb.HELDOUT / "gettysburg.legend.yaml",
                          rb.HELDOUT_FETCHED["gettysburg-2-heldout"][3])}
# every other region real_boards fetches, by its name less "-heldout" (the blind ones too: their totals only)
for _key, (_img, _truth, _legend, _extent) in rb.HELDOUT_FETCHED.items():
    CASES.setdefault(_key.removesuffix("-heldout"), (f"fetch:{_img}", rb.HELDOUT / _truth, rb.HELDOUT / _legend,
                                                     _extent))
DEFAULT_CASES = ("seelowe", "afrika", "afrika-2", "ragnarok", "bastogne", "red-winter")


def _numbers(row: dict[str, Any]) -> dict[str, int]:
    """A row's figures as numbers: hexes right, and each class's true positives and found."""
    out: dict[str, int] = {}
    for k, v in row.items():
        if k == "hexes":
            out["hexes"] = int(v.split("/")[0])
        elif isinstance(v, str) and v.count("/") == 2:
            tp, _, found = v.split("/")
            out[f"{k}.tp"], out[f"{k}.found"] = int(tp), int(found)
    return out


def spread(rows: list[dict[str, Any]]) -> tuple[int, dict[str, int]]:
    """(the sum of every figure's max - min over ``rows``, the figures that move with their range)."""
    nums = [_numbers(r) for r in rows if "error" not in r]
    keys = sorted({k for n in nums for k in n})
    moved = {k: max(n.get(k, 0) for n in nums) - min(n.get(k, 0) for n in nums) for k in keys}
    moved = {k: v for k, v in moved.items() if v}
    return sum(moved.values()), moved


def run_case(name: str, shifts: int, axis: str, tmp: Path, step: float = 1.0) -> dict[str, Any]:
    from PIL import Image

    from toolkit.cli.map_scan import _grid_text

    key, truth, legend, extent = CASES[name]
    path = bp._image(key)
    if path is None:
        return {"skipped": f"image {key} absent"}
    grid = bp._grid(truth, extent)
    base, cut = bp.cropped(path, grid)
    grid = bp._moved(grid, cut)
    rows: list[dict[str, Any]] = []
    out: dict[str, Any] = {}
    for k in range(shifts + 1):
        dx, dy = (k * step if "x" in axis else 0), (k * step if "y" in axis else 0)
        w, h = base.size[0] - math.ceil(dx), base.size[1] - math.ceil(dy)
        # a whole pixel's cut is the crop itself; a fraction resamples (Lanczos: new(x) = old(x + dx))
        img = (base.crop((int(dx), int(dy), int(dx) + w, int(dy) + h)) if dx == int(dx) and dy == int(dy) else
               base.resize((w, h), Image.Resampling.LANCZOS, box=(dx, dy, dx + w, dy + h)))
        image = tmp / f"{name}.k{k}.png"
        img.save(image, compress_level=1)
        shift = np.array([[1.0, 0, -dx], [0, 1.0, -dy]])
        g = bp._moved(grid, shift)
        text, warp = rb._with_warp(image, _grid_text(g))
        # a legend's pixel samples (box:, points:) move with the image (bench_perturb._moved_legend)
        leg = bp._moved_legend(legend, bp._then(cut, shift), tmp / f"{name}.k{k}.legend.yaml")
        row = bp._extract(image, text, truth, leg, tmp, f"{name}.k{k}")
        if warp:
            row["warp"] = warp.split(" (")[0]
        image.unlink()
        rows.append(row)
        out[f"k{k}"] = row
        print(f"   {name} k={k}: {row}", flush=True)
    total, moved = spread(rows)
    hexes = [_numbers(r)["hexes"] for r in rows if "error" not in r]
    out["spread"] = total
    out["moved"] = moved
    out["mean"] = round(sum(hexes) / max(1, len(hexes)), 2)
    print(f"   {name}: spread {total} {moved}, mean hexes {out['mean']}", flush=True)
    return out


def _lattice_region(kx: int, ky: int) -> Any:
    """extract._region, its region cut ``kx``, ``ky`` px further in at the top left (the grid moved onto it)."""
    import dataclasses

    from toolkit.terrain import extract as ex

    region = ex._region

    def moved(image: Any, grid: Any, legend: Any, size: float) -> Any:
        part, g, leg, cut = region(image, grid, legend, size)
        if not (kx or ky):
            return part, g, leg, cut
        if not isinstance(leg, ex.Legend):
            leg = ex._samples_moved(leg, -kx, -ky)
        on = cut.on
        return (part.crop((kx, ky, part.width, part.height)),
                dataclasses.replace(g, layout=g.layout.translated(-kx, -ky)), leg,
                ex._Cut((cut.corner[0] + kx, cut.corner[1] + ky),
                        (max(0, on[0] - kx), max(0, on[1] - ky), on[2] - kx, on[3] - ky)))

    return moved


def run_lattice(name: str, shifts: int, axis: str) -> dict[str, Any]:
    """The case read in this process with the region's lattice moved 0..``shifts`` px (module doc, --lattice)."""
    import yaml

    from toolkit.cli.map_scan import _grid_text
    from toolkit.hexgrid import Grid
    from toolkit.terrain import extract as ex
    from toolkit.terrain.calibrate import open_image
    from toolkit.terrain.truth import load_truth, score

    key, truth_path, legend_path, extent = CASES[name]
    path = bp._image(key)
    if path is None:
        return {"skipped": f"image {key} absent"}
    text, _ = rb._with_warp(path, _grid_text(bp._grid(truth_path, extent)))
    grid = Grid.from_dict(yaml.safe_load(text)["grid"])
    image, legend, truth = open_image(str(path)), ex.load_legend(str(legend_path)), load_truth(truth_path)
    region = ex._region
    rows: list[dict[str, Any]] = []
    out: dict[str, Any] = {}
    try:
        for k in range(shifts + 1):
            ex._region = _lattice_region(k if "x" in axis else 0, k if "y" in axis else 0)
            t0 = time.perf_counter()
            got = ex.extract(image, grid, legend)
            t = score(truth, {h: r.terrain for h, r in got.hexes.items()}, got.symbols, got.hexsides,
                      [sc.name for sc in got.legend.symbols],
                      [f.name for f in got.legend.features if f.kind in ("along", "across", "coast", "gap")]).to_dict()
            row: dict[str, Any] = {"hexes": f"{t['right']}/{t['hexes']}", "s": round(time.perf_counter() - t0, 1)}
            for group in ("symbols", "lines"):
                for c, v in t[group].items():
                    row[c] = f"{v['true_positives']}/{v['in_truth']}/{v['found']}"
            rows.append(row)
            out[f"k{k}"] = row
            print(f"   {name} lattice k={k}: {row}", flush=True)
    finally:
        ex._region = region
    total, moved = spread(rows)
    hexes = [_numbers(r)["hexes"] for r in rows]
    out.update(spread=total, moved=moved, mean=round(sum(hexes) / max(1, len(hexes)), 2))
    print(f"   {name}: spread {total} {moved}, mean hexes {out['mean']}", flush=True)
    return out


def main(flags: list[str]) -> dict[str, object]:
    cases = tuple((bp._flag(flags, "cases") or ",".join(DEFAULT_CASES)).split(","))
    unknown = [c for c in cases if c not in CASES]
    if unknown:
        raise SystemExit(f"phase: unknown {', '.join(unknown)} (cases: {', '.join(CASES)})")
    shifts = int(bp._flag(flags, "shifts") or 6)
    axis = bp._flag(flags, "axis") or "xy"
    step = float(bp._flag(flags, "step") or 1)
    if axis not in ("x", "y", "xy"):
        raise SystemExit(f"phase: --axis is x, y or xy, not {axis}")
    out: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in cases:
            t0 = time.perf_counter()
            out[name] = (run_lattice(name, shifts, axis) if "--lattice" in flags else
                         run_case(name, shifts, axis, Path(tmp), step))
            print(f"   {name}: {time.perf_counter() - t0:.0f} s", flush=True)
    print("   spreads: " + ", ".join(f"{n} {v['spread']} (mean {v['mean']})" for n, v in out.items()
                                     if isinstance(v, dict) and "spread" in v), flush=True)
    return out
