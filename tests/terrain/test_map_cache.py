"""The on-disk cache of parsed maps (toolkit.terrain.cache): a hit gives the same map as parsing; a stale,
corrupt or foreign entry is never used; a cache that cannot be written changes nothing."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from toolkit.data import map_path
from toolkit.errors import DataFileError
from toolkit.terrain import cache
from toolkit.terrain.io import dumps_map, load_map, loads_map


def _cached_copy(src: Path, dst: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``src`` copied to ``dst``, with the cache on and kept in a ``cache`` folder beside it."""
    monkeypatch.delenv("WGT_NO_CACHE", raising=False)
    monkeypatch.setenv("WGT_CACHE_DIR", str(dst.parent / "cache"))
    shutil.copyfile(src, dst)
    return dst


@pytest.fixture
def ww(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return _cached_copy(map_path("winter-war"), tmp_path / "ww.yaml", monkeypatch)


def _entries(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "cache" / "maps"
    return sorted(folder.glob("*.pickle")) if folder.exists() else []


def test_second_load_comes_from_the_cache_and_equals_the_parse(ww: Path, tmp_path: Path) -> None:
    parsed = loads_map(ww.read_text(encoding="utf-8"))
    first = load_map(ww)
    [entry] = _entries(tmp_path)
    assert cache.cached_map(ww.read_bytes()) is not None
    second = load_map(ww)
    assert second is not first
    assert dumps_map(first) == dumps_map(second) == dumps_map(parsed)
    assert len(second.hexes) == 3038 and second.grid.ids() == parsed.grid.ids()
    assert entry.stat().st_size > 100_000


def test_an_edited_map_never_meets_the_old_entry(ww: Path, tmp_path: Path) -> None:
    load_map(ww)
    text = ww.read_text(encoding="utf-8")
    edited = text.replace("title: ", "title: Edited ", 1)
    assert edited != text
    ww.write_text(edited, encoding="utf-8")
    assert load_map(ww).title.startswith("Edited ")
    assert len(_entries(tmp_path)) == 2


@pytest.mark.parametrize("damage", ["truncate", "flip", "header", "not-a-map"])
def test_a_corrupt_entry_is_parsed_again_and_rewritten(ww: Path, tmp_path: Path, damage: str) -> None:
    want = dumps_map(load_map(ww))
    [entry] = _entries(tmp_path)
    blob = entry.read_bytes()
    if damage == "truncate":
        entry.write_bytes(blob[: len(blob) // 2])
    elif damage == "flip":
        entry.write_bytes(blob[:-10] + bytes([blob[-10] ^ 0xFF]) + blob[-9:])
    elif damage == "header":
        entry.write_bytes(b"x" + blob[1:])
    else:  # a well-formed entry whose payload is not a map
        import hashlib
        import pickle
        n = len(b"wgt-map-cache/2\n")
        payload = pickle.dumps({"not": "a map"})
        entry.write_bytes(blob[: n + 32] + hashlib.blake2b(payload, digest_size=32).digest() + payload)
    assert cache.cached_map(ww.read_bytes()) is None
    assert dumps_map(load_map(ww)) == want
    assert entry.read_bytes() == blob  # rewritten whole


def test_a_cache_folder_that_cannot_be_written_is_ignored(ww: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder", encoding="utf-8")
    monkeypatch.setenv("WGT_CACHE_DIR", str(blocker))
    assert len(load_map(ww).hexes) == 3038


def test_turned_off_and_small_maps_write_nothing(ww: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WGT_NO_CACHE", "1")
    load_map(ww)
    assert _entries(tmp_path) == []
    monkeypatch.delenv("WGT_NO_CACHE")
    small = tmp_path / "small.yaml"
    m = load_map(ww)
    assert _entries(tmp_path)
    for e in _entries(tmp_path):
        os.unlink(e)
    small.write_text(dumps_map(m)[: cache.MIN_BYTES // 4], encoding="utf-8")
    with pytest.raises(DataFileError):  # a broken map is an error from the parser, never cached
        load_map(small)
    assert _entries(tmp_path) == []


# --- counter files (toolkit.counters.load_counters through cache.cached_parse) ----------------------------


@pytest.fixture
def counters_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from toolkit.data import counters_path

    return _cached_copy(counters_path("winter-war"), tmp_path / "ww-counters.yaml", monkeypatch)


def test_counters_come_from_the_cache_as_parsed_and_an_edit_or_damage_parses_again(counters_file: Path,
                                                                                  tmp_path: Path) -> None:
    from toolkit.counters import load_counters, parse_counters

    parsed = parse_counters(counters_file.read_text(encoding="utf-8"), str(counters_file))
    first = load_counters(counters_file)
    [entry] = sorted((tmp_path / "cache" / "counters").glob("*.pickle"))
    second = load_counters(counters_file)
    assert first == second == parsed and second is not first and second.source == str(counters_file)
    # another path with the same bytes: its own entry (a counter set names its file)
    other = tmp_path / "other.yaml"
    shutil.copyfile(counters_file, other)
    assert load_counters(other).source == str(other)
    assert len(list((tmp_path / "cache" / "counters").glob("*.pickle"))) == 2
    # a damaged entry is not used, and is written again
    blob = entry.read_bytes()
    entry.write_bytes(blob[:-10] + bytes([blob[-10] ^ 0xFF]) + blob[-9:])
    assert load_counters(counters_file) == parsed
    assert entry.read_bytes() == blob
    # an edited file is parsed (its errors come from the parser, with their line)
    counters_file.write_text(counters_file.read_text(encoding="utf-8").replace("side: soviet", "side: sovjet", 1),
                             encoding="utf-8")
    with pytest.raises(DataFileError, match="sovjet"):
        load_counters(counters_file)
