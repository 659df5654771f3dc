"""``wgt audit`` of a 1,000-step Winter War log, whole process, against a full re-judge of every step.

The log is played in our own module (tests/vassal/ww_game.py: three Game-Turns with four planted rule
breaks, then every side's units moving a hex out and back in each Movement Phase and a die rolled in each
Combat Phase, through Game-Turn 10). Both runs are ``wgt audit LOG --module VMOD --json`` in a fresh
process (interpreter start, imports, module and map loading, replay, judging and output all counted):
the incremental audit (each distinct referee input judged once; per phase the end, the start, and the
states before the steps that introduced a violation) and ``--full`` (every step's position judged afresh,
the baseline). Both must give the same report. Wall-clock and CPU (user + system of the child) are given;
target: the incremental audit within 2 s whole process.
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
CACHE = Path(tempfile.gettempdir()) / "wgt-bench-audit"


def _module() -> Path:
    vmod = CACHE / "winter-war.vmod"
    if not vmod.exists():
        CACHE.mkdir(exist_ok=True)
        subprocess.run([sys.executable, "-m", "toolkit", "build", "module", "winter-war", "-o", str(vmod)],
                       check=True, cwd=ROOT, capture_output=True)
    return vmod


def _run(args: list[str], env: dict[str, str]) -> tuple[float, float, dict]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "toolkit", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"wgt {' '.join(args)} failed: {proc.stderr.strip()}")
    return wall, cpu, json.loads(proc.stdout)


def main(argv: list[str]) -> dict:
    sys.path.insert(0, str(ROOT))
    from tests.vassal.ww_game import write_game

    runs = next((int(a.split("=", 1)[1]) for a in argv if a.startswith("--runs=")), 3)
    # compiled bytecode, as a user's installed wgt has it: with PYTHONDONTWRITEBYTECODE set (as on CI machines)
    # every run would compile every module it imports again (about 0.3 s); the first run below writes it
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(CACHE / "pycache")
    vmod = _module()
    log = CACHE / "game-1000.vlog"
    game = write_game(vmod, log, 1000)
    steps = len(game.w.steps)
    args = ["audit", str(log), "--module", str(vmod), "--json"]
    best: dict[str, tuple[float, float]] = {}
    reports: dict[str, dict] = {}
    _run(args, env)  # warm-up: bytecode and the parsed-map cache
    for _ in range(runs):
        for name, extra in (("incremental", []), ("full", ["--full"])):
            wall, cpu, report = _run(args + extra, env)
            old = best.get(name)
            best[name] = (min(wall, old[0]), min(cpu, old[1])) if old else (wall, cpu)
            reports[name] = report
    same = [s["violations"] for s in reports["incremental"]["steps"]] == \
        [s["violations"] for s in reports["full"]["steps"]]
    out = {"steps": steps, "planted": len(game.planted),
           "violations": reports["incremental"]["summary"]["violations"],
           "judged_incremental": reports["incremental"]["summary"]["positions_judged"],
           "judged_full": reports["full"]["summary"]["positions_judged"], "same_report": same,
           "incremental_wall_s": round(best["incremental"][0], 3),
           "incremental_cpu_s": round(best["incremental"][1], 3),
           "full_wall_s": round(best["full"][0], 3), "full_cpu_s": round(best["full"][1], 3),
           "ratio_wall": round(best["full"][0] / best["incremental"][0], 1),
           "ratio_cpu": round(best["full"][1] / best["incremental"][1], 1),
           "cpus": os.cpu_count(), "load": round(os.getloadavg()[0], 1)}
    for key, value in out.items():
        print(f"   {key}: {value}")
    return out


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:]), indent=2))
