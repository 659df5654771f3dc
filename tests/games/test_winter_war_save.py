"""``wgt check`` on a save made by our own module gives the same report as on the equivalent YAML."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolkit.cli.main import cli
from toolkit.data import maps_dir

UNITS = [("hq", "sov-0-1-2", "3160"), ("a", "sov-2-1-2", "3059"), ("b", "sov-2-1-2", "3059"),
         ("c", "sov-2-1-2", "3059"), ("f", "fin-6-6-2", "Viipuri"), ("k", "fin-1-1-3", "Viipuri")]


@pytest.fixture(scope="module")
def module_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (maps_dir() / "winter-war.yaml").is_file():
        pytest.skip("the bundled Winter War map is not there yet")
    from toolkit.builders.module import build_module, write_module
    from toolkit.counters import load_counters
    from toolkit.games.winter_war import GAME
    from toolkit.terrain.io import load_map
    cs = load_counters("winter-war")
    built = build_module("Winter War", load_map(maps_dir() / "winter-war.yaml"), cs, GAME.module_spec(cs), hex_px=16)
    path = tmp_path_factory.mktemp("module") / "winter-war.vmod"
    write_module(built, path)
    return path


def test_save_and_yaml_give_the_same_report(module_file: Path, tmp_path: Path) -> None:
    from toolkit.builders.module import position_placements
    from toolkit.counters import load_counters
    from toolkit.games.winter_war import GAME
    from toolkit.terrain.io import load_map
    from toolkit.vassal import Module
    from toolkit.vassal.writer import new_save
    tmap = load_map(maps_dir() / "winter-war.yaml")
    cs = load_counters("winter-war")
    units = [(u, c, tmap.resolve(h)) for u, c, h in UNITS]
    save = new_save(Module.open(module_file), position_placements(units, GAME.module_spec(cs), cs))
    vsav = tmp_path / "game.vsav"
    save.write(vsav)
    yml = tmp_path / "game.yaml"
    yml.write_text("game: winter-war\nturn: 1\nplayer: soviet\nphase: movement\nunits:\n" + "".join(
        f'  - {{id: {u}, counter: {c}, hex: "{h}"}}\n' for u, c, h in units), encoding="utf-8")
    runner = CliRunner()
    from_save = runner.invoke(cli, ["check", str(vsav), "--module", str(module_file), "--game", "winter-war", "--json"])
    from_yaml = runner.invoke(cli, ["check", str(yml), "--json"])
    assert from_save.exit_code == from_yaml.exit_code == 1
    a, b = json.loads(from_save.stdout), json.loads(from_yaml.stdout)
    assert a == b
    assert [v["rule"] for v in a["violations"]] == ["Stacking"]
    assert a["units"]["k"]["hex"] == tmap.place("Viipuri")
    # without --game: the save's moduledata names the module, "Winter War", which is the game's title
    inferred = runner.invoke(cli, ["check", str(vsav), "--module", str(module_file), "--json"])
    assert inferred.exit_code == 1 and json.loads(inferred.stdout) == a


def test_game_for_module_matches_title_slug_alias() -> None:
    from toolkit.games import game_for_module
    assert game_for_module("Winter War").slug == "winter-war"
    assert game_for_module("  tornio-44 ").slug == "tornio-44"
    assert game_for_module("AWW").slug == "a-winter-war"
    assert game_for_module("Paths of Glory") is None
    assert game_for_module("") is None


def test_save_needs_module_and_game(tmp_path: Path) -> None:
    p = tmp_path / "x.vsav"
    p.write_bytes(b"PK")
    r = CliRunner().invoke(cli, ["check", str(p), "--game", "winter-war"])
    assert r.exit_code == 3 and "--module" in r.output
