"""An on-disk cache of parsed map files, so that a command which judges a position does not parse the
whole map (3,038 hexes for Winter War: ~30 ms) on every start.

A cache entry is the parsed :class:`~toolkit.terrain.model.TerrainMap`, pickled, in the user cache
folder (``$WGT_CACHE_DIR``, else ``$XDG_CACHE_HOME/wgt``, else ``~/.cache/wgt``; ``WGT_NO_CACHE=1``
turns it off). Its name is the BLAKE2b digest (32 bytes) of the map file's bytes together with a stamp of
the code that parses and models maps (Python version, and name, size and modification time of every module
of ``toolkit.terrain`` and ``toolkit.hexgrid``), so an edited map or edited parser never meets an old
entry. The entry repeats that key and carries the BLAKE2b digest of its payload: a truncated, corrupt or
misplaced entry fails the check (or fails to unpickle) and the map is parsed again and the entry
rewritten. Entries are written atomically (temporary file + rename); a cache folder that cannot be
written is ignored. Only bytes that parsed cleanly are ever cached, so errors (with their line numbers)
always come from the parser.

The cache folder is trusted as the user's own (like their shell start-up files): an entry is a pickle.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..gcpause import gc_paused

try:  # CPython's own BLAKE2: hashlib would first load OpenSSL (~2 ms of every start-up)
    from _blake2 import blake2b  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover - CPython always builds _blake2
    from hashlib import blake2b  # type: ignore[assignment,unused-ignore]


def _digest(data: bytes) -> bytes:
    """A 32-byte BLAKE2b digest: the entry's key and its payload's check (BLAKE2b reads the ~180 KB map and
    its entry in ~5M instructions where SHA-256 took ~17M of each ``wgt check``)."""
    return blake2b(data, digest_size=32).digest()


if TYPE_CHECKING:
    from .model import TerrainMap

__all__ = ["MAX_BYTES", "MIN_BYTES", "cache_folder", "cached_map", "load_map", "store_map"]

#: the largest map file read
MAX_BYTES = 64 * 1024 * 1024
#: map files smaller than this parse in a few milliseconds: not worth a cache entry
MIN_BYTES = 32 * 1024
_MAGIC = b"wgt-map-cache/2\n"
_stamp: bytes | None = None


def cache_folder() -> Path | None:
    """The folder of map cache entries, or None when the cache is turned off."""
    if os.environ.get("WGT_NO_CACHE"):
        return None
    base = os.environ.get("WGT_CACHE_DIR")
    if base:
        return Path(base) / "maps"
    xdg = os.environ.get("XDG_CACHE_HOME")
    root = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache"
    return root / "wgt" / "maps"


def load_map(path: str | os.PathLike[str]) -> TerrainMap:
    """Read and validate a map file; :class:`DataFileError` naming file, line and value if it is wrong.

    (``toolkit.terrain.io.load_map``; it lives here so that a map found in the cache is loaded without
    importing the YAML reader and writer of :mod:`.io`.)"""
    from ..fileio import read_bytes

    p = Path(path)
    raw = read_bytes(p, "map file", MAX_BYTES)
    # building thousands of hexes makes no cyclic garbage: the collector's passes over the growing heap
    # are pure cost here (~10 ms of a 3,038-hex map), so it pauses while the map is built
    with gc_paused():
        m = cached_map(raw)
        if m is None:
            from ..fileio import decode_text
            from .io import loads_map

            m = loads_map(decode_text(raw, p), source=str(p))
            store_map(raw, m)
    return m


def _code_stamp() -> bytes:
    global _stamp
    if _stamp is None:
        here = Path(__file__).resolve().parent
        parts = [sys.version]
        for folder in (here, here.parent / "hexgrid"):
            with os.scandir(folder) as it:
                for e in sorted(it, key=lambda e: e.name):
                    if e.name.endswith(".py"):
                        st = e.stat()
                        parts.append(f"{folder.name}/{e.name}:{st.st_size}:{st.st_mtime_ns}")
        _stamp = "\n".join(parts).encode()
    return _stamp


def _key(raw: bytes) -> bytes:
    return _digest(_code_stamp() + b"\0" + raw)


def _entry(folder: Path, key: bytes) -> Path:
    return folder / f"{key.hex()}.pickle"


def cached_map(raw: bytes) -> Any:
    """The map parsed from ``raw`` (a map file's bytes) as cached, or None (no cache, no entry, or an
    entry that fails its check)."""
    folder = cache_folder()
    if folder is None or len(raw) < MIN_BYTES:
        return None
    key = _key(raw)
    m = _load_entry(_entry(folder, key), key)
    if m is None:
        return None
    from .model import TerrainMap
    return m if isinstance(m, TerrainMap) else None


def _load_entry(path: Path, key: bytes) -> Any:
    """The value pickled in the entry at ``path`` if it is one of ours for ``key`` and passes its check,
    else None (absent, unreadable, another key, damaged, or from another version of the classes)."""
    try:
        blob = path.read_bytes()
    except OSError:
        return None
    n = len(_MAGIC)
    if blob[:n] != _MAGIC or blob[n:n + 32] != key:
        return None
    payload = blob[n + 64:]
    if _digest(payload) != blob[n + 32:n + 64]:
        return None
    try:  # the C unpickler alone: pickle.py (its pure-Python pickler) costs ~4M instructions to import
        from _pickle import loads
    except ImportError:  # pragma: no cover - CPython always has _pickle
        from pickle import loads
    try:
        return loads(payload)
    except Exception:  # an entry from another version of the classes: parse again
        return None


def _shared(tmap: Any) -> Any:
    """A shallow copy of ``tmap`` for pickling in which equal hexes are one :class:`HexData` object and
    equal hexside feature sets one frozenset (Winter War: 3,038 hexes are 417 distinct ones, 1,586
    featured hexsides 11 distinct sets), without its derived look-ups: pickle writes a shared object once,
    so the entry loads in about a third of the time. Hexes are immutable and their values are never
    changed in place, so sharing them changes nothing a caller can see."""
    from .model import TerrainMap

    if type(tmap) is not TerrainMap:
        return tmap
    hexes: dict[str, Any] = {}
    sides: dict[frozenset[str], frozenset[str]] = {}
    copy = object.__new__(TerrainMap)
    copy.__dict__.update(vars(tmap))
    # repr names every field of a hex (values with their types): equal reprs are equal hexes
    copy.hexes = {hid: hexes.setdefault(repr(h), h) for hid, h in tmap.hexes.items()}
    copy.hexsides = {key: sides.setdefault(f, f) for key, f in tmap.hexsides.items()}
    copy._cache = {}
    copy._idset = None
    return copy


def store_map(raw: bytes, tmap: Any) -> None:
    """Cache ``tmap`` as the map parsed from ``raw``; any failure to write is ignored."""
    folder = cache_folder()
    if folder is None or len(raw) < MIN_BYTES:
        return
    import pickle

    from ..errors import ToolkitError
    from ..fileio import atomic_write
    try:
        payload = pickle.dumps(_shared(tmap), protocol=pickle.HIGHEST_PROTOCOL)
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        key = _key(raw)
        atomic_write(_entry(folder, key), _MAGIC + key + _digest(payload) + payload)
    except (OSError, ToolkitError, pickle.PicklingError, TypeError, AttributeError):
        pass


# --- other parsed files (counter files): the same entries, keyed also by the file's path ------------------

_module_stamps: dict[tuple[str, ...], bytes] = {}


def _modules_stamp(modules: tuple[str, ...]) -> bytes:
    """Python's version and the name, size and modification time of each of ``modules`` (paths of the
    package's own modules, relative to ``toolkit``): what parsing the file depends on."""
    stamp = _module_stamps.get(modules)
    if stamp is None:
        root = Path(__file__).resolve().parent.parent
        parts = [sys.version]
        for name in modules:
            st = os.stat(root / name)
            parts.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
        stamp = _module_stamps[modules] = "\n".join(parts).encode()
    return stamp


def _parsed_entry(kind: str, raw: bytes, source: str, modules: tuple[str, ...]) -> tuple[Path, bytes] | None:
    folder = cache_folder()
    if folder is None:
        return None
    key = _digest(kind.encode() + b"\0" + _modules_stamp(modules) + b"\0"
                  + source.encode("utf-8", "surrogatepass") + b"\0" + raw)
    return _entry(folder.parent / kind, key), key


def cached_parse(kind: str, raw: bytes, source: str, modules: tuple[str, ...]) -> Any:
    """What parsing ``raw`` (the bytes of the file ``source``) gave, as :func:`store_parse` cached it under
    ``kind`` (a folder beside the maps'), or None (no cache, no entry, an entry failing its check, or an
    edited module of ``modules``). Keyed by the path too: a parsed file names its source."""
    try:
        found = _parsed_entry(kind, raw, source, modules)
    except OSError:
        return None
    return None if found is None else _load_entry(*found)


def store_parse(kind: str, raw: bytes, source: str, modules: tuple[str, ...], value: Any) -> None:
    """Cache ``value``, parsed from ``raw`` (the file ``source``), for :func:`cached_parse`; any failure to
    write is ignored."""
    import pickle

    from ..errors import ToolkitError
    from ..fileio import atomic_write
    try:
        found = _parsed_entry(kind, raw, source, modules)
        if found is None:
            return
        path, key = found
        payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        atomic_write(path, _MAGIC + key + _digest(payload) + payload)
    except (OSError, ToolkitError, pickle.PicklingError, TypeError, AttributeError):
        pass
