"""The short fuzz run of CI: every file kind through wgt (a few thousand cases in all); no internal error, no
error of more than one line, no file written that wgt then refuses to read, nothing over the time limit.
The long run is ``python -m benchmarks fuzz --cases=100000`` (report in benchmarks/results/fuzz.md)."""

from __future__ import annotations

import warnings

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from tests.fuzz.cases import KINDS
from tests.fuzz.runner import FAILURES, run_case

# ~600 cases: 17 s of CPU time for all of tests/fuzz (15.3 s user + 2.1 s system, /usr/bin/time around pytest
# --durations, 2 Dec 2026; under a load of 11 on the 2-core session machine that run took 213 s of wall time);
# the long run is python -m benchmarks fuzz
EXAMPLES = {"position": 120, "map": 120, "grid": 80, "legend": 40, "counters": 30, "charts": 40, "image": 40,
            "vassal": 120}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_fuzz(kind: str) -> None:
    @settings(max_examples=EXAMPLES[kind], database=None, deadline=None,
              phases=[Phase.explicit, Phase.generate, Phase.shrink], suppress_health_check=list(HealthCheck))
    @given(case=KINDS[kind]())
    def one(case: object) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            outcomes = run_case(case)  # type: ignore[arg-type]
        bad = [o for o in outcomes if o.status in FAILURES]
        assert not bad, f"{bad[0].status}: wgt {' '.join(bad[0].command)}\n{bad[0].output}\nfiles: {case}"

    one()
