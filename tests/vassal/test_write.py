"""Writing: VASSAL-identical buildFile.xml, deterministic modules, new saves the real engine decodes."""

from __future__ import annotations

import json
import zipfile

import pytest

from tests.vassal.helpers import FIXTURES, demo_module_bytes, run_oracle
from toolkit.vassal import Module, locate, read_save
from toolkit.vassal.buildfile import render_buildfile
from toolkit.vassal.codec import ESC
from toolkit.vassal.writer import Placement, new_save
from toolkit.vassal.xmlsafe import parse_xml

VASSAL_WRITTEN = [
    "zippunov__vassal-module-skeleton/dist__buildFile.xml",       # 3.7.19
    "vassalengine__vassal-module-template/dist__buildFile.xml",   # 3.7.5
    "rummelsworth__vassal-module-kassala/vmod__buildFile.xml",    # 3.6.6
    "Cattlesquat__PathsOfGlory/buildFile.xml",                    # 3.7.10, 1 MB
]


@pytest.mark.corpus
@pytest.mark.parametrize("rel", VASSAL_WRITTEN)
def test_buildfile_writer_reproduces_vassal_output(corpus, rel):
    data = (corpus / rel).read_bytes()
    newline = "\r\n" if b"\r\n" in data else "\n"
    assert render_buildfile(parse_xml(data, rel), newline=newline) == data


def test_module_writer_is_deterministic():
    first = demo_module_bytes()
    assert demo_module_bytes() == first
    names = zipfile.ZipFile(__import__("io").BytesIO(first)).namelist()
    assert names == ["buildFile.xml", "moduledata", "images/arm.png", "images/board.png", "images/inf.png"]


@pytest.fixture
def demo(tmp_path):
    path = tmp_path / "demo.vmod"
    path.write_bytes(demo_module_bytes())
    return path


PLACEMENTS = [Placement("1st Infantry", "Main Map", "0302"), Placement("2nd Armour", "Main Map", "0403"),
              Placement("1st Infantry", "Main Map", "0403"), Placement("2nd Armour", "Main Map", (700, 500))]


def test_new_save_exact_text(demo):
    with Module.open(demo) as module:
        assert module.maps["Main Map"].boards["Main Board"].size == (800, 600)
        save = new_save(module, PLACEMENTS)
    text = save.text()
    assert text == (
        "begin_save" + ESC + ESC + "\\" + ESC
        + "+/1700000000000/delete;Delete;68,130;\tpiece;;;inf.png;1st Infantry/\tMain Map;110;96;1;0\\" + ESC
        + "+/1700000000001/mark;Side\tpiece;;;arm.png;2nd Armour/Blue\tMain Map;166;128;2;0\\" + ESC
        + "+/1700000000002/delete;Delete;68,130;\tpiece;;;inf.png;1st Infantry/\tMain Map;166;128;1;0\\" + ESC
        + "+/1700000000003/mark;Side\tpiece;;;arm.png;2nd Armour/Blue\tMain Map;700;500;2;0\\" + ESC
        + "+/1700000000004/stack/Main Map;110;96;1700000000000;@@-1\\" + ESC
        + "+/1700000000005/stack/Main Map;166;128;1700000000001;1700000000002;@@-1\\" + ESC
        + "+/1700000000006/stack/Main Map;700;500;1700000000003;@@-1" + ESC
        + "Main MapBoardPicker\tMain Board\t0\t0" + ESC + "end_save")
    assert list(save.entries) == ["savedata", "moduledata"]
    assert save.savedata.vassal_version == "3.6.7" and save.moduledata.name == "Hex Demo"
    assert save.saved_game_bytes().startswith(b"!VCSK5a")


def test_new_save_reads_back_on_its_hexes(demo, tmp_path):
    out = tmp_path / "setup.vsav"
    with Module.open(demo) as module:
        new_save(module, PLACEMENTS).write(out)
        assert out.read_bytes() == new_save(module, PLACEMENTS).to_bytes()  # deterministic
        pieces = locate(read_save(out), module)
    got = [(p.name, p.location, p.side, p.kind) for p in pieces]
    assert got == [("1st Infantry", "0302", None, "piece"), ("2nd Armour", "0403", "Blue", "piece"),
                   ("1st Infantry", "0403", None, "piece"), ("2nd Armour", "1409", "Blue", "piece"),
                   ("1st Infantry", "0302", None, "stack"), ("1st Infantry, 2nd Armour", "0403", None, "stack"),
                   ("2nd Armour", "1409", None, "stack")]


def _decoded(answer):
    return sorted((p["id"], p["name"], p["map"], p["x"], p["y"], p["location"]) for p in answer["pieces"])


def test_new_save_matches_recorded_oracle_decode(demo, tmp_path):
    fixture = json.loads((FIXTURES / "oracle_decode_demo_setup.json").read_text())
    assert fixture["ok"] and not fixture.get("engine_errors")
    with Module.open(demo) as module:
        ours = sorted((p.id, p.name, p.map, p.x, p.y, p.location) for p in locate(new_save(module, PLACEMENTS), module)
                      if p.kind == "piece")
    theirs = [tuple(p) for p in _decoded(fixture) if not p[0].endswith(("4", "5", "6"))]
    assert ours == theirs


@pytest.mark.oracle
def test_new_save_live_oracle(demo, tmp_path):
    out = tmp_path / "setup.vsav"
    with Module.open(demo) as module:
        new_save(module, PLACEMENTS).write(out)
    try:
        answer = run_oracle("decode", str(demo), str(out), timeout=300)
    except (OSError, RuntimeError) as exc:
        pytest.skip(f"the VASSAL oracle cannot start: {exc}")
    if "engine_errors" not in answer and not answer.get("ok") and "pieces" not in answer:
        pytest.skip(f"the VASSAL oracle cannot start: {answer.get('error')}")
    assert answer["ok"], answer
    fixture = json.loads((FIXTURES / "oracle_decode_demo_setup.json").read_text())
    assert _decoded(answer) == _decoded(fixture)
    assert answer["commands"] == fixture["commands"]


@pytest.mark.corpus
def test_prototype_expansion_equals_vassal(corpus):
    # the Kassala setup was written by VASSAL from the module's palette: our expansion of each slot's
    # "prototype;Unit" gives exactly the type VASSAL stored for the piece
    from toolkit.vassal.traits import decode_chain, encode_chain
    from toolkit.vassal.writer import slot_piece

    module = Module.open(corpus / "rummelsworth__vassal-module-kassala/vmod__buildFile.xml")
    save = read_save(corpus / "rummelsworth__vassal-module-kassala/vmod__Default_Setup.vsav")
    checked = 0
    for add in save.add_pieces():
        traits = decode_chain(add.type, add.state)
        if traits[-1].kind == "basic":
            assert encode_chain(slot_piece(module, traits[-1].name))[0] == add.type
            checked += 1
    assert checked == 23


def test_setup_command(demo, tmp_path):
    from click.testing import CliRunner

    from toolkit.cli.main import cli

    out = tmp_path / "s.vsav"
    result = CliRunner().invoke(cli, ["vassal", "setup", str(demo), str(out), "1st Infantry@0302", "2nd Armour@0403",
                                      "1st Infantry@0403", "2nd Armour@px:700,500"])
    assert result.exit_code == 0, result.output
    with Module.open(demo) as module:
        assert out.read_bytes() == new_save(module, PLACEMENTS).to_bytes()
    bad = CliRunner().invoke(cli, ["vassal", "setup", str(demo), str(tmp_path / "t.vsav"), "Tank@0302"])
    assert bad.exit_code == 3 and "no piece slot named 'Tank'" in bad.output
    assert not (tmp_path / "t.vsav").exists()


def test_setup_names_with_commas_pixels_and_boards(tmp_path):
    """A location name may hold a comma (``03,04`` on a grid numbered with a comma separator): it is a name; a
    map point is written ``px:X,Y``; ``--board`` chooses the boards names are found on and the save shows."""
    from click.testing import CliRunner

    from tests.vassal.boardlog import HEX, HEXN, _hex, write_board_module
    from toolkit.cli.main import cli
    from toolkit.vassal import locate, read_save
    from toolkit.vassal.buildfile import SlotSpec, minimal_module, module_metadata, render_buildfile, write_vmod

    run = CliRunner().invoke
    g, n = _hex("30", "40", "60", sep=",")
    root = minimal_module(name="Comma", grid=(HEX, g), numbering=(HEXN, n), pieces=[SlotSpec("Red")])
    comma = tmp_path / "comma.vmod"
    write_vmod(comma, render_buildfile(root), module_metadata(root))
    out = tmp_path / "c.vsav"
    result = run(cli, ["vassal", "setup", str(comma), str(out), "Red@03,04", "Red@px:300,260"])
    assert result.exit_code == 0, result.output
    with Module.open(comma) as module:
        placed = [(p.x, p.y, p.location) for p in locate(read_save(out), module) if p.kind == "piece"]
        assert placed[0][2] == "03,04" and placed[0][:2] == module.vassal_map("Main Map").point("03,04")
        assert placed[1][:2] == (300, 260)
    bad = run(cli, ["vassal", "setup", str(comma), str(tmp_path / "t.vsav"), "Red@3,4"])
    assert bad.exit_code == 3 and not (tmp_path / "t.vsav").exists()
    assert "no board of map 'Main Map' names a location '3,4' (for the map point write Red@px:3,4)" in bad.output

    vmod = write_board_module(tmp_path / "b.vmod")
    out = tmp_path / "s.vsav"
    result = run(cli, ["vassal", "setup", str(vmod), str(out), "Green@12-J", "--board", "South"])
    assert result.exit_code == 0, result.output
    save = read_save(out)
    assert [(b.map_id, b.boards) for b in save.board_pickers().values()] == [("Main Map", (("South", 0, 0),))]
    with Module.open(vmod) as module:
        assert [p.location for p in locate(save, module) if p.kind == "piece"] == ["12-J"]
    assert run(cli, ["vassal", "setup", str(vmod), str(tmp_path / "u.vsav"), "Green@12-J"]).exit_code == 3  # North
    wrong = run(cli, ["vassal", "setup", str(vmod), str(tmp_path / "u.vsav"), "Green@12-J", "--board", "East"])
    assert wrong.exit_code == 3 and "map 'Main Map' has no board 'East'" in wrong.output
