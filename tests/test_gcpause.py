"""The collector pause ends in ``gc.freeze`` only in a one-shot ``wgt`` process: a long-lived one (the fuzz
harness running 40,000 commands in-process) kept every pending reference cycle frozen, grew to its 2 GiB limit
and failed later commands with MemoryError (the fuzz run of 2 Dec 2026, seed 31: 94 such cases)."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from toolkit.cli.main import cli
from toolkit.gcpause import gc_paused, one_shot


@pytest.fixture
def restore() -> Iterator[None]:
    before = one_shot()
    yield
    one_shot(before)


def test_in_process_pause_freezes_nothing(restore: None) -> None:
    one_shot(False)
    frozen = gc.get_freeze_count()
    with gc_paused():
        junk = [[] for _ in range(1000)]
        del junk
    assert gc.isenabled() and gc.get_freeze_count() == frozen


def test_one_shot_pause_freezes(restore: None) -> None:
    one_shot(True)
    frozen = gc.get_freeze_count()
    keep = [[] for _ in range(1000)]
    with gc_paused():
        pass
    assert gc.isenabled() and gc.get_freeze_count() >= frozen + 1000
    gc.unfreeze()
    del keep


def test_running_the_command_line_in_process_is_not_one_shot(restore: None) -> None:
    one_shot(False)
    assert CliRunner().invoke(cli, ["games"]).exit_code == 0
    assert one_shot() is False


def test_the_process_command_line_is_one_shot() -> None:
    code = ("import sys; sys.argv = ['wgt', 'games']\n"
            "from toolkit.cli.main import cli\n"
            "from toolkit.gcpause import one_shot\n"
            "try:\n    cli()\nexcept SystemExit:\n    pass\n"
            "print('one-shot', one_shot(), file=sys.stderr)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "one-shot True" in r.stderr, r.stderr
