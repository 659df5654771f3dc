"""The held-out harness itself: a case that cannot be started fails alone (CI once errored all 257 cases
when one Popen raised in the session fixture)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.hostile_heldout import test_heldout as harness


def test_a_case_that_cannot_start_fails_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = subprocess.Popen

    def popen(argv, *args, **kwargs):  # type: ignore[no-untyped-def]
        if "--attack" in argv and "5" in argv:  # combat-defense-zero only
            raise PermissionError(13, "Permission denied", argv[0])
        return real(argv, *args, **kwargs)

    monkeypatch.setattr(harness.subprocess, "Popen", popen)
    broken = harness.BY_NAME["combat-defense-zero"]
    fine = harness.BY_NAME["combat-attack-negative"]
    outcomes = [harness.run_case_safely(c, tmp_path) for c in (broken, fine)]
    assert outcomes[0].error is not None
    assert outcomes[0].error.startswith("the case could not be run: PermissionError: [Errno 13] Permission denied")
    assert harness.judge(broken, outcomes[0]) == [outcomes[0].error]
    assert outcomes[1].error is None and outcomes[1].rc == 3
    assert harness.judge(fine, outcomes[1]) == []


def test_a_case_whose_files_cannot_be_built_fails_alone(tmp_path: Path) -> None:
    (tmp_path / "combat-attack-negative").write_text("a file where the case's folder goes\n")
    o = harness.run_case_safely(harness.BY_NAME["combat-attack-negative"], tmp_path)
    assert o.error is not None and o.error.startswith("the case could not be run: NotADirectoryError")


def _outcome(rc: int, err: str = "", present: list[str] | None = None) -> harness.Outcome:
    return harness.Outcome(rc, "", err, 0.1, [], ["x"], present=present or [])


def test_an_accepted_robust_input_may_write_its_output_a_refused_one_may_not() -> None:
    robust = harness.BY_NAME["map-nul-in-name"]
    assert robust.expect == "ROBUST"
    assert harness.judge(robust, _outcome(0, present=["out.png exists"])) == []
    assert harness.judge(robust, _outcome(3, "wgt: error: no\n", present=["out.png exists"])) == ["out.png exists"]
    strict = harness.BY_NAME["map-empty"]
    assert harness.judge(strict, _outcome(3, "wgt: error: empty\n", present=["out.png exists"])) == ["out.png exists"]


def test_a_usage_error_is_exit_2_ending_in_one_invalid_value_line() -> None:
    usage = harness.BY_NAME["counters-size-parsecs"]
    assert usage.expect == "E2"
    click_usage = ("Usage: wgt build counters [OPTIONS] SLUG\nTry 'wgt build counters --help' for help.\n\n"
                   "Error: Invalid value for '--size': bad size '5parsec' (expected e.g. 0.5in, 5/8in, 16mm)\n")
    assert harness.judge(usage, _outcome(2, click_usage)) == []
    assert harness.judge(usage, _outcome(3, "wgt: error: bad size\n")) == [
        "exit 3, expected 2", "no usage error line (Error: Invalid value for '--OPT') last on stderr",
        "expected exactly one Error: line"]
    assert "a traceback" in harness.judge(usage, _outcome(2, "Traceback (most recent call last):\n" + click_usage))
