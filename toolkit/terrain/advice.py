"""Warnings about a legend, from what an extraction learned with it (`wgt map extract` prints them).

A legend written by a new user fails in ways the numbers printed do not say out loud: a symbol learned from
one example hex (no leave-one-out check is possible, its threshold is a guess), example hexes that do not hold
the symbol (the template is then a speck found nearly everywhere), a terrain sampled from hexes whose paper is
the same as another class's (a forest of tree symbols on white, sampled as its hexes' median: nearly white),
a line feature found on a large share of all hexsides (a colour that matches the hex lines or the ground).
Each rule here holds on any map: none is keyed to a board.

advice notes 3 (garde47): a symbol of two examples was said to have "no leave-one-out check possible", beside the
command's own "leave-one-out 2 of 2 examples found" (La Garde avance!'s trees): with two the check runs, each example
looked for with the other's mark alone, and the line says so, with its count; with one it is as before.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from toolkit.errors import GridError

from .colour import lab_to_rgb, rgb_to_hex
from .extract_raster import LINE_AREA, MASK_TOLERANCE

FEW_EXAMPLES = 3  # docs/legend.md: "Give at least three examples per class"
SYMBOL_EVERYWHERE = 0.5  # a printed symbol in more than half the hexes is no symbol
TERRAIN_ALIKE_DE = 8.0  # two sampled terrains closer (Delta E) than a terrain's least spread overlap
LINE_EVERYWHERE = 0.25  # a line feature on more than a quarter of all hexsides is no line
EXAMPLE_APART = 0.5  # a symbol example scoring under this share of the others' median is not their mark


def _unfound_examples(ext: Any, name: str, r: Any) -> list[str]:
    """A line per example hex of symbol ``name`` that its own learned template does not find (its score below the
    threshold), naming the neighbour that scores highest when that one scores more: the mark is likely there. A Red
    Winter village example read off a `wgt map tiles` page (R12, its id just above a building) held the building's
    neighbour S11's edge only: 0.17 against a threshold of 0.68, S11 0.63, and every example then missed by the
    others' template (village 1/13). An example scoring under ``EXAMPLE_APART`` of the others' median is said too
    (on a sparse map the threshold is lowered to take it in, and the hex is found without the mark)."""
    sc = next((s for s in ext.legend.symbols if s.name == name), None)
    if sc is None or len(sc.examples) != len(r.example_scores):
        return []
    out = []
    scores = list(r.example_scores)
    for k, (hid, v) in enumerate(zip(sc.examples, scores)):
        others = scores[:k] + scores[k + 1:]
        typical = float(np.median(others)) if others else 0.0
        if v >= r.threshold and v >= EXAMPLE_APART * typical:
            continue
        if v < r.threshold:
            line = (f"symbol {name}: its example hex {hid} is not found with the template learned from the examples "
                    f"(it scores {v:.2f}, the threshold is {r.threshold:.2f})")
        else:
            line = (f"symbol {name}: its example hex {hid} scores {v:.2f} against the template learned from the "
                    f"examples, the others {typical:.2f} (median): the threshold was set low to take it in")
        try:
            # not another example: that mark is marked already
            near = [n for n in (ext.grid.id(h) for h in ext.grid.neighbours(ext.grid.hex(hid))) if n not in sc.examples]
        except GridError:
            near = []
        best = max(near, key=lambda n: r.scores.get(n, 0.0), default=None)
        if best is not None and r.scores.get(best, 0.0) > v:
            line += (f"; {best} beside it scores {r.scores[best]:.2f}: is the mark in {best}? (the overlay writes each "
                     "id at its hex's centre)")
        else:
            line += ": check that it holds the symbol"
        out.append(line)
    return out


def _symbol_of_a_line(ext: Any, r: Any) -> Any:
    """advice notes 2 (scan46, user45's trees on La Garde avance!): the legend line (``along``/``across``) whose colour
    a symbol was learned in (within the symbol's tolerance) when the symbol's template is only a straight stroke - no
    square a tenth of a hex across (``LINE_AREA``, at the working scale) fits in it, and its pixels spread across its
    long axis under ``symbols.STROKE`` of along it (:func:`symbols.is_stroke`): the line ran through the examples
    alike and was taken for the symbol.
    La Garde's two tree examples (2810, 2811) both hold the ochre track running down their left side; the icons'
    pale cream lies within ``FAR`` (30) of every terrain (12 of the pale), so it was no
    candidate, and the template became 23 px of the track (trees 2/9 at 2/3; found at the track's fork 2402 and its
    bends 3203, 3204; the track's link 2402/2403 lost under the stamps). A symbol printed in a line's ink with a solid
    mark (Battle for Moscow's town squares on the railway) or of strokes not in one straight run (its fortifications in
    the railway's red, Europa's ring, Dynamo's town: checked on the studied cases' legends) is not said. None
    otherwise. Since symbols notes 7 such a candidate is chosen only when no other is (La Garde's trees are learned
    from the icons' dark trunks and shadows now, and this is not said there): said where the examples share nothing
    else."""
    from .extract_raster import _odd
    from .symbols import is_stroke

    if r.colour is None or r.template is None or not r.template.any() or ext.grid.layout is None:
        return None
    lines = [f for f in ext.legend.features if f.kind in ("along", "across") and f.lab is not None
             and float(np.linalg.norm(np.subtract(f.lab, r.colour))) < r.tolerance]
    if not lines:
        return None
    size = math.sqrt(abs(ext.grid.layout.hex_area()) / (1.5 * math.sqrt(3.0))) / max(1, r.origin[2])
    if not is_stroke(r.template, _odd(LINE_AREA * size)):
        return None  # a solid mark, or of strokes not in one straight run (a ring, a fortification's teeth)
    return min(lines, key=lambda f: float(np.linalg.norm(np.subtract(f.lab, r.colour))))


def _spread(t: Any) -> float | None:
    """The median Delta E of terrain ``t``'s sampled colour blocks from its colour (None: not sampled here)."""
    samples = getattr(t, "samples", None)
    if samples is None or not len(samples):
        return None
    return float(np.median(np.linalg.norm(np.asarray(samples, dtype=np.float64) - np.asarray(t.lab), axis=1)))


def _told_apart(a: Any, b: Any, de: float) -> bool:
    """advice notes 1 (scan46, user45's S5): two sampled terrains within :data:`TERRAIN_ALIKE_DE` are told apart
    where each is a flat colour: most of each one's example blocks lie nearer its own colour than halfway to the
    other's (the median block's Delta E from its colour under half of ``de``). A class drawn as symbols or a
    pattern on the paper has most of its blocks far from its median (trees on white): that is the mix the warning
    is for. Measured: La Garde avance!'s clear and high, two flat tints Delta E 5.5 apart, median spreads 1.4 and
    2.0 against 2.7 (its hexes read 56/56, yet warned); Omaha's highground and bocage 0.0 and 0.04 against 2.6,
    Velikie Louki's level1 and marsh 0.8 against 2.2, GotA 2's clear and swamp 2.5 against 3.8 (none of their
    hexes confused); said still for NWK's clear and forest (12.2 against 3.3), Gettysburg's rough and woods (11.3
    against 3.4), Omaha's buildings and draw (6.5 against 2.7), Louki 3's forest and town (5.5 against 1.2)."""
    sa, sb = _spread(a), _spread(b)
    return sa is not None and sb is not None and max(sa, sb) < de / 2


def legend_warnings(ext: Any) -> list[str]:
    """One line per thing in the legend a user should check, given the :class:`Extraction` ``ext``."""
    out: list[str] = []
    n_hexes = len(ext.hexes)
    legend = ext.legend
    ruled = bool(legend.priority) or bool(legend.min_share)
    for name, r in ext.symbol_reports.items():
        n = len(r.example_scores)
        found = len(ext.symbols.get(name, ()))
        if n < FEW_EXAMPLES:
            # (advice notes 3) with two, the check runs, each example against the other's mark alone
            loo = ("no leave-one-out check is possible" if r.loo_total < 2 else
                   f"its leave-one-out check ({r.loo_found} of {r.loo_total} found) looks for each with the "
                   "other's mark alone")
            out.append(f"symbol {name} has {n} example hex{'es' if n != 1 else ''}: its threshold is a guess and "
                       f"{loo}; give three or more (prints of the mark anywhere on the map)")
        if n_hexes >= 10 and found > SYMBOL_EVERYWHERE * n_hexes:
            out.append(f"symbol {name} is found in {found} of {n_hexes} hexes: its examples may not share one "
                       "printed mark; check that each example hex holds the symbol (the overlay writes each id at "
                       "its hex's centre; a `wgt map tiles` page writes it at the top of its hex)")
        elif r.loo_total >= 2 and r.loo_found == 0:
            out.append(f"symbol {name}: none of its {r.loo_total} examples is found with the template of the others: "
                       "check that each example hex holds the same symbol")
        on_line = _symbol_of_a_line(ext, r)
        if on_line is not None:
            out.append(f"symbol {name} was learned in the colour of line {on_line.name} "
                       f"({rgb_to_hex(lab_to_rgb(r.colour))}) and its template is a stroke of it, no solid mark: the "
                       "line passes its example hexes alike (at the same place, the same way), and it is found for the "
                       "symbol wherever the line runs so (and the line's ink there is left out of the line); give "
                       "examples where the line passes elsewhere or not at all, or the symbol's own colour "
                       "(`colour: \"#rrggbb\"`, with a `tolerance:` under half its distance to the nearest terrain "
                       "colour: a pale mark is near the paper)")
        out.extend(_unfound_examples(ext, name, r))
    if ruled:
        for name, ids in legend.examples.items():
            if name in legend.min_share or name in {s.name for s in legend.symbols}:
                continue
            if 0 < len(ids) < FEW_EXAMPLES:
                out.append(f"terrain {name} has {len(ids)} example hex{'es' if len(ids) != 1 else ''}: its threshold "
                           "is a guess; give three or more, typical and borderline")
    check = getattr(ext, "centre_check", None)
    line = check.warning() if check is not None else None
    if line:  # the legend does not say how a hex is read, and its examples read better by the centre (rules.py)
        out.append(line)
    sampled = [t for t in legend.terrains if t.source != "colour"]
    for i, a in enumerate(sampled):
        for b in sampled[i + 1:]:
            if a.name in ext.dotted or b.name in ext.dotted:
                continue  # a class judged by its dots lies near its ground's colour by design (docs/legend.md)
            de = float(np.linalg.norm(np.subtract(a.lab, b.lab)))
            if de < TERRAIN_ALIKE_DE and not _told_apart(a, b, de):
                out.append(f"terrains {a.name} and {b.name} were sampled only Delta E {de:.1f} apart: their example "
                           "hexes are mostly the same paper; where a class is drawn as symbols or a pattern on the "
                           "paper (trees on white), give the colour of its print (`colour: \"#rrggbb\"`) or examples "
                           "it fills")
    for m in getattr(ext, "masks", ()):
        # a line's colour that takes a terrain's example pixels (extract_legend.line_masks): Roads to Gettysburg's
        # road colour, a thin road blended with the wash, took 62% of the rough's and 64% of the woods' pixels
        took = sorted(m.took, key=lambda ts: -ts[1])
        shares = ", ".join(f"{100 * share:.0f}% of {t}" for t, share in took[:-1])
        shares = f"{shares} and " if shares else ""
        shares += f"{100 * took[-1][1]:.0f}% of {took[-1][0]}"
        out.append(f"line {m.name}'s colour (#{m.rgb[0]:02x}{m.rgb[1]:02x}{m.rgb[2]:02x}) takes in, at "
                   f"+-{MASK_TOLERANCE} per channel, {shares} example pixels: it is their colour too, and leaving it "
                   "out of the terrain would leave them their paper; the terrain is read with only its thin marks "
                   f"(under {LINE_AREA:.2f} of a hex across: the line) left out, not areas of it; where the line has "
                   "a colour of its own (a road's dark core), give that colour")
    coast_lines, on_the_coast = _coast_lines(ext)
    out.extend(coast_lines)
    for f in legend.features:
        if f.kind not in ("along", "across") or not f.yes:
            continue
        found = sum(1 for side in f.yes if _has(ext, side, f.name))
        why = getattr(ext, "unlearned", {}).get(f.name)
        if why:  # learned from its marked sides, it found none of them (extract_sides band notes 4): what and why
            out.append(f"{why}; so read, {found} of the {len(f.yes)} {'is' if found == 1 else 'are'} found")
        if found * 2 < len(f.yes) and f.name not in on_the_coast:  # (said above: its sides are on the coast)
            out.append(f"{f.name}: only {found} of its {len(f.yes)} yes: sides {'is' if found == 1 else 'are'} found "
                       "with what was learned from them: check that each is a side the line "
                       f"{'runs along' if f.kind == 'along' else 'crosses'} (the overlay draws the sides found, "
                       "each hex's id at its centre)"
                       + ("; mark sides it crosses straight near their middle, not at a bend, a junction, a hex "
                          "corner or a fold in the paper" if f.kind == "across" else ""))
    from .extract_sides import _black_ink  # black lines are told apart by their shape, not their colour

    lines = [f for f in legend.features if f.kind == "across" and f.lab is not None and not _black_ink(f.lab)]
    for i, a in enumerate(lines):
        for b in lines[i + 1:]:
            de = float(np.linalg.norm(np.subtract(a.lab, b.lab)))
            if de < TERRAIN_ALIKE_DE:
                out.append(f"lines {a.name} and {b.name} were given colours only Delta E {de:.1f} apart: each finds "
                           "the other, and marked sides tell them apart only where their widths differ; where one "
                           "has a colour of its own (a road's dark edges, a railway's ties), give that colour")
    n_sides = sum(1 for _ in ext.grid.hexsides())
    _, feats = ext.counts()
    kinds = {f.name: f for f in legend.features}
    for name, k in sorted(feats.items()):
        f = kinds.get(name)
        if f is None or f.kind not in ("along", "across") or n_sides < 20 or k <= LINE_EVERYWHERE * n_sides:
            continue
        hint = ("give `trace: true` (marked yes: sides alone calibrate the band method), or mark no: sides where it "
                "is not" if f.kind == "across" and f.yes and not f.trace else
                "check its colour against the hex lines and the terrain, or mark yes: and no: sides")
        out.append(f"{name} is found on {k} of {n_sides} hexsides ({100 * k / n_sides:.0f}%): a line is rarely on "
                   f"so many; {hint}")
        # and where it takes another line's marked sides, which ones: the two are read alike there (Roads to
        # Gettysburg's scan: its black pike, the legend's one ink line, found on 31% of the sides, 52 of region 2's
        # 59 false pike sides its thin dark-brown roads, two of the road's three examples among them); marked no:
        # for it, those sides' line wins where both are found (extract_sides._exclusive)
        for g in legend.features:
            if g.name == name or not g.yes:
                continue
            taken = sorted(side for side in g.yes if side not in f.yes and _has(ext, side, name))
            if taken and len(taken) * 2 >= len(g.yes):
                out.append(f"{name} is found on {len(taken)} of {g.name}'s {len(g.yes)} yes: sides "
                           f"({', '.join(taken)}): the two are read alike there; where {name} is not printed, mark "
                           f"those sides no: for {name} (it is then not reported where {g.name} is found)")
    return out


def _coast(ext: Any) -> tuple[set[str], dict[str, str]]:
    """The sides (``a/b`` keys as the extraction keys them) between a water hex and a land hex as the extraction
    read them - where an ``along`` feature is not looked for unless it says ``on_coast: true``
    (extract_sides.py) - and each hex's class."""
    water = {t.name for t in ext.legend.terrains if t.water}
    cls = {hid: r.terrain for hid, r in ext.hexes.items() if r.terrain}
    sides = set()
    for sd in ext.grid.hexsides():
        a, b = cls.get(ext.grid.id(sd.a)), cls.get(ext.grid.id(sd.b))
        if a is not None and b is not None and (a in water) != (b in water):
            sides.add(ext.grid.side_id(sd))
    return sides, cls


def _coast_lines(ext: Any) -> tuple[list[str], set[str]]:
    """Lines for what an ``along`` line without ``on_coast: true`` cannot find: its ``yes:`` sides that lie on the
    coast as read (a water hex beside a land hex), and, a line with no marked sides found on no side at all, the
    map's coast sides it was not looked for on; and a line found nowhere (user44: Kuningtou's cliff, printed on the
    coast between land and the white shore, found on 0 sides with its colour and with 3 marked sides, told only to
    'check that each is a side the line runs along'; 4 of 4 with `on_coast: true`). And the names of the lines
    whose marked sides are said to lie on the coast (the line 'check that each is a side the line runs along' is
    then not said: they are)."""
    _, feats = ext.counts()
    lines = [f for f in ext.legend.features if f.kind in ("along", "across")]
    if not lines:
        return [], set()
    coast, cls = _coast(ext) if any(f.kind == "along" and not f.on_coast for f in lines) else (set(), {})
    out: list[str] = []
    said: set[str] = set()
    for f in lines:
        blind = f.kind == "along" and not f.on_coast
        marked = [side for side in f.yes if _key(ext, side) in coast] if blind else []
        if marked and sum(1 for side in f.yes if _has(ext, side, f.name)) * 2 < len(f.yes):
            shown = ", ".join(f"{side} ({'|'.join(cls.get(h.strip(), '?') for h in side.split('/'))})"
                              for side in marked[:6]) + (" ..." if len(marked) > 6 else "")
            out.append(f"{f.name}: {len(marked)} of its {len(f.yes)} yes: sides lie between a water hex and a land "
                       f"hex as read ({shown}): on such coast sides an `along` line is looked for only with "
                       "`on_coast: true` (a cliff, a sea wall, a shore road drawn on the coast)")
            said.add(f.name)
        if f.yes or feats.get(f.name):
            continue
        line = (f"line {f.name} is found on no hexside: give its colour from a pixel of the line itself, or mark "
                f"yes: sides it {'runs along' if f.kind == 'along' else 'crosses'}")
        if blind and coast:
            line += (f"; it was not looked for on the map's {len(coast)} coast sides (a water hex beside a land hex "
                     "as read): a line drawn on the coast (a cliff, a sea wall) needs `on_coast: true`")
        out.append(line)
    return out, said


def _key(ext: Any, side: str) -> str | None:
    a, _, b = side.partition("/")
    try:
        return ext.grid.side_key(a.strip(), b.strip())  # as the extraction keys it (extract_sides._side_index)
    except GridError:
        return None


def _has(ext: Any, side: str, name: str) -> bool:
    """Whether the extraction found feature ``name`` on the marked side ``"a/b"`` (either order)."""
    key = _key(ext, side)
    return key is not None and name in ext.hexsides.get(key, ())
