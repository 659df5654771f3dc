"""Checks a hand-labelled truth region's tests share (the GCACW boards' truth files: test_truth_gettysburg.py,
test_truth_sjw.py): the region labelled whole on its grid, its sides and links between neighbours, the hexes beside
it on the board's grid, and the hexes a legend's examples use."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from toolkit.hexgrid import Grid
from toolkit.terrain.extract_legend import load_legend
from toolkit.terrain.truth import Truth, load_truth


def check_region(t: Any, image: str, hexes: int) -> Grid:
    """The truth ``t`` is of ``image`` on a calibrated grid, every hex of it labelled (``hexes`` of them, none
    excluded), and every side and link joins two neighbouring labelled hexes. Returns its grid."""
    assert t.image == image and t.grid is not None and t.grid.layout is not None
    g = t.grid
    assert {g.id(h) for h in g.hexes()} == set(t.hexes) and len(t.hexes) == hexes and not t.excluded
    for keys in (*t.links.values(), *t.hexsides.values()):
        for k in keys:
            a, b = k.split("/")
            assert a in t.hexes and b in t.hexes and g.hex(b) in g.hex(a).neighbours(), k
    return g


def beside(t: Any, columns: tuple[int, int], rows: tuple[int, int]) -> tuple[Grid, set[str]]:
    """The truth's grid widened to the board (``columns``, ``rows``), and the region's hexes with every neighbour."""
    assert t.grid is not None
    g = Grid.from_dict({**t.grid.to_dict(), "extent": {"columns": list(columns), "rows": list(rows)}})
    return g, set(t.hexes) | {g.id(n) for h in t.hexes for n in g.neighbours(g.hex(h)) if n in g}


def example_hexes(spec: dict[str, Any]) -> list[str]:
    """Every hex a legend's examples use: its terrains' example hexes, both hexes of each marked side and the example
    hexes of its symbol tags (``kind: symbol``)."""
    used = [h for v in spec["terrain"].values() for h in v.get("hexes", [])]
    for v in spec["features"].values():
        used += [h for side in v.get("yes", []) for h in side.split("/")] + list(v.get("hexes", []))
    return used


def placed(folder: Path, truth: str, legend: str, board: tuple[tuple[int, int], tuple[int, int]]
           ) -> tuple[Truth, Grid, set[str], set[str]]:
    """The truth, its grid widened to the ``board`` (columns, rows), and the legend's example hexes and the hexes of
    its clicked points, each checked to lie on the board's grid and neither in the region nor beside it."""
    t = load_truth(folder / truth)
    g, near = beside(t, *board)
    spec = load_legend(folder / legend)
    hexes = set(example_hexes(spec))
    assert g.layout is not None
    points = {g.id(g.layout.pixel_to_hex(x, y)) for v in spec["terrain"].values() for x, y in v.get("points", [])}
    assert all(h in g.ids() for h in hexes | points)
    assert not (hexes | points) & near
    return t, g, hexes, points


def fetch_board(tmp_path: Path, board: str, clone_var: str, *args: str, git: str | None = None
                ) -> subprocess.CompletedProcess[str]:
    """``web_boards.py fetch --board BOARD`` run as a user would, into a cache under ``tmp_path``, with the clone's
    variable ``clone_var`` (``WGT_WASA_GIT``, ...) naming a folder that is no clone and ``--git git`` where given."""
    env = {**os.environ, "WGT_HELDOUT_BOARDS": str(tmp_path / "cache"), clone_var: str(tmp_path / "none")}
    script = Path(__file__).parent / "truth" / "heldout" / "web_boards.py"
    return subprocess.run([sys.executable, str(script), "fetch", "--board", board, *args,
                           *(("--git", git) if git else ())], capture_output=True, text=True, env=env, check=False)


def fetch_fails_in_one_line(tmp_path: Path, board: str, clone_var: str, name: str) -> None:
    """``fetch --board BOARD`` with ``clone_var`` naming a folder that is no clone: exit 3 and one line on stderr (no
    traceback, nothing on stdout) naming the board (``name``, as web_boards.py calls it), the command that fetches it
    and the folder given."""
    r = fetch_board(tmp_path, board, clone_var)
    assert r.returncode == 3 and r.stdout == "" and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert f"held-out {name} board is not cached" in r.stderr
    assert f"fetch --board {board}" in r.stderr and str(tmp_path / "none") in r.stderr


def fetched_from_clone(tmp_path: Path, board: str, clone_var: str, image: str) -> dict[str, Any]:
    """``fetch --board BOARD --git GIT`` from the clone ``$clone_var`` names (skipped, naming the repository and the
    variable, where it names no folder), holding the recorded commit: exit 0, the image lands in the cache under
    ``tmp_path`` as ``image`` and is the recorded blob. Returns the board's record (web_boards.IMAGES) for the
    caller's own checks (its size, its repository)."""
    from .test_heldout_bastogne import web_boards

    record: dict[str, Any] = web_boards().IMAGES[board]
    git = os.environ.get(clone_var)
    if not git or not Path(git).is_dir():
        pytest.skip(f"needs a clone of {record['repo']} named by {clone_var}")
    r = fetch_board(tmp_path, board, clone_var, git=git)
    assert r.returncode == 0, r.stderr
    out = Path(r.stdout.strip())
    assert out == tmp_path / "cache" / image
    assert web_boards().blob_id(out.read_bytes()) == record["blob"]
    return record
