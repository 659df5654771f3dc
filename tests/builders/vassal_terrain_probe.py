"""Ask the real VASSAL engine which terrain each piece of a save sees (developer tool, not a test).

    python -m tests.builders.vassal_terrain_probe MODULE.vmod SAVE.vsav     # prints JSON

Runs this same file with the VASSAL oracle's Java bridge (``../shared/tools/vassal-oracle``, set up
by its ``setup.sh``) under a virtual display: opens the module, decodes the save, executes every
AddPiece and prints, per piece, VASSAL's ``getProperty`` of ``Terrain``, ``LocationName`` and
``CurrentZone`` - the property chain piece -> zone -> map that a ``$Terrain$`` report uses; for
pieces whose id starts with ``k`` it also presses Ctrl+T (Terrain here) and Ctrl+F (Flip) and
returns the commands VASSAL makes (their chat reports) and the layer level after the flip.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def _engine(module_path: str, save_path: str) -> dict:
    from tests.oracle_bridge import added_pieces, open_module

    module = open_module(module_path)
    from java.io import File

    command = module.getGameState().decodeSavedGame(File(os.path.abspath(save_path)))
    from java.lang import Integer
    from javax.swing import KeyStroke

    out = []
    for p in added_pieces(command):
        if p.getMap() is None:
            continue
        props = {k: p.getProperty(k) for k in ("Terrain", "LocationName", "CurrentZone", "Counter", "Side")}
        entry = {"id": str(p.getId()), **{k: None if v is None else str(v) for k, v in props.items()}}
        if entry["id"].startswith("k"):  # press Ctrl+T ("Terrain here") and Ctrl+F (Flip): the reports
            reports = []
            for key in (84, 70):
                done = p.keyEvent(KeyStroke.getKeyStroke(Integer(key), Integer(130)))
                reports.append(None if done is None else str(module.encode(done)))
            entry["reports"] = reports
            entry["Face_Level"] = str(p.getProperty("Face_Level"))
        out.append(entry)
    return {"ok": True, "pieces": sorted(out, key=lambda d: d["id"])}


def run(module_path: str | Path, save_path: str | Path, oracle_dir: Path) -> dict:
    """Run the probe under the oracle's Java bridge; its JSON answer."""
    from tests.oracle_bridge import run_file

    return run_file(__file__, ["--engine", str(module_path), str(save_path)], oracle_dir,  # type: ignore[no-any-return]
                    cwd=Path(__file__).parents[2])


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parents[2]))
    if sys.argv[1:2] == ["--engine"]:
        from tests.oracle_bridge import answer

        answer(lambda: _engine(sys.argv[2], sys.argv[3]))
    import json

    from tests.conftest import ORACLE

    print(json.dumps(run(sys.argv[1], sys.argv[2], ORACLE.parent), indent=1))
