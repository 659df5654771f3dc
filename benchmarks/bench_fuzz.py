"""The long fuzz run: ``python -m benchmarks fuzz --cases=100000 [--workers=2] [--seed=1] [--report=PATH]
[--kinds=vassal,map,...] [--work=DIR] [--keep=DIR]``.

Worker processes (each under a 2 GiB address-space limit) draw cases from the hypothesis strategies of
:mod:`tests.fuzz.cases` for every file kind in turn and run them in-process through ``wgt`` (click's CliRunner),
each under 30 s of CPU time and 120 s of wall time (:func:`tests.fuzz.runner.time_limit`); the parent restarts a
worker that stops making progress for 180 s (a hang inside C code the timers cannot interrupt) and records the case
it was on. Every outcome goes to a JSON-lines log; the report (default ``benchmarks/results/fuzz.md``) counts cases
per file kind and outcome and lists every failure: internal errors (exit 4 or an escaping exception), errors of
more than one line, files wgt wrote and then refused to read, hangs and crashes. Every failing case is kept whole
(its input files and its exact command) in a folder of its own under ``--keep`` (default WORK/failures), which the
report names; ``python -m benchmarks.fuzz_replay KEEP`` runs them again (:mod:`benchmarks.fuzz_replay`).
"""

from __future__ import annotations

import json
import os
import pickle
import re
import resource
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from benchmarks.fuzz_replay import keep_case

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
MEMORY = 2 * 1024 ** 3
STALL = 180.0  # more than a case's wall-time limit (runner.WALL x 30 s)
BATCH = 100


def _flag(flags: list[str], name: str, default: str) -> str:
    for f in flags:
        if f.startswith(f"--{name}="):
            return f.split("=", 1)[1]
    return default


def worker(index: int, cases: int, seed: int, out_dir: Path, kinds: list[str], keep: Path) -> None:
    """Run ``cases`` cases, kinds in turn, BATCH at a time; append outcomes to worker-INDEX.jsonl and keep each
    failing case whole under ``keep`` (the case about to run is pickled to worker-INDEX.current, for the parent
    to keep if this process hangs or dies)."""
    import warnings

    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed

    from tests.fuzz.cases import KINDS
    from tests.fuzz.runner import run_case

    warnings.simplefilter("ignore")
    log = open(out_dir / f"worker-{index}.jsonl", "a", encoding="utf-8")  # noqa: SIM115
    current = out_dir / f"worker-{index}.current"
    done = 0
    batch_no = 0
    kept = [0]
    while done < cases:
        kind = kinds[batch_no % len(kinds)]
        n = min(BATCH, cases - done)

        @settings(max_examples=n, database=None, deadline=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @hseed(seed * 1_000_003 + index * 10_007 + batch_no)
        @given(case=KINDS[kind]())
        def body(case: Any) -> None:
            current.write_bytes(pickle.dumps(case))
            t = time.perf_counter()
            outcomes = run_case(case)
            last = outcomes[-1] if outcomes else None
            rec = {"kind": case.kind, "status": "ok" if last is None else last.status,
                   "seconds": round(time.perf_counter() - t, 3)}
            bad = [o for o in outcomes if o.status not in ("ok", "refused", "skipped")]
            if bad:
                rec["status"] = bad[0].status
                rec["command"] = bad[0].command
                rec["output"] = bad[0].output[-1500:]
                kept[0] += 1
                rec["kept"] = str(keep_case(case, keep / f"{case.kind}-{bad[0].status}-w{index}-{os.getpid()}-"
                                                        f"{kept[0]}", bad[0].status, bad[0].command, bad[0].output))
            elif last is not None and last.status == "refused":
                rec["message"] = last.output[:200]
            log.write(json.dumps(rec) + "\n")
            log.flush()

        try:
            body()
        except Exception as exc:
            log.write(json.dumps({"kind": kind, "status": "generator", "output": f"{type(exc).__name__}: {exc}"})
                      + "\n")
            log.flush()
        done += n
        batch_no += 1
    current.unlink(missing_ok=True)


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _count(path: Path) -> int:
    try:
        with open(path, "rb") as f:
            return sum(1 for _ in f)
    except FileNotFoundError:
        return 0


def lost_case(out_dir: Path, i: int, rc: int | None, keep: Path, restart: int) -> Path | None:
    """The case worker ``i`` was running when it hung (``rc`` None: killed) or died: kept whole and logged."""
    current = out_dir / f"worker-{i}.current"
    if not current.exists():
        return None
    case = pickle.loads(current.read_bytes())
    status = "hang" if rc is None else "crash"
    output = f"worker exit {rc}" if rc is not None else f"no progress for {STALL:.0f} s"
    where = keep_case(case, keep / f"{case.kind}-{status}-w{i}-r{restart}", status, None, output)
    with open(out_dir / f"worker-{i}.jsonl", "a", encoding="utf-8") as log:
        log.write(json.dumps({"kind": case.kind, "status": status, "command": case.commands, "output": output,
                              "kept": str(where)}) + "\n")
    current.unlink()
    return where


def run(total: int, workers: int, seed: int, out_dir: Path, kinds: list[str], keep: Path) -> float:
    out_dir.mkdir(parents=True, exist_ok=True)
    for p in out_dir.glob("worker-*"):
        p.unlink()
    keep.mkdir(parents=True, exist_ok=True)
    for p in keep.glob("*/case.json"):  # the cases a previous run kept here
        shutil.rmtree(p.parent)
    share = [total // workers + (1 if i < total % workers else 0) for i in range(workers)]
    procs: dict[int, subprocess.Popen[bytes]] = {}
    restarts: Counter[int] = Counter()
    start = time.time()

    def launch(i: int) -> None:
        left = share[i] - _count(out_dir / f"worker-{i}.jsonl")
        if left <= 0:
            return
        procs[i] = subprocess.Popen(
            [sys.executable, "-m", "benchmarks.bench_fuzz", "--worker", str(i), str(left),
             str(seed + 7919 * restarts[i]), str(out_dir), ",".join(kinds), str(keep)],
            cwd=ROOT, preexec_fn=_limit, stdout=subprocess.DEVNULL,
            stderr=open(out_dir / f"worker-{i}.err", "ab"))  # noqa: SIM115 - the worker's own stderr file

    for i in range(workers):
        launch(i)
    last_count = {i: (-1, time.time()) for i in range(workers)}
    while procs:
        time.sleep(2)
        for i, proc in list(procs.items()):
            n = _count(out_dir / f"worker-{i}.jsonl")
            if n != last_count[i][0]:
                last_count[i] = (n, time.time())
            rc = proc.poll()
            stalled = time.time() - last_count[i][1] > STALL
            if rc is None and not stalled:
                continue
            if rc is None:
                proc.kill()  # our own worker, by its handle
                proc.wait()
            del procs[i]
            if rc is None or rc != 0:
                lost_case(out_dir, i, rc, keep, restarts[i])
            restarts[i] += 1
            if restarts[i] < 200:
                launch(i)
        done = sum(_count(out_dir / f"worker-{i}.jsonl") for i in range(workers))
        print(f"\r   {done}/{total} cases, {time.time() - start:.0f} s", end="", flush=True)
    print()
    return time.time() - start


def report(out_dir: Path, seconds: float, path: Path, argv: str, keep: Path) -> dict[str, Any]:
    per_kind: dict[str, Counter[str]] = defaultdict(Counter)
    times: dict[str, list[float]] = defaultdict(list)
    failures: list[dict[str, Any]] = []
    messages: dict[str, Counter[str]] = defaultdict(Counter)
    for log in sorted(out_dir.glob("worker-*.jsonl")):
        for line in log.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            per_kind[rec["kind"]][rec["status"]] += 1
            if "seconds" in rec:
                times[rec["kind"]].append(rec["seconds"])
            if rec["status"] not in ("ok", "refused", "skipped"):
                failures.append(rec)
            if rec["status"] == "refused":
                msg = re.sub(r"^wgt: error: ", "", rec.get("message", ""))
                msg = re.sub(r"^\S*wgt-fuzz-\w+/[^ :]*( \(before\))?( line \d+)?: ", "", msg)
                msg = re.sub(r"\S*wgt-fuzz-\w+/", "", msg)
                messages[rec["kind"]][msg[:70]] += 1
    statuses = ["ok", "refused", "skipped", "internal", "multiline", "usage", "roundtrip", "hang", "crash",
                "generator"]
    total = sum(sum(c.values()) for c in per_kind.values())
    lines = ["# Fuzz report", "",
             f"`python -m benchmarks {argv}`: {total:,} cases in {seconds / 60:.1f} min "
             f"({total / max(seconds, 1):.1f} cases/s), every case bounded by 30 s of CPU time (120 s of wall "
             "time) and a 2 GiB "
             "address space, a worker restarted after 180 s without progress. Cases come from the hypothesis "
             "strategies of `tests/fuzz/cases.py`: grammar-aware YAML (tags, anchors/aliases, keys of every "
             "type, deep nesting, huge numbers, odd unicode; mutations of a valid document of each kind and "
             "documents built from nothing), images of every size, mode and format (some truncated or "
             "corrupted), VASSAL saves and build files mutated, module folders with FIFOs, device links and "
             "loops. Files a command writes are read back (map files with the map reader, grids with the grid "
             "reader, PNGs with the image reader, PDFs checked whole).", "",
             "| kind | cases | " + " | ".join(statuses) + " | median s |",
             "|---|---:|" + "---:|" * len(statuses) + "---:|"]
    for kind in sorted(per_kind):
        c = per_kind[kind]
        ts = sorted(times[kind]) or [0.0]
        lines.append(f"| {kind} | {sum(c.values()):,} | " + " | ".join(f"{c[s]:,}" for s in statuses)
                     + f" | {ts[len(ts) // 2]:.3f} |")
    tot = Counter()
    for c in per_kind.values():
        tot.update(c)
    lines.append(f"| **all** | **{total:,}** | " + " | ".join(f"**{tot[s]:,}**" for s in statuses) + " | |")
    lines += ["", f"Failures: {len(failures)}." + (
        f" Each is kept whole (input files, case.json, the exact command in command.txt) in a folder of "
        f"`{keep}`; replay them all with `python -m benchmarks.fuzz_replay {keep}`." if failures else ""), ""]
    for rec in failures[:60]:
        lines.append(f"- **{rec['kind']} {rec['status']}**: `{' '.join(map(str, rec.get('command') or []))[:200]}` "
                     f"-> `{(rec.get('output') or '').strip().splitlines()[-1:] or ''}`"
                     + (f" (kept: `{Path(rec['kept']).name}`)" if rec.get("kept") else ""))
    lines += ["", "Most frequent refusals per kind (exit 3, one line):", ""]
    for kind in sorted(messages):
        top = ", ".join(f"{m!r} ({n})" for m, n in messages[kind].most_common(4))
        lines.append(f"- {kind}: {top}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (out_dir / "failures.json").write_text(json.dumps(failures, indent=1), encoding="utf-8")
    return {"cases": total, "seconds": round(seconds, 1), **{s: tot[s] for s in statuses}}


def main(flags: list[str]) -> dict[str, Any]:
    total = int(_flag(flags, "cases", "2000"))
    workers = int(_flag(flags, "workers", str(max(1, min(4, os.cpu_count() or 1)))))
    seed = int(_flag(flags, "seed", "1"))
    kinds = _flag(flags, "kinds", "position,map,legend,grid,counters,charts,image,vassal").split(",")
    out_dir = Path(_flag(flags, "work", "/tmp/wgt-fuzz")).resolve()
    keep = Path(_flag(flags, "keep", str(out_dir / "failures"))).resolve()
    path = Path(_flag(flags, "report", str(RESULTS / "fuzz.md")))
    argv = " ".join(["fuzz", *flags])
    seconds = run(total, workers, seed, out_dir, kinds, keep)
    return report(out_dir, seconds, path, argv, keep)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        _, _, i, n, s, d, k, kept = sys.argv
        worker(int(i), int(n), int(s), Path(d), k.split(","), Path(kept))
    else:
        print(json.dumps(main(sys.argv[1:]), indent=2))
