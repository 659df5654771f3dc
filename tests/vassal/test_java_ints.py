"""Integers in saves read as VASSAL reads them (vassalengine/vassal, vassal-app/src/main/java/VASSAL):

- ``tools/SequenceEncoder.Decoder.nextInt(default)``: ``Integer.parseInt(nextToken())``, the default when it
  throws NumberFormatException (or when no token is left);
- ``counters/BasicPiece.setState`` and ``counters/Stack.setState``: ``new Point(st.nextInt(0), st.nextInt(0))``,
  so a coordinate of 5,000 digits, or 2147483648, puts the piece at 0; BasicPiece reads its persistent
  property count with ``nextInt(0)`` too;
- ``build/module/map/BoardPicker.decode``: a board's column and row by ``nextInt(0)``, the board at
  ``Map.setBoardBoundaries``' cell (the widths of the cells left of it, the heights of those above it);
- ``build/module/BasicCommandEncoder.decode``: a move's (``M/``) coordinates by ``Integer.parseInt`` with nothing
  caught (the file does not load: wgt refuses it, exit 3).

The fuzz found a save whose board row was mutated to a 30-digit number: the board's origin was summed cell by
cell, a loop VASSAL's nextInt never starts (and that never ended): ``vassal dump --json`` ran past 30 s.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.vassal.helpers import FIXTURES, demo_module_bytes, run_oracle
from toolkit.cli.main import cli
from toolkit.hexgrid.vassal import Board, PlacedBoard, VassalMap
from toolkit.hexgrid.vassal._java import java_int
from toolkit.vassal.codec import ESC, obfuscate
from toolkit.vassal.commands import BoardPickerLine, MovePiece, parse

PIECE = "+/1/mark;Side\tpiece;;;arm.png;2nd Armour/Blue\tMain Map;{x};{y};2;{props}"
STACK = "+/2/stack/Main Map;{x};{y};1;@@-1"


@pytest.mark.parametrize(("text", "value"), [
    ("0", 0), ("42", 42), ("-7", -7), ("+5", 5), ("2147483647", 2147483647), ("-2147483648", -2147483648),
    ("2147483648", None), ("-2147483649", None), ("9" * 30, None), ("9" * 5000, None), ("1" + "0" * 30, None),
    ("0" * 20 + "12", 12), ("0" * 5000, 0), ("\u0663\u0661", 31), ("\uff17", 7),  # Character.digit reads any Nd digit
    ("", None), ("+", None), ("-", None), (" 5", None), ("5 ", None), ("1_000", None), ("1.0", None),
    ("0x10", None), ("\u00b2", None), ("--1", None),
])
def test_java_int_is_integer_parse_int(text: str, value: int | None) -> None:
    assert java_int(text) == value


def _save(tmp_path: Path, *items: str) -> Path:
    text = ESC.join(["begin_save", "", *items, "end_save"])
    path = tmp_path / "s.vsav"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("savedGame", obfuscate(text, 0))
    return path


def _dump(tmp_path: Path, *items: str) -> dict:
    module = tmp_path / "m.vmod"
    module.write_bytes(demo_module_bytes())
    result = CliRunner().invoke(cli, ["vassal", "dump", str(_save(tmp_path, *items)), "--module", str(module),
                                      "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


ORACLE_CASES = json.loads((FIXTURES / "oracle_decode_java_ints.json").read_text(encoding="utf-8"))["cases"]


def _coordinate(value: str | dict[str, int]) -> str:
    return value if isinstance(value, str) else "9" * value["nines"]


def _coordinate_save(tmp_path: Path, case: dict) -> Path:
    x, y = _coordinate(case["x"]), _coordinate(case["y"])
    return _save(tmp_path, PIECE.format(x=x, y=y, props="0"), STACK.format(x=x, y=y),
                 "Main MapBoardPicker\tMain Board\t0\t0")


def _engine_view(answer: dict) -> list[tuple[str, str, int, int, str]]:
    return sorted((p["id"], p["map"], p["x"], p["y"], p["location"]) for p in answer["pieces"])


@pytest.mark.parametrize("case", ORACLE_CASES, ids=lambda c: f"x={str(c['x'])[:12]},y={c['y'][:12]}")
def test_piece_and_stack_coordinates_read_as_vassal_reads_them(tmp_path: Path, case: dict) -> None:
    """5,000 nines and 2147483648 read as 0, "+200" as 200, "1_50" as 0, Arabic-Indic digits as their value:
    what VASSAL 3.6 decoded from the same saves (recorded oracle answers)."""
    module = tmp_path / "m.vmod"
    module.write_bytes(demo_module_bytes())
    result = CliRunner().invoke(cli, ["vassal", "dump", str(_coordinate_save(tmp_path, case)), "--module",
                                      str(module), "--json"])
    assert result.exit_code == 0, result.output
    ours = sorted((p["id"], p["map"], p["x"], p["y"], p["hex"]) for p in json.loads(result.output)["pieces"])
    assert case["answer"]["ok"] and ours == _engine_view(case["answer"])


@pytest.mark.oracle
def test_coordinates_live_oracle(tmp_path: Path) -> None:
    module = tmp_path / "m.vmod"
    module.write_bytes(demo_module_bytes())
    for case in ORACLE_CASES:
        try:
            answer = run_oracle("decode", str(module), str(_coordinate_save(tmp_path, case)), timeout=300)
        except (OSError, RuntimeError) as exc:
            pytest.skip(f"the VASSAL oracle cannot start: {exc}")
        if not answer.get("ok") and "pieces" not in answer:
            pytest.skip(f"the VASSAL oracle cannot start: {answer.get('error')}")
        assert _engine_view(answer) == _engine_view(case["answer"])


@pytest.mark.parametrize(("count", "props"), [
    ("1;A;x", {"A": "x"}),
    ("1" + "0" * 30 + ";A;x", {}),  # a count VASSAL reads as 0: no property
    ("2147483648;A;x", {}),
    ("3;A;x;A;y", {"A": "y", "": ""}),  # put() in order: the last A wins; tokens past the end read ""
])
def test_persistent_property_count_reads_as_next_int(tmp_path: Path, count: str, props: dict[str, str]) -> None:
    data = _dump(tmp_path, PIECE.format(x="200", y="150", props=count))
    (piece,) = [p for p in data["pieces"] if p["id"] == "1"]
    assert piece["traits"][-1]["properties"] == props


@pytest.mark.parametrize("row", ["9" * 30, "1" + "0" * 30, "2147483648", "abc", ""])
def test_board_row_java_cannot_read_is_row_0(tmp_path: Path, row: str) -> None:
    """The fuzz case (a BoardPicker row of 30 digits): now the board at row 0, the pieces on its hexes."""
    line = f"Main MapBoardPicker\tMain Board\t0\t{row}"
    assert BoardPickerLine.parse(line) == BoardPickerLine("Main Map", (("Main Board", 0, 0),))
    data = _dump(tmp_path, PIECE.format(x="200", y="150", props="0"), line)
    assert data["boards"] == {"Main Map": [["Main Board", 0, 0]]}
    assert [(p["x"], p["y"], p["hex"]) for p in data["pieces"]] == [(200, 150, "0503")]


def test_board_named_without_column_and_row_is_at_0_0() -> None:
    assert BoardPickerLine.parse("Map0BoardPicker\tA\t1\t0\tB").boards == (("A", 1, 0), ("B", 0, 0))


def test_board_far_out_is_placed_without_walking_the_cells(tmp_path: Path) -> None:
    """Empty cells add nothing (their width is 0 in setBoardBoundaries' arrays): a board at row 10^8 alone
    starts at the map's edge; two boards in one row 2^31-2 columns apart, the second right of the first."""
    data = _dump(tmp_path, PIECE.format(x="200", y="150", props="0"),
                 "Main MapBoardPicker\tMain Board\t0\t100000000")
    assert data["boards"] == {"Main Map": [["Main Board", 0, 100000000]]}
    assert [(p["x"], p["y"], p["hex"]) for p in data["pieces"]] == [(200, 150, "0503")]
    a, b, c = Board("A", 600, 400), Board("B", 500, 300), Board("C", 50, 30)
    vmap = VassalMap("M", [PlacedBoard(a, 5, 2**31 - 2), PlacedBoard(b, 2**31 - 1, 2**31 - 2),
                           PlacedBoard(c, 2**31 - 1, 2**31 - 1), PlacedBoard(a, 2**31 - 1, 0)], edge_width=20,
                     edge_height=10)
    assert [vmap.origin(p) for p in vmap.boards] == [(20, 10), (620, 410), (20, 710), (20, 10)]
    assert vmap.board_at(620 + 499, 410 + 299)[0].board.name == "B"


@pytest.mark.parametrize("bad", ["9" * 5000, "2147483648", "x", ""])
def test_move_with_a_coordinate_parse_int_refuses_is_refused(tmp_path: Path, bad: str) -> None:
    move = f"M/1/Main Map/{bad}/150/null/Main Map/100/100/null/p"
    with pytest.raises(Exception, match="is not a Java int"):
        parse(move)
    assert MovePiece(["1", "Main Map", "-5", "+7", "null", "null", "0", "0", "null"]).new_xy == (-5, 7)
    log = _save(tmp_path, PIECE.format(x="200", y="150", props="0")).with_name("l.vlog")
    with zipfile.ZipFile(log, "w") as z:
        z.writestr("savedGame", obfuscate(ESC.join(["begin_save", "", "end_save", "LOG\t" + move]), 0))
    result = CliRunner().invoke(cli, ["vassal", "dump", str(log)])
    assert result.exit_code == 3
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wgt: error: ") and "new x" in lines[0]
