"""Hex coordinates over numpy arrays: the vectorised forms of :mod:`toolkit.hexgrid.coords` for code that reads many
points at once (a module of its own, so that importing the grid does not import numpy)."""

from __future__ import annotations

import numpy as np

__all__ = ["cube_round_arrays"]


def cube_round_arrays(fq: np.ndarray, fr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Vectorised :func:`toolkit.hexgrid.coords.cube_round`, with the same tie rule: the nearest hexes' ``q`` and
    ``r`` (float arrays of whole numbers, ``fq``'s shape) of the fractional axial coordinates ``fq``, ``fr``."""
    fs = -fq - fr
    # halves round up, as cube_round does (np.round would round them to even)
    q, r, s = np.floor(fq + 0.5), np.floor(fr + 0.5), np.floor(fs + 0.5)
    dq, dr, ds = np.abs(q - fq), np.abs(r - fr), np.abs(s - fs)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    q = np.where(fix_q, -r - s, q)
    r = np.where(fix_r, -q - s, r)
    return q, r
