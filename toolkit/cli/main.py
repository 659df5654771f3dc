"""The ``wgt`` group: global options, lazy command loading and the one error boundary.

Exit codes (DESIGN.md): 0 ok, 1 the check found violations, 2 usage error, 3 unreadable or invalid
input. An unexpected internal failure prints one line (the traceback with ``-v``) and exits 4. A full
standard output is exit 3; a closed pipe (``wgt map find ... | head -1``) ends quietly with 141.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import importlib
import io
import os
import sys
from collections.abc import Sequence
from typing import Any

import click

from .. import log
from ..errors import ToolkitError

EXIT_OK, EXIT_VIOLATIONS, EXIT_USAGE, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3, 4
EXIT_PIPE = 141  # standard output closed by its reader: quiet, as a program killed by SIGPIPE

# command name -> "module:attribute" below toolkit.cli; imported only when the command runs or its
# help is shown, so `wgt --help` stays fast and one module's import error cannot break the others.
COMMANDS: dict[str, str] = {
    "demo": "demo:demo",
    "games": "games:games",
    "check": "check:check",
    "combat": "combat:combat",
    "map": "map:map_group",
    "vassal": "vassal:vassal_group",
    "audit": "audit:audit_cmd",
    "build": "build:build_group",
}


#: the one-line help ``wgt --help`` shows for each command, so that listing them imports none of them (a
#: test checks each against the command's own docstring); a command missing here is imported to list it
HELP: dict[str, str] = {
    "demo": "Build and check everything for winter-war: board, scan + extraction, counters, sheets, aids, VASSAL "
            "module with its set-up save, and a checked sample position.",
    "games": "List the bundled games.",
    "check": "Report every rule POSITION breaks, citing the rulebook (exit 1 if any).",
    "combat": "The odds column of an attack in GAME (and the result for --die).",
    "map": "Map terrain data: find, show, set, side, render, export, calibrate, centre, tiles, extract, edit.",
    "vassal": "VASSAL saves (.vsav), logs (.vlog) and modules (.vmod).",
    "audit": "Replay every step of a VASSAL log and judge it: per step the engine's chat text and the violations "
             "(each with its rule), then a summary.",
    "build": "Build printable components: counter art, counter sheets, player aid cards.",
}


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use (to run them, or to list them when no
    one-line help is given for them in ``lazy_help``)."""

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None, lazy_help: dict[str, str] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})
        self.lazy_help = dict(lazy_help or {})

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands and their one-line help, as click lists them, without importing those whose help
        is known."""
        entries: list[tuple[str, str | click.Command]] = []
        for name in self.list_commands(ctx):
            if name in self.lazy_help and name not in self.commands:
                entries.append((name, self.lazy_help[name]))
                continue
            cmd = self.get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                entries.append((name, cmd))
        if not entries:
            return
        limit = formatter.width - 6 - max(len(name) for name, _ in entries)
        rows = [(name, (click.Command(name, help=what) if isinstance(what, str) else what).get_short_help_str(limit))
                for name, what in entries]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        from ..gcpause import one_shot as _one_shot

        if name in self.lazy:
            module_name, attr = self.lazy[name].split(":")
            try:
                module = importlib.import_module(f"{__package__}.{module_name}")
            except ModuleNotFoundError as exc:
                if exc.name == f"{__package__}.{module_name}":
                    return None  # not built yet: behaves as an unknown command
                raise
            if not _STATE.get("gc_frozen") and _one_shot():
                # start-up (issue 11): everything imported so far lives as long as the process, so it
                # goes to the collector's permanent generation (once per process) and the collections
                # that building a map or judging a position triggers no longer walk it (~20 ms of
                # `wgt check`); objects made from here on are collected as before
                _STATE["gc_frozen"] = 1
                gc.freeze()
            return getattr(module, attr)
        return super().get_command(ctx, name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except OSError as exc:  # click would turn a closed pipe into exit 1, the code for violations
            raise _stdout_failure(exc) or exc from None

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        """The error boundary for every command: one line on stderr (with ``--json``, one JSON object on
        stdout: ``{"error": message, "exit": code}``) and the exit code DESIGN.md gives."""
        argv = list(sys.argv[1:] if args is None else args)
        if args is None:  # the process's own command line: one command, then exit (see toolkit.gcpause)
            from ..gcpause import one_shot
            from ..procenv import single_threaded_blas

            one_shot(True)
            _whole_writes_to_pipe()
            single_threaded_blas()
        as_json = "--json" in (argv[:argv.index("--")] if "--" in argv else argv)
        kwargs.pop("standalone_mode", None)
        _STATE["verbose"] = 0
        code: Any = EXIT_OK
        try:
            if sys.stdout is None:
                raise ToolkitError("standard output is closed: nothing could be printed")
            try:
                result = super().main(argv, *rest, standalone_mode=False, **kwargs)  # type: ignore[call-overload]
                code = result if type(result) is int else EXIT_OK
            except SystemExit as exc:
                code = exc.code
            _flush_stdout()
        except (Exception, KeyboardInterrupt) as exc:
            code = failure_code(exc, as_json)
        if code in (0, None):
            return None  # success returns, as click's main does without standalone mode (callers loop on it)
        sys.exit(code)


def failure_code(exc: Exception | KeyboardInterrupt, as_json: bool) -> Any:
    """Report an exception that reached the error boundary (one line on stderr, or with ``--json`` one JSON
    object on stdout) and return the exit code DESIGN.md gives (also used by the click-free fast path,
    :mod:`toolkit.cli.fast`)."""
    if isinstance(exc, OSError):
        exc = _stdout_failure(exc) or _name_refused(exc) or exc
    if isinstance(exc, _StdoutUnwritable) and not as_json:
        # what is still buffered would fail again at the interpreter's last flush (a second message, exit 120
        # when stdout is block-buffered, as it is unless PYTHONUNBUFFERED is set)
        _silence_stdout()
    if isinstance(exc, ToolkitError):
        return _fail(str(exc), EXIT_INPUT, as_json)
    if isinstance(exc, click.exceptions.Abort):
        return _fail("aborted", 130, as_json)
    if isinstance(exc, click.exceptions.Exit):
        return exc.exit_code
    if isinstance(exc, click.ClickException):
        if as_json:
            return _fail(exc.format_message(), exc.exit_code, True)
        exc.show()
        return exc.exit_code
    if isinstance(exc, _PipeClosed):
        return _quiet_pipe_exit()
    if isinstance(exc, KeyboardInterrupt):
        return _fail("interrupted", 130, as_json)
    # a bug in wgt, not bad input
    if _STATE["verbose"] > 0:
        import traceback

        traceback.print_exception(exc)
    return _fail(f"internal error: {type(exc).__name__}: {exc} (run with -v for the traceback)", EXIT_INTERNAL,
                 as_json)


def _name_refused(exc: OSError) -> ToolkitError | None:
    """A file name the system refuses (ENAMETOOLONG: a name or path longer than it takes) is bad input, exit 3
    with one line naming it, not an internal error; None for any other OSError."""
    if exc.errno != errno.ENAMETOOLONG or exc.filename is None:
        return None
    return ToolkitError(f"{os.fsdecode(exc.filename)}: the system refuses this file name ({exc.strerror or exc})")


class _PipeClosed(Exception):
    """The reader of standard output went away (``wgt map find ... | head -1``)."""


_STDOUT_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EBADF, getattr(errno, "EDQUOT", errno.ENOSPC)}


class _StdoutUnwritable(ToolkitError):
    """Standard output is full or broken (``wgt games > /dev/full``): exit 3, one line on stderr."""


def _stdout_failure(exc: OSError) -> Exception | None:
    """What a failed write to standard output means: a closed pipe, or a full or broken output (a
    ToolkitError, exit 3); None for any other OSError (a file error is the caller's to name)."""
    if exc.errno == errno.EPIPE or isinstance(exc, BrokenPipeError):
        return _PipeClosed()
    if exc.errno in _STDOUT_ERRNOS and exc.filename is None:
        return _StdoutUnwritable(f"cannot write to standard output: {exc.strerror or exc}")
    return None


class _WholeWrites(io.RawIOBase):
    """Standard output's raw layer on a pipe or socket: every write is written whole, or raises (closing it
    leaves the descriptor open: the interpreter's own standard output owns it)."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self.fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def write(self, data: Any) -> int:
        view = memoryview(data).cast("B")
        done = 0
        while done < len(view):
            n = os.write(self.fd, view[done:])
            if n <= 0:
                raise OSError(errno.EIO, "standard output took nothing")
            done += n
        return done


def _whole_writes_to_pipe() -> None:
    """On a pipe or socket, standard output writes everything it is given or fails. CPython's buffered writer
    keeps what the kernel took of a write and drops the rest without an error when the reader goes away in
    the middle of it (``wgt games --json | head -c1``: 4 of 10 kB taken, exit 0 instead of 141)."""
    import stat

    out = sys.stdout
    try:
        fd = out.fileno()
        if not (stat.S_ISFIFO(os.fstat(fd).st_mode) or stat.S_ISSOCK(os.fstat(fd).st_mode)):
            return
        out.flush()
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(_WholeWrites(fd)), encoding=out.encoding, errors=out.errors,
                                  line_buffering=bool(getattr(out, "line_buffering", False)))


def _flush_stdout() -> None:
    """Flush standard output inside the error boundary (a full device fails here, not at exit)."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except OSError as exc:
        raise _stdout_failure(exc) or exc from None


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's last flush of what is still buffered
    cannot fail again (a second message, exit 120)."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass


def _quiet_pipe_exit() -> int:
    """A closed pipe ends quietly with 141, as a program killed by SIGPIPE does (128 + 13)."""
    _silence_stdout()
    return EXIT_PIPE


def _fail(message: str, code: int, as_json: bool) -> int:
    """Report an error: one line on stderr, or with ``--json`` one JSON object on stdout."""
    if as_json:
        try:
            import json

            sys.stdout.write(json.dumps({"error": message, "exit": code}, ensure_ascii=False) + "\n")
            sys.stdout.flush()
            return code
        except (OSError, ValueError, AttributeError):
            _silence_stdout()
    with contextlib.suppress(OSError, ValueError):
        click.echo(f"wgt: error: {message}" if code != 130 else f"wgt: {message}", err=True)
    return code


_STATE = {"verbose": 0}


def _print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """``--version``: the package version, looked up only when asked (importlib.metadata is slow to load)."""
    if not value or ctx.resilient_parsing:
        return
    from .. import __version__

    click.echo(f"wgt {__version__}")
    ctx.exit()


@click.group(cls=LazyGroup, lazy=COMMANDS, lazy_help=HELP, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, is_eager=True, expose_value=False, callback=_print_version,
              help="Show the version and exit.")
@click.option("-v", "--verbose", count=True, help="More output (repeatable); -v shows tracebacks.")
@click.option("-q", "--quiet", count=True, help="Less output (repeatable).")
@click.option("--games-path", metavar="DIR", multiple=True, is_eager=True, expose_value=False,
              callback=lambda ctx, param, value: _games_path(value),
              help="A folder of game folders to add to the bundled games (repeatable; also WGT_GAMES_PATH).")
@click.pass_context
def cli(ctx: click.Context, verbose: int, quiet: int) -> None:
    """wargame-toolkit: map terrain data, a VASSAL rules referee, and builders for hex wargames."""
    log.configure(verbose - quiet)
    ctx.ensure_object(dict)
    ctx.obj["verbosity"] = verbose - quiet
    _STATE["verbose"] = verbose


def _games_path(folders: tuple[str, ...]) -> None:
    """``--games-path DIR``: put DIR before WGT_GAMES_PATH's folders (read by toolkit.games discovery)."""
    if folders:
        import os

        old = os.environ.get("WGT_GAMES_PATH", "")
        os.environ["WGT_GAMES_PATH"] = os.pathsep.join([*folders, *([old] if old else [])])


def main() -> None:  # pragma: no cover - console entry alias
    cli()
