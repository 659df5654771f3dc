"""``wgt check`` and ``wgt combat winter-war``: exit codes, text and JSON output (on the test map)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolkit.cli.main import cli
from toolkit.games.winter_war import WinterWar
from toolkit.games.winter_war.rules import WinterWarReferee

from ..rules.minimap import minimap


@pytest.fixture(autouse=True)
def minimap_referee(monkeypatch: pytest.MonkeyPatch) -> None:
    m = minimap()
    monkeypatch.setattr(WinterWar, "referee", lambda self: WinterWarReferee(m))


def run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, list(args))
    return r.exit_code, r.stdout, r.stderr


def write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


OK = """game: winter-war
turn: 3
player: soviet
phase: movement
units:
  - {id: hq, counter: sov-0-1-2, hex: "0709"}
  - {id: s1, counter: sov-6-4-2, hex: "0708"}
  - {id: f1, counter: "finnish 6-6-2", hex: Viipuri}
"""


def test_check_ok_exit_0(tmp_path: Path) -> None:
    code, out, _ = run("check", write(tmp_path, "ok.yaml", OK))
    assert code == 0 and out.startswith("winter-war: ok")


def test_check_violation_exit_1_json(tmp_path: Path) -> None:
    bad = OK + '  - {id: s2, counter: sov-2-1-2, hex: "0708"}\n  - {id: s3, counter: sov-2-1-2, hex: "0708"}\n'
    code, out, _ = run("check", write(tmp_path, "bad.yaml", bad), "--json")
    assert code == 1
    report = json.loads(out)
    assert report["ok"] is False and report["game"] == "winter-war"
    assert report["violations"] == [{"rule": "Stacking", "message": "3 soviet units in 0708; the limit on or south "
                                     "of Row A is 2", "hexes": ["0708"], "units": ["s1", "s2", "s3"]}]
    assert report["units"]["s1"] == {"hex": "0708", "counter": "sov-6-4-2", "side": "soviet", "supplied": True,
                                     "in_enemy_zoc": False, "supply_via": "hq"}


def test_check_with_before(tmp_path: Path) -> None:
    before = write(tmp_path, "before.yaml", OK)
    after = write(tmp_path, "after.yaml", OK.replace('hex: "0708"', 'hex: "0703"'))
    code, out, _ = run("check", after, "--before", before, "--json")
    assert code == 1
    assert [v["rule"] for v in json.loads(out)["violations"]] == ["Movement (C)"]


@pytest.mark.parametrize(("text", "message"), [
    ("game: [", "not valid yaml"),
    ("game: x\x00", "not valid yaml: unacceptable character #x0000"),
    (OK.replace("sov-6-4-2", "sov-9-9-9"), "unknown counter 'sov-9-9-9'"),
    (OK.replace("Viipuri", "Atlantis"), "no place named 'Atlantis'"),
    (OK.replace('"0708"', '"9999"'), "unit 's1'"),
    ("units: []\n", "names no game"),
    (OK.replace("winter-war", "chess"), "unknown game 'chess'"),
])
def test_check_bad_input_exit_3(tmp_path: Path, text: str, message: str) -> None:
    code, _, err = run("check", write(tmp_path, "x.yaml", text))
    assert code == 3 and err.startswith("wgt: error: ") and message in err and "Traceback" not in err
    assert err.count("\n") == 1  # one line


def test_check_position_of_another_game_exit_3(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", OK.replace("winter-war", "tornio-44"))
    code, _, err = run("check", path, "--game", "winter-war")
    assert (code, err) == (3, f"wgt: error: {path}: the position is for game 'tornio-44', not winter-war\n")
    code, _, _ = run("check", write(tmp_path, "alias.yaml", OK.replace("winter-war", "WW")))
    assert code == 0  # an alias of the same game is the same game


GAME_STATE = OK.replace("phase: movement", "phase: combat\nstate: STATE")


@pytest.mark.parametrize(("state", "message"), [
    ("{attacks: 5}", "state.attacks must be a list"),
    ("{attacks: [{attackers: s1, defenders: [f1]}]}", "attack 1: attackers must be a list of unit ids"),
    ("{attacks: [{attackers: [s1], defenders: [f1], die: x}]}", "die roll 'x' is not on the combat results table"),
    ("{last_occupied: 5}", "state.last_occupied must be a mapping"),
    ("{last_occupied: {Viipuri: germans}}", "'Viipuri' is held by 'germans'"),
    ("{last_occupied: {Atlantis: soviet}}", "state.last_occupied: no place named 'Atlantis'"),
    ("{events: [F, Z]}", "state.events must be Special Event letters"),
    ("{murmansk_penalties: x}", "state.murmansk_penalties must be a whole number"),
    ("{scenario: Q}", "state.scenario must be one of A, B, C, D, E"),
])
def test_check_bad_game_state_exit_3(tmp_path: Path, state: str, message: str) -> None:
    code, _, err = run("check", write(tmp_path, "s.yaml", GAME_STATE.replace("STATE", state)))
    assert code == 3 and err.startswith("wgt: error: ") and message in err and "internal" not in err


def test_check_missing_file_and_save_without_reader(tmp_path: Path) -> None:
    code, _, err = run("check", str(tmp_path / "nope.yaml"))
    assert code == 3 and "not found" in err
    code, _, err = run("check", write(tmp_path, "g.vsav", "x"))
    assert code == 3 and "--module" in err
    code, _, err = run("check", str(tmp_path))
    assert code == 3 and err.strip() == f"wgt: error: {tmp_path} is a folder, not a position file"
    zipped = tmp_path / "m.yaml"
    zipped.write_bytes(b"PK\x03\x04" + bytes(100))
    code, _, err = run("check", str(zipped))
    assert code == 3 and "a zip archive, not a position file" in err and len(err.strip().splitlines()) == 1
    binary = tmp_path / "b.yaml"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    code, _, err = run("check", str(binary))
    assert code == 3 and err.strip().endswith("b.yaml: not utf-8 text (byte 0)")


def test_combat_text_and_json() -> None:
    code, out, _ = run("combat", "winter-war", "--attack", "26", "--defense", "9")
    assert code == 0 and out.splitlines()[0] == "26 against 9: 2-1"
    code, out, _ = run("combat", "winter-war", "-a", "20+6", "-d", "6", "--fortified", "--die", "1", "--json")
    d = json.loads(out)
    assert (d["attack"], d["defense"], d["odds"], d["result"]) == (26, 12, "2-1", "Ar")
    code, out, _ = run("combat", "winter-war", "-a", "1", "-d", "1", "--isolated", "--die", "3")
    assert out.splitlines()[0] == "1 against 0.5: 2-1; die 3: Ex (exchange)"


def test_combat_exchange_uses_basic_defense() -> None:
    """CRT Ex: "Attacker removes at least as many Attack Strength Points as the Defender removed in Defense
    Strength Points (use basic, not doubled strengths)": 26 against a fortified 6-6-2 (12) is 2-1, die 3 Ex."""
    code, out, _ = run("combat", "winter-war", "-a", "20+6", "-d", "6", "--fortified", "--die", "3")
    assert code == 0 and out.splitlines()[:2] == [
        "26 against 12: 2-1; die 3: Ex (exchange)",
        "  exchange: the attacker removes at least 6 Attack Strength Points (the defenders' basic Defense Strength)"]
    code, out, _ = run("combat", "winter-war", "-a", "26", "-d", "9", "--die", "3", "--json")
    assert json.loads(out)["exchange_loss"] == 9
    code, out, _ = run("combat", "winter-war", "-a", "26", "-d", "9", "--die", "4", "--json")
    assert "exchange_loss" not in json.loads(out)


@pytest.mark.parametrize("args", [("-a", "x", "-d", "3"), ("-a", "3", "-d", "-1"),
                                  ("-a", "3", "-d", "3", "--die", "7")])
def test_combat_bad_input(args: tuple[str, ...]) -> None:
    code, _, err = run("combat", "winter-war", *args)
    assert code == 3 and err.startswith("wgt: error: ")


def test_check_json_shape_is_design_md(tmp_path: Path) -> None:
    """DESIGN.md: {"game","ok","violations":[{"rule","message","hexes","units"}],"units":{...},"summary":{}};
    every unit (also one off the map) carries hex, supplied and in_enemy_zoc."""
    text = OK + '  - {id: s2, counter: sov-2-1-2, hex: "0708"}\n  - {id: s3, counter: sov-2-1-2, hex: "0708"}\n' \
        "  - {id: gone, counter: sov-2-1-2, hex: off, state: {eliminated: true}}\n"
    code, out, _ = run("check", write(tmp_path, "x.yaml", text), "--json")
    report = json.loads(out)
    assert code == 1 and list(report) == ["game", "ok", "violations", "units", "summary"]
    assert all(list(v) == ["rule", "message", "hexes", "units"] for v in report["violations"])
    assert all({"hex", "supplied", "in_enemy_zoc"} <= set(u) for u in report["units"].values())
    assert report["units"]["gone"] == {"hex": None, "counter": "sov-2-1-2", "side": "soviet", "supplied": None,
                                       "in_enemy_zoc": None}
    assert isinstance(report["summary"], dict)
