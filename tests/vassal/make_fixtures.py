"""Regenerate the oracle fixtures: ``python -m tests.vassal.make_fixtures [case ... | load]`` (needs the
VASSAL oracle; ``load`` / ``replay`` redo only the whole-save / log-replay fixtures ``oracle_load.json``
and ``oracle_replay.json``).

Each corpus case's build file is zipped into a temporary module exactly as the tests do, the oracle's
``decode`` is run on the case's save, and its piece list is stored compactly; ``locate`` answers for a
batch of points on The Longest Day's Normandy map are stored too.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.conftest import ORACLE
from tests.oracle_bridge import SCRIPT_HELPERS, run_script
from tests.vassal.helpers import CASES, FIXTURES, build_case_module, case_save, demo_module_bytes, run_oracle
from tests.vassal.test_write import PLACEMENTS
from toolkit.vassal import Module
from toolkit.vassal.writer import new_save

# The oracle's ``decode`` executes only the AddPiece commands, last first: global properties keep the
# module's initial values and a stack is added before its pieces. To see what VASSAL shows once a save
# is loaded, this runs the same engine (the oracle's own set-up) on the whole restore command, then
# lists every piece; only where that differs from ``decode`` (name or map) is it kept.
LOAD_CASES = ("pog-boards", "tld-log")
# Logs: the oracle's decode does not step through LOG commands, so the same engine executes the saved
# state and then every logged command in order, as stepping through the log does; kept: every piece
# whose [name, map, x, y] after the last step differs from decode's answer for the saved state.
REPLAY_CASES = ("zxvt", "tld-log")
_LOAD_SCRIPT = SCRIPT_HELPERS + r"""
import json, os, sys
source = open(os.path.join(sys.argv[1], "oracle.py")).read().replace("\nmain()\n", "\n")
exec(compile(source, "oracle.py", "exec"))
module = _start(sys.argv[2])
from java.io import File
from VASSAL.counters import Stack
_ensure_boards()
state = module.getGameState()
command = state.decodeSavedGame(File(os.path.abspath(sys.argv[3])))
errors = []


if sys.argv[4] == "load":  # execute the whole saved game, as loading it does
    try:
        command.execute()
    except Exception as exc:
        errors.append(f"{type(exc).__name__}: {exc}")
else:  # replay: every command in file order, then each LOG step's logged command, as stepping does
    flat = tree(command)
    for c in flat:
        if str(c.getClass().getSimpleName()) != "LogCommand":
            try:
                member(c, "method", "executeCommand").invoke(c)
            except Exception as exc:
                errors.append(f"{type(exc).__name__}: {exc}")
    for c in flat:
        if str(c.getClass().getSimpleName()) == "LogCommand":
            try:
                member(c, "field", "logged").get(c).execute()
            except Exception as exc:
                errors.append(f"{type(exc).__name__}: {exc}")
pieces = {}
for p in state.getAllPieces():
    for q in [p] + (list(p.asList()) if isinstance(p, Stack) else []):
        where, pos = q.getMap(), q.getPosition()
        pieces.setdefault(str(q.getId()), [str(q.getName()), None if where is None else str(where.getMapName()),
                                           int(pos.x), int(pos.y)])
sys.stdout.write(json.dumps({"errors": errors[:5], "pieces": pieces}) + "\n")
sys.stdout.flush()
os._exit(0)
"""


def load_answer(vmod: Path, save: Path, mode: str = "load") -> Any:
    """``[name, map, x, y]`` of every piece after the engine executed the whole saved game (``load``),
    or after it executed the saved state and then every logged step in order (``replay``)."""
    return run_script(_LOAD_SCRIPT, [str(ORACLE.parent), str(vmod), str(save), mode], ORACLE.parent)


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
            differs = {k: v[:2] for k, v in answer["pieces"].items() if k in seen and seen[k] != v[:2]}
            loaded[case] = {"error": (answer["errors"] or [None])[0], "pieces": len(answer["pieces"]),
                            "differs_from_decode": differs}
        if loaded:
            (FIXTURES / "oracle_load.json").write_text(json.dumps(loaded, ensure_ascii=False, indent=1) + "\n")
        replayed = {}
        for case in REPLAY_CASES:
            if only and case not in only and "replay" not in only:
                continue
            decoded = json.loads((FIXTURES / f"oracle_decode_{case}.json").read_text())
            start = {p[0]: p[2:6] for p in decoded["pieces"]}
            answer = load_answer(build_case_module(case, Path(tmp)), case_save(case), "replay")
            changed = {k: v for k, v in answer["pieces"].items() if start.get(k) != v}
            replayed[case] = {"errors": answer["errors"], "pieces": len(answer["pieces"]),
                              "differs_from_decode": changed}
        if replayed:
            (FIXTURES / "oracle_replay.json").write_text(json.dumps(replayed, ensure_ascii=False) + "\n")
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
