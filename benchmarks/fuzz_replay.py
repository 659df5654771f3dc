"""Failing fuzz cases kept whole, and replayed: ``python -m benchmarks.fuzz_replay FOLDER``.

The long run (:mod:`benchmarks.bench_fuzz`) keeps every failing case (internal error, error of more than one
line, usage error, round-trip failure, hang, crash) in a folder of its own under the run's failures folder,
which the report names::

    0003-vassal-hang/
        case.json     kind, status, the command lines (with {name} placeholders), the files, what is read back
        command.txt   the exact command as it ran, and the same command on the kept files
        files/...     the input files, byte for byte (a FIFO or a link is recorded in case.json, not made)

``FOLDER`` is one such case folder or the failures folder (every case in it). Each case is run again through
:func:`tests.fuzz.runner.run_case`; the ones that still fail are printed, and the outcome counts.
"""

from __future__ import annotations

import json
import shlex
import shutil
import sys
import warnings
from collections import Counter
from pathlib import Path

from tests.fuzz.runner import SPECIAL, Case, Outcome, run_case

FAILED = ("internal", "multiline", "usage", "roundtrip", "hang", "crash")


def _special(content: bytes | str) -> bool:
    return isinstance(content, str) and (content in SPECIAL or content.startswith("symlink:"))


def keep_case(case: Case, dest: Path, status: str, ran: list[str] | None = None, output: str = "") -> Path:
    """Write ``case`` whole into the new folder ``dest`` (see the module's docstring); returns ``dest``."""
    tmp = dest.with_name(dest.name + ".part")
    shutil.rmtree(tmp, ignore_errors=True)
    (tmp / "files").mkdir(parents=True)
    files: dict[str, dict[str, str]] = {}
    for name, content in case.files.items():
        if _special(content):
            files[name] = {"special": str(content)}
            continue
        path = tmp / "files" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content)
        files[name] = {"file": f"files/{name}"}
    record = {"kind": case.kind, "status": status, "commands": case.commands, "reads": case.reads,
              "files": files, "ran": ran, "output": output[-3000:]}
    (tmp / "case.json").write_text(json.dumps(record, indent=1), encoding="utf-8")
    subs = {"dir": str(dest / "files")}
    subs.update({name.replace("/", "_").replace(".", "_"): str(dest / "files" / name) for name in case.files})
    lines = ["# the failing command as it ran (its temporary folder is gone):",
             "wgt " + shlex.join(ran) if ran else "# (not known: the worker was stopped before it reported)",
             "# replay the case (it makes its FIFOs and links in a fresh folder):",
             f"python -m benchmarks.fuzz_replay {shlex.quote(str(dest))}",
             "# the case's commands on the kept files:"]
    lines += ["wgt " + shlex.join(a.format(**subs) for a in args) for args in case.commands]
    (tmp / "command.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.rename(dest)
    return dest


def load_case(folder: Path) -> Case:
    """The case kept in ``folder`` by :func:`keep_case`."""
    record = json.loads((folder / "case.json").read_text(encoding="utf-8"))
    files: dict[str, bytes | str] = {}
    for name, where in record["files"].items():
        files[name] = where["special"] if "special" in where else (folder / where["file"]).read_bytes()
    return Case(record["kind"], files, record["commands"], [tuple(r) for r in record.get("reads") or []])


def case_folders(folder: Path) -> list[Path]:
    if (folder / "case.json").is_file():
        return [folder]
    return sorted(p.parent for p in folder.glob("*/case.json"))


def replay(folder: Path, seconds: float = 30.0) -> dict[str, list[Outcome]]:
    """Every case kept in ``folder`` run again: case folder -> outcomes."""
    warnings.simplefilter("ignore")
    return {str(p): run_case(load_case(p), seconds) for p in case_folders(folder)}


def main(argv: list[str]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for where, outcomes in replay(Path(argv[0])).items():
        bad = [o for o in outcomes if o.status not in ("ok", "refused", "skipped")]
        status = bad[0].status if bad else (outcomes[-1].status if outcomes else "none")
        counts[status] += 1
        if bad:
            print(f"{where}: {status}: wgt {shlex.join(bad[0].command)}\n  {bad[0].output[-300:]}")
    print(dict(counts))
    return counts


if __name__ == "__main__":
    main(sys.argv[1:])
