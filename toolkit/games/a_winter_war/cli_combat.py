"""``wgt combat a-winter-war``: one attack worked through with the game's own options (see :mod:`.combat`)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...errors import InputError
from ..chart_values import ChartValues, NotJudged
from .combat import best_losses, engineer_bonus, exchange_losses, mandatory_share, resolve

__all__ = ["run"]


def _strengths(text: str | None, what: str) -> list[Fraction] | None:
    if text is None:
        return None
    try:
        return [Fraction(t.strip()) for t in text.replace("+", ",").split(",") if t.strip()]
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{what} must be strengths separated by commas, not {text!r}") from None


def _cadres(text: str) -> list[tuple[str, Fraction, Fraction | None]]:
    out: list[tuple[str, Fraction, Fraction | None]] = []
    for n, part in enumerate((p.strip() for p in text.split(",") if p.strip()), 1):
        full, _, cadre = part.partition(":")
        try:
            out.append((f"unit {n}", Fraction(full), Fraction(cadre) if cadre else None))
        except (ValueError, ZeroDivisionError):
            raise InputError(f"--cadres: {part!r} is not PRINTED:CADRE (e.g. 5:1)") from None
    return out


def run(charts: ChartValues, attack: Sequence[Fraction], defense: Sequence[Fraction], *, die: int | None, drm: int,
        result: str | None, printed_attack: str | None, printed_defense: str | None, cadres: str | None,
        engineers: Fraction | None, attacking_re: Fraction | None, artillery_re: Fraction | None, fort: bool,
        terrain: str | None) -> dict[str, Any]:
    total_a, total_d = sum(attack, Fraction(0)), sum(defense, Fraction(0))
    notes: list[str] = []
    bonus = 0
    if engineers:
        if attacking_re is None:
            raise InputError("--engineers needs --attacking-re (the 1/7 of 14A2)")
        bonus = engineer_bonus(engineers, attacking_re, artillery_re or Fraction(0), target_fortified=fort)
        notes.append(f"combat engineers: {'+1' if bonus else 'no modifier'} (14A2: at least 1/7 of the attacking RE, "
                     "artillery not counted, against a major city, fort or fortified zone)")
    terrain_drm = 0
    if terrain is not None:
        try:
            effect = str(charts.value("tec", terrain, "combat"))
        except NotJudged as exc:
            notes.append(f"terrain {terrain}: {exc}; --defense taken as already modified")
        else:
            from .rules.strengths import combat_effect
            mult, terrain_drm = combat_effect(effect)
            total_d *= mult
            notes.append(f"terrain {terrain}: {effect} (Terrain Effects Chart, 9H): defence {float(total_d):g}"
                         + (f", die {terrain_drm:+d}" if terrain_drm else ""))
    out = resolve(total_a, total_d, charts, die=die, drm=drm + bonus + terrain_drm, result=result)
    data = out.to_dict()
    data["drm"] = drm + bonus + terrain_drm
    data["notes"] = [*notes, *data["notes"]]
    res = data["result"]
    if result is not None and die is None:
        data["notes"].insert(0, f"result {res} ({data['meaning']})")
    if res in ("HX", "EX"):
        pa = _strengths(printed_attack, "--printed-attack") or list(attack)
        pd = _strengths(printed_defense, "--printed-defense") or list(defense)
        ex = exchange_losses(res, sum(pa, Fraction(0)), sum(pd, Fraction(0)))
        assert ex is not None
        data["exchange"] = ex
        data["notes"].append(f"{res}: the {ex['eliminated']} is eliminated ({ex['eliminated_strength']:g} printed "
                             f"strength); the {ex['other_side']} loses at least {ex['other_side_loses_at_least']:g} "
                             "(9C, printed strengths 9D)")
        if cadres and ex["other_side"] == "attacker":
            plan = best_losses(_cadres(cadres), Fraction(ex["other_side_loses_at_least"]))
            data["loss_steps"] = steps = [{"unit": u, "step": s, "strength": int(v) if v.denominator == 1 else float(v)}
                                  for u, s, v in plan or []]
            data["notes"].append("least loss: " + ", ".join(f"{x['unit']} {x['step']} ({x['strength']:g})"
                                                           for x in steps) + " (9E)")
        if bonus:
            share = mandatory_share(Fraction(ex["other_side_loses_at_least"]))
            data["notes"].append(f"mandatory losses: at least {float(share):g} from the engineers, if possible (9J)")
    return data
