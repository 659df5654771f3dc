"""Run one fuzz case through ``wgt`` in-process (click's CliRunner) and classify the outcome.

A case is a file kind, the files to write into a fresh folder and the ``wgt`` command lines to run on them.
Outcomes: ``ok`` (exit 0 or 1), ``refused`` (exit 3 with one line), and the failures the fuzz exists to
find: ``internal`` (exit 4, or any exception escaping), ``multiline`` (exit 3 in more than one line),
``usage`` (exit 2: the case's own arguments are fixed, so wgt misread something), ``roundtrip`` (a file the
command wrote that wgt then refuses to read) and ``hang`` (over the time limit, raised by an interval timer).
"""

from __future__ import annotations

import contextlib
import os
import signal
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from toolkit.cli.main import cli

FAILURES = ("internal", "multiline", "usage", "roundtrip", "hang")
SPECIAL = ("fifo:", "dir:")  # file contents that make a FIFO or a folder instead (and "symlink:TARGET")


@dataclass
class Case:
    kind: str
    files: dict[str, bytes | str]  # name -> content; a str "fifo:" / "symlink:TARGET" / "dir:" makes that entry
    commands: list[list[str]]  # arguments with {name} placeholders for the files' paths and {dir}
    reads: list[tuple[str, str]] = field(default_factory=list)  # (output name, read-back kind) after exit 0


@dataclass
class Outcome:
    kind: str
    status: str
    command: list[str]
    output: str = ""
    exit_code: int | None = None


class Hang(Exception):
    pass


FIRED: list[str | None] = [None]  # which limit stopped the case: "cpu" or "wall"
WALL = 4.0  # a case may take this many times its CPU limit in wall time (a read blocked on a FIFO uses no CPU)


def _alarm(signum: int, _frame: Any) -> None:
    FIRED[0] = "cpu" if signum == signal.SIGPROF else "wall"
    raise Hang


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Stop the block (raise :class:`Hang`) after ``seconds`` of CPU time (ITIMER_PROF: the same on a loaded
    machine as on an idle one, where a wall-clock limit fails cases that only waited for a core) or WALL times
    that in wall time (a case blocked without using CPU)."""
    old = signal.signal(signal.SIGALRM, _alarm), signal.signal(signal.SIGPROF, _alarm)
    FIRED[0] = None
    signal.setitimer(signal.ITIMER_PROF, seconds)
    signal.setitimer(signal.ITIMER_REAL, seconds * WALL)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old[0])
        signal.signal(signal.SIGPROF, old[1])


def _over(seconds: float) -> str:
    return f"over {seconds:g} s of CPU" if FIRED[0] == "cpu" else f"over {seconds * WALL:g} s of wall time"


def materialise(case: Case, folder: Path) -> dict[str, str]:
    subs = {"dir": str(folder)}
    for name, content in case.files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str) and content == "fifo:":
            os.mkfifo(path)
        elif isinstance(content, str) and content.startswith("symlink:"):
            os.symlink(content[len("symlink:"):].format(dir=folder), path)
        elif isinstance(content, str) and content == "dir:":
            path.mkdir(exist_ok=True)
        else:
            path.write_bytes(content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content)
        subs[name.replace("/", "_").replace(".", "_")] = str(path)
    return subs


def classify(result: Any) -> tuple[str, str]:
    code = result.exit_code
    out = result.output or ""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return "internal", f"{type(result.exception).__name__}: {result.exception}"
    if code in (0, 1):
        return "ok", ""
    if code == 3:
        lines = [ln for ln in out.splitlines() if ln.strip().startswith(("wgt: error:", '{"error":'))
                 or "Traceback" in ln]  # with --json the error is one JSON line
        if "Traceback" in out or len(lines) != 1:
            return "multiline", out[-2000:]
        return "refused", lines[0][:300]
    if code == 2:
        return "usage", out[-1000:]
    return "internal", out[-2000:]


READERS: dict[str, Callable[[Path], Any]] = {}


def reader(kind: str) -> Callable[[Callable[[Path], Any]], Callable[[Path], Any]]:
    def wrap(f: Callable[[Path], Any]) -> Callable[[Path], Any]:
        READERS[kind] = f
        return f
    return wrap


@reader("map")
def _read_map(path: Path) -> Any:
    from toolkit.terrain.io import load_map

    return load_map(path)


@reader("grid")
def _read_grid(path: Path) -> Any:
    from toolkit.cli.map_scan import _grid_from_file

    return _grid_from_file(str(path))


@reader("png")
def _read_png(path: Path) -> Any:
    from toolkit.terrain.calibrate import open_image

    return open_image(path)


@reader("pngs")
def _read_pngs(path: Path) -> Any:
    from toolkit.terrain.calibrate import open_image

    return [open_image(p) for p in sorted(path.rglob("*.png"))]


@reader("pdf")
def _read_pdf(path: Path) -> Any:
    data = path.read_bytes()
    if not data.startswith(b"%PDF-") or b"%%EOF" not in data[-1024:]:
        raise ValueError("not a whole PDF")
    return len(data)


@reader("zip")
def _read_zip(path: Path) -> Any:
    from toolkit.vassal import Module

    with Module.open(path) as m:
        return m.name


def run_case(case: Case, seconds: float = 30.0) -> list[Outcome]:
    """Every command of ``case`` on its files in a fresh temporary folder; outcomes in order (a command that
    fails stops the case)."""
    out: list[Outcome] = []
    runner = CliRunner()
    with tempfile.TemporaryDirectory(prefix="wgt-fuzz-") as tmp:
        folder = Path(tmp)
        try:
            subs = materialise(case, folder)
        except (OSError, ValueError) as exc:  # the case itself cannot be made here (a name the OS refuses)
            return [Outcome(case.kind, "skipped", [], f"{type(exc).__name__}: {exc}")]
        for args in case.commands:
            argv = [a.format(**subs) for a in args]
            try:
                with time_limit(seconds):
                    result = runner.invoke(cli, argv)
                status, text = classify(result)
                code = result.exit_code
                if FIRED[0]:  # the timer's exception was swallowed somewhere (a gc callback): over time all the same
                    status, text = "hang", f"{_over(seconds)} (finished with exit {code})"
            except Hang:
                status, text, code = "hang", _over(seconds), None
            out.append(Outcome(case.kind, status, argv, text, code))
            if status != "ok":
                return out
        for name, kind in case.reads:
            path = folder / name
            if not path.exists():
                continue
            try:
                with time_limit(seconds):
                    READERS[kind](path)
            except Hang:
                out.append(Outcome(case.kind, "hang", ["read", kind, name], f"reading back {_over(seconds)}"))
            except Exception as exc:
                out.append(Outcome(case.kind, "roundtrip", ["read", kind, name],
                                   f"{type(exc).__name__}: {str(exc)[:300]}"))
    return out


def zip_bytes(entries: list[tuple[str, bytes]], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    import io
    import warnings

    buf = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with zipfile.ZipFile(buf, "w", compression) as z:
            for name, data in entries:
                z.writestr(name, data)
    return buf.getvalue()
