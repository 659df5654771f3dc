"""Winter War (SPI 1972): the Soviet-Finnish war of 1939-40 at 20 km a hex."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..base import Game

if TYPE_CHECKING:
    from .rules import WinterWarReferee


class WinterWar(Game):
    slug = "winter-war"
    title = "Winter War"
    publisher = "SPI"
    year = 1972
    rulebook = "winter-war-spi-1972.txt"
    aliases = ("winterwar", "ww", "spi-winter-war")
    sides = ("finnish", "soviet")

    def referee(self) -> WinterWarReferee:
        """The rules checker on the bundled map and counters (loaded on first use)."""
        from .rules import WinterWarReferee
        return WinterWarReferee()

    def combat(self, attack: Sequence[Fraction], defense: Sequence[Fraction], *,  # type: ignore[override]
               fortified: bool = False,
               city: bool = False, river: bool = False, isolated: bool = False, ski: bool = False,
               landing: bool = False, die: int | None = None) -> dict[str, Any]:
        """One attack on the Combat Results Table (``wgt combat winter-war``).

        Defense doubling (Combat (S), Fortifications (B), Scenario A) happens at most once; isolation
        halves (Supply and Isolation (B)). See :func:`.combat.resolve` for the rounding and limits.
        """
        from .combat import defense_strength, resolve
        doubled = fortified or city or river or landing
        total_def = sum((defense_strength(d, doubled=doubled, isolated=isolated) for d in defense), Fraction(0))
        out = resolve(sum(attack, Fraction(0)), total_def, fortified=fortified, die=die, ski_patrols_only=ski,
                      landing=landing)
        result = out.to_dict()
        if out.result == "Ex":  # CRT Ex: the attacker removes at least the basic (not doubled) Defense Strength
            loss = sum(defense, Fraction(0))
            result["exchange_loss"] = int(loss) if loss.denominator == 1 else float(loss)
        return result


GAME = WinterWar()
