"""Map files: byte-identical round trips, one-line edits, validation naming file, line and value."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.data import maps_dir
from toolkit.errors import DataFileError
from toolkit.hexgrid import CCRR, Extent, Grid, Layout, OffsetSystem
from toolkit.terrain import HexData, TerrainMap, TerrainType, dumps_map, load_map, loads_map, save_map
from toolkit.terrain.io import edit_map, flow, q

DATA = Path(__file__).parent / "data"
SMALL = DATA / "small.yaml"
BUNDLED = sorted(maps_dir().glob("*.yaml")) if maps_dir().is_dir() else []


def small_text() -> str:
    return SMALL.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", [SMALL, *BUNDLED], ids=lambda p: p.name)
def test_written_files_round_trip_byte_identical(path: Path, tmp_path: Path) -> None:
    original = path.read_bytes()
    m = load_map(path)
    assert dumps_map(m).encode("utf-8") == original
    out = tmp_path / path.name
    save_map(m, out)
    assert out.read_bytes() == original


def test_one_hex_edit_is_a_one_line_diff(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text(small_text(), encoding="utf-8")
    m = load_map(path)
    m.set_terrain("0304", "forest")
    m.set_tag("0304", "town")
    m.set_value("0304", "vp", 1)
    save_map(m, path)
    diff = [d for d in difflib.unified_diff(small_text().splitlines(), path.read_text("utf-8").splitlines(),
                                            lineterm="", n=0) if d[:1] in "+-" and d[:3] not in ("+++", "---")]
    assert diff == ['-  "0304": {terrain: clear}', '+  "0304": {terrain: forest, tags: [town], vp: 1}']


def test_one_hexside_edit_is_a_one_line_diff() -> None:
    m = loads_map(small_text())
    m.add_side_feature("0304", "0303", "river")
    new = dumps_map(m).splitlines()
    diff = [d for d in difflib.ndiff(small_text().splitlines(), new) if d[:1] in "+-"]
    assert diff == ['-   "0303/0304": [road]', '+   "0303/0304": [river, road]']


def test_edit_of_an_overridden_field_goes_to_the_override_line() -> None:
    m = loads_map(small_text())
    assert m.hexes["0806"].terrain == "swamp" and m.terrain("0806") == "forest"
    m.set_terrain("0806", "clear")
    diff = [d for d in difflib.ndiff(small_text().splitlines(), dumps_map(m).splitlines()) if d[:1] in "+-"]
    assert diff == ['-     "0806": {terrain: forest, note: symbol under the label}',
                    '+     "0806": {terrain: clear, note: symbol under the label}']
    assert m.terrain("0806") == "clear"


def test_small_map_contents() -> None:
    m = load_map(SMALL)
    assert m.title == "Test map" and len(m.grid) == 48 and len(m.hexes) == 48
    assert m.hexes["0202"] == HexData("clear", frozenset({"city", "port"}), "Viipuri",
                                      {"country": "finland", "supply": 3, "vp": 5})
    tricky = m.hex("0701")
    assert tricky.name == "Yes" and tricky.values == {"code": "0101", "country": "ussr",
                                                      "note": "name: tricky # yes", "ratio": 1e-05}
    assert m.name("0605") == "Äänislinna"
    assert m.legend["lake"] == TerrainType("lake", "#9cc3e6", "Lake", "water", True)
    assert m.meta == {"rows": {"A": 2}}
    assert m.side_features("0706", "0705") == frozenset({"river"})  # from overrides
    assert m.hexsides["0505/0605"] == frozenset({"river", "road"})


@pytest.mark.parametrize(("old", "new", "line", "message"), [
    ('"0204": {terrain: clear}', '"0204": {terrain: forrest}', 26, "hex 0204: unknown terrain 'forrest'"),
    ('"0204": {terrain: clear}', '"0907": {terrain: clear}', 26, "hex '0907' is not on the map"),
    ('"0202/0203": [road]', '"0202/0204": [road]', 66, "hexes 0202 and 0204 are not neighbours"),
    ('"0204": {terrain: clear}', '"0204": {terrain: clear, name: viipuri}', 26, "duplicate place name 'viipuri'"),
    ('"0204": {terrain: clear}', '"0203": {terrain: clear}', 26, "duplicate hex '0203' (first at line 25)"),
    ('"0204": {terrain: clear}', '"0204": {terrain: clear, vp: 1, vp: 2}', 26, "hex 0204: duplicate key 'vp'"),
    ('"0204": {terrain: clear}', '0204: {terrain: clear}', 26, "hex id '0204' must be quoted"),
    ('"0204": {terrain: clear}', '"0204": {terrain: clear', 27, "not valid yaml"),
    ('"0204": {terrain: clear}', '"0204": {tags: [city]}', 26, "hex 0204 has no terrain"),
    ('"0204": {terrain: clear}', '"0204": {terrain: clear, d: 2020-01-01}', 26,
     "'2020-01-01' reads as a date; quote it"),
    ('"0806": {terrain: forest,', '"0806": {terrain: forest, name: VIIPURI,', 87, "duplicate place name 'VIIPURI'"),
    ('"0806": {terrain: forest,', '"0806": {terrain: lava,', 87, "unknown terrain 'lava'"),
    ('"0705/0706": [river]', '"0705/0707": [river]', 89, "not on the map"),
    ('clear: {color: "#eae3c4"', 'clear: {color: red', 8, "colour 'red' is not of the form '#rrggbb'"),
    ("schema: hexmap/1", "schema: hexmap/9", 1, "unsupported schema 'hexmap/9'"),
    ("meta:", "metadata:", 14, "unknown section 'metadata'"),
])
def test_errors_name_file_line_and_value(old: str, new: str, line: int, message: str) -> None:
    text = small_text()
    assert old in text
    with pytest.raises(DataFileError) as info:
        loads_map(text.replace(old, new, 1), source="maps/x.yaml")
    assert info.value.source == "maps/x.yaml"
    assert info.value.line == line
    assert message in str(info.value)
    assert str(info.value).startswith(f"maps/x.yaml line {line}: ")


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="map file not found"):
        load_map(tmp_path / "nope.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"title: \xff\n")
    with pytest.raises(DataFileError, match="not utf-8"):
        load_map(bad)
    with pytest.raises(DataFileError, match="empty map file"):
        loads_map("")
    with pytest.raises(DataFileError, match="needs a grid"):
        loads_map("title: x\n")


def test_save_is_atomic_and_keeps_the_old_file_on_failure(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text(small_text(), encoding="utf-8")
    m = load_map(path)
    m.set_value("0101", "when", object())  # not writable
    with pytest.raises(DataFileError, match="cannot write value"):
        save_map(m, path)
    assert path.read_text("utf-8") == small_text()
    assert [p.name for p in tmp_path.iterdir()] == ["m.yaml"]


@pytest.mark.parametrize(("value", "text"), [
    ("yes", '"yes"'), ("No", '"No"'), ("null", '"null"'), ("~", '"~"'), ("0101", '"0101"'), ("1e3", '"1e3"'),
    ("12:30", '"12:30"'), ("a: b", '"a: b"'), ("x #y", '"x #y"'), ("Äänislinna", "Äänislinna"),
    ("St. Petersburg", "St. Petersburg"), ("", '""'), (" lead", '" lead"'), ("trail ", '"trail "'),
    ("line\nbreak", '"line\\nbreak"'), ("-x", '"-x"'), ("[x]", '"[x]"'), ("x,y", '"x,y"'), ("on", '"on"'),
])
def test_quoting(value: str, text: str) -> None:
    assert q(value) == text
    assert yaml.safe_load(f"k: {text}") == {"k": value}


@pytest.mark.parametrize(("value", "text"), [
    (1e-05, "1.0e-05"), (1e20, "1.0e+20"), (0.5, "0.5"), (3.0, "3.0"), (-2, "-2"), (True, "true"),
    (float("inf"), ".inf"), ([1, "a"], "[1, a]"), ({"k": None}, "{k: null}"),
])
def test_flow_numbers_read_back(value: object, text: str) -> None:
    assert flow(value) == text
    assert yaml.safe_load(f"k: {text}") == {"k": value}


scalars = st.one_of(st.text(max_size=12), st.integers(-10**12, 10**12), st.booleans(),
                    st.floats(allow_nan=False, width=64))


@settings(max_examples=300, deadline=None)
@given(st.one_of(scalars, st.lists(scalars, max_size=4)))
def test_any_value_reads_back_exactly(value: object) -> None:
    assert yaml.load(f"k: {flow(value)}\n", Loader=yaml.CSafeLoader) == {"k": value}


#: what a map's hex values may hold: every scalar but a non-finite number, which the map reader refuses (a
#: test of its own, tests/test_hostile_inputs.py), so no writer may write it
map_scalars = st.one_of(st.text(max_size=12), st.integers(-10**12, 10**12), st.booleans(),
                        st.floats(allow_nan=False, allow_infinity=False, width=64))

words = st.from_regex(r"[a-z][a-z0-9_]{0,6}", fullmatch=True).filter(lambda w: w not in ("terrain", "tags", "name"))


@settings(max_examples=40, deadline=None)
@given(
    st.dictionaries(st.sampled_from(["0101", "0102", "0201", "0202", "0301", "0302"]),
                    st.tuples(st.sampled_from(["clear", "forest"]), st.frozensets(words, max_size=3),
                              st.one_of(st.none(), st.text(min_size=1, max_size=10).filter(lambda s: s.strip())),
                              st.dictionaries(words, map_scalars, max_size=3)), min_size=1),
    st.sets(st.sampled_from(["0101/0102", "0101/0201", "0201/0202", "0202/0302"]), max_size=3),
)
def test_any_map_round_trips(cells: dict, sides: set) -> None:
    grid = Grid(CCRR(offset=OffsetSystem("flat", "even")), Extent(1, 3, 1, 2), Layout.regular("flat", 10.5))
    names_seen: set[str] = set()
    hexes = {}
    for hid, (terrain, tags, name, values) in cells.items():
        if name is not None and name.casefold().strip() in names_seen:
            name = None
        if name is not None:
            names_seen.add(name.casefold().strip())
        hexes[hid] = HexData(terrain, tags, name, values)
    legend = {"clear": TerrainType("clear", "#ffffff"), "forest": TerrainType("forest", "#00aa00", "Woods", "trees")}
    m = TerrainMap("T: yes", "p", grid, legend, hexes)
    for s in sides:
        a, b = s.split("/")
        if grid.hex(a).distance(grid.hex(b)) == 1:
            m.add_side_feature(a, b, "river")
    text = dumps_map(m)
    back = loads_map(text)
    assert back.hexes == {h: HexData(d.terrain, d.tags, d.name, d.values) for h, d in m.hexes.items()}
    assert back.hexsides == m.hexsides and back.title == "T: yes"
    assert back.grid == grid
    assert dumps_map(back) == text


HAND = """\
# Hand-made map: comments must survive edits
schema: hexmap/1
title: Hand map
grid:
  numbering: {scheme: ccrr, col_digits: 2, row_digits: 2, orientation: flat, shifted: odd}
  extent: {columns: [1, 3], rows: [1, 3]}
legend:
  clear: {color: "#eeeeee"}   # open ground
  forest: {color: "#00aa00", pattern: trees}

hexes:
  # the west
  "0101": {terrain: forest}     # big wood
  "0102": {terrain: clear, name: Aa}
  "0201":   {terrain: clear}

  "0303": {terrain: clear}
hexsides:
  "0101/0102": [river]   # Vuoksi
overrides:
  hexes: {}
  hexsides: {}
"""


def _edit(tmp_path: Path, text: str, change) -> tuple[str, list[str]]:  # type: ignore[no-untyped-def]
    p = tmp_path / "hand.yaml"
    p.write_bytes(text.encode("utf-8"))
    edit_map(p, change)
    after = p.read_bytes().decode("utf-8")
    diff = [d for d in difflib.unified_diff(text.splitlines(), after.splitlines(), lineterm="", n=0)
            if d[:1] in "+-" and d[:3] not in ("+++", "---")]
    return after, diff


def test_edit_map_keeps_comments_and_touches_only_changed_lines(tmp_path: Path) -> None:
    def change(m: TerrainMap) -> None:
        m.set_terrain("0101", "clear")
        m.set_terrain("0202", "forest")  # new hex: goes in grid order
        m.set_terrain("0103", "forest")
        m.set_tag("0201", "city")
        m.add_side_feature("0102", "0103", "road")
        m.remove_side_feature("0101", "0102", "river")

    after, diff = _edit(tmp_path, HAND, change)
    assert diff == ['-  "0101": {terrain: forest}     # big wood', '+  "0101": {terrain: clear}     # big wood',
                    '-  "0201":   {terrain: clear}', '+  "0103": {terrain: forest}',
                    '+  "0201": {terrain: clear, tags: [city]}', '+  "0202": {terrain: forest}',
                    '-  "0101/0102": [river]   # Vuoksi', '+  "0102/0103": [road]']
    assert "# the west" in after and "# open ground" in after


def test_edit_map_keeps_crlf_line_ends(tmp_path: Path) -> None:
    text = HAND.replace("\n", "\r\n")
    after, diff = _edit(tmp_path, text, lambda m: m.set_terrain("0303", "forest"))
    assert diff == ['-  "0303": {terrain: clear}', '+  "0303": {terrain: forest}']
    assert after == text.replace('"0303": {terrain: clear}', '"0303": {terrain: forest}')


def test_edit_map_falls_back_to_the_canonical_file_when_it_must(tmp_path: Path) -> None:
    block = HAND.replace('  "0303": {terrain: clear}\n', '  "0303":\n    terrain: clear\n')
    after, _ = _edit(tmp_path, block, lambda m: m.set_terrain("0303", "forest"))
    assert after == dumps_map(loads_map(after)) and loads_map(after).terrain("0303") == "forest"
    # an override into an empty flow-style section: canonical file too
    after, _ = _edit(tmp_path, HAND, lambda m: m.overrides["hexes"].update({"0102": {"terrain": "forest"}}))
    assert loads_map(after).terrain("0102") == "forest" and after == dumps_map(loads_map(after))


def test_edit_map_on_a_written_file_is_canonical(tmp_path: Path) -> None:
    after, diff = _edit(tmp_path, small_text(), lambda m: m.set_value("0806", "note", "x"))
    assert diff == ['-    "0806": {terrain: forest, note: symbol under the label}',
                    '+    "0806": {terrain: forest, note: x}']
    assert after == dumps_map(loads_map(after))


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.sampled_from(["0101", "0102", "0201", "0202"]),
                       st.fixed_dictionaries({}, optional={
                           "terrain": st.sampled_from(["clear", "forest"]),
                           "tags": st.frozensets(words, max_size=2),
                           "name": st.one_of(st.none(), st.sampled_from(["Kemi", "Oulu: north", "yes"])),
                           "vp": st.one_of(st.none(), st.integers(-5, 5))}).filter(bool), max_size=4),
       st.dictionaries(st.sampled_from(["0101/0102", "0101/0201", "0201/0202"]),
                       st.frozensets(st.sampled_from(["river", "road"])), max_size=3))
def test_any_overrides_round_trip(ov_hexes: dict, ov_sides: dict) -> None:
    grid = Grid(CCRR(), Extent(1, 2, 1, 2))
    legend = {"clear": TerrainType("clear", "#ffffff"), "forest": TerrainType("forest", "#00aa00")}
    hexes = {h: HexData("clear", frozenset({"city"}), None, {"vp": 1}) for h in grid.ids()}
    names = [d.get("name") for d in ov_hexes.values() if d.get("name")]
    if len(names) != len(set(names)):
        return
    m = TerrainMap("t", "", grid, legend, hexes, {"0101/0102": {"rail"}}, {"hexes": ov_hexes, "hexsides": ov_sides})
    text = dumps_map(m)
    back = loads_map(text)
    assert back.overrides == m.overrides
    assert back.effective_hexes() == m.effective_hexes()
    assert back.effective_hexsides() == m.effective_hexsides()
    assert dumps_map(back) == text


GRID = "title: x\ngrid: {numbering: {scheme: ccrr}, extent: {columns: [1, 2], rows: [1, 2]}}\n"


@pytest.mark.parametrize(("text", "line", "message"), [
    (GRID + "meta:\n  a: " + "[" * 100_000 + "]" * 100_000 + "\n", 4, "nested more than 32 levels deep"),
    (GRID + "meta:\n  a: &a [x, x]\n  b: [*a, *a]\n", 5, "aliases (*a) are not allowed"),
    ("title: x\n---\ntitle: y\n", 2, "one yaml document, not several"),
    ("title: !!python/object:os.system x\ngrid: {}\n", 1,
     "unsupported tag !!python/object:os.system"),
    (GRID + "meta: {n: !!int x}\n", 3, "bad value 'x' for tag !!int"),
])
def test_hostile_yaml_is_refused_in_one_line(text: str, line: int, message: str) -> None:
    with pytest.raises(DataFileError) as info:
        loads_map(text, "m.yaml")
    assert info.value.line == line and message in str(info.value) and "\n" not in str(info.value)


def _model_state(m: TerrainMap) -> object:
    """Everything a map holds, with value types kept apart (1, 1.0 and True differ)."""

    def typed(v: object) -> object:
        if isinstance(v, list):
            return ("list", tuple(typed(x) for x in v))
        if isinstance(v, frozenset):
            return ("set", tuple(sorted(v)))
        return (type(v).__name__, v)

    def hexdata(h: HexData) -> object:
        return (h.terrain, tuple(sorted(h.tags)), h.name, tuple(sorted((k, typed(v)) for k, v in h.values.items())))

    return (m.title, m.provenance, m.grid, tuple(m.legend.items()), repr(m.meta), m.default_terrain,
            tuple(sorted((k, hexdata(h)) for k, h in m.hexes.items())),
            tuple(sorted((k, tuple(sorted(v))) for k, v in m.hexsides.items())),
            tuple(sorted((k, tuple(sorted((f, typed(x)) for f, x in ov.items())))
                         for k, ov in m.overrides["hexes"].items())),
            tuple(sorted((k, tuple(sorted(v))) for k, v in m.overrides["hexsides"].items())))


def _slow(text: str) -> TerrainMap:
    from toolkit.terrain.io import _Reader

    return _Reader("t").read(text)


def test_fast_reader_takes_written_files() -> None:
    from toolkit.terrain.io import _fast_read

    for path in [SMALL, *BUNDLED]:
        text = path.read_text("utf-8")
        fast = _fast_read(text, "t")
        assert fast is not None, path
        assert _model_state(fast) == _model_state(_slow(text))


# single-line changes to the small map that the fast reader must either read exactly as YAML does
# or hand over to the YAML reader (which then reads them or raises the line-numbered error)
MUTATIONS = [
    '"0204": {terrain: clear, vp: 0x10}', '"0204": {terrain: clear, vp: 1_000}', '"0204": {terrain: clear, vp: +5}',
    '"0204": {terrain: clear, vp: 1e3}', '"0204": {terrain: clear, vp: .5}', '"0204": {terrain: clear, vp: 1.5}',
    '"0204": {terrain: clear, vp: -0}', '"0204": {terrain: clear, vp: 007}', '"0204": {terrain: clear, f: yes}',
    '"0204": {terrain: clear, f: Yes}', '"0204": {terrain: clear, f: "yes"}', '"0204": {terrain: clear, f: ~}',
    '"0204": {terrain: clear, f: null}', '"0204": {terrain: clear, f: [a, b]}', '"0204": {terrain: clear, f: []}',
    '"0204": {terrain: clear, f: [a,b]}', '"0204": {terrain: clear, f: [ a ]}', '"0204": {terrain: clear, on: 1}',
    '"0204": {terrain: clear, f: a b}', '"0204": {terrain: clear, f: a  b}', '"0204": {terrain: clear, f: a#b}',
    '"0204": {terrain: clear, f: "a\\tb"}', '"0204": {terrain: clear, f: "a\tb"}', '"0204": {terrain: clear, f: 12:30}',
    '"0204": {terrain: clear, name: Kemi}', '"0204": {terrain: clear, name: ""}', '"0204": {terrain: clear, name: 5}',
    '"0204": {terrain: clear, name: viipuri}', '"0204": {terrain: "clear"}', '"0204": {terrain: Clear}',
    '"0204": {tags: [x], terrain: clear}', '"0204": {terrain: clear, tags: []}', '"0204": {terrain: clear, tags: [on]}',
    '"0204": {terrain: clear, tags: [a-b, c_d]}', '"0204": {terrain: clear, tags: [1]}', '"0204": {terrain: clear,}',
    '"0204": {terrain: clear, terrain: forest}', '"0204": {terrain: clear}  # note', '"0204": {terrain: clear }',
    '"0204":  {terrain: clear}', '"204": {terrain: clear}', '"0203": {terrain: clear}', '"0204": {}',
    '"0204": {terrain: clear, f: Äänislinna}', '"0204": {terrain: clear, f: "\u2028"}',
    '"0204": {terrain: clear, f: x}', '"0204": {terrain: clear, f: "\x85"}', '"0204": {terrain: clear, f: "\x7f"}',
    '"0204": {terrain: clear, f: 1.0e+20}', '"0204": {terrain: clear, f: 1.0e20}', '"0204": {terrain: clear, f: -.inf}',
]


@pytest.mark.parametrize("line", MUTATIONS)
def test_fast_reader_agrees_with_yaml(line: str) -> None:
    _assert_fast_reader_agrees(small_text().replace('"0204": {terrain: clear}', line, 1))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["0204", "0305", "0806"]),
                          st.sampled_from(["terrain", "tags", "name", "vp", "on", "note"]),
                          st.one_of(st.text(alphabet="ab -:#[]{},\"'0129.e+_yYnN\\", max_size=8),
                                    st.sampled_from(["[a, b]", "[]", "yes", "1.0", "1.0e+5", "clear", "forest"]))),
                min_size=1, max_size=3))
def test_fast_reader_agrees_with_yaml_on_random_fields(edits: list) -> None:
    text = small_text()
    for hid, key, tok in edits:
        old = next(ln for ln in text.splitlines() if ln.startswith(f'  "{hid}": '))
        text = text.replace(old, old[:-1] + f", {key}: {tok}}}", 1)
    _assert_fast_reader_agrees(text)


def _assert_fast_reader_agrees(text: str) -> None:
    """The fast reader refuses what the YAML reader refuses, and reads what it takes the same."""
    from toolkit.terrain.io import _fast_read

    try:
        slow = _slow(text)
    except DataFileError:
        assert _fast_read(text, "t") is None
        return
    fast = _fast_read(text, "t")
    if fast is not None:
        assert _model_state(fast) == _model_state(slow)
