"""TEST-ONLY: step through a log with the real VASSAL engine (the oracle's), recording after every step the
move reports the engine's own ``MovementReporter`` writes for it and ``Map.locationName`` of every piece.

This is what a player stepping through the log sees: the saved state is executed (``begin_save`` ...
``end_save``, so a ``...BoardPicker`` line of the state chooses the boards), then each top-level ``LOG``
step's logged commands in order; a board change in a step (``BoardPicker.SetBoards``) applies at once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.conftest import ORACLE
from tests.oracle_bridge import SCRIPT_HELPERS, run_script

_SCRIPT = SCRIPT_HELPERS + r"""
import json, os, sys
source = open(os.path.join(sys.argv[1], "oracle.py")).read().replace("\nmain()\n", "\n")
exec(compile(source, "oracle.py", "exec"))
module = _start(sys.argv[2])
from java.io import File
from VASSAL.counters import Stack
from VASSAL.command import NullCommand, MovePiece, AddPiece
from VASSAL.build.module.map import MovementReporter
state = module.getGameState()
command = state.decodeSavedGame(File(os.path.abspath(sys.argv[3])))
errors = []


def is_log(c):
    return str(c.getClass().getSimpleName()) == "LogCommand"


def where():
    out = {}
    for p in state.getAllPieces():
        for q in [p] + (list(p.asList()) if isinstance(p, Stack) else []):
            m, pos = q.getMap(), q.getPosition()
            if not isinstance(q, Stack):
                out[str(q.getId())] = [None if m is None else str(m.getMapName()), int(pos.x), int(pos.y),
                                       None if m is None else str(m.locationName(pos))]
    return out


def start_game():
    # what GameState.setup(true) does once its set-up wizard is shown (this engine build lacks the wizard
    # library, so the command itself stops there): every game component's setup(true), the game started
    for comp in list(member(state, "field", "gameComponents").get(state)):
        comp.setup(True)
    member(state, "field", "gameStarted").setBoolean(state, True)


top = [command] + list(command.getSubCommands())
for c in top:  # the saved state, as loading the log does
    if not is_log(c):
        for d in tree(c) if c is not command else [c]:
            if str(d.getClass().getSimpleName()) == "SetupCommand" and d.isGameStarting():
                start_game()
                continue
            try:
                member(d, "method", "executeCommand").invoke(d)
            except Exception as exc:
                cause = exc
                while hasattr(cause, "getCause") and cause.getCause() is not None:
                    cause = cause.getCause()
                trace = [str(t) for t in cause.getStackTrace()[:12]] if hasattr(cause, "getStackTrace") else []
                errors.append(f"{type(d).__name__}: {cause} {trace}")
steps = []
for c in top:
    if not is_log(c):
        continue
    moves = NullCommand()
    for d in tree(c):
        if is_log(d):
            logged = member(d, "field", "logged").get(d)
            try:
                member(logged, "method", "executeCommand").invoke(logged)
            except Exception as exc:
                errors.append(f"{type(exc).__name__}: {exc}")
            if isinstance(logged, (MovePiece, AddPiece)):
                moves.append(logged)
    reports = []
    if not moves.isNull() or moves.getSubCommands():
        for r in tree(MovementReporter(moves).getReportCommand()):
            text = module.encode(r)
            if text:
                reports.append(str(text))
    steps.append({"reports": reports, "pieces": where()})
sys.stdout.write(json.dumps({"errors": errors[:5], "steps": steps}) + "\n")
sys.stdout.flush()
os._exit(0)
"""


def engine_steps(vmod: Path, log: Path) -> Any:
    """``{"errors": [...], "steps": [{"reports": [chat text], "pieces": {id: [map, x, y, location]}}]}``."""
    return run_script(_SCRIPT, [str(ORACLE.parent), str(vmod), str(log)], ORACLE.parent)
