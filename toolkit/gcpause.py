"""Pausing Python's cyclic garbage collector while a large acyclic structure is built.

Decoding a save (55,000 traits for Paths of Glory) or building a map (3,038 hexes) makes no cyclic
garbage, but each allocation burst triggers the collector, whose passes walk the growing heap: pure
cost (~60 ms of CPU of a Paths of Glory dump). Reference counting still frees everything at once.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["gc_paused"]


@contextmanager
def gc_paused() -> Iterator[None]:
    """Disable the cyclic collector for the block (nests: only the outermost pause re-enables it).

    On leaving, what exists is moved to the collector's permanent generation (``gc.freeze``, as the
    command line does once after its imports): otherwise the first allocation after the pause would start
    a collection walking every object the block made (~70 ms of a Paths of Glory dump). Frozen objects are
    still freed by reference counting as usual; only cycles among them would stay until the process ends,
    and what is built here has none."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.freeze()
            gc.enable()
