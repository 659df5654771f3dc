"""``wgt map``: find, show, set, side, render, export; bad input is one line and exit code 3."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from toolkit.cli.main import cli
from toolkit.terrain import load_map
from toolkit.terrain.render import board_layout, legend_height

SMALL = Path(__file__).parents[1] / "terrain" / "data" / "small.yaml"


def wgt(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, list(args))
    return r.exit_code, r.stdout, r.stderr


@pytest.fixture
def mapfile(tmp_path: Path) -> Path:
    p = tmp_path / "m.yaml"
    shutil.copy(SMALL, p)
    return p


def test_find() -> None:
    assert wgt("map", "find", str(SMALL), "--tag", "city") == (0, "0202\n0605\n", "")
    code, out, _ = wgt("map", "find", str(SMALL), "--terrain", "lake", "--json")
    assert code == 0 and json.loads(out) == ["0403", "0404"]
    assert wgt("map", "find", str(SMALL), "--name", "viipuri")[1] == "0202\n"
    assert wgt("map", "find", str(SMALL), "--tag", "city", "--value", "country=ussr")[1] == "0605\n"


def test_show_text_and_json() -> None:
    code, out, _ = wgt("map", "show", str(SMALL), "Viipuri")
    assert code == 0
    assert out.splitlines() == ["0202  clear  Viipuri", "  tags: city, port", "  country: finland", "  supply: 3",
                                "  vp: 5", "  neighbours: 0302 0301 0201 0101 0102 0203", "  side 0302: rail",
                                "  side 0203: road"]
    code, out, _ = wgt("map", "show", str(SMALL), "0806", "--json")
    assert json.loads(out) == {"hex": "0806", "terrain": "forest", "tags": [], "name": None,
                               "values": {"note": "symbol under the label"}, "neighbours": ["0805", "0705", "0706"],
                               "hexsides": {}, "overridden": True}


def test_set_changes_one_line(mapfile: Path) -> None:
    before = mapfile.read_text("utf-8").splitlines()
    code, out, err = wgt("map", "set", str(mapfile), "0304", "--terrain", "forest", "--tag", "+town",
                         "--set", "vp=2", "--set", "code=0101", "--set", "name=Kitelä")
    assert (code, err) == (0, "")
    assert out == "0304: forest [town] Kitelä code=0101 vp=2\n"
    after = mapfile.read_text("utf-8").splitlines()
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    assert len(before) == len(after)
    assert changed == [('  "0304": {terrain: clear}',
                        '  "0304": {terrain: forest, tags: [town], name: Kitelä, code: "0101", vp: 2}')]
    wgt("map", "set", str(mapfile), "Kitelä", "--tag", "-town", "--set", "vp=", "--set", "code=")
    assert load_map(mapfile).hex("0304").values == {}


def test_side_edit_and_show(mapfile: Path) -> None:
    assert wgt("map", "side", str(mapfile), "0304", "0303", "--add", "river") == (0, "0303/0304: river, road\n", "")
    assert wgt("map", "side", str(mapfile), "0303", "0304", "--remove", "road", "--json")[1] == \
        '{\n  "hexside": "0303/0304",\n  "features": [\n    "river"\n  ]\n}\n'
    assert load_map(mapfile).hexsides["0303/0304"] == frozenset({"river"})


def test_side_taken_as_the_map_file_writes_it(mapfile: Path) -> None:
    """``0303/0304`` is how the map file, the legend's examples and the review name a side: it is accepted
    for the two ids (was exit 2, "Missing argument 'HEX'")."""
    assert wgt("map", "side", str(mapfile), "0304/0303", "--add", "river") == (0, "0303/0304: river, road\n", "")
    assert wgt("map", "side", str(mapfile), "0303/0304") == (0, "0303/0304: river, road\n", "")
    for bad in ("0303", "0303/", "0303/0304/0305"):
        assert wgt("map", "side", str(mapfile), bad) == (
            3, "", f"wgt: error: give the hexside as two hex ids (0101 0102) or as 0101/0102, not {bad!r}\n")


@pytest.mark.parametrize(("args", "message"), [
    (("map", "set", "{m}", "0304", "--terrain", "lava"), "wgt: error: unknown terrain 'lava' (legend:"),
    (("map", "set", "{m}", "0304", "--tag", "town"), "wgt: error: --tag takes +TAG or -TAG, not 'town'"),
    (("map", "set", "{m}", "0304"), "wgt: error: nothing to change"),
    (("map", "set", "{m}", "0999", "--terrain", "clear"), "wgt: error: hex '0999' is not on the map (ids run"),
    (("map", "side", "{m}", "0101", "0103", "--add", "river"), "wgt: error: hexes 0101 and 0103 are not neighbours"),
    (("map", "show", "{m}", "Helsinki"), "wgt: error: no place named 'Helsinki' on the map"),
    (("map", "show", "no-such-game", "0101"), "wgt: error: no bundled map for 'no-such-game'"),
    (("map", "show", "missing/file.yaml", "0101"), "wgt: error: map file not found: missing/file.yaml"),
    (("map", "render", "{m}", "-o", "{d}/x.jpg"), "wgt: error: render writes PNG"),
    (("map", "render", "{m}", "-o", "{d}/x.png", "--hex-px", "6.9"), "wgt: error: --hex-px 6.9 is too small: hexes "
                                                                     "are at least 7 px across the flats"),
    (("map", "render", "{m}", "-o", "{d}/x.png", "--hex-px", "nan"), "wgt: error: --hex-px nan is too small"),
    (("map", "render", "{m}", "-o", "{d}/x.png", "--hex-px", "1e6"), "wgt: error: board of "),
    (("map", "render", "{m}", "-o", "{d}/x.png", "--hex-size", "1e6"), "wgt: error: board of "),  # the old spelling
    (("map", "export", "{m}", "-o", "{d}/x.geojson", "--hex-px", "0"), "wgt: error: --hex-px 0 is too small"),
    (("map", "render", "{m}", "-o", "{d}/no/x.png"), "wgt: error: cannot write {d}/no/x.png: folder {d}/no does not"),
    (("map", "export", "{m}", "-o", "{d}/no/x.geojson"), "wgt: error: cannot write {d}/no/x.geojson: folder"),
    (("map", "set", "{m}", "0304", "--set", "vp"), "wgt: error: expected KEY=VALUE, not 'vp'"),
    (("map", "set", "{m}", "0304", "--set", "=5"), "wgt: error: expected KEY=VALUE, not '=5'"),
    (("map", "set", "{m}", "0304", "--set", "tags=x"), "wgt: error: tags are set with"),
    (("map", "set", "{m}", "0304", "--tag", "+two words"), "wgt: error: tag 'two words' must be a word"),
    (("map", "set", "{m}", "0304", "--set", "name=Viipuri"), "wgt: error: place name 'Viipuri' is already used"),
    (("map", "set", "{m}", "03x4", "--terrain", "clear"), "wgt: error: no place named '03x4' on the map"),
    (("map", "side", "{m}", "0304", "0304"), "wgt: error: hexes 0304 and 0304 are not neighbours"),
    (("map", "side", "{m}", "0304", "0303", "--add", "bad feature"), "wgt: error: hexside feature 'bad feature'"),
    (("map", "find", "{m}", "--terrain", "lava"), "wgt: error: unknown terrain 'lava'"),
    (("map", "find", "{m}", "--value", "country"), "wgt: error: expected KEY=VALUE, not 'country'"),
    (("map", "export", "{m}", "-o", "{m}"), "wgt: error: --output {m} is also this command's input (MAP {m})"),
    (("map", "render", "{m}", "-o", "{d}/x.png", "--layout-out", "{m}"),
     "wgt: error: --layout-out {m} is also this command's input (MAP {m}): give the output another name"),
])
def test_bad_input_is_one_line_exit_3(mapfile: Path, args: tuple[str, ...], message: str) -> None:
    before = mapfile.read_bytes()
    code, _, err = wgt(*(a.format(m=mapfile, d=mapfile.parent) for a in args))
    assert code == 3
    assert err.startswith(message.format(d=mapfile.parent, m=mapfile)) and err.count("\n") == 1
    assert mapfile.read_bytes() == before


def test_broken_map_file_names_line(mapfile: Path) -> None:
    mapfile.write_text(mapfile.read_text("utf-8").replace('"0204": {terrain: clear}', '"0204": {terrain: bog}'),
                       encoding="utf-8")
    code, _, err = wgt("map", "show", str(mapfile), "0101")
    assert code == 3 and err == f"wgt: error: {mapfile} line 26: hex 0204: unknown terrain 'bog' " \
                                 "(legend: clear, forest, swamp, mountain, lake, sea)\n"


def test_render_and_layout(tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    small = load_map(SMALL)
    code, text, _ = wgt("map", "render", str(SMALL), "-o", str(out), "--hex-px", "51.961524227", "--json",
                        "--layout-out", str(tmp_path / "layout.yaml"))
    assert code == 0
    info = json.loads(text)
    assert (info["hex_size"], info["hex_px"]) == (30.0, 51.9615)  # across the flats: sqrt 3 x centre to corner
    with Image.open(out) as img:
        # the hexes take 417 x 380 px; the legend (title, scale, provenance, every symbol) goes below
        assert img.size == (info["width"], info["height"]) == (417, 380 + math.ceil(legend_height(small, 30, 417)))
    assert info["layout"][0][:2] == [45.0, 0.0]
    code, text, _ = wgt("map", "render", str(SMALL), "-o", str(out), "--dpi", "150")
    _, (width, height) = board_layout(small, 75 / math.sqrt(3))
    height += math.ceil(legend_height(small, 75 / math.sqrt(3), width))
    assert text == "wrote " + str(out) + f" ({width} x {height} px, hexes 75.00 px across the flats)\n"
    assert width == 602
    with Image.open(out) as img:
        assert round(img.info["dpi"][0]) == 150


def test_export_geojson(tmp_path: Path) -> None:
    out = tmp_path / "m.geojson"
    assert wgt("map", "export", str(SMALL), "--format", "geojson", "-o", str(out)) == \
        (0, f"wrote {out} (48 hexes)\n", "")
    doc = json.loads(out.read_text("utf-8"))
    assert sum(f["properties"]["kind"] == "hex" for f in doc["features"]) == 48


def test_lazy_scan_commands_are_registered() -> None:
    from toolkit.cli.map import map_group

    assert map_group.lazy == {"calibrate": "map_scan:calibrate", "centre": "map_scan:centre",
                              "extract": "map_scan:extract", "tiles": "map_scan:tiles", "edit": "map_edit:edit"}


def test_export_with_georeference(mapfile: Path, tmp_path: Path) -> None:
    georef = "  georef: {layout: [[17.0, 0.0, 100.0], [10.0, 20.0, 0.0]]}"
    text = mapfile.read_text("utf-8").replace("  rows: {A: 2}", georef)
    mapfile.write_text(text, encoding="utf-8")
    out = tmp_path / "g.geojson"
    assert wgt("map", "export", str(mapfile), "-o", str(out), "--georef", "--no-flip")[0] == 0
    doc = json.loads(out.read_text("utf-8"))
    first = doc["features"][0]
    assert first["id"] == "0101"
    xs = [p[0] for p in first["geometry"]["coordinates"][0][:-1]]
    ys = [p[1] for p in first["geometry"]["coordinates"][0][:-1]]
    # 0101 is axial (1, 1): centre (17 + 100, 10 + 20)
    assert (sum(xs) / 6, sum(ys) / 6) == pytest.approx((117.0, 30.0), abs=1e-3)
    code, _, err = wgt("map", "export", str(SMALL), "-o", str(out), "--georef")
    assert code == 3 and err == "wgt: error: this map has no georeference (meta.georef.layout)\n"


@pytest.mark.parametrize("args", [("set", "0304", "--terrain", "forest"), ("side", "0304", "0303", "--add", "river")])
def test_a_read_only_map_is_refused_in_one_line_and_left_intact(mapfile: Path, args: tuple[str, ...]) -> None:
    before = mapfile.read_bytes()
    mapfile.chmod(0o444)
    code, out, err = wgt("map", args[0], str(mapfile), *args[1:])
    assert (code, out) == (3, "")
    assert err == f"wgt: error: cannot write {mapfile}: the file is read-only\n"
    assert mapfile.read_bytes() == before
    assert [p.name for p in mapfile.parent.iterdir()] == ["m.yaml"]


def test_set_values_that_are_not_plain_numbers(mapfile: Path) -> None:
    code, _, err = wgt("map", "set", str(mapfile), "0304", "--set", "big=1e400", "--set", "code=007",
                       "--set", "odd=a: b", "--set", "name=  Kitelä  ")
    assert (code, err) == (0, "")
    h = load_map(mapfile).hex("0304")
    assert h.values == {"big": "1e400", "code": "007", "odd": "a: b"} and h.name == "Kitelä"
    assert wgt("map", "set", str(mapfile), "0304", "--set", "name=   ")[0] == 0  # a blank name removes it
    assert load_map(mapfile).hex("0304").name is None


def test_set_refuses_bytes_that_are_not_utf8(mapfile: Path) -> None:
    before = mapfile.read_bytes()
    code, _, err = wgt("map", "set", str(mapfile), "0304", "--set", "note=caf\udce9")  # argv byte 0xe9, not utf-8
    assert code == 3
    assert err == "wgt: error: value of 'note': 'caf\\udce9' is not valid text (it holds bytes that are not utf-8)\n"
    assert mapfile.read_bytes() == before


BILLION_LAUGHS = "".join(f"{c}: &{c} [{', '.join([f'*{p}'] * 9)}]\n" for p, c in zip("abcdefg", "bcdefgh"))
HOSTILE_FILES = {
    "missing.yaml": None,
    "folder.yaml": "<folder>",
    "empty.yaml": b"",
    "garbage.yaml": bytes(range(256)) * 8,
    "malformed.yaml": b"title: x\ngrid: [\n",
    "laughs.yaml": ("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + BILLION_LAUGHS + "title: *h\n").encode(),
    "deep.yaml": b"title: " + b"[" * 50_000 + b"\n",
    "huge-extent.yaml": b"title: t\ngrid: {numbering: {col_digits: 6, row_digits: 6}, "
                        b"extent: {columns: [1, 999999], rows: [1, 999999]}}\n",
}
HOSTILE_MESSAGES = {
    "missing.yaml": "map file not found: ", "folder.yaml": "is a folder, not a map file",
    "empty.yaml": "empty map file", "garbage.yaml": "not utf-8 text", "malformed.yaml": "line 3: not valid yaml",
    "laughs.yaml": "line 2: aliases (*a) are not allowed", "deep.yaml": "nested more than 32 levels deep",
    "huge-extent.yaml": "larger than the limit of 1,000,000 hexes",
}
MAP_COMMANDS = [("find",), ("show", "0101"), ("set", "0101", "--terrain", "clear"), ("side", "0101", "0102"),
                ("side", "0101", "0102", "--add", "river"), ("render", "-o", "{d}/o.png"),
                ("export", "-o", "{d}/o.geojson")]


@pytest.mark.parametrize("name", list(HOSTILE_FILES))
@pytest.mark.parametrize("command", MAP_COMMANDS, ids=lambda c: "-".join(c[:1] + c[3:4]))
def test_every_map_command_refuses_a_hostile_file_in_one_line(tmp_path: Path, name: str,
                                                              command: tuple[str, ...]) -> None:
    path = tmp_path / name
    content = HOSTILE_FILES[name]
    if content == "<folder>":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    code, out, err = wgt("map", command[0], str(path), *(a.format(d=tmp_path) for a in command[1:]))
    assert (code, out) == (3, "")
    assert err.startswith("wgt: error: ") and err.count("\n") == 1 and HOSTILE_MESSAGES[name] in err
    if isinstance(content, bytes):
        assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ([name] if content is not None else [])


def test_ctrl_c_while_writing_leaves_the_map_whole(mapfile: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    before = mapfile.read_bytes()

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)  # Ctrl-C after the new text is written, before the rename
    code, out, err = wgt("map", "set", str(mapfile), "0304", "--terrain", "forest")
    assert (code, out) == (130, "") and err.strip() == "wgt: aborted"  # click ends the ^C line first
    assert mapfile.read_bytes() == before
    assert [p.name for p in mapfile.parent.iterdir()] == ["m.yaml"]  # no temporary file left behind


def test_one_hex_edit_of_the_bundled_map_is_a_one_line_diff(tmp_path: Path) -> None:
    from toolkit.data import map_path

    path = tmp_path / "winter-war.yaml"
    shutil.copy(map_path("winter-war"), path)
    before = path.read_text("utf-8").splitlines()
    code, _, err = wgt("map", "set", str(path), "Viipuri", "--terrain", "mountain", "--tag", "+fortification",
                         "--set", "vp=7")
    assert (code, err) == (0, "")
    after = path.read_text("utf-8").splitlines()
    assert len(after) == len(before)
    changed = [i for i, (a, b) in enumerate(zip(before, after)) if a != b]
    assert len(changed) == 1
    viipuri = load_map(path).hex("2556")
    assert (viipuri.terrain, "fortification" in viipuri.tags, viipuri.name, viipuri.values["vp"]) == \
        ("mountain", True, "Viipuri", 7)
    assert after[changed[0]].startswith('  "2556": {terrain: mountain, tags: [')
    code, _, _ = wgt("map", "side", str(path), "2556", "2555", "--add", "river")
    lines = path.read_text("utf-8").splitlines()
    assert code == 0 and len(lines) == len(before) + 1 and '  "2555/2556": [river]' in lines


def test_bundled_map_geojson_reads_back_in_gdal_with_every_hex(tmp_path: Path) -> None:
    import subprocess

    out = tmp_path / "ww.geojson"
    assert wgt("map", "export", "winter-war", "-o", str(out))[0] == 0
    m = load_map(Path(__file__).parents[2] / "maps" / "winter-war.yaml")
    doc = json.loads(out.read_text("utf-8"))
    assert [f["id"] for f in doc["features"] if f["properties"]["kind"] == "hex"] == m.ids()
    if shutil.which("ogrinfo") is None:
        pytest.skip("GDAL's ogrinfo is not installed (apt install gdal-bin): checked with json only")
    layer = doc["name"]
    text = subprocess.run(["ogrinfo", "-ro", "-q", str(out), "-sql",
                           f"SELECT COUNT(*) AS n FROM \"{layer}\" WHERE kind = 'hex'"],
                          capture_output=True, text=True, timeout=120, check=True).stdout
    assert f"n (Integer) = {len(m.grid)}" in text


@pytest.mark.parametrize("value", [".nan", ".inf", "-.Inf", "!!float nan"])
def test_non_finite_hex_values_are_refused_with_their_line(mapfile: Path, value: str) -> None:
    text = mapfile.read_text("utf-8").replace('"0204": {terrain: clear}', f'"0204": {{terrain: clear, vp: {value}}}')
    mapfile.write_text(text, encoding="utf-8")
    line = text[:text.index('"0204"')].count("\n") + 1
    for args in (["map", "show", str(mapfile), "0204", "--json"], ["map", "set", str(mapfile), "0101", "--set", "a=1"]):
        code, out, err = wgt(*args)
        shown = value.split()[-1]
        assert code == 3 and f"m.yaml line {line}: '{shown}' is not a finite number (quote it for text)" in out + err
    assert mapfile.read_text("utf-8") == text


def test_set_of_a_non_finite_looking_value_stores_text(mapfile: Path) -> None:
    assert wgt("map", "set", str(mapfile), "0204", "--set", "vp=.nan", "--set", "w=-.inf")[0] == 0
    assert load_map(mapfile).hex("0204").values == {"vp": ".nan", "w": "-.inf"}


def test_control_characters_in_values_are_escaped_on_the_terminal(mapfile: Path) -> None:
    code, out, _ = wgt("map", "set", str(mapfile), "0304", "--set", "note=a\x1b[2Jb\nc")
    assert code == 0 and out == "0304: clear note=a\\x1b[2Jb\\x0ac\n"
    assert wgt("map", "show", str(mapfile), "0304")[1].splitlines()[1] == "  note: a\\x1b[2Jb\\x0ac"
    assert load_map(mapfile).hex("0304").values["note"] == "a\x1b[2Jb\nc"  # the data keeps them


def test_render_names_the_features_it_does_not_draw(mapfile: Path, tmp_path: Path) -> None:
    """A legend's own feature names (main_road, road_primary, as docs/legend.md spells them) were left off
    the board without a word: now one warning line names them with their counts; --json lists them."""
    out = tmp_path / "board.png"
    code, _, err = wgt("map", "render", str(mapfile), "-o", str(out))
    assert (code, err) == (0, "")  # every feature of the sample map is drawn
    assert wgt("map", "side", str(mapfile), "0303/0304", "--add", "main_road", "--new")[0] == 0
    assert wgt("map", "side", str(mapfile), "0101/0102", "--add", "main_road", "--add", "bridge")[0] == 0  # known now
    code, text, err = wgt("map", "render", str(mapfile), "-o", str(out))
    assert code == 0 and text.startswith("wrote ")
    assert err == ("wgt: warning: not drawn, no style for these hexside features: bridge (1 side), main_road "
                   "(2 sides); drawn are border, canal, coast, fortification, fortified, highway, lake, major_lake, "
                   "major_river, major_road, minor_lake, minor_river, minor_road, rail, railroad, railway, river, "
                   "road, sea, stream, track\n")
    code, text, err = wgt("map", "render", str(mapfile), "-o", str(out), "--json")
    assert (code, err) == (0, "") and json.loads(text)["not_drawn"] == {"bridge": 1, "main_road": 2}


def test_set_terrain_drops_the_extractors_confidence(mapfile: Path) -> None:
    """After a hand fix the hex kept the extractor's confidence and second ("K4: suo confidence=0.528
    second=forest" on Red Winter), which were about the terrain it had read; now a new terrain drops them,
    the same terrain and other values keep them, and still one line changes."""
    assert wgt("map", "set", str(mapfile), "0304", "--set", "confidence=0.528", "--set", "second=forest",
               "--set", "vp=2")[0] == 0
    assert wgt("map", "set", str(mapfile), "0304", "--terrain", "clear")[1] == \
        "0304: clear confidence=0.528 second=forest vp=2\n"
    before = mapfile.read_text("utf-8").splitlines()
    assert wgt("map", "set", str(mapfile), "0304", "--terrain", "forest") == (0, "0304: forest vp=2\n", "")
    after = mapfile.read_text("utf-8").splitlines()
    assert [(a, b) for a, b in zip(before, after) if a != b] == [
        ('  "0304": {terrain: clear, confidence: 0.528, second: forest, vp: 2}', '  "0304": {terrain: forest, vp: 2}')]


def test_side_refuses_a_misspelt_feature_and_leaves_the_file(mapfile: Path) -> None:
    """--add rivr was added with a warning and exit 0 (the side then held 'rivr', which the rules and the board never
    read as a river); now a name the map does not know is refused in one line naming the map's features nearest
    spelling first, exit 3, the file byte for byte as it was; --new adds a new feature on purpose. A --remove of a
    misspelt name is refused too; of a known feature the side does not have, still a warning."""
    before = mapfile.read_bytes()
    code, out, err = wgt("map", "side", str(mapfile), "0303/0304", "--add", "rivr")
    assert (code, out) == (3, "")
    assert err == ("wgt: error: 0303/0304: 'rivr' is no hexside feature of this map, did you mean 'river'? (the map "
                   "has river, rail, road, fortification); nothing changed (--new adds a new feature)\n")
    assert mapfile.read_bytes() == before
    code, out, err = wgt("map", "side", str(mapfile), "0303/0304", "--add", "rail", "--add", "minor_rivr")
    assert (code, out) == (3, "")  # one bad name refuses the whole edit: no rail either
    assert err == ("wgt: error: 0303/0304: 'minor_rivr' is no hexside feature of this map, did you mean "
                   "'minor_river'? (the map has river, fortification, rail, road; standard names near it: minor_river, "
                   "major_river, minor_road); nothing changed (--new adds a new feature)\n")
    code, out, err = wgt("map", "side", str(mapfile), "0303/0304", "--remove", "raod")
    assert (code, out) == (3, "")
    assert err == ("wgt: error: 0303/0304: 'raod' is no hexside feature of this map, did you mean 'road'? (the map "
                   "has road, rail, fortification, river); nothing changed\n")
    assert mapfile.read_bytes() == before
    # the standard names (a style of the board) and the map's own are taken without a word
    assert wgt("map", "side", str(mapfile), "0303/0304", "--add", "stream") == (0, "0303/0304: road, stream\n", "")
    code, out, err = wgt("map", "side", str(mapfile), "0303/0304", "--remove", "rail")
    assert (code, out) == (0, "0303/0304: road, stream\n")
    assert err == "wgt: warning: 0303/0304 had no 'rail' to remove (it has: road, stream)\n"
    # a new feature on purpose; then it is the map's own
    assert wgt("map", "side", str(mapfile), "0303/0304", "--add", "ford", "--new") == (0, "0303/0304: ford, road, "
                                                                                         "stream\n", "")
    assert wgt("map", "side", str(mapfile), "0202/0203", "--add", "ford") == (0, "0202/0203: ford, road\n", "")
    assert wgt("map", "side", str(mapfile), "0303/0304", "--remove", "ford", "--remove", "stream") == \
        (0, "0303/0304: road\n", "")


def test_side_knows_the_legends_lines_from_the_extraction(mapfile: Path) -> None:
    """A legend line the extraction read (meta.extraction: La Garde's chaussee) is the map's own feature even where
    it lies on no hexside yet: --add chaussee is taken, --add chausee refused naming it."""
    text = mapfile.read_text("utf-8").replace("meta:\n", "meta:\n  extraction: {chaussee: {tolerance: 12.0, "
                                              "threshold: 0.3, colour: '#808080', kind: across}}\n", 1)
    mapfile.write_text(text, "utf-8")
    code, out, err = wgt("map", "side", str(mapfile), "0303/0304", "--add", "chausee")
    assert (code, out) == (3, "")
    assert err.startswith("wgt: error: 0303/0304: 'chausee' is no hexside feature of this map, did you mean "
                          "'chaussee'? (the map has chaussee, ")
    assert wgt("map", "side", str(mapfile), "0303/0304", "--add", "chaussee") == (0, "0303/0304: chaussee, road\n",
                                                                                  "")


def test_set_refuses_a_misspelt_tag_and_leaves_the_file(mapfile: Path) -> None:
    """The same hole in `map set`: --tag +ctiy was added as a tag no rule reads. A tag on none of the map's hexes and
    not a standard one is refused (exit 3, the file as it was) naming the map's tags nearest first; --new adds it;
    a -TAG of an unknown name is refused, of a tag the hex does not have, a warning."""
    before = mapfile.read_bytes()
    code, out, err = wgt("map", "set", str(mapfile), "0304", "--terrain", "forest", "--tag", "+ctiy")
    assert (code, out) == (3, "")
    assert err == ("wgt: error: 0304: 'ctiy' is no tag of this map, did you mean 'city'? (the map has city, "
                   "port, town, fortification); nothing changed (--new adds a new tag)\n")
    code, out, err = wgt("map", "set", str(mapfile), "0202", "--tag", "-prot")
    assert (code, out) == (3, "")
    assert err == ("wgt: error: 0202: 'prot' is no tag of this map, did you mean 'port'? (the map has port, "
                   "city, town, fortification); nothing changed\n")
    assert mapfile.read_bytes() == before
    assert wgt("map", "set", str(mapfile), "0304", "--tag", "+village") == (0, "0304: clear [village]\n", "")
    assert wgt("map", "set", str(mapfile), "0304", "--tag", "+airfield", "--new") == \
        (0, "0304: clear [airfield, village]\n", "")
    code, out, err = wgt("map", "set", str(mapfile), "0304", "--tag", "-city")
    assert (code, out) == (0, "0304: clear [airfield, village]\n")
    assert err == "wgt: warning: 0304 had no tag 'city' to remove (it has: airfield, village)\n"
