"""Reading saves: our reader against pywargame on the largest corpus saves, in the same run.

Levels timed for each file (best-of-N process CPU time, ``time.process_time``, so that other work on
a shared machine disturbs both sides less):

* ``decode``: the save opened, de-obfuscated and split into commands
  (ours: ``read_save``, the full nested command tree; pywargame: ``SaveIO.readSave``, a flat split);
* ``traits``: that plus every AddPiece's trait chain decoded into trait objects
  (ours: ``decode_chain``; pywargame: ``WithTraits.decodeAdd2`` on every AddPiece line, as
  ``vsavdump -d`` does);
* ``pieces`` (ours only; pywargame has no equivalent): ``read_save`` + ``locate`` - every piece with
  its map, position, stack, VASSAL name and side; its ratio is taken against pywargame's ``traits``.

pywargame needs Python >= 3.12 and lives in its own venv: by default ``/tmp/pwg`` (make it with
``~/.pyenv/versions/3.12.1/bin/python -m venv /tmp/pwg && /tmp/pwg/bin/pip install pywargame``) or the
interpreter named by ``$PYWARGAME_PYTHON``. It runs in a subprocess that times itself, so interpreter
start-up and imports are not counted. Without it the baseline is skipped with a message.
Target (DESIGN.md): ours at least 10x faster.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("WGT_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "corpus"
LARGEST = [
    "Cattlesquat__PathsOfGlory/Classic10-8.vsav",
    "Cattlesquat__Almoravid/Scenario_B_Quelling_of_the_Tajo.vsav",
    "Cattlesquat__Nevsky/Scenario_Return_of_the_Prince_1241_to_1242.vsav",
    "uckelman__tld-mod/game__0606-1.log",
]

_PYWARGAME = r"""
import contextlib, io, json, sys, time
from pywargame.vassal import SaveIO
from pywargame.vassal.withtraits import WithTraits
path, repeats = sys.argv[1], int(sys.argv[2])
out = {}
for level in ("decode", "traits"):
    best, pieces = None, 0
    for _ in range(repeats):
        start = time.process_time()
        with contextlib.redirect_stdout(io.StringIO()):
            key, lines = SaveIO.readSave(path)
            pieces = 0
            if level == "traits":
                for line in lines:
                    line = line.replace("\x1b", "")
                    if line.startswith("+"):
                        WithTraits.decodeAdd2(line, False)
                        pieces += 1
        took = time.process_time() - start
        best = took if best is None else min(best, took)
    out[level] = {"seconds": best, "pieces": pieces}
print(json.dumps(out))
"""


def _pywargame_python() -> str | None:
    candidate = os.environ.get("PYWARGAME_PYTHON", "/tmp/pwg/bin/python")
    if not Path(candidate).exists():
        return None
    probe = subprocess.run([candidate, "-c", "import pywargame.vassal"], capture_output=True, text=True)
    return candidate if probe.returncode == 0 else None


def _ours(path: Path, repeats: int) -> dict[str, dict[str, float | int]]:
    sys.path.insert(0, str(ROOT))
    from toolkit.vassal import locate, read_save
    from toolkit.vassal.traits import decode_chain

    out: dict[str, dict[str, float | int]] = {}
    for level in ("decode", "traits", "pieces"):
        best = None
        count = 0
        for _ in range(repeats):
            start = time.process_time()
            save = read_save(path)
            count = len(save.add_pieces())
            if level == "traits":
                for c in save.add_pieces():
                    decode_chain(c.type, c.state)
            elif level == "pieces":
                count = len(locate(save))
            took = time.process_time() - start
            best = took if best is None else min(best, took)
        out[level] = {"seconds": best or 0.0, "pieces": count}
    return out


def main(argv: list[str]) -> dict[str, object]:
    quick = "--quick" in argv
    if not CORPUS.is_dir():
        print(f"   skipped: the corpus is not at {CORPUS}")
        return {"skipped": "no corpus"}
    files = [CORPUS / rel for rel in LARGEST if (CORPUS / rel).is_file()]
    if quick:
        files = files[:1]
    python = _pywargame_python()
    if python is None:
        print("   pywargame baseline skipped: no Python 3.12 venv with pywargame at /tmp/pwg "
              "(set PYWARGAME_PYTHON); reporting our times only")
    results: dict[str, object] = {}
    ratios: dict[str, list[float]] = {"decode": [], "traits": [], "pieces": []}
    for path in files:
        ours = _ours(path, 7)
        entry: dict[str, object] = {"bytes": path.stat().st_size, "ours": ours}
        if python is not None:
            repeats = "1" if path.stat().st_size > 1_000_000 else "3"
            proc = subprocess.run([python, "-c", _PYWARGAME, str(path), repeats],
                                  capture_output=True, text=True, timeout=900)
            if proc.returncode != 0:
                tail = proc.stderr.strip().splitlines()
                entry["pywargame"] = {"error": tail[-1] if tail else "failed"}
            else:
                theirs = json.loads(proc.stdout.strip().splitlines()[-1])
                entry["pywargame"] = theirs
                for level, baseline in (("decode", "decode"), ("traits", "traits"), ("pieces", "traits")):
                    ratio = theirs[baseline]["seconds"] / max(ours[level]["seconds"], 1e-9)
                    entry[f"ratio_{level}"] = round(ratio, 1)
                    ratios[level].append(ratio)
        results[path.name] = entry
        ms = {k: f"{v['seconds'] * 1000:.0f} ms" for k, v in ours.items()}
        line = (f"   {path.name}: ours decode {ms['decode']}, traits {ms['traits']}, pieces {ms['pieces']} "
                f"({ours['pieces']['pieces']} pieces)")
        if "ratio_decode" in entry:
            theirs = entry["pywargame"]
            line += (f"; pywargame decode {theirs['decode']['seconds'] * 1000:.0f} ms, traits "  # type: ignore[index]
                     f"{theirs['traits']['seconds'] * 1000:.0f} ms; ratios decode {entry['ratio_decode']}x, "  # type: ignore[index]
                     f"traits {entry['ratio_traits']}x, pieces {entry['ratio_pieces']}x")
        print(line, flush=True)
    if ratios["traits"]:
        for level, values in ratios.items():
            results[f"min_ratio_{level}"] = round(min(values), 1)
        results["target_10x_met"] = min(ratios["decode"] + ratios["traits"]) >= 10
    return results


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:]), indent=2))
