"""Connected parts (8-neighbours) of a boolean mask, as the scan extraction's symbols, dotted classes and line
tracer use them: labels by union-find over each row's runs, and each pixel's part size."""

from __future__ import annotations

import numpy as np


def root(parent: list[int], a: int) -> int:
    """The root of ``a`` in the union-find forest ``parent`` (paths halved on the way)."""
    while parent[a] != a:
        parent[a] = parent[parent[a]]
        a = parent[a]
    return a


def components(m: np.ndarray) -> tuple[np.ndarray, int]:
    """Connected parts (8-neighbours) of ``m``: a label per pixel (0 off the mask, 1.. on it) and how
    many. Runs of each row are joined to the overlapping runs of the row above (union-find)."""
    h, w = m.shape
    if not m.any():
        return np.zeros(m.shape, np.int32), 0
    p = np.zeros((h, w + 2), np.int8)
    p[:, 1:-1] = m
    d = np.diff(p, axis=1)
    ry, rs = np.nonzero(d == 1)
    _, re = np.nonzero(d == -1)  # one past the end; both in row-major order, so paired
    parent = list(range(len(ry)))
    rows = np.searchsorted(ry, np.arange(h + 1))
    for y in range(1, h):
        a0, a1, b0, b1 = rows[y - 1], rows[y], rows[y], rows[y + 1]
        if a0 == a1 or b0 == b1:
            continue
        ps, pe = rs[a0:a1], re[a0:a1]
        # runs of the row above overlapping each run (8-neighbours: one pixel either way)
        lo = np.searchsorted(pe, rs[b0:b1], side="left")  # first run above ending at or after start - 1 + 1
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


def part_sizes(mask: np.ndarray) -> np.ndarray:
    """The size of the connected part (8-neighbours) each pixel of ``mask`` is in (0 off the mask)."""
    lab, _ = components(mask)
    return np.bincount(lab.ravel())[lab] * mask
