"""A Winter War land combat arithmetic (rule 9 and the rules it names), shared by ``wgt combat a-winter-war``
and the referee: odds, the Land Combat Results Table lookup (unknown cells: not judged), exchange losses
counted on printed strengths (9C, 9D), cadres (9E), combat engineers (14A2, 9J), surplus artillery (14B),
support (11) and the intrinsic coast defences' ground strength (38A2f).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...errors import InputError
from ...rules.odds import OddsColumns
from ..chart_values import ChartValues, NotJudged
from .charts import COLUMNS, CRT_RESULTS

__all__ = ["ODDS", "Outcome", "artillery_total", "best_losses", "coast_defence_strength", "engineer_bonus",
           "exchange_losses", "mandatory_share", "resolve", "supported_strength"]

ODDS = OddsColumns(COLUMNS)


def _num(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else float(x)


@dataclass(frozen=True)
class Outcome:
    attack: Fraction
    defense: Fraction
    odds: str
    ratio: Fraction | None
    automatic: str | None  # "AE" below 1:4 (9B)
    die: int | None
    modified: int | None
    result: str | None
    column: dict[int, str]
    notes: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"attack": _num(self.attack), "defense": _num(self.defense), "odds": self.odds,
                "ratio": None if self.ratio is None else _num(self.ratio), "automatic": self.automatic,
                "die": self.die, "modified_die": self.modified, "result": self.result,
                "meaning": CRT_RESULTS.get(self.result or ""), "column": self.column, "notes": list(self.notes)}


def resolve(attack: Fraction, defense: Fraction, charts: ChartValues, *, die: int | None = None, drm: int = 0,
            result: str | None = None) -> Outcome:
    """Odds of modified strengths rounded down to a column (9A), the 9B limits, and with a die roll the
    result on the Land Combat Results Table (``not judged`` when the chart does not give it). ``result``:
    a result the user read from his own chart (it replaces the lookup)."""
    a, d = Fraction(attack), Fraction(defense)
    if a < 0 or d < 0:
        raise InputError(f"combat strengths cannot be negative ({attack} against {defense})")
    if die is not None and not 1 <= die <= 6:
        raise InputError(f"die roll {die} is not a die roll (1..6)")
    notes: list[str] = []
    odds = ODDS.odds(a, d)
    automatic = None
    if odds.clamped == "low":
        automatic = "AE"
        notes.append("below 1:4: automatic AE (Attacker Eliminated) (9B)")
    elif odds.clamped == "high":
        notes.append("above 9:1: resolved at 9:1 (9B)")
    column = {int(r): charts.get("crt", r, odds.label) for r in charts.rows("crt")}
    shown = {k: (v if v is not None else "?") for k, v in sorted(column.items())}
    modified = None if die is None else die + drm
    out = automatic
    if result is not None:
        out = automatic or result.upper()
        if result.upper() not in CRT_RESULTS:
            raise InputError(f"unknown result {result!r} (results: {', '.join(CRT_RESULTS)})")
    elif modified is not None and automatic is None:
        try:
            out = charts.value("crt", str(modified), odds.label)
        except NotJudged as exc:
            notes.append(str(exc))
            out = None
    return Outcome(a, d, odds.label, odds.ratio, automatic, die, modified, out, shown, tuple(notes))


def exchange_losses(result: str, attacker_printed: Fraction, defender_printed: Fraction) -> dict[str, Any] | None:
    """9C HX/EX: "the side with the lower printed strength is eliminated (or the defender in case of a tie)"; the
    other side loses at least half (HX) or all (EX) of the strength eliminated. Printed strengths: the
    attacker's attack, the defender's defence (9D). None for other results."""
    if result not in ("HX", "EX"):
        return None
    a, d = Fraction(attacker_printed), Fraction(defender_printed)
    loser = "defender" if d <= a else "attacker"
    lost = d if loser == "defender" else a
    other = lost / 2 if result == "HX" else lost
    return {"eliminated": loser, "eliminated_strength": _num(lost),
            "other_side": "attacker" if loser == "defender" else "defender", "other_side_loses_at_least": _num(other)}


def best_losses(units: Sequence[tuple[str, Fraction, Fraction | None]], required: Fraction
                ) -> list[tuple[str, str, Fraction]] | None:
    """The smallest loss of at least ``required`` from ``units`` (id, printed strength, cadre strength or None):
    a unit with a cadre side is reduced (its full printed strength counts, 9E) and its cadre may be eliminated
    too (adding the cadre's strength); a unit without one is eliminated. Ties: fewest steps. None if even losing
    everything falls short (every unit is then lost)."""
    options = []
    for uid, full, cadre in units:
        opts: list[list[tuple[str, str, Fraction]]] = [[]]
        if cadre is None:
            opts.append([(uid, "eliminated", Fraction(full))])
        else:
            opts.append([(uid, "reduced to cadre", Fraction(full))])
            opts.append([(uid, "reduced to cadre", Fraction(full)), (uid, "cadre eliminated", Fraction(cadre))])
        options.append(opts)
    order = {uid: n for n, (uid, _, _) in enumerate(units)}
    best: tuple[Fraction, int, tuple[int, ...], list[tuple[str, str, Fraction]]] | None = None
    for combo in itertools.product(*options):
        steps = [s for part in combo for s in part]
        total = sum((s[2] for s in steps), Fraction(0))
        if total < required:
            continue
        key = (total, len(steps), tuple(order[s[0]] for s in steps))
        if best is None or key < best[:3]:
            best = (*key, steps)
    return None if best is None else best[3]


def engineer_bonus(engineer_re: Fraction, attacking_re: Fraction, artillery_re: Fraction = Fraction(0), *,
                   target_fortified: bool) -> int:
    """14A2: +1 when at least 1/7 of the attacking RE against a major city, fort or fortified zone are combat
    engineers; artillery RE are not counted."""
    counted = Fraction(attacking_re) - Fraction(artillery_re)
    if not target_fortified or counted <= 0 or engineer_re <= 0:
        return 0
    return 1 if Fraction(engineer_re) * 7 >= counted else 0


def mandatory_share(losses: Fraction) -> Fraction:
    """9J: "half of the losses ... must be taken from the engineer units, if possible" (also 27A, 30A5, 36B5)."""
    return Fraction(losses) / 2


def artillery_total(artillery: Sequence[Fraction], non_artillery_re: Fraction) -> Fraction:
    """14B: artillery beyond the stacked non-artillery RE defends (or attacks) with a total of 1. Each artillery
    unit here is 1 RE; the strongest ones are the ones at full strength."""
    arts = sorted((Fraction(a) for a in artillery), reverse=True)
    full = int(Fraction(non_artillery_re))
    kept = sum(arts[:full], Fraction(0))
    return kept + (Fraction(1) if len(arts) > full else Fraction(0))


def supported_strength(strength: Fraction, *, supported: bool) -> Fraction:
    """11: an unsupported unit's strength is halved."""
    return Fraction(strength) if supported else Fraction(strength) / 2


def coast_defence_strength(level: Fraction, *, from_sea: bool) -> Fraction:
    """38A2f: the intrinsic ground defence is 1/2 the coast defence level when any attacker comes from an all-sea/
    lake hex or across a sea/lake hexside, 1/4 when all come across land hexsides (fractions kept)."""
    return Fraction(level) / (2 if from_sea else 4)
