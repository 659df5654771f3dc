"""The game contract (toolkit/games/base.py) over every discovered game, and a game that is one folder.

``tests/games/extra/skirmish`` is a minimal game folder: map, counters, combat results table and options,
position schema, referee and charts. It is copied alone into a temporary folder, ``WGT_GAMES_PATH`` points
there, and every command runs on it in a fresh ``wgt`` process: nothing outside that folder names it.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from toolkit import data
from toolkit.cli.build import game_charts
from toolkit.cli.main import cli
from toolkit.errors import DataFileError, ToolkitError
from toolkit.games import GAMES_PATH_ENV, discover
from toolkit.games import _discover as discover_in
from toolkit.games.base import RESERVED_COMBAT_OPTIONS
from toolkit.games.winter_war import WinterWar

EXTRA = Path(__file__).parent / "extra"
SKIRMISH = EXTRA / "skirmish"
GAMES = discover_in((EXTRA,))  # the bundled games and the test game
BARE = Path(__file__).parent / "bare"  # a game that declares nothing but its identity
#: every game (bundled, the test game, the bare game) for the "a game without ... says so" tests
ALL_GAMES = discover_in((EXTRA, BARE))
WW_OPTIONS = ("--fortified", "--city", "--river", "--isolated", "--ski", "--landing")


@pytest.fixture
def with_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(GAMES_PATH_ENV, str(EXTRA))


@pytest.fixture
def with_bare(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(GAMES_PATH_ENV, os.pathsep.join((str(EXTRA), str(BARE))))


def invoke(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, list(args), standalone_mode=True)
    return r.exit_code, r.stdout, r.stderr


# --- the contract, game by game ---------------------------------------------------------------------------

def test_discovery_finds_the_bundled_games_and_the_test_folder() -> None:
    assert list(GAMES) == ["a-winter-war", "skirmish", "tornio-44", "winter-war"]
    assert "skirmish" not in discover_in(())  # only with the folder on the path
    assert type(GAMES["skirmish"]).__module__ == "wgt_games.skirmish"


@pytest.mark.parametrize("slug", list(GAMES))
def test_identity(slug: str) -> None:
    game = GAMES[slug]
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", game.slug)
    assert game.title and isinstance(game.year, int) and len(game.sides) >= 2
    others = {n for g in GAMES.values() if g is not game for n in (g.slug, *g.aliases)}
    assert not {game.slug, *game.aliases} & others, "a slug or alias names two games"


@pytest.mark.parametrize("slug", list(GAMES))
def test_combat_options_are_declared_and_accepted(slug: str) -> None:
    game = GAMES[slug]
    names = [o.name for o in game.combat_options]
    assert len(set(names)) == len(names) and not set(names) & RESERVED_COMBAT_OPTIONS
    for opt in game.combat_options:
        assert opt.name.isidentifier() and opt.help and opt.kind in ("flag", "int", "number", "choice", "text")
        assert (opt.kind == "choice") == bool(opt.choices)
    if not game.has_combat():
        assert not game.combat_options  # options of a table that is not there would be a lie
        return
    params = inspect.signature(game.combat).parameters
    assert "die" in params and all(n in params for n in names)
    out = game.combat([Fraction(4)], [Fraction(2)], die=1)
    assert {"attack", "defense", "odds", "column", "die", "result", "meaning"} <= set(out)


@pytest.mark.parametrize("slug", list(GAMES))
def test_combat_help_shows_exactly_the_games_options(with_extra: None, slug: str) -> None:
    game = GAMES[slug]
    code, out, _ = invoke("combat", slug, "--help")
    assert code == 0
    shown = set(re.findall(r"^\s+(?:-\w, )?(--[a-z-]+)", out, re.M))
    assert shown == {"--attack", "--defense", "--die", "--json", "--help", *(o.flag for o in game.combat_options)}
    for flag in WW_OPTIONS:  # Winter War's keywords reach no other game
        assert (flag in shown) == (slug == "winter-war")


@pytest.mark.parametrize("slug", list(GAMES))
def test_referee_and_schema_come_together(slug: str) -> None:
    game = GAMES[slug]
    assert game.has_referee() == (game.state_schema() is not None)
    schema = game.state_schema()
    if schema is None:
        return
    text = f"game: {slug}\nturn: 1\nunits: []\nstate:\n  nonsense_key: 1\n"
    with pytest.raises(DataFileError, match=r"p\.yaml line 5: state: unknown key 'nonsense_key'"):
        schema.validate(load(text), "p.yaml")
    schema.validate(load(f"game: {slug}\nturn: 1\nunits: []\n"), "p.yaml")
    assert schema.to_text().startswith("position (top-level keys)")
    json.dumps(schema.to_dict())


@pytest.mark.parametrize("slug", list(GAMES))
def test_counters_agree_with_the_game(slug: str) -> None:
    game = GAMES[slug]
    if not game.has_counters():
        return
    doc = yaml.safe_load(game.counters_path().read_text(encoding="utf-8"))
    assert doc["game"] == slug
    assert doc.get("layout", "classic") == game.counter_layout
    players = {side.get("player", name) for name, side in doc["sides"].items()} - {"marker"}  # markers: no player
    assert players == set(game.sides)  # Allies, Swedes, Heer, SS: each side of counters is a player's


@pytest.mark.parametrize("slug", list(GAMES))
def test_charts_and_scoring_names(slug: str) -> None:
    game = GAMES[slug]
    if not game.has_charts():
        with pytest.raises(ToolkitError, match=f"has no charts yet|no charts for {slug}"):
            game_charts(game)
        return
    tables = game_charts(game)
    assert tables and all(t.title and t.columns for t in tables)
    headers = {c for t in tables for c in t.columns}
    other_points = {g.scoring.points for g in GAMES.values() if g.scoring and g is not game} - (
        {game.scoring.points} if game.scoring else set())
    assert not headers & other_points, "a chart prints another game's points"
    victory = [t for t in tables if t.kind == "victory"]
    if victory:
        assert game.scoring is not None and any(game.scoring.points in t.columns for t in victory)


@pytest.mark.parametrize("slug", [s for s, g in ALL_GAMES.items() if not g.has_referee()])
def test_a_game_without_referee_says_so(with_bare: None, tmp_path: Path, slug: str) -> None:
    pos = tmp_path / "p.yaml"
    pos.write_text(f"game: {slug}\nunits: []\n", encoding="utf-8")
    for args in (("check", str(pos)), ("check", "--schema", slug)):
        code, _, err = invoke(*args)
        assert code == 3 and err.startswith("wgt: error: no rules referee for ") and err.count("\n") == 1


@pytest.mark.parametrize("slug", [s for s, g in ALL_GAMES.items() if not g.has_combat()])
def test_a_game_without_crt_says_so(with_bare: None, slug: str) -> None:
    code, _, err = invoke("combat", slug, "-a", "3", "-d", "1")
    assert (code, err) == (3, f"wgt: error: no combat results table for {slug} yet\n")


@pytest.mark.parametrize("slug", [s for s, g in ALL_GAMES.items() if not g.has_charts()])
def test_a_game_without_charts_says_so(with_bare: None, slug: str) -> None:
    code, _, err = invoke("build", "aids", slug)
    assert (code, err) == (3, f"wgt: error: game {slug!r} has no charts yet\n")


def test_winter_war_schema_declares_what_the_referee_reads() -> None:
    """Every state key the referee's source reads is declared, and every declared key is read."""
    from toolkit.games.winter_war import rules
    from toolkit.games.winter_war.rules import common

    schema = GAMES["winter-war"].state_schema()
    assert schema is not None
    source = "\n".join(p.read_text(encoding="utf-8") for p in Path(rules.__file__).parent.glob("*.py"))
    read = set(re.findall(r"state\.get\(\"(\w+)\"", source)) | set(re.findall(r"state\[\"(\w+)\"\]", source))
    read |= set(re.findall(r"\bflag\(\w+, \"(\w+)\"\)", source))
    declared = set(schema.state) | set(schema.unit_state)
    assert read == declared
    assert (schema.phases, schema.players) == (common.PHASES, common.PLAYERS)


def test_no_cli_or_builder_module_reads_a_game_by_name() -> None:
    root = Path(__file__).parents[2] / "toolkit"
    for folder in ("cli", "builders"):
        for path in (root / folder).glob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"games\.(winter_war|tornio_44|a_winter_war)|package_module\(", text), path


# --- schema errors ----------------------------------------------------------------------------------------

def load(text: str) -> object:
    from toolkit.rules.position import parse_position_text

    return parse_position_text(text, "p.yaml")


@pytest.mark.parametrize(("text", "message"), [
    ("game: winter-war\nturn: 3\nplayer: soviet\nstate: {scenaro: E}\n",
     "p.yaml line 4: state: unknown key 'scenaro' (did you mean 'scenario'?)"),
    ("game: winter-war\nstate:\n  scenario: E\n  scenaro: E\n",
     "p.yaml line 4: state: unknown key 'scenaro' (did you mean 'scenario'?)"),
    ("game: winter-war\nbefore: {id: x}\n",
     "p.yaml line 2: before must be a list of units (the position at the start of the phase), not a mapping"),
    ("game: winter-war\nstat: {}\n", "p.yaml line 2: unknown key 'stat' (did you mean 'state'?)"),
    ("game: winter-war\nunits:\n  - {id: s1, counter: sov-6-4-2,\n     state: {isolated: 1}}\n",
     "p.yaml line 4: unit 's1': state.isolated must be true or false, not 1"),
    ("game: winter-war\nbefore:\n  - {id: s1, counter: sov-6-4-2, stat: {}}\n",
     "p.yaml line 3: before: unit 's1': unknown key 'stat' (did you mean 'state'?)"),
    ("game: winter-war\nstate:\n  attacks:\n    - attackers: [a]\n      defenders: [b]\n      dice: 3\n",
     "p.yaml line 6: attack 1: unknown key 'dice' (did you mean 'die'?)"),
    ("game: winter-war\nstate: {attacks: [{defenders: [b]}]}\n",
     "p.yaml line 2: attack 1: attackers is missing (a list of unit ids)"),
    ("game: winter-war\nstate: {attacks: [{attackers: [a], defenders: [], die: 2}]}\n",
     "p.yaml line 2: attack 1: defenders must be a list of unit ids, not an empty list"),
    ("game: winter-war\nstate: {events: [F, Z]}\n",
     "p.yaml line 2: state.events must be Special Event letters (F, G, H, J, K, L), not ['F', 'Z']"),
    ("game: winter-war\nphase: lunch\n",
     "p.yaml line 2: phase must be one of setup, reinforcement, movement, combat, interphase, end, not 'lunch'"),
    ("game: winter-war\nturn: three\n", "p.yaml line 2: turn must be a whole number, not 'three'"),
    ("game: winter-war\nstate: {last_occupied: {Viipuri: 5}}\n",
     "p.yaml line 2: state.last_occupied.Viipuri must be soviet or finnish, not 5"),
    ("game: winter-war\nunits: {s1: x}\n",
     "p.yaml line 2: units must be a list of units ({id, counter, hex, state}), not a mapping"),
])
def test_schema_errors_name_line_and_key(text: str, message: str) -> None:
    schema = GAMES["winter-war"].state_schema()
    assert schema is not None
    with pytest.raises(DataFileError) as info:
        schema.validate(load(text), "p.yaml")
    assert str(info.value) == message


@pytest.mark.parametrize("text", [
    "game: winter-war\nunits:\n  - {id: gone, counter: sov-2-1-2, hex: off, state: {eliminated: true}}\n",
    "game: winter-war\nstate:\nunits:\n",  # empty state and units
    "game: winter-war\nstate: {events: F, scenario: e, attacks: [{attackers: [a], defenders: [b]}]}\n",
])
def test_schema_accepts(text: str) -> None:
    schema = GAMES["winter-war"].state_schema()
    assert schema is not None
    schema.validate(load(text), "p.yaml")


def test_check_of_a_misspelt_key_exits_3_naming_line_and_key(tmp_path: Path) -> None:
    pos = tmp_path / "position.yaml"
    pos.write_text("game: winter-war\nturn: 3\nplayer: soviet\nstate: {scenaro: E}\nunits: []\n", encoding="utf-8")
    code, out, err = invoke("check", str(pos))
    assert (code, out) == (3, "")
    assert err == f"wgt: error: {pos} line 4: state: unknown key 'scenaro' (did you mean 'scenario'?)\n"


def test_check_schema_text_and_json() -> None:
    code, out, _ = invoke("check", "--schema", "ww")
    assert code == 0 and out.startswith("winter-war: the keys a position may hold")
    assert re.search(r"^  scenario +one of A, B, C, D, E$", out, re.M)
    code, out, _ = invoke("check", "--schema", "winter-war", "--json")
    doc = json.loads(out)
    assert list(doc) == ["game", "position", "unit", "unit_state", "state"]
    assert doc["state"]["scenario"]["choices"] == ["A", "B", "C", "D", "E"]
    assert doc["state"]["attacks"]["items"]["keys"]["die"] == {
        "type": "int", "what": "a die roll 1..6", "min": 1, "max": 6,
        "help": "the die rolled: the result on the Combat Results Table", "required": False}
    assert doc["unit_state"]["isolated"]["type"] == "bool"
    code, _, err = invoke("check", "--schema", "winter-war", "x.yaml")
    assert code == 2 and "not both" in err


# --- the test game, one folder, through every command ---------------------------------------------------

def wgt(env: dict[str, str], cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "toolkit", *args], capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=300)


def test_a_game_folder_goes_through_every_command(tmp_path: Path) -> None:
    games = tmp_path / "games"
    shutil.copytree(SKIRMISH, games / "skirmish", ignore=shutil.ignore_patterns("__pycache__"))
    # nothing outside the folder knows the game: no bundled data, no package, no mention in the toolkit
    assert not (data.maps_dir() / "skirmish.yaml").exists() and not (data.counters_dir() / "skirmish.yaml").exists()
    toolkit_root = Path(__file__).parents[2] / "toolkit"
    assert not any("skirmish" in p.read_text(encoding="utf-8") for p in toolkit_root.rglob("*.py"))
    env = {**os.environ, GAMES_PATH_ENV: str(games)}
    work = tmp_path / "work"
    work.mkdir()

    r = wgt(env, work, "games")
    assert r.returncode == 0
    assert wgt(dict(os.environ), work, "--games-path", str(games), "games").stdout == r.stdout  # the option
    assert "skirmish       Skirmish (wargame-toolkit tests 2026): map, counters, referee, combat, charts" in r.stdout
    about = next(g for g in json.loads(wgt(env, work, "games", "--json").stdout) if g["slug"] == "skirmish")
    assert about["combat_options"][0] == {"name": "terrain", "option": "--terrain", "kind": "choice",
                                          "help": "The defender's terrain: woods shifts one column left.",
                                          "choices": ["clear", "woods"], "default": "clear"}

    r = wgt(env, work, "map", "show", "skirmish", "Crossroads", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["hex"] == "0403"
    r = wgt(env, work, "map", "render", "skirmish", "-o", "board.png")
    assert r.returncode == 0 and (work / "board.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    r = wgt(env, work, "combat", "skirmish", "-a", "6", "-d", "3", "--terrain", "woods", "--die", "4", "--json")
    assert r.returncode == 0
    assert (json.loads(r.stdout)["odds"], json.loads(r.stdout)["result"]) == ("1-1", "EX")  # 2-1 shifted left
    r = wgt(env, work, "combat", "skirmish", "-a", "6", "-d", "3", "--fortified")
    assert r.returncode == 2 and "No such option '--fortified'" in r.stderr  # Winter War's options stay there

    pos = work / "p.yaml"
    pos.write_text("game: skirmish\nturn: 1\nplayer: red\nphase: combat\nstate: {weather: storm, attackers: [r2]}\n"
                   "units:\n  - {id: r1, counter: red-4-3-3, hex: Crossroads}\n"
                   "  - {id: r2, counter: red-6-2-5, hex: \"0403\", state: {disrupted: true}}\n", encoding="utf-8")
    r = wgt(env, work, "check", str(pos), "--json")
    assert r.returncode == 1
    assert [(v["rule"], v["message"]) for v in json.loads(r.stdout)["violations"]] == [
        ("Stacking", "2 red units in 0403; the limit in a storm is 1"), ("Disruption", "disrupted unit r2 attacks")]
    pos.write_text(pos.read_text(encoding="utf-8").replace("weather", "wether"), encoding="utf-8")
    r = wgt(env, work, "check", str(pos))
    assert (r.returncode, r.stderr) == (3, f"wgt: error: {pos} line 5: state: unknown key 'wether' (did you mean "
                                           "'weather'?)\n")
    r = wgt(env, work, "check", "--schema", "skirmish", "--json")
    assert r.returncode == 0 and list(json.loads(r.stdout)["state"]) == ["weather", "attackers"]

    r = wgt(env, work, "build", "all", "skirmish", "-o", "out")
    assert r.returncode == 0, r.stderr
    out = work / "out"
    assert len(list((out / "counters").glob("*-front.png"))) == 4
    assert (out / "sheets.pdf").read_bytes()[:5] == b"%PDF-" and (out / "aids.pdf").read_bytes()[:5] == b"%PDF-"
    assert {"01-combat-results-table.png", "02-sequence-of-play.png"} <= {p.name for p in (out / "aids").glob("*.png")}
    assert (out / "skirmish.vmod").read_bytes()[:4] == b"PK\x03\x04"
    assert "30 hexes" in r.stdout and "2 charts" in r.stdout


def test_a_broken_game_folder_is_one_line(tmp_path: Path) -> None:
    broken = tmp_path / "games" / "broken"
    broken.mkdir(parents=True)
    (broken / "__init__.py").write_text("raise RuntimeError('half written')\n", encoding="utf-8")
    env = {**os.environ, GAMES_PATH_ENV: str(tmp_path / "games")}
    r = wgt(env, tmp_path, "games")
    assert r.returncode == 3
    assert r.stderr == f"wgt: error: game folder {broken} cannot be imported: RuntimeError: half written\n"
    r = wgt({**os.environ, GAMES_PATH_ENV: str(tmp_path / "nowhere")}, tmp_path, "games")
    assert (r.returncode, r.stderr) == (3, f"wgt: error: {GAMES_PATH_ENV}: {tmp_path / 'nowhere'} is not a folder\n")


@pytest.mark.parametrize(("source", "got"), [("X = 1\n", "no GAME"),
                                             ("GAME = 'skirmish'\n", "a GAME that is a str, not a toolkit.games.Game")])
def test_a_game_folder_without_its_game_is_one_line(tmp_path: Path, source: str, got: str) -> None:
    """README: a game folder's ``__init__.py`` exposes ``GAME``; one that does not was skipped without a word."""
    empty = tmp_path / "games" / "empty_game"
    empty.mkdir(parents=True)
    (empty / "__init__.py").write_text(source, encoding="utf-8")
    r = wgt(dict(os.environ), tmp_path, "--games-path", str(tmp_path / "games"), "games")
    assert (r.returncode, r.stdout, r.stderr) == (3, "", f"wgt: error: game folder {empty}: its __init__.py exposes "
                                                        f"{got}\n")


def test_bundled_games_come_first(tmp_path: Path) -> None:
    clone = tmp_path / "games" / "ww2"
    clone.mkdir(parents=True)
    (clone / "__init__.py").write_text("from toolkit.games.winter_war import WinterWar\n\n\nclass Clone(WinterWar):\n"
                                       "    pass\n\n\nGAME = Clone()\n", encoding="utf-8")
    found = discover_in((tmp_path / "games",))
    assert type(found["winter-war"]) is WinterWar and list(found) == list(discover())
    assert type(sys.modules["wgt_games.ww2"].GAME).__name__ == "Clone"  # imported, and skipped


def test_the_game_may_follow_the_options() -> None:
    first = invoke("combat", "winter-war", "-a", "26", "-d", "9", "--fortified", "--die", "3", "--json")
    assert first[0] == 0
    assert invoke("combat", "-a", "26", "-d", "9", "--fortified", "ww", "--die", "3", "--json") == first
    code, _, err = invoke("combat", "-a", "1", "-d", "1", "chess")
    assert code == 3 and err.startswith("wgt: error: unknown game 'chess'")
