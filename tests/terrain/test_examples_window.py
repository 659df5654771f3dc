"""The example hexes' windows read once (marks._Window keeps each hex's; extract._read_marks gives the marks' and
the blobs' learning one window), and each example's largest part asked once per colour (blobs._sized: step 2b's
check and step 2's measure ask the same): the same classes learned, thresholds and all, as each reading its own
windows and measuring every part afresh (the old code)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from toolkit.terrain import blobs, marks
from toolkit.terrain import extract as ex

from . import test_blobs, test_blobs_spread


def _fields(m: marks.Marks) -> list[object]:
    """A learned class's every field (its colour members as bytes)."""
    values = [getattr(m, f.name) for f in dataclasses.fields(m)]
    return [v.tobytes() if isinstance(v, np.ndarray) else v for v in values]


def _fresh_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(blobs, "_sized", lambda sizes, e, member, mask: blobs._largest(member, mask))


@pytest.mark.parametrize("board", [test_blobs, test_blobs_spread])
def test_one_window_learns_as_two(board, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    im, grid = board._board()
    legend = board._legend()
    ex_hexes = {k: v["hexes"] for k, v in legend["terrain"].items()}
    colours = {k: tuple(float(c) for c in v) for k, v in zip(ex_hexes, [(84.5, 0.5, 21.0), (66.0, -9.0, 36.0),
                                                                         (43.0, -18.0, 32.0), (80.0, 0.5, 18.0),
                                                                         (87.0, -3.0, 7.0)])}
    reads: list[str] = []
    rgb = marks._Window.rgb

    def counted(self, hex_id):  # type: ignore[no-untyped-def]
        reads.append(hex_id)
        return rgb(self, hex_id)

    monkeypatch.setattr(marks._Window, "rgb", counted)
    win = marks._Window(im, grid)
    shared = (marks.learn_marks(im, grid, ex_hexes, colours, [], 35.0, window=win),
              blobs.learn_blobs(im, grid, ex_hexes, colours, [], 35.0, window=win))
    assert sorted(reads) == sorted(h for hs in ex_hexes.values() for h in hs)  # each example's window read once
    _fresh_parts(monkeypatch)
    own = (marks.learn_marks(im, grid, ex_hexes, colours, [], 35.0), blobs.learn_blobs(im, grid, ex_hexes, colours,
                                                                                        [], 35.0))
    assert [_fields(m) for m in (*shared[0], *shared[1])] == [_fields(m) for m in (*own[0], *own[1])]
    assert shared[1]  # (each board's class is learned)


@pytest.mark.parametrize("board", [test_blobs, test_blobs_spread])
def test_the_board_reads_the_same(board, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    im, grid = board._board()
    new = ex.extract(im, grid, board._legend(), features=False)
    _fresh_parts(monkeypatch)
    monkeypatch.setattr(ex, "_Window", lambda image, g: None)  # each learner makes its own windows
    old = ex.extract(im, grid, board._legend(), features=False)
    assert new.hexes == old.hexes
    assert {h: r.terrain for h, r in new.hexes.items()} == board._want(grid)
