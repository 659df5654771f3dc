"""speed9: the colour blocks' gate (extract._gate), the blends' and the inked blocks' splits (_split_blends,
_split_inked) and the binary opening (extract_raster._opening), made cheaper on a scan's ~10^6 blocks, give what
the code before gave (main 0e4075a's, kept below as ``_old_*``), block for block: on random class pictures with
patches, edges and colours on the mixes of two classes and of a class with the ink, over 3 to 70 classes (beyond
63 _split_blends takes its other path), with and without patchworks and dotted classes."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from toolkit.terrain import extract as ex
from toolkit.terrain.extract import (
    _STEPS8,
    BLEND_ALIKE,
    BLEND_END,
    BLEND_RADIUS,
    INK_LINE,
    INK_NEARER,
    INK_PASSES,
    SPREAD_FACTOR,
    SPREAD_MIN,
    SPREAD_PERCENTILE,
    _mix_distance,
    _quantile,
)
from toolkit.terrain.extract_raster import _opening


def _old_gate(colours, cls, cents, others, gates):  # type: ignore[no-untyped-def]
    k = len(cents)
    for j in range(k):
        if not np.isfinite(gates[j]):
            continue
        idx = np.flatnonzero(cls == j)
        if not len(idx):
            continue
        x = colours[:, idx]
        dx = x - cents[j].astype(np.float32)[:, None]
        out = (dx * dx).sum(axis=0) > float(gates[j]) ** 2
        idx, x = idx[out], x[:, out]
        if len(idx):
            far = _mix_distance(x, j, cents, others) > gates[j]
            cls[idx[far]] = k


def _old_padded(cls, shape, k):  # type: ignore[no-untyped-def]
    h, w = shape[0], shape[1]
    pad = np.full((h + 2, w + 2), k, cls.dtype)
    pad[1:-1, 1:-1] = cls.reshape(h, w)
    return pad


def _old_neighbours(pad, idx):  # type: ignore[no-untyped-def]
    rows, cols = np.divmod(idx, pad.shape[1] - 2)
    return np.stack([pad[rows + 1 + dr, cols + 1 + dc] for dr, dc in _STEPS8])


def _old_split_blends(colours, cls, shape, cents, protos, owner, terrains):  # type: ignore[no-untyped-def]
    k = len(cents)
    if k < 3:
        return
    counts = np.bincount(cls, minlength=k + 1)
    if int((counts[:k] > 0).sum()) < 3:
        return
    h, w = shape[0], shape[1]
    pad = _old_padded(cls, shape, k)
    edge = np.zeros((h, w), bool)
    centre = pad[1:-1, 1:-1]
    for dr, dc in _STEPS8:
        edge |= pad[1 + dr:h + 1 + dr, 1 + dc:w + 1 + dc] != centre
    edge &= centre < k
    bidx = np.flatnonzero(edge)
    if not len(bidx):
        return
    nbrs = _old_neighbours(pad, bidx)
    bcls = cls[bidx]
    alike = (nbrs == bcls[None, :]).sum(axis=0)
    present = [t for t in range(k) if counts[t]]
    near = {t: (nbrs == t).any(axis=0) for t in present}
    own = np.full(k, np.inf)
    for j, tc in enumerate(terrains):
        if tc.samples is not None and len(tc.samples):
            x = np.asarray(tc.samples, np.float32)
            dd = np.min([np.linalg.norm(x - protos[p], axis=1) for p in np.flatnonzero(owner == j)], axis=0)
            own[j] = float(_quantile(dd, SPREAD_PERCENTILE / 100))
        else:
            own[j] = SPREAD_MIN / SPREAD_FACTOR
    new = cls.copy()
    for ia, a in enumerate(present):
        for b in present[ia + 1:]:
            sub = np.flatnonzero(near[a] & near[b] & (bcls != a) & (bcls != b))
            if not len(sub):
                continue
            idx = bidx[sub]
            x = colours[:, idx]
            ca, cb = cents[a].astype(np.float32), cents[b].astype(np.float32)
            d = cb - ca
            dx = x - ca[:, None]
            t = (d @ dx) / max(float(d @ d), 1e-9)
            r = dx - d[:, None] * t[None, :]
            dmix = np.sqrt((r * r).sum(axis=0))
            jj = cls[idx]
            dj = np.full(len(idx), np.inf, np.float32)
            for p in range(len(protos)):
                sel = owner[p] == jj
                if sel.any():
                    q = x[:, sel] - protos[p][:, None]
                    dj[sel] = np.minimum(dj[sel], np.sqrt((q * q).sum(axis=0)))
            hit = ((t > BLEND_END) & (t < 1 - BLEND_END) & (dmix <= BLEND_RADIUS) & (dmix < dj)
                   & (dj > own[jj]))
            if hit.any():
                hit[hit] = alike[sub[hit]] <= BLEND_ALIKE
            new[idx[hit]] = np.where(t[hit] < 0.5, a, b)
    cls[:] = new


def _old_opening(m, size):  # type: ignore[no-untyped-def]
    r = size // 2
    h, w = m.shape
    er = np.zeros_like(m)
    if w > 2 * r:
        er[:, r:w - r] = np.logical_and.reduce([m[:, i:w - 2 * r + i] for i in range(size)])
    e = np.zeros_like(m)
    if h > 2 * r:
        e[r:h - r] = np.logical_and.reduce([er[i:h - 2 * r + i] for i in range(size)])
    out = np.zeros_like(m)
    for i in range(-r, r + 1):
        if i >= 0:
            out[i:] |= e[:h - i]
        else:
            out[:i] |= e[-i:]
    out2 = np.zeros_like(m)
    for i in range(-r, r + 1):
        if i >= 0:
            out2[:, i:] |= out[:, :w - i]
        else:
            out2[:, :i] |= out[:, -i:]
    return out2


def _old_split_inked(colours, cls, shape, cents, protos, owner, others, ink_l, mixed=None,  # type: ignore[no-untyped-def]
                     dotted=None):
    k = len(cents)
    n = cls.shape[0]
    if k < 2 or not n:
        return
    ink = np.array([ink_l, 0.0, 0.0], np.float32)
    c = cents.astype(np.float32)
    pr = protos.astype(np.float32)
    d = ink[None, :] - c
    dd = np.maximum((d * d).sum(axis=1), 1e-9)
    pd = pr[None, :, :] - c[:, None, :]
    pt = np.clip((pd * d[:, None, :]).sum(axis=2) / dd[:, None], 0.0, 1.0)
    pdist = np.linalg.norm(pd - pt[:, :, None] * d[:, None, :], axis=2)
    darker = np.zeros((k, k + 1), bool)
    for a in range(k):
        darker[a, owner[pdist[a] <= BLEND_RADIUS]] = True
        darker[a, a] = darker[a, k] = True
        if mixed is not None:
            darker[a, :k] |= mixed
    reach = np.full(k + 1, np.inf, np.float32)
    for j in range(k):
        far = [pdist[a, owner == j].min() for a in range(k) if not darker[a, j]]
        if far:
            reach[j] = min(far) / (1 + 1 / INK_NEARER)
    first = np.zeros(k + 1, np.intp)
    for p in range(len(pr) - 1, -1, -1):
        first[owner[p]] = p
    dj2 = np.zeros(n, np.float32)
    for ch in range(3):
        q = colours[ch] - pr[first, ch][cls]
        dj2 += q * q
    sel = np.flatnonzero(dj2 > reach[cls] ** 2)
    if not len(sel):
        return
    x = colours[:, sel]
    dj = np.sqrt(dj2[sel])
    for p in range(len(pr)):
        if p != first[owner[p]]:
            mine = cls[sel] == owner[p]
            q = x[:, mine] - pr[p][:, None]
            dj[mine] = np.minimum(dj[mine], np.sqrt((q * q).sum(axis=0)))
    keep = dj > reach[cls[sel]]
    sel, x, dj = sel[keep], x[:, keep], dj[keep]
    if not len(sel):
        return
    bcls = cls[sel]
    dmix = np.full((k, len(sel)), np.inf, np.float32)
    for a in range(k):
        if dotted is not None and dotted[a]:
            continue
        dx = x - c[a][:, None]
        along = d[a] @ dx
        t = along / dd[a]
        dm = np.sqrt(np.maximum((dx * dx).sum(axis=0) - along * t, 0.0))
        ok = (t > 0) & (t < 1 - BLEND_END) & (dm <= BLEND_RADIUS) & (INK_NEARER * dm < dj) & ~darker[a][bcls]
        if ok.any() and len(c) + len(others) > 1:
            ok &= dm < _mix_distance(x, a, c, others)
        dmix[a, ok] = dm[ok]
    hit = np.isfinite(dmix).any(axis=0)
    sel, dmix = sel[hit], dmix[:, hit]
    if not len(sel):
        return
    h, w = shape[0], shape[1]
    onmix = np.zeros(n, bool)
    onmix[sel] = True
    area = _old_opening(onmix.reshape(h, w), INK_LINE).reshape(-1)
    keep = ~area[sel]
    sel, dmix = sel[keep], dmix[:, keep]
    onmix[:] = False
    onmix[sel] = True
    for _ in range(INK_PASSES):
        if not len(sel):
            return
        nbrs = _old_neighbours(_old_padded(cls, shape, k), sel)
        dsub = dmix.copy()
        for a in range(k):
            dsub[a, ~(nbrs == a).any(axis=0)] = np.inf
        to = np.argmin(dsub, axis=0)
        hit = np.isfinite(dsub[to, np.arange(len(sel))])
        if not hit.any():
            return
        cls[sel[hit]] = to[hit]
        sel, dmix = sel[~hit], dmix[:, ~hit]


def _board(seed: int, k: int, h: int = 90, w: int = 120):  # type: ignore[no-untyped-def]
    """A picture of ``k`` classes in patches (with unknown blocks, class ``k``), the blocks' Lab colours (3, n): the
    class's colour with noise, or on the mix of two classes' colours, or of a class's and the ink's, or far off."""
    rng = np.random.default_rng(seed)
    cents = np.column_stack([rng.uniform(35, 95, k), rng.uniform(-40, 40, k), rng.uniform(-40, 60, k)]).astype(
        np.float32)
    seeds = rng.integers(0, [h, w], (max(12, 3 * k), 2))
    yy, xx = np.mgrid[:h, :w]
    near = np.argmin((yy[..., None] - seeds[:, 0]) ** 2 + (xx[..., None] - seeds[:, 1]) ** 2, axis=2)
    cls = rng.integers(0, k, len(seeds))[near].reshape(-1).astype(np.intp)
    cls[rng.random(cls.size) < 0.02] = k
    n = cls.size
    col = cents[np.minimum(cls, k - 1)].T + rng.normal(0, 3, (3, n)).astype(np.float32)
    a, b = rng.integers(0, k, n), rng.integers(0, k, n)
    t = rng.uniform(0, 1, n).astype(np.float32)
    mixes = rng.random(n)
    on_mix = mixes < 0.25
    col[:, on_mix] = (cents[a] * (1 - t[:, None]) + cents[b] * t[:, None]).T[:, on_mix]
    inked = (mixes >= 0.25) & (mixes < 0.45)
    ink = np.array([20.0, 0.0, 0.0], np.float32)
    col[:, inked] = (cents[a] * (1 - 0.6 * t[:, None]) + ink * 0.6 * t[:, None]).T[:, inked]
    far = (mixes >= 0.45) & (mixes < 0.5)
    col[:, far] = rng.uniform(-60, 100, (3, int(far.sum()))).astype(np.float32)
    col += rng.normal(0, 1.5, col.shape).astype(np.float32)
    return rng, np.ascontiguousarray(col.astype(np.float32)), cls, cents


def _protos(rng, cents):  # type: ignore[no-untyped-def]
    k = len(cents)
    extra = rng.integers(0, k, max(1, k // 3))
    protos = np.concatenate([cents, cents[extra] + rng.normal(0, 12, (len(extra), 3)).astype(np.float32)])
    return protos.astype(np.float32), np.concatenate([np.arange(k), extra]).astype(np.intp)


@pytest.mark.parametrize("seed,k", [(1, 3), (2, 6), (3, 6), (4, 9), (5, 12), (6, 70)])
def test_the_gate_gates_the_blocks_the_old_code_gated(seed: int, k: int) -> None:
    rng, col, cls, cents = _board(seed, k)
    protos, _owner = _protos(rng, cents)
    pcls = np.where(cls < k, cls, len(protos)).astype(np.intp)
    moved = rng.random(pcls.size) < 0.2  # some blocks read by a class's other colours
    pcls[moved] = rng.integers(0, len(protos), int(moved.sum()))
    others = rng.uniform(20, 80, (2, 3)).astype(np.float32)
    gates = rng.uniform(4, 20, len(protos))
    gates[0] = np.inf  # a terrain given as a colour
    old, new = pcls.copy(), pcls.copy()
    _old_gate(col, old, protos, others, gates)
    ex._gate(col, new, protos, others, gates)
    assert np.array_equal(old, new) and (old != pcls).sum() > 50


@pytest.mark.parametrize("seed,k", [(1, 3), (2, 6), (3, 6), (4, 9), (5, 12), (7, 40), (6, 70)])
def test_the_blends_split_as_the_old_code_split_them(seed: int, k: int) -> None:
    rng, col, cls, cents = _board(seed, k)
    # a line of a third class along each boundary between two columns' patches, of the two's mix (a blended edge)
    pic, c3 = cls.reshape(90, 120), col.reshape(3, 90, 120)
    left, right = pic[:, :-1], pic[:, 1:]
    rows, cols = np.nonzero((left != right) & (left < k) & (right < k))
    t = rng.uniform(0.25, 0.75, len(rows)).astype(np.float32)
    c3[:, rows, cols + 1] = (cents[left[rows, cols]] * (1 - t[:, None]) + cents[right[rows, cols]] * t[:, None]).T
    pic[rows, cols + 1] = (left[rows, cols] + right[rows, cols] + 1) % k
    protos, owner = _protos(rng, cents)
    terrains = [SimpleNamespace(samples=None if j % 4 == 3 else cents[j] + rng.normal(0, 2 + j % 3, (30, 3)))
                for j in range(k)]
    old, new = cls.copy(), cls.copy()
    _old_split_blends(col, old, (90, 120), cents, protos, owner, terrains)
    ex._split_blends(col, new, (90, 120), cents, protos, owner, terrains)  # type: ignore[arg-type]
    assert np.array_equal(old, new) and (old != cls).sum() > 20, (old != cls).sum()


@pytest.mark.parametrize("seed,k,patch", [(1, 3, False), (2, 6, False), (3, 6, True), (4, 9, True), (5, 12, False),
                                          (6, 70, False)])
def test_the_inked_blocks_split_as_the_old_code_split_them(seed: int, k: int, patch: bool) -> None:
    rng, col, cls, cents = _board(seed, k)
    protos, owner = _protos(rng, cents)
    others = rng.uniform(20, 80, (1, 3)).astype(np.float32)
    mixed = (np.arange(k) % 5 == 1) if patch else np.zeros(k, bool)
    dotted = np.arange(k) % 7 == 2 if patch else None
    old, new = cls.copy(), cls.copy()
    _old_split_inked(col, old, (90, 120), cents, protos, owner, others, 20.0, mixed, dotted)
    ex._split_inked(col, new, (90, 120), cents, protos, owner, others, 20.0, mixed, dotted)
    assert np.array_equal(old, new) and (old != cls).sum() > 5


def test_the_opening_opens_as_the_old_code() -> None:
    rng = np.random.default_rng(9)
    for h, w, size, p in [(50, 70, 5, 0.8), (40, 40, 3, 0.6), (4, 30, 5, 0.9), (30, 4, 5, 0.9), (33, 47, 7, 0.95)]:
        m = rng.random((h, w)) < p
        assert np.array_equal(_opening(m, size), _old_opening(m, size))
