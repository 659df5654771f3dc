"""``wgt vassal dump SAVE --json`` against pywargame 0.8's ``SaveIO.readSave``, each a whole process, on the
Paths of Glory save (the corpus's largest): interpreter start, imports, reading and (ours) every piece placed,
named and written as JSON. Best of 3, wall-clock and CPU (user + system of the child; a loaded machine
distorts CPU less). pywargame runs under Python 3.12 from ``/tmp/pwg`` (``$PYWARGAME_PYTHON``); without it
the baseline is skipped. Target (issue 15): ours at least 20x faster, whole process.

Both run with compiled bytecode, as installed packages have it (pip compiles pywargame's at install; ours
goes to a temporary ``PYTHONPYCACHEPREFIX`` filled by a first, untimed run): with
``PYTHONDONTWRITEBYTECODE`` set, every run of ours would compile every module it imports again.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("WGT_SHARED", ROOT.parent / "shared"))
SAVE = SHARED / "corpus" / "Cattlesquat__PathsOfGlory" / "Classic10-8.vsav"
PYWARGAME = os.environ.get("PYWARGAME_PYTHON", "/tmp/pwg/bin/python")


_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _run(cmd: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, cwd=ROOT, env=_ENV)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _best(cmd: list[str], runs: int = 3) -> tuple[float, float]:
    _run(cmd)  # bytecode written, files in the page cache
    results = [_run(cmd) for _ in range(runs)]
    return min(r[0] for r in results), min(r[1] for r in results)


def main(argv: list[str]) -> dict:
    if not SAVE.is_file():
        print(f"   skipped: {SAVE} is not there")
        return {"skipped": "no corpus"}
    pycache = tempfile.TemporaryDirectory()
    _ENV["PYTHONPYCACHEPREFIX"] = pycache.name
    ours = _best([sys.executable, "-m", "toolkit", "vassal", "dump", str(SAVE), "--json"], runs=5)
    out: dict[str, object] = {"ours_wall_s": round(ours[0], 3), "ours_cpu_s": round(ours[1], 3)}
    if Path(PYWARGAME).exists():
        script = "import sys\nfrom pywargame.vassal import SaveIO\nSaveIO.readSave(sys.argv[1])"
        theirs = _best([PYWARGAME, "-c", script, str(SAVE)])
        out.update({"pywargame_wall_s": round(theirs[0], 3), "pywargame_cpu_s": round(theirs[1], 3),
                    "ratio_wall": round(theirs[0] / ours[0], 1), "ratio_cpu": round(theirs[1] / ours[1], 1)})
    else:
        print(f"   pywargame baseline skipped: no {PYWARGAME} (make it with Python 3.12: "
              "python3.12 -m venv /tmp/pwg && /tmp/pwg/bin/pip install 'pywargame==0.8.*')")
    pycache.cleanup()
    out["load"] = round(os.getloadavg()[0], 1)
    out["cpus"] = os.cpu_count()
    for key, value in out.items():
        print(f"   {key}: {value}")
    return out


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:]), indent=2))
