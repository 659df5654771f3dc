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
