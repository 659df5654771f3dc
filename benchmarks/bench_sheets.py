"""Counter sheets: every Winter War counter to a print-ready PDF.

Subject: ``build_sheets`` with vector art (the default: each distinct face drawn once as a PDF form of
paths and live text, reportlab, fonts embedded; placed at exact positions; vector cut marks; fronts and
mirrored backs).
Baselines, same run: the toolkit's raster writer (``art="raster"``: each face rendered once at 300 dpi
and stored as a lossless Flate image), and the same faces pasted onto 300-dpi page rasters saved with
Pillow's PDF writer (``save_all``: JPEG pages, lossy, no vector marks). All include drawing the faces.

The bundled counters/winter-war.yaml holds the 108 counters the rulebook's charts name (its
inventory says 120 pieces); the ``120`` case adds 12 more distinct counter types so 120 counters
are printed with more distinct art than the real mix needs.
"""

from __future__ import annotations

import io
import math
import statistics
import time
from dataclasses import replace
from typing import Any

from PIL import Image

from toolkit.builders.counter_art import mm_to_px, render_face
from toolkit.builders.sheets import SheetSpec, build_sheets, layout_sheet
from toolkit.counters import CounterSet, CounterType, load_counters


def _padded(cset: CounterSet, total: int) -> CounterSet:
    types = dict(cset.types)
    base = [t for t in cset if t.values]
    i = 0
    while sum(t.count for t in types.values()) < total:
        src = base[i % len(base)]
        new_id = f"{src.id}-extra{i}"
        types[new_id] = CounterType(**{**src.__dict__, "id": new_id, "count": 1, "designation": f"x{i}"})
        i += 1
    return replace(cset, types=types)


def _pillow_pipeline(cset: CounterSet, spec: SheetSpec) -> bytes:
    """Faces pasted on page rasters at spec.dpi, saved by Pillow as PDF."""
    grid = layout_sheet(spec)
    width_mm, height_mm = spec.page_size()
    dpi = spec.dpi
    page_px = (mm_to_px(width_mm, dpi), mm_to_px(height_mm, dpi))
    px = mm_to_px(spec.counter_mm, dpi)
    cache: dict[tuple[str, str], Image.Image] = {}
    counters = [t for t in cset for _ in range(t.count)]
    pages: list[Image.Image] = []
    for start in range(0, len(counters), grid.per_page):
        front = Image.new("RGB", page_px, "white")
        back = Image.new("RGB", page_px, "white")
        for i, ct in enumerate(counters[start:start + grid.per_page]):
            x, y = grid.cell(i)
            for which, page, left in (("front", front, x), ("back", back, width_mm - x - spec.counter_mm)):
                key = (ct.id, which)
                if key not in cache:
                    cache[key] = render_face(cset, ct, which, px)
                page.paste(cache[key], (round(left / 25.4 * dpi), round(y / 25.4 * dpi)))
        pages += [front, back]
    out = io.BytesIO()
    pages[0].save(out, format="PDF", save_all=True, append_images=pages[1:], resolution=dpi)
    return out.getvalue()


def _time(fn: Any, repeat: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main(argv: list[str]) -> dict[str, Any]:
    repeat = 1 if "--quick" in argv else 3
    real = load_counters("winter-war")
    spec = SheetSpec()  # A4, 1/2", 300 dpi, 1 mm bleed, long-edge duplex
    results: dict[str, Any] = {}
    raster = replace(spec, art="raster")
    for label, cset in (("winter-war", real), ("120", _padded(real, 120))):
        build_sheets(cset, spec)  # warm up: font files parsed, glyph caches filled
        ours_s, ours = _time(lambda c=cset: build_sheets(c, spec), repeat)
        raster_s, raster_pdf = _time(lambda c=cset: build_sheets(c, raster), repeat)
        base_s, base = _time(lambda c=cset: _pillow_pipeline(c, spec), repeat)
        faces = 2 * len(cset)
        results[label] = {
            "counters": cset.total, "distinct_faces": faces, "raster_dpi": spec.dpi,
            "ours_vector_s": round(ours_s, 3), "raster_writer_s": round(raster_s, 3), "pillow_pdf_s": round(base_s, 3),
            "ratio_vector_to_raster": round(ours_s / raster_s, 3),
            "ratio_vector_to_pillow": round(ours_s / base_s, 3),
            "vector_bytes": len(ours), "raster_bytes": len(raster_pdf), "pillow_bytes": len(base),
            "vector_ms_per_counter": round(1000 * ours_s / cset.total, 2),
        }
        print(f"   {label}: {cset.total} counters, vector {ours_s:.3f} s ({len(ours) / 1e3:.0f} kB), raster writer "
              f"{raster_s:.3f} s ({len(raster_pdf) / 1e3:.0f} kB, lossless), pillow {base_s:.3f} s "
              f"({len(base) / 1e3:.0f} kB, JPEG); vector/raster {ours_s / raster_s:.2f}", flush=True)
    # face rendering alone (the shared cost), 300 dpi and 1200 dpi
    for dpi in (300, 1200):
        px = mm_to_px(12.7, dpi)
        ct = real["sov-20-12-2"]
        n = 20 if dpi == 300 else 5
        start = time.perf_counter()
        for _ in range(n):
            render_face(real, ct, "front", px)
        results[f"face_{dpi}dpi_ms"] = round(1000 * (time.perf_counter() - start) / n, 2)
    results["faces_note"] = f"one face of {mm_to_px(12.7, 300)} px / {mm_to_px(12.7, 1200)} px"
    assert math.isfinite(results["120"]["ratio_vector_to_raster"])
    return results
