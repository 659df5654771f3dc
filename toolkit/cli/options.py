"""Options and helpers shared by the command modules: one voice for every command.

* ``-o/--output`` is the output of every command (:func:`output_option`); the spellings older releases
  used (``--out``) still parse but are hidden from ``--help``.
* An output never destroys anything: naming one of the command's own inputs is refused, and an existing
  file that is not of the output's own kind (a position YAML hit by ``render -o``) is replaced only with
  ``--force`` (added once to every command that writes a file).
* ``--hex-px`` is the one hex size: pixels across the flats, for boards, modules and exports alike
  (:func:`hex_px_option`; ``render --hex-size``, centre to corner, is its hidden alias, converted).
* :class:`Progress` draws a progress bar on stderr for long jobs, only on a terminal.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import math
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from ..errors import InputError
from ..records import record

__all__ = [
    "GEOJSON",
    "GRID_YAML",
    "LAYOUT_YAML",
    "LENGTH",
    "MAP_YAML",
    "PDF",
    "PNG",
    "ZIP",
    "AliasOption",
    "Length",
    "OutputKind",
    "Progress",
    "echo_json",
    "hex_px_option",
    "is_terminal",
    "json_opt",
    "output_argument",
    "output_option",
    "progress",
    "verbosity",
]

F = TypeVar("F", bound=Callable[..., Any])

json_opt = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (errors too).")


def echo_json(data: Any) -> None:
    """Print ``data`` as indented JSON on stdout."""
    import json

    click.echo(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False))


def verbosity() -> int:
    ctx = click.get_current_context(silent=True)
    while ctx is not None and ctx.parent is not None:
        ctx = ctx.parent
    return int((ctx.obj or {}).get("verbosity", 0)) if ctx is not None and isinstance(ctx.obj, dict) else 0


def progress(message: str) -> None:
    """A progress line on stderr, unless -q was given; while a :class:`Progress` bar is drawn, the
    message becomes the bar's label instead (a line printed under a bar would break it)."""
    if _ACTIVE:
        _ACTIVE[-1].note(message)
    elif verbosity() >= 0:
        click.echo(message, err=True)


def is_terminal() -> bool:
    return sys.stderr is not None and sys.stderr.isatty()


# ------------------------------------------------------------------------------------------ hidden aliases

class AliasOption(click.Option):
    """A click option with extra spellings that parse but are not shown in ``--help``
    (``hidden_aliases=("--out",)`` beside ``-o/--output``)."""

    def __init__(self, *args: Any, hidden_aliases: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hidden_aliases = tuple(hidden_aliases)

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        opts, secondary = self.opts, self.secondary_opts
        self.opts = [o for o in opts if o not in self.hidden_aliases]
        self.secondary_opts = [o for o in secondary if o not in self.hidden_aliases]
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts, self.secondary_opts = opts, secondary


Hook = Callable[[click.Context, dict[str, Any]], None]


def _hooked(f: F, hook: Hook) -> F:
    """``f`` wrapped once so that every hook added here runs (in the order added) on the keyword
    arguments before ``f`` does; click's parameters stay attached."""
    hooks: list[Hook] | None = getattr(f, "__wgt_hooks__", None)
    if hooks is None:
        hooks = []
        inner = f

        @functools.wraps(inner)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            ctx = click.get_current_context()
            for h in hooks:
                h(ctx, kwargs)
            return inner(*args, **kwargs)

        wrapper.__wgt_hooks__ = hooks  # type: ignore[attr-defined]
        f = wrapper  # type: ignore[assignment]
    hooks.insert(0, hook)  # decorators apply bottom-up: keep the order they are written in
    return f


def _given(ctx: click.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source not in (click.core.ParameterSource.DEFAULT,
                                                 click.core.ParameterSource.DEFAULT_MAP)


def legacy_option(decl: str, target: str, convert: Callable[[Any], Any], **kwargs: Any) -> Callable[[F], F]:
    """A hidden option ``decl`` kept for an older meaning of ``target``: its value goes through
    ``convert`` into ``target`` (both given is a usage error)."""
    dest = "legacy_" + decl.lstrip("-").replace("-", "_")

    def hook(ctx: click.Context, params: dict[str, Any]) -> None:
        value = params.pop(dest, None)
        if value is None:
            return
        if _given(ctx, target):
            raise click.UsageError(f"give --{target.replace('_', '-')} or {decl}, not both", ctx)
        params[target] = convert(value)

    def decorate(f: F) -> F:
        return click.option(decl, dest, hidden=True, default=None, **kwargs)(_hooked(f, hook))

    return decorate


# ------------------------------------------------------------------------------------------------ sizes

class Length(click.ParamType):
    """A length with a unit (0.5in, 5/8in, 16mm, 12pt); a bare number is millimetres.

    Only the syntax is checked here (a usage error); whether the value makes sense (a 0 mm counter,
    a negative bleed) is the command's check, an input error like any other bad value.
    """

    name = "length"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, float):
            return value
        text = str(value).strip()
        if re.fullmatch(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)", text):
            return float(text)
        from ..counters import parse_length

        try:
            return parse_length(text, param.name if param else "length", positive=False)
        except InputError as exc:
            self.fail(str(exc), param, ctx)


LENGTH = Length()



SQRT3 = math.sqrt(3.0)


def hex_px_option(default: float | None, help: str, legacy_hex_size: bool = False) -> Callable[[F], F]:
    """``--hex-px``: hex size in pixels across the flats (the distance between opposite sides; VASSAL's
    hex height for flat-topped hexes), everywhere. With ``legacy_hex_size``, the hidden ``--hex-size``
    (centre to corner, as ``render`` took it) is accepted and converted (x sqrt 3)."""

    def decorate(f: F) -> F:
        f = click.option("--hex-px", "hex_px", type=float, default=default, show_default=default is not None,
                         help=help)(f)
        if legacy_hex_size:
            f = legacy_option("--hex-size", "hex_px", lambda v: float(v) * SQRT3, type=float)(f)
        return f

    return decorate


# --------------------------------------------------------------------------------------------- outputs

@record(frozen=True)
class OutputKind:
    """What a command writes: a name for messages and a test of an existing file's first bytes (an empty
    file is always fine to replace)."""

    description: str
    sniff: Callable[[bytes], bool]
    folder: bool = False


_TOP_KEY = re.compile(rb"^([A-Za-z_][\w-]*)\s*:", re.M)


def _yaml_keys(head: bytes) -> set[str]:
    return {m.decode("ascii") for m in _TOP_KEY.findall(head)}


PNG = OutputKind("a PNG image", lambda b: b.startswith(b"\x89PNG\r\n\x1a\n"))
PDF = OutputKind("a PDF", lambda b: b.lstrip(b"\r\n\t ").startswith(b"%PDF-"))
ZIP = OutputKind("a VASSAL module or save", lambda b: b.startswith(b"PK\x03\x04"))
MAP_YAML = OutputKind("a map file", lambda b: "hexes" in _yaml_keys(b) and "units" not in _yaml_keys(b))
GRID_YAML = OutputKind("a grid file", lambda b: _yaml_keys(b) == {"grid"})
LAYOUT_YAML = OutputKind("a layout file", lambda b: "layout" in _yaml_keys(b)
                         and _yaml_keys(b) <= {"layout", "hex_size", "hex_px", "width", "height"})
GEOJSON = OutputKind("a GeoJSON file",
                     lambda b: re.search(rb'"type"\s*:\s*"FeatureCollection"', b[:1 << 16]) is not None)
FOLDER = OutputKind("a folder", lambda b: False, folder=True)

_SNIFF_BYTES = 4 << 20  # a map's `hexes:` comes after its legend: a few kB in, never megabytes


def _input_paths(ctx: click.Context, params: dict[str, Any], outputs: set[str]) -> list[tuple[str, str]]:
    """(how the command line names it, path) of every value of the command that is an existing file."""
    found: list[tuple[str, str]] = []
    for p in ctx.command.params:
        if p.name in outputs or p.name is None or p.name not in params:
            continue
        value = params[p.name]
        values = value if isinstance(value, list | tuple) else [value]
        for v in values:
            if not isinstance(v, str | os.PathLike) or not str(v):
                continue
            label = p.opts[0] if isinstance(p, click.Option) else (p.human_readable_name or p.name)
            if os.path.isfile(v):
                found.append((label, os.fspath(v)))
            else:  # a game slug stands for its bundled map and counter files
                found += [(label, str(f)) for f in _bundled_files(str(v))]
    return found


_SLUG = re.compile(r"[a-z0-9][a-z0-9-]*")


def _bundled_files(value: str) -> list[Path]:
    """The bundled files a game slug names (``winter-war``: maps/ and counters/winter-war.yaml)."""
    if not _SLUG.fullmatch(value):
        return []
    from ..data import counters_dir, maps_dir

    try:
        folders = [maps_dir(), counters_dir()]
    except InputError:
        return []
    return [f for f in (d / f"{value}.yaml" for d in folders) if f.is_file()]


def _same(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _is_output(p: click.Parameter) -> bool:
    return isinstance(p, OutputOption | OutputArgument)


def _label(p: click.Parameter) -> str:
    """How the command line names a parameter: its first shown long option, or the argument's name."""
    if isinstance(p, click.Option):
        hidden = getattr(p, "hidden_aliases", ())
        shown = [o for o in p.opts if o not in hidden]
        return next((o for o in shown if o.startswith("--")), shown[0] if shown else p.opts[0])
    return p.human_readable_name or str(p.name)


def check_outputs(ctx: click.Context, params: dict[str, Any], force: bool) -> None:
    """The rules every command's outputs follow, checked before any work: an output is not one of the
    command's inputs nor another of its outputs; an existing file is replaced only when it is of the
    output's own kind (or with ``force``); a folder, device or pipe is never replaced."""
    outs = [p for p in ctx.command.params if _is_output(p) and p.name]
    inputs = _input_paths(ctx, params, {str(p.name) for p in outs})
    seen: list[tuple[str, Path]] = []
    for p in outs:
        value = params.get(str(p.name))
        if value is None or str(value) == "":
            continue
        label, path, kind = _label(p), Path(value), p.kind  # type: ignore[attr-defined]
        for name, src in inputs:
            if _same(path, src):
                raise InputError(f"{label} {value} is also this command's input ({name} {src}): "
                                 "give the output another name")
        for other, other_path in seen:
            if other_path.resolve() == path.resolve():
                raise InputError(f"{label} {value} is also the file of {other}: give each output its own name")
        seen.append((label, path))
        if kind.folder:
            if path.exists() and not path.is_dir():
                raise InputError(f"output folder {value} is a file, not a folder")
            continue
        if path.is_dir():
            raise InputError(f"output {value} is a folder: give a file name")
        if not path.exists():
            continue
        if not path.is_file():
            raise InputError(f"output {value} is not a regular file: give a file name")
        try:
            with path.open("rb") as handle:
                head = handle.read(_SNIFF_BYTES)
        except OSError as exc:
            raise InputError(f"cannot write {value} ({exc.strerror or type(exc).__name__})") from None
        if head and not kind.sniff(head) and not force:
            raise InputError(f"refusing to overwrite {value}: it is not {kind.description} "
                             "(give --force to replace it)")


class OutputOption(AliasOption):
    """An option naming a file (or folder) the command writes; see :func:`output_option`."""

    def __init__(self, *args: Any, kind: OutputKind, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind


class OutputArgument(click.Argument):
    """An argument naming a file the command writes (``wgt vassal setup VMOD OUT``)."""

    def __init__(self, *args: Any, kind: OutputKind, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind


def _outputs_hook(ctx: click.Context, params: dict[str, Any]) -> None:
    check_outputs(ctx, params, bool(params.pop("force", False)))


def _outputs_hook_keeping_force(ctx: click.Context, params: dict[str, Any]) -> None:
    """:func:`_outputs_hook` for a command that takes ``force`` itself (it overrides more there)."""
    check_outputs(ctx, params, bool(params.get("force", False)))


_FORCE_HELP = "Replace an existing output file even if it is not of the kind written here."


def _with_force(f: F, help: str | None = None) -> F:
    """The first output of a command adds ``--force`` (``help``: what else it overrides in this command) and the
    checks of :func:`check_outputs`."""
    params: list[click.Parameter] = getattr(f, "__click_params__", [])
    if any(_is_output(p) for p in params):
        for p in params:  # added by an output declared below this one (decorators apply from the bottom up)
            if help and isinstance(p, click.Option) and p.name == "force":
                p.help = help
        return f
    takes_force = "force" in inspect.signature(f).parameters
    f = _hooked(f, _outputs_hook_keeping_force if takes_force else _outputs_hook)
    return click.option("--force", is_flag=True, help=help or _FORCE_HELP)(f)


def output_option(*decls: str, kind: OutputKind, help: str, required: bool = False, aliases: Sequence[str] = (),
                  default: str | None = None, dest: str | None = None, force_help: str | None = None
                  ) -> Callable[[F], F]:
    """An output of a command: ``-o/--output`` unless other ``decls`` are given (``--overlay``), with
    hidden ``aliases`` (older spellings such as ``--out``), checked by :func:`check_outputs`; ``force_help``:
    ``--force``'s help where the command gives it more to override."""
    names = list(decls or ("-o", "--output")) + list(aliases)
    if dest is not None:
        names.append(dest)

    def decorate(f: F) -> F:
        f = _with_force(f, force_help)
        return click.option(*names, cls=OutputOption, kind=kind, hidden_aliases=tuple(aliases),
                            type=click.Path(), required=required,
                            default=default, help=help)(f)

    return decorate


def output_argument(name: str, kind: OutputKind) -> Callable[[F], F]:
    """A positional output (kept where a command always took one), checked as :func:`output_option` is."""

    def decorate(f: F) -> F:
        f = _with_force(f)
        return click.argument(name, cls=OutputArgument, kind=kind,
                              type=click.Path())(f)

    return decorate


# -------------------------------------------------------------------------------------------- progress

_ACTIVE: list[Progress] = []  # the bars drawn now, innermost last

class Progress:
    """A progress bar on stderr for a job of ``total`` steps, drawn only on a terminal (and not with -q);
    it shows the step's label and the time so far, redrawn a few times a second, and is erased at the end.

    >>> with Progress(3, "building", enabled=False) as bar:
    ...     bar.step("counters")
    """

    def __init__(self, total: int, title: str, *, enabled: bool | None = None, width: int = 24) -> None:
        self.total = max(1, total)
        self.title = title
        self.done = 0
        self.label = ""
        self.width = width
        self.enabled = (is_terminal() and verbosity() >= 0) if enabled is None else enabled
        self.started = time.monotonic()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._drawn = 0

    def __enter__(self) -> Progress:
        if self.enabled:
            _ACTIVE.append(self)
            self._draw()
            self._thread = threading.Thread(target=self._tick, name="wgt-progress", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self in _ACTIVE:
            _ACTIVE.remove(self)
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self.enabled and self._drawn:
            with self._lock:
                self._write("\r" + " " * self._drawn + "\r")

    def step(self, label: str) -> None:
        """Start the next step (the one before it is done)."""
        with self._lock:
            if self.label:
                self.done = min(self.total, self.done + 1)
            self.label = label
        if self.enabled:
            self._draw()

    def note(self, message: str) -> None:
        """Show ``message`` as the label of the current step (the bar does not move on)."""
        with self._lock:
            self.label = message

    def say(self, message: str) -> None:
        """A callback for library code that reports what it does: each message is a step."""
        self.step(message)

    def _tick(self) -> None:
        while not self._stop.wait(0.25):
            self._draw()

    def _line(self) -> str:
        filled = round(self.width * self.done / self.total)
        bar = "#" * filled + "-" * (self.width - filled)
        text = f"{self.title} [{bar}] {self.done}/{self.total} {time.monotonic() - self.started:5.1f}s {self.label}"
        columns = 80
        with contextlib.suppress(OSError, ValueError, AttributeError):
            columns = os.get_terminal_size(sys.stderr.fileno()).columns
        return text[:columns - 1] if columns >= 20 else text  # a new pseudo-terminal says 0 columns

    def _draw(self) -> None:
        with self._lock:
            line = self._line()
            pad = max(0, self._drawn - len(line))
            self._write("\r" + line + " " * pad)
            self._drawn = len(line)

    @staticmethod
    def _write(text: str) -> None:
        try:
            sys.stderr.write(text)
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):
            pass
