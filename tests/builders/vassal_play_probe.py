"""Ask the real VASSAL engine how a built module's set-up plays for each side (used by the oracle tests).

    python -m tests.builders.vassal_play_probe MODULE.vmod SAVE.vsav     # prints JSON

Runs this file with the VASSAL oracle's Java bridge (``../shared/tools/vassal-oracle``, set up by its
``setup.sh``) under a virtual display: opens the module (without its PredefinedSetup, as the oracle
does), decodes the save, executes every AddPiece, marks the game started (Restricted Access only
applies in a started game) and then, per piece (stacks left out):

* ``observer``: ``getName()``, the owner of its Mask (property ``obs;``), ``ObscuredToOthers`` and
  ``Obscured`` (obscured to me), with no side claimed;
* ``as_<side>`` for every side of the roster: the same with this user seated on that side;
* ``eliminate``: for the first piece of each name on the main map (as the observer sees it), seated on
  each side, VASSAL's answer to Ctrl+E (whether a command came back) and the piece's map and location
  name afterwards (the piece is put back between sides);
* ``bulk``: after everything above, seated on the first masked side, each toolbar Global Key Command
  whose name is given with ``--bulk NAME`` is applied; then the pieces again as the other side sees them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path


def _engine(module_path: str, save_path: str, bulk: list[str], tracker_steps: int = 0) -> dict:
    from tests.oracle_bridge import added_pieces, open_module

    module = open_module(module_path)
    from java.awt import Point
    from java.io import File
    from java.lang import Integer
    from javax.swing import KeyStroke
    from VASSAL.build import GameModule
    from VASSAL.build.module import GlobalKeyCommand

    state = module.getGameState()
    command = state.decodeSavedGame(File(os.path.abspath(save_path)))
    pieces = list(added_pieces(command))
    pieces.sort(key=lambda p: str(p.getId()))
    from VASSAL.build.module.turn import TurnTracker

    trackers = list(GameModule.getGameModule().getAllDescendantComponentsOf(TurnTracker))
    out_tracker: list[dict] = []
    if trackers:
        tracker = trackers[0]
        stack = [command]
        while stack:  # the save's SetTurn command (TURN line) sets the tracker
            c = stack.pop()
            if type(c).__name__.endswith("SetTurn"):
                c.execute()
            stack.extend(c.getSubCommands())
        step = tracker.getClass().getDeclaredMethod("next")
        step.setAccessible(True)

        def tracked() -> dict:
            props = {k: GameModule.getGameModule().getProperty(k) for k in ("GameTurn", "PlayerTurn", "Phase",
                                                                           "Interphase")}
            return {"state": str(tracker.getState()), **{k: None if v is None else str(v) for k, v in props.items()}}

        out_tracker.append(tracked())
        for _ in range(tracker_steps):
            step.invoke(tracker)
            out_tracker.append(tracked())
    started = state.getClass().getDeclaredField("gameStarted")
    started.setAccessible(True)
    started.setBoolean(state, True)
    gm = GameModule.getGameModule()
    roster = gm.getPlayerRoster()
    me = str(GameModule.getActiveUserId())
    sides = [str(s) for s in roster.getSides()]

    def seat(side: str | None) -> None:
        roster.getClass()  # the roster keeps players in a list: replace ours
        players = roster.getClass().getDeclaredField("players")
        players.setAccessible(True)
        players.get(roster).clear()
        if side is not None:
            roster.add(me, "probe", side)

    def where(p) -> dict:
        m = p.getMap()
        pos = p.getPosition()
        return {"map": None if m is None else str(m.getMapName()),
                "location": None if m is None else str(m.locationName(Point(pos.x, pos.y))), "x": int(pos.x),
                "y": int(pos.y)}

    def view(p) -> dict:
        owner = p.getProperty("obs;")
        return {"name": str(p.getName()), "mask_owner": None if owner is None else str(owner),
                "obscured_to_others": str(p.getProperty("ObscuredToOthers")),
                "obscured_to_me": str(p.getProperty("Obscured")), "restricted": str(p.getProperty("Restricted"))}

    out: dict = {"ok": True, "sides": sides, "pieces": [], "tracker": out_tracker}
    seat(None)
    for p in pieces:
        out["pieces"].append({"id": str(p.getId()), **where(p), "observer": view(p)})
    by_id = {str(p.getId()): p for p in pieces}
    for side in sides:
        seat(side)
        for entry in out["pieces"]:
            entry[f"as_{side}"] = view(by_id[entry["id"]])
    # Ctrl+E (Eliminate) on one piece of each observed name on the main map, from each side's seat
    tried: dict[str, str] = {}
    for entry in out["pieces"]:
        if entry["map"] == "Main Map" and entry["observer"]["name"] not in tried:
            tried[entry["observer"]["name"]] = entry["id"]
    out["eliminate"] = []
    for name, pid in tried.items():
        p = by_id[pid]
        home_map, home_pos = p.getMap(), p.getPosition()
        for side in sides:
            seat(side)
            done = p.keyEvent(KeyStroke.getKeyStroke(Integer(69), Integer(130)))
            out["eliminate"].append({"id": pid, "observed_name": name, "side": side, "command": done is not None,
                                     **where(p)})
            if p.getMap() is not home_map or p.getPosition() != home_pos:  # put it back for the next side
                home_map.placeOrMerge(p, home_pos)
    # the toolbar's bulk commands, seated on each given side in turn
    out["bulk"] = []
    commands = {str(g.getConfigureName()): g for g in gm.getAllDescendantComponentsOf(GlobalKeyCommand)}
    for item in bulk:
        side, _, name = item.partition(":")
        seat(side)
        if name not in commands:
            out["bulk"].append({"name": name, "side": side, "error": "no such command"})
            continue
        commands[name].apply()
        out["bulk"].append({"name": name, "side": side})
    seat(None)
    out["after_bulk"] = [{"id": str(p.getId()), **where(p), "observer": view(p)} for p in pieces]
    return out


def run(module_path: str | Path, save_path: str | Path, oracle_dir: Path, bulk: Sequence[str] = (),
        tracker_steps: int = 0) -> dict:
    """Run the probe under the oracle's Java bridge; its JSON answer. ``bulk``: ``"Side:Command name"``;
    ``tracker_steps``: press the turn tracker's Next that many times (``tracker``: its state and the
    GameTurn/PlayerTurn/Phase/Interphase properties after the save's TURN line and after every step)."""
    from tests.oracle_bridge import run_file

    args = [arg for item in bulk for arg in ("--bulk", item)] + ["--steps", str(tracker_steps)]
    return run_file(__file__, ["--engine", str(module_path), str(save_path), *args],  # type: ignore[no-any-return]
                    oracle_dir, cwd=Path(__file__).parents[2])


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parents[2]))
    if sys.argv[1:2] == ["--engine"]:
        from tests.oracle_bridge import answer

        rest = sys.argv[4:]
        wanted = [rest[i + 1] for i in range(0, len(rest) - 1, 2) if rest[i] == "--bulk"]
        steps = sum(int(rest[i + 1]) for i in range(0, len(rest) - 1, 2) if rest[i] == "--steps")
        answer(lambda: _engine(sys.argv[2], sys.argv[3], wanted, steps))
    import json

    from tests.conftest import ORACLE

    print(json.dumps(run(sys.argv[1], sys.argv[2], ORACLE.parent, sys.argv[3:]), indent=1))
