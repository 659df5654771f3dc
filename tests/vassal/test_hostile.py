"""Hostile and broken input: one clear line, exit code 3, no traceback, no hang."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolkit.cli.main import cli
from toolkit.errors import ArchiveError, VassalFormatError
from toolkit.vassal import Module, read_save
from toolkit.vassal.archive import Archive
from toolkit.vassal.codec import ESC, obfuscate


def _zip(path: Path, entries: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in entries.items():
            out.writestr(name, data)
    return path


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def _assert_clean_error(args, fragment):
    code, output = _run(*args)
    assert code == 3, output
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("wgt: error: "), output
    assert "Traceback" not in output
    assert fragment in lines[0], lines[0]


GOOD_SAVE = obfuscate("begin_save" + ESC + ESC + "end_save", 0x21)
XXE = (b'<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
       b'<VASSAL.build.GameModule name="&x;"/>')
LAUGHS = (b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">'
          b'<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;">]>\n<VASSAL.build.GameModule name="&lol3;"/>')


def test_corrupt_zip(tmp_path):
    bad = tmp_path / "bad.vsav"
    bad.write_bytes(b"PK\x03\x04" + b"\x00" * 40)
    with pytest.raises(ArchiveError, match="not a readable zip archive"):
        read_save(bad)
    _assert_clean_error(["vassal", "dump", str(bad)], "not a readable zip archive")


def test_neither_zip_nor_saved_game_text(tmp_path):
    for name, data in (("random.vsav", bytes(range(256)) * 4), ("empty.vsav", b""), ("page.vsav", b"<html/>")):
        path = tmp_path / name
        path.write_bytes(data)
        with pytest.raises(ArchiveError, match="neither a zip archive nor a savedGame text"):
            read_save(path)
        _assert_clean_error(["vassal", "dump", str(path)], "not a VASSAL save or log")


def test_truncated_zip(tmp_path):
    good = _zip(tmp_path / "g.vsav", {"savedGame": GOOD_SAVE * 50})
    cut = tmp_path / "cut.vsav"
    cut.write_bytes(good.read_bytes()[:-30])
    _assert_clean_error(["vassal", "dump", str(cut)], "cut.vsav")


def test_zip_bomb_is_refused(tmp_path):
    bomb = _zip(tmp_path / "bomb.vsav", {"savedGame": b"0" * (24 * 1024 * 1024)})
    assert bomb.stat().st_size < 100_000
    with pytest.raises(ArchiveError, match="expands more than 1000 times"):
        read_save(bomb)
    _assert_clean_error(["vassal", "dump", str(bomb)], "zip bomb")
    with Archive(bomb, max_entry=1024) as archive, pytest.raises(ArchiveError, match="larger than the 1024 byte"):
        archive.read("savedGame")


def test_many_entries_bomb_is_refused_before_reading_the_directory(tmp_path, monkeypatch):
    import toolkit.vassal.archive as archive_module

    monkeypatch.setattr(archive_module, "MAX_ENTRIES", 20)
    many = _zip(tmp_path / "many.vmod", {"buildFile.xml": b"<VASSAL.build.GameModule/>",
                                         **{f"images/{i}.png": b"" for i in range(20)}})
    with pytest.raises(ArchiveError, match="21 members, more than the 20 limit"):
        Module.open(many)
    for args in (["vassal", "dump", str(many)], ["vassal", "locate", str(many), "Map", "1,1"],
                 ["vassal", "centre", str(many), "Map", "0101"]):
        _assert_clean_error(args, "more than the 20 limit")
    monkeypatch.setattr(archive_module, "MAX_ENTRIES", 21)
    with Module.open(many) as module:
        assert module.maps == {}


def test_xml_with_too_many_elements_is_refused_before_parsing(tmp_path, monkeypatch):
    import toolkit.vassal.xmlsafe as xmlsafe

    monkeypatch.setattr(xmlsafe, "MAX_ELEMENTS", 100)
    build = b'<?xml version="1.0"?><VASSAL.build.GameModule name="x">' + b'<a b="1"/>' * 100 \
        + b"</VASSAL.build.GameModule>"
    vmod = _zip(tmp_path / "wide.vmod", {"buildFile.xml": build})
    _assert_clean_error(["vassal", "dump", str(vmod)], "xml with about 102 elements, more than the 100 limit")
    monkeypatch.setattr(xmlsafe, "MAX_ELEMENTS", 102)  # the <?xml declaration counts too
    with Module.open(vmod) as module:
        assert module.name == "x"


def test_saved_game_size_limit(tmp_path, monkeypatch):
    import toolkit.vassal.save as save_module

    monkeypatch.setattr(save_module, "MAX_SAVED_GAME", len(GOOD_SAVE) - 1)
    zipped = _zip(tmp_path / "g.vsav", {"savedGame": GOOD_SAVE})
    _assert_clean_error(["vassal", "dump", str(zipped)], f"larger than the {len(GOOD_SAVE) - 1} byte limit")
    plain = tmp_path / "plain.vsav"
    plain.write_bytes(GOOD_SAVE)
    _assert_clean_error(["vassal", "dump", str(plain)], "byte limit for a saved game")
    monkeypatch.setattr(save_module, "MAX_SAVED_GAME", len(GOOD_SAVE))
    assert read_save(zipped).saved_game_bytes() == read_save(plain).saved_game_bytes() == GOOD_SAVE
    # the other entries together (kept to write the file back) have a budget of their own
    monkeypatch.setattr(save_module, "MAX_OTHER_ENTRIES", 100)
    extra = _zip(tmp_path / "extra.vsav", {"savedGame": GOOD_SAVE, "savedata": b"x" * 60, "junk": b"y" * 41})
    _assert_clean_error(["vassal", "dump", str(extra)], "besides savedGame pass the 100 byte limit (at 'junk')")
    monkeypatch.setattr(save_module, "MAX_OTHER_ENTRIES", 101)
    assert read_save(extra).entries == {"savedata": b"x" * 60, "junk": b"y" * 41}


def test_archive_path_escape(tmp_path):
    evil = _zip(tmp_path / "evil.vmod", {"buildFile.xml": b"<VASSAL.build.GameModule/>", "../../evil.png": b"x"})
    _assert_clean_error(["vassal", "dump", str(evil)], "escapes the archive folder")
    folder = tmp_path / "mod"
    folder.mkdir()
    (folder / "buildFile.xml").write_bytes(b'<VASSAL.build.GameModule name="x"/>')
    (tmp_path / "secret.png").write_bytes(b"secret")
    (folder / "images").mkdir()
    (folder / "images" / "link.png").symlink_to(tmp_path / "secret.png")
    archive = Archive(folder)
    with pytest.raises(ArchiveError, match="escapes the module folder"):
        archive.read("../secret.png")
    with pytest.raises(ArchiveError, match="escapes the module folder"):
        archive.read("images/link.png")


@pytest.mark.parametrize("payload", [XXE, LAUGHS], ids=["external-entity", "billion-laughs"])
def test_xml_entities_are_refused(tmp_path, payload):
    mod = _zip(tmp_path / "x.vmod", {"buildFile.xml": payload})
    with pytest.raises(VassalFormatError, match="entity declaration is refused"):
        Module.open(mod)
    _assert_clean_error(["vassal", "dump", str(mod)], "entity declaration is refused")
    save = _zip(tmp_path / "x.vsav", {"savedGame": GOOD_SAVE, "savedata": payload})
    with pytest.raises(VassalFormatError):
        read_save(save).savedata  # noqa: B018


@pytest.mark.parametrize("saved_game, fragment", [
    (GOOD_SAVE[:-1], "odd number of hex digits"),
    (b"!VCSK21" + b"zz" * 10, "not a hex digit"),
    (obfuscate("begin_save" + ESC + "+/123/piece;;;a;b", 7), "malformed add-piece"),
    (obfuscate("begin_save" + ESC + "M/1/Map/2", 7), "malformed move-piece"),
    (b"hello world", "does not hold VASSAL commands"),
])
def test_malformed_saves(tmp_path, saved_game, fragment):
    path = _zip(tmp_path / "s.vsav", {"savedGame": saved_game})
    _assert_clean_error(["vassal", "dump", str(path)], fragment)


def test_not_a_module(tmp_path):
    plain = _zip(tmp_path / "p.vmod", {"readme.txt": b"hello"})
    _assert_clean_error(["vassal", "locate", str(plain), "Map", "1,1"], "not a VASSAL module")
    save = _zip(tmp_path / "s.vsav", {"savedGame": GOOD_SAVE})
    _assert_clean_error(["vassal", "locate", str(save), "Map", "1,1"], "is a saved game or log, not a module")
    other = _zip(tmp_path / "o.vmod", {"buildFile.xml": b"<html/>"})
    _assert_clean_error(["vassal", "locate", str(other), "Map", "1,1"], "is not a VASSAL module")
    broken = _zip(tmp_path / "b.vmod", {"buildFile.xml": b"<VASSAL.build.GameModule"})
    _assert_clean_error(["vassal", "locate", str(broken), "Map", "1,1"], "not well-formed xml")
    _assert_clean_error(["vassal", "dump", str(tmp_path / "missing.vsav")], "no such file")


def test_save_without_saved_game_entry(tmp_path):
    mod = _zip(tmp_path / "m.vsav", {"buildFile.xml": b"<VASSAL.build.GameModule/>", "moduledata": b"<data/>"})
    with pytest.raises(ArchiveError, match="has no savedGame entry"):
        read_save(mod)


def test_bad_points_and_names(tmp_path):
    buffer = io.BytesIO()
    from tests.vassal.helpers import demo_module_bytes

    buffer.write(demo_module_bytes())
    mod = tmp_path / "demo.vmod"
    mod.write_bytes(buffer.getvalue())
    _assert_clean_error(["vassal", "locate", str(mod), "Main Map", "12"], "is not X,Y")
    _assert_clean_error(["vassal", "locate", str(mod), "Nowhere", "1,1"], "no map named 'Nowhere'")
    _assert_clean_error(["vassal", "centre", str(mod), "Main Map", "Z9"], "Z9")


def test_deep_nesting_is_refused_not_recursed(tmp_path):
    from toolkit.vassal.codec import TAB, join

    text = "end_save"
    for _ in range(200):
        text = join(["begin_save", text], ESC)
    path = _zip(tmp_path / "deep.vsav", {"savedGame": obfuscate(text, 3)})
    _assert_clean_error(["vassal", "dump", str(path)], "nested more than 50 levels deep")

    chain = "piece;;;;x"
    for _ in range(1500):  # layers starting with a quote force the level-by-level decoder
        chain = join(["'q", chain], TAB)
    save = "begin_save" + ESC + join(["+", "1", chain, ""], "/")
    path = _zip(tmp_path / "chain.vsav", {"savedGame": obfuscate(save, 3)})
    _assert_clean_error(["vassal", "dump", str(path)], "nested too deeply to decode")


def _png_header(width: int, height: int) -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", b"") + chunk(b"IEND", b"")


def test_board_image_sizes_are_read_from_headers_only(tmp_path, caplog):
    from toolkit.vassal.module import _image_size

    # a 100000 x 80000 board: Pillow's bomb guard would refuse it, but only the header is read
    assert _image_size(_png_header(100_000, 80_000), "huge.png") == (100_000, 80_000)
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="1200px" height="800"/>'
    assert _image_size(svg, "board.svg") == (1200, 800)
    build = (b'<VASSAL.build.GameModule name="m"><VASSAL.build.module.Map mapName="M">'
             b'<VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board image="b.png" '
             b'name="B"/></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>')
    mod = _zip(tmp_path / "m.vmod", {"buildFile.xml": build, "images/b.png": b"not a png"})
    with Module.open(mod) as module, caplog.at_level("WARNING"):
        assert module.maps["M"].boards["B"].size == (0, 0)
        assert module.vassal_map("M").location_name(5, 5) == "offboard"
    assert "image 'b.png' is not in an image format Pillow reads" in caplog.text
    assert "BytesIO" not in caplog.text  # no object repr in the user's message


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(), reason="needs a POSIX system")
def test_devices_and_pipes_are_refused_without_reading(tmp_path):
    """/dev/zero reads forever (it took 23 GB before being killed) and opening a named pipe blocks: both
    are refused from their file type. Run in a subprocess with a timeout, so a regression fails."""
    fifo = tmp_path / "game.vsav"
    os.mkfifo(fifo)
    runs = [["vassal", "dump", "/dev/zero"], ["vassal", "dump", str(fifo)],
            ["vassal", "locate", str(fifo), "Map", "1,1"], ["vassal", "dump", str(fifo), "--module", "/dev/zero"]]
    for args in runs:
        proc = subprocess.run([sys.executable, "-c", "from toolkit.cli.main import cli; cli()", *args],
                              capture_output=True, text=True, timeout=60, cwd=Path(__file__).resolve().parents[2])
        assert proc.returncode == 3, (args, proc.stderr)
        assert proc.stderr.strip().endswith("not a regular file (a device, pipe or socket)"), proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1
    for opener in (read_save, Module.open):
        with pytest.raises(ArchiveError, match="not a regular file"):
            opener(fifo)


# -- absurd numbering and symlink loops: refused in bounded time and memory, one line, exit 3 ------------------

def _grid_module(folder: Path, grid: dict[str, str], numbering: dict[str, str]) -> Path:
    from tests.vassal_testmodules import HEX_GRID, HEX_NUMBERING, build_file

    folder.mkdir()
    (folder / "buildFile.xml").write_text(build_file((HEX_GRID, grid, [(HEX_NUMBERING, numbering, [])])))
    return folder


@pytest.mark.parametrize(("grid", "numbering", "fragment"), [
    ({"dx": "50", "dy": "58"}, {"hLeading": "1000000000"},
     "hLeading 1000000000 is absurd: names would carry up to that many leading zeros"),  # was: 10**leading, a hang
    ({"dx": "50", "dy": "58"}, {"vLeading": "2000"}, "vLeading 2000 is absurd"),
    ({"dx": "1e-300", "dy": "58"}, {"hType": "A"},  # was: an 82-million-letter name
     "dx (hex width) is 1e-300: a grid spacing must be between 0.001 and 1e+07 pixels"),
    ({"dx": "50", "dy": "1e-300"}, {"vType": "A"}, "dy (hex height) is 1e-300"),
    ({"dx": "50", "dy": "1e300"}, {}, "dy (hex height) is 1e+300"),  # was: an internal error (float32 overflow)
    ({"dx": "1e300"}, {}, "hex width) is 1e+300"),
    ({"dx": "50", "dy": "58"}, {"hOff": "1" + "0" * 6000}, "hOff is out of the int range: '1000"),
])
def test_absurd_numbering_is_refused(tmp_path, grid, numbering, fragment):
    folder = _grid_module(tmp_path / "m", grid, numbering)
    _assert_clean_error(["vassal", "locate", str(folder), "Main Map", "400,300"], fragment)


def test_leading_zeros_in_an_attribute_are_read_as_java_reads_them(tmp_path):
    """``Integer.valueOf("000...01")`` is 1: 6000 leading zeros (past Python's 4300-digit int() limit, which
    made an internal error) give the names the plain attribute gives."""
    plain = _grid_module(tmp_path / "plain", {"dx": "50", "dy": "58"}, {"hOff": "1", "vLeading": "3"})
    zeros = _grid_module(tmp_path / "zeros", {"dx": "50", "dy": "58"},
                         {"hOff": "0" * 6000 + "1", "vLeading": "-" + "0" * 6000 + "3"})
    code, expected = _run("vassal", "locate", str(plain), "Main Map", "400,300", "40,40")
    assert code == 0 and expected.splitlines()[0] == "400,300\t090006\t400,322"
    code, got = _run("vassal", "locate", str(zeros), "Main Map", "400,300", "40,40")
    assert code == 0 and got.splitlines()[0] == "400,300\t096\t400,322"  # vLeading -3: the row unpadded
    code, got = _run("vassal", "locate", str(_grid_module(tmp_path / "z3", {"dx": "50", "dy": "58"},
                                                          {"hOff": "0" * 6000 + "1", "vLeading": "0" * 6000 + "3"})),
                     "Main Map", "400,300", "40,40")
    assert code == 0 and got == expected


def test_a_letter_name_too_long_is_refused_not_built():
    from toolkit.errors import HexIdError
    from toolkit.hexgrid.vassal.numbering import format_part

    assert format_part(27, "A", 1) == "BB"
    assert format_part(26 * 999 + 25, "A", 1) == "Z" * 1000
    with pytest.raises(HexIdError, match="with 82595525 letters"):
        format_part(2**31 - 1, "A", 1)  # VASSAL's saturated column of dx="1e-300": no 82 MB string is made
    assert format_part(7, "N", 1000) == "0" * 1000 + "7"  # computed, not looped over powers of ten


def test_java_int_of_a_rounded_double_wraps_as_vassal_does():
    from toolkit.hexgrid.vassal._java import f32, jround_int

    assert [jround_int(v) for v in (2.5, -2.5, 2.0**31, 1e300, float("nan"))] == [3, -2, -(2**31), -1, 0]
    assert f32(1e300) == float("inf") and f32(-1e300) == float("-inf")


def test_symlink_loops_in_a_module_folder(tmp_path):
    one = tmp_path / "one"
    one.mkdir()
    (one / "buildFile.xml").symlink_to("buildFile.xml")
    two = tmp_path / "two"
    two.mkdir()
    (two / "a").symlink_to("b")
    (two / "b").symlink_to("a")
    (two / "buildFile.xml").symlink_to("a")
    for folder in (one, two):
        _assert_clean_error(["vassal", "locate", str(folder), "Main Map", "1,1"], "buildFile.xml: is a symlink loop")
        _assert_clean_error(["vassal", "dump", str(folder)], "is a symlink loop")
