"""Run the benchmarks: ``python -m benchmarks`` (all but the long ``perturb``, which runs when named) or
``python -m benchmarks read_save ...``."""

from __future__ import annotations

import importlib
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: benches run only when named
LONG = {"perturb", "phase"}


def main(argv: list[str]) -> int:
    found = sorted(p.stem[len("bench_"):] for p in HERE.glob("bench_*.py"))
    argv = _joined(argv, found)
    names = [a for a in argv if not a.startswith("-")]
    flags = [a for a in argv if a.startswith("-")]
    # with no names, every bench but the long robustness one (9 boards x 8 perturbations, ~9 min CPU): name it
    chosen = names or [n for n in found if n not in LONG]
    unknown = [n for n in chosen if n not in found]
    if unknown:
        print(f"benchmarks: unknown {', '.join(unknown)} (known: {', '.join(found)})", file=sys.stderr)
        return 2
    results = {}
    for name in chosen:
        module = importlib.import_module(f"benchmarks.bench_{name}")
        print(f"== {name}", flush=True)
        start = time.perf_counter()
        results[name] = module.main(flags)
        print(f"   ({time.perf_counter() - start:.1f} s)", flush=True)
    print(json.dumps(results, indent=2))
    return 0


#: the benches' flags that take a value (``--only=x0.6``)
VALUE_FLAGS = ("--only", "--cases", "--shifts", "--axis", "--step")


def _joined(argv: list[str], benches: list[str]) -> list[str]:
    """``--only crop`` (a value flag's value written with a space) as ``--only=crop``, the form the benches read; a
    word after any other flag is a bench's name (a misspelt one is refused as unknown)."""
    out: list[str] = []
    for a in argv:
        if out and out[-1] in VALUE_FLAGS and not a.startswith("-") and a not in benches:
            out[-1] = f"{out[-1]}={a}"
        else:
            out.append(a)
    return out


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
