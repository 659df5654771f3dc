"""Georeference of our map 35: the hex ids the rules print, fitted to where the places are.

1. Every point is first projected with a Lambert azimuthal equal-area projection (km), centred on the
   whole degree of longitude and latitude that fits best (the printed map's own projection is unknown).
2. A similarity (scale, rotation, shift: the hexes stay regular) from the hex plane to those km is fitted
   by least squares to the control points (places whose hex id the rules print, ``places.yaml`` entries
   with ``id``). Its residuals, in hexes, say how well one regular grid on one projection explains the
   printed ids: :func:`fit` returns them and the map's ``meta.georef`` keeps them.
3. The printed map is a drawing, not a survey: a thin-plate spline through the residuals (rubber-sheeting)
   then moves each control point exactly onto its hex centre, smoothly in between, so each named place
   lands on its id and the coasts and islands around it come along.

The plane of the map is the hex plane in km: hex centre spacing ``spacing_km``, x east, y south, axial
hex (0, 0) at the origin, no rotation (the rotation is in the similarity).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from toolkit.hexgrid import Layout
from toolkit.hexgrid.numbering import Numbering
from toolkit.terrain.vector import LambertAzimuthal

#: projection centres tried (whole degrees): the fit keeps the one with the smallest squared residuals
CENTRES = [(float(lon), float(lat)) for lon in range(10, 41) for lat in range(35, 76)]


def _tps_kernel(r2: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(r2 > 0, r2 * np.log(np.where(r2 > 0, r2, 1.0)) / 2.0, 0.0)


@dataclass(frozen=True)
class Georef:
    """The fitted transform: lon/lat -> the map's hex plane (km)."""

    spacing_km: float
    rotation_deg: float
    shift_km: tuple[float, float]
    names: tuple[str, ...]
    ids: tuple[str, ...]
    residuals_hex: tuple[float, ...]  # of the least-squares similarity, per control point
    proj: LambertAzimuthal
    warp_nodes: np.ndarray  # (n, 2) plane km of the control points after the similarity
    warp_weights: np.ndarray  # (n + 3, 2) thin-plate spline weights and affine part

    @property
    def layout(self) -> Layout:
        """Pointy hexes ``spacing_km`` apart, axial (0, 0) at the origin."""
        return Layout.regular("pointy", self.spacing_km / math.sqrt(3.0))

    def _similar(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Projected km -> hex plane km (the inverse of the fitted similarity, scale kept in km)."""
        t = math.radians(self.rotation_deg)
        dx, dy = x - self.shift_km[0], y - self.shift_km[1]
        return math.cos(t) * dx + math.sin(t) * dy, -math.sin(t) * dx + math.cos(t) * dy

    def _warp(self, u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        pts = np.column_stack([u, v])
        d2 = ((pts[:, None, :] - self.warp_nodes[None, :, :]) ** 2).sum(-1) / self.spacing_km**2
        n = len(self.warp_nodes)
        k = _tps_kernel(d2)
        basis = np.column_stack([np.ones(len(pts)), u / self.spacing_km, v / self.spacing_km])
        off = k @ self.warp_weights[:n] + basis @ self.warp_weights[n:]
        return u + off[:, 0], v + off[:, 1]

    def forward(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """lon/lat degrees -> the map plane (km)."""
        x, y = self.proj.forward(lon, lat)
        u, v = self._similar(np.asarray(x, dtype=float).ravel(), np.asarray(y, dtype=float).ravel())
        return self._warp(u, v)

    def point(self, lat: float, lon: float) -> tuple[float, float]:
        u, v = self.forward(np.array([lon]), np.array([lat]))
        return float(u[0]), float(v[0])

    def to_dict(self) -> dict[str, object]:
        return {**self.proj.to_dict(), "units": "km", "spacing_km": round(self.spacing_km, 4),
                "rotation_deg": round(self.rotation_deg, 4),
                "shift_km": [round(v, 3) for v in self.shift_km],
                "fit": "least-squares similarity (hex plane -> projected km) to the control points, then a "
                       "thin-plate spline through the residuals so each control point lands on its hex centre",
                "residuals_hex": {f"{n} {i}": round(r, 3) for n, i, r in zip(self.names, self.ids,
                                                                            self.residuals_hex)}}


def fit(control: Mapping[str, tuple[str, Sequence[float]]], numbering: Numbering) -> Georef:
    """Fit to ``{name: (hex id, [lat, lon])}``: the similarity by least squares, then the spline."""
    names = tuple(control)
    ids = tuple(control[n][0] for n in names)
    unit = Layout.regular("pointy", 1.0 / math.sqrt(3.0))  # centre spacing 1
    hexplane = np.array([unit.hex_to_pixel(numbering.hex_of(h)) for h in ids])
    lat = np.array([float(control[n][1][0]) for n in names])
    lon = np.array([float(control[n][1][1]) for n in names])
    best = min((_similarity(LambertAzimuthal(*c), lon, lat, hexplane)[0], c) for c in CENTRES)
    proj = LambertAzimuthal(*best[1])
    px, py = proj.forward(lon, lat)
    n = len(names)
    _, (a, b, tx, ty), resid = _similarity(proj, lon, lat, hexplane)
    scale = math.hypot(a, b)
    residuals = tuple(float(v) for v in np.hypot(resid[:, 0], resid[:, 1]) / scale)
    partial = Georef(scale, math.degrees(math.atan2(b, a)), (float(tx), float(ty)), names, ids, residuals,
                     proj, np.zeros((0, 2)), np.zeros((3, 2)))
    u, v = partial._similar(px, py)
    nodes = np.column_stack([u, v])
    target = hexplane * scale
    # thin-plate spline: offsets (target - nodes) at the nodes, in units of the spacing for conditioning
    d2 = ((nodes[:, None, :] - nodes[None, :, :]) ** 2).sum(-1) / scale**2
    k = _tps_kernel(d2)
    p = np.column_stack([np.ones(n), u / scale, v / scale])
    system = np.zeros((n + 3, n + 3))
    system[:n, :n], system[:n, n:], system[n:, :n] = k, p, p.T
    values = np.zeros((n + 3, 2))
    values[:n] = target - nodes
    weights = np.linalg.solve(system, values)
    return Georef(scale, partial.rotation_deg, partial.shift_km, names, ids, residuals, proj, nodes, weights)


def _similarity(proj: LambertAzimuthal, lon: np.ndarray, lat: np.ndarray,
                hexplane: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """The least-squares similarity ``projected = [a -b; b a] @ hexplane + t`` (linear in a, b, tx, ty) on
    this projection: (sum of squared residuals in hexes, (a, b, tx, ty), residual vectors in km)."""
    px, py = proj.forward(lon, lat)
    n = len(lon)
    a_mat = np.zeros((2 * n, 4))
    rhs = np.empty(2 * n)
    a_mat[0::2] = np.column_stack([hexplane[:, 0], -hexplane[:, 1], np.ones(n), np.zeros(n)])
    a_mat[1::2] = np.column_stack([hexplane[:, 1], hexplane[:, 0], np.zeros(n), np.ones(n)])
    rhs[0::2], rhs[1::2] = px, py
    sol, *_ = np.linalg.lstsq(a_mat, rhs, rcond=None)
    resid = (a_mat @ sol - rhs).reshape(-1, 2)
    return float((resid**2).sum() / (sol[0] ** 2 + sol[1] ** 2)), sol, resid
