"""The Tornio '44 referee, one module per group of rulebook chapters; each rule a registered unit of :data:`BOOK`
citing its section and quoting the rulebook (``COVERAGE.md`` beside the game lists every section).

- :mod:`.common`: turns, players, unit kinds and strengths, the map's terms, known chart values, :class:`Context`
- :mod:`.control`: 7.0 stacking (7.1 Stacking Markers), 9.0 ZOC and hex control, 10.0 ownership
- :mod:`.movement`: 17.0/18.0 step costs (roads, rivers, engineers, Close Combat, night), 18.4 Illegal Hexes
- :mod:`.moves`: moves between two positions (17.0, 16.2 arrivals and landings, 25.0 Exploitation, 5.4, 15.0, 28.1)
- :mod:`.supply`: 13.0 supply, 14.0 replacements, 23.1 removing Broken Levels
- :mod:`.broken`: 23.0 Broken units, 26.0 Motti, 28.0 alcohol depots
- :mod:`.combat`: 22.0 declared combats, worked out by ``..combat`` (odds, dice); action points and order
- :mod:`.fire`: 15.0 demolitions, 19.0 Overruns, 20.0 Air Strikes, 21.0 Indirect Fire Support
- :mod:`.game`: 11.0 Coup, 12.0 Weather, 16.1/16.2.1 set-up and Alarm Levels, 17.3 Transfer Points, 29.0 victory
- :mod:`.referee`: :class:`TornioReferee`
"""

from .common import BOOK, PHASES, Context
from .referee import TornioReferee

__all__ = ["BOOK", "PHASES", "Context", "TornioReferee"]
