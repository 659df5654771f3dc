"""A Winter War (GDW Europa, 1992), with its advanced naval rules.

Declared so far: identity and counters (``counter_layout`` "europa"). No map, referee, combat results table
or charts yet: ``wgt check``, ``wgt combat`` and ``wgt build aids`` say so (exit 3). Scoring is not declared:
the rulebook text we have breaks off in "Determining victory".
"""

from ..base import Game


class AWinterWar(Game):
    slug = "a-winter-war"
    title = "A Winter War"
    publisher = "GDW"
    year = 1992
    rulebook = "a-winter-war-europa-rules.txt"
    aliases = ("awinterwar", "europa-winter-war", "aww")
    sides = ("finnish", "soviet")
    counter_layout = "europa"


GAME = AWinterWar()
