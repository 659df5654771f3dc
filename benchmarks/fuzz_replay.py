"""Replay the failures of a fuzz run on the current code: ``python -m benchmarks.fuzz_replay WORK/failures.json``
(the cases whose files the log kept whole; prints each one that still fails and the outcome counts)."""

from __future__ import annotations

import json
import re
import sys
import warnings
from collections import Counter
from typing import Any

from tests.fuzz.cases import scan_png
from tests.fuzz.runner import Case, run_case


def placeholders(args: list[str], files: dict[str, Any]) -> list[str]:
    """The run's temporary paths turned back into the case's ``{name}`` placeholders."""
    def sub(m: re.Match[str]) -> str:
        name = m.group(1)
        return "{" + name.replace("/", "_").replace(".", "_") + "}" if name in files else "{dir}/" + name
    return [re.sub(r"/tmp/wgt-fuzz-\w+/(\S+)", sub, a) for a in args]


def main(path: str) -> Counter[str]:
    warnings.simplefilter("ignore")
    with open(path, encoding="utf-8") as f:
        failures = json.load(f)
    counts: Counter[str] = Counter()
    for rec in failures:
        files = dict(rec.get("files") or {})
        if any(re.fullmatch(r"<\d+ bytes>", v) or len(v) >= 3000 for v in files.values()):
            counts["not replayable (binary or truncated)"] += 1
            continue
        cmd = rec["command"]
        cmd = cmd[0] if cmd and isinstance(cmd[0], list) else cmd
        if not cmd or cmd[0] == "read":
            counts["read-back record"] += 1
            continue
        cmd = placeholders(cmd, files)
        if "{scan_png}" in cmd:
            files["scan.png"] = scan_png()
        out = run_case(Case(rec["kind"], files, [cmd]))
        status = out[-1].status if out else "none"
        counts[status] += 1
        if status not in ("ok", "refused"):
            print(rec["kind"], status, cmd, out[-1].output[-300:])
    print(dict(counts))
    return counts


if __name__ == "__main__":
    main(sys.argv[1])
