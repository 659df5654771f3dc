"""``wgt build counters|sheets|aids``: outputs, JSON, and bad input (one line, exit 3 / usage exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from toolkit.cli.build import game_charts
from toolkit.cli.main import cli

DATA = Path(__file__).parent / "data"
ALL = str(DATA / "all-types.yaml")


def run(*args: str) -> tuple[int, str, str]:
    runner = CliRunner()
    result = runner.invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def run_main():
    """Through the real error boundary (LazyGroup.main), as the console script runs."""
    def call(*args: str) -> tuple[int, str]:
        runner = CliRunner()
        result = runner.invoke(cli, list(args), standalone_mode=True)
        return result.exit_code, result.output
    return call


def test_counters_pngs(tmp_path: Path):
    code, out, _ = run("build", "counters", ALL, "-o", str(tmp_path), "--dpi", "200", "--size", "16mm", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["pixels"] == 126 and data["images"] == len(list(tmp_path.glob("*-front.png"))) * 2
    assert Image.open(tmp_path / "nkvd-back.png").size == (126, 126)
    assert (tmp_path / "contact.png").is_file()


def test_sheets_pdf(tmp_path: Path):
    out_file = tmp_path / "s.pdf"
    code, out, _ = run("build", "sheets", ALL, "-o", str(out_file), "--size", "5/8in", "--page", "letter",
                       "--back-offset", "0.5,-0.25", "--dpi", "150", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["pages"], data["counter_mm"], data["back_offset_mm"]) == (2, 15.875, [0.5, -0.25])
    assert data["art"] == "vector"
    assert out_file.read_bytes().startswith(b"%PDF-1.4")
    code, out, _ = run("build", "sheets", ALL, "-o", str(out_file), "--raster", "--dpi", "150")
    assert code == 0 and out.strip().endswith("(duplex long, pictures at 150 dpi)")
    assert b"/Subtype /Image" in out_file.read_bytes()


def test_aids_from_a_chart_file(tmp_path: Path):
    charts = tmp_path / "charts.yaml"
    charts.write_text("- title: Sequence of Play\n  kind: sequence\n  columns: [Step, Phase]\n"
                      "  rows: [[1, Movement], [2, Combat]]\n", encoding="utf-8")
    code, out, _ = run("build", "aids", str(charts), "-o", str(tmp_path / "a.pdf"), "--dpi", "100", "--json")
    assert code == 0
    assert json.loads(out)["tables"] == ["Sequence of Play"]
    assert (tmp_path / "a" / "card-1.png").is_file()


def test_game_charts_prefers_the_games_own_method():
    class Fake:
        slug = "fake"

        def charts(self):
            return [{"title": "CRT", "columns": ["Die", "1-1"], "rows": [[1, "Ae"]]}]

    tables = game_charts(Fake())
    assert [(t.title, t.rows) for t in tables] == [("CRT", (("1", "Ae"),))]


def test_winter_war_charts_from_its_chart_data():
    pytest.importorskip("toolkit.games.winter_war.charts", reason="winter war chart data not present")
    from toolkit.games import get_game

    tables = {t.title: t for t in game_charts(get_game("winter-war"))}
    crt = tables["Combat Results Table"]
    assert crt.columns == ("Die", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1")
    assert crt.rows[0] == ("1", "Ae", "Ae", "Ae", "Ae", "Ar", "Ne", "Ne", "Dr (Ne)", "De (Ne)")  # rulebook CRT
    turns = tables["Turn Record / Reinforcements"]
    assert turns.rows[0][:4] == ("1", "30 Nov 1939 – 9 Dec", "0-0-3 x5, 1-1-3 x2, 2-2-3 x2", "2-1-2 x3")


@pytest.mark.parametrize(("args", "message"), [
    (("build", "counters", "nowhere.yaml"), "wgt: error: counter file not found: nowhere.yaml"),
    (("build", "sheets", "no-such-game"), "wgt: error: no bundled counters for 'no-such-game'"),
    (("build", "aids", "no-such-game"), "wgt: error: unknown game 'no-such-game'"),
])
def test_bad_input_is_one_line_and_exit_3(run_main, args, message):
    code, output = run_main(*args)
    assert code == 3
    assert output.strip().startswith(message) and len(output.strip().splitlines()) == 1


def test_bad_counter_file_names_the_line(run_main, tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: g\nsides:\n  a: {colour: '#ffffff'}\ncounters:\n  - {id: x, side: b, unit_type: hq}\n",
                   encoding="utf-8")
    code, output = run_main("build", "sheets", str(bad), "-o", str(tmp_path / "o.pdf"))
    assert code == 3
    assert output.strip() == f"wgt: error: {bad} line 5: unknown side 'b' (sides: a)"
    assert not (tmp_path / "o.pdf").exists()


@pytest.mark.parametrize("args", [("--size", "12 furlongs"), ("--back-offset", "1"), ("--duplex", "sideways")])
def test_bad_options_are_usage_errors(run_main, args, tmp_path: Path):
    code, output = run_main("build", "sheets", ALL, "-o", str(tmp_path / "o.pdf"), *args)
    assert code == 2 and "Error" in output


def test_counters_px_option(tmp_path: Path):
    code, out, _ = run("build", "counters", ALL, "-o", str(tmp_path), "--px", "75", "--json")
    assert code == 0 and json.loads(out)["pixels"] == 75
    assert Image.open(tmp_path / "marine-front.png").size == (75, 75)


def test_output_folder_that_is_a_file(run_main, tmp_path: Path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    code, output = run_main("build", "counters", ALL, "-o", str(blocker / "sub"))
    assert code == 3 and output.strip() == f"wgt: error: output folder {blocker} is a file, not a folder"
    assert blocker.read_text(encoding="utf-8") == "x"


@pytest.mark.parametrize(("command", "args", "message"), [
    # a bare 0 used to fall back silently to the game's size; a signed length was a usage error
    ("sheets", ("--size", "0"), "wgt: error: counter size 0 mm is out of range (3 to 100 mm)"),
    ("sheets", ("--size", "0mm"), "wgt: error: counter size 0 mm is out of range (3 to 100 mm)"),
    ("sheets", ("--size", "1000mm"), "wgt: error: counter size 1000 mm is out of range (3 to 100 mm)"),
    ("sheets", ("--size", "2m"), "wgt: error: counter size 2000 mm is out of range (3 to 100 mm)"),  # metres
    ("sheets", ("--size", "-5mm"), "wgt: error: counter size -5 mm is out of range (3 to 100 mm)"),
    ("sheets", ("--bleed=-1",), "wgt: error: bleed -1 mm is out of range (0 to 50)"),
    ("sheets", ("--bleed=-0.5mm",), "wgt: error: bleed -0.5 mm is out of range (0 to 50)"),
    ("sheets", ("--mark-gap", "60mm"), "wgt: error: mark gap 60 mm is out of range (0 to 50)"),
    ("sheets", ("--back-offset=nan,0",), "wgt: error: back offset (nan, 0.0) mm is out of range (at most 20 mm)"),
    ("counters", ("--size", "0"), "wgt: error: counter size 0 mm must be more than 0"),
    ("counters", ("--size", "-1in"), "wgt: error: counter size -25.4 mm must be more than 0"),
    ("counters", ("--size", "1000mm"), "wgt: error: 1000 mm at 300 dpi is 11811 px: too large (at most 8000)"),
    ("counters", ("--size", "0.1mm"), "wgt: error: 0.1 mm at 300 dpi is 1 px: too small (at least 8)"),
    ("counters", ("--bleed=-1",), "wgt: error: bleed -1 mm must not be negative"),
])
def test_absurd_sizes_are_one_line_input_errors(run_main, tmp_path: Path, command, args, message):
    out = tmp_path / ("o.pdf" if command == "sheets" else "pngs")
    code, output = run_main("build", command, ALL, "-o", str(out), *args)
    assert (code, output.strip()) == (3, message)
    assert not out.exists()  # nothing written, not even an empty folder


@pytest.mark.parametrize("args", [("--size", "1e400"), ("--bleed", "nan"), ("--back-offset", "1,2,3"),
                                  ("--back-offset", "a,b"), ("--size", "5/0in")])
def test_bad_length_syntax_is_a_usage_error(run_main, tmp_path: Path, args):
    code, output = run_main("build", "sheets", ALL, "-o", str(tmp_path / "o.pdf"), *args)
    assert code == 2 and f"Invalid value for '{args[0]}'" in output and "Traceback" not in output


def test_a_read_only_output_is_refused_and_kept(run_main, tmp_path: Path):
    target = tmp_path / "sheets.pdf"
    target.write_bytes(b"%PDF-1.4 keep me")  # a PDF: of the output's kind, so only its mode protects it
    target.chmod(0o444)
    code, output = run_main("build", "sheets", ALL, "-o", str(target))
    assert (code, output.strip()) == (3, f"wgt: error: cannot write {target}: the file is read-only")
    assert target.read_bytes() == b"%PDF-1.4 keep me"


def test_victory_points_print_their_per_qualifier():
    # the rulebook's "+5 for each hex" must not print as a bare "+5" when the chart data says "per"
    from dataclasses import dataclass
    from types import SimpleNamespace

    from toolkit.games.base import Scoring
    from toolkit.games.chart_tables import tables_from_module

    @dataclass(frozen=True)
    class VP:
        condition: str
        points: int
        per: str = ""

    module = SimpleNamespace(VP_SCHEDULE=(VP("Soviets capture hexes west of Viipuri", 5, "for each hex"),
                                          VP("Soviets capture Viipuri", 25)))
    (table,) = tables_from_module(module, None, [], Scoring("Soviet VP", side="soviet"))
    assert table.rows == (("Soviets capture hexes west of Viipuri", "+5 for each hex"),
                          ("Soviets capture Viipuri", "+25"))
