"""Numbering conventions read from the clicks and the printed hex lines, and clicks checked one by one.

Three clicked hex centres always fit an affine grid exactly, so a wrong convention or a careless click
shows neither in the residuals nor (when the points are far apart) in the shape of the grid: a click
half a hex off on The Longest Day made a grid only 0.8% too tall, a wrong ``--shifted`` 0.7% sheared.
The printed hex lines decide instead:

* :func:`choose_numbering` fits the clicks under every convention the user left open (which columns
  are shifted, rows counted down or up, columns counted right or left) and keeps the one whose
  predicted hexsides lie on dark printed lines; a convention the user gave that the lines clearly
  contradict is refused, naming the one they fit;
* :func:`check_clicks` looks at the grid around each click: when the hexsides there sit on the
  printed lines only after moving the grid half a hex, that click (or its id) is wrong.

Where the lines are too faint to judge (contrast under :data:`MIN_CONTRAST` grey levels) nothing is
refused: the shape checks of :func:`~toolkit.terrain.calibrate.fit_points` are all that is left.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
from collections.abc import Mapping, Sequence

import numpy as np

from ..errors import InputError, ToolkitError
from ..hexgrid import CCRR, Extent, Grid, Hex, Layout
from ..hexgrid.numbering import Numbering

__all__ = ["MIN_CONTRAST", "check_clicks", "choose_numbering", "lines_contrast"]

Point = tuple[float, float]
MIN_CONTRAST = 10.0  # grey levels: sides darker than centres by less than this = no usable lines
SLACK = 0.1  # of a hex's size (centre to corner): how far beside a predicted side its printed line may run
_FREE = ("shifted", "row_direction", "col_direction")


def lines_contrast(gray: np.ndarray, layout: Layout, hexes: Sequence[Hex]) -> float:
    """How much darker (grey levels) the predicted hexsides of ``hexes`` are than the paper beside them
    (median over the side samples that fall on the image; 0 when too few do).

    A click is rarely on the exact centre: a few pixels off, the predicted sides of a grid fitted to the
    clicks run a few pixels beside thin printed lines. So each side sample takes the darkest pixel within
    :data:`SLACK` of a hex's size across the side (4 px on hexes of 37 px) and compares it with the paper
    beyond that band on both sides. A thin dark line near the predicted side scores high, wherever it runs
    (a line between white and sea hexes as well as between two white ones); a flat area scores about 0
    and a grid half a hex off about 0 or below: the sides then run through the middle of hexes."""
    from .calibrate import _bilinear, _side_samples

    hgt, wid = gray.shape
    if len(hexes) < 2:
        return 0.0
    uv, duv = _side_samples(list(hexes), 3)
    if len(uv) == 0:
        return 0.0
    am = np.array(layout.matrix)
    side = uv @ am[:, :2].T + am[:, 2]
    d = duv @ am[:, :2].T
    d /= np.maximum(np.linalg.norm(d, axis=1, keepdims=True), 1e-9)
    nrm = np.stack([-d[:, 1], d[:, 0]], axis=1)
    size = math.sqrt(layout.hex_area() / (1.5 * math.sqrt(3.0)))
    slack = SLACK * size
    w = max(2.0, 0.12 * size) + slack
    keep = ((side[:, 0] >= w + 1) & (side[:, 0] < wid - w - 2) & (side[:, 1] >= w + 1) & (side[:, 1] < hgt - w - 2))
    side, nrm = side[keep], nrm[keep]
    if len(side) < 6:
        return 0.0
    steps = 2 * math.ceil(slack) + 1  # about a pixel apart
    mid = np.min([_bilinear(gray, side[:, 0] + t * nrm[:, 0], side[:, 1] + t * nrm[:, 1])
                  for t in np.linspace(-slack, slack, steps)], axis=0)
    a = _bilinear(gray, side[:, 0] + w * nrm[:, 0], side[:, 1] + w * nrm[:, 1])
    b = _bilinear(gray, side[:, 0] - w * nrm[:, 0], side[:, 1] - w * nrm[:, 1])
    return float(np.median((a + b) / 2 - mid))


def _sample_hexes(layout: Layout, wid: int, hgt: int, near: Sequence[Hex], limit: int = 1500,
                  local: bool = False) -> list[Hex]:
    """Hexes to judge a whole-map convention on: those around the clicks plus a fixed sample of the image, or with
    ``local`` of the hexes in the box of the clicks (and :data:`~toolkit.terrain.calibrate.CLICK_MARGIN` hex
    spacings). Beyond the clicks a grid fitted to clicks a few pixels off drifts off the lines (75 px on The Longest
    Day from 8-px clicks spread over a third of the map), so only the lines near them can judge it."""
    from .calibrate import _cells_in_rect, _click_box

    size = math.sqrt(layout.hex_area() / (1.5 * math.sqrt(3.0)))
    cells = _cells_in_rect(layout, wid, hgt, margin=size)
    if local and near and len(cells):
        lo, hi = _click_box([layout.hex_to_pixel(h) for h in near], 2 * layout.inradius())
        am = np.array(layout.matrix)
        cen = cells @ am[:, :2].T + am[:, 2]
        cells = cells[np.all((cen >= lo) & (cen <= hi), axis=1)]
    if len(cells) > limit:  # sampled before any Hex is made (an image of small hexes has hundreds of thousands)
        cells = cells[np.sort(np.random.default_rng(0).choice(len(cells), limit, replace=False))]
    allh = [Hex(int(q), int(r)) for q, r in cells.tolist()]
    around = {n for h in near for n in (h, *h.neighbours())}
    return list(dict.fromkeys([*around, *allh]))


def _describe(key: str, value: str) -> str:
    return {"shifted": f"--shifted {value}", "row_direction": f"--row-direction {value}",
            "col_direction": f"--col-direction {value}"}[key]


def _variants(nb: Numbering) -> list[Numbering]:
    out: list[Numbering] = [nb]
    for key, values in (("shifted", ("odd", "even")), ("row_direction", ("down", "up")),
                        ("col_direction", ("right", "left"))):
        nxt: list[Numbering] = []
        for v in out:
            for value in values:
                if key == "shifted":
                    nxt.append(dataclasses.replace(v, offset=dataclasses.replace(v.offset, shifted=value)))  # type: ignore
                else:
                    nxt.append(dataclasses.replace(v, **{key: value}))  # type: ignore
        out = list(dict.fromkeys(nxt))
    return out


def _grid_for(nb: Numbering, grid: Grid) -> Grid:
    """``grid`` under numbering ``nb``: the same printed ids (offset rows/columns negated where the
    direction differs)."""
    e, old = grid.extent, grid.numbering
    c0, c1, r0, r1 = e.first_col, e.last_col, e.first_row, e.last_row
    missing = set(e.missing)
    if nb.col_direction != old.col_direction:
        c0, c1 = -c1, -c0
        missing = {(-c, r) for c, r in missing}
    if nb.row_direction != old.row_direction:
        r0, r1 = -r1, -r0
        missing = {(c, -r) for c, r in missing}
    return Grid(nb, Extent(c0, c1, r0, r1, frozenset(missing)), grid.layout)


def _regular_fit(orient: str, pairs: Sequence[tuple[Hex, Point]]) -> Layout:
    """Least-squares regular-hex layout (size, rotation, position only) through 2 or more points."""
    unit = Layout.regular(orient, 1.0)  # type: ignore[arg-type]
    u = np.array([complex(*unit.hex_to_pixel(h)) for h, _ in pairs])
    z = np.array([complex(*p) for _, p in pairs])
    design = np.stack([u, np.ones_like(u)], axis=1)
    (c, t), *_ = np.linalg.lstsq(design, z, rcond=None)
    return unit.then(((c.real, -c.imag, t.real), (c.imag, c.real, t.imag)))


def _offset_words(v: tuple[float, float], spacing: float) -> str:
    frac = math.hypot(*v) / spacing
    amount = ("half a hex" if 0.3 <= frac < 0.7 else "a hex" if 0.7 <= frac < 1.3 else f"{frac:.1f} hexes")
    dx, dy = v
    way = ("vertically" if abs(dx) < 0.3 * abs(dy) else "horizontally" if abs(dy) < 0.3 * abs(dx) else "diagonally")
    return f"{amount} off {way} ({math.hypot(*v):.0f} px)"


def choose_numbering(gray: np.ndarray, grid: Grid, points: Mapping[str, Point], *,
                     given: Sequence[str] = ()) -> tuple[Grid, list[str]]:
    """``grid`` with the numbering convention the clicks and printed lines agree on, and notes for the user.

    Conventions named in ``given`` (``"shifted"``, ``"row_direction"``, ``"col_direction"``) were chosen by
    the user: kept when the lines allow, refused with :class:`InputError` when they clearly favour
    another; the others are inferred (the grid's own value when nothing can be told apart). When no
    convention puts the grid on the printed lines but one does without one of the points, that point
    is refused as a wrong click or id.
    """
    from .calibrate import refuse_degenerate

    hgt, wid = gray.shape
    nb = grid.numbering
    names = list(points)
    if any(not (0 <= x < wid and 0 <= y < hgt) for x, y in points.values()):
        return grid, []  # fit_points names the point off the image
    readings = []
    for v in _variants(nb):
        try:
            g = _grid_for(v, grid)
            readings.append([g.hex(h) for h in names])
        except ToolkitError:
            continue  # an id off the map under this convention: fit_points names it
    # points a pixel apart, on one line or at one place: refused here, before the search over the image
    refuse_degenerate([(h, points[h]) for h in names], readings)
    gray0 = gray
    scored = _score_variants(gray, grid, points)
    best = max(scored, key=lambda t: t[0], default=None)
    darker = "darker"
    if best is None or best[0] < MIN_CONTRAST:
        # hex lines printed lighter than the terrain (white lines on a painted map): the same on the negative
        neg = 255.0 - gray
        scored_n = _score_variants(neg, grid, points)
        best_n = max(scored_n, key=lambda t: t[0], default=None)
        if best_n is not None and (best is None or best_n[0] > best[0]):
            gray, scored, best, darker = neg, scored_n, best_n, "lighter"
    if best is None or best[0] < MIN_CONTRAST:
        _other_reading(gray, grid, points, given, 0.0 if best is None else best[0])
        # on both: whether the lines are darker or lighter than the paper is read from the grid the clicks make,
        # and a wrong one makes a grid on no lines at all (user44: Kuningtou's white lines, an id a row off among 4
        # clicks - '1407' for 1406's centre - taken on the dark reading alone, passed on to fit_points, which named
        # a good click, 0101; on a drawn print of white lines the wrong id was accepted, the grid off the lines)
        for img in (gray0, 255.0 - gray0):
            _leave_one_out(img, grid, points, parity_open="shifted" not in given)
        # no point is wrong, yet the grid is on no lines over the image: clicks a few pixels off, close together,
        # make a grid that drifts off the lines beyond them; the lines between them judge it
        for img, how in ((gray0, "darker"), (255.0 - gray0, "lighter")):
            near = _score_variants(img, grid, points, local=True)
            top = max(near, key=lambda t: t[0], default=None)
            if top is not None and top[0] >= MIN_CONTRAST and (best is None or best[0] < MIN_CONTRAST
                                                               or top[0] > best[0]):
                gray, scored, best, darker = img, near, top, how
    if best is None or best[0] < MIN_CONTRAST:
        if best is None:
            return grid, []
        _clicks_beside_centres(gray0, grid, points, best[0])
        # the lines cannot judge, the clicks' geometry still can: which way rows and columns are counted (the
        # other way round makes a mirrored or upside-down grid), when one way alone fits
        keep = dict(_settings(nb))
        for k in ("row_direction", "col_direction"):
            values = {_settings(t[1])[k] for t in scored}
            if k not in given and len(values) == 1:
                keep[k] = values.pop()
        same = [t for t in scored if _settings(t[1]) == keep]
        note = "the printed hex lines are too faint to check the clicks and the numbering convention"
        if not same or same[0][1] == nb:
            # the convention kept is said (user45: a grid on no lines read 'too faint', 'shifted odd' kept without a
            # word on a print shifted even); which of it the user gave, and what is the default, named
            left = [f"--{k.replace('_', '-')}" for k in _FREE if k not in given]
            if not left:
                return grid, [note]
            return grid, [f"{note}; numbering: {_say(nb, None)}, unchecked (give {', '.join(left)} if the map "
                          "differs)"]
        return same[0][2], [f"{note}; numbering: {_say(same[0][1], None)} (rows and columns read from the clicks)"]
    mine = next((t for t in scored if t[1] == nb), None)
    rivals = [t[0] for t in scored if _settings(t[1]) != _settings(best[1])]
    decisive = max(rivals, default=0.0) < 0.7 * best[0]
    if not decisive:
        # another convention puts the grid on the lines as well: the clicks cannot tell them apart (every
        # clicked hex in an odd column, say: both parities give a grid on the lines, the even columns' ids
        # a hex apart). What the user left open is not guessed.
        close = [t for t in scored if t[0] >= 0.7 * best[0]]
        open_keys = [k for k in _FREE if k not in given and len({_settings(t[1])[k] for t in close}) > 1]
        if open_keys:
            # clicks all on the printed ids a third of a hex above the centres put the grid half on the lines, every
            # convention alike (user46, Roads to Gettysburg's South Map: hexsides 23.5 and 17.0 grey levels darker,
            # 60 with the clicks moved onto the centres); left out in turn, the wavy sheet's 10-20 px made one good
            # click "a hex off vertically (84 px) ... wrong id? (the hex clicked is 5505)". The one offset is named
            _clicks_beside_centres(gray, grid, points, best[0], each_click=True)
            if len(points) >= 4:
                # one wrong id can make both parities fit alike (an id a row off in an odd column of 4 clicks): the
                # point without which the others put the grid on the lines is named, not the convention asked for
                _leave_one_out(gray, grid, points, parity_open="shifted" in open_keys)
            raise InputError(_undecided(open_keys[0], grid, names))
    chosen = best if decisive or mine is None else mine
    wrong = [k for k in given if k in _FREE and _settings(chosen[1])[k] != _settings(nb)[k]]
    if wrong:
        k = wrong[0]
        mine_c = f"{mine[0]:.0f}" if mine is not None else "no regular grid"
        raise InputError(f"the clicks and the printed hex lines fit {_describe(k, _settings(chosen[1])[k])}, not "
                         f"{_describe(k, _settings(nb)[k])} (hexsides {chosen[0]:.0f} grey levels {darker} than the "
                         f"paper beside them, against {mine_c}): check the numbering convention")
    check_clicks(gray, chosen[3], chosen[2], points)
    if len(points) >= 4:
        # a wrong id can make another convention fit every click with the grid sheared onto the lines near each
        # (4 clicks, one an id a row off in an even column: --shifted even inferred on a print shifted odd, the
        # grid 0.84 of a hex off the lines over most of the map, written as a fold). Left out in turn, the point
        # whose absence puts the others' grid on the lines, a fifth of a hex or more from where they put its hex,
        # is refused; between readings that fit alike the convention chosen here wins (three clicks left in odd
        # columns fit either parity)
        _leave_one_out(gray, chosen[2], points)
    changed = [k for k in _FREE if _settings(chosen[1])[k] != _settings(nb)[k]]
    notes = [f"numbering: {_say(chosen[1], None)} (inferred from the clicks and the printed hex lines)"] \
        if changed else []
    if not changed and any(k not in given for k in _FREE):
        # the default kept was said nowhere: a user whose even-column click named the cut hex above its column's
        # first whole hex got 'shifted odd' without a word (and 'shifted even', the other choice, said)
        mine_keys = [f"--{k.replace('_', '-')}" for k in _FREE if k in given]
        kept = f"{', '.join(mine_keys)} as given, the rest the default" if mine_keys else "the default"
        notes = [f"numbering: {_say(chosen[1], None)} ({kept}, which the clicks and the printed hex lines agree with)"]
    return chosen[2], notes


#: a uniform offset of every click from its hex's centre is named from this fraction of a hex's size (centre to
#: corner) on: a fifth of a hex, as a single click is (``check_clicks``); nearer, the refinement pulls the grid on
OFF_CENTRE = 0.2
#: how far (a share of a hex's size) the lines about one click may lie from the offset found for all (user46: Roads
#: to Gettysburg's South Map, a wavy sheet whose lines lie up to 19 px, 0.4 of its 45.5 px size, off one grid)
EACH_CLICK = 0.4


def _clicks_beside_centres(gray: np.ndarray, grid: Grid, points: Mapping[str, Point], contrast: float,
                           each_click: bool = False) -> None:
    """Refuse clicks that all lie the same way beside their hexes' centres: on no convention the clicks' grid lies on
    printed lines, yet moved by one offset it does (every click put on the printed id, printed near the top of its
    hex). user45 on La Garde avance! (Vae Victis: corner ticks, ids printed about 0.6 of a hex's size above the
    centre): four clicks on the ids were taken for lines 'too faint to check the clicks', the default 'shifted odd'
    kept on a print shifted even and a grid rotated 3.3 deg and sheared written, exit 0. The offset is searched
    over one hex (every translation of a hex lattice is one within a hex's size of zero), on both readings of the
    lines (darker and lighter than the paper), for every convention the clicks fit.

    With ``each_click`` (the clicks' grid half on the lines, the conventions alike: user46) the offset is named only
    where the lines about every click agree with it - moved by it, give or take :data:`EACH_CLICK` of a hex's size
    (a wavy sheet's own 10-20 px), the hexes round each click lie on lines: one wrong id shears the clicks' grid, and
    an offset putting most of it on the lines leaves that click's hexes a hex off (user43's id a row off among four
    clicks is then named by the leave-one-out check, as before)."""
    hgt, wid = gray.shape
    found: tuple[float, float, float, float, str] | None = None  # contrast, dx, dy, size, darker|lighter
    fits: dict[tuple[float, float, float, float, str], tuple[Layout, Grid, np.ndarray]] = {}
    for img, how in ((gray, "darker"), (255.0 - gray, "lighter")):
        for _, _, g, lay in _score_variants(img, grid, points):
            size = math.sqrt(lay.hex_area() / (1.5 * math.sqrt(3.0)))
            hexes = _sample_hexes(lay, wid, hgt, [g.hex(h) for h in points], limit=400)

            def at(dx: float, dy: float, lay: Layout = lay, hexes: list[Hex] = hexes, img: np.ndarray = img) -> float:
                moved = dataclasses.replace(lay, c=lay.c + dx, f=lay.f + dy)
                return lines_contrast(img, moved, hexes)

            coarse = [(c, dx, dy) for dx in np.arange(-1.0, 1.01, 0.125) * size
                      for dy in np.arange(-1.0, 1.01, 0.125) * size
                      if OFF_CENTRE * size <= math.hypot(dx, dy) <= size for c in (at(dx, dy),)]
            c, dx, dy = max(coarse)
            fine = [(at(dx + i, dy + j), dx + i, dy + j) for i in np.arange(-0.1, 0.11, 0.05) * size
                    for j in np.arange(-0.1, 0.11, 0.05) * size]
            c, dx, dy = max([(c, dx, dy), *fine])
            if found is None or c > found[0]:
                found = (c, float(dx), float(dy), size, how)
                fits[found] = (lay, g, img)
    if found is None:
        return
    c, dx, dy, size, how = found
    if c < MIN_CONTRAST or c < 2 * max(contrast, 1.0) or math.hypot(dx, dy) < OFF_CENTRE * size:
        return
    if each_click:
        lay, g, img = fits[found]
        steps = np.arange(-1.0, 1.01, 0.25) * EACH_CLICK * size
        for hid in points:
            h = g.hex(hid)
            near = list(dict.fromkeys([h, *(m for n in h.neighbours() for m in (n, *n.neighbours()))]))
            local = max(lines_contrast(img, dataclasses.replace(lay, c=lay.c + dx + i, f=lay.f + dy + j), near)
                        for i in steps for j in steps)
            if local < MIN_CONTRAST:
                return
    # the hexes' centres lie at the clicks moved by (dx, dy): the clicks lie the other way from them
    ways = [w for w, v in (("above", dy), ("below", -dy)) if v > 0.3 * math.hypot(dx, dy)]
    ways += [w for w, v in (("left of", dx), ("right of", -dx)) if v > 0.3 * math.hypot(dx, dy)]
    where = " and ".join(ways) if ways else "beside"
    raise InputError(f"the clicks all lie about {math.hypot(dx, dy):.0f} px {where} the hex centres the printed hex "
                     f"lines make (the lines fit the clicks' grid moved {dx:+.0f},{dy:+.0f} px: hexsides {c:.0f} grey "
                     f"levels {how} than the paper beside them, against {max(contrast, 0.0):.0f} where the clicks put "
                     "them): click each hex's centre, not its printed id (a map may print ids near the top of the hex)")


def _other_reading(gray: np.ndarray, grid: Grid, points: Mapping[str, Point], given: Sequence[str],
                   contrast: float) -> None:
    """When no convention fits the clicks to the printed lines: refuse, naming the option, if the ids read the
    other way (the row first: Ragnarok's '1701' is row 17, column 1) or the hexes turned (pointy for flat)
    do (the user left that option out)."""
    nb = grid.numbering
    e = grid.extent
    tries: list[tuple[str, Grid]] = []
    other = "pointy" if nb.offset.orientation == "flat" else "flat"
    turned = dataclasses.replace(nb, offset=dataclasses.replace(nb.offset, orientation=other))  # type: ignore
    if "orientation" not in given:
        tries.append((f"--orientation {other}", Grid(turned, e)))
    if isinstance(nb, CCRR) and "row_first" not in given:
        swapped = Extent(e.first_row, e.last_row, e.first_col, e.last_col)
        flag = "--row-first" if not nb.row_first else "the column first (no --row-first)"
        tries.append((flag, Grid(dataclasses.replace(nb, row_first=not nb.row_first), swapped)))
        if "orientation" not in given:
            tries.append((f"{flag} and --orientation {other}",
                          Grid(dataclasses.replace(turned, row_first=not nb.row_first), swapped)))  # type: ignore
    for label, g in tries:
        for img in (gray, 255.0 - gray):
            best = max((t[0] for t in _score_variants(img, g, points)), default=0.0)
            if best >= MIN_CONTRAST and best > 2 * max(contrast, 1.0):
                raise InputError(f"the clicks fit the printed hex lines only with {label}: give {label}")


def _undecided(key: str, grid: Grid, names: Sequence[str]) -> str:
    """The message for a convention the clicks cannot decide, saying which click would."""
    nb = grid.numbering
    if key == "shifted":
        lines = "rows" if nb.offset.orientation == "pointy" else "columns"
        nums = {nb.from_offset(*nb.parse(h))[1 if lines == "rows" else 0] % 2 for h in names}
        if len(nums) > 1:
            return (f"the printed hex lines cannot tell which {lines} are shifted (either way puts the grid on "
                    "them); give --shifted odd|even")
        which, other = ("odd", "even") if nums == {1} else ("even", "odd")
        return (f"the clicks cannot tell which {lines} are shifted: every clicked hex is in an {which}-numbered "
                f"{lines[:-1]}, and either way puts the grid on the printed lines; click a hex in an "
                f"{other}-numbered {lines[:-1]} too, or give --shifted odd|even")
    flag = {"row_direction": "--row-direction down|up", "col_direction": "--col-direction right|left"}[key]
    return (f"the clicks cannot tell which way the {key.split('_')[0]}s are counted; click hexes farther apart, "
            f"or give {flag}")


def _score_variants(gray: np.ndarray, grid: Grid, points: Mapping[str, Point], local: bool = False
                    ) -> list[tuple[float, Numbering, Grid, Layout]]:
    """(lines contrast, numbering, grid, layout fitted to the clicks) of every convention the clicks fit; with
    ``local`` the contrast of the hexes in the clicks' box only (see :func:`_sample_hexes`)."""
    from .calibrate import fit_points, layout_shape

    hgt, wid = gray.shape
    scored: list[tuple[float, Numbering, Grid, Layout]] = []
    for v in _variants(grid.numbering):
        g = _grid_for(v, grid)
        try:
            cal = fit_points(g, points, (wid, hgt))
        except ToolkitError:
            continue  # mirrored, squashed or a point that fits nothing under this convention
        if abs(float(layout_shape(cal.layout, v.offset.orientation)["rotation_deg"])) > 30:
            continue  # an upside-down reading of the same clicks: scans are upright
        clicked = [g.hex(h) for h in points]
        scored.append((lines_contrast(gray, cal.layout, _sample_hexes(cal.layout, wid, hgt, clicked, local=local)),
                       v, g, cal.layout))
    return scored


def _leave_one_out(gray: np.ndarray, grid: Grid, points: Mapping[str, Point], decided: bool = False,
                   parity_open: bool = False) -> None:
    """Refuse the one point without which the others put a (regular, for 3 points) grid on the lines, when
    that point is off where they put its hex by a fifth of a hex or more (a click a few pixels off the centre
    is not a mistake: when the best reading leaves out such a point, nothing is refused). Between readings
    that fit the lines alike, the grid's own convention wins; ``decided``: only the grid's own convention is
    read (the lines have chosen it: three points left in odd columns fit either parity, and the reading of
    the other parity would put the fourth a hex off)."""
    from .calibrate import MIN_HEX_PX, _cells_in_rect, hex_size

    hgt, wid = gray.shape
    orient = grid.numbering.offset.orientation
    names = list(points)
    found: list[tuple[float, bool, bool, int, str, Layout, Grid]] = []
    for v in [grid.numbering] if decided else _variants(grid.numbering):
        g = _grid_for(v, grid)
        try:
            pairs = [(g.hex(h), points[h]) for h in names]
        except ToolkitError:
            continue
        for i in range(len(pairs)):
            rest = pairs[:i] + pairs[i + 1:]
            try:
                lay = _regular_fit(orient, rest) if len(rest) < 3 else Layout.fit(rest)
            except (ToolkitError, np.linalg.LinAlgError):
                continue
            if hex_size(lay) < MIN_HEX_PX:
                continue  # two points a pixel apart: hexes too small for any scan
            near = math.dist(lay.hex_to_pixel(pairs[i][0]), pairs[i][1]) < 0.2 * 2 * lay.inradius()
            try:
                if not len(_cells_in_rect(lay, wid, hgt)):
                    continue
                # an affine fit of 3+ other points is judged between them, where it is good (beyond them it drifts
                # with their errors, differently for each reading: 4 px clicks in a fifth of The Longest Day read as
                # a hex off); a regular fit of 2 holds its shape and is judged on the whole image
                c = lines_contrast(gray, lay, _sample_hexes(lay, wid, hgt, [h for h, _ in rest],
                                                            local=len(rest) >= 3))
            except InputError:
                continue  # a grid so sheared that millions of cells would have to be looked at: not a reading
            found.append((c, _settings(v) == _settings(grid.numbering), near, i, names[i], lay, g))
    if not found:
        return
    top = max(t[0] for t in found)
    # the grid's own convention first among readings within 10% of the best (a mistyped id can make another
    # convention fit the other points as well: 4044 for 4045 reads like --shifted even with 4003 wrong)
    c, _, near, i, hid, lay, g = max(found, key=lambda t: (t[0] >= 0.9 * top, t[1], t[0]))
    if c < MIN_CONTRAST or near:
        return  # no reading fits the lines, or the best one has every point where it belongs
    x, y = points[hid]
    # the other points' grid is off by their own errors, more so beyond them (three clicks 8 px off put a fourth
    # hex 13 px from its good click on Battle for Moscow's 54 px hexes): judged on that grid moved onto the lines
    from .calibrate import refine_from_clicks

    others = [p for k, p in points.items() if k != hid]
    with contextlib.suppress(ToolkitError):  # no lines to refine on: the fit of the other points stands
        lay = refine_from_clicks(gray, lay, _sample_hexes(lay, wid, hgt, [g.hex(k) for k in points], local=True),
                                 others)[0]
    if math.dist(lay.hex_to_pixel(g.hex(hid)), (x, y)) < 0.2 * 2 * lay.inradius():
        return  # a click a few pixels off
    alt = _other_parity(g, points, hid) if parity_open else ""
    raise InputError(f"point {i + 1} ({hid}={x:g},{y:g}) is {_off_words(lay, g, hid, (x, y))} from where the other "
                     f"points and the printed hex lines put hex {hid}: {_likely_mistake(lay, g, hid, (x, y))}{alt}")


def _other_parity(grid: Grid, points: Mapping[str, Point], hid: str) -> str:
    """The other reading of a point refused a hex off: the other points all in columns (flat; rows, pointy) of one
    parity fit either ``--shifted``, and the point, the only one of the other parity, fits them under the other
    (every point within a quarter of a hex of one grid). Which it is - its id a row off or the convention - the
    clicks cannot tell (user46 on Roads to Gettysburg's South Map, printed shifted even: clicks 0303, 5504, 0528 and
    5429, the last the one even column's, were refused as "wrong id? (the hex clicked is 5430)"; clicked as that
    said, 'shifted odd' was kept and every even column was numbered a row high, exit 0). Both are said."""
    nb = grid.numbering
    orient = nb.offset.orientation
    k = 0 if orient == "flat" else 1
    try:
        par = {h: nb.parse(h)[k] % 2 for h in points}
    except (ToolkitError, ValueError):
        return ""
    rest = {par[h] for h in points if h != hid}
    if len(rest) != 1 or par[hid] in rest:
        return ""
    other = "even" if nb.offset.shifted == "odd" else "odd"
    g2 = _grid_for(dataclasses.replace(nb, offset=dataclasses.replace(nb.offset, shifted=other)), grid)  # type: ignore
    try:
        pairs = [(g2.hex(h), points[h]) for h in points]
        lay = Layout.fit(pairs)
    except (ToolkitError, np.linalg.LinAlgError):
        return ""
    if max(math.dist(lay.hex_to_pixel(h), p) for h, p in pairs) >= 0.25 * 2 * lay.inradius():
        return ""
    what = "columns" if orient == "flat" else "rows"
    word = {0: "even", 1: "odd"}
    return (f", or the map is --shifted {other}: the other points, all in {word[rest.pop()]} {what}, fit either, "
            f"and under --shifted {other} this one fits them (click another hex in an {word[par[hid]]} {what[:-1]}, or "
            "give --shifted)")


def _off_words(lay: Layout, g: Grid, hid: str, p: Point) -> str:
    px, py = lay.hex_to_pixel(g.hex(hid))
    return _offset_words((p[0] - px, p[1] - py), 2 * lay.inradius())


def _likely_mistake(lay: Layout, g: Grid, hid: str, p: Point) -> str:
    """What the user most likely got wrong about a refused click: x and y swapped, the id of another hex
    (named), or a click beside the centre."""
    spacing = 2 * lay.inradius()
    x, y = p
    if math.dist(lay.hex_to_pixel(g.hex(hid)), (y, x)) < 0.25 * spacing:
        return f"x and y swapped? (hex {hid} is at {y:g},{x:g}; give HEX=X,Y, X across the image, Y down it)"
    there = lay.pixel_to_hex(x, y)
    if math.dist(lay.hex_to_pixel(there), p) < 0.25 * spacing:
        try:
            other = g.numbering.id_of(there)
        except ToolkitError:
            other = ""
        if other and other != g.canonical_id(hid):
            return f"wrong id? (the hex clicked is {other})"
    return "wrong id or wrong click?"


def _others_disagree(grid: Grid, points: Mapping[str, Point], hid: str, gray: np.ndarray | None = None) -> bool:
    """Whether the other points put hex ``hid`` a fifth of a hex or more from its click. Lines beside a click
    that fit a grid moved half a hex may be a chart's, printed over the map (Bastogne's tables): the click is
    refused only when the other points say so too. With ``gray``, 3 or more other points are first moved onto
    the printed lines between them (their own errors put a good click 8 px off on The Longest Day a fifth of a
    hex from their fit)."""
    rest = [(grid.hex(k), q) for k, q in points.items() if k != hid]
    try:
        lay = _regular_fit(grid.numbering.offset.orientation, rest) if len(rest) < 3 else Layout.fit(rest)
    except (ToolkitError, np.linalg.LinAlgError):
        return True
    if gray is not None and len(rest) >= 3 and \
            math.dist(lay.hex_to_pixel(grid.hex(hid)), points[hid]) >= 0.2 * 2 * lay.inradius():
        from .calibrate import refine_from_clicks

        hgt, wid = gray.shape
        with contextlib.suppress(ToolkitError):
            lay = refine_from_clicks(gray, lay, _sample_hexes(lay, wid, hgt, [grid.hex(k) for k in points],
                                                              local=True), [q for _, q in rest])[0]
    return math.dist(lay.hex_to_pixel(grid.hex(hid)), points[hid]) >= 0.2 * 2 * lay.inradius()


def _settings(nb: Numbering) -> dict[str, str]:
    return {"shifted": nb.offset.shifted, "row_direction": nb.row_direction, "col_direction": nb.col_direction}


def _say(nb: Numbering, _old: Numbering | None) -> str:
    s = _settings(nb)
    return f"shifted {s['shifted']}, rows counted {s['row_direction']}, columns counted to the {s['col_direction']}"


def check_clicks(gray: np.ndarray, layout: Layout, grid: Grid, points: Mapping[str, Point]) -> None:
    """Refuse a click whose neighbourhood fits the printed lines only with the grid moved half a hex.

    Around each clicked hex (itself and two rings of neighbours) the lines contrast of ``layout`` is
    compared with that of the same grid moved half a hex towards each of the six neighbours; when a
    move makes the sides clearly darker, the click (or the id given for it) is half a hex off. A click
    whose neighbourhood is on no lines either way (a wrong click the fit of all the points has spread over
    the others) is judged by leaving each point out in turn."""
    off_lines = False
    for i, (hid, p) in enumerate(points.items(), start=1):
        h = grid.hex(hid)
        ring = {h}
        for _ in range(2):
            ring |= {n for k in ring for n in k.neighbours()}
        patch = list(ring)
        here = lines_contrast(gray, layout, patch)
        if here >= MIN_CONTRAST:
            continue  # the sides around this click are on printed lines
        best_c, best_t = here, (0.0, 0.0)
        cx, cy = layout.hex_to_pixel(h)
        for n in h.neighbours():
            nx, ny = layout.hex_to_pixel(n)
            t = ((nx - cx) / 2, (ny - cy) / 2)
            c = lines_contrast(gray, layout.translated(*t), patch)
            if c > best_c:
                best_c, best_t = c, t
        moved_fits = best_c >= MIN_CONTRAST and best_t != (0.0, 0.0) and here < 0.5 * best_c
        if moved_fits and _others_disagree(grid, points, hid, gray):
            v = (-best_t[0], -best_t[1])  # the click relative to where the lines put its hex
            moved = layout.translated(*best_t)
            raise InputError(f"point {i} ({hid}={p[0]:g},{p[1]:g}) is {_offset_words(v, 2 * layout.inradius())} "
                             f"from what the printed hex lines and the other points give: "
                             f"{_likely_mistake(moved, grid, hid, p)}")
        off_lines = True
    if off_lines:
        _leave_one_out(gray, grid, points, decided=True)
