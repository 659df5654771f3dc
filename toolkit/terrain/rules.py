"""Terrain rules of a legend: a coverage threshold per class ("forest when 7% or more of the hex is
woods"), a priority order (city > forest > clear), thresholds learned from the legend's marked
example hexes, and a leave-one-out accuracy over those examples (issue 14, item 1).

A printed map's terrain key rarely means "the colour covering most of the hex": woods count when a
hex holds any meaningful woods, a town when its symbol is printed in it. With rules, a hex takes the
first class in priority order whose rule it meets - a symbol class when its symbol is found in the
hex, a colour class when its share of the hex reaches its threshold - and the majority colour when
it meets none. A threshold is the legend's ``min_share`` when given, else learned from the example
hexes: the cut that best separates the class's own examples from the examples of the classes after
it (the middle of the widest gap among the best cuts), moved to the lowest-density valley of ALL the map's
hexes' shares between the examples' bounds when that valley is real, the hexes beside it crowd toward it and the
examples' middle splits that crowd (:func:`_valley`: a handful of typical examples cannot say where a rule such as
"any woods" falls, the map's unlabelled hexes can: low-density separation).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from math import comb

import numpy as np

__all__ = ["CentreCheck", "Rules", "check_centre", "decide", "learn", "meets"]


@dataclass
class Rules:
    """Priority order, thresholds (class -> least share), which were learned, and the leave-one-out
    check over the example hexes (right, total)."""

    priority: list[str]
    thresholds: dict[str, float]
    symbol_classes: frozenset[str] = frozenset()
    learned: dict[str, int] = field(default_factory=dict)  # class -> examples it was learned from
    loo: tuple[int, int] = (0, 0)
    loo_wrong: list[tuple[str, str, str]] = field(default_factory=list)  # (hex, labelled, found)
    why: dict[str, str] = field(default_factory=dict)  # class -> how its learned cut was placed

    def describe(self) -> list[str]:
        out = ["priority: " + " > ".join(self.priority)]
        for name in self.priority:
            if name in self.symbol_classes:
                out.append(f"  {name}: when its symbol is found in the hex")
            elif name in self.thresholds:
                how = f"learned from {self.learned[name]} example hexes" if name in self.learned else "given"
                out.append(f"  {name}: when it covers {self.thresholds[name]:.1%} of the hex or more ({how})")
                if name in self.why:
                    out.append(f"    {self.why[name]}")
        right, total = self.loo
        if total:
            out.append(f"  leave-one-out over the example hexes: {right} of {total} right ({right / total:.0%})")
        for h, want, got in self.loo_wrong[:10]:
            out.append(f"    example {h} is marked {want}, the rules from the other examples say {got}: "
                       "check it, or add examples")
        return out


def decide(rules: Rules, shares: Mapping[str, float], symbols_here: set[str] | frozenset[str]) -> str | None:
    """The class of a hex: the first in priority order whose rule it meets, else its majority colour."""
    met = meets(rules, shares, symbols_here)
    if met is not None:
        return met
    return max(shares, key=lambda k: shares[k]) if shares else None


def meets(rules: Rules, shares: Mapping[str, float], symbols_here: set[str] | frozenset[str]) -> str | None:
    """The first class in priority order whose rule the hex meets (a symbol found in it, a share reaching its
    threshold), or None when it meets none (:func:`decide` then takes its majority colour)."""
    for name in rules.priority:
        if name in rules.symbol_classes:
            if name in symbols_here:
                return name
        elif name in rules.thresholds and shares.get(name, 0.0) >= rules.thresholds[name]:
            return name
    return None


def _cut(pos: Sequence[float], neg: Sequence[float]) -> float:
    """The threshold that classifies most of ``pos`` at or above it and ``neg`` below it; among the
    best, the middle of the widest gap."""
    if not pos:
        return 1.01
    if not neg:
        return min(pos) / 2
    values = sorted(set(pos) | set(neg))
    cands = [values[0] / 2] + [(a + b) / 2 for a, b in pairwise(values)] + [values[-1] + 1e-3]
    best: tuple[int, float, float] | None = None
    for c in cands:
        errs = sum(1 for p in pos if p < c) + sum(1 for n in neg if n >= c)
        lo = max((v for v in values if v < c), default=0.0)
        hi = min((v for v in values if v >= c), default=1.0)
        key = (-errs, hi - lo, c)
        if best is None or key > best:
            best = key
    assert best is not None
    return best[2]


VALLEY_WINDOW = 0.05  # share width over which the map's hexes are counted (the density)
VALLEY_SIGMA = 2.0  # how many standard deviations (Poisson counts) make a valley real
VALLEY_SPLIT = 0.25  # the least part of the crowd on each side of the examples' middle: the middle splits it
VALLEY_KS = 1.517  # one-sided Kolmogorov-Smirnov critical value at 1% (sqrt(ln(100) / 2)), over sqrt(n)
VALLEY_STEP = 0.005


def _crowds(inner: np.ndarray, toward: float, away: float) -> tuple[float, float]:
    """One-sided Kolmogorov-Smirnov distance of ``inner`` (shares strictly between ``toward`` and ``away``) from
    evenly spread, in the direction of more of them near ``toward``; and the 1% critical value."""
    n = len(inner)
    if n == 0:
        return 0.0, 1.0
    u = np.sort(np.abs(inner - toward) / abs(away - toward))
    return float(np.max(np.arange(1, n + 1) / n - u)), VALLEY_KS / float(np.sqrt(n))


def _valley(lo: float, hi: float, mid: float, values: Sequence[float]) -> tuple[float, str] | None:
    """Low-density separation: the cut in the deepest valley of the density of ``values`` (every hex's
    share of the class) between the examples' bounds ``lo`` (the highest negative) and ``hi`` (the lowest
    positive), when (a) the valley is real: the density rises on both sides of it, up to the bounds,
    by ``VALLEY_SIGMA`` standard deviations (densities are counts of hexes within +-``VALLEY_WINDOW``/2,
    compared as Poisson counts: (a - b) / sqrt(a + b)), (b) the hexes between the valley and a bound
    crowd toward the valley (a one-sided Kolmogorov-Smirnov test against evenly spread, at 1%): a class of
    hexes of their own (woods drawn as patches in many hexes), and (c) the examples' middle ``mid`` splits
    that crowd: at least ``VALLEY_SPLIT`` of it on each side of the middle. ``None`` (keep ``mid``) otherwise:
    on a map whose hexes are either empty or full of the class no valley is needed, hexes cut by a terrain's
    edge at random are evenly spread, and a crowd lying (nearly) all on one side of the middle is separated
    by the middle as well as by the valley, so the examples, not the valley, decide it (The Longest Day:
    bocage hexes crossed by a road hold 10-20% of the forest's light green, forest hexes 50% and more; the
    middle lies in the empty stretch between). (c) carries the decision that a 3-sigma (a) alone made on a
    knife edge: a rescale or JPEG deepened that valley past 3 sigma, a colour cast filled Bastogne's woods
    valley to 2.7 (benchmarks/results/perturb.md). Returns (cut, why)."""
    if hi - lo < 2 * VALLEY_STEP or len(values) < 2:
        return None
    v = np.sort(np.asarray(values, dtype=np.float64))
    half = VALLEY_WINDOW / 2
    xs = np.append(np.arange(lo, hi, VALLEY_STEP), hi)
    c = (np.searchsorted(v, xs + half) - np.searchsorted(v, xs - half)).astype(np.float64)
    rise = np.minimum(np.maximum.accumulate(c), np.maximum.accumulate(c[::-1])[::-1])
    dip = (rise - c) / np.sqrt(np.maximum(rise + c, 1.0))
    i = int(np.argmax(dip))
    if dip[i] < VALLEY_SIGMA:
        return None
    # the middle of the run of lowest density around the valley
    j0 = j1 = i
    while j0 > 0 and c[j0 - 1] == c[i]:
        j0 -= 1
    while j1 + 1 < len(c) and c[j1 + 1] == c[i]:
        j1 += 1
    cut = float((xs[j0] + xs[j1]) / 2)
    above = _crowds(v[(v > cut) & (v < hi)], cut, hi)
    below = _crowds(v[(v > lo) & (v < cut)], cut, lo)
    side, (d, crit) = max((("above", above), ("below", below)), key=lambda t: t[1][0] - t[1][1])
    if d <= crit:
        return None
    crowd = v[(v > cut) & (v < hi)] if side == "above" else v[(v > lo) & (v < cut)]
    n = len(crowd)
    split = min(int((crowd < mid).sum()), int((crowd >= mid).sum())) / n
    if split < VALLEY_SPLIT:
        return None
    why = (f"cut moved from {mid:.1%} (the examples' middle) to {cut:.1%}, the valley of the map's {len(v)} hexes' "
           f"shares between the examples ({lo:.1%}..{hi:.1%}): {int(c[i])} hexes within +-{half:.1%} there, "
           f"{int(rise[i])} at the rise ({dip[i]:.1f} sigma); the {n} hexes {side} it crowd toward it "
           f"(Kolmogorov-Smirnov {d:.3f} > {crit:.3f} at 1%) and the examples' middle splits them "
           f"({split:.0%} on its lesser side)")
    return cut, why


def learn(priority: Sequence[str], given: Mapping[str, float], examples: Mapping[str, Sequence[str]],
          shares: Mapping[str, Mapping[str, float]], symbol_classes: set[str],
          symbols_at: Mapping[str, set[str]]) -> Rules:
    """Rules for ``priority``: ``given`` thresholds kept, the others learned from ``examples``
    (class -> example hex ids) and the hexes' colour ``shares``; then the leave-one-out check."""
    rules = _fit(priority, given, examples, shares, symbol_classes)
    found = _left_out(priority, given, examples, shares, symbol_classes, symbols_at)
    wrong = [(h, name, str(got)) for (name, h), got in found.items() if got != name]
    rules.loo = (len(found) - len(wrong), len(found))
    rules.loo_wrong = wrong
    return rules


def _left_out(priority: Sequence[str], given: Mapping[str, float], examples: Mapping[str, Sequence[str]],
              shares: Mapping[str, Mapping[str, float]], symbol_classes: set[str],
              symbols_at: Mapping[str, set[str]]) -> dict[tuple[str, str], str | None]:
    """(class, example hex) -> the class the rules learned from the other examples give that hex (the leave-one-out
    check), for each example hex with shares."""
    out: dict[tuple[str, str], str | None] = {}
    for name, hexes in examples.items():
        for h in hexes:
            if h not in shares:
                continue
            rest = {k: [x for x in v if x != h] for k, v in examples.items()}
            r = _fit(priority, given, rest, shares, symbol_classes)
            out[(name, h)] = decide(r, shares[h], symbols_at.get(h, set()))
    return out


def _fit(priority: Sequence[str], given: Mapping[str, float], examples: Mapping[str, Sequence[str]],
         shares: Mapping[str, Mapping[str, float]], symbol_classes: set[str]) -> Rules:
    thresholds = dict(given)
    learned = {}
    why = {}
    for i, name in enumerate(priority):
        if name in symbol_classes or name in given or i == len(priority) - 1:
            continue
        own = [h for h in examples.get(name, ()) if h in shares]
        if not own:
            continue
        later = set(priority[i + 1:]) | (set(examples) - set(priority))
        neg = [shares[h].get(name, 0.0) for k in later for h in examples.get(k, ()) if h in shares]
        pos = [shares[h].get(name, 0.0) for h in own]
        cut = _cut(pos, neg)
        if neg and max(neg) < min(pos):
            moved = _valley(max(neg), min(pos), cut, [s.get(name, 0.0) for s in shares.values()])
            if moved is not None:
                cut, why[name] = moved
        thresholds[name] = cut
        learned[name] = len(own) + len(neg)
    return Rules(list(priority), thresholds, frozenset(symbol_classes), learned, why=why)


#: The reading by the class under each hex's centre (the legend's ``centre:``) is SUGGESTED, when the legend does not
#: say, only where its examples call for it clearly: more of them read right by it than by the whole hex, in a
#: one-sided exact sign test over the examples the two readings disagree on (McNemar's), at the 5% level - with none
#: the other way, 5 examples or more (1 in 32 by chance). The test is the usual one for two classifiers on the same
#: examples; its level is the usual one, not one tuned to a map. It is not taken without the legend saying so: the
#: examples cannot tell a map whose rule is the centre from a coverage map whose small town blocks are printed at the
#: hexes' centres (Stonewall Jackson's Way's legend is 3-0 for the centre, and five such town examples, as the docs
#: ask for, would make it 5-0; read by the centre its studied region falls 70 -> 66/81: review35 M1), so the user is
#: told, with a warning, and says ``centre: true`` or ``centre: false``. The map itself can tell: where it prints a dot
#: at the centre of most hexes and the examples are not against it (:attr:`CentreCheck.against`), the centre reading
#: is taken (centredot.py; extract.py), and the check only records what its examples said (``taken``).
CENTRE_LEVEL = 0.05
#: Fewer examples than the docs ask for a class (advice.FEW_EXAMPLES: "give at least three") say nothing; from that
#: many read right only by the centre (and more than the other way) the user is told so with the rules' other lines
#: (an info line, not a warning: Stonewall Jackson's Way's legend has as many, its two towns' and a rough hex's
#: example hexes, on a board read by coverage - its town symbols are printed at the hexes' centres).
CENTRE_HINT = 3


@dataclass
class CentreCheck:
    """The legend's examples read two ways when its ``centre:`` is not said: over the whole hex (as the legend reads
    without the key) and by the class under each hex's centre. ``for_centre``: the (class, hex) examples only the
    centre reads right; ``for_whole``: those only the whole hex reads right; ``p``: the one-sided sign test's chance of
    so many for the centre if neither reading were better; ``suggested``: the test passed (the user is warned to say
    ``centre: true`` if the map's rule is its centre; the hexes are still read whole); ``radius``: its disc
    (a share of the hex size); ``examples``: how many were read; ``points``: the (class, hex) examples that are the
    hexes of a class's clicked points."""

    for_centre: list[tuple[str, str]]
    for_whole: list[tuple[str, str]]
    p: float
    suggested: bool
    radius: float
    examples: int
    points: frozenset[tuple[str, str]] = frozenset()
    #: the centre reading was taken on the map's own evidence, its printed centre dots (centredot.py; the examples
    #: not against it): nothing is left to warn of or suggest
    taken: bool = False

    @property
    def against(self) -> bool:
        """More examples read right only over the whole hex than only by the centre: the examples are against the
        centre reading (a map's centre dots do not switch it then)."""
        return len(self.for_whole) > len(self.for_centre)

    def _named(self, pairs: Sequence[tuple[str, str]]) -> str:
        by: dict[str, list[str]] = {}
        for c, h in pairs:
            by.setdefault(c, []).append(h + ("*" if (c, h) in self.points else ""))
        return "; ".join(f"{c} {', '.join(hs)}" for c, hs in by.items())

    def _said(self) -> str:
        n1, n0 = len(self.for_centre), len(self.for_whole)
        star = any(key in self.points for key in (*self.for_centre, *self.for_whole))
        return (f"of the legend's {self.examples} example hexes, {n1} are their class under the hex's centre (a disc "
                f"of {self.radius:g} of the hex size) but not over the whole hex"
                + (f" ({self._named(self.for_centre)})" if n1 else "")
                + f", {n0} the other way" + (f" ({self._named(self.for_whole)})" if n0 else "")
                + ("; * the hex of a clicked point of that class" if star else ""))

    def warning(self) -> str | None:
        """The warning when the examples call for the centre reading (the legend did not say it), else None."""
        if not self.suggested or self.taken:
            return None
        return (f"the legend does not say how a hex is read (centre:), and {self._said()}: they read better by the "
                f"class under each hex's centre (sign test p = {self.p:.3f}, at most {CENTRE_LEVEL:g}); every hex is "
                "still read whole: if a hex's terrain is what lies at its centre (a printed centre dot), say "
                "`centre: true` in the legend, else `centre: false`")

    def describe(self) -> str | None:
        """The info line printed with the rules when the examples lean to the centre reading but too few to call
        for it (:data:`CENTRE_HINT`), else None."""
        n1, n0 = len(self.for_centre), len(self.for_whole)
        if self.suggested or self.taken or n1 < CENTRE_HINT or n1 <= n0:
            return None
        return (f"centre: {self._said()}: too few to call for reading each hex by its centre (sign test p = "
                f"{self.p:.3f}, over {CENTRE_LEVEL:g}); each hex is read whole; if a hex's terrain is what lies at "
                "its centre (a printed centre dot), say `centre: true` in the legend, else `centre: false`")


def _sign_p(wins: int, losses: int) -> float:
    """One-sided exact sign test: the chance of ``wins`` or more of ``wins + losses`` fair coin flips."""
    n = wins + losses
    return sum(comb(n, i) for i in range(wins, n + 1)) / 2 ** n if n else 1.0


def check_centre(priority: Sequence[str], given: Mapping[str, float], examples: Mapping[str, Sequence[str]],
                  point_hexes: Mapping[str, Sequence[str]], whole: Mapping[str, Mapping[str, float]],
                  centre: Mapping[str, Mapping[str, float]], symbol_classes: set[str],
                  symbols_at: Mapping[str, set[str]], radius: float) -> CentreCheck | None:
    """Whether the legend's examples read better by the class under each hex's centre (``centre`` shares) than over
    the whole hex (``whole`` shares): each example hex read as the extraction reads it - the rules' leave-one-out
    class when the legend has a ``priority`` (thresholds learned again on each reading's shares), else its majority -
    and each hex a class's clicked points lie in (``point_hexes``; the legend's only hexes of a class sampled by
    points, which a user clicks on the class's print: a house, a clump of trees) read by the rules from every example.
    The centre reading is suggested when the sign test over the examples the two disagree on gives at most
    :data:`CENTRE_LEVEL`. A clicked point's hex that is an example hex of any class is left to that example (one
    hex, one reading). None when there is no example to read."""
    listed = {h for hs in examples.values() for h in hs}
    points = frozenset((n, h) for n, hs in point_hexes.items() for h in hs if h not in listed)

    def majority(sh: Mapping[str, float]) -> str | None:
        return max(sh, key=lambda c: sh[c]) if sh else None

    def read(shares: Mapping[str, Mapping[str, float]]) -> dict[tuple[str, str], str | None]:
        if priority:
            got = _left_out(priority, given, examples, shares, symbol_classes, symbols_at)
            rules = _fit(priority, given, examples, shares, symbol_classes)
        else:
            got = {(n, h): majority(shares[h]) for n, hs in examples.items() for h in hs if h in shares}
        for n, hs in point_hexes.items():  # in the legend's order (the warning names them so)
            for h in hs:
                if (n, h) in points and h in shares:
                    got[(n, h)] = (decide(rules, shares[h], symbols_at.get(h, set())) if priority
                                   else majority(shares[h]))
        return got

    a, b = read(whole), read(centre)
    keys = [key for key in a if key in b]
    if not keys:
        return None
    for_centre = [key for key in keys if b[key] == key[0] != a[key]]
    for_whole = [key for key in keys if a[key] == key[0] != b[key]]
    p = _sign_p(len(for_centre), len(for_whole))
    return CentreCheck(for_centre, for_whole, p, len(for_centre) > len(for_whole) and p <= CENTRE_LEVEL, radius,
                       len(keys), points)
