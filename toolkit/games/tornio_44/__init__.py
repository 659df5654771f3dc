"""Tornio '44: the Finnish landing at Tornio against the German army, October 1944.

The game's folder: ``terrain.py`` (the map vocabulary the rules use), ``charts.py`` + ``charts.yaml`` (the
Player Aid Card tables as data: what the rulebook gives, the rest unknown until a user supplies the card's
values with ``--charts``), ``combat.py`` (``wgt combat tornio-44``), ``vassal.py`` (the module).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import Game, Scoring

if TYPE_CHECKING:
    from ...builders.aids import ChartTable


class Tornio44(Game):
    slug = "tornio-44"
    title = "Tornio '44"
    publisher = ""  # not named in the rulebook we have (v1.2)
    year = 0
    rulebook = "tornio-44.txt"
    aliases = ("tornio", "tornio44")
    sides = ("finnish", "german")
    counter_layout = "tornio"
    # 6.0: "the game ends ... immediately when the Finnish player has less than 0.5 VP or more than 39.5 VPs [29.0]"
    scoring = Scoring("Finnish VP", side="finnish",
                      note="The game ends at once when the Finnish player has less than 0.5 VP or more than 39.5 VP "
                           "[29.0].")

    def charts(self) -> list[ChartTable]:
        """The Player Aid Card tables (``charts.yaml``): rulebook values cited, the others marked ``?``."""
        from .charts import bundled_charts
        return bundled_charts().aid_tables()


GAME = Tornio44()
