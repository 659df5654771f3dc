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


_M_TOP_PAD = -2
_MADV_HUGEPAGE = 14


def huge_page_heap(size: int) -> bool:
    """On Linux with glibc, after :func:`keep_freed_memory`: grow the heap by ``size`` bytes at once and ask for
    transparent huge pages on that span (``madvise(MADV_HUGEPAGE)``; the system default here serves only
    regions that ask). Blocks malloc later carves from it are faulted in 2 MiB at a time instead of 4 KiB: a
    one-shot run that fills tens of megabytes takes a few dozen page faults instead of thousands. Only memory
    touched is committed (in 2 MiB steps). Whether it was done."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        if not hasattr(libc, "gnu_get_libc_version"):
            return False
        sbrk, madvise, mallopt = libc.sbrk, libc.madvise, libc.mallopt
        sbrk.restype, sbrk.argtypes = ctypes.c_void_p, [ctypes.c_ssize_t]
        madvise.restype, madvise.argtypes = ctypes.c_int, [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
        mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
        malloc, free = libc.malloc, libc.free
        malloc.restype, malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
        free.restype, free.argtypes = None, [ctypes.c_void_p]
        start = sbrk(0)
        if not start or not mallopt(_M_TOP_PAD, size):
            return False
        block = malloc(1 << 20)  # past the heap's free top: one brk of 1 MiB + size
        free(block)
        mallopt(_M_TOP_PAD, 128 * 1024)  # glibc's default again
        end = sbrk(0)
        if not end or end <= start:
            return False
        first = (start + (1 << 21) - 1) & ~((1 << 21) - 1)
        return first < end and madvise(first, end - first, _MADV_HUGEPAGE) == 0
    except (OSError, AttributeError):
        return False


def arenas_from_heap() -> bool:
    """CPython's small-object allocator takes its 1 MiB arenas from malloc's heap (on huge pages after
    :func:`huge_page_heap`) instead of a fresh ``mmap`` each, ~256 page faults apiece; a freed arena is not
    given back (its memory stays with the process, which ends soon: one-shot runs only). Done through
    ``PyObject_SetArenaAllocator`` with libc's ``realloc`` as the allocator (``realloc(NULL, size)`` is
    ``malloc``) and ``free`` as the release (called with the allocator's NULL context first, so it frees
    nothing); only on glibc Linux on x86-64 or AArch64, whose calling conventions let a C function be called
    with more arguments than it takes. Whether it was done."""
    if not sys.platform.startswith("linux") or os.uname().machine not in ("x86_64", "aarch64") \
            or sys.implementation.name != "cpython":
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        if not hasattr(libc, "gnu_get_libc_version"):
            return False

        class ArenaAllocator(ctypes.Structure):  # PyObjectArenaAllocator: ctx, alloc(ctx, size), free(ctx, p, size)
            _fields_ = [("ctx", ctypes.c_void_p), ("alloc", ctypes.c_void_p), ("free", ctypes.c_void_p)]

        allocator = ArenaAllocator(None, ctypes.cast(libc.realloc, ctypes.c_void_p).value,
                                   ctypes.cast(libc.free, ctypes.c_void_p).value)
        set_allocator = ctypes.pythonapi.PyObject_SetArenaAllocator
        set_allocator.restype, set_allocator.argtypes = None, [ctypes.POINTER(ArenaAllocator)]
        set_allocator(ctypes.byref(allocator))  # copied by CPython
        return True
    except (OSError, AttributeError):
        return False
