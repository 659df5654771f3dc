"""Benchmarks: ``python -m benchmarks [NAME ...]`` runs every ``bench_*.py`` here (or those named).

Each module has ``main(argv: list[str]) -> dict`` that measures its subject *and a baseline in the
same run* and returns a summary with the ratios; these machines are noisy, so only ratios measured
side by side mean anything.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def best_of(fn: Callable[[], Any], runs: int) -> tuple[float, float]:
    """Wall-clock seconds of ``runs`` calls of ``fn``: (fastest, median)."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times)
