"""``wgt audit``: a Winter War game played in our module and written as a log with our own writer
(tests/vassal/ww_game.py) is audited step by step; the audit reports exactly the rule breaks planted in it,
at the steps that made them, and nothing else."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.vassal.boardlog import write_board_log, write_board_module
from tests.vassal.ww_game import write_game
from toolkit.cli.audit import audit, read_clock
from toolkit.cli.main import cli
from toolkit.data import maps_dir
from toolkit.games import get_game
from toolkit.vassal import Module, read_save
from toolkit.vassal.save import MODULEDATA, metadata_xml


@pytest.fixture(scope="module")
def ww_module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (maps_dir() / "winter-war.yaml").is_file():
        pytest.skip("the bundled Winter War map is not there")
    from toolkit.builders.module import build_module, write_module
    from toolkit.counters import load_counters
    from toolkit.games.winter_war import GAME
    from toolkit.terrain.io import load_map

    cs = load_counters("winter-war")
    built = build_module("Winter War", load_map(maps_dir() / "winter-war.yaml"), cs, GAME.module_spec(cs), hex_px=16)
    path = tmp_path_factory.mktemp("ww") / "winter-war.vmod"
    write_module(built, path)
    return path


@pytest.fixture(scope="module")
def ww_log(ww_module: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[tuple[str, int]]]:
    out = tmp_path_factory.mktemp("log") / "game.vlog"
    game = write_game(ww_module, out)
    return out, game.planted


def _chapter(rule: str) -> str:
    """A rule's section without its case letter ("Movement (C)" -> "Movement"), so that the test holds while
    the referee's citations are refined."""
    return re.sub(r"\s*\([A-Z]\)$", "", rule)


def test_the_audit_reports_exactly_the_planted_violations(ww_module, ww_log):
    log, planted = ww_log
    assert [r for r, _ in planted] == ["Stacking", "Sequence of Play", "Turn Record / Reinforcement Chart",
                                       "Movement (C)"]
    result = CliRunner().invoke(cli, ["audit", str(log), "--module", str(ww_module), "--json"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.output)
    assert data["game"] == "winter-war" and data["referee"] and not data["ok"]
    found = [(_chapter(v["rule"]), s["step"]) for s in data["steps"] for v in s["violations"]]
    assert sorted(found) == sorted((_chapter(r), n) for r, n in planted)
    assert data["initial"] == [] and data["summary"]["violations"] == 4
    steps = {s["step"]: s for s in data["steps"]}
    assert len(steps) == 45
    stacking = next(v for v in steps[planted[0][1]]["violations"])
    assert stacking["hexes"] == ["3159"] and len(stacking["units"]) == 3
    # per step: the engine's own chat and where the game stands, read from the module's turn tracker
    assert steps[1]["chat"] == ["* Soviet 6-4-2 moves Soviet pool -> 3159 *"]
    assert (steps[1]["turn"], steps[1]["player"], steps[1]["phase"]) == (1, "soviet", "reinforcement")
    assert (steps[44]["turn"], steps[44]["player"], steps[44]["phase"]) == (3, "soviet", "combat")
    move = steps[planted[3][1]]
    assert move["chat"] == ["* Soviet 6-4-2 moves 2960 -> 2859 *"]  # the second drag breaks the allowance
    assert steps[planted[3][1] - 1]["violations"] == []


def test_the_text_report_and_the_full_rejudge_agree(ww_module, ww_log):
    log, planted = ww_log
    with Module.open(ww_module) as module:
        save = read_save(log)
        quick = audit(save, module, get_game("winter-war"))
        full = audit(save, module, get_game("winter-war"), full=True)
    assert [(s.step, s.violations) for s in quick.steps] == [(s.step, s.violations) for s in full.steps]
    assert quick.judged < full.judged
    text = CliRunner().invoke(cli, ["audit", str(log), "--module", str(ww_module)]).output
    assert "-- turn 2 soviet movement" in text
    assert f"step {planted[0][1]}: * Soviet 2-1-2 moves 3160 -> 3159 *" in text
    assert "  ! Stacking" in text
    assert text.rstrip().splitlines()[-1].startswith(f"{log}: 45 steps, 4 violation(s)")


def test_a_log_of_a_game_without_referee_gets_placement_and_structure(tmp_path):
    """A module naming no game known here: an error without --game (as in `wgt check`: never a silent "ok" with no
    rule judged); with --game none, placement and structure only."""
    vmod = write_board_module(tmp_path / "boards.vmod")
    log = write_board_log(vmod, tmp_path / "boards.vlog")
    result = CliRunner().invoke(cli, ["audit", str(log), "--module", str(vmod)])
    assert (result.exit_code, result.stdout) == (3, "")
    assert result.stderr == (f"wgt: error: {log}: module 'Board Change Test' is not a bundled game; say which game "
                             "with --game (--game none: placement and structure only)\n")
    result = CliRunner().invoke(cli, ["audit", str(log), "--module", str(vmod), "--game", "none"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "no referee for this game: placement and structure only"
    assert "step 5: map Main Map shows South/rev@0,0" in lines
    assert "step 19: * Red created in 0206 *" in lines
    data = json.loads(CliRunner().invoke(cli, ["audit", str(log), "--module", str(vmod), "--game", "None",
                                               "--json"]).output)
    assert not data["referee"] and data["summary"]["steps"] == 19
    assert data["steps"][4]["changes"] == ["map Main Map shows South/rev@0,0"]


def test_state_from_the_turn_tracker_and_global_properties():
    game = get_game("winter-war")
    from toolkit.games.winter_war.naming import TRACKER
    from toolkit.vassal.save import TrackerState, TurnLevelState

    def tracker(turn: int, player: int, phase: int) -> str:
        phases = TurnLevelState(phase, 0, ("0", "true,true,true"))
        players = TurnLevelState(player, 0, ("0", "true,true"), (phases,))
        return TrackerState(0, (TurnLevelState(turn, 0, ("0", ",".join(["true"] * 10)), (players,)),)).encode()

    clock = read_clock(game, {TRACKER: tracker(4, 1, 2)}, {("Module", "Scenario"): "b",
                                                           ("Module", "SpecialEvents"): "F,H"}, scenario_turn=3)
    assert (clock.turn, clock.player, clock.phase) == (5, "finnish", "combat")
    assert clock.state == {"scenario": "B", "events": ["F", "H"], "scenario_turn": 3}
    none = read_clock(game, {}, {("Module", "Scenario"): "none", ("Module", "SpecialEvents"): ""})
    assert none.state == {} and none.turn is None
    # without a tracker, properties named Turn / Phase / Player say where the game stands
    props = read_clock(None, {}, {("Module", "Turn"): "Turn 7", ("Module", "Phase"): "Movement"})
    assert (props.turn, props.phase) == (7, "movement")


def test_a_log_made_with_another_module_warns(ww_module, ww_log, tmp_path):
    log, _ = ww_log
    save = read_save(log)
    save.entries[MODULEDATA] = metadata_xml(version="2.1", name="Paths of Glory")
    other = tmp_path / "other.vlog"
    save.write(other)
    result = CliRunner().invoke(cli, ["audit", str(other), "--module", str(ww_module), "--game", "winter-war"])
    assert "wgt: warning: " in result.output
    assert "made with module 'Paths of Glory' 2.1, not 'Winter War'" in result.output


# --- units moved more than once in one Movement Phase (tests/vassal/ww_moves.py) ---------------------------------

@pytest.fixture(scope="module")
def moves_log(ww_module: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[tuple[str, int]]]:
    from tests.vassal.ww_moves import write_moves

    out = tmp_path_factory.mktemp("moves") / "moves.vlog"
    return out, write_moves(ww_module, out).planted


def _found(log: Path, vmod: Path) -> list[tuple[str, int, list[str]]]:
    result = CliRunner().invoke(cli, ["audit", str(log), "--module", str(vmod), "--json"])
    data = json.loads(result.output)
    return [(v["rule"], s["step"], v["hexes"]) for s in data["steps"] for v in s["violations"]]


def test_second_moves_are_judged_along_their_path(ww_module, moves_log):
    """Every drop of a unit is a point of its path: a 20-12-2 that entered the zone of control of the 6-6-2 in
    2957 at 2958 and went on to 3058 (Zones of Control), one dragged out two hexes and back one (Movement (C),
    its allowance 2 counted over the whole path), one picked up again after another unit moved (Movement (G));
    the HQ's two one-hex drags and the 2-1-2's drag taken back with VASSAL's undo are legal."""
    log, planted = moves_log
    assert planted == [("Zones of Control", 13), ("Movement (C)", 16), ("Movement (G)", 21)]
    found = _found(log, ww_module)
    assert [(r, n) for r, n, _ in found] == planted
    assert [h for _, _, h in found] == [["2959", "2958", "3058"], ["3160", "3159", "3158"], ["3061"]]
    with Module.open(ww_module) as module:
        save = read_save(log)
        quick = audit(save, module, get_game("winter-war"))
        full = audit(save, module, get_game("winter-war"), full=True)
        assert [(s.step, s.violations) for s in quick.steps] == [(s.step, s.violations) for s in full.steps]
        assert quick.steps[18].undo and quick.steps[18].changes == ["moved Soviet 2-1-2 (1800000000000) to 3060"]


def test_without_the_paths_every_second_move_looks_legal(ww_module, moves_log, monkeypatch):
    """The same log judged only from where each unit began the phase to where it ended (what the audit did
    before it traced moves): every unit's net move is legal, so nothing is found."""
    from toolkit.games.winter_war.rules import WinterWarReferee

    log, _ = moves_log
    monkeypatch.setattr(WinterWarReferee, "traced_phases", frozenset())
    assert _found(log, ww_module) == []


def test_a_drag_back_that_is_not_an_undo_is_part_of_the_path(ww_module, moves_log, tmp_path):
    """The 2-1-2's step back to Leningrad written as an ordinary drag instead of VASSAL's undo: its path 3060 ->
    3061 -> 3060 -> 2960 enters three hexes, one more than its allowance (Movement (C) at its last drag)."""
    from toolkit.vassal.commands import CommandList, LogCommand, UndoCommand

    log, planted = moves_log
    save = read_save(log)
    steps = save.log_steps()
    undo = steps[18]
    assert isinstance(undo, CommandList) and isinstance(undo.items[0], UndoCommand)
    plain = tmp_path / "plain.vlog"
    assert isinstance(save.commands, CommandList)
    items = save.commands.items
    items[next(n for n, c in enumerate(items) if c is undo)] = LogCommand(undo.items[1])
    save.write(plain)
    found = _found(plain, ww_module)
    assert [(r, n) for r, n, _ in found] == [*planted[:2], ("Movement (C)", 20), planted[2]]
    assert found[2][2] == ["3060", "3061", "2960"]  # the hexes of the path, each once
