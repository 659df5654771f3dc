"""Hostile inputs of issue 18, each ending in exit 3 with one line (no internal error, no hang, bounded memory)."""

from __future__ import annotations

import os
import resource
import struct
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from toolkit.cli.main import cli
from toolkit.vassal.codec import ESC, obfuscate

GRID = ("numbering: {scheme: ccrr, col_digits: 2, row_digits: 2, orientation: flat, shifted: odd}\n"
        "extent: {columns: [1, 4], rows: [1, 4]}\n"
        "calibration: [[30.0, 0.0, 30.0], [17.32, 34.64, 30.0]]\n")


def one_line_error(args: list[str], fragment: str) -> str:
    result = CliRunner().invoke(cli, args)
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert result.exit_code == 3, result.output
    assert len(lines) == 1 and lines[0].startswith("wgt: error: "), result.output
    assert fragment in lines[0], lines[0]
    return lines[0]


POSITION = """game: winter-war
turn: 3
player: soviet
phase: combat
state: {attacks: [{attackers: ["a"], defenders: ["f"], die: 3}]}
units:
  - {id: "a", counter: "sov-20-12-2", hex: A_HEX}
  - {id: "f", counter: "fin-6-6-2", hex: F_HEX}
"""


@pytest.mark.parametrize(("a_hex", "f_hex", "off"), [('"2958"', "off", "f"), ("off", '"2957"', "a")])
def test_combat_with_a_unit_off_the_map(tmp_path: Path, a_hex: str, f_hex: str, off: str) -> None:
    p = tmp_path / "p.yaml"
    p.write_text(POSITION.replace("A_HEX", a_hex).replace("F_HEX", f_hex), encoding="utf-8")
    one_line_error(["check", str(p)], f"attack 1: unit {off!r} is off the map")


def test_attack_ids_must_be_unit_ids(tmp_path: Path) -> None:
    p = tmp_path / "p.yaml"
    p.write_text(POSITION.replace('["a"]', '[["a"]]').replace("A_HEX", '"2958"').replace("F_HEX", '"2957"'),
                 encoding="utf-8")
    one_line_error(["check", str(p)], "attack 1: attackers must be a list of unit ids")


COUNTERS = ("game: g\nsides: {a: {colour: '#ffffff'}}\ncounters:\n"
            "  - {id: ID, side: a, unit_type: infantry, values: {attack: VALUE}}\n")


@pytest.mark.parametrize(("cid", "value", "fragment"), [
    ("a" * 300, "1", "line 4: counter id: text of 300 characters (at most 200)"),
    ("a" * 65, "1", "line 4: bad counter id 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa... (lower-case letters, digits, "
                    "- _ . +; at most 64)"),
    ("a-1", '"1\\n2"', "line 4: attack value in counter 'a-1': text '1\\n2' holds a line break"),
    ("a-1", "1.0e+30", "line 4: bad attack value 1e+30 in counter 'a-1' (at most 1e9)"),
    ("a-1", ".nan", "line 4: '.nan' is not a finite number (quote it for text)"),
])
def test_counter_files_that_would_break_file_names_or_drawing(tmp_path: Path, cid: str, value: str,
                                                              fragment: str) -> None:
    p = tmp_path / "c.yaml"
    p.write_text(COUNTERS.replace("ID", cid).replace("VALUE", value), encoding="utf-8")
    one_line_error(["build", "counters", str(p), "-o", str(tmp_path / "out")], f"{p} {fragment}")
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_marker_label_may_have_lines_a_unit_label_not(tmp_path: Path) -> None:
    p = tmp_path / "c.yaml"
    text = COUNTERS.replace("ID", "a-1").replace("VALUE}}", "1}, front: {label: \"x\\ny\"}}")
    p.write_text(text, encoding="utf-8")
    one_line_error(["build", "counters", str(p), "-o", str(tmp_path / "out")],
                   "label: text of several lines is printed on markers only")
    p.write_text(text.replace("infantry", "marker"), encoding="utf-8")
    assert CliRunner().invoke(cli, ["build", "counters", str(p), "-o", str(tmp_path / "out")]).exit_code == 0


@pytest.mark.parametrize("size", [(1, 1), (2, 1), (1, 3)])
def test_tiny_scans(tmp_path: Path, size: tuple[int, int]) -> None:
    Image.new("RGB", size, "white").save(tmp_path / "scan.png")
    (tmp_path / "grid.yaml").write_text(GRID, encoding="utf-8")
    (tmp_path / "legend.yaml").write_text("terrain: {clear: '#ffffff', forest: {hexes: ['0101']}}\n",
                                          encoding="utf-8")
    one_line_error(["map", "extract", str(tmp_path / "scan.png"), "--grid", str(tmp_path / "grid.yaml"),
                    "--legend", str(tmp_path / "legend.yaml"), "-o", str(tmp_path / "m.yaml")],
                   f"only 0 of the grid's 16 hexes lie on the {size[0]}x{size[1]} px image")
    one_line_error(["map", "calibrate", str(tmp_path / "scan.png"), "--point", "0101=0,0", "--point", "0201=5,0",
                    "--point", "0102=0,5"], "is off the image")


def _png(path: Path, width: int, height: int) -> None:
    """A white RGB PNG written row by row (no picture in memory)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    comp = zlib.compressobj(9)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        parts = []
        row = b"\x00" + b"\xff" * (3 * width) if width < 1_000_000 else None
        for _ in range(height):
            if row is not None:
                parts.append(comp.compress(row))
            else:
                parts.append(comp.compress(b"\x00"))
                block = b"\xff" * 3_000_000
                for _ in range(3 * width // len(block)):
                    parts.append(comp.compress(block))
                parts.append(comp.compress(b"\xff" * (3 * width % len(block))))
        parts.append(comp.flush())
        out.write(chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b""))


def _limited(limit: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


@pytest.mark.slow
def test_an_80_million_by_1_scan_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    """Under Pillow's pixel limit (89 Mpx), so it decodes (240 MB); extraction would need ~10 GB for 80 million
    colour blocks: refused with one line, the whole run within 1.5 GB of address space."""
    _png(tmp_path / "long.png", 80_000_000, 1)
    (tmp_path / "grid.yaml").write_text(GRID, encoding="utf-8")
    (tmp_path / "legend.yaml").write_text("terrain: {clear: '#ffffff'}\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "toolkit", "map", "extract", str(tmp_path / "long.png"),
                           "--grid", str(tmp_path / "grid.yaml"), "--legend", str(tmp_path / "legend.yaml"),
                           "-o", str(tmp_path / "m.yaml")], capture_output=True, text=True, timeout=120,
                          preexec_fn=lambda: _limited(1_500_000_000))
    assert proc.returncode == 3, proc.stderr
    assert proc.stderr.count("\n") == 1 and "colour blocks, more than the 8,000,000" in proc.stderr


def _bilevel_png(path: Path, width: int, height: int) -> None:
    """A black 1-bit grayscale PNG: 85 million pixels in 10 kB, made in well under a second."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    comp = zlib.compressobj(9)
    row = b"\x00" * (1 + (width + 7) // 8)
    idat = b"".join(comp.compress(row) for _ in range(height)) + comp.flush()
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0))
                     + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


# hexes of 120 px in one row whose centres lie on a 1-pixel-high image (y = 0.5)
THIN_GRID = ("numbering: {scheme: ccrr, col_digits: 2, row_digits: 2, orientation: flat, shifted: odd}\n"
             "extent: {columns: [1, 4000], rows: [1, 1]}\n"
             "calibration: [[180.0, 0.0, 0.0], [103.92, 207.84, -311.26]]\n")


@pytest.mark.parametrize(("grid", "fragment"), [
    (THIN_GRID, "a 85000000x1 px image with hexes of 120 px is 37,777,792 colour blocks, more than the 8,000,000"),
    (GRID, "a 85000000x1 px image with hexes of 20 px is 510,000,030 colour blocks, more than the 8,000,000"),
])
def test_a_1_by_85_million_scan_is_refused_before_it_is_decoded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                grid: str, fragment: str) -> None:
    """Just under Pillow's pixel limit. With hexes of 120 px its 9.4 million colour blocks passed the old check
    (which left out the margins the colour averaging pads a 1-block-high image with, 3 rows of 4): extraction
    took 3.2 GB and 46 s. Now the header's size is checked against the grid and no pixel is decoded."""
    from PIL import ImageFile

    _bilevel_png(tmp_path / "thin.png", 85_000_000, 1)
    (tmp_path / "grid.yaml").write_text(grid, encoding="utf-8")
    (tmp_path / "legend.yaml").write_text("terrain: {clear: '#ffffff'}\n", encoding="utf-8")

    def no_decoding(self: object) -> None:
        raise AssertionError("the image was decoded")

    monkeypatch.setattr(ImageFile.ImageFile, "load", no_decoding)
    one_line_error(["map", "extract", str(tmp_path / "thin.png"), "--grid", str(tmp_path / "grid.yaml"),
                    "--legend", str(tmp_path / "legend.yaml"), "-o", str(tmp_path / "m.yaml")], fragment)
    assert not (tmp_path / "m.yaml").exists()


def _zip(path: Path, entries: list[tuple[str, bytes]]) -> Path:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about the duplicate name we mean to write
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
            for name, data in entries:
                out.writestr(name, data)
    return path


def _save(state: str) -> bytes:
    return obfuscate("begin_save" + ESC + "+/1/piece;;;a.png;Inf/" + state + ESC + "end_save", 7)


def test_two_saved_game_entries_are_refused(tmp_path: Path) -> None:
    path = _zip(tmp_path / "two.vsav", [("savedGame", _save("Map0;1;2;g;0")), ("savedGame", _save("Map0;3;4;g;0"))])
    one_line_error(["vassal", "dump", str(path)], "has more than one entry named 'savedGame'")


def test_a_save_claiming_10_to_the_30_piece_properties_ends(tmp_path: Path) -> None:
    path = _zip(tmp_path / "p.vsav", [("savedGame", _save("Map0;10;20;g1;" + "1" + "0" * 30 + ";k;v"))])
    result = CliRunner().invoke(cli, ["vassal", "dump", str(path), "--json"])
    assert result.exit_code == 0 and '"name": "Inf"' in result.output


def test_buildfile_fifo_in_a_module_folder(tmp_path: Path) -> None:
    for name in ("buildFile.xml", "buildFile"):
        folder = tmp_path / name.replace(".", "-")
        folder.mkdir()
        os.mkfifo(folder / name)
        one_line_error(["vassal", "dump", str(folder)], f"{name!r} is not a regular file (a device, pipe or socket)")


@pytest.mark.parametrize(("attribute", "fragment"), [
    ('x0="' + "9" * 5000 + '"', "out of the int range"),
    ('dx="' + "9" * 5000 + '"', "hex grid spacing must be positive: dx=inf"),
    ('VassalVersion="' + "9" * 5000 + '.1"', ""),
])
def test_buildfile_integers_of_5000_digits(tmp_path: Path, attribute: str, fragment: str) -> None:
    from tests.vassal.helpers import demo_module_bytes

    demo = tmp_path / "demo.vmod"
    demo.write_bytes(demo_module_bytes())
    with zipfile.ZipFile(demo) as z:
        entries = [(n, z.read(n)) for n in z.namelist()]
    out = []
    for name, data in entries:
        if name == "buildFile.xml":
            text = data.decode("utf-8")
            key = attribute.split("=")[0]
            import re

            text, n = re.subn(rf'\b{key}="[^"]*"', attribute, text, count=1)
            if n == 0:
                text = text.replace("<VASSAL.build.GameModule ", f"<VASSAL.build.GameModule {attribute} ", 1)
            data = text.encode("utf-8")
        out.append((name, data))
    mod = _zip(tmp_path / "m.vmod", out)
    result = CliRunner().invoke(cli, ["vassal", "locate", str(mod), "Main Map", "100,100"])
    assert result.exit_code in (0, 3), result.output
    assert "internal error" not in result.output
    if result.exit_code == 3:
        assert result.output.count("\n") == 1 and fragment in result.output


# ------------------------------------------------------------------ found by the long fuzz run (benchmarks fuzz)


def test_fuzz_die_roll_given_as_a_list(tmp_path: Path) -> None:
    p = tmp_path / "p.yaml"
    p.write_text(POSITION.replace("die: 3", "die: [3]").replace("A_HEX", '"2958"').replace("F_HEX", '"2957"'),
                 encoding="utf-8")
    one_line_error(["check", str(p)], "attack 1: die roll [3] is not on the combat results table")


@pytest.mark.parametrize(("table", "fragment"), [
    ("- {title: T, columns: [{a: 1}], rows: []}", "table 1.columns[0]: expected a cell (text or a number)"),
    ("- {title: T, columns: [a], cell_colours: [x]}", "table 1.cell_colours: expected a mapping, not a list"),
    ("- {title: T, columns: [a], notes: [1]}", "table 1.notes[0]: expected a note (one line of text)"),
    ("- {title: T, columns: [a], rows: [[true]]}", "table 1.rows[0][0]: expected a cell"),
    ("- {title: T, columns: [a], rows: [[\"a\\u0000b\"]]}", "table 1.rows[0][0]: text 'a\\x00b' holds control"),
])
def test_fuzz_chart_tables_are_checked(tmp_path: Path, table: str, fragment: str) -> None:
    p = tmp_path / "t.yaml"
    p.write_text(table + "\n", encoding="utf-8")
    one_line_error(["build", "aids", str(p), "-o", str(tmp_path / "a.pdf"), "--no-png"], f"{p} line 1: {fragment}")


def test_fuzz_grids_far_off_the_image_or_with_huge_calibrations(tmp_path: Path) -> None:
    Image.new("RGB", (160, 160), "#eee6c4").save(tmp_path / "scan.png")
    (tmp_path / "l.yaml").write_text("terrain: {clear: '#eee6c4'}\n", encoding="utf-8")
    big = GRID.replace("columns: [1, 4]", "columns: [4, 122714]")
    (tmp_path / "big.yaml").write_text(big, encoding="utf-8")
    args = ["map", "extract", str(tmp_path / "scan.png"), "--legend", str(tmp_path / "l.yaml"), "-o",
            str(tmp_path / "m.yaml"), "--grid"]
    one_line_error([*args, str(tmp_path / "big.yaml")],
                   "only 3 of the grid's 490,844 hexes lie on the 160x160 px image")
    (tmp_path / "back.yaml").write_text(GRID.replace("columns: [1, 4]", "columns: [122714, 4]"), encoding="utf-8")
    one_line_error([*args, str(tmp_path / "back.yaml")], "grid extent columns [122714, 4] run backwards")
    (tmp_path / "huge.yaml").write_text(GRID.replace("34.64", "1.0e+300"), encoding="utf-8")
    one_line_error([*args, str(tmp_path / "huge.yaml")], "calibration numbers must be finite and at most 1e+06 pixels")


@pytest.mark.parametrize(("attack", "fragment"), [
    ("1e400", "more than 1,000,000 strength points"),  # was OverflowError: int too large to convert to float
    ("1++2", "is not a number or a sum"), (",,3", "is not a number or a sum"), ("1+", "is not a number or a sum"),
    ("9" * 5000, "is not a number or a sum"),
])
def test_held_out_combat_strengths(attack: str, fragment: str) -> None:
    one_line_error(["combat", "winter-war", "-a", attack, "-d", "1"], fragment)


def test_held_out_map_set_integer_past_64_bits(tmp_path: Path) -> None:
    """wgt map set --set big=<5,000 digits> was an internal error; 2**63 would write what the reader refuses."""
    from toolkit.data import maps_dir
    m = tmp_path / "m.yaml"
    m.write_bytes((maps_dir() / "winter-war.yaml").read_bytes())
    before = m.read_bytes()
    one_line_error(["map", "set", str(m), "0104", "--set", "big=" + "9" * 5000], "does not fit in 64 bits")
    one_line_error(["map", "set", str(m), "0104", "--set", f"big={2**63}"], "does not fit in 64 bits")
    assert m.read_bytes() == before
    ok = CliRunner().invoke(cli, ["map", "set", str(m), "0104", "--set", f"big={2**63 - 1}"])
    assert ok.exit_code == 0, ok.output


def test_held_out_a_folder_given_as_the_scan(tmp_path: Path) -> None:
    """A folder named like a scan was click's four-line usage block (exit 2); it is bad input: one line, exit 3."""
    scan = tmp_path / "dir.png"
    scan.mkdir()
    one_line_error(["map", "calibrate", str(scan), "--point", "0101=1,1", "--point", "0201=50,1",
                    "--point", "0102=1,50", "-o", str(tmp_path / "g.yaml")], "is not a regular file")


@pytest.mark.parametrize(("legend", "fragment"), [
    ('terrain: {clear: "#ffffff"}\nfeatures: {"\\0": {colour: "#0000ff", kind: along}}\n', "is not a word"),
    ('terrain: {clear: "#ffffff"}\nfeatures: {"a\\Lb": {colour: "#0000ff", kind: along}}\n', "is not a word"),
    ('terrain: {"clear\\nground": "#ffffff"}\n', "holds a line break or control character"),
])
def test_fuzz_legend_names_the_map_reader_would_refuse(tmp_path: Path, legend: str, fragment: str) -> None:
    """The 100,000-case fuzz run: a feature named NUL or U+2028 was written into a map wgt then refused to read
    (data loss), and a terrain name with a line break was an internal error drawing the QA overlay."""
    Image.new("RGB", (200, 200), "white").save(tmp_path / "scan.png")
    (tmp_path / "grid.yaml").write_text(GRID, encoding="utf-8")
    (tmp_path / "legend.yaml").write_text(legend, encoding="utf-8")
    one_line_error(["map", "extract", str(tmp_path / "scan.png"), "--grid", str(tmp_path / "grid.yaml"),
                    "--legend", str(tmp_path / "legend.yaml"), "-o", str(tmp_path / "m.yaml"),
                    "--overlay", str(tmp_path / "qa.png")], fragment)
    assert not (tmp_path / "m.yaml").exists()


@pytest.mark.parametrize("args", [["check", "{long}.yaml"], ["vassal", "locate", "{long}.vmod", "Main", "1,1"],
                                  ["vassal", "centre", "{long}.vmod", "Main", "0101"]])
def test_a_file_name_the_system_refuses_is_one_line_exit_3(tmp_path: Path, args: list[str]) -> None:
    """A file name longer than the system takes (ENAMETOOLONG) was an internal error (exit 4)."""
    long = str(tmp_path / ("x" * 300))
    result = CliRunner().invoke(cli, [a.replace("{long}", long) for a in args])
    assert result.exit_code == 3, result.output
    assert result.output.count("\n") == 1 and "internal error" not in result.output
    assert "the system refuses this file name (File name too long)" in result.output
