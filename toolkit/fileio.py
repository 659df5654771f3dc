"""Safe file writing: a user's file is replaced whole or not at all."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from .errors import DataFileError, InputError

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy reads the same, without importing typing at run time
if TYPE_CHECKING:
    from typing import IO, Any

__all__ = ["MAX_TEXT_BYTES", "atomic_open", "atomic_write", "check_folder", "decode_text", "ensure_folder",
           "read_bytes", "read_text", "remove_stale_temps"]

# errors of writing the data itself (a full disk, a quota, a file too large, a failing device)
_DISK_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EROFS})


@contextlib.contextmanager
def atomic_open(path: str | os.PathLike[str], mode: str = "wb", encoding: str | None = None,
                before_replace: Callable[[], None] | None = None) -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path``; on a clean exit it is flushed, synced and renamed over
    ``path``; on an exception it is removed and ``path`` is untouched.

    The temporary file is ``.NAME.PID.XXXXXXXX.tmp``: a process killed mid-write leaves it behind, and
    the next write to ``path`` removes those whose process is gone (:func:`remove_stale_temps`).
    ``before_replace`` (if given) runs after the data is synced and just before the rename; an
    exception from it leaves ``path`` untouched (a compare-and-swap check goes there).

    The permission bits of an existing file are kept. A read-only file (no write permission for
    anyone, or none for this user) is refused rather than replaced; a symbolic link is followed, so the
    file it points to is replaced and the link stays. Failures to create, sync or rename the file
    (a folder without write permission, a full disk) raise :class:`InputError` naming the file.
    """
    if mode not in ("w", "wb"):
        raise ValueError("atomic_open writes only ('w' or 'wb')")
    target = Path(path)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"cannot write {target}: folder {folder} does not exist")
    if target.is_dir():
        raise InputError(f"cannot write {target}: it is a folder")
    if target.exists() and not target.is_file():  # a device, a pipe, a socket: never replace it
        raise InputError(f"cannot write {target}: it is not a regular file")
    if target.exists() and (not os.stat(target).st_mode & 0o222 or not os.access(target, os.W_OK)):
        raise InputError(f"cannot write {target}: the file is read-only")
    remove_stale_temps(target)
    import tempfile  # deferred: it imports shutil, random and the compressors (start-up, issue 11)

    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror or exc} (folder {folder})") from None
    try:
        handle = os.fdopen(fd, mode, encoding=encoding if "b" not in mode else None,
                           newline="" if "b" not in mode else None)
        try:
            try:
                yield handle
                handle.flush()
                os.fsync(handle.fileno())
            except OSError as exc:
                if exc.errno not in _DISK_ERRORS:
                    raise
                raise InputError(f"cannot write {target}: {exc.strerror or exc}") from None
        finally:
            with contextlib.suppress(OSError):
                handle.close()
        if before_replace is not None:
            before_replace()
        try:
            with contextlib.suppress(FileNotFoundError):
                os.chmod(tmp, os.stat(target).st_mode & 0o7777)
            if not target.exists():
                os.chmod(tmp, 0o666 & ~_umask())
            os.replace(tmp, target)
        except OSError as exc:
            raise InputError(f"cannot write {target}: {exc.strerror or exc}") from None
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def atomic_write(path: str | os.PathLike[str], data: bytes | str, encoding: str = "utf-8",
                 before_replace: Callable[[], None] | None = None) -> None:
    """Write ``data`` to ``path`` atomically (see :func:`atomic_open`)."""
    if isinstance(data, str):
        with atomic_open(path, "w", encoding=encoding, before_replace=before_replace) as handle:
            handle.write(data)
    else:
        with atomic_open(path, "wb", before_replace=before_replace) as handle:
            handle.write(data)


# temporary files of atomic_open: ".NAME.PID.XXXXXXXX.tmp" (mkstemp's 8 random characters); before the
# pid was part of the name they were ".NAME.XXXXXXXX.tmp"
_TEMP_WITH_PID = re.compile(r"(\d+)\.[a-z0-9_]{8}")
_TEMP_OLD = re.compile(r"[a-z0-9_]{8}")
#: a temporary file without a pid in its name is taken as stale after this many seconds
OLD_TEMP_AGE = 3600.0


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, owned by someone else
        return True
    return True


def remove_stale_temps(path: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporary files that writes of ``path`` left behind when their process was killed
    (their pid is gone; an old-style name without a pid once it is an hour old). A write in progress in
    a live process keeps its file. Returns the files removed; never raises."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    prefix = f".{target.name}."
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        middle = name[len(prefix):-4]
        m = _TEMP_WITH_PID.fullmatch(middle)
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            if m is not None:
                stale = not _alive(int(m.group(1)))
            else:
                stale = bool(_TEMP_OLD.fullmatch(middle)) and now - entry.stat().st_mtime > OLD_TEMP_AGE
            if stale:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except (OSError, ValueError):
            continue
    return removed


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def ensure_folder(folder: str | os.PathLike[str]) -> Path:
    """Make an output folder (and its parents); one that cannot be made is a one-line
    :class:`InputError`."""
    path = Path(folder)
    check_folder(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create folder {path} ({exc.strerror or type(exc).__name__})") from None
    return path


def check_folder(folder: str | os.PathLike[str]) -> None:
    """The nearest existing folder on the way to ``folder`` must be a folder, not a file: an
    :class:`InputError` names the file in the way."""
    path = Path(folder)
    for at in (path, *path.parents):
        if at.exists():
            if not at.is_dir():
                raise InputError(f"output folder {at} is a file, not a folder")
            return


#: The most a user's data file (a map, position, legend, grid, counter or chart file) may hold.
MAX_TEXT_BYTES = 64 * 1024 * 1024


def read_bytes(path: str | os.PathLike[str], what: str, max_bytes: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of a user's data file, read safely: a missing file, a folder, a device or pipe (which
    would block), a file over ``max_bytes`` or an unreadable one is a one-line :class:`DataFileError`
    naming the file; ``what`` names the kind of file in the messages ("map file", "legend", ...)."""
    p = Path(path)
    try:
        if not p.exists():
            raise DataFileError(f"{what} not found", p)
        if p.is_dir():
            raise DataFileError(f"is a folder, not a {what}", p)
        if not p.is_file():
            raise DataFileError("not a regular file", p)
        size = p.stat().st_size
        if size > max_bytes:
            raise DataFileError(f"{what} is larger than {max_bytes // 2**20} MiB ({size} bytes)", p)
        return p.read_bytes()
    except OSError as exc:
        raise DataFileError(f"cannot read: {exc.strerror or type(exc).__name__}", p) from None


def decode_text(raw: bytes, path: str | os.PathLike[str]) -> str:
    """UTF-8 text of a data file's bytes; a one-line :class:`DataFileError` naming the first bad byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(f"not utf-8 text (byte {exc.start})", path) from None


def read_text(path: str | os.PathLike[str], what: str, max_bytes: int = MAX_TEXT_BYTES) -> str:
    """:func:`read_bytes` decoded as UTF-8 (:func:`decode_text`)."""
    return decode_text(read_bytes(path, what, max_bytes), path)
