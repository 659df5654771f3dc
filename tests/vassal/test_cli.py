"""``wgt vassal dump | locate | centre`` on real files."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tests.vassal.helpers import build_case_module, case_save, demo_module_bytes
from toolkit.cli.main import cli


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def demo(tmp_path):
    path = tmp_path / "demo.vmod"
    path.write_bytes(demo_module_bytes())
    return path


def test_locate_and_centre_on_the_default_grid(demo):
    # reference §1.10 E1/E2: (100,100) snaps to (110,96) = "0302"; (170,130) -> (166,128) = "0403"
    out = json.loads(_run("vassal", "locate", str(demo), "Main Map", "100,100", "170,130", "--json"))
    assert out["points"] == [{"x": 100, "y": 100, "location": "0302", "snap": [110, 96]},
                             {"x": 170, "y": 130, "location": "0403", "snap": [166, 128]}]
    assert _run("vassal", "centre", str(demo), "Main Map", "0302", "0403") == "0302\t110,96\n0403\t166,128\n"
    assert _run("vassal", "locate", str(demo), "Main Map", "110,96") == "110,96\t0302\t110,96\n"


def test_centre_off_the_board_is_an_error(demo):
    result = CliRunner().invoke(cli, ["vassal", "centre", str(demo), "Main Map", "9999"])
    assert result.exit_code == 3
    assert "lies off the boards of map 'Main Map'" in result.output


@pytest.mark.parametrize("command", ["locate", "centre"])
@pytest.mark.parametrize(("board", "message"), [
    ("Nope@0,0", "{vmod}: map 'Main Map' has no board 'Nope' (boards: 'Main Board')"),
    ("Nope", "{vmod}: map 'Main Map' has no board 'Nope' (boards: 'Main Board')"),
    ("Main Board@" + "9" * 30 + ",0", "--board 'Main Board@" + "9" * 30 + ",0': the column and row of a board are "
     "whole numbers from 0 to 2147483647"),
    ("Main Board@0,-1", "--board 'Main Board@0,-1': the column and row of a board are whole numbers from 0 to "
     "2147483647"),
])
def test_a_board_the_map_has_not_is_refused(demo, command, board, message):
    """--board names one of the map's boards at a column and row VASSAL can read (it used to fall back to the
    first board at 0,0, answering for a board the user did not mean)."""
    point = "1,1" if command == "locate" else "0302"
    result = CliRunner().invoke(cli, ["vassal", command, str(demo), "Main Map", point, "--board", board])
    assert (result.exit_code, result.stderr) == (3, "wgt: error: " + message.format(vmod=demo) + "\n")
    assert result.stdout == ""
    assert _run("vassal", command, str(demo), "Main Map", point, "--board", "Main Board@0,0")


@pytest.mark.corpus
def test_tld_zoned_hex_grid(corpus, tmp_path):
    vmod = build_case_module("tld-scenario", tmp_path)
    # reference §1.10 E5 (The Longest Day, HexGrid in a ZonedGrid, hOff=0, no stagger)
    out = json.loads(_run("vassal", "locate", str(vmod), "Normandy", "1477,1536", "1532,1504", "1477,1472", "--json"))
    assert [p["location"] for p in out["points"]] == ["2724", "2824", "2723"]
    assert _run("vassal", "centre", str(vmod), "Normandy", "2724") == "2724\t1477,1536\n"


@pytest.mark.corpus
def test_dump_save_with_module(corpus, tmp_path):
    vmod = build_case_module("tld-scenario", tmp_path)
    data = json.loads(_run("vassal", "dump", str(case_save("tld-scenario")), "--module", str(vmod), "--json"))
    assert not data["log"] and data["key"] == 0x4B
    by_id = {p["id"]: p for p in data["pieces"]}
    piece = by_id["1168284786468"]
    assert (piece["name"], piece["map"], piece["x"], piece["y"], piece["hex"], piece["stack"]) == (
        "184/84", "Normandy", 1977, 576, "3610", "1165089226799")
    assert [t["trait"] for t in piece["traits"]] == ["placemark", "markmoved", "delete", "layer", "basic"]
    # the save chose "Board F", which this later build file no longer has: the map's first board is used
    assert data["boards"]["Normandy"] == [["Board F", 0, 0]]
    text = _run("vassal", "dump", str(case_save("tld-scenario")), "--module", str(vmod))
    assert "1168284786468\tpiece\t184/84\tNormandy@1977,576 3610 in 1165089226799" in text


@pytest.mark.corpus
def test_dump_log_steps(corpus):
    out = _run("vassal", "dump", str(case_save("zxvt")), "--steps")
    assert out.splitlines()[0].endswith(": log, 0 pieces, 0 stacks, 0 decks, 6 logged steps")
    assert "step 6: add 1571600971314; add 1571600971315; chat '* Gray created in F01'" in out
    data = json.loads(_run("vassal", "dump", str(case_save("zxvt")), "--steps", "--json"))
    assert len(data["steps"]) == 6 and data["players"] == [
        {"id": "alex123321", "name": "hurufu", "side": "<observer>"}]


@pytest.mark.corpus
def test_dump_module(corpus, tmp_path):
    vmod = build_case_module("kassala", tmp_path)
    data = json.loads(_run("vassal", "dump", str(vmod), "--json"))
    assert data["name"] == "Kassala" or data["name"]
    assert data["maps"][0]["id"] == "Main Map"
    assert data["maps"][0]["boards"][0]["grid"] == "VassalHexGrid"
    assert len(data["piece_slots"]) > 10


@pytest.mark.corpus
def test_dump_log_after_a_step(corpus, tmp_path):
    vmod = build_case_module("zxvt", tmp_path)
    data = json.loads(_run("vassal", "dump", str(case_save("zxvt")), "--module", str(vmod), "--step", "last",
                           "--json"))
    assert data["step"] == 6 and len(data["pieces"]) == 8
    red = [(p["name"], p["hex"], p["stack"]) for p in data["pieces"] if p["id"] == "1571600969835"]
    assert red == [("Red", "B05", "1571600969837")]  # the log's own chat: "Red created in B05"
    assert [p["hex"] for p in data["pieces"] if p["name"] == "Captured by Gray"] == ["F01"]
    three = json.loads(_run("vassal", "dump", str(case_save("zxvt")), "--step", "3", "--json"))
    names = [p["name"] for p in three["pieces"]]
    assert three["step"] == 3 and names == ["Captured by Red", "Captured by Gray", "Town"]
    for bad, fragment in (("7", "has 6 logged steps (0..6)"), ("-1", "(0..6)"), ("x", "not a step number")):
        result = CliRunner().invoke(cli, ["vassal", "dump", str(case_save("zxvt")), "--step", bad])
        assert result.exit_code == 3 and result.output.startswith("wgt: error: --step") and fragment in result.output


@pytest.mark.corpus
def test_dump_reads_every_corpus_file(corpus):
    """Saves, logs, build files and moduledata, told apart by content (build files are stored under
    names like vmod__buildFile.xml)."""
    kinds = {}
    for path in sorted(p for p in corpus.glob("*/*") if p.is_file()):
        if path.name == "MANIFEST.tsv":
            continue
        first = _run("vassal", "dump", str(path)).splitlines()[0]
        kinds[f"{path.parent.name}/{path.name}"] = first[len(str(path)) + 2:].split(" ", 1)[0].rstrip(",")
        data = json.loads(_run("vassal", "dump", str(path), "--json"))
        assert data
    assert len(kinds) >= 27
    names = {key.split("/")[1] for key in kinds}
    assert {kinds[k] for k in kinds if "buildFile" in k} == {"module"} and {"vmod__buildFile.xml", "buildFile"} <= names
    assert {kinds[k] for k in kinds if k.endswith("moduledata")} == {"metadata"}
    assert kinds["uckelman__tld-mod/game__0606-1.log"] == kinds["hurufu__zxvt-vassal-module/5x5_startup.vlog"] == "log"
    assert kinds["uckelman__tld-mod/scenarios__scenario_1.sav"] == "save"


def test_dump_counts_pieces_stacks_and_decks_and_warns_of_another_module(corpus, tmp_path):
    out = CliRunner().invoke(cli, ["vassal", "dump", str(case_save("pog"))]).output
    assert out.splitlines()[0].endswith("Classic10-8.vsav: save, 836 pieces, 1373 stacks, 13 decks")
    kassala = build_case_module("kassala", tmp_path)
    result = CliRunner().invoke(cli, ["vassal", "dump", str(case_save("zxvt")), "--module", str(kassala), "--json"])
    assert result.exit_code == 0
    assert "wgt: warning: " in result.output and "was made with module 'Capture of the territory' 0.2.0, not " \
        "'Kassala'" in result.output
    mine = CliRunner().invoke(cli, ["vassal", "dump", str(case_save("kassala")), "--module", str(kassala)])
    assert "warning" not in mine.output


@pytest.mark.corpus
@pytest.mark.parametrize("order", ["file-first", "json-first"])
def test_dump_json_fast_path_prints_what_the_click_command_prints(corpus, order, capsys):
    """The command line's click-free path for ``vassal dump FILE --json`` gives the click command's output
    byte for byte; a module or metadata file, or a missing one, is left to (or reported like) the click command."""
    from toolkit.cli import fast

    paths = [p for p in sorted(corpus.glob("*/*")) if p.is_file() and p.name != "MANIFEST.tsv"]
    for path in [*paths, corpus / "no-such-file.vsav"]:
        args = ["vassal", "dump", str(path), "--json"] if order == "file-first" else \
            ["vassal", "dump", "--json", str(path)]
        expected = CliRunner().invoke(cli, args)
        try:
            taken = fast.fast(args)
            code = 0
        except SystemExit as exc:
            taken, code = True, exc.code
        out = capsys.readouterr().out
        if taken:
            assert (code, out) == (expected.exit_code, expected.output), path
        else:
            assert out == "" and path.name in ("moduledata", "buildFile", "buildFile.xml", "vmod__buildFile.xml",
                                               "dist__buildFile.xml", "vmod__moduledata", "dist__moduledata"), path


def test_fast_path_takes_only_the_exact_dump_json_command_line():
    from toolkit.cli.fast import dump_json_file

    assert dump_json_file(["vassal", "dump", "a.vsav", "--json"]) == "a.vsav"
    assert dump_json_file(["vassal", "dump", "--json", "a.vsav"]) == "a.vsav"
    for argv in (["vassal", "dump", "a.vsav"], ["vassal", "dump", "--json", "--steps"],
                 ["-v", "vassal", "dump", "a.vsav", "--json"], ["vassal", "dump", "a.vsav", "--json", "--steps"],
                 ["vassal", "dump", "", "--json"], ["vassal", "locate", "a.vsav", "--json"],
                 ["vassal", "dump", "--help", "--json"]):
        assert dump_json_file(argv) is None, argv


@pytest.mark.corpus
@pytest.mark.parametrize("handler", ["before", "after"])
def test_one_shot_dump_ends_with_status_0_and_runs_the_exit_handlers(corpus, handler):
    """The process that runs ``vassal dump FILE --json`` as its own command line (toolkit.cli.fast) ends as
    soon as the interpreter finalizes, without tearing it down: the output is complete, the status 0, and an
    ``atexit`` handler registered before the dump (then the interpreter ends as usual) or after it still runs."""
    import subprocess
    import sys

    save = corpus / "hurufu__zxvt-vassal-module" / "5x5_startup.vlog"
    register = "atexit.register(lambda: print('handler ran', file=sys.stderr))\n"
    script = ("import atexit, runpy, sys\n" + (register if handler == "before" else "")
              + "sys.argv = ['wgt', 'vassal', 'dump', sys.argv[1], '--json']\n"
              + "runpy.run_module('toolkit', run_name='__main__')\n" + (register if handler == "after" else ""))
    proc = subprocess.run([sys.executable, "-c", script, str(save)], capture_output=True, text=True, timeout=120)
    assert (proc.returncode, proc.stderr) == (0, "handler ran\n")
    assert proc.stdout == _run("vassal", "dump", str(save), "--json")


def test_dump_of_a_file_name_the_system_refuses_is_one_line_exit_3(tmp_path, capsys):
    """A FILE whose name is too long for the system: exit 3 and one line naming it, through click and the fast
    path alike (the existence check's stat failed with ENAMETOOLONG: an internal error, exit 4)."""
    from toolkit.cli import fast

    name = str(tmp_path / ("x" * 300 + ".vsav"))
    expected = CliRunner().invoke(cli, ["vassal", "dump", name, "--json"])
    assert expected.exit_code == 3
    assert json.loads(expected.output) == {"error": f"{name}: cannot be read (File name too long)", "exit": 3}
    with pytest.raises(SystemExit) as exc:
        fast.fast(["vassal", "dump", name, "--json"])
    assert (exc.value.code, capsys.readouterr().out) == (3, expected.output)
    text = CliRunner().invoke(cli, ["vassal", "dump", name])
    assert (text.exit_code, text.output) == (3, f"wgt: error: {name}: cannot be read (File name too long)\n")
