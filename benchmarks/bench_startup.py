"""Start-up: ``wgt --help`` and ``wgt check`` of a 2-unit Winter War position, against the floor of any
``wgt`` run, ``python -c "import click, yaml"`` (target: each at most 2x that floor, issue 11 item 7).

Every command is a fresh interpreter (``python -m toolkit ...``, as the ``wgt`` script runs it), timed
interleaved with the baseline in the same run, best of N each, in wall-clock and in CPU time (user +
system, which a busy machine distorts less); the ratios are what count. ``--quick``: fewer runs.

The runs write compiled bytecode (to a temporary ``PYTHONPYCACHEPREFIX``), as an installed package has
it: with ``PYTHONDONTWRITEBYTECODE`` set, every run would compile every module it imports again.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

POSITION = """game: winter-war
turn: 1
player: soviet
phase: movement
units:
  - {id: s1, counter: sov-6-4-2, hex: "2517"}
  - {id: f1, counter: fin-6-6-2, hex: "2412"}
"""

ROOT = Path(__file__).resolve().parents[1]


def _time(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock seconds and CPU seconds (user + system) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    proc = subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    took = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):  # check exits 1: the position breaks a rule
        raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}")
    return took, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str]) -> dict[str, object]:
    runs = 5 if "--quick" in argv else 15
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        position = Path(tmp) / "two-units.yaml"
        position.write_text(POSITION, encoding="utf-8")
        commands = {
            "baseline": [sys.executable, "-c", "import click, yaml"],
            "help": [sys.executable, "-m", "toolkit", "--help"],
            "check": [sys.executable, "-m", "toolkit", "check", str(position)],
        }
        for argv_ in commands.values():  # warm the file cache (and any of wgt's own caches)
            _time(argv_, env)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(runs):
            for name, argv_ in commands.items():
                times[name].append(_time(argv_, env))
    best = {name: min(w for w, _ in t) for name, t in times.items()}
    cpu = {name: min(c for _, c in t) for name, t in times.items()}
    out: dict[str, object] = {f"{name}_ms": round(t * 1000, 1) for name, t in best.items()}
    out.update({f"{name}_cpu_ms": round(t * 1000, 1) for name, t in cpu.items()})
    out["help_vs_baseline"] = round(best["help"] / best["baseline"], 2)
    out["check_vs_baseline"] = round(best["check"] / best["baseline"], 2)
    # CPU time (user + system) is what a busy machine distorts least: the same ratios from it
    out["help_vs_baseline_cpu"] = round(cpu["help"] / cpu["baseline"], 2)
    out["check_vs_baseline_cpu"] = round(cpu["check"] / cpu["baseline"], 2)
    out["target_ratio"] = 2.0
    out["within_target"] = best["help"] <= 2 * best["baseline"] and best["check"] <= 2 * best["baseline"]
    for k, v in out.items():
        print(f"   {k}: {v}")
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
