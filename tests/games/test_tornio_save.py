"""``wgt check`` on a save made with our Tornio '44 module gives the same report as the equivalent YAML position, at
the Game Turn, player and phase its turn tracker stands at (1A..8B > Finnish/German > Initial..Exploitation)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolkit.cli.main import cli
from toolkit.data import maps_dir

UNITS = [*((f"e{i}", "ger-engineer", "1603") for i in range(11)), ("l1", "fin-larjo", "1502"),
         ("l2", "fin-larjo", "1502"), ("o", "fin-osp", "2918")]


@pytest.fixture(scope="module")
def module_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (maps_dir() / "tornio-44.yaml").is_file():
        pytest.skip("the bundled Tornio '44 map is not there yet")
    from toolkit.builders.module import build_module, write_module
    from toolkit.counters import load_counters
    from toolkit.games.tornio_44 import GAME
    from toolkit.terrain.io import load_map
    cs = load_counters("tornio-44")
    if not all(cid in {c.id for c in cs} for _, cid, _ in UNITS):
        pytest.skip("the bundled counters no longer hold the ids this test places")
    built = build_module("Tornio '44", load_map(maps_dir() / "tornio-44.yaml"), cs, GAME.module_spec(cs), hex_px=16)
    path = tmp_path_factory.mktemp("module") / "tornio-44.vmod"
    write_module(built, path)
    return path


def test_save_and_yaml_give_the_same_report(module_file: Path, tmp_path: Path) -> None:
    from toolkit.builders.module import position_placements
    from toolkit.counters import load_counters
    from toolkit.games.tornio_44 import GAME
    from toolkit.vassal import Module
    from toolkit.vassal.writer import new_save
    cs = load_counters("tornio-44")
    # Game Turn 2B (item 3), German player (item 1), Movement phase (item 1)
    save = new_save(Module.open(module_file), position_placements(UNITS, GAME.module_spec(cs), cs), turn=(3, 1, 1))
    vsav = tmp_path / "game.vsav"
    save.write(vsav)
    yml = tmp_path / "game.yaml"
    yml.write_text("game: tornio-44\nturn: 4\nplayer: german\nphase: movement\nunits:\n" + "".join(
        f'  - {{id: {u}, counter: {c}, hex: "{h}"}}\n' for u, c, h in UNITS), encoding="utf-8")
    runner = CliRunner()
    from_save = runner.invoke(cli, ["check", str(vsav), "--module", str(module_file), "--game", "tornio-44", "--json"])
    from_yaml = runner.invoke(cli, ["check", str(yml), "--json"])
    assert from_yaml.exit_code == 1, from_yaml.output
    assert from_save.exit_code == 1, from_save.output
    a, b = json.loads(from_save.stdout), json.loads(from_yaml.stdout)
    assert [v["rule"] for v in a["violations"]] == ["7.0"] and a["violations"][0]["hexes"] == ["1603"]
    assert a["summary"]["game_turn"] == "2B" and a["summary"]["player"] == "german"
    assert {k: v["hex"] for k, v in a["units"].items()} == {k: v["hex"] for k, v in b["units"].items()}
    assert a["violations"] == b["violations"]


def test_tracker_path_round_trips_through_a_save(module_file: Path, tmp_path: Path) -> None:
    """Game.tracker_path -> a save written with our module -> Game.save_state gives back the turn, player and phase,
    for every place on the tracker (6.0: Game Turns 1A..8B; 6.1.1: four phases; 6.1.2: three at night)."""
    from toolkit.games.tornio_44 import GAME
    from toolkit.vassal import Module, read_save
    from toolkit.vassal.writer import new_save
    assert GAME.has_tracker()
    assert GAME.tracker_path(4, "german", "movement") == (3, 1, 1)  # 2B, as test_save_and_yaml_... writes it
    assert GAME.tracker_path(1, "Fin", "Initial") == (0, 0, 0)
    assert GAME.tracker_path(15, "finnish", "exploitation") == (14, 0, 3)  # 8A (Daytime)
    done = 0
    with Module.open(module_file) as module:
        for turn in range(1, 17):
            for player in ("finnish", "german"):
                for phase in ("initial", "movement", "combat", "exploitation")[: 4 if turn % 2 else 3]:
                    path = tmp_path / f"{turn}-{player}-{phase}.vsav"
                    new_save(module, [], turn=GAME.tracker_path(turn, player, phase)).write(path)
                    assert GAME.save_state(read_save(path).turns()) == {"turn": turn, "player": player,
                                                                       "phase": phase}
                    done += 1
    assert done == 8 * 2 * 4 + 8 * 2 * 3


@pytest.mark.parametrize(("args", "message"), [
    ((0, "finnish", "initial"), r"turn 0 is not a Game Turn .*1A\.\.8B"),
    ((17, "finnish", "initial"), r"turn 17 is not a Game Turn"),
    ((1, "soviet", "initial"), r"player 'soviet'"),
    ((1, "finnish", "setup"), r"phase 'setup' is not on the turn tracker .*30\.0"),
    ((2, "german", "exploitation"), r"1B is a Nighttime Game Turn: it has no Exploitation Phase \(6\.1\.2\)"),
])
def test_tracker_path_refuses_places_not_on_the_tracker(args: tuple, message: str) -> None:
    from toolkit.errors import InputError
    from toolkit.games.tornio_44 import GAME
    with pytest.raises(InputError, match=message):
        GAME.tracker_path(*args)
