"""The wheel ships maps/ and counters/ inside the package, and the installed copy finds them."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# pip's messages when it cannot fetch the build backend (hatchling) for an isolated build
_OFFLINE = ("Could not find a version", "No matching distribution", "NewConnectionError", "Network is unreachable",
            "Temporary failure in name resolution", "ConnectTimeout", "Max retries exceeded", "ProxyError")


def _data_files() -> set[str]:
    """Files under maps/ and counters/ of the checkout, as the wheel should name them."""
    out = set()
    for folder in ("maps", "counters"):
        for p in (ROOT / folder).rglob("*"):
            if p.is_file() and "__pycache__" not in p.parts:
                out.add(f"toolkit/_data/{p.relative_to(ROOT).as_posix()}")
    return out


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    cmd = [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--disable-pip-version-check", "-w", str(out)]
    if importlib.util.find_spec("hatchling") is not None:
        cmd.append("--no-build-isolation")  # the backend is here: no network needed
    env = {**os.environ, "PIP_NO_INPUT": "1"}
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
    except subprocess.TimeoutExpired:
        pytest.skip("building the wheel took over 300 s (no network to fetch hatchling?)")
    if proc.returncode != 0:
        log = proc.stdout + proc.stderr
        if any(sign in log for sign in _OFFLINE):
            pytest.skip("cannot build the wheel offline: pip could not fetch the build backend hatchling "
                        "(pip install hatchling, or run with network)")
        pytest.fail(f"pip wheel failed:\n{log[-3000:]}")
    wheels = list(out.glob("wargame_toolkit-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.mark.slow
def test_wheel_contains_the_data(wheel: Path) -> None:
    expected = _data_files()  # listed after the build, so a file being added meanwhile is not expected
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    assert any(n.startswith("toolkit/_data/maps/") for n in names)
    assert any(n.startswith("toolkit/_data/counters/") for n in names)
    assert "toolkit/_data/counters/winter-war.yaml" in names
    assert expected <= names, sorted(expected - names)
    assert "toolkit/hexgrid/coords.py" in names and "toolkit/cli/main.py" in names
    assert not any(n.startswith(("tests/", "maps/", "counters/", "build/")) for n in names)
    entry = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    with zipfile.ZipFile(wheel) as z:
        assert "wgt = toolkit.cli.fast:main" in z.read(entry).decode()


@pytest.mark.slow
def test_installed_copy_finds_its_data(wheel: Path, tmp_path: Path) -> None:
    """Install the wheel into a bare folder and ask the installed toolkit where its data is."""
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--disable-pip-version-check",
                    "--target", str(target), str(wheel)], check=True, capture_output=True, timeout=300)
    code = ("import toolkit.data as d, toolkit; "
            "print(toolkit.__file__); print(d.data_root()); print(d.counters_path('winter-war'))")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(target)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env,
                          timeout=60, check=True)
    pkg_file, root, counters = proc.stdout.splitlines()
    assert Path(pkg_file).resolve().is_relative_to(target.resolve())
    assert Path(root).resolve() == (target / "toolkit" / "_data").resolve()
    assert Path(counters).resolve() == (target / "toolkit" / "_data" / "counters" / "winter-war.yaml").resolve()
