"""The Tornio '44 referee's units: every rule quotes the rulebook word for word, the schema lists every key the rules
read, counters given by their printed values, and the position check through the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.games.tornio_44.rules import BOOK, TornioReferee
from toolkit.games.tornio_44.rules.referee import parse_spec
from toolkit.games.tornio_44.schema import SCHEMA

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK = ROOT.parent / "shared" / "seeds" / "tornio-44.txt"
FIXTURE = Path(__file__).resolve().parent / "tornio_44" / "fixture_map.yaml"


@pytest.fixture(scope="module")
def ref() -> TornioReferee:
    from toolkit.terrain.io import load_map
    return TornioReferee(load_map(FIXTURE))


def test_every_rule_quotes_the_rulebook() -> None:
    if not RULEBOOK.is_file():
        pytest.skip(f"the rulebook is not at {RULEBOOK}")
    assert BOOK.unquoted(RULEBOOK.read_text(encoding="utf-8")) == []
    assert len(BOOK) >= 60


def test_counter_specs() -> None:
    inf = parse_spec("fin infantry 3-3-5")
    assert inf is not None and inf.side == "finnish" and inf.values == {"attack": 3, "defense": 3, "movement": 5}
    tank = parse_spec("ger tank 4-3-10m")
    assert tank is not None and tank.side == "german" and tank.values["motorised"] == 1
    rocket = parse_spec("ger rocket [8]-1-8m r6 @II/218")
    assert rocket is not None and rocket.values == {"support": 8, "defense": 1, "movement": 8, "range": 6,
                                                    "motorised": 1}
    assert rocket.designation == "II/218"
    half = parse_spec("fin bicycle Hh-1-7")
    assert half is None  # "Hh" is no factor
    assert parse_spec("fin recon H-1-7") is not None and parse_spec("fin recon H-1-7").values["attack"] == 0.5  # type: ignore[union-attr]
    assert parse_spec("fin recon 1H-1-7").values["attack"] == 1.5  # type: ignore[union-attr]
    assert parse_spec("soviet infantry 3-3-5") is None


def test_schema_lists_the_keys_the_rules_read() -> None:
    src = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "toolkit/games/tornio_44/rules").glob("*.py"))
    import re
    read = set(re.findall(r"state\.get\(\"([a-z_]+)\"", src)) | set(re.findall(r"flag\([a-z]+, \"([a-z_]+)\"\)", src))
    declared = set(SCHEMA.state) | set(SCHEMA.unit_state)
    assert read - declared == set()


def test_turns_are_game_turns(ref: TornioReferee) -> None:
    pos = ref.position({"game": "tornio-44", "turn": 4, "player": "ger", "phase": "combat", "units": []})
    rep = ref.check(pos)
    assert rep.summary["game_turn"] == "2B" and rep.summary["daytime"] is False and pos.player == "german"
    from toolkit.errors import DataFileError
    with pytest.raises(DataFileError, match="not a Game Turn"):
        ref.position({"game": "tornio-44", "turn": 17, "units": []})


def test_coverage_matrix_is_current_and_complete() -> None:
    """COVERAGE.md is what ``python -m toolkit.games.tornio_44.rules.coverage`` writes, and lists every section
    heading of the rulebook."""
    import re

    from toolkit.games.tornio_44.rules.coverage import SECTIONS, matrix
    assert (ROOT / "toolkit/games/tornio_44/COVERAGE.md").read_text(encoding="utf-8") == matrix(ROOT)
    if RULEBOOK.is_file():
        headings = re.findall(r"^([1-9]\d*\.\d+(?:\.\d+)?) [A-Z]", RULEBOOK.read_text(encoding="utf-8"), re.M)
        assert sorted(set(headings) - set(SECTIONS)) == []


def test_a_completed_chart_file_judges_what_was_unknown(tmp_path: Path) -> None:
    """`wgt check --charts FILE`: with the card's movement costs filled in (values made up for the test), a move
    through Forest is judged."""
    import json

    from click.testing import CliRunner

    from toolkit.cli.main import cli
    bundled = (ROOT / "toolkit/games/tornio_44/charts.yaml").read_text(encoding="utf-8")
    assert '[Forest, "?", "-0.5"' in bundled
    card = tmp_path / "card.yaml"
    for row, cost in (("Forest", "2"), ("Swamp", "2"), ("Village", "1"), ("Secondary Road", "1"),
                      ("Major River hexside", "3"), ("Bridge over a river hexside", "1")):  # made-up card values
        assert f'[{row}, "?"' in bundled
        bundled = bundled.replace(f'[{row}, "?"', f'[{row}, "{cost}"')
    card.write_text(bundled, encoding="utf-8")
    pos = next((Path(__file__).parent / "tornio_44_real_positions").glob("*-real-forest-move.yaml"))
    r = CliRunner().invoke(cli, ["check", str(pos), "--json"])
    assert r.exit_code == 0 and "not_judged" in json.loads(r.stdout)["summary"]
    r = CliRunner().invoke(cli, ["check", str(pos), "--json", "--charts", str(card)])
    assert r.exit_code == 0, r.output
    assert "not_judged" not in json.loads(r.stdout)["summary"]
    far = tmp_path / "far.yaml"  # 1402 -> 1501 -> 1601: two Forest hexes (4 MPs) with MF 3: now a violation
    text = pos.read_text(encoding="utf-8")
    assert "hex: '1401'" in text
    far.write_text(text.replace("fin infantry 3-3-5", "fin infantry 3-3-3").replace("hex: '1401'", "hex: '1601'"),
                   encoding="utf-8")
    r = CliRunner().invoke(cli, ["check", str(far), "--json", "--charts", str(card)])
    assert [v["rule"] for v in json.loads(r.stdout)["violations"]] == ["17.0"], r.output


def test_ajossaari_owned_from_3621(ref: TornioReferee) -> None:
    """10.0: a unit in 3621 gives the Finns every hex of Ajossaari (south-west of 3521, on the bundled map)."""
    from toolkit.games.tornio_44.rules.control import owner
    from toolkit.terrain.io import load_map
    real = TornioReferee(load_map(ROOT / "maps" / "tornio-44.yaml"))
    pos = real.position({"game": "tornio-44", "units": [{"id": "f", "counter": "fin infantry 3-3-5", "hex": "3621"}]})
    ctx = real.context(pos)
    assert owner(ctx, "3917") == "finnish" and owner(ctx, "3521") == "finnish" and owner(ctx, "1502") == "german"


def test_unknown_oob_factors_are_not_judged(ref: TornioReferee) -> None:
    """4.3: the OOB Cards are not in the rulebook, so the bundled counters' factors are "?": a move or combat that
    needs them is "not judged: Order of Battle (OOB) Card value unknown", while stacking is still judged."""
    real = TornioReferee(ref._map)
    ids = [k for k, kind in real.kinds.items() if "unknown_movement" in kind.values and kind.side == "german"]
    if not ids:
        pytest.skip("the bundled counter file gives every factor")
    cid = ids[0]
    units = [{"id": f"g{i}", "counter": cid, "hex": "0303"} for i in range(11)]
    before = [{"id": "g0", "counter": cid, "hex": "0302"}]
    pos = real.position({"game": "tornio-44", "player": "german", "units": units})
    rep = real.check(pos, real.position({"game": "tornio-44", "player": "german", "units": before + units[1:]}))
    assert rep.rules() == ["7.0"]
    assert rep.summary["not_judged"] == ["not judged: Order of Battle (OOB) Card value unknown (the movement factor "
                                         "of g0: its move from 0302 to 0303)"]


def test_save_state_reads_the_turn_tracker() -> None:
    """A save's turn tracker (Game Turns 1A..8B, then Finnish/German, then the four phases: vassal.py's levels) ->
    turn 1..16, player and phase; a tracker item off the levels is a clear error."""
    from toolkit.errors import VassalFormatError
    from toolkit.games import get_game
    from toolkit.vassal.commands import TurnLine
    from toolkit.vassal.save import TrackerState, TurnLevelState

    def line(path: tuple[int, ...]) -> TurnLine:
        phase = TurnLevelState(path[2], 0, ("0", "true,true,true,true")) if len(path) > 2 else None
        player = TurnLevelState(path[1], 0, ("0", "true,true"), (phase,) if phase else ())
        turn = TurnLevelState(path[0], 0, ("0", ",".join(["true"] * 16)), (player,))
        return TurnLine("TurnTracker0", TrackerState(0, (turn,)).encode())

    game = get_game("tornio-44")
    assert game.save_state([line((0, 0, 0))]) == {"turn": 1, "player": "finnish", "phase": "initial"}
    assert game.save_state([line((15, 1, 3))]) == {"turn": 16, "player": "german", "phase": "exploitation"}
    assert game.save_state([line((4, 1))]) == {"turn": 5, "player": "german"}
    assert game.save_state([]) == {}
    with pytest.raises(VassalFormatError, match=r"1A\.\.8B"):
        game.save_state([line((16, 0, 0))])


@pytest.mark.parametrize(("state", "message"), [
    ("{attacks: [{attackers: [f], target: '9999'}]}", "9999"),
    ("{attacks: [{attackers: [nobody], target: '1502'}]}", "state.attacks 1: unknown unit 'nobody'"),
    ("{overruns: [{units: [f, ghost], target: '1502'}]}", "state.overruns 1: unknown unit 'ghost'"),
    ("{owner: {'1502': soviet}}", "not finnish or german"),
    ("{attacks: [{attackers: [f], target: '1502', attacker_dice: [7]}]}", "die roll"),
    ("{weather: foggy}", "weather"),
])
def test_bad_input_is_one_line_exit_3(tmp_path: Path, state: str, message: str) -> None:
    from click.testing import CliRunner

    from toolkit.cli.main import cli
    p = tmp_path / "p.yaml"
    p.write_text("game: tornio-44\nturn: 3\nplayer: finnish\nphase: combat\n"
                 f"state: {state}\nunits:\n  - {{id: f, counter: fin infantry 3-3-5, hex: '1402'}}\n", encoding="utf-8")
    r = CliRunner().invoke(cli, ["check", str(p)])
    assert r.exit_code == 3, r.output
    assert message in r.output and "Traceback" not in r.output and len(r.output.strip().splitlines()) == 1


def test_places_by_name(ref: TornioReferee) -> None:
    """State hexes may be given by the map's place names (Tornio 1502)."""
    from toolkit.terrain.io import load_map
    real = TornioReferee(load_map(ROOT / "maps" / "tornio-44.yaml"))
    pos = real.position({"game": "tornio-44", "phase": "setup", "state": {"coups": [{"hex": "Tornio", "units": ["l"]}]},
                         "units": [{"id": "l", "counter": "fin infantry 3-3-5", "hex": "Tornio"}]})
    assert pos.state["coups"][0]["hex"] == "1502" and real.check(pos).ok


def test_an_unknown_range_is_not_judged(ref: TornioReferee, tmp_path: Path) -> None:
    """21.2: a Support Unit's range is printed on the counter (OOB Card, not in the rulebook): a counter file whose
    range is still "?" leaves the range check not judged, while a known range is checked."""
    from toolkit.counters import load_counters
    path = tmp_path / "tornio-44.yaml"
    path.write_text(
        "game: tornio-44\ntitle: test\nvalues: [range, support, defense, movement]\n"
        "sides:\n  heer: {label: Heer, colour: '#9aae7a', player: german}\n"
        "  finnish: {label: Finnish, colour: '#8cb3dc'}\n"
        "counters:\n"
        "  - {id: ger-mortar-x, side: heer, unit_type: mortar, values: {range: '?', support: 4, defense: 1, "
        "movement: 4}}\n"
        "  - {id: ger-mortar-3, side: heer, unit_type: mortar, values: {range: 3, support: 4, defense: 1, "
        "movement: 4}}\n", encoding="utf-8")
    own = TornioReferee(ref._map, load_counters(path))

    def fire(counter: str) -> tuple[list[str], list[str]]:
        units = [{"id": "m", "counter": counter, "hex": "0101"}, {"id": "f", "counter": "fin infantry 3-3-5",
                                                                 "hex": "0801"}]
        rep = own.check(own.position({"game": "tornio-44", "turn": 1, "player": "german", "phase": "combat",
                                      "units": units, "state": {"fire": [{"units": ["m"], "target": "0801"}]}}))
        return rep.rules(), list(rep.summary.get("not_judged", []))

    rules, unknown = fire("ger-mortar-x")
    assert "21.2" not in rules
    assert any("the range factor of m" in line for line in unknown), unknown
    rules, _ = fire("ger-mortar-3")
    assert "21.2" in rules
