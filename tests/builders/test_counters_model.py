"""The counter model: loading, validation messages (file, line, value), faces, lengths."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.counters import UNIT_TYPES, CounterSet, load_counters, parse_counters, parse_length
from toolkit.errors import DataFileError, InputError

DATA = Path(__file__).parent / "data"

HEAD = """game: test
values: [attack, defense, movement]
sides:
  finnish: {label: Finnish, short: fin, colour: "#f4f1e8"}
  soviet: {short: sov, colour: "#2f4f2f", text_colour: "#ffffff"}
counters:
"""


def parse(body: str) -> CounterSet:
    return parse_counters(HEAD + body, "counters/test.yaml")


def error(body: str) -> str:
    with pytest.raises(DataFileError) as info:
        parse(body)
    return str(info.value)


def test_minimal_file_loads_with_defaults():
    cs = parse("  - {id: fin-6-6-2, side: finnish, unit_type: infantry, size: XX, "
               "values: {attack: 6, defense: 6, movement: 2}, count: 7}\n")
    ct = cs["fin-6-6-2"]
    assert (ct.side, ct.unit_type, ct.size, ct.count, ct.line) == ("finnish", "infantry", "XX", 7, 7)
    assert ct.values == {"attack": 6, "defense": 6, "movement": 2}
    assert ct.back is None and not ct.has_back
    assert cs.sides["soviet"].label == "Soviet" and cs.sides["finnish"].text_colour == "#000000"
    assert cs.total == 7 and len(cs) == 1
    assert cs.values_text(ct.values) == "6-6-2"
    assert [t.id for t in cs.by_values("finnish", "6-6-2")] == ["fin-6-6-2"]


def test_unknown_side_names_file_line_and_value():
    msg = error("  - {id: a, side: finnish, unit_type: infantry}\n"
                "  - id: b\n    side: finish\n    unit_type: infantry\n")
    assert msg == "counters/test.yaml line 9: unknown side 'finish' (sides: finnish, soviet)"


def test_unknown_unit_type_names_the_part():
    msg = error("  - {id: a, side: soviet, unit_type: infantry+tanks}\n")
    assert msg.startswith("counters/test.yaml line 7: unknown unit type 'tanks' (known: infantry, ")


def test_duplicate_id_names_both_lines():
    msg = error("  - {id: a, side: soviet, unit_type: hq}\n  - {id: b, side: soviet, unit_type: hq}\n"
                "  - {id: a, side: soviet, unit_type: hq}\n")
    assert msg == "counters/test.yaml line 9: duplicate counter id 'a' (first on line 7)"


@pytest.mark.parametrize(("body", "expected"), [
    ("  - {id: a, side: soviet, unit_type: hq, size: XXXXXX}\n", "line 7: unknown unit size 'XXXXXX'"),
    ("  - {id: a, side: soviet, unit_type: hq, values: {attack: 1, speed: 2}}\n", "line 7: unknown value 'speed'"),
    ("  - {id: a, side: soviet, unit_type: hq, values: {attack: -1}}\n", "line 7: negative attack value -1"),
    ("  - {id: a, side: soviet, unit_type: hq, count: two}\n", "line 7: bad count 'two'"),
    ("  - {id: A B, side: soviet, unit_type: hq}\n", "line 7: bad counter id 'A B'"),
    ("  - {id: a, side: soviet, unit_type: hq, colour: red}\n", "line 7: unknown key 'colour' in counter"),
    ("  - {id: a, side: soviet, unit_type: hq, motorised: rockets}\n", "line 7: bad motorised 'rockets'"),
    ("  - {id: a, side: soviet, unit_type: hq, front: {boxed: [range]}}\n", "line 7: boxed must list value names"),
    ("  - {id: a, side: soviet, unit_type: hq, back: {colour: '#12345'}}\n", "line 7: bad colour '#12345'"),
    ("  - {id: a, side: soviet\n", "line 8: not valid yaml"),
    ("  - {id: a, side: soviet, unit_type: hq, id: b}\n", "line 7: duplicate key 'id'"),
])
def test_bad_entries_are_reported_with_their_line(body: str, expected: str):
    assert expected in error(body)


def test_bad_top_level():
    with pytest.raises(DataFileError, match=r"^x.yaml line 1: counter file must be a mapping"):
        parse_counters("- 1\n", "x.yaml")
    with pytest.raises(DataFileError, match=r"^x.yaml line 1: counter file has no 'game'"):
        parse_counters("sides: {}\n", "x.yaml")
    with pytest.raises(DataFileError, match=r"^x.yaml line 2: unknown layout 'fancy'"):
        parse_counters("game: g\nlayout: fancy\n", "x.yaml")


def test_aliases_normalise_types_and_sizes():
    cs = parse("  - {id: a, side: soviet, unit_type: Tank, size: division}\n"
               "  - {id: b, side: soviet, unit_type: 'HQ + mg', size: '..'}\n"
               "  - {id: c, side: soviet, unit_type: jäger, size: ii, values: {attack: H}}\n")
    assert (cs["a"].unit_type, cs["a"].size) == ("armour", "XX")
    assert (cs["b"].unit_type, cs["b"].size, cs["b"].symbols) == ("headquarters+machine_gun", "••",
                                                                   ("headquarters", "machine_gun"))
    assert (cs["c"].unit_type, cs["c"].size, cs["c"].values) == ("jaeger", "II", {"attack": 0.5})


def test_back_face_overrides_and_plain_back():
    cs = parse("  - id: s\n    side: soviet\n    unit_type: infantry\n    size: XXX\n"
               "    values: {attack: 20, defense: 12, movement: 2}\n    front: {identification: 7A}\n"
               "    back: {values: {attack: 10, defense: 6, movement: 2}, size: XX}\n"
               "  - {id: p, side: finnish, unit_type: ski, back: {blank: true}}\n")
    back = cs.face("s", "back")
    assert (back.size, back.values, back.reduced, back.identification) == ("XX", {"attack": 10, "defense": 6,
                                                                                   "movement": 2}, True, "7A")
    front = cs.face("s")
    assert (front.size, front.reduced, front.colour, front.text_colour) == ("XXX", False, "#2f4f2f", "#ffffff")
    plain = cs.face("p", "back")
    assert plain.blank and plain.colour == "#f4f1e8" and cs["p"].back is None
    with pytest.raises(InputError, match="unknown counter 'zz'"):
        cs.face("zz")


def test_reduced_back_keeps_the_boxed_support_factor():
    # Tornio 4.4.2: a Support Unit prints its Support Factor inside a rectangle; the back is the same
    # unit reduced, so the rectangle stays unless the back says otherwise
    cs = parse("  - {id: m, side: soviet, unit_type: mortar, front: {boxed: [attack]},\n"
               "     values: {attack: 4, defense: 1, movement: 4},\n"
               "     back: {values: {attack: 2, defense: 1, movement: 4}}}\n"
               "  - {id: n, side: soviet, unit_type: mortar, front: {boxed: [attack]},\n"
               "     values: {attack: 4, defense: 1, movement: 4}, back: {boxed: [], values: {attack: 2}}}\n")
    assert cs.face("m", "back").boxed == ("attack",)
    assert cs.face("n", "back").boxed == ()


def test_load_by_path_and_missing_files(tmp_path: Path):
    path = tmp_path / "c.yaml"
    path.write_text(HEAD + "  - {id: a, side: soviet, unit_type: hq}\n", encoding="utf-8")
    assert list(load_counters(path).types) == ["a"]
    with pytest.raises(InputError, match="counter file not found"):
        load_counters(tmp_path / "none.yaml")
    with pytest.raises(InputError, match="no bundled counters for 'no-such-game'"):
        load_counters("no-such-game")


def test_fixture_with_every_unit_type_loads():
    cs = load_counters(DATA / "all-types.yaml")
    drawn = {s for t in cs for s in t.symbols}
    assert drawn == set(UNIT_TYPES)


def test_winter_war_ids_follow_design():
    cs = load_counters("winter-war")
    assert {"fin-6-6-2", "sov-20-12-2", "all-3-2-2"} <= set(cs.types)
    for ct in cs:
        if ct.values:  # DESIGN.md: ids are <side short>-<values>
            assert ct.id == f"{cs.sides[ct.side].short}-{cs.values_text(ct.values)}"


@pytest.mark.parametrize(("text", "mm"), [("0.5in", 12.7), ("1/2in", 12.7), ('5/8"', 15.875), ("16mm", 16.0),
                                          ("1.6cm", 16.0), ("36pt", 12.7), (" .75 in ", 19.05),
                                          ("0.016m", 16.0), ("2m", 2000.0)])
def test_parse_length(text: str, mm: float):
    assert parse_length(text) == pytest.approx(mm, abs=1e-9)


@pytest.mark.parametrize("text", ["12", "twelve mm", "0mm", "1/0in", "-3mm", "3 furlongs", "5parsec", "10m",
                                  "nanmm"])
def test_parse_length_rejects(text: str):
    with pytest.raises(InputError):
        parse_length(text)


@given(st.integers(1, 500), st.integers(1, 64), st.sampled_from(["in", "mm", "cm", "pt"]))
def test_parse_length_fractions(num: int, den: int, unit: str):
    factor = {"in": 25.4, "mm": 1.0, "cm": 10.0, "pt": 25.4 / 72}[unit]
    if num / den * factor >= 10000:
        with pytest.raises(InputError, match="less than 10 m"):
            parse_length(f"{num}/{den}{unit}")
    else:
        assert parse_length(f"{num}/{den}{unit}") == pytest.approx(num / den * factor)


def test_yaml_error_line_is_reported():
    with pytest.raises(DataFileError) as info:
        parse_counters("game: g\nsides:\n  a: {colour: '#ffffff'\n", "bad.yaml")
    assert re.match(r"bad.yaml line \d+: not valid yaml", str(info.value))


def test_a_binary_counter_file_is_named_as_such(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"\xff\xfe\x00 not text")
    with pytest.raises(DataFileError, match=r"bad\.yaml: not utf-8 text \(byte 0\)$"):
        load_counters(bad)


# fuzz seed 59 (4 Dec 2026): a marker labelled "\N" (YAML for U+0085, NEL, a line break) was accepted as a
# label of several lines but reached Pillow's text layout whole: RuntimeError raqm_layout() failed, exit 4
@pytest.mark.parametrize("spelled, label", [('"\\N"', "\n"), ('"a\\Lb"', "a\nb"), ('"a\\rb"', "a\nb"),
                                            ('"a\\r\\nb"', "a\nb"), ('"a\\Pb"', "a\nb")])
def test_every_line_break_of_a_marker_label_is_drawn_as_one(tmp_path, spelled, label):
    from click.testing import CliRunner

    from toolkit.cli.main import cli

    text = (
        'game: g\ntitle: T\ncounter_size: 0.5in\nlayout: tornio\nvalues: [attack, defense, movement]\n'
        'sides:\n  a: {label: A, short: a, colour: "#8fb4d9", text_colour: "#000000"}\n'
        'counters:\n  - {id: m-1, side: a, unit_type: marker, front: {label: ' + spelled + '}}\n')
    (tmp_path / "c.yaml").write_text(text, encoding="utf-8")
    assert parse_counters(text, "c.yaml").types["m-1"].front["label"] == label
    r = CliRunner().invoke(cli, ["build", "counters", str(tmp_path / "c.yaml"), "-o", str(tmp_path / "out"),
                                 "--px", "24"])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "out" / "m-1-front.png").is_file()
