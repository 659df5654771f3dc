"""Pausing Python's cyclic garbage collector while a large acyclic structure is built.

Decoding a save (55,000 traits for Paths of Glory) or building a map (3,038 hexes) makes no cyclic
garbage, but each allocation burst triggers the collector, whose passes walk the growing heap: pure
cost (~60 ms of CPU of a Paths of Glory dump). Reference counting still frees everything at once.
"""

from __future__ import annotations

import gc

__all__ = ["gc_paused", "one_shot"]

#: whether this process runs one ``wgt`` command and exits (set by the command line when it reads the process's
#: own arguments); only then may a pause end in ``gc.freeze``
_ONE_SHOT = [False]


def one_shot(value: bool | None = None) -> bool:
    """Whether this process is a one-shot ``wgt`` run (set it with ``value``). A long-lived process (the
    fuzz harness, a program calling the command line in-process, a server) is not: there ``gc.freeze`` would
    keep, until the process ends, every reference cycle waiting for collection when it runs (tracebacks of
    earlier errors, for instance), and memory would grow with each command."""
    if value is not None:
        _ONE_SHOT[0] = value
    return _ONE_SHOT[0]


def gc_paused() -> _GcPaused:
    """Disable the cyclic collector for the block (nests: only the outermost pause re-enables it).

    On leaving, in a one-shot ``wgt`` process (:func:`one_shot`), what exists is moved to the collector's
    permanent generation (``gc.freeze``, as the command line does once after its imports): otherwise the first
    allocation after the pause would start a collection walking every object the block made (~70 ms of a
    Paths of Glory dump). Frozen objects are still freed by reference counting as usual; only cycles among
    them stay until the process ends, which is why a long-lived process does not freeze.

    A plain context manager class, not ``contextlib.contextmanager``: the dump's one-shot path imports no contextlib
    (the console script ``wgt`` would load it for this alone)."""
    return _GcPaused()


class _GcPaused:
    __slots__ = ("enabled",)

    def __enter__(self) -> None:
        self.enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            if _ONE_SHOT[0]:
                gc.freeze()
            gc.enable()
