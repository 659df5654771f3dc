"""Regenerate the oracle fixtures: ``python -m tests.vassal.make_fixtures`` (needs the VASSAL oracle).

Each corpus case's build file is zipped into a temporary module exactly as the tests do, the oracle's
``decode`` is run on the case's save, and its piece list is stored compactly; ``locate`` answers for a
batch of points on The Longest Day's Normandy map are stored too.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from tests.vassal.helpers import CASES, FIXTURES, build_case_module, case_save, demo_module_bytes, run_oracle
from tests.vassal.test_write import PLACEMENTS
from toolkit.vassal import Module
from toolkit.vassal.writer import new_save

LOCATE_POINTS = [(x, y) for x in range(40, 5340, 173) for y in range(60, 5024, 211)]


def main() -> int:
    FIXTURES.mkdir(exist_ok=True)
    only = set(sys.argv[1:])
    with tempfile.TemporaryDirectory() as tmp:
        for case in CASES:
            if only and case not in only:
                continue
            vmod = build_case_module(case, Path(tmp))
            answer = run_oracle("decode", str(vmod), str(case_save(case)))
            pieces = [[p["id"], p["class"], p["name"], p["map"], p["x"], p["y"], p["location"]]
                      for p in answer.get("pieces", [])]
            data = {"case": case, "commands": answer.get("commands"), "error": answer.get("error"),
                    "fields": ["id", "class", "name", "map", "x", "y", "location"], "pieces": pieces}
            (FIXTURES / f"oracle_decode_{case}.json").write_text(json.dumps(data, ensure_ascii=False) + "\n")
            print(case, len(pieces), file=sys.stderr)
        vmod = build_case_module("tld-scenario", Path(tmp))
        answer = run_oracle("locate", str(vmod), "Normandy", *(f"{x},{y}" for x, y in LOCATE_POINTS))
        (FIXTURES / "oracle_locate_tld.json").write_text(json.dumps(answer, ensure_ascii=False) + "\n")
        demo = Path(tmp) / "demo.vmod"
        demo.write_bytes(demo_module_bytes())
        with Module.open(demo) as module:
            new_save(module, PLACEMENTS).write(Path(tmp) / "setup.vsav")
        answer = run_oracle("decode", str(demo), str(Path(tmp) / "setup.vsav"))
        (FIXTURES / "oracle_decode_demo_setup.json").write_text(json.dumps(answer) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
