"""The one YAML reader (toolkit.yamlfile): hostile YAML in every kind of data file ends in exit 3 with one
line naming the file and line; the schema layer checks types and ranges."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import pytest
from click.testing import CliRunner

from toolkit import yamlfile as yf
from toolkit.cli.main import cli
from toolkit.errors import DataFileError

GRID = ("numbering: {scheme: ccrr, col_digits: 2, row_digits: 2, orientation: flat, shifted: odd}\n"
        "extent: {columns: [1, 4], rows: [1, 4]}\n"
        "calibration: [[30.0, 0.0, 30.0], [17.32, 34.64, 30.0]]\n")

# (file kind) -> (file name, a valid document with HOSTILE where a value goes, the wgt arguments)
KINDS: dict[str, tuple[str, str, list[str]]] = {
    "position": ("p.yaml", "game: winter-war\nturn: 1\nplayer: soviet\nphase: movement\nunits: []\n"
                 "expect: {rules: [HOSTILE]}\n", ["check", "{f}"]),
    "map": ("m.yaml", "title: t\ngrid:\n  numbering: {scheme: ccrr}\n  extent: {columns: [1, 4], rows: [1, 4]}\n"
            "legend: {clear: {color: '#ffffff'}}\nmeta: {note: HOSTILE}\nhexes: {'0101': {terrain: clear}}\n",
            ["map", "show", "{f}", "0101"]),
    "grid": ("g.yaml", GRID + "note: HOSTILE\n", ["map", "centre", "{f}", "0101"]),
    "legend": ("l.yaml", "terrain: {clear: '#ffffff'}\nnote: HOSTILE\n",
               ["map", "extract", "{img}", "--grid", "{grid}", "--legend", "{f}", "-o", "{out}"]),
    "counters": ("c.yaml", "game: g\nsides: {a: {colour: '#ffffff'}}\ncounters:\n"
                 "  - {id: a-1, side: a, unit_type: infantry, values: {attack: 1}, notes: HOSTILE}\n",
                 ["build", "counters", "{f}", "-o", "{outdir}"]),
    "charts": ("t.yaml", "- {title: T, columns: [a, b], rows: [[1, 2]], notes: [HOSTILE]}\n",
               ["build", "aids", "{f}", "-o", "{pdf}"]),
}

HOSTILE: dict[str, tuple[str, str]] = {
    # name -> (text put in place of HOSTILE, a phrase the message holds)
    "bool-tag": ("!!bool maybe", "bad value 'maybe' for tag !!bool"),
    "int-tag": ("!!int xyz", "bad value 'xyz' for tag !!int"),
    "float-tag": ("!!float abc", "bad value 'abc' for tag !!float"),
    "timestamp-tag": ("!!timestamp 2001-12-14", "reads as a date"),
    "custom-tag": ("!evil x", "unsupported tag !evil"),
    "python-tag": ("!!python/object/apply:os.system [ls]", "unsupported tag !!python/object/apply:os.system"),
    "set-tag": ("!!set {a, b}", "unsupported tag !!set"),
    "binary-tag": ("!!binary aGk=", "unsupported tag !!binary"),
    "int-string-limit": ("9" * 4400, "too large"),
    "int-past-64-bits": ("123456789012345678901", "out of range"),
    "float-overflow": ("1.0e+999", "too large for a float"),
    "nan": (".nan", "'.nan' is not a finite number (quote it for text)"),
    "infinity": ("-.inf", "'-.inf' is not a finite number (quote it for text)"),
    "nan-tag": ("!!float nan", "'nan' is not a finite number (quote it for text)"),
    "deep-flow": ("[" * 20000 + "]" * 20000, "levels deep"),
    "list-key": ("{[a, b]: 1}", "a key must be a single value"),
    "bool-key": ("{true: 1}", "key 'true' must be text"),
    "null-key": ("{~: 1}", "key '~' must be text"),
    "alias": ("[&a [1, 2], *a]", "aliases (*a) are not allowed"),
    "merge": ("{<<: {a: 1}}", "merge keys (<<) are not supported"),
    "duplicate": ("{a: 1, a: 2}", "duplicate key 'a'"),
    "bad-escape": ('"\\ud800"', "not valid yaml"),
}


@pytest.fixture(scope="module")
def aux(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    from PIL import Image

    d = tmp_path_factory.mktemp("aux")
    Image.new("RGB", (200, 200), "white").save(d / "scan.png")
    (d / "grid.yaml").write_text(GRID, encoding="utf-8")
    return {"img": d / "scan.png", "grid": d / "grid.yaml"}


def run(kind: str, text: str, tmp_path: Path, aux: dict[str, Path]) -> Any:
    name, _, args = KINDS[kind]
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    subs = {"f": str(f), "img": str(aux["img"]), "grid": str(aux["grid"]), "out": str(tmp_path / "out.yaml"),
            "outdir": str(tmp_path / "out"), "pdf": str(tmp_path / "aids.pdf")}
    return CliRunner().invoke(cli, [a.format(**subs) for a in args], catch_exceptions=False), f


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_base_documents_are_valid(kind: str, tmp_path: Path, aux: dict[str, Path]) -> None:
    """The template of every kind loads (so each hostile case below fails for the hostile part only)."""
    result, _ = run(kind, KINDS[kind][1].replace("HOSTILE", "plain text"), tmp_path, aux)
    assert result.exit_code in (0, 1), result.output


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_yaml_exits_3_with_one_line(kind: str, case: str, tmp_path: Path, aux: dict[str, Path]) -> None:
    value, phrase = HOSTILE[case]
    result, f = run(kind, KINDS[kind][1].replace("HOSTILE", value), tmp_path, aux)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 3, result.output
    assert len(lines) == 1 and lines[0].startswith(f"wgt: error: {f} line "), result.output
    assert phrase in lines[0]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_two_documents_are_refused(kind: str, tmp_path: Path, aux: dict[str, Path]) -> None:
    text = KINDS[kind][1].replace("HOSTILE", "x")
    result, f = run(kind, text + "---\n" + text, tmp_path, aux)
    assert result.exit_code == 3, result.output
    assert result.output.startswith(f"wgt: error: {f} line {text.count(chr(10)) + 1}: a ")
    assert result.output.endswith(" holds one yaml document, not several\n")


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_huge_list_is_refused_early(kind: str, tmp_path: Path, aux: dict[str, Path]) -> None:
    """1,200,000 elements in 2.4 MB: refused once the node count passes the kind's limit."""
    result, _ = run(kind, KINDS[kind][1].replace("HOSTILE", "[" + "1," * 1_200_000 + "1]"), tmp_path, aux)
    assert result.exit_code == 3, result.output
    assert "too large: more than" in result.output and result.output.count("\n") == 1


@pytest.mark.parametrize("kind", ["position", "map", "legend", "grid", "counters", "charts"])
def test_duplicate_top_level_keys_are_refused(kind: str, tmp_path: Path, aux: dict[str, Path]) -> None:
    text = KINDS[kind][1].replace("HOSTILE", "x")
    first = text.splitlines()[0]
    if first.startswith("- "):
        text = "- {title: T, title: U, columns: [a]}\n"
        first_line = 1
    else:
        text = first + "\n" + text
        first_line = 2
    result, f = run(kind, text, tmp_path, aux)
    assert result.exit_code == 3 and f"{f} line {first_line}: duplicate key" in result.output, result.output


# --------------------------------------------------------------------------------------- the loader


def test_lines_of_mappings_lists_and_keys() -> None:
    data = yf.load_text("a: 1\nb:\n  - x\n  - {c: 2}\nd: {e: f}\n", "f.yaml")
    assert data == {"a": 1, "b": ["x", {"c": 2}], "d": {"e": "f"}}
    assert data.line == 1 and data.key_lines == {"a": 1, "b": 2, "d": 5}
    assert data.value_lines["b"] == 3 and data["b"].lines == [3, 4] and data["b"][1].line == 4
    assert yf.line_of(data["b"], 1) == 4 and yf.line_of(data, "zz") == 1


@pytest.mark.parametrize(("text", "value"), [
    ("a: 0x1F", 31), ("a: 0b101", 5), ("a: 1:30", 90), ("a: 9223372036854775807", 2 ** 63 - 1),
    ("a: 1e999", "1e999"), ("a: =", "="), ("a: !!str 12", "12"), ("a: !!int '7'", 7),
    ("a: ! 12", "12"), ("a: !!null ''", None), ("a: ~", None), ("a: off", False), ("a: !!float '1.5'", 1.5),
])
def test_scalars(text: str, value: Any) -> None:
    assert yf.load_text(text)["a"] == value


def test_int_keys_only_where_asked() -> None:
    with pytest.raises(DataFileError, match="key '2658' must be text"):
        yf.load_text("2658: soviet\n")
    assert yf.load_text("2658: soviet\n", int_keys=True) == {"2658": "soviet"}
    with pytest.raises(DataFileError, match="key '0x1f' must be text"):
        yf.load_text("0x1f: soviet\n", int_keys=True)


def test_block_nesting_is_bounded_without_recursion() -> None:
    text = "".join("  " * i + "- \n" for i in range(5000))
    with pytest.raises(DataFileError, match="nested more than 64 levels deep"):
        yf.load_text(text)
    deep = yf.load_text("[" * 60 + "]" * 60)
    for _ in range(59):
        deep = deep[0]
    assert deep == []


def test_limits_count_every_node() -> None:
    limits = yf.Limits(max_nodes=10)
    yf.load_text("[1, 2, 3, 4, 5, 6, 7, 8, 9]", limits=limits)
    with pytest.raises(DataFileError, match="more than 10 values"):
        yf.load_text("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", limits=limits)


def test_billion_laughs_is_refused_at_the_first_alias() -> None:
    lol = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n" for p, c in zip("abcdefgh", "bcdefghi"))
    with pytest.raises(DataFileError) as info:
        yf.load_text(lol, "lol.yaml")
    assert str(info.value) == "lol.yaml line 2: aliases (*a) are not allowed in a file"


# --------------------------------------------------------------------------------------- the schema


def test_record_names_path_line_and_unknown_keys() -> None:
    schema = yf.Record({"turn": yf.Int(1, 12), "units": yf.ListOf(yf.Record({"id": str, "hex": str | None}))},
                       required=["turn"])
    ok = yf.load_text("turn: 3\nunits:\n  - {id: a, hex: '0101'}\n  - {id: b}\n", "p.yaml", schema=schema)
    assert ok["units"][1] == {"id": "b"} and ok["units"].lines == [3, 4]
    cases = [
        ("turn: 13\n", "p.yaml line 1: turn: expected a whole number >= 1 <= 12, not a number (13)"),
        ("turn: true\n", "p.yaml line 1: turn: expected a whole number >= 1 <= 12, not true/false (true)"),
        ("units: []\n", "p.yaml line 1: 'turn' is missing"),
        ("turn: 1\nunits:\n  - {id: a}\n  - {id: b, hexx: '0101'}\n",
         "p.yaml line 4: units[1]: unknown key 'hexx' (known: id, hex)"),
        ("turn: 1\nunits:\n  - {id: [a]}\n", "p.yaml line 3: units[0].id: expected text, not a list"),
    ]
    for text, message in cases:
        with pytest.raises(DataFileError) as info:
            yf.load_text(text, "p.yaml", schema=schema)
        assert str(info.value) == message


def test_fields_from_type_hints() -> None:
    schema = yf.field(dict[str, list[int] | Literal["all", "none"] | None])
    assert schema.check({"a": [1], "b": "all", "c": None}, "s", 1, "") == {"a": [1], "b": "all", "c": None}
    for bad in ({"a": [True]}, {"a": "some"}, {"a": 1.5}):
        with pytest.raises(DataFileError):
            schema.check(bad, "s", 1, "")
    assert yf.field(float).check(2, "s", 1, "") == 2
    with pytest.raises(DataFileError, match="expected a number, not a number"):
        yf.field(float).check(float("nan"), "s", 1, "")


@pytest.mark.parametrize(("value", "message"), [
    ("a\nb", "holds a line break"), ("a\x00b", "holds control character"), ("x" * 1001, "text of 1001 characters"),
])
def test_text_is_one_printable_line(value: str, message: str) -> None:
    with pytest.raises(DataFileError, match=message):
        yf.Str().check(value, "s", 1, "name")
    assert yf.Str(multiline=True, max_len=2000).check("a\nb", "s", 1, "") == "a\nb"


def test_every_data_file_error_names_its_line_one_way():
    """A message written as "line N: ..." (the legend's and the truth file's checks) reads like every other data
    file error, "<file> line N: ...", and keeps the line for callers; a message that merely mentions a line later
    is left alone."""
    e = DataFileError("line 3: priority names 'clear' twice", "legend.yaml")
    assert (str(e), e.line, e.message) == ("legend.yaml line 3: priority names 'clear' twice", 3,
                                           "priority names 'clear' twice")
    assert str(DataFileError("duplicate key 'a' (first at line 2)", "x.yaml", 5)) == \
        "x.yaml line 5: duplicate key 'a' (first at line 2)"
    assert str(DataFileError("line 7: bad", None)) == "line 7: bad"
    assert str(DataFileError("lines must be a list", "t.yaml")) == "t.yaml: lines must be a list"
