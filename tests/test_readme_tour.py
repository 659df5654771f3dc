"""The README's short tour runs as written: every line of its ``text`` block, after ``wgt demo``, in a fresh
folder, with the exit code the line promises (1 only where its comment says the check finds violations)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def tour_lines() -> list[str]:
    """The commands of the README's tour block (the ``text`` block after "## A short tour")."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## A short tour"):]
    block = re.search(r"```text\n(.*?)```", section, flags=re.DOTALL)
    assert block is not None, "the README has no tour block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def expected_code(line: str) -> int:
    """1 where the line's comment says it exits 1 (the check finds violations), else 0."""
    _, _, comment = line.partition("#")
    return 1 if re.search(r"\bexit 1\b", comment) else 0


def test_the_tour_is_parsed():
    lines = tour_lines()
    assert len(lines) == 14 and all(shlex.split(line, comments=True)[0] == "wgt" for line in lines)
    assert [expected_code(line) for line in lines].count(1) == 2


@pytest.mark.slow
def test_every_tour_line_runs_after_the_demo(tmp_path):
    wgt = shutil.which("wgt")
    if wgt is None:  # the console script of an installed checkout; else the same entry point
        command = [sys.executable, "-c", "from toolkit.cli.main import cli; cli()"]
    else:
        command = [wgt]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    demo = subprocess.run([*command, "demo"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert demo.returncode == 0, demo.stderr[-2000:]
    failures = []
    for line in tour_lines():
        args = shlex.split(line, comments=True)
        if args[1:3] == ["map", "edit"]:  # a server: it must come up, print its address and keep serving
            failures.extend(_serves(line, [*command, *args[1:]], tmp_path,
                                    {**env, "BROWSER": "true", "PYTHONUNBUFFERED": "1"}))
            continue
        done = subprocess.run([*command, *args[1:]], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=600)
        if done.returncode != expected_code(line):
            failures.append(f"{line}\n  exit {done.returncode}: {(done.stderr or done.stdout)[-500:]}")
    assert failures == []
    # what the lines made
    for made in ("board.png", "grid.yaml", "scanned.yaml", "qa.png", "build/ww"):
        assert (tmp_path / made).exists(), made
    from toolkit.terrain.io import load_map

    assert load_map(tmp_path / "scanned.yaml").terrain("2517") == "mountain"  # wgt map set edited it


def _serves(line: str, argv: list[str], folder: Path, env: dict[str, str]) -> list[str]:
    """Start a server line (``wgt map edit``; ``BROWSER=true`` opens nothing), wait for its address on
    127.0.0.1, fetch its page, stop it: a failure message when it exited or never answered."""
    import time
    import urllib.request

    # the editor prints its address on standard error (standard output stays free for data): read both
    proc = subprocess.Popen(argv, cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()  # "editing MAP at http://127.0.0.1:PORT/?token=..."
        match = re.search(r"(http://127\.0\.0\.1:\d+/\S*)", first)
        if match is None:
            proc.kill()
            return [f"{line}\n  no address: {first!r} {(proc.communicate(timeout=30)[0] or '')[-500:]}"]
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(match.group(1), timeout=10) as page:
                    ok = page.status == 200
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    ok = False
                    break
                time.sleep(0.5)
        if not ok or proc.poll() is not None:
            return [f"{line}\n  the editor did not serve its page (exit {proc.poll()})"]
        return []
    finally:
        proc.terminate()
        proc.wait(timeout=30)
