"""Labelling sheets: a calibrated scan cut into magnified pages with every hex's id printed small at
the top of the hex, so a person can check a calibration or label hexes by eye (``wgt map tiles``; the truth files in
``tests/terrain/truth/`` were labelled this way).

Each page shows ``cols`` x ``rows`` hexes around a block of the grid, enlarged by ``zoom``; the id is
drawn in a white box just inside the top edge of the hex, the hex outline in thin magenta dashes so
the printed hex line stays visible under it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from .. import fonts
from ..fileio import atomic_open, ensure_folder
from ..hexgrid import Grid
from .truth import Truth

__all__ = ["pages", "write_pages"]


def pages(image: Image.Image, grid: Grid, *, per_page: int = 8, zoom: float = 2.0,
          only: set[str] | None = None, truth: Truth | None = None) -> Iterator[tuple[str, Image.Image]]:
    """(name, picture) of every page: the grid's hexes in blocks of ``per_page`` columns by
    ``per_page`` rows (offset coordinates; from the first column and row of ``only`` where given), each
    cropped with half a hex around and enlarged. With ``truth``, its labels are drawn for checking: the class
    under the id, symbols below, hexside features as thin coloured lines along the side, links as lines between
    the hex centres."""
    assert grid.layout is not None
    if grid.warp is not None:  # a folded scan's grid: the pages show the print where the extraction reads it
        from .warp import follow_print

        image = follow_print(image, grid)
    lay = grid.layout
    ext = grid.extent
    size = math.sqrt(lay.hex_area() / (1.5 * math.sqrt(3.0)))
    font = fonts.font(max(9, round(size * zoom * 0.22)))
    # the blocks start at the first column and row of the hexes asked for (--hexes), not at the map's: a 10 x 9 box
    # from column 15, row 18 with --per-page 10 was cut on the map's blocks (columns 11-20, 21-30; rows 11-20,
    # 21-30) into four pages of 6 x 3 to 4 x 6 hexes (user44)
    first_col, first_row = ext.first_col, ext.first_row
    if only is not None:
        picked = [c for c in ext.cells() if grid.numbering.format(*c) in only]
        if picked:
            first_col, first_row = min(c for c, _ in picked), min(r for _, r in picked)
    for c0 in range(first_col, ext.last_col + 1, per_page):
        for r0 in range(first_row, ext.last_row + 1, per_page):
            cells = [(c, r) for c in range(c0, min(c0 + per_page, ext.last_col + 1))
                     for r in range(r0, min(r0 + per_page, ext.last_row + 1)) if (c, r) in ext]
            hexes = [grid.numbering.offset.to_hex(c, r) for c, r in cells]
            ids = [grid.id(h) for h in hexes]
            if only is not None:
                keep = [i for i, hid in enumerate(ids) if hid in only]
                if not keep:
                    continue
                hexes, ids = [hexes[i] for i in keep], [ids[i] for i in keep]
            if not hexes:
                continue
            pts = [p for h in hexes for p in lay.corners(h)]
            x0 = max(0, int(min(p[0] for p in pts) - 0.3 * size))
            y0 = max(0, int(min(p[1] for p in pts) - 0.3 * size))
            x1 = min(image.width, int(max(p[0] for p in pts) + 0.3 * size) + 1)
            y1 = min(image.height, int(max(p[1] for p in pts) + 0.3 * size) + 1)
            if x1 <= x0 or y1 <= y0:
                continue
            crop = image.crop((x0, y0, x1, y1)).convert("RGB")
            crop = crop.resize((round(crop.width * zoom), round(crop.height * zoom)), Image.Resampling.LANCZOS)
            d = ImageDraw.Draw(crop)
            for h, hid in zip(hexes, ids):
                cs = [((x - x0) * zoom, (y - y0) * zoom) for x, y in lay.corners(h)]
                for i in range(6):
                    a, b = cs[i], cs[(i + 1) % 6]
                    for t in range(0, 10, 2):  # dashes
                        p = (a[0] + (b[0] - a[0]) * t / 10, a[1] + (b[1] - a[1]) * t / 10)
                        q = (a[0] + (b[0] - a[0]) * (t + 1) / 10, a[1] + (b[1] - a[1]) * (t + 1) / 10)
                        d.line([p, q], fill=(255, 0, 255), width=1)
                cx, cy = lay.hex_to_pixel(h)
                top = min(y for _, y in cs)
                tx, ty = (cx - x0) * zoom, top + 0.12 * size * zoom
                box = d.textbbox((tx, ty), hid, font=font, anchor="mt")
                d.rectangle(box, fill=(255, 255, 255))
                d.text((tx, ty), hid, fill=(200, 0, 200), font=font, anchor="mt")
                if truth is not None:
                    _label(d, truth, hid, ((cx - x0) * zoom, (cy - y0) * zoom), font)
            if truth is not None:
                _sides(d, truth, grid, set(ids), lambda p, x0=x0, y0=y0: ((p[0] - x0) * zoom, (p[1] - y0) * zoom))
            yield f"{ids[0]}-{ids[-1]}", crop


_COLOURS = [(255, 0, 0), (255, 140, 0), (0, 200, 0), (160, 0, 255), (0, 160, 255)]


def _label(d: ImageDraw.ImageDraw, truth: Truth, hid: str, c: tuple[float, float], font: object) -> None:
    text = truth.hexes.get(hid)
    if text is None:
        text = next((f"x {k}" for k, v in truth.excluded.items() if hid in v), "?")
    syms = [k for k, v in sorted(truth.symbols.items()) if hid in v]
    lines = [text, *syms]
    for i, t in enumerate(lines):
        box = d.textbbox((c[0], c[1] + i * 14), t, font=font, anchor="mm")  # type: ignore[arg-type]
        d.rectangle(box, fill=(255, 255, 190))
        d.text((c[0], c[1] + i * 14), t, fill=(0, 0, 0), font=font, anchor="mm")  # type: ignore[arg-type]


def _sides(d: ImageDraw.ImageDraw, truth: Truth, grid: Grid, ids: set[str], to_page: Any) -> None:
    from ..hexgrid import Hexside

    assert grid.layout is not None
    lay = grid.layout
    names = sorted({*truth.hexsides, *truth.links})
    for name in names:
        col = _COLOURS[names.index(name) % len(_COLOURS)]
        for key in truth.hexsides.get(name, ()):
            a, b = key.split("/")
            if a in ids or b in ids:
                p, q = lay.hexside_endpoints(Hexside.between(grid.hex(a), grid.hex(b)))
                d.line([to_page(p), to_page(q)], fill=col, width=3)
        for key in truth.links.get(name, ()):
            a, b = key.split("/")
            if a in ids or b in ids:
                d.line([to_page(lay.hex_to_pixel(grid.hex(a))), to_page(lay.hex_to_pixel(grid.hex(b)))], fill=col,
                       width=3)


def write_pages(image: Image.Image, grid: Grid, folder: str | Path, **kw: object) -> list[Path]:
    """Write :func:`pages` as PNG files into ``folder``; their paths."""
    out = []
    folder = ensure_folder(folder)  # one that cannot be made (under a file, no permission): a one-line error
    for name, pic in pages(image, grid, **kw):  # type: ignore[arg-type]
        p = folder / f"{name}.png"
        with atomic_open(p, "wb") as fh:
            pic.save(fh, "PNG")
        out.append(p)
    return out


def main(argv: list[str] | None = None) -> int:
    """``python -m toolkit.terrain.tiles IMAGE GRID FOLDER [--truth FILE] [--per-page N] [--zoom Z]``."""
    import argparse

    from ..errors import ToolkitError
    from .calibrate import open_image
    from .truth import load_truth

    ap = argparse.ArgumentParser(prog="python -m toolkit.terrain.tiles",
                                 description="Labelling pages: a calibrated scan in magnified pages with hex ids.")
    ap.add_argument("image")
    ap.add_argument("grid", help="a calibrated map or grid file (or a truth file, whose grid is used)")
    ap.add_argument("folder")
    ap.add_argument("--truth", help="draw this truth file's labels over the pages, to check them")
    ap.add_argument("--per-page", type=int, default=8)
    ap.add_argument("--zoom", type=float, default=2.0)
    a = ap.parse_args(argv)
    try:
        from ..cli.map_scan import _grid_from_file

        truth = load_truth(a.truth) if a.truth else None
        grid = truth.grid if truth is not None and truth.grid is not None else _grid_from_file(a.grid)
        if grid.layout is None:
            raise ToolkitError(f"{a.grid}: the grid has no calibration")
        for p in write_pages(open_image(a.image), grid, a.folder, per_page=a.per_page, zoom=a.zoom, truth=truth):
            print(p)
    except ToolkitError as exc:
        print(f"error: {exc}")
        return 3
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
