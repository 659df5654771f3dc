"""Safe access to VASSAL archives (.vmod, .vsav, .vlog zips) and unpacked module folders.

Every read is bounded: a member may not be larger than ``max_entry`` bytes, all reads of one archive
together not more than ``max_total``, and a member may not expand more than ``max_ratio`` times its
compressed size (zip bombs); sizes are counted while decompressing, so a lying header does not help.
An archive may not hold more than ``MAX_ENTRIES`` members (checked from its end record, before the
central directory is parsed). Member names that are absolute or climb out of the archive (``..``)
are refused, and so are folder paths that resolve (through symlinks too) outside the module folder. Failures raise
:class:`~toolkit.errors.ArchiveError` with one line naming the file.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import posixpath
import stat
import zipfile
import zlib
from collections.abc import Generator
from pathlib import Path

from ..errors import ArchiveError

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy reads the same, without importing typing at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = ["MAX_ENTRIES", "MAX_ENTRY", "MAX_RATIO", "MAX_TOTAL", "Archive", "check_regular", "open_archive"]

MAX_ENTRY = 512 * 1024 * 1024
MAX_TOTAL = 2 * 1024 * 1024 * 1024
MAX_RATIO = 1000
MAX_ENTRIES = 200_000  # members of one archive (real modules hold a few thousand)
_CHUNK = 1 << 20


def check_regular(path: Path, label: str | Path | None = None) -> None:
    """Refuse a path that exists but is neither a regular file nor a folder (a device such as
    /dev/zero reads forever, a named pipe blocks on open): raises ArchiveError."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return  # missing or unreadable: the caller's open says so
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise ArchiveError(f"{label or path}: not a regular file (a device, pipe or socket)")


def _resolve(path: Path, label: str | Path) -> Path:
    """``path.resolve()``, with a symlink loop (RuntimeError before Python 3.13, OSError ELOOP after) or an
    unreadable link as one ArchiveError line."""
    try:
        return path.resolve()
    except RuntimeError:
        raise ArchiveError(f"{label}: is a symlink loop") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ArchiveError(f"{label}: is a symlink loop") from None
        raise ArchiveError(f"{label}: cannot be resolved ({exc.strerror or exc})") from None


def _safe_name(name: str) -> bool:
    if not name or name.startswith(("/", "\\")) or "\x00" in name:
        return False
    if len(name) > 1 and name[1] == ":":
        return False
    parts = name.replace("\\", "/").split("/")
    return ".." not in parts


class Archive:
    """A read-only view of a zip file or a folder, with bounded reads."""

    def __init__(self, path: str | os.PathLike[str] | bytes, *, max_entry: int = MAX_ENTRY,
                 max_total: int = MAX_TOTAL, max_ratio: int = MAX_RATIO, name: str | None = None) -> None:
        data = bytes(path) if isinstance(path, bytes | bytearray) else None
        self.path = Path(name or "<bytes>") if data is not None else Path(path)  # type: ignore[arg-type]
        self.max_entry, self.max_total, self.max_ratio = max_entry, max_total, max_ratio
        self._read = 0
        self._zip: zipfile.ZipFile | None = None
        self._infos: dict[str, zipfile.ZipInfo] = {}
        self._twice: set[str] = set()  # names of more than one entry: reading one is ambiguous, so refused
        if data is None:
            check_regular(self.path)
        if data is None and self.path.is_dir():
            self._root = _resolve(self.path, self.path)
            return
        try:
            source = io.BytesIO(data) if data is not None else self.path
            _check_entry_count(source, self.path)
            self._zip = zipfile.ZipFile(source)
            infos = self._zip.infolist()
        except FileNotFoundError:
            raise ArchiveError(f"{self.path}: no such file") from None
        except IsADirectoryError:
            raise ArchiveError(f"{self.path}: is a folder") from None
        except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError, OSError, NotImplementedError,
                RuntimeError) as exc:
            raise ArchiveError(f"{self.path}: not a readable zip archive ({_why(exc)})") from None
        for info in infos:
            if not _safe_name(info.filename):
                self.close()
                raise ArchiveError(f"{self.path}: archive member {info.filename!r} escapes the archive folder")
            if info.filename in self._infos:
                self._twice.add(info.filename)
            self._infos.setdefault(info.filename, info)

    # -- context management
    def close(self) -> None:
        if self._zip is not None:
            self._zip.close()
            self._zip = None

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:  # pragma: no cover - best effort
        with contextlib.suppress(Exception):
            self.close()

    @property
    def is_folder(self) -> bool:
        return self._zip is None and not self._infos and self.path.is_dir()

    def names(self) -> list[str]:
        """Member names (zip order; for a folder, relative paths of its files, sorted)."""
        if self._zip is not None or self._infos:
            return list(self._infos)
        out = []
        for base, _dirs, files in os.walk(self._root):
            for f in files:
                out.append(Path(base, f).relative_to(self._root).as_posix())
        return sorted(out)

    def _folder_path(self, name: str) -> Path:
        if not _safe_name(name):
            raise ArchiveError(f"{self.path}: path {name!r} escapes the module folder")
        target = _resolve(self._root / name, f"{self.path}: {name}")
        if target != self._root and self._root not in target.parents:
            raise ArchiveError(f"{self.path}: path {name!r} escapes the module folder")
        return target

    def has(self, name: str) -> bool:
        if self._zip is not None:
            return name in self._infos
        try:
            return self._folder_path(name).is_file()
        except ArchiveError:
            return False

    def size(self, name: str) -> int | None:
        """Declared uncompressed size (None when absent)."""
        if self._zip is not None:
            info = self._infos.get(name)
            return None if info is None else info.file_size
        return self._folder_path(name).stat().st_size if self.has(name) else None

    def read(self, name: str, *, limit: int | None = None) -> bytes:
        """The member's bytes; raises ArchiveError when absent, corrupt or over a limit."""
        cap = self.max_entry if limit is None else min(limit, self.max_entry)
        if self._zip is None:
            path = self._folder_path(name)
            try:
                # non-blocking open, then fstat: a named pipe (which would block on open or read forever) or a
                # device in the folder is refused, with no window between the check and the read
                fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
                with open(fd, "rb") as handle:
                    if not stat.S_ISREG(os.fstat(fd).st_mode):
                        raise ArchiveError(f"{self.path}: {name!r} is not a regular file (a device, pipe or socket)")
                    data = handle.read(cap + 1)
            except FileNotFoundError:
                raise ArchiveError(f"{self.path}: has no {name!r}") from None
            except OSError as exc:
                raise ArchiveError(f"{self.path}: cannot read {name!r} ({_why(exc)})") from None
            if len(data) > cap:
                raise ArchiveError(f"{self.path}: {name!r} is larger than the {cap} byte limit")
            self._count(len(data), name)
            return data
        info = self._member(name, cap)
        # an entry whose declared size passes neither limit is inflated in one call (zipfile never gives more
        # than the declared size, and checks the CRC at its end); chunks of _CHUNK bound the others
        step = info.file_size + 1 if info.file_size <= max(info.compress_size, 1) * self.max_ratio else _CHUNK
        chunks = list(self._inflate(info, name, cap, max(step, _CHUNK)))
        data = chunks[0] if len(chunks) == 1 else b"".join(chunks)
        self._count(len(data), name)
        return data

    def _member(self, name: str, cap: int) -> zipfile.ZipInfo:
        """The zip entry ``name``, refused when absent, named twice, or declared larger than ``cap``."""
        info = self._infos.get(name)
        if info is None:
            raise ArchiveError(f"{self.path}: has no {name!r} entry")
        if name in self._twice:
            raise ArchiveError(f"{self.path}: has more than one entry named {name!r} (which one is meant is unclear)")
        if info.file_size > cap:
            raise ArchiveError(f"{self.path}: entry {name!r} is larger than the {cap} byte limit")
        return info

    def _inflate(self, info: zipfile.ZipInfo, name: str, cap: int, step: int) -> Generator[bytes, None, None]:
        """The entry's bytes in reads of ``step``, stopped past ``cap`` bytes or ``max_ratio`` times its
        compressed size (a zip bomb), and a damaged entry named (zipfile checks the CRC at its end)."""
        assert self._zip is not None
        budget = max(cap, 0)
        ratio_cap = max(info.compress_size, 1) * self.max_ratio
        size = 0
        try:
            with self._zip.open(info) as handle:
                while True:
                    chunk = handle.read(step)
                    if not chunk:
                        break
                    size += len(chunk)
                    if size > budget:
                        raise ArchiveError(f"{self.path}: entry {name!r} expands beyond the {cap} byte limit")
                    if size > ratio_cap and size > _CHUNK:
                        raise ArchiveError(f"{self.path}: entry {name!r} expands more than {self.max_ratio} times "
                                           f"(zip bomb?)")
                    yield chunk
        except ArchiveError:
            raise
        except (zipfile.BadZipFile, zlib.error, EOFError, ValueError, OSError, NotImplementedError,
                RuntimeError) as exc:
            raise ArchiveError(f"{self.path}: entry {name!r} is corrupt ({_why(exc)})") from None

    def read_whole(self, name: str, *, limit: int | None = None) -> bytearray | None:
        """The zip member ``name`` inflated in one call by libdeflate (when the system has it: several times
        faster than zlib) into a buffer of its declared size, its CRC checked; None when that cannot be done
        (no libdeflate, a folder, a member that is not plainly deflated, over a limit, damaged, or not of its
        declared size or CRC): the caller then reads it with :meth:`read` or :meth:`read_chunks`, which give
        the content or name the problem. The output never exceeds the declared size (no zip bomb)."""
        lib = _libdeflate()
        info = self._infos.get(name)
        if lib is None or self._zip is None or info is None or name in self._twice or self._zip.fp is None:
            return None
        cap = self.max_entry if limit is None else min(limit, self.max_entry)
        size = info.file_size
        if not 0 < size <= min(cap, max(info.compress_size, 1) * self.max_ratio) or info.compress_type != 8 \
                or info.flag_bits & 0x41:  # deflated, not encrypted (1, 0x40: strong encryption)
            return None
        try:
            fp = self._zip.fp
            fp.seek(info.header_offset)
            head = fp.read(30)
            if len(head) != 30 or head[:4] != b"PK\x03\x04":
                return None
            name_len = int.from_bytes(head[26:28], "little")
            extra_len = int.from_bytes(head[28:30], "little")
            if fp.read(name_len) != info.orig_filename.encode("utf-8" if info.flag_bits & 0x800 else "cp437"):
                return None
            fp.seek(extra_len, 1)
            packed = fp.read(info.compress_size)
        except (OSError, ValueError, UnicodeError):
            return None
        if len(packed) != info.compress_size:
            return None
        out = bytearray(size)
        inflate, crc32, alloc, free = lib
        import ctypes

        buffer = (ctypes.c_char * size).from_buffer(out)
        got = ctypes.c_size_t()
        state = alloc()
        if not state:
            return None
        try:
            result = inflate(state, packed, len(packed), buffer, size, ctypes.byref(got))
        finally:
            free(state)
        del packed
        if result != 0 or got.value != size or crc32(0, buffer, size) != info.CRC:
            return None
        del buffer  # the bytearray may be resized once no ctypes view holds it
        self._count(size, name)
        return out

    def read_chunks(self, name: str, *, limit: int | None = None) -> Generator[bytes, None, None]:
        """The bytes of a zip member in pieces of about ``_CHUNK`` bytes, with the checks and errors of
        :meth:`read` (limits, ratio, CRC at the end): a caller that decodes each piece as it comes never holds
        the whole member (a save's hex text of tens of megabytes). Only for zip members (ValueError for a
        folder)."""
        if self._zip is None:
            raise ValueError("read_chunks reads zip members only")
        cap = self.max_entry if limit is None else min(limit, self.max_entry)
        info = self._member(name, cap)
        size = 0
        for chunk in self._inflate(info, name, cap, _CHUNK):
            size += len(chunk)
            yield chunk
        self._count(size, name)

    def _count(self, n: int, name: str) -> None:
        self._read += n
        if self._read > self.max_total:
            raise ArchiveError(f"{self.path}: reading {name!r} passes the {self.max_total} byte total limit")

    def find(self, name: str) -> str | None:
        """The member called ``name`` (exact, else case-insensitive, else by normalised path)."""
        if self.has(name):
            return name
        lower = name.lower()
        norm = posixpath.normpath(name.replace("\\", "/"))
        for candidate in self.names():
            if candidate.lower() == lower or candidate == norm:
                return candidate
        return None


def open_archive(path: str | os.PathLike[str] | bytes, *, max_entry: int = MAX_ENTRY, max_total: int = MAX_TOTAL,
                 max_ratio: int = MAX_RATIO) -> Archive:
    """Open a zip (path or bytes) or a folder as an :class:`Archive` (raises ArchiveError)."""
    return Archive(path, max_entry=max_entry, max_total=max_total, max_ratio=max_ratio)


def _check_entry_count(source: io.BytesIO | Path, label: Path) -> None:
    """Refuse an archive whose end record announces more than MAX_ENTRIES members before the central
    directory is read (a many-entries zip bomb costs time and memory per entry)."""
    if isinstance(source, Path):
        with open(source, "rb") as handle:
            end = zipfile._EndRecData(handle)  # type: ignore[attr-defined]
    else:
        end = zipfile._EndRecData(source)  # type: ignore[attr-defined]
        source.seek(0)
    if end is None:
        return  # not a zip: ZipFile says so
    count = end[4]  # _ECD_ENTRIES_TOTAL (the zip64 record's count when there is one)
    if count > MAX_ENTRIES:
        raise ArchiveError(f"{label}: archive has {count} members, more than the {MAX_ENTRIES} limit")


_LIBDEFLATE: list[tuple[Any, ...] | None] = []


def _libdeflate() -> tuple[Any, ...] | None:
    """libdeflate's whole-buffer inflate, CRC-32 and decompressor allocation and release (ctypes functions), or
    None when the system has no libdeflate (loaded once; only the shared library's versioned name is tried)."""
    if not _LIBDEFLATE:
        found = None
        try:
            import ctypes

            lib = ctypes.CDLL("libdeflate.so.0")
            alloc, free = lib.libdeflate_alloc_decompressor, lib.libdeflate_free_decompressor
            alloc.restype, alloc.argtypes = ctypes.c_void_p, []
            free.restype, free.argtypes = None, [ctypes.c_void_p]
            inflate = lib.libdeflate_deflate_decompress
            inflate.restype = ctypes.c_int
            inflate.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t,
                                ctypes.POINTER(ctypes.c_size_t)]
            crc32 = lib.libdeflate_crc32
            crc32.restype, crc32.argtypes = ctypes.c_uint32, [ctypes.c_uint32, ctypes.c_void_p, ctypes.c_size_t]
            found = (inflate, crc32, alloc, free)
        except (OSError, AttributeError, ImportError):
            pass
        _LIBDEFLATE.append(found)
    return _LIBDEFLATE[0]


def _why(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[0].lower() + text[1:] if text else text
