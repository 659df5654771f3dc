"""Safe file writing: a user's file is replaced whole or not at all."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from .errors import InputError

__all__ = ["atomic_open", "atomic_write"]


@contextlib.contextmanager
def atomic_open(path: str | os.PathLike[str], mode: str = "wb", encoding: str | None = None) -> Iterator[IO]:
    """Open a temporary file beside ``path``; on a clean exit it is flushed, synced and renamed over
    ``path``; on an exception it is removed and ``path`` is untouched.

    The permission bits of an existing file are kept.
    """
    if mode not in ("w", "wb"):
        raise ValueError("atomic_open writes only ('w' or 'wb')")
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"cannot write {target}: folder {folder} does not exist")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, mode, encoding=encoding if "b" not in mode else None,
                       newline="" if "b" not in mode else None) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(FileNotFoundError):
            os.chmod(tmp, os.stat(target).st_mode & 0o7777)
        if not target.exists():
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def atomic_write(path: str | os.PathLike[str], data: bytes | str, encoding: str = "utf-8") -> None:
    """Write ``data`` to ``path`` atomically (see :func:`atomic_open`)."""
    if isinstance(data, str):
        with atomic_open(path, "w", encoding=encoding) as handle:
            handle.write(data)
    else:
        with atomic_open(path, "wb") as handle:
            handle.write(data)


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
