"""The ``wgt`` entry point: ``wgt vassal dump FILE --json`` runs without click (see :func:`fast`), every other
command line through the click group of :mod:`toolkit.cli.main`.

Importing click and the command modules costs a ``wgt`` process more than the rest of its start-up; for the
dump of a save as JSON (a benchmark against pywargame, issue 15) that is a large share of the whole run. The
fast path takes only that exact command line (the file and ``--json``, in either order), does what the click
command does (:func:`toolkit.cli.vassal_dump.json_dump`, the same output) and reports errors through the same
boundary (:func:`toolkit.cli.main.failure_code`, imported only then); anything else, a module or metadata file
included, goes to click.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence


def dump_json_file(argv: Sequence[str]) -> str | None:
    """FILE when ``argv`` is ``vassal dump FILE --json`` or ``vassal dump --json FILE``, else None."""
    if len(argv) != 4 or argv[0] != "vassal" or argv[1] != "dump":
        return None
    if argv[3] == "--json":
        name = argv[2]
    elif argv[2] == "--json":
        name = argv[3]
    else:
        return None
    return name if name and not name.startswith("-") else None


def fast(argv: Sequence[str], own_process: bool = False) -> bool:
    """Run ``argv`` without click when it is ``vassal dump FILE --json``: True when done (exiting with the
    error boundary's code on failure), False when click must run it. ``own_process``: ``argv`` is the
    process's own command line, a one-shot run (:func:`toolkit.gcpause.one_shot`): what exists after the
    imports is frozen, as the click group does, and freed memory is kept for reuse
    (:func:`toolkit.procenv.keep_freed_memory`: the dump's buffers of tens of megabytes are not faulted in
    afresh each time, ~10% of its CPU) and the heap is grown at once on transparent huge pages
    (:func:`toolkit.procenv.huge_page_heap`: ~10,000 fewer page faults), where Python's small objects are
    then allocated too (:func:`toolkit.procenv.arenas_from_heap`: ~3,700 fewer)."""
    name = dump_json_file(argv)
    if name is None:
        return False
    if own_process:
        # no cyclic garbage collection at all in this run: what it makes is acyclic or lives to the end (the
        # collector's passes over the imports and between the paused stages were ~10 collections, 1.5-3 ms)
        gc.disable()
    from .. import log
    from ..gcpause import one_shot

    if own_process:
        from ..procenv import arenas_from_heap, huge_page_heap, keep_freed_memory

        one_shot(True)
        if keep_freed_memory() and huge_page_heap(256 << 20):
            arenas_from_heap()
    log.configure(0)
    try:
        if sys.stdout is None:
            from ..errors import ToolkitError

            raise ToolkitError("standard output is closed: nothing could be printed")
        from ..vassal.archive import fs_path
        from .vassal_dump import json_dump

        if one_shot():
            gc.freeze()  # as the click group does once the command's module is imported (toolkit.cli.main)
        if not json_dump(fs_path(name)):
            return False
        sys.stdout.flush()
        if own_process:
            _end_without_teardown()
    except (Exception, KeyboardInterrupt) as exc:
        from .main import failure_code

        code = failure_code(exc, True)
        if code not in (0, None):
            sys.exit(code)
    return True


def _end_without_teardown() -> None:
    """Once the one-shot dump is written: the process ends with exit status 0 as soon as the interpreter starts
    to finalize, after every ``atexit`` handler registered later has run (they run last-registered first), but
    without tearing the interpreter down: freeing the save's command tree, the pieces and every module
    (~20M instructions, ~4 ms of CPU for Paths of Glory) is work for a process that is ending anyway. Not done
    when a handler was registered before (it would be skipped) or the interpreter has no ``atexit._ncallbacks``;
    standard output and error are flushed first, and a failing flush leaves the exit to the interpreter (whose
    last flush reports it, exit 120)."""
    import atexit

    count = getattr(atexit, "_ncallbacks", None)
    if count is not None and count() == 0:
        atexit.register(_exit_now)


def _exit_now() -> None:
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        return
    import os

    os._exit(0)


def main() -> None:
    """``wgt``: the fast path, else the click group."""
    if not fast(sys.argv[1:], own_process=True):
        from .main import cli

        cli()
