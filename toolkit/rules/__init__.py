"""The generic rules engine: positions, reports and the primitives every game's referee is built of.

- :mod:`.position`: :class:`Position`, :class:`Unit`, :class:`CounterKind` (from YAML or a save)
- :mod:`.report`: :class:`Report`, :class:`Violation` (the ``wgt check --json`` shape)
- :mod:`.rulebook`: :class:`Rule`, :class:`RuleBook`: rules as small registered units citing their section
- :mod:`.board`: :class:`Board`, a memoising view of a map
- :mod:`.stacking`: limits by count, points or RE, or slot packing, per side, terrain, tag or zone
- :mod:`.zoc`: zones of control with exceptions as predicates, and what they cost or stop (:class:`ZocCosts`)
- :mod:`.movement`: movement cost between two positions (terrain, hexsides, roads, rail, ZOC)
- :mod:`.supply`: supply lines leg by leg, in hexes or Movement Points, around enemy units and ZOC
- :mod:`.paths`: Dijkstra over states and length-limited line tracing
- :mod:`.odds`: odds columns in whole or half steps, column shifts, combat results tables

Generic code never imports a game; games supply predicates and data. Only Winter War has a referee
so far (``toolkit.games.winter_war.rules``); the other two games are what the primitives were shaped
to serve, not yet built on them:

- Winter War (SPI 1972): two units a hex (``check_stacking`` with a limit by region and ski patrols
  weighing 0); ZOCs with exceptions as ``exerts``/``extends`` predicates; supply lines by ``trace``
  (5 hexes to an HQ, 10 to a city); movement by ``cheapest`` over (hex, on-rail) states; odds
  rounded down on whole columns with a fortified CRT variant.
- Tornio '44: ten units a hex; ZOC only by day (``exerts`` reads the turn); entering or leaving an
  enemy ZOC costs MP rather than stopping (a successor cost in ``cheapest``); supply routes measured
  in MP (``cheapest`` with a budget); half odds steps as columns ``"2.5-1"`` and modifiers as
  ``OddsColumns.shift``; action points are the game's own result handling.
- A Winter War (Europa): RE stacking (``weight`` = RE, fractional limits); ZOC by unit size and
  weather zone (``exerts`` reads the hex's zone); land/road/rail supply lines as ``trace`` or
  ``cheapest`` over (hex, mode) states.
"""

from .board import Board, MapLike
from .odds import CombatResultsTable, Odds, OddsColumns, parse_ratio
from .paths import cheapest, trace
from .position import CounterKind, Position, Unit, load_position_data, parse_position_text
from .referee import Referee
from .report import Report, Violation, violation
from .rulebook import Rule, RuleBook
from .stacking import StackLimit, check_stacking
from .zoc import Zoc

__all__ = [
    "Board",
    "CombatResultsTable",
    "CounterKind",
    "MapLike",
    "Odds",
    "OddsColumns",
    "Position",
    "Referee",
    "Report",
    "Rule",
    "RuleBook",
    "StackLimit",
    "Unit",
    "Violation",
    "Zoc",
    "cheapest",
    "check_stacking",
    "load_position_data",
    "parse_position_text",
    "parse_ratio",
    "trace",
    "violation",
]
