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

import errno
import io
import os
import posixpath
import stat
from collections.abc import Generator

from ..errors import ArchiveError

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy reads the same, without importing typing at run time
if TYPE_CHECKING:
    import zipfile
    from pathlib import Path
    from typing import IO, Any

# zipfile (with pathlib, shutil, threading and the bz2 and lzma modules: ~6 ms) and pathlib are imported where
# they are used: reading the usual save (plain_members, inflate_member) needs neither

__all__ = ["MAX_ENTRIES", "MAX_ENTRY", "MAX_RATIO", "MAX_TOTAL", "Archive", "check_regular", "fs_path",
           "inflate_member", "open_archive", "path_exists", "path_is_dir", "plain_members"]

MAX_ENTRY = 512 * 1024 * 1024
MAX_TOTAL = 2 * 1024 * 1024 * 1024
MAX_RATIO = 1000
MAX_ENTRIES = 200_000  # members of one archive (real modules hold a few thousand)
_CHUNK = 1 << 20


def check_regular(path: str | os.PathLike[str], label: str | os.PathLike[str] | None = None) -> None:
    """Refuse a path that exists but is neither a regular file nor a folder (a device such as
    /dev/zero reads forever, a named pipe blocks on open): raises ArchiveError."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # missing or unreadable: the caller's open says so
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise ArchiveError(f"{label or path}: not a regular file (a device, pipe or socket)")


def fs_path(path: str | os.PathLike[str]) -> str | Path:
    """``Path(path)``, or ``path`` itself when it is a str that pathlib would print unchanged (on a system whose
    separator is ``/``: no empty or ``.`` part, no trailing slash): the usual file name of a command line, used as
    it is by :func:`path_exists`, :func:`path_is_dir`, :func:`check_regular` and ``open``, without importing
    pathlib (with urllib.parse, fnmatch and ipaddress: ~3 ms of a ``wgt vassal dump``)."""
    if isinstance(path, str) and path and os.sep == "/" and "\x00" not in path \
            and all(part and part != "." for part in (path[1:] if path[0] == "/" else path).split("/")):
        return path
    from pathlib import Path

    return Path(path)


# what pathlib's exists() and is_dir() (Python 3.11) take for "not there" rather than an error: a missing path, a
# part that is no folder, a bad descriptor, a symlink loop; on Windows a drive not ready, a bad name or a link that
# cannot be resolved
_MISSING = (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP)
_MISSING_WINDOWS = (21, 123, 1921)


def _mode(path: str | os.PathLike[str]) -> int | None:
    try:
        return os.stat(path).st_mode
    except OSError as exc:
        if exc.errno in _MISSING or getattr(exc, "winerror", None) in _MISSING_WINDOWS:
            return None
        raise
    except ValueError:  # a name the system cannot take (a NUL character)
        return None


def path_exists(path: str | os.PathLike[str]) -> bool:
    """``Path(path).exists()`` as Python 3.11 answers it, for a str or a Path alike (errors other than "not there"
    are raised)."""
    return _mode(path) is not None


def path_is_dir(path: str | os.PathLike[str]) -> bool:
    """``Path(path).is_dir()`` as Python 3.11 answers it, for a str or a Path alike."""
    mode = _mode(path)
    return mode is not None and stat.S_ISDIR(mode)


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
        import zipfile
        from pathlib import Path

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
        try:  # noqa: SIM105 - not contextlib.suppress: reading a save imports no contextlib
            self.close()
        except Exception:
            pass

    @property
    def is_folder(self) -> bool:
        return self._zip is None and not self._infos and self.path.is_dir()

    def names(self) -> list[str]:
        """Member names (zip order; for a folder, relative paths of its files, sorted)."""
        if self._zip is not None or self._infos:
            return list(self._infos)
        from pathlib import Path

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
        import zipfile
        import zlib

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
        info = self._infos.get(name)
        if self._zip is None or info is None or name in self._twice or self._zip.fp is None:
            return None
        cap = self.max_entry if limit is None else min(limit, self.max_entry)
        try:
            raw_name = info.orig_filename.encode("utf-8" if info.flag_bits & 0x800 else "cp437")
        except UnicodeError:
            return None
        out = inflate_member(self._zip.fp, (info.flag_bits, info.compress_type, info.CRC, info.compress_size,
                                            info.file_size, info.header_offset, raw_name), cap, self.max_ratio)
        if out is not None:
            self._count(len(out), name)
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


def plain_members(handle: IO[bytes]) -> dict[str, tuple[int, int, int, int, int, int, bytes]] | None:
    """The members of the zip archive open in ``handle`` (binary, seekable) when it has the plain form VASSAL and
    Java write, read without zipfile: name -> (flags, method, CRC-32, compressed size, size, offset of the local
    header, the name's bytes), in archive order. None for anything else, zipfile then reading the archive (and
    naming what is wrong with it): an end record that is not the file's last 22 bytes (a comment), a zip64 record,
    several disks, data before the archive, more than MAX_ENTRIES members, a central record that is cut short,
    not signed, of a version zipfile refuses, with a malformed or zip64 extra field or with sizes of 0xFFFFFFFF,
    a name that does not decode, holds a NUL, escapes the archive folder or is given twice, or a member count
    other than the end record's. What it gives is what zipfile reads from such an archive."""
    import struct  # imported with ctypes, which reading a save loads anyway

    try:
        end = handle.seek(0, 2)
        if end < 22:
            return None
        handle.seek(max(end - 42, 0))
        tail = handle.read()
        if len(tail) != min(end, 42):
            return None
        (sig, disk, cd_disk, here, total, cd_size, cd_offset, comment) = struct.unpack("<4s4H2LH", tail[-22:])
        if sig != b"PK\x05\x06" or comment or disk or cd_disk or here != total or total > MAX_ENTRIES \
                or tail[-42:-38] == b"PK\x06\x07" or cd_offset + cd_size != end - 22:
            return None
        handle.seek(cd_offset)
        directory = handle.read(cd_size)
    except (OSError, ValueError, struct.error):
        return None
    if len(directory) != cd_size:
        return None
    members: dict[str, tuple[int, int, int, int, int, int, bytes]] = {}
    record = struct.Struct("<4s4B4HL2L5H2L")
    at = 0
    while at < cd_size:
        if at + 46 > cd_size:
            return None
        (sig, _made_by, _system, version, _reserved, flags, method, _time, _date, crc, packed_size, size, name_len,
         extra_len, comment_len, _disk, _internal, _external, offset) = record.unpack_from(directory, at)
        name_at = at + 46
        at = name_at + name_len + extra_len + comment_len
        if sig != b"PK\x01\x02" or at > cd_size or version > 63 \
                or 0xFFFFFFFF in (packed_size, size, offset):  # zipfile: MAX_EXTRACT_VERSION; zip64 sizes
            return None
        raw_name = directory[name_at:name_at + name_len]
        try:
            name = raw_name.decode("utf-8" if flags & 0x800 else "cp437")
        except UnicodeDecodeError:
            return None
        if "\x00" in name or not _safe_name(name) or name in members:
            return None
        extra = directory[name_at + name_len:name_at + name_len + extra_len]
        while len(extra) >= 4:  # as zipfile reads the extra field (ZipInfo._decodeExtra): blocks of type and length
            kind, length = struct.unpack_from("<HH", extra)
            if kind == 1 or length + 4 > len(extra):  # zip64, or cut short
                return None
            extra = extra[length + 4:]
        members[name] = (flags, method, crc, packed_size, size, offset, raw_name)
    if len(members) != total:
        return None
    return members


def inflate_member(handle: IO[bytes], member: tuple[int, int, int, int, int, int, bytes], cap: int,
                   max_ratio: int = MAX_RATIO) -> bytearray | None:
    """The zip member ``member`` (as :func:`plain_members` gives it) of the archive open in ``handle`` inflated in
    one call by libdeflate (when the system has it: several times faster than zlib) into a buffer of its declared
    size, its CRC checked; None when that cannot be done: no libdeflate, a member that is not plainly deflated
    (method 8, not encrypted, no patch data), empty, declared larger than ``cap`` or ``max_ratio`` times its
    compressed size, a local header that does not match the central record, or data that is damaged or not of
    the declared size or CRC. The output never exceeds the declared size (no zip bomb); what it gives is what
    zipfile reads from that member."""
    flags, method, crc, packed_size, size, offset, raw_name = member
    lib = _libdeflate()
    if lib is None or method != 8 or flags & 0x61 or not 0 < size <= min(cap, max(packed_size, 1) * max_ratio):
        return None  # flags: 1 encrypted, 0x20 compressed patch data, 0x40 strong encryption
    try:
        handle.seek(offset)
        head = handle.read(30)
        if len(head) != 30 or head[:4] != b"PK\x03\x04":
            return None
        local_flags = int.from_bytes(head[6:8], "little")
        name_len = int.from_bytes(head[26:28], "little")
        extra_len = int.from_bytes(head[28:30], "little")
        # zipfile decodes the local name by the local header's UTF-8 flag and compares it with the central one
        if handle.read(name_len) != raw_name or ((local_flags ^ flags) & 0x800 and not raw_name.isascii()):
            return None
        handle.seek(extra_len, 1)
        packed = handle.read(packed_size)
    except (OSError, ValueError):
        return None
    if len(packed) != packed_size:
        return None
    inflate, crc32, alloc, free, new_bytearray = lib
    out = bytearray(size) if new_bytearray is None else new_bytearray(None, size)  # uninitialized: written whole
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
    if result != 0 or got.value != size or crc32(0, buffer, size) != crc:
        return None
    del buffer  # the bytearray may be resized once no ctypes view holds it
    return out


def _check_entry_count(source: io.BytesIO | Path, label: Path) -> None:
    """Refuse an archive whose end record announces more than MAX_ENTRIES members before the central
    directory is read (a many-entries zip bomb costs time and memory per entry)."""
    import zipfile

    if not isinstance(source, io.BytesIO):
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
    """libdeflate's whole-buffer inflate, CRC-32 and decompressor allocation and release (ctypes functions) and
    :func:`_new_bytearray` (None when unavailable), or None when the system has no libdeflate (loaded once; only
    the shared library's versioned name is tried)."""
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
            found = (inflate, crc32, alloc, free, _new_bytearray())
        except (OSError, AttributeError, ImportError):
            pass
        _LIBDEFLATE.append(found)
    return _LIBDEFLATE[0]


def _new_bytearray() -> Any:
    """CPython's ``PyByteArray_FromStringAndSize`` (ctypes), which called with NULL gives a bytearray of the size
    asked whose bytes are not set (``bytearray(size)`` writes zeros over all of them first: 28 MB for the largest
    save, which libdeflate then writes over whole); None where it cannot be reached."""
    try:
        import ctypes

        make = ctypes.pythonapi.PyByteArray_FromStringAndSize
        make.restype, make.argtypes = ctypes.py_object, [ctypes.c_char_p, ctypes.c_ssize_t]
        return make
    except (AttributeError, OSError):
        return None


def _why(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[0].lower() + text[1:] if text else text
