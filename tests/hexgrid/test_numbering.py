"""Numbering schemes: CCRR, Europa NN:XXYY, lettered rows/columns; directions; errors; serialisation."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.errors import GridError, HexIdError
from toolkit.hexgrid.coords import Hex, OffsetSystem, distance
from toolkit.hexgrid.layout import Layout
from toolkit.hexgrid.numbering import (
    CCRR,
    SCHEMES,
    Europa,
    Lettered,
    Numbering,
    letters_to_number,
    number_to_letters,
    numbering_from_dict,
)

offsets = st.builds(OffsetSystem, st.sampled_from(["flat", "pointy"]), st.sampled_from(["odd", "even"]))
col_dirs = st.sampled_from(["right", "left"])
row_dirs = st.sampled_from(["down", "up"])
separators = st.sampled_from(["", ".", ":", "_", ",", "|", "::"])

ccrrs = st.builds(CCRR, col_digits=st.integers(1, 4), row_digits=st.integers(1, 4), separator=separators,
                  offset=offsets, col_direction=col_dirs, row_direction=row_dirs)
europas = st.builds(Europa, map_id=st.sampled_from(["35", "7", "2A", "100"]), row_first=st.booleans(),
                    digits=st.integers(1, 3), offset=offsets, col_direction=col_dirs, row_direction=row_dirs)
lettereds = st.builds(Lettered, letters=st.sampled_from(["col", "row"]), letters_first=st.booleans(),
                      style=st.sampled_from(["repeat", "spreadsheet"]), digits=st.integers(1, 3),
                      separator=separators, offset=offsets, col_direction=col_dirs, row_direction=row_dirs)
numberings = st.one_of(ccrrs, europas, lettereds)


@st.composite
def spellable(draw: st.DrawFn) -> tuple[Numbering, int, int]:
    """A numbering and printed (col, row) numbers it can spell."""
    n = draw(numberings)
    if isinstance(n, CCRR):
        pc = draw(st.integers(-5000, 5000))
        limit = 10**n.row_digits - 1 if not n.separator else 5000
        pr = draw(st.integers(-limit, limit))
    elif isinstance(n, Europa):
        pc, pr = draw(st.integers(0, 10**n.digits - 1)), draw(st.integers(0, 10**n.digits - 1))
    else:
        assert isinstance(n, Lettered)
        lettered, other = draw(st.integers(1, 2000)), draw(st.integers(-3000, 3000))
        pc, pr = (lettered, other) if n.letters == "col" else (other, lettered)
    return n, pc, pr


# --- round trips ---------------------------------------------------------------------------------


@settings(deadline=None)
@given(spellable())
def test_id_hex_id_round_trip(case: tuple[Numbering, int, int]) -> None:
    n, pc, pr = case
    col, row = n.to_offset(pc, pr)
    assert n.from_offset(col, row) == (pc, pr)
    text = n.format(col, row)
    assert n.parse(text) == (col, row)
    h = n.hex_of(text)
    assert h == n.offset.to_hex(col, row)
    assert n.id_of(h) == text
    # surrounding spaces are forgiven, the id is not changed by re-formatting
    assert n.format(*n.parse(f"  {text} ")) == text


@settings(deadline=None)
@given(numberings)
def test_to_dict_from_dict_round_trip(n: Numbering) -> None:
    d = n.to_dict()
    assert d["scheme"] in SCHEMES
    again = numbering_from_dict(d)
    assert again == n
    assert type(again) is type(n)
    assert again.to_dict() == d


@settings(deadline=None)
@given(st.integers(1, 100_000), st.sampled_from(["repeat", "spreadsheet"]))
def test_letters_round_trip(n: int, style: str) -> None:
    text = number_to_letters(n, style)  # type: ignore[arg-type]
    assert text.isalpha() and text.isupper()
    assert letters_to_number(text, style) == n  # type: ignore[arg-type]
    assert letters_to_number(text.lower(), style) == n  # type: ignore[arg-type]


# --- CCRR ----------------------------------------------------------------------------------------


def test_ccrr_known_ids() -> None:
    n = CCRR()
    assert n.format(1, 1) == "0101"
    assert n.format(25, 17) == "2517"
    assert n.format(100, 7) == "10007"
    assert n.parse("2517") == (25, 17)
    assert n.parse("10007") == (100, 7)
    assert n.parse("101") == (1, 1)  # a short column is forgiven
    assert n.format(-3, 4) == "-0304"
    assert n.parse("-0304") == (-3, 4)
    assert n.parse("01-04") == (1, -4)
    s = CCRR(col_digits=2, row_digits=2, separator=".")
    assert s.format(10, 7) == "10.07"
    assert s.parse("10.7") == (10, 7)
    assert s.format(3, 123) == "03.123"
    assert CCRR(col_digits=3, row_digits=3).format(12, 5) == "012005"


def test_ccrr_row_too_long_for_its_digits() -> None:
    with pytest.raises(HexIdError, match="row 100 does not fit the 2 row digits"):
        CCRR().format(1, 100)


def test_ccrr_descending_columns_and_rows() -> None:
    right_to_left = CCRR(col_direction="left")
    assert right_to_left.parse("0312") == (-3, 12)
    assert right_to_left.format(-3, 12) == "0312"
    bottom_up = CCRR(row_direction="up")
    assert bottom_up.parse("0312") == (3, -12)
    assert bottom_up.format(3, -12) == "0312"


def test_descending_numbers_keep_the_geometry() -> None:
    """Columns numbered right to left: column 02 is left of column 01, and the printed odd columns
    still sit half a hex lower; rows numbered upward: row 02 is above row 01."""
    lay = Layout.regular("flat", 10)
    n = CCRR(col_direction="left", row_direction="up")
    x1, y1 = lay.hex_to_pixel(n.hex_of("0101"))
    x2, y2 = lay.hex_to_pixel(n.hex_of("0201"))
    x3, y3 = lay.hex_to_pixel(n.hex_of("0102"))
    assert x2 < x1
    assert y1 > y2  # odd printed column 01 is the lower one
    assert y3 < y1 and x3 == x1
    # 0101 sits half a hex below 0201: its left neighbours are 0201 (up-left) and 0200 (down-left)
    assert distance(n.hex_of("0101"), n.hex_of("0201")) == 1
    assert distance(n.hex_of("0101"), n.hex_of("0200")) == 1
    assert distance(n.hex_of("0101"), n.hex_of("0202")) == 2


# --- Europa --------------------------------------------------------------------------------------


def test_europa_known_ids() -> None:
    n = Europa()
    assert n.to_dict() == {"scheme": "europa", "map_id": "35", "row_first": True, "digits": 2,
                           "orientation": "pointy", "shifted": "odd", "col_direction": "left"}
    assert n.parse("35:4526") == (-26, 45)  # Helsinki: row 45, hex 26 along the row
    assert n.format(-26, 45) == "35:4526"
    assert n.parse("35:0701") == (-1, 7)  # Murmansk
    assert n.format(*n.to_offset(14, 50)) == "35:5014"  # Leningrad
    colfirst = Europa(map_id="7", row_first=False, col_direction="right")
    assert colfirst.parse("7:1203") == (12, 3)
    assert colfirst.format(12, 3) == "7:1203"


def test_europa_hex_numbers_grow_toward_the_west() -> None:
    """Helsinki 35:4526 lies west of Kotka 35:4521 and Viipuri 35:4517 on the same hexrow."""
    n, lay = Europa(), Layout.regular("pointy", 10)
    xs = [lay.hex_to_pixel(n.hex_of(i))[0] for i in ("35:4526", "35:4521", "35:4517")]
    ys = {lay.hex_to_pixel(n.hex_of(i))[1] for i in ("35:4526", "35:4521", "35:4517")}
    assert xs[0] < xs[1] < xs[2] and len(ys) == 1
    assert distance(n.hex_of("35:4526"), n.hex_of("35:4521")) == 5


@pytest.mark.parametrize(
    ("chain", "source"),
    [
        (["35:4919", "35:4819", "35:4820", "35:4721", "35:4621", "35:4521"], "rules 27B sea ice example"),
        (["35:4621", "35:4522"], "rules 27B sea ice example (Suur to 35:4522)"),
        (["35:4713", "35:4613"], "naval rules f, intrinsic coast defences example 1"),
        (["35:4714", "35:4613"], "naval rules f, intrinsic coast defences example 1"),
        (["35:4425", "35:4526"], "naval rules f, intrinsic coast defences example 3"),
        (["35:4525", "35:4526"], "naval rules f, intrinsic coast defences example 3"),
    ],
)
def test_europa_default_geometry_matches_the_rulebook(chain: list[str], source: str) -> None:
    """The rulebooks move or attack between these hexes, so each is a neighbour of the next; this pins
    the default Europa offset system (pointy, odd rows shifted, numbers growing west)."""
    n = Europa()
    hs = [n.hex_of(i) for i in chain]
    assert all(distance(a, b) == 1 for a, b in pairwise(hs)), source


def test_europa_errors_name_the_id_and_the_form() -> None:
    n = Europa()
    with pytest.raises(HexIdError, match=r"hex '36:0101' is on europa map 36, not on this map 35"):
        n.parse("36:0101")
    with pytest.raises(HexIdError, match=r"'4526' is not a hex id of the form 35:RRCC \(e.g. '35:0101'\)"):
        n.parse("4526")
    with pytest.raises(HexIdError, match="'35:452' is not a hex id"):
        n.parse("35:452")
    with pytest.raises(HexIdError, match="cannot be spelled"):
        n.format(-100, 1)
    with pytest.raises(HexIdError, match="cannot be spelled"):
        n.format(1, 1)  # offset column 1 is printed column -1 on a westward map
    with pytest.raises(GridError, match="map id"):
        Europa(map_id="3:5")


# --- lettered ------------------------------------------------------------------------------------


def test_letters_exact() -> None:
    assert [number_to_letters(i) for i in (1, 2, 26, 27, 28, 52, 53)] == ["A", "B", "Z", "AA", "BB", "ZZ", "AAA"]
    assert [number_to_letters(i, "spreadsheet") for i in (1, 26, 27, 28, 52, 53, 702, 703)] == [
        "A", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]
    assert letters_to_number("GG") == 33
    with pytest.raises(HexIdError, match="mixes letters"):
        letters_to_number("AB")
    with pytest.raises(HexIdError, match="start at 1"):
        number_to_letters(0)


def test_lettered_known_ids() -> None:
    asl = Lettered()  # columns lettered, letters first: "A1" .. "GG10"
    assert asl.format(1, 1) == "A1"
    assert asl.format(33, 10) == "GG10"
    assert asl.parse("gg10") == (33, 10)
    assert asl.parse("GG010") == (33, 10)
    rows = Lettered(letters="row", letters_first=False, digits=2, separator=".", style="spreadsheet")
    assert rows.format(12, 28) == "12.AB"
    assert rows.parse("12.AB") == (12, 28)
    assert rows.format(-3, 1) == "-03.A"
    assert rows.parse("-03.a") == (-3, 1)
    desc = Lettered(col_direction="left")
    assert desc.parse("B3") == (-2, 3)
    assert desc.format(-2, 3) == "B3"


def test_lettered_errors() -> None:
    n = Lettered()
    with pytest.raises(HexIdError, match=r"'AB1' is not a hex id of the form LN with letters for the col "
                                         r"\(e.g. 'A1'\): 'AB' is not a run of one repeated letter"):
        n.parse("AB1")
    with pytest.raises(HexIdError, match="'1A' is not a hex id"):
        n.parse("1A")
    with pytest.raises(HexIdError, match="column 0 has no letters"):
        n.format(0, 5)


# --- malformed input on every scheme -------------------------------------------------------------


@pytest.mark.parametrize("n", [CCRR(), CCRR(separator="."), Europa(), Lettered(), Lettered(letters_first=False)])
@pytest.mark.parametrize("bad", ["", " ", "x", "01 01", "0101/0102", "A", "12", "٣٣٣٣", None, 101])
def test_malformed_ids_raise_hexiderror_naming_id_and_form(n: Numbering, bad: object) -> None:
    with pytest.raises(HexIdError) as info:
        n.parse(bad)  # type: ignore[arg-type]
    msg = str(info.value)
    assert repr(bad) in msg and "of the form" in msg
    assert msg == msg.strip() and "\n" not in msg


@pytest.mark.parametrize("n", [CCRR(), CCRR(separator="."), Europa(), Lettered(), Lettered(letters_first=False),
                               Lettered(style="spreadsheet")])
@pytest.mark.parametrize("bad", ["0" * 100_000 + "1", "1" * 5000, "A" * 200_000 + "1", "35:" + "0" * 9000])
def test_absurdly_long_ids_are_malformed_in_a_short_message(n: Numbering, bad: str) -> None:
    with pytest.raises(HexIdError) as info:  # not Python's own "exceeds the limit for integer conversion"
        n.parse(bad)
    msg = str(info.value)
    assert f"... ({len(bad)} characters) is not a hex id of the form" in msg and len(msg) < 200


# --- configuration errors ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("d", "message"),
    [
        ({"scheme": "hexagonal"}, "unknown numbering scheme 'hexagonal'"),
        ({"scheme": 3}, "unknown numbering scheme 3"),
        ({"scheme": "ccrr", "col_digits": 0}, "col_digits must be a whole number from 1 to 9, not 0"),
        ({"scheme": "ccrr", "row_digits": 100000}, "row_digits must be a whole number from 1 to 9, not 100000"),
        ({"scheme": "lettered", "digits": 10}, "digits must be a whole number from 1 to 9"),
        ({"scheme": "europa", "digits": 99999}, "digits must be a whole number from 1 to 9"),
        ({"scheme": "ccrr", "col_digits": "two"}, "col_digits must be a whole number"),
        ({"scheme": "ccrr", "separator": "7"}, "separator cannot contain"),
        ({"scheme": "ccrr", "separator": "/"}, "separator cannot contain"),
        ({"scheme": "ccrr", "orientation": "square"}, "orientation must be"),
        ({"scheme": "ccrr", "shifted": "both"}, "shifted must be"),
        ({"scheme": "ccrr", "col_direction": "west"}, "col_direction must be one of 'right', 'left'"),
        ({"scheme": "ccrr", "row_direction": "left"}, "row_direction must be one of 'down', 'up'"),
        ({"scheme": "ccrr", "colour": "red"}, "unknown ccrr numbering setting"),
        ({"scheme": "europa", "row_first": "yes"}, "row_first must be true or false"),
        ({"scheme": "europa", "map_id": ""}, "map id"),
        ({"scheme": "lettered", "letters": "both"}, "letters must be one of"),
        ({"scheme": "lettered", "style": "excel"}, "style must be one of"),
        ({"scheme": "lettered", "separator": "x"}, "separator cannot contain"),
    ],
)
def test_bad_numbering_settings(d: dict[str, object], message: str) -> None:
    with pytest.raises(GridError, match=message):
        numbering_from_dict(d)


def test_numbering_from_dict_defaults_to_ccrr() -> None:
    assert numbering_from_dict({}) == CCRR()
    assert numbering_from_dict({"scheme": "europa", "map_id": 35}) == Europa()  # a YAML number is kept as text
    with pytest.raises(GridError, match="a numbering is a mapping"):
        numbering_from_dict(["ccrr"])  # type: ignore[arg-type]


def test_ccrr_dict_is_unchanged_for_plain_maps() -> None:
    """Existing map files keep their exact numbering block."""
    assert CCRR().to_dict() == {"scheme": "ccrr", "col_digits": 2, "row_digits": 2, "orientation": "flat",
                                "shifted": "odd"}


def test_id_of_hex() -> None:
    n = CCRR(offset=OffsetSystem("flat", "even"))
    assert n.id_of(Hex(3, -1)) == "0301"
    assert n.hex_of("0301") == Hex(3, -1)


def test_ccrr_row_first_tornio() -> None:
    """Tornio '44 4.5 / 16.2: "1502" is row 15, hex 02 (the row is spelled first)."""
    rf = CCRR(row_first=True)
    assert rf.parse("1502") == (2, 15) and rf.format(2, 15) == "1502" and rf.format(25, 34) == "3425"
    assert rf.to_dict() == {"scheme": "ccrr", "col_digits": 2, "row_digits": 2, "row_first": True,
                            "orientation": "flat", "shifted": "odd"}
    assert numbering_from_dict(rf.to_dict()) == rf
    assert "RRCC" in rf.form
    with pytest.raises(HexIdError, match="column 100 does not fit"):
        rf.format(100, 1)
    with pytest.raises(GridError, match="row_first must be true or false"):
        numbering_from_dict({"scheme": "ccrr", "row_first": "yes"})
