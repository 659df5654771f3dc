"""Terrain rules of a legend: a coverage threshold per class ("forest when 7% or more of the hex is
woods"), a priority order (city > forest > clear), thresholds learned from the legend's marked
example hexes, and a leave-one-out accuracy over those examples (issue 14, item 1).

A printed map's terrain key rarely means "the colour covering most of the hex": woods count when a
hex holds any meaningful woods, a town when its symbol is printed in it. With rules, a hex takes the
first class in priority order whose rule it meets - a symbol class when its symbol is found in the
hex, a colour class when its share of the hex reaches its threshold - and the majority colour when
it meets none. A threshold is the legend's ``min_share`` when given, else learned from the example
hexes: the cut that best separates the class's own examples from the examples of the classes after
it (the middle of the widest gap among the best cuts).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

__all__ = ["Rules", "decide", "learn"]


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

    def describe(self) -> list[str]:
        out = ["priority: " + " > ".join(self.priority)]
        for name in self.priority:
            if name in self.symbol_classes:
                out.append(f"  {name}: when its symbol is found in the hex")
            elif name in self.thresholds:
                how = f"learned from {self.learned[name]} example hexes" if name in self.learned else "given"
                out.append(f"  {name}: when it covers {self.thresholds[name]:.1%} of the hex or more ({how})")
        right, total = self.loo
        if total:
            out.append(f"  leave-one-out over the example hexes: {right} of {total} right ({right / total:.0%})")
        for h, want, got in self.loo_wrong[:10]:
            out.append(f"    example {h} is marked {want}, the rules from the other examples say {got}: "
                       "check it, or add examples")
        return out


def decide(rules: Rules, shares: Mapping[str, float], symbols_here: set[str] | frozenset[str]) -> str | None:
    """The class of a hex: the first in priority order whose rule it meets, else its majority colour."""
    for name in rules.priority:
        if name in rules.symbol_classes:
            if name in symbols_here:
                return name
        elif name in rules.thresholds and shares.get(name, 0.0) >= rules.thresholds[name]:
            return name
    return max(shares, key=lambda k: shares[k]) if shares else None


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


def learn(priority: Sequence[str], given: Mapping[str, float], examples: Mapping[str, Sequence[str]],
          shares: Mapping[str, Mapping[str, float]], symbol_classes: set[str],
          symbols_at: Mapping[str, set[str]]) -> Rules:
    """Rules for ``priority``: ``given`` thresholds kept, the others learned from ``examples``
    (class -> example hex ids) and the hexes' colour ``shares``; then the leave-one-out check."""
    rules = _fit(priority, given, examples, shares, symbol_classes)
    right = total = 0
    wrong: list[tuple[str, str, str]] = []
    for name, hexes in examples.items():
        for h in hexes:
            if h not in shares:
                continue
            rest = {k: [x for x in v if x != h] for k, v in examples.items()}
            r = _fit(priority, given, rest, shares, symbol_classes)
            got = decide(r, shares[h], symbols_at.get(h, set()))
            total += 1
            if got == name:
                right += 1
            else:
                wrong.append((h, name, str(got)))
    rules.loo = (right, total)
    rules.loo_wrong = wrong
    return rules


def _fit(priority: Sequence[str], given: Mapping[str, float], examples: Mapping[str, Sequence[str]],
         shares: Mapping[str, Mapping[str, float]], symbol_classes: set[str]) -> Rules:
    thresholds = dict(given)
    learned = {}
    for i, name in enumerate(priority):
        if name in symbol_classes or name in given or i == len(priority) - 1:
            continue
        own = [h for h in examples.get(name, ()) if h in shares]
        if not own:
            continue
        later = set(priority[i + 1:]) | (set(examples) - set(priority))
        neg = [shares[h].get(name, 0.0) for k in later for h in examples.get(k, ()) if h in shares]
        thresholds[name] = _cut([shares[h].get(name, 0.0) for h in own], neg)
        learned[name] = len(own) + len(neg)
    return Rules(list(priority), thresholds, frozenset(symbol_classes), learned)
