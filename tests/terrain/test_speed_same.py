"""Session 42 made the colour-cast passes (``extract._Bare``, ``_cast_field``, ``_cast_gain``; cast notes 1) and the
blocks' classification (``extract._classify``) faster: they give the same numbers, bit for bit, as the code of main
233af95, frozen below - the field's colours, the check's sum (whose sign keeps or drops the field), each block's class
and each colour's nearest block - on random blocks and on the drawn boards of test_cast_check.py.

What changed: the bare reading's per-hex figures (its counts, each hex's dominant colour, which hexes are read, which
blocks are of their hex's colour) are made once for both passes, the blocks of hexes not read are left out of the check
(each hex's sum is its own blocks' only), the inside blocks' places are found once; ``_classify`` makes its sums in
place, term by term in the same order (the same float32 roundings)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from toolkit.hexgrid import Hex, Layout
from toolkit.terrain import extract as ex

from .test_cast_check import LEGEND, SIZES, _apart, _board, _lit


def _old_cast_field(fi: Any, ft: np.ndarray, inside: np.ndarray, hin: np.ndarray, cin: np.ndarray,
                    cents: np.ndarray, nhex: int, lay: Layout, hexes: Sequence[Hex]) -> np.ndarray | None:
    """extract._cast_field as of main 233af95 (frozen)."""
    k = len(cents)
    counts = np.bincount(hin * (k + 1) + cin, minlength=nhex * (k + 1)).reshape(nhex, k + 1)
    tot = counts.sum(axis=1)
    dom = np.argmax(counts[:, :k], axis=1)
    conf = counts[np.arange(nhex), dom] / np.maximum(tot, 1)
    good = (conf >= 0.85) & (tot >= 20)
    if good.sum() < 12:
        return None
    # mean colour of each hex's dominant-class blocks
    sel = cin == dom[hin]
    where = np.flatnonzero(inside)[sel]
    hsel = hin[sel]
    n = np.bincount(hsel, minlength=nhex).astype(np.float64)
    means: np.ndarray = np.stack([np.bincount(hsel, weights=ft[c][where], minlength=nhex) for c in range(3)], axis=1)
    means /= np.maximum(n, 1)[:, None]
    res = (means - cents[dom])[good]
    h, w = fi.valid.shape
    xy = np.array([lay.hex_to_pixel(hx) for hx in hexes])[good]
    design = np.stack([np.ones(len(xy)), xy[:, 0] / w - 0.5, xy[:, 1] / h - 0.5], axis=1)
    keep = np.ones(len(xy), bool)
    coef = np.zeros((3, 3))
    for _ in range(3):
        coef, *_ = np.linalg.lstsq(design[keep], res[keep], rcond=None)
        err = np.linalg.norm(res - design @ coef, axis=1)
        keep = err <= max(3.0, 2.5 * ex._median(err[keep]))
    gx = (np.arange(w, dtype=np.float32) / w - 0.5)[:, None] * coef[1].astype(np.float32)  # (w, 3)
    gy = (np.arange(h, dtype=np.float32) / h - 0.5)[:, None] * coef[2].astype(np.float32)  # (h, 3)
    c0 = coef[0].astype(np.float32)
    out = np.empty_like(ft)
    for c in range(3):  # the field (c0 + gx) + gy, channel by channel, taken from the colours
        np.subtract(ft[c].reshape(h, w), (c0[c] + gx[:, c])[None, :] + gy[:, c][:, None], out=out[c].reshape(h, w))
    return out


def _old_cast_nearer_sum(ft: np.ndarray, field: np.ndarray, inside: np.ndarray, hin: np.ndarray, bare: np.ndarray,
                         cast: np.ndarray, cents: np.ndarray, nhex: int) -> float:
    """extract._cast_nearer as of main 233af95 (frozen), but for its last line: the sum it compared with 0."""
    k = len(cents)
    counts = np.bincount(hin * (k + 1) + bare, minlength=nhex * (k + 1)).reshape(nhex, k + 1)
    read = counts.sum(axis=1) >= 20
    dom = np.argmax(counts[:, :k], axis=1)
    sel = (bare == dom[hin]) | (cast == dom[hin])
    where = np.flatnonzero(inside)[sel]
    hsel = hin[sel]
    n = np.maximum(np.bincount(hsel, minlength=nhex), 1).astype(np.float64)[:, None]
    near = np.zeros(nhex)
    for colours, sign in ((ft, 1.0), (field, -1.0)):
        means = np.stack([np.bincount(hsel, weights=colours[c][where], minlength=nhex) for c in range(3)], axis=1) / n
        near += sign * np.linalg.norm(means - cents[dom], axis=1)
    return float(near[read].sum())


def _same(old: float, new: float) -> None:
    assert np.float64(old).tobytes() == np.float64(new).tobytes(), (old, new)


class _Fi:
    def __init__(self, shape: tuple[int, int]) -> None:
        self.valid = np.ones(shape, bool)


def _random(seed: int) -> dict[str, Any]:
    """Blocks on an h x w raster in hexes of random sizes (some under the 20 blocks a hex is read by, some empty),
    classes drawn near a dominant one per hex (ties and the unknown class among them), colours about the classes'
    with noise, and a second reading flipping some blocks."""
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(20, 60)), int(rng.integers(20, 60))
    nhex = int(rng.integers(5, 60))
    k = int(rng.integers(2, 7))
    cents = (rng.normal(0, 30, (k, 3)) + np.array([60.0, 0.0, 0.0])).astype(np.float32)
    hid = rng.integers(-1, nhex, h * w)
    small = rng.random(nhex) < 0.3  # hexes left with few blocks
    hid[np.isin(hid, np.flatnonzero(small)) & (rng.random(h * w) < 0.9)] = -1
    inside = hid >= 0
    hin = hid[inside].astype(np.int64)
    lean = rng.integers(0, k, nhex)
    # each hex's share of its own class: half the hexes about pure (confident), the rest mixed
    pure = np.where(rng.random(nhex) < 0.5, rng.uniform(0.9, 1.0, nhex), rng.uniform(0.3, 0.9, nhex))
    cls = np.where(rng.random(len(hin)) < pure[hin], lean[hin], rng.integers(0, k + 1, len(hin)))
    full = np.full(h * w, k)
    full[inside] = cls
    # a cast (an offset and a ramp across the blocks) on the colours; the field takes out some share of it (or adds)
    offset = rng.normal(0, 3, (3, 1)) + np.linspace(0, 1, h * w)[None, :] * rng.normal(0, 4, (3, 1))
    ft = np.ascontiguousarray((np.append(cents, [[50, 0, 0]], axis=0)[full].T + offset
                               + rng.normal(0, 4, (3, h * w))).astype(np.float32))
    field = (ft - (rng.uniform(-1, 2) * offset).astype(np.float32)).astype(np.float32)
    flip = rng.random(len(hin)) < rng.uniform(0, 0.3)
    cast = np.where(flip, rng.integers(0, k + 1, len(hin)), cls)
    return {"ft": ft, "field": field, "inside": inside, "hin": hin, "bare": cls, "cast": cast, "cents": cents,
            "nhex": nhex, "shape": (h, w)}


@pytest.mark.parametrize("seed", range(60))
def test_the_check_sums_as_before_on_random_blocks(seed):
    """The check's sum and its sign, and the field, the same bits as the old code's, on random blocks."""
    a = _random(seed)
    blocks = ex._Bare(a["ft"], a["inside"], a["hin"], a["bare"], a["cents"], a["nhex"])
    old = _old_cast_nearer_sum(a["ft"], a["field"], a["inside"], a["hin"], a["bare"], a["cast"], a["cents"], a["nhex"])
    _same(old, ex._cast_gain(blocks, a["field"], a["cast"]))
    # a second pass: the same blocks, another reading and field (the bare reading's figures made once)
    field2 = (a["field"] - np.float32(0.5)).astype(np.float32)
    cast2 = np.roll(a["cast"], 1)
    old2 = _old_cast_nearer_sum(a["ft"], field2, a["inside"], a["hin"], a["bare"], cast2, a["cents"], a["nhex"])
    _same(old2, ex._cast_gain(blocks, field2, cast2))
    # the field (None where too few hexes are confident), on a layout over the raster
    h, w = a["shape"]
    lay = Layout.regular("flat", 3.0)
    hexes = [Hex(i // 7, i % 7) for i in range(a["nhex"])]
    for cin in (a["bare"], a["cast"]):
        want = _old_cast_field(_Fi((h, w)), a["ft"], a["inside"], a["hin"], cin, a["cents"], a["nhex"], lay, hexes)
        got = ex._cast_field(_Fi((h, w)), blocks, cin, lay, hexes)
        assert (want is None) == (got is None)
        if want is not None and got is not None:
            assert want.tobytes() == got.tobytes()


def _spied(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any, Any]]:
    """Every call of the new _cast_field and _cast_gain an extraction makes, with what the old code gives on the same
    arrays."""
    calls: list[tuple[str, Any, Any]] = []
    field0, gain0 = ex._cast_field, ex._cast_gain

    def field(fi, blocks, cin, lay, hexes):  # type: ignore[no-untyped-def]
        got = field0(fi, blocks, cin, lay, hexes)
        calls.append(("field", _old_cast_field(fi, blocks.ft, blocks.inside, blocks.hin, cin, blocks.cents,
                                               blocks.nhex, lay, hexes), got))
        return got

    def gain(blocks, fld, cast):  # type: ignore[no-untyped-def]
        got = gain0(blocks, fld, cast)
        calls.append(("gain", _old_cast_nearer_sum(blocks.ft, fld, blocks.inside, blocks.hin, blocks.cls, cast,
                                                   blocks.cents, blocks.nhex), got))
        return got

    monkeypatch.setattr(ex, "_cast_field", field)
    monkeypatch.setattr(ex, "_cast_gain", gain)
    return calls


@pytest.mark.parametrize("cols, rows", SIZES[:4])
def test_the_check_sums_as_before_on_drawn_boards(cols, rows, monkeypatch):
    """test_cast_check's boards (colours printed apart: fields dropped; a cast over the sheet and a shade over one
    edge: kept) read through the new code, each pass's field and sum compared with the old code's on the same
    arrays."""
    calls = _spied(monkeypatch)
    im, grid = _board(cols, rows, _apart())
    ex.extract(im, grid, LEGEND, features=False)
    fills, legend = _lit(cols, rows)
    for gain, start in ((0.1, 0.0), (0.15, 0.6)):
        im, grid = _board(cols, rows, fills, gain=gain, start=start)
        ex.extract(im, grid, legend, features=False)
    signs = {("kept" if got > 0 else "dropped") for what, _, got in calls if what == "gain"}
    assert signs == {"kept", "dropped"}  # both decisions met
    assert [what for what, _, _ in calls].count("gain") >= 3
    for what, old, got in calls:
        if what == "gain":
            _same(old, got)
        else:
            assert (old is None) == (got is None)
            if old is not None:
                assert old.tobytes() == got.tobytes()


def test_the_random_blocks_meet_every_branch():
    """The random boards above are no tautology: the field is made on some and refused (too few confident hexes) on
    others, the sum falls both ways, and some hexes are not read (under 20 blocks)."""
    fields, signs, unread = set(), set(), 0
    for seed in range(60):
        a = _random(seed)
        h, w = a["shape"]
        blocks = ex._Bare(a["ft"], a["inside"], a["hin"], a["bare"], a["cents"], a["nhex"])
        signs.add(ex._cast_gain(blocks, a["field"], a["cast"]) > 0)
        unread += int((~blocks.read).sum())
        fields.add(ex._cast_field(_Fi((h, w)), blocks, a["bare"], Layout.regular("flat", 3.0),
                                  [Hex(i // 7, i % 7) for i in range(a["nhex"])]) is None)
    assert fields == {True, False} and signs == {True, False} and unread > 0


def _old_classify(ft: np.ndarray, valid: np.ndarray, cents: np.ndarray, max_de: float,
                  nearest: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
    """extract._classify as of main 233af95 (frozen)."""
    k = len(cents)
    c = cents.astype(np.float32)
    xx = ft[0] * ft[0] + ft[1] * ft[1] + ft[2] * ft[2]
    cls = np.zeros(ft.shape[1], dtype=np.intp)
    best = np.empty(0, dtype=np.float32)
    near = np.full(k, np.inf, dtype=np.float32) if nearest else None
    any_valid = bool(valid.any())
    for j in range(k):
        d = ft[0] * (-2 * c[j, 0]) + ft[1] * (-2 * c[j, 1]) + ft[2] * (-2 * c[j, 2]) + float(c[j] @ c[j])
        if near is not None and any_valid:
            near[j] = (d[valid] + xx[valid]).min()
        if j == 0:
            best = d
        else:
            better = d < best
            cls[better] = j
            np.minimum(best, d, out=best)
    best += xx
    cls[(best > max_de * max_de) | ~valid] = k
    return cls, (np.sqrt(np.maximum(near, 0)) if near is not None and any_valid else near)


@pytest.mark.parametrize("seed", range(40))
def test_the_blocks_are_classified_as_before(seed):
    """Each block's class and each colour's nearest valid block, the same as the old code's: random colours about
    random legend colours (some blocks as near two colours: ties go to the first, as before), some blocks not valid
    (none at all on one board in eight), a Delta E limit some blocks pass."""
    rng = np.random.default_rng(seed)
    k, n = int(rng.integers(1, 9)), int(rng.integers(1, 5000))
    cents = (rng.normal(0, 30, (k, 3)) + np.array([60.0, 0.0, 0.0])).astype(np.float32)
    ft = np.ascontiguousarray((cents[rng.integers(0, k, n)] + rng.normal(0, rng.uniform(0.5, 20), (n, 3))).T
                              .astype(np.float32))
    if k > 1:  # blocks exactly between the first two colours
        mid = rng.random(n) < 0.05
        ft[:, mid] = ((cents[0] + cents[1]) / 2).astype(np.float32)[:, None]
    valid = rng.random(n) < (0.0 if seed % 8 == 0 else rng.uniform(0.5, 1.0))
    max_de = float(rng.uniform(5, 40))
    for nearest in (False, True):
        want, got = _old_classify(ft, valid, cents, max_de, nearest), ex._classify(ft, valid, cents, max_de, nearest)
        assert want[0].tobytes() == got[0].tobytes()
        assert (want[1] is None) == (got[1] is None)
        if want[1] is not None and got[1] is not None:
            assert want[1].tobytes() == got[1].tobytes()


def test_the_drawn_boards_blocks_are_classified_as_before(monkeypatch):
    """Every classification an extraction of a drawn board with a cast makes (the bare reading, each pass's field,
    the rereading of uncertain blocks), compared with the old code's on the same arrays."""
    calls: list[tuple[Any, Any]] = []
    classify0 = ex._classify

    def spy(ft, valid, cents, max_de, nearest=False):  # type: ignore[no-untyped-def]
        got = classify0(ft, valid, cents, max_de, nearest)
        calls.append((_old_classify(ft, valid, cents, max_de, nearest), got))
        return got

    monkeypatch.setattr(ex, "_classify", spy)
    fills, legend = _lit(8, 5)
    im, grid = _board(8, 5, fills, gain=0.1)
    ex.extract(im, grid, legend, features=False)
    assert len(calls) >= 3
    for want, got in calls:
        assert want[0].tobytes() == got[0].tobytes()
        assert (want[1] is None) == (got[1] is None) and (want[1] is None or want[1].tobytes() == got[1].tobytes())
