"""speed9: parts.components finds each run's runs above for every row at once and its roots in whole arrays; the
labels and the count are the old code's (main 0e4075a's, kept below), pixel for pixel, on random masks of every
density and shape (one row, one column, empty, full) - the symbols', the dotted classes', the blobs' and the line
tracer's parts are numbered as before."""

from __future__ import annotations

import numpy as np

from toolkit.terrain.parts import components, part_sizes, root


def _old_components(m: np.ndarray) -> tuple[np.ndarray, int]:
    h, w = m.shape
    if not m.any():
        return np.zeros(m.shape, np.int32), 0
    p = np.zeros((h, w + 2), np.int8)
    p[:, 1:-1] = m
    d = np.diff(p, axis=1)
    ry, rs = np.nonzero(d == 1)
    _, re = np.nonzero(d == -1)
    parent = list(range(len(ry)))
    rows = np.searchsorted(ry, np.arange(h + 1))
    for y in range(1, h):
        a0, a1, b0, b1 = rows[y - 1], rows[y], rows[y], rows[y + 1]
        if a0 == a1 or b0 == b1:
            continue
        ps, pe = rs[a0:a1], re[a0:a1]
        lo = np.searchsorted(pe, rs[b0:b1], side="left")
        hi = np.searchsorted(ps, re[b0:b1] + 1, side="left")
        for k, (i, j) in enumerate(zip(lo.tolist(), hi.tolist())):
            for q in range(i, j):
                ra, rb = root(parent, a0 + q), root(parent, b0 + k)
                if ra != rb:
                    parent[rb] = ra
    roots = np.array([root(parent, i) for i in range(len(ry))])
    _, inverse = np.unique(roots, return_inverse=True)
    lab = inverse.astype(np.int32) + 1
    out = np.zeros(h * w, np.int32)
    out[m.ravel()] = np.repeat(lab, re - rs)
    return out.reshape(h, w), int(lab.max())


def test_the_parts_are_labelled_as_the_old_code_labelled_them() -> None:
    rng = np.random.default_rng(14)
    shapes = [(1, 1), (1, 40), (40, 1), (2, 2), (63, 63), *(tuple(rng.integers(1, 90, 2)) for _ in range(400))]
    many = 0
    for h, w in shapes:
        for p in (0.0, 0.05, 0.3, 0.55, 0.8, 1.0):
            m = rng.random((h, w)) < p
            old, new = _old_components(m), components(m)
            assert new[1] == old[1] and new[0].dtype == old[0].dtype and np.array_equal(new[0], old[0]), (h, w, p)
            many = max(many, new[1])
    assert many > 100  # masks of many parts (spirals of runs joined in any order among them)


def test_part_sizes_are_the_old_codes() -> None:
    rng = np.random.default_rng(15)
    m = rng.random((70, 90)) < 0.5
    lab, _ = _old_components(m)
    assert np.array_equal(part_sizes(m), np.bincount(lab.ravel())[lab] * m)
