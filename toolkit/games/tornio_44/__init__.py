"""Tornio '44: the Finnish landing at Tornio against the German army, October 1944.

Declared so far: identity, counters (``counter_layout`` "tornio") and scoring. No map, referee, combat
results table or charts yet: ``wgt check``, ``wgt combat`` and ``wgt build aids`` say so (exit 3).
"""

from ..base import Game, Scoring


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


GAME = Tornio44()
