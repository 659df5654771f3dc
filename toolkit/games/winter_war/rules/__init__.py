"""The Winter War referee, one module per rulebook chapter; each rule a registered unit of :data:`BOOK`
citing its section (with the case letter) and quoting the rulebook.

- :mod:`.common`: unit kinds, players, the :class:`Context` of one check, the rule book
- :mod:`.zoc`: Zones of Control (and Fortifications (C))
- :mod:`.supply`: Supply and Isolation
- :mod:`.stacking`: Stacking
- :mod:`.movement`: Movement and the Terrain Effects Chart's prohibitions
- :mod:`.combat`: Combat (attacks) and the Combat Results Table; :mod:`.retreats`: retreats and advances
- :mod:`.deployment`: Initial Deployment, the Turn Record / Reinforcement Chart
- :mod:`.scenarios`: Optional Rule: Scenario/Special Events
- :mod:`.victory`: Victory Conditions, Fortifications (F), Murmansk Defense
- :mod:`.sequence`: Sequence of Play (moves between two positions)
- :mod:`.referee`: :class:`WinterWarReferee`
"""

from .common import BOOK, PHASES, Context
from .referee import WinterWarReferee

__all__ = ["BOOK", "PHASES", "Context", "WinterWarReferee"]
