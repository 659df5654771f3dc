"""The Game base: finding a game package's optional hook modules."""

from __future__ import annotations

import toolkit.games.winter_war.naming as ww_naming
import toolkit.games.winter_war.vassal as ww_vassal
from toolkit.games import get_game


def test_package_module_finds_the_games_own_submodules() -> None:
    game = get_game("winter-war")
    assert game.package_module("naming") is ww_naming
    assert game.package_module("vassal") is ww_vassal


def test_package_module_is_none_when_the_game_has_none() -> None:
    assert get_game("winter-war").package_module("no_such_hooks") is None
    assert get_game("tornio-44").package_module("naming") is None
