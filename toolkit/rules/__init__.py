"""The generic rules engine: positions, reports and the primitives every game's referee is built of.

- :mod:`.position`: :class:`Position`, :class:`Unit`, :class:`CounterKind` (from YAML or a save)
- :mod:`.report`: :class:`Report`, :class:`Violation` (the ``wgt check --json`` shape)
- :mod:`.board`: :class:`Board`, a memoising view of a map
- :mod:`.stacking`, :mod:`.zoc`, :mod:`.paths`, :mod:`.odds`: stacking limits, zones of control,
  movement (Dijkstra over states) and line tracing, odds columns and combat results tables

Generic code never imports a game; games supply predicates and data.
"""

from .board import Board, MapLike
from .odds import CombatResultsTable, Odds, OddsColumns, parse_ratio
from .paths import cheapest, trace
from .position import CounterKind, Position, Unit, load_position_data, parse_position_text
from .referee import Referee
from .report import Report, Violation, violation
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
