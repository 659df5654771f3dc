"""Grid calibration: the affine layout that puts a map's hexes on a scanned image.

Workflow (digitizing.md section 2.3): the user clicks three or more hex centres and names them; a
least-squares affine fit (:func:`fit_points`) gives a first layout good to a few pixels, which
:func:`refine_layout` then pulls onto the printed hex lines to sub-pixel accuracy: it samples the
darkness profile across every predicted hexside, finds the centre of the printed line in each
profile, and solves a linear least-squares update of the six affine numbers that moves the
predicted sides onto the measured lines (point-to-line alignment), with robust outlier rejection,
repeated with a shrinking search window. :func:`auto_layout` guesses a layout with no clicks at all
from the image's periodicity (FFT), to be confirmed by naming one hex.
"""

from __future__ import annotations

import contextlib
import math
import os
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from ..errors import GridError, HexIdError, ImageError, InputError, ToolkitError
from ..hexgrid import Extent, Grid, Hex, Layout, Numbering
from ..hexgrid.coords import DIRECTIONS as _DIRS
from ..hexgrid.coords import Orientation

__all__ = [
    "BEND_BLOCK",
    "BEND_WARN",
    "MIN_HEX_PX",
    "Bend",
    "Calibration",
    "LocalFit",
    "PointResidual",
    "auto_layout",
    "bends",
    "calibrate",
    "fit_points",
    "grid_covering",
    "hex_size",
    "layout_shape",
    "local_fit",
    "open_image",
    "refine_from_clicks",
    "refine_layout",
    "refuse_degenerate",
    "to_gray",
]

Point = tuple[float, float]
SQRT3 = math.sqrt(3.0)


# --- images ----------------------------------------------------------------------------------------


# EXIF orientation (tag 0x0112) -> how photo viewers show the stored pixels
_TURNS = {2: "mirrored left to right", 3: "turned 180 degrees", 4: "mirrored top to bottom",
          5: "mirrored and turned 90 degrees", 6: "turned 90 degrees clockwise", 7: "mirrored and turned 90 degrees",
          8: "turned 90 degrees anticlockwise"}


def orientation_note(path: str | os.PathLike[str], info: Mapping[Any, Any]) -> str | None:
    """The warning for an image whose EXIF orientation asks viewers to turn or mirror it (a phone's photo of a
    map), from the image's ``info`` (Pillow's), or None. Its pixels are read as stored, as VASSAL reads them (its
    image loading has no EXIF handling): points clicked in a viewer that turned the picture lie elsewhere."""
    raw = info.get("exif")
    if not raw:
        return None
    try:
        exif = Image.Exif()
        exif.load(raw)
        value = int(exif.get(0x0112, 1))
    except Exception:  # a damaged EXIF block: the pixels are still what they are
        return None
    if value not in _TURNS:
        return None
    return (f"wgt: warning: image {path} has an EXIF orientation ({value}: photo viewers show it "
            f"{_TURNS[value]}); wgt reads its pixels as stored, as VASSAL does: give points in that orientation "
            "(or save the picture turned, without the tag, first)")


def open_image(path: str | os.PathLike[str], max_pixels: int | None = None,
               check: Callable[[int, int], object] | None = None,
               note: Callable[[str], object] | None = None) -> Image.Image:
    """Open and fully decode an image as RGB; one-line :class:`ImageError` for a missing, truncated,
    non-image or oversized (decompression bomb) file.

    ``max_pixels`` overrides Pillow's ``Image.MAX_IMAGE_PIXELS`` for this call. ``check(width, height)`` is
    called with the size the file's header gives, before any pixel is decoded (it raises to refuse). ``note`` is
    given :func:`orientation_note`'s warning when the file asks viewers to turn its picture.
    """
    from .pngio import decode_rgb

    p = Path(path)
    if not p.is_file():
        if p.exists():  # a folder, a device (/dev/zero), a pipe: never read it
            raise ImageError(f"image {p} is not a regular file")
        raise ImageError(f"image {p} does not exist")
    old = Image.MAX_IMAGE_PIXELS
    if max_pixels is not None:
        Image.MAX_IMAGE_PIXELS = max_pixels
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(p) as im:
                if check is not None:
                    check(*im.size)
                if note is not None:
                    # a TIFF's orientation is one of its own tags, not an EXIF block in info (a PNG's getexif would
                    # decode the pixels to look for one after them: not done)
                    info = {"exif": im.getexif().tobytes()} if im.format == "TIFF" else im.info
                    if (said := orientation_note(p, info)) is not None:
                        note(said)
                # an 8-bit RGB PNG by libspng (the same pixels in ~2/3 of the time), anything else by Pillow
                fast = decode_rgb(im, p)
                if fast is not None:
                    out = fast
                else:
                    im.load()  # the pixels stay usable after the file is closed
                    out = im.convert("RGB") if im.mode != "RGB" else im
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        limit = Image.MAX_IMAGE_PIXELS
        raise ImageError(f"image {p} is too large to open safely ({_bomb_size(exc)}; limit {limit} pixels)") \
            from None
    except Image.UnidentifiedImageError:
        raise ImageError(f"image {p} is not an image Pillow can read") from None
    except ToolkitError:  # the caller's check refused the size
        raise
    except (OSError, SyntaxError, ValueError) as exc:
        msg = str(exc).splitlines()[0].lower() if str(exc) else type(exc).__name__
        raise ImageError(f"image {p} is unreadable or truncated ({msg})") from None
    finally:
        Image.MAX_IMAGE_PIXELS = old
    return out


def _bomb_size(exc: Exception) -> str:
    import re

    m = re.search(r"\((\d+) pixels\)", str(exc))
    return f"{int(m.group(1))} pixels" if m else "too many pixels"


def to_gray(image: Image.Image | np.ndarray) -> np.ndarray:
    """Luminance of an image as a float32 array (0..255)."""
    if isinstance(image, Image.Image):
        return np.asarray(image.convert("L"), dtype=np.float32)
    arr = np.asarray(image)
    if arr.ndim == 2:
        return arr.astype(np.float32)
    return (arr[..., :3].astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32))


# --- result types ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PointResidual:
    """One clicked centre: where it was clicked, where the fitted layout puts that hex, the distance."""

    hex_id: str
    clicked: Point
    fitted: Point

    @property
    def error(self) -> float:
        return math.hypot(self.fitted[0] - self.clicked[0], self.fitted[1] - self.clicked[1])


@dataclass(frozen=True)
class Calibration:
    """A fitted layout with its evidence.

    ``residuals`` compare the clicks with the final layout (clicks are rarely better than 1-3 px, so
    large values here after refinement mean a careless click, not a bad grid). ``line_rms`` is the rms
    distance (px) between the predicted hexsides and the printed lines found by refinement, and
    ``line_samples`` how many line measurements it used (0 = not refined).
    """

    layout: Layout
    residuals: list[PointResidual] = field(default_factory=list)
    line_rms: float | None = None
    line_samples: int = 0
    method: str = "points"

    def report(self) -> dict[str, Any]:
        """A JSON-able summary (shape, per-point residuals, refinement)."""
        out: dict[str, Any] = {"method": self.method, "layout": [list(r) for r in self.layout.matrix]}
        out.update(layout_shape(self.layout))
        if self.residuals:
            out["points"] = [{"hex": p.hex_id, "clicked": [round(v, 2) for v in p.clicked],
                              "fitted": [round(v, 2) for v in p.fitted], "error_px": round(p.error, 3)}
                             for p in self.residuals]
            errs = [p.error for p in self.residuals]
            out["points_rms_px"] = round(math.sqrt(sum(e * e for e in errs) / len(errs)), 3)
            out["points_max_px"] = round(max(errs), 3)
        if self.line_samples:
            out["line_rms_px"] = round(float(self.line_rms or 0.0), 3)
            out["line_samples"] = self.line_samples
        return out


def layout_shape(layout: Layout, orientation: Orientation | None = None) -> dict[str, float | str]:
    """Readable parameters of a layout: orientation, hex size (centre to corner, px), rotation
    (degrees, clockwise on screen), x/y stretch ratio and shear."""
    orient = orientation or _orientation_of(layout)
    ideal = _unit_matrix(orient)
    lin = np.array([[layout.a, layout.b], [layout.d, layout.e]])
    m = lin @ np.linalg.inv(ideal)  # size * rotation * (stretch, shear)
    det = float(np.linalg.det(m))
    size = math.sqrt(abs(det))
    # polar decomposition m = R * S (R a rotation, S symmetric): rotation from R, stretch/shear from S
    u, s, vt = np.linalg.svd(m)
    rmat = u @ vt
    rot = math.degrees(math.atan2(rmat[1, 0], rmat[0, 0]))
    sym = vt.T @ np.diag(s) @ vt
    stretch = float(sym[0, 0] / sym[1, 1])
    shear = float(sym[0, 1] / math.sqrt(sym[0, 0] * sym[1, 1]))
    return {"orientation": orient, "size_px": round(size, 4), "rotation_deg": round(rot, 4),
            "stretch_xy": round(stretch, 5), "shear": round(shear, 5), "mirrored": det < 0}  # type: ignore[dict-item]


def _unit_matrix(orientation: Orientation) -> np.ndarray:
    reg = Layout.regular(orientation, 1.0)
    return np.array([[reg.a, reg.b], [reg.d, reg.e]])


def _orientation_of(layout: Layout) -> Orientation:
    # flat grids: q steps are the "columns" (mostly horizontal), the r step is vertical
    qx, qy = layout.a, layout.d
    rx, ry = layout.b, layout.e
    flat_err = abs(math.atan2(rx, ry)) % math.pi
    pointy_err = abs(math.atan2(qy, qx)) % math.pi
    flat_err = min(flat_err, math.pi - flat_err)
    pointy_err = min(pointy_err, math.pi - pointy_err)
    return "flat" if flat_err <= pointy_err else "pointy"


# --- fitting from clicked points --------------------------------------------------------------------


#: the smallest hex a scan can show (px from centre to corner, the ``size_px`` of the report): a hex this small is
#: 8 px across, too small for its printed lines, id and terrain; clicks that make smaller hexes are mistakes
#: (pixel coordinates given in the wrong unit, points a pixel apart) and are refused before any search
MIN_HEX_PX = 4.0


_ON_ONE_LINE = ("the clicked points contradict each other: they lie on one line (or two hexes were clicked at one "
                "place); click hexes spread over the map")


def hex_size(layout: Layout) -> float:
    """The hex size of ``layout`` (px from centre to corner; the geometric mean for a stretched grid)."""
    return math.sqrt(abs(layout.hex_area()) / (1.5 * SQRT3))


def refuse_degenerate(pairs: Sequence[tuple[str, Point]], readings: Sequence[Sequence[Hex]]) -> None:
    """Refuse (:class:`InputError`) clicked points that no numbering convention can make a map grid of: two
    distinct hexes clicked at one place, points on one line, or hexes under :data:`MIN_HEX_PX`.

    ``pairs`` are the (hex id, clicked pixel) in order, ``readings`` the hexes of those ids under each
    convention still open. Cheap (a few 3x3 fits, no image): it runs before any search over the image."""
    xy = np.array([p for _, p in pairs], dtype=np.float64).reshape(-1, 2)
    if len(xy) < 3 or not np.isfinite(xy).all():
        return  # fit_points names the problem
    for i in range(len(xy)):
        for j in range(i + 1, len(xy)):
            if math.dist(xy[i], xy[j]) < 1.0:
                raise InputError(f"the clicked points contradict each other: {pairs[i][0]} and {pairs[j][0]} are "
                                 f"clicked at one place "
                                 f"({math.dist(xy[i], xy[j]):.2g} px apart): click each hex at its own centre")
    sv = np.linalg.svd(xy - xy.mean(axis=0), compute_uv=False)
    if sv[-1] <= 0.01 * sv[0]:
        raise InputError(_ON_ONE_LINE)
    sizes = []
    for hexes in readings:
        try:
            sizes.append(hex_size(Layout.fit([(h, (float(x), float(y))) for h, (x, y) in zip(hexes, xy.tolist(),
                                                                                                strict=True)])))
        except (GridError, np.linalg.LinAlgError, ValueError):
            continue  # these ids are on one line under this convention
    if readings and not sizes:
        raise InputError(_ON_ONE_LINE)
    if sizes and max(sizes) < MIN_HEX_PX:
        raise InputError(f"the clicked points make hexes of {max(sizes):.2g} px, too small for a scanned map (at "
                         f"least {MIN_HEX_PX:g} px from centre to corner): give each point as the image pixel x,y "
                         "of its hex's centre, on hexes spread over the map")


def fit_points(grid: Grid, points: Mapping[str, Point], image_size: tuple[int, int] | None = None,
               tolerance: float = 0.3) -> Calibration:
    """Least-squares affine layout through clicked hex centres ``{hex id: (x, y)}``.

    Raises :class:`InputError` for an unknown hex id or a point off the image, and for a set of
    points that contradicts itself: with 4+ points, a residual above ``tolerance`` times the hex
    spacing (the message names the point whose removal fits the rest best); with any number, a fitted
    grid that is mirrored, squashed (x/y stretch beyond 15%) or sheared beyond 0.15.
    """
    pairs: list[tuple[str, Hex, Point]] = []
    for hid, (x, y) in points.items():
        try:
            h = grid.hex(str(hid))
        except GridError as exc:
            raise InputError(f"point {hid}={x:g},{y:g}: {exc}") from None
        if image_size is not None:
            w, hgt = image_size
            if not (0 <= x < w and 0 <= y < hgt):
                raise InputError(f"point {hid}={x:g},{y:g} is off the image ({w}x{hgt} pixels)")
        pairs.append((str(hid), h, (float(x), float(y))))
    if len(pairs) < 3:
        raise InputError(f"calibration needs at least 3 clicked hex centres, got {len(pairs)}")
    if len({h for _, h, _ in pairs}) < len(pairs):
        raise InputError("the same hex was clicked twice under different ids")
    refuse_degenerate([(hid, p) for hid, _, p in pairs], [[h for _, h, _ in pairs]])
    try:
        layout = _fit(pairs)
    except GridError:
        raise InputError(_ON_ONE_LINE) from None
    orient = grid.numbering.offset.orientation
    shape = layout_shape(layout, orient)
    spacing = 2 * layout.inradius()
    resid = [(hid, math.dist(layout.hex_to_pixel(h), p)) for hid, h, p in pairs]
    worst_res = max(r for _, r in resid)
    if len(pairs) >= 4 and worst_res > tolerance * spacing:
        # leave one out: the point without which the others fit best - small residuals and the most
        # regular hexes (with 4 points any 3 fit exactly, so the hex shape decides)
        loo = []
        for i, (hid, h, p) in enumerate(pairs):
            rest = pairs[:i] + pairs[i + 1:]
            try:
                lay = _fit(rest)
            except GridError:
                continue
            sh = layout_shape(lay, orient)
            sp = 2 * lay.inradius()
            rest_err = max(math.dist(lay.hex_to_pixel(h2), p2) for _, h2, p2 in rest) / sp
            badness = rest_err + abs(math.log(max(1e-6, float(sh["stretch_xy"])))) + abs(float(sh["shear"])) \
                + (10.0 if sh["mirrored"] else 0.0)
            loo.append((badness, hid, p, math.dist(lay.hex_to_pixel(h), p)))
        if loo:
            _, hid, p, err = min(loo)
            raise InputError(f"the clicked points contradict each other: point {hid}={p[0]:g},{p[1]:g} is "
                             f"{err:.1f} px from where the other points put hex {hid} "
                             f"(hex spacing {spacing:.1f} px); check its id and position")
    if shape["mirrored"] or not (1 / 1.15 < float(shape["stretch_xy"]) < 1.15) or abs(float(shape["shear"])) > 0.15:
        worst = max(resid, key=lambda t: t[1])[0] if len(pairs) > 3 else pairs[-1][0]
        what = ("mirrored" if shape["mirrored"] else
                f"stretched {float(shape['stretch_xy']):.2f}:1" if abs(float(shape["stretch_xy"]) - 1) >= 0.15
                else f"sheared {float(shape['shear']):.2f}")
        if _fits_swapped(pairs, orient, image_size):
            raise InputError(f"the clicked points make {orient}-top hexes {what}, and fit with every X,Y read as "
                             "Y,X: x and y swapped? (give HEX=X,Y, X across the image, Y down it)")
        raise InputError(f"the clicked points contradict each other: they make {orient}-top hexes {what}; "
                         f"check the ids and the numbering (e.g. point {worst})")
    residuals = [PointResidual(hid, p, layout.hex_to_pixel(h)) for hid, h, p in pairs]
    return Calibration(layout, residuals, method="points")


def _fits_swapped(pairs: Sequence[tuple[str, Hex, Point]], orient: str, image_size: tuple[int, int] | None) -> bool:
    """Whether the clicks, every X,Y read as Y,X, make a regular upright grid (on the image)."""
    swapped = [(hid, h, (p[1], p[0])) for hid, h, p in pairs]
    w, hgt = image_size if image_size is not None else (math.inf, math.inf)
    if not all(0 <= x < w and 0 <= y < hgt for _, _, (x, y) in swapped):
        return False
    try:
        lay = _fit(swapped)
    except GridError:
        return False
    sh = layout_shape(lay, orient)  # type: ignore[arg-type]
    spacing = 2 * lay.inradius()
    return (not sh["mirrored"] and 1 / 1.05 < float(sh["stretch_xy"]) < 1.05 and abs(float(sh["shear"])) < 0.05
            and abs(float(sh["rotation_deg"])) < 10
            and all(math.dist(lay.hex_to_pixel(h), p) < 0.3 * spacing for _, h, p in swapped))


def _fit(pairs: Sequence[tuple[str, Hex, Point]]) -> Layout:
    return Layout.fit([(h, p) for _, h, p in pairs])


# --- refinement against the printed hex lines -------------------------------------------------------


def _bilinear(img: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Bilinear samples of a 2-D float array at pixel-centre coordinates (x right, y down)."""
    h, w = img.shape
    x = np.clip(x, 0, w - 1.001)
    y = np.clip(y, 0, h - 1.001)
    x0 = x.astype(np.intp)
    y0 = y.astype(np.intp)
    fx = (x - x0).astype(np.float32)
    fy = (y - y0).astype(np.float32)
    # one flat index and take() on the raveled image: cheaper than 2-D fancy indexing, four times over
    flat = img.ravel()
    k = y0 * w + x0
    i00 = flat.take(k)
    i01 = flat.take(k + 1)
    k += w
    i10 = flat.take(k)
    i11 = flat.take(k + 1)
    top = i00 + (i01 - i00) * fx
    return top + (i10 + (i11 - i10) * fx - top) * fy


def _side_samples(hexes: Sequence[Hex], per_side: int) -> tuple[np.ndarray, np.ndarray]:
    """Fractional axial sample points along the middle of every hexside of ``hexes`` (once each), and
    the axial direction of each side (as the pair of its end points).

    Each hex in order, its sides towards directions 0, 1, 2 whose neighbour is among ``hexes``; a side runs from
    the corner shared with the neighbour before that direction to the one shared with the neighbour after it,
    each corner the mean of its three hexes' coordinates (integer sums / 3, as floats). In whole arrays: the
    auto search calls this for every trial offset of every candidate lattice."""
    return _cell_side_samples(np.array([(h.q, h.r) for h in hexes], dtype=np.int64).reshape(-1, 2), per_side)


def _cell_side_samples(qr: np.ndarray, per_side: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_side_samples` of the hexes of axial coordinates ``qr`` ((N, 2) integers)."""
    qr = qr.astype(np.int64, copy=False)
    key = qr[:, 0] * (1 << 32) + qr[:, 1]  # one integer a hex (coordinates well within 2**31)
    dq, dr = np.array([d.q for d in _DIRS]), np.array([d.r for d in _DIRS])
    sides = np.arange(3)
    nq, nr = qr[:, 0:1] + dq[sides], qr[:, 1:2] + dr[sides]  # (N, 3) neighbours in directions 0, 1, 2
    has = np.isin(nq * (1 << 32) + nr, key)  # hex-major, then direction: the order of the loop it replaces
    hq, hr = np.broadcast_to(qr[:, 0:1], nq.shape)[has], np.broadcast_to(qr[:, 1:2], nq.shape)[has]
    before, after = (sides - 1) % 6, (sides + 1) % 6
    i = np.broadcast_to(sides, nq.shape)[has]
    sq, sr = hq + nq[has] + hq + dq[before][i], hr + nr[has] + hr + dr[before][i]
    eq, er = hq + nq[has] + hq + dq[after][i], hr + nr[has] + hr + dr[after][i]
    a = np.stack([sq / 3, sr / 3], axis=1).astype(np.float64).reshape(-1, 2)
    b = np.stack([eq / 3, er / 3], axis=1).astype(np.float64).reshape(-1, 2)
    t = np.linspace(0.2, 0.8, per_side)
    pts = a[:, None, :] + (b - a)[:, None, :] * t[None, :, None]
    dirs = np.repeat((b - a)[:, None, :], per_side, axis=1)
    return pts.reshape(-1, 2), dirs.reshape(-1, 2)


def refine_layout(gray: np.ndarray, layout: Layout, hexes: Sequence[Hex] | None = None, *,
                  windows: Sequence[float] = (0.3, 0.18, 0.1, 0.07, 0.07), per_side: int = 7,
                  max_samples: int = 60000, seed: int = 0,
                  places: Sequence[int] | None = None) -> tuple[Layout, float, int]:
    """Pull ``layout`` onto the dark printed hex lines of ``gray`` (a 2-D luminance array).

    Every predicted hexside inside the image is sampled at ``per_side`` points over its middle 60%;
    at each point a profile across the side (half-width ``window * size``) locates the centre of the
    darkest line to sub-pixel precision; a robust linear least-squares fit of the affine update then
    moves the predicted sides onto the measured lines. One pass per window. Returns the new layout,
    the rms line distance (px) after the last pass, and the number of line measurements used. ``places``: only these
    of the ``per_side`` points of each side (0 the first; a print that marks its lines there only: bend notes 1).
    """
    hgt, wid = gray.shape
    if hexes is None:
        hexes = _hexes_in_rect(layout, wid, hgt)
    hexes = list(hexes)
    if len(hexes) < 3:
        raise GridError("too few hexes fall on the image to refine the grid")
    uv, duv = _side_samples(hexes, per_side)
    if places is not None:
        keep_places = np.isin(np.tile(np.arange(per_side), len(uv) // per_side), list(places))
        uv, duv = uv[keep_places], duv[keep_places]
    if len(uv) > max_samples:
        keep = np.random.default_rng(seed).choice(len(uv), max_samples, replace=False)
        uv, duv = uv[keep], duv[keep]
    gray = np.asarray(gray, dtype=np.float32)
    rms, used = float("nan"), 0
    for win in windows:
        size = math.sqrt(layout.hex_area() / (1.5 * SQRT3))
        half = max(2.0, win * size)
        px, n, inside = _across_sides(layout, uv, duv, half, gray.shape)
        if inside.sum() < 12:
            raise GridError("too few predicted hexsides fall on the image to refine the grid")
        p, nn, u = px[inside], n[inside], uv[inside]
        offs, ok = _lines_across(gray, p, nn, half)
        if ok.sum() < 12:
            raise GridError("no printed hex lines found near the predicted grid; check the clicked points")
        offs, nn, u = offs[ok], nn[ok], u[ok]
        # linear model: n . (dA [u v 1]) = offset
        cu, cv = u[:, 0].mean(), u[:, 1].mean()
        uu, vv = u[:, 0] - cu, u[:, 1] - cv
        design = np.stack([nn[:, 0] * uu, nn[:, 0] * vv, nn[:, 0], nn[:, 1] * uu, nn[:, 1] * vv, nn[:, 1]], axis=1)
        wts = np.ones(len(offs))
        used_sel: np.ndarray | None = None
        for _ in range(4):
            sel = wts > 0
            if used_sel is not None and np.array_equal(sel, used_sel):
                break  # the same samples again: the same fit, residuals and weights (a fixed point): done
            used_sel = sel
            sol, *_ = np.linalg.lstsq(design[sel], offs[sel], rcond=None)
            res = offs - design @ sol
            mad = np.median(np.abs(res[sel])) * 1.4826 + 1e-3
            wts = (np.abs(res) < max(3 * mad, 0.15)).astype(float)
        # back from centred coordinates: dx = s0*(u-cu) + s1*(v-cv) + s2
        da, db, dc = sol[0], sol[1], sol[2] - sol[0] * cu - sol[1] * cv
        dd, de, df = sol[3], sol[4], sol[5] - sol[3] * cu - sol[4] * cv
        layout = Layout(*(float(v) for v in (layout.a + da, layout.b + db, layout.c + dc,
                                             layout.d + dd, layout.e + de, layout.f + df)))
        sel = wts > 0
        rms = float(np.sqrt(np.mean((res[sel]) ** 2)))
        used = int(sel.sum())
    return layout, rms, used


def _across_sides(layout: Layout, uv: np.ndarray, duv: np.ndarray, half: float,
                  shape: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The hexside sample points ``uv`` (directions ``duv``, :func:`_side_samples`) placed by ``layout``: their
    pixels, the unit normals across their sides, and which lie far enough inside an image of ``shape`` for a
    profile ``half`` px either side."""
    hgt, wid = shape[:2]
    a = np.array(layout.matrix)
    px = uv @ a[:, :2].T + a[:, 2]
    d = duv @ a[:, :2].T
    d /= np.linalg.norm(d, axis=1, keepdims=True)
    n = np.stack([-d[:, 1], d[:, 0]], axis=1)
    inside = ((px[:, 0] > half + 1) & (px[:, 0] < wid - half - 2) &
              (px[:, 1] > half + 1) & (px[:, 1] < hgt - half - 2))
    return px, n, inside


def _lines_across(gray: np.ndarray, p: np.ndarray, nn: np.ndarray, half: float) -> tuple[np.ndarray, np.ndarray]:
    """At each point ``p``, a profile of ``gray`` (float32) ``half`` px either way along the normal ``nn``: the
    darkest line's offset along it and whether one is found (:func:`_line_offsets`)."""
    step = min(0.5, half / 12)
    ts = np.arange(-half, half + step / 2, step, dtype=np.float64)
    xs = p[:, 0:1] + nn[:, 0:1] * ts[None, :]
    ys = p[:, 1:2] + nn[:, 1:2] * ts[None, :]
    return _line_offsets(_bilinear(gray, xs, ys), ts)  # profiles (N, T)


def _line_offsets(prof: np.ndarray, ts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sub-pixel centre (in ``ts`` units) of the dark line in each profile row, and which rows hold a
    clear line."""
    n = prof.shape[1]
    k = max(2, n // 8)
    left = prof[:, :k].mean(axis=1)
    right = prof[:, -k:].mean(axis=1)
    base = left[:, None] + (right - left)[:, None] * np.linspace(0, 1, n)[None, :]
    dark = base - prof
    depth = dark.max(axis=1)
    wts = np.clip(dark - 0.5 * depth[:, None], 0, None)
    # keep only the run of dark samples around the darkest one: lettering or a symbol a few pixels
    # beside the line must not pull its centre
    amin = np.argmax(dark, axis=1)
    idx = np.arange(n)
    on = wts > 0
    rows = np.arange(prof.shape[0])
    last_off = np.maximum.accumulate(np.where(on, -1, idx[None, :]), axis=1)
    next_off = np.minimum.accumulate(np.where(on, n, idx[None, :])[:, ::-1], axis=1)[:, ::-1]
    lo = last_off[rows, amin] + 1
    hi = next_off[rows, amin] - 1
    wts = np.where((idx[None, :] >= lo[:, None]) & (idx[None, :] <= hi[:, None]), wts, 0.0)
    sw = wts.sum(axis=1)
    off = (wts * ts[None, :]).sum(axis=1) / np.maximum(sw, 1e-9)
    ok = (depth > 25) & (amin > 1) & (amin < n - 2) & (sw > 0)
    # the line core must be narrow compared with the window (not a dark area or a terrain edge)
    core = (wts > 0).sum(axis=1)
    ok &= core < 0.5 * n
    return off, ok


#: the most grid cells a search over the hexes of an image looks at (a 6800x4400 scan of 6 px hexes has about
#: 320,000): more means points that make hexes of a pixel or so, refused before any array is made
MAX_CELLS = 4_000_000


def _cells_in_rect(layout: Layout, width: int, height: int, margin: float = 0.0) -> np.ndarray:
    """Axial (q, r) of the hexes whose centres lie inside the image (less ``margin`` px), q-major
    order, as an (N, 2) integer array (vectorised: auto_layout calls this hundreds of times)."""
    corners = [layout.pixel_to_fractional(x, y) for x, y in ((0, 0), (width, 0), (0, height), (width, height))]
    qs = [c[0] for c in corners]
    rs = [c[1] for c in corners]
    q = np.arange(math.floor(min(qs)) - 1, math.ceil(max(qs)) + 2)
    r = np.arange(math.floor(min(rs)) - 1, math.ceil(max(rs)) + 2)
    if len(q) * len(r) > MAX_CELLS:  # hexes of a pixel or so: memory and time would grow with their number
        size = math.sqrt(abs(layout.hex_area()) / (1.5 * math.sqrt(3.0)))
        raise InputError(f"the grid makes hexes of {size:.2g} px on the {width}x{height} image (over "
                         f"{MAX_CELLS:,} to look at): check the clicked ids and points")
    mq, mr = np.meshgrid(q, r, indexing="ij")
    qq, rr = mq.ravel(), mr.ravel()
    x = layout.a * qq + layout.b * rr + layout.c
    y = layout.d * qq + layout.e * rr + layout.f
    inside = (x >= margin) & (x < width - margin) & (y >= margin) & (y < height - margin)
    return np.stack([qq[inside], rr[inside]], axis=1)


def _hexes_in_rect(layout: Layout, width: int, height: int, margin: float = 0.0, limit: int | None = None) -> list[Hex]:
    """Hexes whose centres lie inside the image (less ``margin`` px); the first ``limit`` of them."""
    cells = _cells_in_rect(layout, width, height, margin)
    if limit is not None:
        cells = cells[:limit]
    return [Hex(int(q), int(r)) for q, r in cells.tolist()]


def _box_mean(a: np.ndarray, r: int) -> np.ndarray:
    """Mean over a (2r+1)^2 window (edges padded by reflection), via an integral image."""
    k = 2 * r + 1
    c = np.pad(a.astype(np.float64), r + 1, mode="reflect")[: a.shape[0] + k, : a.shape[1] + k]
    c = c.cumsum(0).cumsum(1)
    return ((c[k:, k:] - c[:-k, k:] - c[k:, :-k] + c[:-k, :-k]) / (k * k)).astype(np.float32)


def _side_contrast(gray: np.ndarray, lay: Layout) -> float:
    """How much darker (grey levels) the predicted hexside midpoints are than the hex centres."""
    hgt, wid = gray.shape
    size = math.sqrt(lay.hex_area() / (1.5 * SQRT3))
    hexes = _hexes_in_rect(lay, wid, hgt, margin=size)[:2000]
    if len(hexes) < 3:
        return 0.0
    uv, _ = _side_samples(hexes, 3)
    am = np.array(lay.matrix)
    side = uv @ am[:, :2].T + am[:, 2]
    cen = np.array([[h.q, h.r] for h in hexes], dtype=float) @ am[:, :2].T + am[:, 2]
    return float(np.median(_bilinear(gray, cen[:, 0], cen[:, 1])) - np.median(_bilinear(gray, side[:, 0], side[:, 1])))


def _spellable(numbering: Numbering, cell: tuple[int, int]) -> bool:
    try:
        numbering.format(*cell)
    except HexIdError:
        return False
    return True


def grid_covering(grid: Grid, layout: Layout, width: int, height: int) -> Grid:
    """``grid`` with its extent replaced by the columns/rows whose hex centres fall on the image and whose
    ids its numbering can spell (a lettered map's margin left of column A has no letters: it is left out)."""
    num = grid.numbering
    cells = [c for c in (num.offset.from_hex(h) for h in _hexes_in_rect(layout, width, height)) if _spellable(num, c)]
    if not cells:
        raise GridError("no hex centre of the fitted grid falls on the image")
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    have = set(cells)
    c0, c1, r0, r1 = min(cols), max(cols), min(rows), max(rows)
    missing = frozenset((c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1) if (c, r) not in have)
    return Grid(grid.numbering, Extent(c0, c1, r0, r1, missing), layout)


def calibrate(image: Image.Image | np.ndarray, grid: Grid, points: Mapping[str, Point], *, refine: bool = True,
              tolerance: float = 0.3, progress: Callable[[str], None] | None = None) -> Calibration:
    """Fit from clicked centres, then (``refine``) pull the grid onto the printed lines."""
    gray = to_gray(image)
    hgt, wid = gray.shape
    cal = fit_points(grid, points, (wid, hgt), tolerance)
    if not refine:
        return cal
    if progress:
        progress("refining the grid against the printed hex lines")
    hexes = [h for h in grid.hexes()] if len(grid) else None
    layout, rms, used = refine_from_clicks(gray, cal.layout, hexes, [p.clicked for p in cal.residuals])
    # the refined grid must still agree with the clicks to within half a hex
    spacing = 2 * layout.inradius()
    resid = [PointResidual(p.hex_id, p.clicked, layout.hex_to_pixel(grid.hex(p.hex_id))) for p in cal.residuals]
    worst = max(resid, key=lambda p: p.error)
    if worst.error > 0.5 * spacing:
        raise InputError(f"refining the grid moved hex {worst.hex_id} {worst.error:.1f} px from its click; "
                         "the printed lines do not match the clicked points (check the numbering)")
    return Calibration(layout, resid, rms, used, method="points+lines")


#: how far (hex spacings) beyond the box of the clicks a grid fitted to them is trusted to lie within the first
#: refinement window of the printed lines (the clicks' errors spread less inside the box than beyond it)
CLICK_MARGIN = 2.0


def _click_box(points: Sequence[Point], spacing: float) -> tuple[np.ndarray, np.ndarray]:
    xy = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    return xy.min(axis=0) - CLICK_MARGIN * spacing, xy.max(axis=0) + CLICK_MARGIN * spacing


def refine_from_clicks(gray: np.ndarray, layout: Layout, hexes: Sequence[Hex] | None, clicked: Sequence[Point]
                       ) -> tuple[Layout, float, int]:
    """:func:`refine_layout` of a grid fitted to clicks, from the clicks outwards (the lines' polarity judged there).

    A few pixels of error in each click make an affine fit that is good between the clicks but drifts beyond them:
    8 px clicks on The Longest Day put hexes far from them 75 px off, beyond any window of the line search, and the
    refinement settled 10-25 px off. So the grid is first refined on the hexes in the box of the clicks (plus
    :data:`CLICK_MARGIN` hex spacings), then on a box twice as large around its middle, and so on until every hex is
    in; a refined grid is good far beyond the hexes it was refined on. When the clicks' box holds nearly every hex,
    this is one :func:`refine_layout` on them all, as before."""
    hgt, wid = gray.shape
    allh = list(hexes) if hexes is not None else _hexes_in_rect(layout, wid, hgt)
    if len(allh) < 3:
        raise GridError("too few hexes fall on the image to refine the grid")
    am = np.array(layout.matrix)
    cen = np.array([[h.q, h.r] for h in allh], dtype=np.float64) @ am[:, :2].T + am[:, 2]
    lo, hi = _click_box(clicked, 2 * layout.inradius())

    def within(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
        return np.all((cen >= lo) & (cen <= hi), axis=1)  # type: ignore[no-any-return]

    inside = within(lo, hi)
    while inside.sum() < min(60, len(allh)):  # clicks close together: a box of a few dozen hexes to start on
        mid, half = (lo + hi) / 2, (hi - lo) / 2
        lo, hi = mid - 1.5 * half, mid + 1.5 * half
        inside = within(lo, hi)
    if inside.mean() >= 0.9:
        return refine_layout(_line_polarity(gray, layout, _on_image(layout, allh, gray.shape)), layout, allh)
    gray = _line_polarity(gray, layout, [h for h, k in zip(allh, inside.tolist(), strict=True) if k])
    lay = layout
    windows: tuple[float, ...] = (0.3, 0.18, 0.1)
    while not inside.all():
        # no lines found on this part (a chart, the sea): on to the next, larger part
        with contextlib.suppress(GridError):
            lay, _, _ = refine_layout(gray, lay, [h for h, k in zip(allh, inside.tolist(), strict=True) if k],
                                      windows=windows)
        windows = (0.15, 0.1)
        mid, half = (lo + hi) / 2, (hi - lo) / 2
        lo, hi = mid - 2 * half, mid + 2 * half
        inside = within(lo, hi)
    return refine_layout(gray, lay, allh, windows=(0.15, 0.1, 0.07, 0.07))


def _on_image(layout: Layout, hexes: Sequence[Hex], shape: tuple[int, ...]) -> list[Hex]:
    """The ``hexes`` whose centres lie on an image of ``shape`` (rows, columns)."""
    if not hexes:
        return []
    am = np.array(layout.matrix)
    cen = np.array([[h.q, h.r] for h in hexes], dtype=np.float64) @ am[:, :2].T + am[:, 2]
    on = (cen[:, 0] >= 0) & (cen[:, 0] < shape[1]) & (cen[:, 1] >= 0) & (cen[:, 1] < shape[0])
    return [h for h, k in zip(hexes, on.tolist(), strict=True) if k]


def _line_polarity(gray: np.ndarray, layout: Layout, near: Sequence[Hex] | None = None) -> np.ndarray:
    """``gray``, or its negative when the printed hex lines near ``layout``'s sides are lighter than the paper
    beside them (white lines on a painted map, as on Afrika): :func:`refine_layout` pulls onto dark lines. Judged
    on 300 of the ``near`` hexes (where the grid is good: around the clicks; the map's hexes), else of the whole
    image (no hex given)."""
    from .conventions import _sample_hexes, lines_contrast

    hgt, wid = gray.shape
    if near:
        hexes = list(near)
        if len(hexes) > 300:
            hexes = [hexes[i] for i in np.sort(np.random.default_rng(0).choice(len(hexes), 300, replace=False))]
    else:
        hexes = _sample_hexes(layout, wid, hgt, [], limit=300)
    neg = 255.0 - gray
    # the clicks may put the sides a fifth of a hex beside the lines: the best of the grid moved about that much
    step = 0.2 * hex_size(layout)
    moves = [(i * step, j * step) for i in (-1, 0, 1) for j in (-1, 0, 1)]
    dark = max(lines_contrast(gray, layout.translated(*m), hexes) for m in moves)
    light = max(lines_contrast(neg, layout.translated(*m), hexes) for m in moves)
    return neg if light > dark else gray


# --- automatic first guess ---------------------------------------------------------------------------


def auto_layout(image: Image.Image | np.ndarray, orientation: Orientation = "flat",
                anchor: tuple[Hex, Point] | None = None, progress: Callable[[str], None] | None = None) -> Layout:
    """A zero-click guess of the layout from the periodicity of the printed hex lines (FFT), refined
    against the lines. The lattice is found only up to a whole-hex shift: ``anchor`` = (hex, pixel
    near its centre) fixes which hex is which; without it the hex nearest the image centre is
    called (0, 0)."""
    gray = to_gray(image)
    say = progress or (lambda _msg: None)
    say("finding the spacing of the hex lines (FFT)")
    scale = max(1, int(max(gray.shape) // 1500))
    # line strength: darkness relative to the local background (a 7-px box mean at full resolution, so a
    # line 1-2 px wide counts before the image is reduced), then the mean over scale x scale blocks;
    # large areas of dark terrain do not swamp the spectrum with low frequencies. Lightness likewise, for
    # hex lines printed lighter than the terrain.
    dark, light = _line_strength(gray, 3, scale)
    try:
        lay = _auto_search(gray, orientation, scale, dark, progress, "dark")
    except GridError:
        # hex lines printed lighter than the terrain (white lines on a painted map): the same search on
        # the negative, where they are the dark ones
        lay = _auto_search(255.0 - gray, orientation, scale, light, progress, "light")
    if anchor is not None:
        named, (x, y) = anchor
        seen = lay.pixel_to_hex(x, y)
        a = np.array(lay.matrix)
        shift = np.array([seen.q - named.q, seen.r - named.r], dtype=float)
        c = a[:, 2] + a[:, :2] @ shift
        lay = Layout(*(float(v) for v in (a[0, 0], a[0, 1], c[0], a[1, 0], a[1, 1], c[1])))
    return lay


def _downsample(a: np.ndarray, scale: int) -> np.ndarray:
    """Mean over scale x scale blocks (a thin line keeps its share of each block, where taking every
    scale-th pixel would miss it)."""
    if scale == 1:
        return a
    h, w = a.shape[0] // scale * scale, a.shape[1] // scale * scale
    return a[:h, :w].reshape(h // scale, scale, w // scale, scale).mean(axis=(1, 3), dtype=np.float32)


def _line_strength(gray: np.ndarray, r: int, scale: int, band: int = 1024) -> tuple[np.ndarray, np.ndarray]:
    """How much darker each pixel is than the mean of its (2r+1)^2 box, and how much lighter (the same on the
    negative: a box mean is linear), each reduced by ``scale``; computed in bands of rows so that a large scan needs
    a few bands' worth of memory, not several copies of itself, and one box mean serves both."""
    hgt = gray.shape[0] // scale * scale
    band = max(scale, band // scale * scale)
    dark, light = [], []
    for top in range(0, hgt, band):
        lo, hi = max(0, top - r), min(gray.shape[0], top + band + r)
        part = gray[lo:hi]
        diff = (_box_mean(part, r) - part)[top - lo: top - lo + min(band, hgt - top)]
        dark.append(_downsample(np.clip(diff, 0, None), scale))
        light.append(_downsample(np.clip(-diff, 0, None), scale))
    if not dark:
        empty = np.zeros((0, gray.shape[1] // scale), np.float32)
        return empty, empty
    return np.concatenate(dark), np.concatenate(light)


def _try_peak(gray: np.ndarray, orientation: Orientation, scale: int, period: float, ang: float,
              readings: Sequence[tuple[float, float]], tried: list[tuple[float, Layout]]) -> None:
    """Grids from one spectral peak (``period`` px of the reduced image, direction ``ang`` deg), one per
    reading (size factor, turn in deg), each placed at the darkest-sides offset and refined near the image
    centre; those that hold their shape are added to ``tried`` with their side contrast."""
    hgt, wid = gray.shape
    base = 0.0 if orientation == "flat" else 30.0
    cx, cy = wid / 2, hgt / 2
    for mult, turn in readings:
        size = period * scale * mult / 1.5
        if size < 6 or size > min(wid, hgt) / 3:
            continue
        rot = ((ang - turn - base + 30.0) % 60.0) - 30.0
        lay0 = Layout.regular(orientation, size).rotated(rot)
        best = None
        for i in range(6):
            for j in range(6):
                ox, oy = lay0.to_pixel(i / 6, j / 6)
                cand = lay0.translated(cx + ox, cy + oy)
                cells = _cells_in_rect(cand, wid, hgt, margin=size * 2)[:400]
                if len(cells) < 3:
                    continue
                uv, _duv = _cell_side_samples(cells, 5)
                am = np.array(cand.matrix)
                px = uv @ am[:, :2].T + am[:, 2]
                score = float(_bilinear(gray, px[:, 0], px[:, 1]).mean())
                if best is None or score < best[0]:
                    best = (score, cand)
        if best is None:
            continue
        lay = best[1]
        # refine on the few hundred hexes nearest the image centre (enough to judge a candidate)
        near = sorted(_hexes_in_rect(lay, wid, hgt, margin=size),
                      key=lambda h: math.dist(lay.hex_to_pixel(h), (cx, cy)))[:300]
        try:
            for _ in range(2):
                lay, _, _ = refine_layout(gray, lay, near, windows=(0.35, 0.25, 0.15, 0.08))
        except GridError:
            continue
        shape = layout_shape(lay, orientation)
        if (abs(math.log(float(shape["stretch_xy"]))) > 0.1 or abs(float(shape["shear"])) > 0.1
                or abs(math.log(float(shape["size_px"]) / size)) > 0.1
                or abs(float(shape["rotation_deg"]) - rot) > 3 or len(_hexes_in_rect(lay, wid, hgt)) < 30):
            continue  # refinement wandered off: not this candidate
        tried.append((_side_contrast(gray, lay), lay))


def _auto_search(gray: np.ndarray, orientation: Orientation, scale: int, dark: np.ndarray,
                 progress: Callable[[str], None] | None = None, what: str = "dark") -> Layout:
    """The best hex layout whose sides fall on dark printed lines of ``gray``, up to a whole-hex shift, from
    ``dark`` (:func:`_line_strength` of ``gray``, reduced by ``scale``). ``progress`` hears of each phase (``what``
    lines: dark, or light on the negative)."""
    say = progress or (lambda _msg: None)
    sh, sw = dark.shape
    win = np.outer(np.hanning(sh), np.hanning(sw)).astype(np.float32)
    nfft = 1 << math.ceil(math.log2(max(sh, sw) * 2))
    spec = np.abs(np.fft.rfft2((dark - dark.mean()) * win, s=(nfft, nfft)))
    fy = np.fft.fftfreq(nfft)[:, None]
    fx = np.fft.rfftfreq(nfft)[None, :]
    fr = np.hypot(fx, fy)
    spec[fr < 8.0 / min(sh, sw)] = 0  # drop the low-frequency background (at least 8 periods)
    spec[fr > 0.25] = 0
    # candidates: the strongest peaks, each placed at the darkest-sides offset, refined, and scored by how
    # much darker the predicted sides are than the hex centres
    say(f"trying grids on the {what} lines' strongest spacings")
    peaks: list[tuple[float, float]] = []  # (period, angle) of the strongest peaks
    flat_spec = spec.ravel().copy()
    for _ in range(4):
        k = int(np.argmax(flat_spec))
        if flat_spec[k] <= 0:
            break
        iy, ix = np.unravel_index(k, spec.shape)
        f1 = (float(fx[0, ix]), float(fy[iy, 0]))
        rad = max(2, int(0.15 * math.hypot(ix, iy if iy < nfft // 2 else nfft - iy)))
        y0, y1 = max(0, iy - rad), min(spec.shape[0], iy + rad + 1)
        x0, x1 = max(0, ix - rad), min(spec.shape[1], ix + rad + 1)
        spec[y0:y1, x0:x1] = 0
        flat_spec = spec.ravel().copy()
        peaks.append((1.0 / math.hypot(*f1), math.degrees(math.atan2(f1[1], f1[0])) % 60.0))
    tried: list[tuple[float, Layout]] = []
    # each peak read as the spacing of the centres' rows across the column direction (1.5 size), or as its
    # second harmonic; when no grid with clear lines comes of those, as the rows 30 deg off it (sqrt3/2 size:
    # the flat tops and bottoms of flat hexes, long straight lines, can outweigh the slanted sides)
    for readings in (((1.0, 0.0), (2.0, 0.0)), ((SQRT3, 30.0),)):
        if tried and max(t[0] for t in tried) >= 10:
            break
        for period, ang in peaks:
            _try_peak(gray, orientation, scale, period, ang, readings, tried)
    if not tried:
        raise GridError("could not find the hex grid automatically; click 3 or more hex centres instead")
    contrast, lay = max(tried, key=lambda t: t[0])
    if contrast < 10:
        raise GridError("could not find the hex grid automatically (no clear hex lines); click 3 or more "
                        "hex centres instead")
    say(f"refining the grid on every {what} hex line of the image")
    lay, _, _ = refine_layout(gray, lay, windows=(0.15, 0.08, 0.07))
    return lay


# --- where one affine grid does not follow the print ----------------------------------------------------------

#: the blocks the fitted grid is checked on: BEND_BLOCK columns x BEND_BLOCK rows of the map's hexes
BEND_BLOCK = 4
#: a block whose own fit puts its middle (the mean of its hex centres) this fraction of a hex spacing or more from
#: where the grid puts it is reported: the printed lines there are off the grid (a fold, a curled or stretched sheet).
#: Measured: every block of the flat boards (BfM, TLD, Ragnarok, Afrika, Bastogne, Red Winter) is at 0.04 or less
#: (Afrika's worst, at its edge), Seelowe's folded sheet reaches 0.12 left of its crease (docs/calibrate.md)
BEND_WARN = 0.06
#: a block is judged on this many hex-line measurements or more (fewer: a chart, the sea, the map's edge); on a print
#: that marks its hex lines at only some places along each side (corner ticks) that share of it (:func:`marked_places`)
BEND_MIN_SAMPLES = 120
#: bend notes 1 (scan46, from user45's S3): a place along the hexsides (one of :func:`refine_layout`'s ``per_side``
#: sample points, 0.2-0.8 of the side) is marked by the print when lines are found there on the whole map at least
#: this share of the rate of the best-marked place. A print with hex outlines is marked at every place (a flat
#: drawn print 0.90-0.95 at each of the 7, a wavy sheet's lost lines 0.26-0.36 at each: lost evenly along the
#: sides); Vae Victis' La Garde avance! draws only a short tick of each side at the corners: 0.95 at the two ends,
#: 0.04-0.13 between (the drawn tick print of the tests 1.0, 0.85, then 0-0.14). Its 4x4 blocks hold 19-83
#: measurements, of the 120 a block of outlines gives; it was warned "the sheet may not be flat" on every block.
#: Velikie Louki (the same repository's other map, corner ticks too) is marked 0.99 and 0.57-0.64 at the first two
#: places, 0.94-0.99 at the last, 0.06-0.26 between: 3 of 7.
MARKED_RATE = 0.5


@dataclass(frozen=True)
class Bend:
    """One block of hexes (``first`` and ``last`` the ids of its corner cells) and how far (px) the block's own fit on
    its printed lines moves its middle (the mean of its hex centres) from where the grid puts it."""

    first: str
    last: str
    offset_px: float
    spacing_px: float
    samples: int
    dx: float = 0.0  # the offset itself (px, x right and y down): the block's print lies there from the grid
    dy: float = 0.0

    @property
    def fraction(self) -> float:
        return self.offset_px / self.spacing_px

    def report(self) -> dict[str, Any]:
        return {"hexes": f"{self.first}:{self.last}", "first": self.first, "last": self.last,
                "offset_px": round(self.offset_px, 2),
                "offset_hex": round(self.fraction, 3), "samples": self.samples}


@dataclass(frozen=True)
class LocalFit:
    """:func:`local_fit`'s answer: the judged blocks (largest offset first) and the ``(first, last)`` ids of the
    blocks that lie on the image with enough hexsides but whose lines could not be followed (``unjudged``: no hex
    lines there, or more than about 0.17 of a hex off even from a judged neighbour's fit); ``among``: how many of
    those have a judged block right beside them on all four sides (left, right, above and below), one of them off by
    half of :data:`BEND_WARN` or more: lines lost where the print moves, not a chart or the sea."""

    judged: list[Bend]
    unjudged: list[tuple[str, str]]
    among: int


#: the fewest measurements a block is judged on, however few places the print marks (an affine fit has 6 unknowns)
MIN_MARKED_SAMPLES = 24


def marked_places(gray: np.ndarray, layout: Layout, hexes: Sequence[Hex], per_side: int = 7,
                  window: float = 0.1) -> tuple[int, ...]:
    """The places along the hexsides (of :func:`refine_layout`'s ``per_side`` sample points, 0 the first) at which
    the print marks its hex lines (bend notes 1): at each place, the rate at which a line is found over ``hexes``'
    sides on the image (``gray`` already of the lines' polarity, ``layout`` the whole map's grid, a search ``window``
    of a hex size either side); a place is marked at :data:`MARKED_RATE` of the best place's rate or more. Every
    place for hex outlines (and for a sheet whose lines are lost evenly along the sides: a wave, a fold); the two
    ends for corner ticks that reach 0.2 of the side. Every place where no line is found at all."""
    every = tuple(range(per_side))
    uv, duv = _side_samples(hexes, per_side)
    if not len(uv):
        return every
    size = math.sqrt(abs(layout.hex_area()) / (1.5 * SQRT3))
    half = max(2.0, window * size)
    px, n, inside = _across_sides(layout, uv, duv, half, gray.shape)
    place = np.tile(np.arange(per_side), len(uv) // per_side)[inside]
    p, nn = px[inside], n[inside]
    if not len(p):
        return every
    _, ok = _lines_across(np.asarray(gray, dtype=np.float32), p, nn, half)
    rate = np.array([ok[place == j].mean() if (place == j).any() else 0.0 for j in range(per_side)])
    if rate.max() <= 0:
        return every
    return tuple(int(j) for j in np.flatnonzero(rate >= MARKED_RATE * rate.max()))


def bends(image: Image.Image | np.ndarray, grid: Grid, block: int = BEND_BLOCK) -> list[Bend]:
    """The judged blocks of :func:`local_fit`, largest offset first."""
    return local_fit(image, grid, block).judged


def local_fit(image: Image.Image | np.ndarray, grid: Grid, block: int = BEND_BLOCK) -> LocalFit:
    """How far the printed hex lines lie from ``grid`` (its calibration) locally: the map's hexes in blocks of
    ``block`` columns x ``block`` rows, each block's grid refined on its own lines (:func:`refine_layout` from the
    whole grid, windows 0.3-0.07 of a hex size), and how far that moves the block's middle. A block is judged on
    :data:`BEND_MIN_SAMPLES` line measurements or more, times the share of the places along a side the print marks
    (:func:`marked_places`: corner ticks only 2 or 3 of 7; bend notes 1), measured at those places only; one that is
    not is refined again from each judged neighbour's fit (a step larger than the first window, reached block by
    block), and left unjudged if that fails too."""
    layout = grid.layout
    if layout is None:
        raise GridError("the grid has no calibration")
    gray = to_gray(image)
    hexes = grid.hexes()
    if len(hexes) < 3:
        return LocalFit([], [], 0)
    # the lines' polarity judged on the map's own hexes: the paper beyond them (another map's sheet, a chart, the
    # margin a scan happens to have) does not decide it
    gray = _line_polarity(gray, layout, _on_image(layout, hexes, gray.shape))
    hgt, wid = gray.shape
    off = grid.numbering.offset
    groups: dict[tuple[int, int], list[tuple[Hex, tuple[int, int]]]] = {}
    e = grid.extent
    for h in hexes:
        c, r = off.from_hex(h)
        groups.setdefault(((c - e.first_col) // block, (r - e.first_row) // block), []).append((h, (c, r)))
    spacing = 2 * layout.inradius()
    am = np.array(layout.matrix)
    size = hex_size(layout)
    fits: dict[tuple[int, int], tuple[Layout, int]] = {}
    tried: set[tuple[int, int]] = set()  # the unjudged blocks with enough hexsides on the image
    # bend notes 1: a block is asked for as many measurements as the print can give it - the share of the places
    # along a side that it marks (corner ticks: 2 or 3 of 7); a print of hex outlines, or a wavy one, all 120
    # and measured at those places only: elsewhere what looks like a line is no hex mark (Velikie Louki's weather
    # chart, its outlines of offset hexes at every place, made a block 0.107 of a hex off on 66 measurements)
    marked = marked_places(gray, layout, hexes)
    need = max(MIN_MARKED_SAMPLES, math.ceil(BEND_MIN_SAMPLES * len(marked) / 7))
    places = None if len(marked) == 7 else marked
    if places is not None:
        # the blocks are compared with the whole map's grid measured at the same places: the grid refined on every
        # place is pulled by what lies between the marks (Velikie Louki's ids, printed at the middle of each hex's
        # lower side: its 18 blocks 1-3.4 px above it, 0.013-0.059 of a hex, against 0.004-0.047 from this grid)
        with contextlib.suppress(GridError):
            layout = refine_layout(gray, layout, _on_image(layout, hexes, gray.shape), windows=(0.1, 0.07),
                                   places=places)[0]
        am = np.array(layout.matrix)

    def fit(hs: list[Hex], start: Layout) -> tuple[Layout, int] | None:
        try:
            lay, _, used = refine_layout(gray, start, hs, windows=(0.3, 0.18, 0.1, 0.07), places=places)
        except GridError:
            return None
        return (lay, used) if used >= need else None

    for key in sorted(groups):
        hs = [h for h, _ in groups[key]]
        if len(hs) < 3:
            continue
        got = fit(hs, layout)
        if got is not None:
            fits[key] = got
            continue
        uv, _ = _side_samples(hs, 7)
        px = uv @ am[:, :2].T + am[:, 2]
        inside = ((px[:, 0] > size) & (px[:, 0] < wid - size) & (px[:, 1] > size) & (px[:, 1] < hgt - size))
        if inside.sum() >= BEND_MIN_SAMPLES:  # the places on the image: whether the print marks them or not
            tried.add(key)
    grown = True
    while grown and tried:  # again from a judged neighbour's fit, until no block more is judged
        grown = False
        for key in sorted(tried):
            starts = [fits[(key[0] + i, key[1] + j)][0] for i in (-1, 0, 1) for j in (-1, 0, 1)
                      if (key[0] + i, key[1] + j) in fits]
            for start in starts:
                got = fit([h for h, _ in groups[key]], start)
                if got is not None:
                    fits[key] = got
                    tried.discard(key)
                    grown = True
                    break
    fmt = grid.numbering.format

    def corners(key: tuple[int, int]) -> tuple[str, str]:
        cells = [c for _, c in groups[key]]
        return (fmt(min(c for c, _ in cells), min(r for _, r in cells)),
                fmt(max(c for c, _ in cells), max(r for _, r in cells)))

    moved: dict[tuple[int, int], Bend] = {}
    for key, (lay, used) in sorted(fits.items()):
        qr = np.array([[h.q, h.r] for h, _ in groups[key]], dtype=np.float64)
        bm = np.array(lay.matrix)
        d = (qr @ bm[:, :2].T + bm[:, 2]) - (qr @ am[:, :2].T + am[:, 2])
        first, last = corners(key)
        dm = d.mean(axis=0)
        moved[key] = Bend(first, last, float(np.hypot(*dm)), spacing, used, float(dm[0]), float(dm[1]))
    out = sorted(moved.values(), key=lambda b: -b.offset_px)
    near = ((-1, 0), (1, 0), (0, -1), (0, 1))
    # a block lost among judged ones on all four sides, one of them off by half the warning or more: the print
    # there moves away from the grid (a flat board's chart or lake among its hexes has straight neighbours)
    among = sum(1 for k in tried if all((k[0] + i, k[1] + j) in fits for i, j in near)
                and max(moved[(k[0] + i, k[1] + j)].fraction for i, j in near) >= BEND_WARN / 2)
    return LocalFit(out, [corners(k) for k in sorted(tried)], among)
