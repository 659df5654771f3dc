"""The A Winter War referee, one module per rulebook chapter; each rule a registered unit of :data:`BOOK`
citing its section and quoting the rules text (``a-winter-war-europa-rules.txt`` and the naval rules).

- :mod:`.common`: unit classes (3A), the context of one check, the rule book
- :mod:`.zoc`: 5 and 3D; :mod:`.stacking`: 8; :mod:`.movement`: 4, 6, 28, 30, 31C; :mod:`.rail`: 7A
- :mod:`.supply`: 3F and 12; :mod:`.combat`: 9 (and 8B, 14B, 29A); :mod:`.construction`: 14A
- :mod:`.air`: 16-24 and 30C1; :mod:`.naval`: 26 and 38; :mod:`.optional`: 36B, 37A2, 37B
- :mod:`.referee`: :class:`AWinterWarReferee`
"""

from .common import BOOK, Context
from .referee import AWinterWarReferee

__all__ = ["BOOK", "AWinterWarReferee", "Context"]
