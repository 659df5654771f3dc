"""Regenerate the oracle fixtures: ``python -m tests.vassal.make_fixtures [case ... | load]`` (needs the
VASSAL oracle; ``load`` redoes only the whole-save execution fixture ``oracle_load.json``).

Each corpus case's build file is zipped into a temporary module exactly as the tests do, the oracle's
``decode`` is run on the case's save, and its piece list is stored compactly; ``locate`` answers for a
batch of points on The Longest Day's Normandy map are stored too.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from tests.conftest import ORACLE
from tests.vassal.helpers import CASES, FIXTURES, build_case_module, case_save, demo_module_bytes, run_oracle
from tests.vassal.test_write import PLACEMENTS
from toolkit.vassal import Module
from toolkit.vassal.writer import new_save

# The oracle's ``decode`` executes only the AddPiece commands, last first: global properties keep the
# module's initial values and a stack is added before its pieces. To see what VASSAL shows once a save
# is loaded, this runs the same engine (the oracle's own set-up) on the whole restore command, then
# lists every piece; only where that differs from ``decode`` (name or map) is it kept.
LOAD_CASES = ("pog-boards", "tld-log")
_LOAD_SCRIPT = r"""
import json, os, sys
source = open(os.path.join(sys.argv[1], "oracle.py")).read().replace("\nmain()\n", "\n")
exec(compile(source, "oracle.py", "exec"))
module = _start(sys.argv[2])
from java.io import File
from VASSAL.counters import Stack
_ensure_boards()
state = module.getGameState()
command = state.decodeSavedGame(File(os.path.abspath(sys.argv[3])))
error = None
try:
    command.execute()
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
pieces = {}
for p in state.getAllPieces():
    for q in [p] + (list(p.asList()) if isinstance(p, Stack) else []):
        where = q.getMap()
        pieces.setdefault(str(q.getId()), [str(q.getName()), None if where is None else str(where.getMapName())])
sys.stdout.write(json.dumps({"error": error, "pieces": pieces}) + "\n")
sys.stdout.flush()
os._exit(0)
"""


def load_answer(vmod: Path, save: Path) -> dict:
    """Names and maps of every piece after the engine executed the whole saved game."""
    import os
    import subprocess

    home = subprocess.run([str(ORACLE.parent / "setup.sh")], capture_output=True, text=True,
                          check=True).stdout.strip().splitlines()[-1]
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(_LOAD_SCRIPT)
    proc = subprocess.run(["xvfb-run", "-a", f"{home}/venv/bin/python", handle.name, str(ORACLE.parent), str(vmod),
                           str(save)], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "VASSAL_ORACLE_HOME": home})
    os.unlink(handle.name)
    return json.loads(proc.stdout.strip().splitlines()[-1])


LOCATE_POINTS = [(x, y) for x in range(40, 5340, 173) for y in range(60, 5024, 211)]


def main() -> int:
    FIXTURES.mkdir(exist_ok=True)
    only = set(sys.argv[1:])
    with tempfile.TemporaryDirectory() as tmp:
        for case in CASES:
            if only and case not in only:
                continue
            vmod = build_case_module(case, Path(tmp))
            answer = run_oracle("decode", str(vmod), str(case_save(case)))
            pieces = [[p["id"], p["class"], p["name"], p["map"], p["x"], p["y"], p["location"]]
                      for p in answer.get("pieces", [])]
            data = {"case": case, "commands": answer.get("commands"), "error": answer.get("error"),
                    "fields": ["id", "class", "name", "map", "x", "y", "location"], "pieces": pieces}
            (FIXTURES / f"oracle_decode_{case}.json").write_text(json.dumps(data, ensure_ascii=False) + "\n")
            print(case, len(pieces), file=sys.stderr)
        loaded = {}
        for case in LOAD_CASES:
            if only and case not in only and "load" not in only:
                continue
            decoded = json.loads((FIXTURES / f"oracle_decode_{case}.json").read_text())
            seen = {p[0]: [p[2], p[3]] for p in decoded["pieces"] if p[1] != "Stack"}
            answer = load_answer(build_case_module(case, Path(tmp)), case_save(case))
            differs = {k: v for k, v in answer["pieces"].items() if k in seen and seen[k] != v}
            loaded[case] = {"error": answer["error"], "pieces": len(answer["pieces"]), "differs_from_decode": differs}
        if loaded:
            (FIXTURES / "oracle_load.json").write_text(json.dumps(loaded, ensure_ascii=False, indent=1) + "\n")
        if only and not only & {"locate", "demo"}:
            return 0
        vmod = build_case_module("tld-scenario", Path(tmp))
        answer = run_oracle("locate", str(vmod), "Normandy", *(f"{x},{y}" for x, y in LOCATE_POINTS))
        (FIXTURES / "oracle_locate_tld.json").write_text(json.dumps(answer, ensure_ascii=False) + "\n")
        demo = Path(tmp) / "demo.vmod"
        demo.write_bytes(demo_module_bytes())
        with Module.open(demo) as module:
            new_save(module, PLACEMENTS).write(Path(tmp) / "setup.vsav")
        answer = run_oracle("decode", str(demo), str(Path(tmp) / "setup.vsav"))
        (FIXTURES / "oracle_decode_demo_setup.json").write_text(json.dumps(answer) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
