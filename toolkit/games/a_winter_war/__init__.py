"""A Winter War (GDW Europa, 1992), with its advanced naval rules."""

from ..base import Game


class AWinterWar(Game):
    slug = "a-winter-war"
    title = "A Winter War"
    publisher = "GDW"
    year = 1992
    rulebook = "a-winter-war-europa-rules.txt"
    aliases = ("awinterwar", "europa-winter-war", "aww")
    sides = ("finnish", "soviet")


GAME = AWinterWar()
