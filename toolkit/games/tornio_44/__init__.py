"""Tornio '44: the Finnish landing at Tornio against the German army, October 1944."""

from ..base import Game


class Tornio44(Game):
    slug = "tornio-44"
    title = "Tornio '44"
    publisher = ""  # not named in the rulebook we have (v1.2)
    year = 0
    rulebook = "tornio-44.txt"
    aliases = ("tornio", "tornio44")
    sides = ("finnish", "german")


GAME = Tornio44()
