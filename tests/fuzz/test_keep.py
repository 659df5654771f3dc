"""The long fuzz run keeps every failing case whole (input files and exact command) in a folder its report names,
and ``benchmarks.fuzz_replay`` runs the kept cases again."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from hypothesis import strategies as st

from benchmarks import bench_fuzz
from benchmarks.fuzz_replay import keep_case, load_case, main, replay
from tests.fuzz import cases
from tests.fuzz.runner import Case, run_case

MAP_TEXT = (Path(__file__).resolve().parents[1] / "terrain/data/small.yaml").read_text(encoding="utf-8")


def usage_case(name: str = "m.yaml") -> Case:
    """A case wgt fails (exit 2: the fuzz case's own arguments are fixed, so a usage error is a failure)."""
    return Case("map", {name: MAP_TEXT, "mod/bin.dat": bytes(range(256)) * 3, "mod/pipe": "fifo:",
                        "mod/link": "symlink:/dev/zero"},
                [["map", "show", "{" + name.replace(".", "_") + "}", "0101", "--no-such-flag"]])


def test_kept_case_holds_files_and_exact_command(tmp_path: Path) -> None:
    case = usage_case()
    out = run_case(case)
    assert [o.status for o in out] == ["usage"]
    ran = out[0].command
    where = keep_case(case, tmp_path / "map-usage-1", "usage", ran, out[0].output)
    assert (where / "files/m.yaml").read_text(encoding="utf-8") == MAP_TEXT
    assert (where / "files/mod/bin.dat").read_bytes() == bytes(range(256)) * 3
    assert not (where / "files/mod/pipe").exists()  # a FIFO is recorded, not made (cp -r would block on it)
    record = json.loads((where / "case.json").read_text(encoding="utf-8"))
    assert record["files"]["mod/pipe"] == {"special": "fifo:"}
    assert record["files"]["mod/link"] == {"special": "symlink:/dev/zero"}
    assert record["ran"] == ran and record["status"] == "usage"
    lines = (where / "command.txt").read_text(encoding="utf-8").splitlines()
    assert lines[1] == "wgt map show " + ran[2] + " 0101 --no-such-flag"
    assert lines[-1] == f"wgt map show {where}/files/m.yaml 0101 --no-such-flag"
    again = load_case(where)
    assert again.files == {**case.files, "m.yaml": MAP_TEXT.encode("utf-8")} and again.commands == case.commands
    assert [o.status for o in replay(where)[str(where)]] == ["usage"]


def test_worker_keeps_each_failure_and_report_names_the_folder(tmp_path: Path, monkeypatch: object) -> None:
    work, keep = tmp_path / "work", tmp_path / "keep"
    work.mkdir()
    choices = [usage_case("a.yaml"), usage_case("b.yaml"),
               Case("map", {"m.yaml": MAP_TEXT}, [["map", "show", "{m_yaml}", "0101"]])]
    strategy = st.tuples(st.integers(0, 2), st.integers()).map(lambda t: choices[t[0]])
    monkeypatch.setitem(cases.KINDS, "test-kind", lambda: strategy)  # type: ignore[attr-defined]
    bench_fuzz.worker(0, 30, 5, work, ["test-kind"], keep)
    recs = [json.loads(x) for x in (work / "worker-0.jsonl").read_text(encoding="utf-8").splitlines()]
    bad = [r for r in recs if r["status"] == "usage"]
    assert len(recs) == 30 and bad and len(bad) < 30
    folders = sorted(p.parent for p in keep.glob("*/case.json"))
    assert sorted(Path(r["kept"]) for r in bad) == folders
    report = tmp_path / "fuzz.md"
    bench_fuzz.report(work, 1.0, report, "fuzz --cases=30", keep)
    text = report.read_text(encoding="utf-8")
    assert f"`{keep}`" in text and f"python -m benchmarks.fuzz_replay {keep}" in text
    assert f"(kept: `{folders[0].name}`)" in text
    assert main([str(keep)]) == {"usage": len(bad)}


def test_case_of_a_hung_or_dead_worker_is_kept(tmp_path: Path) -> None:
    case = usage_case()
    (tmp_path / "worker-1.current").write_bytes(pickle.dumps(case))
    where = bench_fuzz.lost_case(tmp_path, 1, None, tmp_path / "keep", 2)
    assert where == tmp_path / "keep/map-hang-w1-r2"
    assert load_case(where).commands == case.commands
    rec = json.loads((tmp_path / "worker-1.jsonl").read_text(encoding="utf-8"))
    assert rec["status"] == "hang" and rec["kept"] == str(where)
    assert not (tmp_path / "worker-1.current").exists()


def test_a_case_is_stopped_by_cpu_time_or_by_wall_time_when_blocked(monkeypatch: pytest.MonkeyPatch) -> None:
    """CPU time, not wall time, bounds a busy case (a loaded machine does not make a slow case a hang); a case
    blocked without using CPU (a read on a FIFO) is stopped by the wall-time limit, WALL times longer."""
    import time

    from tests.fuzz import runner

    monkeypatch.setattr(runner, "WALL", 1000.0)  # however loaded the machine, the CPU limit comes first
    with pytest.raises(runner.Hang), runner.time_limit(0.2):
        while True:
            pass
    assert runner.FIRED[0] == "cpu" and runner._over(0.2) == "over 0.2 s of CPU"
    monkeypatch.setattr(runner, "WALL", 4.0)
    with pytest.raises(runner.Hang), runner.time_limit(0.05):
        time.sleep(5)
    assert runner.FIRED[0] == "wall" and runner._over(0.05) == f"over {0.05 * runner.WALL:g} s of wall time"
