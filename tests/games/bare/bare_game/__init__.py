"""Bare: a game folder that declares only who it is (no map, referee, combat results table or charts).

Every bundled game now declares all of these, so ``tests/games/test_contract.py`` points ``WGT_GAMES_PATH`` at
this folder to show what the command line says of a game that does not: one line, exit 3.
"""

from toolkit.games import Game


class Bare(Game):
    slug = "bare-game"
    title = "Bare"
    sides = ("red", "blue")


GAME = Bare()
