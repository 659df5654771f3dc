"""The A Winter War module: map 35's hexes named 35:XXYY as our map names them (our grid and VASSAL's own),
the players, pieces named by counter id, the turn tracker and the rules' set-up."""

from __future__ import annotations

import pytest

from toolkit.builders.module import MAIN_MAP
from toolkit.builders.module_grid import hex_centres
from toolkit.cli.module_cmd import build_game_module
from toolkit.counters import load_counters
from toolkit.games import get_game
from toolkit.games.a_winter_war.naming import PHASES, TURNS, counter_spec, game_state
from toolkit.terrain.io import load_map
from toolkit.vassal import Module, locate, read_save


@pytest.fixture(scope="module")
def aww_map():
    return load_map(get_game("a-winter-war").map_path())


@pytest.fixture(scope="module")
def aww(tmp_path_factory):
    built = build_game_module("a-winter-war", hex_px=30)
    path = tmp_path_factory.mktemp("aww") / "a-winter-war.vmod"
    path.write_bytes(built.vmod)
    return built, path


def test_spec():
    game = get_game("a-winter-war")
    spec = game.module_spec(load_counters("a-winter-war"))
    assert spec.players == ("Soviet", "Finnish") and spec.player_of["volunteers"] == "Finnish"
    assert all(name == cid for cid, name in spec.piece_names.items())
    assert spec.turns == TURNS and spec.player_phases == PHASES
    assert [(p.counter, p.hex) for p in spec.setup] == [("sov-murmansk-defence", "35:0701")]  # 30B2
    assert {b.name for b in spec.boxes} >= {"Aland Islands Holding Box", "Soviet Strategic Reserve"}  # 3E
    assert game.tracker_path(2, "finnish", "combat") == (1, 1, 3)


def test_our_vassal_grid_names_every_hex_centre(aww, aww_map):
    built, path = aww
    vmap = Module.open(str(path)).vassal_map(MAIN_MAP)
    centres = hex_centres(aww_map, built.layout)
    assert len(centres) == 1650
    assert [vmap.location_name(x, y) for x, y in centres.values()] == list(centres)


@pytest.mark.oracle
def test_live_oracle_loads_and_names_every_hex(aww, aww_map):
    from tests.vassal.helpers import run_oracle

    built, path = aww
    try:
        loaded = run_oracle("load", str(path), timeout=300)
    except (OSError, RuntimeError) as exc:
        pytest.skip(f"the VASSAL oracle cannot start: {exc}")
    if not loaded.get("ok"):
        pytest.skip(f"the VASSAL oracle cannot start: {loaded.get('error')}")
    assert loaded["name"] == "A Winter War" and loaded["maps"][0]["name"] == MAIN_MAP
    centres = hex_centres(aww_map, built.layout)
    answer = run_oracle("locate", str(path), MAIN_MAP, *(f"{x},{y}" for x, y in centres.values()), timeout=600)
    assert [p["location"] for p in answer["points"]] == list(centres)


def test_the_setup_save_reads_back(aww, tmp_path):
    built, vmod = aww
    path = tmp_path / "setup.vsav"
    path.write_bytes(built.setup)
    save = read_save(path)
    pieces = [p for p in locate(save, Module.open(str(vmod))) if p.kind == "piece"]
    # the units are read back by name (30B2: Murmansk's intrinsic defence); the overlay and markers are not units
    assert [(counter_spec(p.name), p.hex) for p in pieces if counter_spec(p.name)] == [
        ("sov-murmansk-defence", "35:0701")]
    assert any(counter_spec(p.name) is None for p in pieces)
    # Rule 35A: the game begins with the Soviet turn of Dec I 39, in its initial phase (4A)
    assert game_state(save.turns()) == {"turn": 1, "player": "soviet", "phase": "initial"}


def test_the_setup_save_is_checked_with_the_module(aww, tmp_path):
    """`wgt check setup.vsav --module`: the map furniture ("Terrain overlay") and markers are not units and are left
    out (they once stopped the check as "unknown counter"); the start is legal, Murmansk's defence read as a unit."""
    import json

    from click.testing import CliRunner

    from toolkit.cli.main import cli
    built, vmod = aww
    path = tmp_path / "setup.vsav"
    path.write_bytes(built.setup)
    r = CliRunner().invoke(cli, ["check", str(path), "--module", str(vmod), "--json"])
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert report["ok"] is True and report["violations"] == []
    assert [(u["counter"], u["hex"]) for u in report["units"].values()] == [("sov-murmansk-defence", "35:0701")]


def test_the_track_runs_to_may_ii_40_for_36e(aww, tmp_path):
    """35A: the game ends with the Finnish turn of Mar I 40; 36E (variable game length): "The war may not go beyond
    the Mai II 40 turn": the track holds turns 8-12 for it, and a save at any of them reads back."""
    from toolkit.vassal.writer import new_save
    game = get_game("a-winter-war")
    spec = game.module_spec(load_counters("a-winter-war"))
    track = [b for b in spec.boxes if b.kind == "track"]
    assert [b.name for b in track][6:] == ["Mar I 40", "Mar II 40", "Apr I 40", "Apr II 40", "May I 40", "May II 40"]
    assert "35A" in track[6].rule and all("36E" in b.rule for b in track[7:])
    _, vmod = aww
    with Module.open(str(vmod)) as module:
        for turn, player, phase in ((7, "finnish", "exploitation"), (8, "soviet", "initial"),
                                    (10, "finnish", "air"), (12, "finnish", "exploitation")):
            path = tmp_path / f"{turn}.vsav"
            new_save(module, [], turn=game.tracker_path(turn, player, phase)).write(path)
            assert game.save_state(read_save(path).turns()) == {"turn": turn, "player": player, "phase": phase}


def test_a_turn_past_may_ii_40_is_an_input_error(tmp_path):
    from click.testing import CliRunner

    from toolkit.cli.main import cli
    pos = tmp_path / "p.yaml"
    pos.write_text("game: a-winter-war\nturn: 13\nplayer: soviet\nphase: movement\nstate: {optional_rules: [36E]}\n"
                   "units: []\n", encoding="utf-8")
    r = CliRunner().invoke(cli, ["check", str(pos)])
    assert r.exit_code == 3 and len(r.stderr.splitlines()) == 1
    assert "turn 13 is not a game turn (1 Dec I 39 .. 12 May II 40" in r.stderr and "36E" in r.stderr
