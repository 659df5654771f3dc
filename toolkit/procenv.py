"""Process settings for a one-shot ``wgt`` run (the command line reading the process's own arguments; see
:func:`toolkit.gcpause.one_shot`): a process that runs one command and exits.

* :func:`single_threaded_blas`: numpy's OpenBLAS starts a pool of worker threads when numpy is imported; no
  command does linear algebra big enough to use them, and starting them costs ~50 ms of CPU a run (``import
  numpy`` 0.14 s -> 0.07 s CPU, 2-core machine). Set before numpy is imported; the user's own setting wins.
* :func:`keep_freed_memory`: glibc gives every block of 128 KiB or more (up to a threshold it raises as large
  blocks are freed, at most 32 MiB) its own mapping and unmaps it when freed, and trims the heap's free top:
  the next array of the same size is faulted in and zeroed by the kernel again. Image work allocates and
  frees arrays of tens of megabytes by the dozen (``wgt map extract`` on a 30-megapixel scan: ~100,000 page
  faults, a sixth of its CPU). Here freed memory is kept for reuse until the process ends; peak memory is
  unchanged (measured: 334 MB -> 336 MB).
"""

from __future__ import annotations

import os
import sys

__all__ = ["keep_freed_memory", "single_threaded_blas"]

_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # glibc's mallopt parameters (malloc.h)


def single_threaded_blas() -> None:
    """One OpenBLAS thread unless the environment says otherwise (no effect once numpy is imported)."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def keep_freed_memory() -> bool:
    """On glibc, serve blocks up to 1 GiB from the heap and never trim it; whether it was done. Only for a
    one-shot process: a long-lived one would keep its largest heap until it ends."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        if not hasattr(libc, "gnu_get_libc_version"):  # musl has mallopt but ignores it
            return False
        mallopt = libc.mallopt
        mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
        return bool(mallopt(_M_MMAP_THRESHOLD, 1 << 30)) and bool(mallopt(_M_TRIM_THRESHOLD, 2**31 - 1))
    except (OSError, AttributeError):
        return False
