"""``wgt check`` on A Winter War positions on the bundled map 35, and ``--charts FILE``: a completed chart file
turns "not judged" into a verdict; a bad one is one line naming the line, exit 3."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolkit.cli.main import cli
from toolkit.games.a_winter_war import GAME

pytestmark = pytest.mark.skipif(not GAME.has_map(), reason="the bundled A Winter War map is not there yet")

#: a Finnish regiment (4 MP) leaves the ZOC of a Soviet division by two forest hexes (2 MP each, rule 28's
#: example): the ZOC Costs Chart's value decides, and the rules text does not give it
MOVE = """\
game: a-winter-war
turn: 3
player: finnish
phase: movement
units:
  - {id: f, counter: "finnish III infantry 1-2-4*", hex: "35:3528"}
  - {id: s, counter: "soviet XX rifle 5-5-3", hex: "35:3227"}
before:
  - {id: f, counter: "finnish III infantry 1-2-4*", hex: "35:3328"}
  - {id: s, counter: "soviet XX rifle 5-5-3", hex: "35:3227"}
"""
#: test data only (not the game's chart): leaving a normal ZOC costs 0 MP
CHARTS = """\
- title: ZOC Costs Chart
  columns: [ZOC left, c/m and artillery, other units]
  rows:
    - [normal, "0", "0"]
"""


def run(tmp_path: Path, *args: str) -> tuple[int, str, str]:
    pos = tmp_path / "p.yaml"
    pos.write_text(MOVE, encoding="utf-8")
    r = CliRunner().invoke(cli, ["check", str(pos), *args])
    return r.exit_code, r.stdout, r.stderr


def test_a_move_over_clear_terrain_is_not_judged_without_the_chart(tmp_path: Path) -> None:
    code, out, _ = run(tmp_path, "--json")
    assert code == 0
    assert json.loads(out)["summary"]["not_judged"] == [
        "6: f 35:3328 to 35:3528: not judged: Terrain Effects Chart or ZOC Costs Chart value unknown"]


def test_a_completed_chart_file_judges_it(tmp_path: Path) -> None:
    charts = tmp_path / "charts.yaml"
    charts.write_text(CHARTS, encoding="utf-8")
    code, out, _ = run(tmp_path, "--charts", str(charts), "--json")
    assert code == 0 and json.loads(out)["summary"]["not_judged"] == []
    # the same file with 1 MP to leave a ZOC: 5 MP, more than the regiment's 4
    charts.write_text(CHARTS.replace('"0", "0"', '"1", "1"'), encoding="utf-8")
    code, out, _ = run(tmp_path, "--charts", str(charts), "--json")
    assert code == 1
    assert [v["rule"] for v in json.loads(out)["violations"]] == ["6"]


def test_a_bad_chart_file_is_one_line(tmp_path: Path) -> None:
    charts = tmp_path / "charts.yaml"
    charts.write_text(CHARTS.replace('"0", "0"', '"0", "x"'), encoding="utf-8")
    code, _, err = run(tmp_path, "--charts", str(charts))
    assert code == 3 and err.count("\n") == 1
    assert "line 4: ZOC Costs Chart: row 'normal' column 'other units': 'x' is not a number of MP" in err


def test_a_game_without_charts_refuses_the_option(tmp_path: Path) -> None:
    pos = tmp_path / "w.yaml"
    pos.write_text("game: winter-war\nturn: 1\nplayer: soviet\nphase: movement\nunits: []\n", encoding="utf-8")
    charts = tmp_path / "charts.yaml"
    charts.write_text(CHARTS, encoding="utf-8")
    r = CliRunner().invoke(cli, ["check", str(pos), "--charts", str(charts)])
    assert r.exit_code == 3 and "winter-war takes no chart file" in r.stderr


def test_a_saves_turn_tracker_gives_turn_player_and_phase() -> None:
    from toolkit.vassal.commands import TurnLine
    from toolkit.vassal.save import TrackerState, TurnLevelState

    own = ("0", "true")
    phase = TurnLevelState(3, 0, own, ())
    player = TurnLevelState(1, 0, own, (phase,))
    state = TrackerState(0, (TurnLevelState(2, 0, own, (player,)),)).encode()
    got = GAME.save_state([TurnLine("TurnTracker0", state)])
    assert got == {"turn": 3, "player": "finnish", "phase": "combat"}
    assert GAME.tracker_path(got["turn"], got["player"], got["phase"]) == (2, 1, 3)
    assert GAME.referee().position({"turn": got["turn"], "player": got["player"], "phase": got["phase"],
                                    "units": []}).phase == "combat"


def test_a_state_list_naming_an_unknown_unit_is_one_line(tmp_path: Path) -> None:
    pos = tmp_path / "p.yaml"
    pos.write_text("game: a-winter-war\nturn: 3\nplayer: soviet\nphase: combat\nunits:\n"
                   "  - {id: a, counter: soviet XX rifle 5-5-3, hex: '35:4616'}\n"
                   "state:\n  attacks: [{hex: '35:4517', attackers: [a, zz]}]\n", encoding="utf-8")
    r = CliRunner().invoke(cli, ["check", str(pos)])
    assert r.exit_code == 3
    assert r.stderr == f"wgt: error: {pos}: state.attacks 1: attackers names 'zz', not a unit of the position\n"


def test_the_bundled_counters_in_the_referee() -> None:
    from toolkit.games.a_winter_war.rules.air import air_type, patrol_radius
    from toolkit.games.a_winter_war.rules.common import is_combat_engineer, is_naval
    from toolkit.rules.position import Unit

    ref = GAME.referee()
    if "fin-air-dxxi" not in ref.kinds:
        pytest.skip("the counters changed: no D.XXI")
    dxxi = Unit("d", ref.kinds["fin-air-dxxi"], "35:4526", {})
    assert (air_type(dxxi), dxxi.value("air_attack"), dxxi.value("air_defense"), patrol_radius(dxxi)) == ("F", 3, 4, 3)
    assert is_naval(Unit("s", ref.kinds["sov-ship-cl"], "35:4916", {}))
    assert is_combat_engineer(Unit("e", ref.kinds["sov-cbteng-iii-1-6"], "35:4916", {}))
    # an I-16 whose movement the counters do not give: its missions are not judged, not refused
    pos = ref.position({"turn": 3, "player": "soviet", "phase": "air", "units": [
        {"id": "i", "counter": "sov-air-i16", "hex": "35:4916"}],
        "state": {"air_missions": [{"unit": "i", "mission": "bombing", "hex": "35:4517"}]}})
    report = ref.check(pos)
    assert report.ok and report.summary["not_judged"] == [
        "20: mission 1: not judged: i's movement is not in the counters"]


def test_a_saves_markers_become_state() -> None:
    ref = GAME.referee()
    pieces = [{"name": "sov-rifle-xx-5-6", "hex": "35:4916"}, {"name": "sov-rifle-xx-5-6", "hex": "35:4916"},
              {"name": "sov-rifle-xx-5-6", "hex": "35:4916"}, {"name": "Soviet corps (normal)", "hex": "35:4916"},
              {"name": "Rail break", "hex": "35:4517"}, {"name": "Hit", "hex": "35:4521"},
              {"name": "Hit", "hex": "35:4521"}, {"name": "Finnish control", "hex": "35:4616"},
              {"name": "fin-inf-xx-4-5-6", "hex": "35:4418"}, {"name": "Isolated", "hex": "35:4418"},
              {"name": "Some label", "hex": "35:4418"}]
    pos = ref.from_pieces(pieces, turn=3, player="soviet", phase="movement")
    assert [u.counter for u in pos.units] == ["sov-rifle-xx-5-6"] * 3 + ["fin-inf-xx-4-5-6"]
    assert all(u.state == {"normal_stacking": True} for u in pos.units[:3])
    assert pos.units[3].state == {"isolated": True}
    assert pos.state == {"broken_rail": ["35:4517"], "port_damage": {"35:4521": 2}, "owned": {"35:4616": "finnish"}}
    assert "8A" not in ref.check(pos).rules()  # three divisions on a normal-side corps


def test_a_saves_unit_of_an_unknown_counter_is_an_error() -> None:
    from toolkit.errors import ToolkitError

    with pytest.raises(ToolkitError, match="unknown counter 'ob-fin-inf-xx'"):
        GAME.referee().from_pieces([{"name": "ob-fin-inf-xx", "hex": "35:4517"}])


def test_combat_with_an_unprinted_result_says_not_judged() -> None:
    """9C's odds (15 against 6: 2-1) with a die: the Land Combat Results Table cell is not in the text, so the
    line says 'not judged' (it printed 'None (None)') and the note names the table."""
    r = CliRunner().invoke(cli, ["combat", "a-winter-war", "-a", "15", "-d", "6", "--die", "3"])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[:2] == [
        "15 against 6: 2-1; die 3: result not judged",
        "  not judged: Land Combat Results Table value unknown (Modified die 3, 2-1)"]
