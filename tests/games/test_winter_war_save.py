"""``wgt check`` on a save made by our own module gives the same report as on the equivalent YAML, at the
turn, player and phase the save's turn tracker stands at (Game-Turn > Player-Turn > Phase)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from tests.conftest import ORACLE
from toolkit.cli.main import cli
from toolkit.data import maps_dir

POSITIONS = Path(__file__).parent / "winter_war_positions"

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
    from toolkit.games.winter_war.naming import tracker_path
    units = [(u, c, tmap.resolve(h)) for u, c, h in UNITS]
    save = new_save(Module.open(module_file), position_placements(units, GAME.module_spec(cs), cs),
                    turn=tracker_path(1, "soviet", "movement"))
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


def _write_save(module_file: Path, data: dict, path: Path, *, with_turn: bool = True) -> None:
    """The units of a YAML position placed by our module, the turn tracker set to its turn/player/phase."""
    from toolkit.builders.module import position_placements
    from toolkit.counters import load_counters
    from toolkit.games.winter_war import GAME
    from toolkit.games.winter_war.naming import tracker_path
    from toolkit.vassal import Module
    from toolkit.vassal.writer import new_save
    cs = load_counters("winter-war")
    units = [(u["id"], u["counter"], u["hex"]) for u in data["units"]]
    turn = tracker_path(data["turn"], data["player"], data["phase"]) if with_turn else None
    with Module.open(module_file) as module:
        new_save(module, position_placements(units, GAME.module_spec(cs), cs), turn=turn).write(path)


# (position file, turn override): the ice (Movement (N): Game-Turns 8-10) closed on turn 5 and open on 8 and 9,
# Murmansk Defense from Game-Turn 4 in a Combat Phase (not on 3), stacking not yet judged in a Reinforcement
# Phase, a reinforcement on the map a Game-Turn early (and on time), a Finnish Player-Turn
CASES = [("14-prohibited-ice-turn-5.yaml", None), ("15-ice-turn-9.yaml", 8), ("15-ice-turn-9.yaml", None),
         ("70-murmansk-six.yaml", None), ("72-murmansk-turn-3.yaml", None),
         ("08-stacking-reinforcement-phase.yaml", None), ("80-reinforcement-too-early.yaml", None),
         ("81-reinforcement-on-time.yaml", None)]


@pytest.mark.parametrize("name, turn", CASES, ids=[f"{n[:-5]}{'' if t is None else f'@{t}'}" for n, t in CASES])
def test_saves_at_their_turn_and_phase_give_the_yaml_report(module_file: Path, tmp_path: Path, name: str,
                                                            turn: int | None) -> None:
    data = yaml.safe_load((POSITIONS / name).read_text(encoding="utf-8"))
    expect = data.pop("expect")
    if turn is not None:  # 15 on Game-Turn 8: the first ice turn, still legal
        data["turn"] = turn
    yml = tmp_path / "position.yaml"
    yml.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    vsav = tmp_path / "position.vsav"
    _write_save(module_file, data, vsav)
    runner = CliRunner()
    from_save = runner.invoke(cli, ["check", str(vsav), "--module", str(module_file), "--json"])
    from_yaml = runner.invoke(cli, ["check", str(yml), "--json"])
    assert from_save.exit_code == from_yaml.exit_code == (0 if expect["ok"] else 1), from_save.output
    a, b = json.loads(from_save.stdout), json.loads(from_yaml.stdout)
    assert a == b
    assert (a["summary"]["turn"], a["summary"]["player"], a["summary"]["phase"]) == (
        data["turn"], data["player"], data["phase"])
    assert sorted({v["rule"] for v in a["violations"]}) == sorted(expect["rules"])


def test_the_turn_decides_the_verdict(module_file: Path, tmp_path: Path) -> None:
    """The same units (a 1-1-3 on the Gulf of Finland ice) judged at Game-Turn 5 and 8 from their saves."""
    data = yaml.safe_load((POSITIONS / "14-prohibited-ice-turn-5.yaml").read_text(encoding="utf-8"))
    verdicts = []
    for turn in (5, 8):
        vsav = tmp_path / f"turn-{turn}.vsav"
        _write_save(module_file, {**data, "turn": turn}, vsav)
        r = CliRunner().invoke(cli, ["check", str(vsav), "--module", str(module_file), "--json"])
        verdicts.append((r.exit_code, [v["rule"] for v in json.loads(r.stdout)["violations"]]))
    assert verdicts == [(1, ["Terrain Effects Chart"]), (0, [])]


def test_a_save_without_tracker_state_is_judged_at_turn_one_with_a_note(module_file: Path, tmp_path: Path) -> None:
    data = yaml.safe_load((POSITIONS / "70-murmansk-six.yaml").read_text(encoding="utf-8"))
    vsav = tmp_path / "no-turn.vsav"
    _write_save(module_file, data, vsav, with_turn=False)
    r = CliRunner().invoke(cli, ["check", str(vsav), "--module", str(module_file), "--json"])
    summary = json.loads(r.stdout)["summary"]
    assert r.exit_code == 0  # Murmansk Defense only from Game-Turn 4: at the assumed turn 1 no violation
    assert (summary["turn"], summary["player"], summary["phase"]) == (1, "soviet", "movement")
    assert summary["note"] == ("the save holds no turn tracker state: judged as Game-Turn 1, soviet player, "
                               "movement phase")
    text = CliRunner().invoke(cli, ["check", str(vsav), "--module", str(module_file)])
    assert "the save holds no turn tracker state" in text.output


def test_game_state_reads_every_place_on_the_tracker() -> None:
    from toolkit.games.winter_war import charts
    from toolkit.games.winter_war.naming import game_state, tracker_path
    from toolkit.vassal.commands import TurnLine
    from toolkit.vassal.save import TrackerState, TurnLevelState

    def line(path: tuple[int, ...]) -> TurnLine:  # a tracker state with the module's level shapes
        phase = TurnLevelState(path[2], 0, ("0", "true,true,true")) if len(path) > 2 else None
        player = TurnLevelState(path[1], 0, ("0", "true,true"), (phase,) if phase else ())
        turn = TurnLevelState(path[0], 0, ("0", ",".join(["true"] * 10)), (player,))
        return TurnLine("TurnTracker0", TrackerState(0, (turn,)).encode())

    for turn in range(1, charts.LAST_TURN + 1):
        for player in ("soviet", "finnish"):
            for phase in ("reinforcement", "movement", "combat"):
                got = game_state([line(tracker_path(turn, player, phase))])
                assert got == {"turn": turn, "player": player, "phase": phase}
    assert tracker_path(8, "Finnish", "Combat") == (7, 1, 2)
    assert game_state([]) == {}
    assert game_state([TurnLine("TurnTracker1", "0|3;0;false;-1")]) == {}  # another tracker
    assert game_state([line((7, 1))]) == {"turn": 8, "player": "finnish"}  # a module without the Phase level


@pytest.mark.parametrize("args, message", [
    ((1, "soviet", "setup"), "phase 'setup' is not a phase of the turn tracker"),
    ((1, "allied", "movement"), "player 'allied' is not a Player-Turn of the turn tracker"),
    ((0, "soviet", "movement"), "turn 0 is not a Game-Turn of the turn tracker"),
])
def test_tracker_path_rejects_places_not_on_the_tracker(args: tuple, message: str) -> None:
    from toolkit.errors import InputError
    from toolkit.games.winter_war.naming import tracker_path
    with pytest.raises(InputError, match=message):
        tracker_path(*args)


def test_bad_tracker_state_is_a_one_line_error(module_file: Path, tmp_path: Path) -> None:
    from toolkit.vassal import read_save
    from toolkit.vassal.commands import TextCommand
    data = yaml.safe_load((POSITIONS / "70-murmansk-six.yaml").read_text(encoding="utf-8"))
    vsav = tmp_path / "bad.vsav"
    _write_save(module_file, data, vsav)
    save = read_save(vsav)
    items = save.commands.items
    at = next(i for i, c in enumerate(items) if isinstance(c, TextCommand) and c.text.startswith("TURN"))
    items[at] = TextCommand("TURNTurnTracker0\t0|3;0;0;true;5\\;0\\;0\\;true,true")  # Player-Turn item 5
    save.write(vsav)
    r = CliRunner().invoke(cli, ["check", str(vsav), "--module", str(module_file)])
    assert r.exit_code == 3
    assert r.output.strip() == "wgt: error: turn tracker: player item 5 is not one of Soviet, Finnish"


# The states VASSAL 3.6's own TurnTracker holds after executing our saves' SetTurn command (getState()), and
# the GameTurn / PlayerTurn / Phase properties it sets; recorded with the oracle's engine (a JPype probe
# beside vassal-oracle's decode: decodeSavedGame, execute the SetTurn, ask the tracker and the module;
# tests/builders/vassal_play_probe.py). The last nested state (``0;0;0;true``) is the Scenario Interphase level.
ENGINE = {
    (8, "finnish", "movement"): ("0|7;0;0;true,true,true,true,true,true,true,true,true,true;1\\;0\\;0\\;true,true"
                                 "\\;1\\\\;0\\\\;0\\\\;true,true,true;0\\;0\\;0\\;true",
                                 ("8 (10 Feb – 19 Feb)", "Finnish", "Movement")),
    (4, "soviet", "combat"): ("0|3;0;0;true,true,true,true,true,true,true,true,true,true;0\\;0\\;0\\;true,true"
                              "\\;2\\\\;0\\\\;0\\\\;true,true,true;0\\;0\\;0\\;true",
                              ("4 (30 Dec – 9 Jan 1940)", "Soviet", "Combat")),
    (1, "soviet", "reinforcement"): ("0|0;0;0;true,true,true,true,true,true,true,true,true,true;0\\;0\\;0\\;"
                                     "true,true\\;0\\\\;0\\\\;0\\\\;true,true,true;0\\;0\\;0\\;true",
                                     ("1 (30 Nov 1939 – 9 Dec)", "Soviet", "Reinforcement")),
    (10, "finnish", "combat"): ("0|9;0;0;true,true,true,true,true,true,true,true,true,true;1\\;0\\;0\\;true,true"
                                "\\;2\\\\;0\\\\;0\\\\;true,true,true;0\\;0\\;0\\;true",
                                ("10 (2 Mar – 12 Mar)", "Finnish", "Combat")),
}


@pytest.mark.parametrize("when", list(ENGINE), ids=[f"{t}-{p}-{ph}" for t, p, ph in ENGINE])
def test_our_tracker_line_is_the_engines_own_state(module_file: Path, tmp_path: Path, when: tuple) -> None:
    from toolkit.games.winter_war.naming import tracker_path
    from toolkit.vassal import read_save
    from toolkit.vassal.module import Module
    data = {"turn": when[0], "player": when[1], "phase": when[2], "units": []}
    vsav = tmp_path / "t.vsav"
    _write_save(module_file, data, vsav)
    state, (game_turn, player_turn, phase) = ENGINE[when]
    assert [t.state for t in read_save(vsav).turns()] == [state]
    with Module.open(module_file) as module:  # the items the engine named are the ones at our indices
        levels = [el for el in module.root.iter() if str(el.tag).endswith("ListTurnLevel")][:3]
        named = [lv.get("list").split(",")[i] for lv, i in zip(levels, tracker_path(*when), strict=True)]
        assert named == [game_turn, player_turn, phase]


#: VASSAL's state after pressing Next on Game-Turn 10's Finnish Combat Phase (same probe, tracker.next()): the
#: Game-Turn level's second nested level, the Scenario Interphase, is the active one (sub-level 1)
ENGINE_INTERPHASE = ("0|9;1;0;true,true,true,true,true,true,true,true,true,true;0\\;0\\;0\\;true,true\\;0\\\\;0"
                     "\\\\;0\\\\;true,true,true;0\\;0\\;0\\;true")


def test_the_scenario_interphase_is_where_the_engine_puts_it(module_file: Path, tmp_path: Path) -> None:
    """Sequence of Play C: the Scenario Interphase follows the Finnish Player-Turn. Our save for turn 10's
    Interphase holds the engine's own state there, and the referee reads it back as the Interphase."""
    from toolkit.games.winter_war.naming import game_state
    from toolkit.vassal import read_save
    vsav = tmp_path / "t.vsav"
    _write_save(module_file, {"turn": 10, "player": "finnish", "phase": "interphase", "units": []}, vsav)
    lines = read_save(vsav).turns()
    assert [t.state for t in lines] == [ENGINE_INTERPHASE]
    assert game_state(lines) == {"turn": 10, "phase": "interphase"}


@pytest.mark.oracle
def test_vassal_decodes_saves_with_a_turn_without_errors(module_file: Path, tmp_path: Path) -> None:
    """The real engine loads our module and decodes a turn-8 Finnish combat-phase save: no engine errors,
    every unit where we put it."""
    import subprocess
    if not ORACLE.exists():
        pytest.skip(f"the VASSAL oracle is not there: {ORACLE}")
    data = yaml.safe_load((POSITIONS / "70-murmansk-six.yaml").read_text(encoding="utf-8"))
    data.update(turn=8, player="finnish", phase="combat")
    vsav = tmp_path / "t.vsav"
    _write_save(module_file, data, vsav)
    try:
        done = subprocess.run([str(ORACLE), "decode", str(module_file), str(vsav)], capture_output=True, text=True,
                              timeout=300, check=False)
        answer = json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.TimeoutExpired, ValueError, IndexError) as exc:
        pytest.skip(f"the VASSAL oracle cannot start: {exc}")
    if "engine_errors" not in answer and not answer.get("ok"):
        pytest.skip(f"the VASSAL oracle cannot start: {answer.get('error')}")
    assert answer.get("engine_errors") is None and answer["ok"]
    placed = sorted((p["id"], p["location"]) for p in answer["pieces"] if p["class"] != "Stack")
    assert placed == sorted((u["id"], u["hex"]) for u in data["units"])


def test_a_tracker_without_the_phase_level_says_turn_and_player(module_file: Path, tmp_path: Path) -> None:
    """A save of a module built before the Phase level (Game-Turn > Player-Turn only): turn and player are read,
    the phase is assumed, and the summary says so."""
    from toolkit.vassal import read_save
    from toolkit.vassal.commands import TextCommand
    data = yaml.safe_load((POSITIONS / "14-prohibited-ice-turn-5.yaml").read_text(encoding="utf-8"))
    vsav = tmp_path / "two-levels.vsav"
    _write_save(module_file, data, vsav)
    save = read_save(vsav)
    items = save.commands.items
    at = next(i for i, c in enumerate(items) if isinstance(c, TextCommand) and c.text.startswith("TURN"))
    items[at] = TextCommand("TURNTurnTracker0\t0|7;0;0;" + ",".join(["true"] * 10) + ";1\\;0\\;0\\;true,true")
    save.write(vsav)
    r = CliRunner().invoke(cli, ["check", str(vsav), "--module", str(module_file), "--json"])
    summary = json.loads(r.stdout)["summary"]
    assert r.exit_code == 0  # Game-Turn 8: the ice is open
    assert (summary["turn"], summary["player"], summary["phase"]) == (8, "finnish", "movement")
    assert summary["note"] == "the save's turn tracker does not say the phase: judged as phase movement"


def test_a_save_judged_with_another_module_is_refused(module_file: Path, tmp_path: Path) -> None:
    """The same boards under another module's name: VASSAL warns at load; the referee refuses to judge
    (held-out hostile case: another game's module turned a Stacking violation into "ok", exit 0)."""
    from toolkit.builders.module import build_module, position_placements, write_module
    from toolkit.counters import load_counters
    from toolkit.games.winter_war import GAME
    from toolkit.games.winter_war.naming import tracker_path
    from toolkit.terrain.io import load_map
    from toolkit.vassal import Module
    from toolkit.vassal.writer import new_save
    tmap = load_map(maps_dir() / "winter-war.yaml")
    cs = load_counters("winter-war")
    units = [(u, c, tmap.resolve(h)) for u, c, h in UNITS]
    vsav = tmp_path / "game.vsav"
    new_save(Module.open(module_file), position_placements(units, GAME.module_spec(cs), cs),
             turn=tracker_path(1, "soviet", "movement")).write(vsav)
    other = tmp_path / "other.vmod"
    write_module(build_module("Other Game", tmap, cs, GAME.module_spec(cs), hex_px=16), other)
    result = CliRunner().invoke(cli, ["check", str(vsav), "--module", str(other), "--game", "winter-war"])
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert result.exit_code == 3 and len(lines) == 1, result.output
    assert "was made with module 'Winter War'" in lines[0] and "not 'Other Game'" in lines[0]
