"""Winter War (SPI 1972): the Soviet-Finnish war of 1939-40 at 20 km a hex."""

from ..base import Game


class WinterWar(Game):
    slug = "winter-war"
    title = "Winter War"
    publisher = "SPI"
    year = 1972
    rulebook = "winter-war-spi-1972.txt"
    aliases = ("winterwar", "ww", "spi-winter-war")
    sides = ("finnish", "soviet")


GAME = WinterWar()
