"""``wgt build module``: the VASSAL module of a game, checked against the real engine's answers.

The oracle's answers (``fixtures/module_oracle.json``, made by ``python -m tests.builders.make_module_oracle``)
are: the module loads; the location name at every hex centre of the Winter War map (3038 hexes) and
of a small test map whose odd columns sit low; the pieces of the set-up saves and of the demo's sample
position save. The tests below check our own VASSAL emulation against those answers and the modules
we build now against the configuration the oracle was asked about.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections import Counter
from dataclasses import replace

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.builders.make_module_oracle import (
    FIXTURE,
    SMALL_MAP,
    off_centre_points,
    sample_save,
    scan_module,
    small_module,
)
from toolkit.builders.module import (
    BOXES_MAP,
    MAIN_MAP,
    SetupPiece,
    board_geometry,
    build_module,
    default_spec,
    pool_map_name,
    position_placements,
)
from toolkit.builders.module_grid import grid_mismatches, hex_centres, terrain_zones, vassal_hex_grid
from toolkit.cli.main import cli
from toolkit.cli.module_cmd import build_game_module
from toolkit.counters import load_counters
from toolkit.errors import GridError, InputError
from toolkit.games import get_game
from toolkit.games.winter_war import charts
from toolkit.games.winter_war.naming import counter_spec
from toolkit.hexgrid import distance
from toolkit.hexgrid.vassal import Board, HexGridNumbering, PlacedBoard, VassalHexGrid, VassalMap
from toolkit.terrain.io import load_map
from toolkit.vassal import Module, locate, read_save
from toolkit.vassal.traits import Embellishment, Obscurable, piece_name, piece_properties
from toolkit.vassal.writer import slot_piece

ORACLE_ANSWERS = json.loads(FIXTURE.read_text())
STALE = "the map or counters changed since the oracle answers were recorded: run tests/builders/make_module_oracle.py"


@pytest.fixture(scope="module")
def ww_map():
    return load_map(get_game("winter-war").map_path())


@pytest.fixture(scope="module")
def ww(tmp_path_factory):
    """The Winter War module at the default board size, written to a file."""
    built = build_game_module("winter-war")
    path = tmp_path_factory.mktemp("ww") / "winter-war.vmod"
    path.write_bytes(built.vmod)
    return built, path


def _fixture_map(rec: dict) -> VassalMap:
    grid = VassalHexGrid.from_attributes(rec["hexgrid"], HexGridNumbering.from_attributes(rec["numbering"]))
    return VassalMap(MAIN_MAP, [PlacedBoard(Board("Board", rec["board"][0], rec["board"][1], grid), 0, 0)])


# ----------------------------------------------------------------------------------------- the grid

@pytest.mark.parametrize("name", ["winter-war", "small", "scan", "pointy", "europa"])
def test_oracle_names_every_hex_centre_by_its_id(name):
    rec = ORACLE_ANSWERS[name]
    assert rec["load"]["ok"] and not rec["load"].get("engine_errors")
    assert [p[2] for p in rec["points"]] == rec["hexes"]  # VASSAL's own name at every centre
    assert len(rec["hexes"]) == {"winter-war": 3038, "pointy": 63, "europa": 99}.get(name, 48)
    assert all(d["ok"] for d in rec["decoded"].values())


@pytest.mark.parametrize("name", ["winter-war", "small", "scan", "pointy", "europa"])
def test_our_vassal_grid_gives_the_oracles_names_and_snaps(name):
    rec = ORACLE_ANSWERS[name]
    vmap = _fixture_map(rec)
    ours = [[x, y, vmap.location_name(x, y), list(vmap.snap(x, y, version="3.6"))] for x, y, _, _ in rec["points"]]
    assert ours == rec["points"]


def test_oracle_names_points_a_third_of_a_hex_from_every_centre_by_its_hex(ww):
    """VASSAL's name of 12 points round every Winter War hex centre (a third of a hex height towards
    each corner and each side) is the hex id - 36,456 points; our copy of VASSAL's grid agrees."""
    built, _ = ww
    tmap = load_map(get_game("winter-war").map_path())
    points = off_centre_points(built, tmap)
    names = ORACLE_ANSWERS["winter-war"]["off_centre"].split(" ")
    assert len(points) == len(names) == 12 * 3038
    assert names == [h for h in tmap.ids() for _ in range(12)], STALE
    vmap = _fixture_map(ORACLE_ANSWERS["winter-war"])
    assert [vmap.location_name(x, y) for x, y in points] == names


def test_the_winter_war_module_has_the_grid_the_oracle_was_asked_about(ww_map):
    rec = ORACLE_ANSWERS["winter-war"]
    layout, size = board_geometry(ww_map)
    grid = vassal_hex_grid(ww_map, layout, size)
    assert grid.to_attributes() == rec["hexgrid"] and grid.numbering.to_attributes() == rec["numbering"], STALE
    assert list(size) == rec["board"], STALE
    assert [list(p) for p in hex_centres(ww_map, layout).values()] == [p[:2] for p in rec["points"]], STALE
    assert list(hex_centres(ww_map, layout)) == rec["hexes"] == ww_map.ids(), STALE


def test_grid_attributes_winter_war(ww_map):
    layout, size = board_geometry(ww_map)
    grid = vassal_hex_grid(ww_map, layout, size)
    attrs, num = grid.to_attributes(), grid.numbering.to_attributes()
    # flat-top, even columns low: column 01 is raw column 0; 64 px hexes, 2+2 digits, no stagger
    assert (attrs["dx"], attrs["dy"], attrs["sideways"]) == ("55.425625842204084", "64.0", "false")
    assert (num["hOff"], num["vOff"], num["hLeading"], num["vLeading"], num["stagger"], num["sep"]) == \
        ("1", "1", "1", "1", "false", "")
    assert hex_centres(ww_map, layout)["0101"] == (int(attrs["x0"]), int(attrs["y0"]))


def test_vassal_snaps_pieces_within_a_pixel_of_each_hex_centre(ww_map):
    from toolkit.builders.module_grid import grid_deviation

    layout, size = board_geometry(ww_map)
    assert grid_deviation(ww_map, layout, vassal_hex_grid(ww_map, layout, size), size) < 1.0  # 0.98: x truncation


def test_grid_attributes_odd_columns_low():
    tmap = load_map(SMALL_MAP)
    layout, size = board_geometry(tmap, 48)
    grid = vassal_hex_grid(tmap, layout, size)
    num = grid.numbering.to_attributes()
    assert num["hOff"] == "0" and num["vOff"] == "1"  # raw column 0 is the (absent) column 00
    x, y = hex_centres(tmap, layout)["0101"]
    assert (int(grid.to_attributes()["x0"]), int(grid.to_attributes()["y0"])) == (x - 42, y - 24)


@pytest.mark.parametrize("hex_px", [20, 33.3, 64, 101])
def test_every_hex_named_at_any_board_size(ww_map, hex_px):
    layout, size = board_geometry(ww_map, hex_px)
    assert grid_mismatches(ww_map, layout, vassal_hex_grid(ww_map, layout, size), size) == []


def test_rotated_layout_is_refused():
    tmap = load_map(SMALL_MAP)
    layout, size = board_geometry(tmap, 48)
    with pytest.raises(GridError, match=r"cannot follow this board.s layout"):
        vassal_hex_grid(tmap, layout.rotated(8, (100, 100)), size)


def test_pointy_map_is_a_sideways_grid_as_recorded():
    from tests.builders.make_module_oracle import pointy_module

    built, rec = pointy_module(), ORACLE_ANSWERS["pointy"]
    attrs, num = built.grid.to_attributes(), built.grid.numbering.to_attributes()
    assert attrs == rec["hexgrid"] and num == rec["numbering"]
    assert attrs["sideways"] == "true" and num["first"] == "V"  # VASSAL's rows are our columns


def test_europa_ids_descending_columns_as_recorded():
    from tests.builders.make_module_oracle import europa_module

    built, rec = europa_module(), ORACLE_ANSWERS["europa"]
    num = built.grid.numbering.to_attributes()
    assert built.grid.to_attributes() == rec["hexgrid"] and num == rec["numbering"]
    assert (num["locationFormat"], num["first"], num["hDescend"], num["vDescend"]) == \
        ("35:$gridLocation$", "H", "true", "false")
    assert rec["hexes"][0] == "35:2020" and rec["points"][0][2] == "35:2020"


def test_turned_scan_is_resampled_onto_a_square_grid():
    built = scan_module()
    rec = ORACLE_ANSWERS["scan"]
    assert built.straightened and built.summary()["straightened"]
    assert built.grid.to_attributes() == rec["hexgrid"] and built.grid.numbering.to_attributes() == rec["numbering"]
    assert [list(p) for p in hex_centres(load_map(SMALL_MAP), built.layout).values()] == [p[:2] for p in rec["points"]]
    # the board inside the module shows each plain hex's terrain colour at its new centre
    from PIL import Image

    tmap = load_map(SMALL_MAP)
    board = Image.open(io.BytesIO(zipfile.ZipFile(io.BytesIO(built.vmod)).read("images/board.png"))).convert("RGB")
    for hid, (x, y) in hex_centres(tmap, built.layout).items():
        if tmap.tags(hid) or tmap.name(hid) or any(tmap.terrain(n) != tmap.terrain(hid) for n in tmap.neighbours(hid)):
            continue
        colour = tmap.legend[tmap.terrain(hid)].color
        want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        assert max(abs(a - b) for a, b in zip(board.getpixel((x, y)), want)) < 40, hid


def test_bad_hex_size_is_an_input_error():
    with pytest.raises(InputError, match="out of range"):
        board_geometry(load_map(SMALL_MAP), 3)


# ----------------------------------------------------------------------------------------- terrain

def _zoned_terrain(module: Module) -> tuple[list[tuple[object, str]], str]:
    root = module.root
    zones = []
    main = next(m for m in root.iter("VASSAL.build.module.Map") if m.get("mapName") == MAIN_MAP)
    for zone_el in main.iter("VASSAL.build.module.map.boardPicker.board.mapgrid.Zone"):
        prop = zone_el.find("VASSAL.build.module.properties.ZoneProperty")
        zones.append((zone_el, prop.get("initialValue")))
    default = next(p.get("initialValue") for p in root.iter("VASSAL.build.module.properties.GlobalProperty")
                   if p.get("name") == "Terrain")
    return zones, default


def test_every_hex_sees_its_terrain(ww, ww_map):
    built, path = ww
    with Module.open(path) as module:
        zoned = module.maps[MAIN_MAP].boards["Board"].grid
        xml_zones, default = _zoned_terrain(module)
    assert default == built.default_terrain == "clear"
    terrain_of = {id(z): t for z, (_, t) in zip(zoned.zones, xml_zones)}
    assert [z.name for z in zoned.zones] == [el.get("name") for el, _ in xml_zones]
    wrong = []
    for hid, (x, y) in hex_centres(ww_map, built.layout).items():
        zone = zoned.find_zone(x, y)
        seen = default if zone is None else terrain_of[id(zone)]
        if seen != ww_map.terrain(hid):
            wrong.append(hid)
    assert wrong == []
    assert {t for _, t in xml_zones} == {ww_map.terrain(h) for h in ww_map.ids()} - {"clear"}


def test_vassal_itself_gives_every_hex_its_terrain(ww_map):
    """Recorded from the engine: a piece on each of the 3038 hexes reads ``$Terrain$`` through VASSAL's
    property chain (piece -> zone -> map) and gets the map's terrain; its LocationName is the hex id."""
    probe = ORACLE_ANSWERS["winter-war"]["probe"]
    assert probe["ok"] and probe["location"] == {}
    assert probe["terrain"] == {h: ww_map.terrain(h) for h in ww_map.ids()}, STALE
    assert probe["properties"] == [["fin-1-1-3", "finnish"]]  # marker traits the referee can read back


def test_vassal_reports_terrain_and_flips_on_the_menu_keys(ww_map):
    """Recorded from the engine: Ctrl+T ("Terrain here") reports the hex's terrain, Ctrl+F turns the
    counter over (layer level 2) and reports it - one hex of each terrain."""
    keys = ORACLE_ANSWERS["winter-war"]["probe"]["keys"]
    assert sorted(ww_map.terrain(h) for h in keys) == sorted(ww_map.legend)
    for hid, got in keys.items():
        assert got == {"reports": [f"* {hid}: {ww_map.terrain(hid)} (Finnish 1-1-3)",
                                   f"* newbie flips Finnish 1-1-3 in {hid}"], "level": "2"}


def test_zone_holes_stay_empty():
    """A lake inside a forest: the forest zone (outer ring + bridged hole) does not cover the lake."""
    from toolkit.terrain.io import loads_map

    rows = []
    for c in range(1, 6):
        for r in range(1, 6):
            t = "lake" if (c, r) == (3, 3) else "forest" if 2 <= c <= 4 and 2 <= r <= 4 else "clear"
            rows.append(f'  "{c:02d}{r:02d}": {{terrain: {t}}}')
    tmap = loads_map("schema: hexmap/1\ntitle: t\ngrid:\n  numbering: {scheme: ccrr, col_digits: 2, row_digits: 2, "
                     "orientation: flat, shifted: even}\n  extent: {columns: [1, 5], rows: [1, 5]}\nlegend:\n"
                     '  clear: {color: "#eeeeee"}\n  forest: {color: "#00aa00"}\n  lake: {color: "#0000ff"}\n'
                     "hexes:\n" + "\n".join(rows) + "\n")
    layout, _ = board_geometry(tmap, 40)
    zones = terrain_zones(tmap, layout, "clear")
    assert [(z.zone.name, z.terrain) for z in zones] == [("Forest", "forest"), ("Lake", "lake")]
    forest = zones[0].zone
    centres = hex_centres(tmap, layout)
    assert not forest.contains(*centres["0303"]) and forest.contains(*centres["0302"])
    assert zones[1].zone.contains(*centres["0303"])


# ----------------------------------------------------------------------------------------- module content

def test_module_is_deterministic_and_ordered():
    first, second = small_module().vmod, small_module().vmod
    assert first == second
    with zipfile.ZipFile(io.BytesIO(first)) as z:
        names = z.namelist()
        assert names[:2] == ["buildFile.xml", "moduledata"] and names[2:] == sorted(names[2:])
        assert {i.date_time for i in z.infolist()} == {(2000, 1, 1, 0, 0, 0)}
        assert "setup.vsav" in names and "images/board.png" in names and "help/index.html" in names


def test_cli_module_same_bytes_in_another_folder_time_zone_and_locale(ww, tmp_path):
    """`wgt build module winter-war` in a fresh process, another working folder, time zone, locale and
    hash seed writes the very bytes built here."""
    import os
    import subprocess
    import sys

    import toolkit

    root = os.path.dirname(os.path.dirname(toolkit.__file__))
    env = {**os.environ, "TZ": "Pacific/Kiritimati", "LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8",
           "PYTHONHASHSEED": "4321", "SOURCE_DATE_EPOCH": "1",
           "PYTHONPATH": os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])}
    out = tmp_path / "elsewhere.vmod"
    done = subprocess.run([sys.executable, "-c", "from toolkit.cli.main import cli; cli()", "build", "module",
                           "winter-war", "-o", str(out)], cwd=tmp_path, env=env, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == ww[0].vmod


def test_winter_war_module_structure(ww):
    _, path = ww
    cset = load_counters("winter-war")
    with Module.open(path) as module:
        assert module.name == "Winter War" and module.sides == ["Soviet", "Finnish"]
        assert list(module.maps) == [MAIN_MAP, "Soviet Pool", "Finnish Pool", BOXES_MAP]
        assert set(module.prototypes) == {"Unit", "Nationality Finnish", "Nationality Soviet", "Nationality Allied",
                                          *(f"Type {t}" for t in {ct.unit_type for ct in cset})}
        names = set(zipfile.ZipFile(path).namelist())
        seen = {}
        for slot in module.piece_slots:
            traits = slot_piece(module, slot.name)
            props = piece_properties(traits)
            if "Marker" in props or props.get("Layer") == "Overlay":  # the markers' tab (and the terrain overlay)
                assert slot.path[:3] == ("Pieces", "Forces", "Markers") and counter_spec(piece_name(traits)) is None
                continue
            name = piece_name(traits)
            assert counter_spec(name) == props["Counter"]  # the referee reads the counter back
            seen[props["Counter"]] = props
            layer = next(t for t in traits if isinstance(t, Embellishment))
            assert layer.images == [f"{props['Counter']}-front.png", f"{props['Counter']}-back.png"]
            assert all(f"images/{image}" in names for image in layer.images)
            assert slot.path[:2] == ("Pieces", "Forces")
        assert set(seen) == set(cset.types)
        assert seen["all-3-2-2"]["Side"] == "allied" and seen["all-3-2-2"]["Player"] == "Finnish"
        assert seen["sov-0-1-2"]["Type"] == "headquarters" and seen["fin-6-6-2"]["Values"] == "6-6-2"
        panels = [el.get("entryName") for el in module.root.iter("VASSAL.build.widget.PanelWidget")]
        assert {"Initial forces (25 units)", "Initial forces (39 units)", "Game-Turn 9 (3 units)"} <= set(panels)
        root = module.root
        dice = [(d.get("nDice"), d.get("nSides")) for d in root.iter("VASSAL.build.module.DiceButton")]
        assert dice == [("1", "6")]
        level = next(root.iter("VASSAL.build.module.turn.ListTurnLevel"))
        assert level.get("list").split(",")[0] == "1 (30 Nov 1939 – 9 Dec)" and len(level.get("list").split(",")) == 10
        # the tracker nests Game-Turn > Player-Turn > Phase (Sequence of Play), one level inside the other
        nested, chain = level, []
        while nested is not None:
            chain.append((nested.get("name"), nested.get("property"), nested.get("list").split(",")[-3:]))
            nested = nested.find("VASSAL.build.module.turn.ListTurnLevel")
        last_turns = ["8 (10 Feb – 19 Feb)", "9 (20 Feb – 1 Mar)", "10 (2 Mar – 12 Mar)"]
        assert chain == [("Game-Turn", "GameTurn", last_turns),
                         ("Player-Turn", "PlayerTurn", ["Soviet", "Finnish"]),
                         ("Phase", "Phase", ["Reinforcement", "Movement", "Combat"])]
        assert level.getparent().get("turnFormat") == "Turn $level1$ - $level2$ - $level3$"
        charts_ = [c.get("fileName") for c in root.iter("VASSAL.build.widget.Chart")]
        from toolkit.cli.build import game_charts

        assert len(charts_) == len(game_charts(get_game("winter-war"))) >= 8
        assert all(f"images/{c}" in names for c in charts_)
        setup = next(root.iter("VASSAL.build.module.PredefinedSetup"))
        assert setup.get("file") == "setup.vsav" and "setup.vsav" in names
        assert int(root.get("nextPieceSlotId")) > max(int(s.gpid) for s in module.piece_slots)
        assert next(root.iter("VASSAL.build.module.documentation.BrowserHelpFile")).get("startingPage") in names


def test_palettes_follow_the_initial_forces_and_reinforcement_chart(ww):
    """Each side's palette: the Initial Forces chart, then one panel per Game-Turn of the Turn Record /
    Reinforcement Chart with exactly its units, then what only Scenarios and Special Events bring;
    all together every counter of the mix. And the module has a notes window."""
    built, path = ww
    cset = load_counters("winter-war")
    with Module.open(path) as module:
        root = module.root
        tabs = {}
        for listw in root.iter("VASSAL.build.widget.ListWidget"):
            tabs[listw.get("entryName")] = [(panel.get("entryName"), [counter_spec(slot.get("entryName")) for slot in
                                                                      panel.iter("VASSAL.build.widget.PieceSlot")])
                                            for panel in listw.iter("VASSAL.build.widget.PanelWidget")]
        assert root.find("VASSAL.build.module.NotesWindow") is not None
    for side, initial, schedule in (("Finnish", charts.FINNISH_INITIAL_FORCES, charts.FINNISH_REINFORCEMENTS),
                                    ("Soviet", charts.SOVIET_INITIAL_FORCES, charts.SOVIET_REINFORCEMENTS)):
        want = [(f"Initial forces ({sum(initial.values())} units)", list(initial))]
        for turn, units in sorted(schedule.items()):
            n = sum(units.values())
            want.append((f"Game-Turn {turn} ({n} unit{'s' if n != 1 else ''})", list(units)))
        assert tabs[side][:-1] == want
        assert tabs[side][-1][0].startswith("Scenarios and Special Events")
    assert tabs["French/British Allies"] == [("Scenarios and Special Events (6 units)", ["all-3-2-2"])]
    totals = Counter()
    for groups in built.spec.palette.values():
        for group in groups:
            for cid, n in group.counters:
                totals[cid] += n
    assert totals == Counter({ct.id: ct.count for ct in cset})


def test_setup_save_follows_the_initial_deployment(ww, ww_map):
    """Rulebook "Initial Deployment": the 6-6-2s on Fortification hexes (Mannerheim Line first), the
    20-12-2s within three hexes of Leningrad and not isolated (an HQ in Leningrad), the rest of the
    Initial Forces in their player's pool; the referee finds the start legal and nobody isolated."""
    from toolkit.cli.check import load_any

    built, path = ww
    with Module.open(path) as module:
        pieces = [p for p in locate(read_save(built.setup), module) if p.kind == "piece"]
    on_map = sorted((counter_spec(p.name), p.hex) for p in pieces if p.map == MAIN_MAP and counter_spec(p.name))
    assert [p.name for p in pieces if p.map == MAIN_MAP and not counter_spec(p.name)] == ["Terrain overlay"]
    assert on_map == [("fin-6-6-2", h) for h in ("2658", "2758", "2857", "2957", "3448", "3449", "3450")] + [
        ("sov-0-1-2", "3060"), ("sov-20-12-2", "3059"), ("sov-20-12-2", "3061"), ("sov-20-12-2", "3160")]
    forts = set(ww_map.find(tag="fortification"))
    leningrad = ww_map.place("Leningrad")
    assert leningrad == "3060" and all(h in forts for c, h in on_map if c == "fin-6-6-2")
    assert all(0 < distance(ww_map.grid.hex(h), ww_map.grid.hex(leningrad)) <= 3 and
               ww_map.value(h, "country") == "ussr" and ww_map.terrain(h) == "clear" and not ww_map.value(h, "water")
               for c, h in on_map if c == "sov-20-12-2")
    got = Counter((p.map, counter_spec(p.name)) for p in pieces if p.map not in (MAIN_MAP, BOXES_MAP))
    want = Counter()
    for player, forces in (("Finnish", charts.FINNISH_INITIAL_FORCES), ("Soviet", charts.SOVIET_INITIAL_FORCES)):
        for cid, n in forces.items():
            want[(pool_map_name(player), cid)] += n - sum(1 for c, _ in on_map if c == cid)
    assert got == +want and sum(got.values()) + len(on_map) == 64
    # pools are named places (the referee sees their units off the map: it checks below)
    assert {p.location for p in pieces if p.map not in (MAIN_MAP, BOXES_MAP)} == {"Finnish pool", "Soviet pool"}
    # Initial Deployment: "The Finnish Player deploys his units face-down": masked by the Finnish side
    masks = {p.id: next((t.obscured_by for t in p.traits if isinstance(t, Obscurable)), "no mask") for p in pieces
             if counter_spec(p.name)}
    side = {p.id: counter_spec(p.name)[:3] for p in pieces if counter_spec(p.name)}
    assert {(side[i], m) for i, m in masks.items()} == {("fin", "Finnish"), ("sov", "no mask")}
    assert [p.location for p in pieces if p.name == "Game-Turn marker"] == ["Game-Turn 1"]
    save = path.with_name("setup.vsav")
    save.write_bytes(built.setup)
    ref, pos = load_any(save, "winter-war", path)
    report = ref.check(pos).to_dict()
    assert report["ok"] and report["summary"]["isolated"] == []
    assert all(u["supplied"] for u in report["units"].values() if u["hex"] is not None)


#: VASSAL's class of a piece: its outermost trait's
_CLASS = {"restrict;": "Restricted", "macro;": "TriggerAction", "mark;": "Marker", "piece;": "BasicPiece",
          "immob;": "Immobilized"}


def _ours(save: bytes, module: Module) -> list[list]:
    """Our reading of a save as VASSAL's oracle reports it: the name an observer (no side) sees, which is
    the mask name of a masked piece (``Obscurable.getName``), a stack's the names of its pieces."""
    placed = locate(read_save(save), module)
    seen: dict[str, str] = {}
    for p in placed:
        mask = next((t for t in p.traits if isinstance(t, Obscurable)), None)
        seen[p.id] = mask.mask_name if mask is not None and mask.obscured_by is not None else p.name
    out = []
    for p in placed:
        if p.kind == "stack":
            children = p.traits[-1].children  # type: ignore[attr-defined]
            out.append([p.id, ", ".join(seen[c] for c in children), "Stack", p.map, p.x, p.y, p.location])
        else:
            out.append([p.id, seen[p.id], _CLASS[p.traits[0].prefix], p.map, p.x, p.y, p.location])
    return sorted(out)


def test_setup_save_matches_the_oracles_decode(ww):
    built, path = ww
    with Module.open(path) as module:
        assert _ours(built.setup, module) == ORACLE_ANSWERS["winter-war"]["decoded"]["setup"]["pieces"], STALE
    small = small_module()
    small_path = path.with_name("small.vmod")
    small_path.write_bytes(small.vmod)
    with Module.open(small_path) as module:
        ours = _ours(small.setup, module)
    assert ours == ORACLE_ANSWERS["small"]["decoded"]["setup"]["pieces"]
    assert sorted(p[6] for p in ours if p[3] == MAIN_MAP and p[2] not in ("Stack", "Immobilized")) == [
        "0503", "0604", "0604"]  # the units (the terrain overlay lies over the whole board)


def test_sample_save_decodes_where_the_position_put_it_and_checks_the_same(ww, tmp_path):
    from toolkit.cli.check import load_any
    from toolkit.cli.demo import sample_position

    built, path = ww
    data = sample_position(load_map(get_game("winter-war").map_path()))
    save = tmp_path / "sample.vsav"
    save.write_bytes(sample_save(path, built))
    with Module.open(path) as module:
        ours = _ours(save.read_bytes(), module)
    assert ours == ORACLE_ANSWERS["winter-war"]["decoded"]["sample"]["pieces"], STALE
    where = {u["id"]: u["hex"] for u in data["units"]}
    assert {p[0]: p[6] for p in ours if p[2] != "Stack"} == where  # VASSAL's location = the position's hex
    yaml_file = tmp_path / "sample.yaml"
    yaml_file.write_text(json.dumps(data))
    ref, pos = load_any(yaml_file, None, None)
    _, from_save = load_any(save, "winter-war", path)
    report = ref.check(pos).to_dict()
    assert report == ref.check(from_save).to_dict()
    assert [v["rule"] for v in report["violations"]] == ["Stacking"]


def test_position_placements_skip_units_off_the_map():
    cset = load_counters("winter-war")
    spec = default_spec(cset)
    got = position_placements([("a", "fin-6-6-2", "0101"), ("b", "sov-2-1-2", None)], spec, cset)
    assert [(p.piece, p.map, p.at, p.id) for p in got] == [("fin-6-6-2", MAIN_MAP, "0101", "a")]
    with pytest.raises(InputError, match="unknown counter"):
        position_placements([("a", "nope", "0101")], spec, cset)


def test_spec_errors_name_the_bad_entry():
    tmap, cset = load_map(SMALL_MAP), load_counters("winter-war")
    spec = replace(default_spec(cset), setup=(SetupPiece("fin-6-6-2", "9999"),))
    with pytest.raises(InputError, match="'9999' of fin-6-6-2 is not on the map"):
        build_module("T", tmap, cset, spec)
    spec = replace(default_spec(cset), piece_names={"fin-6-6-2": "x"})
    with pytest.raises(InputError, match="names no piece"):
        build_module("T", tmap, cset, spec)


# ----------------------------------------------------------------------------------------- command line

def test_cli_module_json_and_setup(tmp_path, ww):
    out, setup = tmp_path / "ww.vmod", tmp_path / "s.vsav"
    result = CliRunner().invoke(cli, ["build", "module", "winter-war", "-o", str(out), "--setup-out", str(setup),
                                      "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["hexes"] == 3038 and data["setup_pieces"] == 64 and data["file"] == str(out)
    assert data["numbering"] == {"hOff": "1", "vOff": "1", "hLeading": "1", "vLeading": "1", "sep": "",
                                 "stagger": "false"}
    assert zipfile.ZipFile(out).read("setup.vsav") == setup.read_bytes()
    assert out.read_bytes() == ww[0].vmod  # the same module, byte for byte, built twice


@pytest.mark.parametrize("args, message", [
    (["build", "module", "no-such-game"], "unknown game 'no-such-game'"),
    (["build", "module", "winter-war", "--hex-px", "24", "-o", "/dev/null/x.vmod"],
     "output folder /dev/null is a file, not a folder"),
    (["build", "all", "winter-war", "-o", "/dev/null/x"], "output folder /dev/null is a file, not a folder"),
    (["build", "module", "winter-war", "--hex-px", "0"], "--hex-px 0 is out of range (8 to 400 pixels)"),
    (["build", "module", "winter-war", "--hex-px", "10000"], "--hex-px 10000 is out of range (8 to 400 pixels)"),
    (["build", "module", "winter-war", "--hex-px", "nan"], "--hex-px nan is out of range (8 to 400 pixels)"),
    (["build", "all", "winter-war", "--hex-px", "0"], "--hex-px 0 is out of range (8 to 400 pixels)"),
    (["build", "all", "no-such-game"], "unknown game 'no-such-game'"),
    (["build", "module", "winter-war", "--board", "/no/such/scan.png"], "board image /no/such/scan.png does not exist"),
    (["build", "module", "winter-war", "--board", "/dev/zero"], "board image /dev/zero is not a regular file"),
])
def test_cli_module_bad_input(args, message):
    result = CliRunner().invoke(cli, args, standalone_mode=True)
    assert result.exit_code == 3 and "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"wgt: error: {message}")  # one line, before any progress


@pytest.mark.parametrize(("text", "message"), [
    ("grid: [[[\n", "line 2: not valid yaml: did not find expected node content"),
    ("", "empty map file"),
])
def test_cli_module_bad_map_is_one_line_before_any_progress(tmp_path, text, message):
    """--map is loaded before the progress line: a bad one is the only line on stderr, and no module is written."""
    bad = tmp_path / "map.yaml"
    bad.write_text(text)
    out = tmp_path / "m.vmod"
    result = CliRunner().invoke(cli, ["build", "module", "winter-war", "-o", str(out), "--map", str(bad)])
    assert result.exit_code == 3 and result.stdout == "" and not out.exists()
    assert result.stderr.startswith(f"wgt: error: {bad}") and message in result.stderr
    assert result.stderr.count("\n") == 1


def test_cli_module_output_that_is_a_folder_or_another_file(tmp_path):
    """-o naming a folder, or an existing file that is no module or save, is refused before any work;
    the file is left as it was."""
    other = tmp_path / "notes.txt"
    other.write_text("my notes\n")
    for args, message in [
        (["-o", str(tmp_path)], f"output {tmp_path} is a folder: give a file name"),
        (["-o", str(other)], f"refusing to overwrite {other}: it is not a VASSAL module or save (give --force to "
                             "replace it)"),
        (["-o", str(tmp_path / "m.vmod"), "--setup-out", str(other)], f"refusing to overwrite {other}"),
        (["-o", str(tmp_path / "m.vmod"), "--setup-out", str(tmp_path / "." / "m.vmod")],
         f"--setup-out {tmp_path / '.' / 'm.vmod'} is also the file of --output: give each output its own name"),
    ]:
        result = CliRunner().invoke(cli, ["build", "module", "winter-war", *args], standalone_mode=True)
        assert result.exit_code == 3 and message in result.stderr and len(result.stderr.splitlines()) == 1
    assert other.read_text() == "my notes\n" and not (tmp_path / "m.vmod").exists()


def test_board_image_that_is_not_the_calibrated_scan():
    """A calibration whose hexes fall off the given image: the image is another one - said in one line."""
    from PIL import Image

    from toolkit.errors import ImageError
    from toolkit.terrain.io import loads_map

    tmap = loads_map(SMALL_MAP.read_text().replace(
        "  extent: {columns: [1, 8], rows: [1, 6]}\n",
        "  extent: {columns: [1, 8], rows: [1, 6]}\n  calibration: [[61.5, 0.0, 103.0], [35.5, 71.0, 91.0]]\n"))
    with pytest.raises(ImageError, match=r"^48 of 48 hex centres of the map's calibration \(e.g. 0101\) fall "
                                         r"outside the 100x100 board image"):
        build_module("Scan", tmap, load_counters("winter-war"), board_image=Image.new("RGB", (100, 100)))
    with pytest.raises(ImageError, match=r"^\d+ of 48 hex centres .* outside the 600x500 board image"):
        build_module("Scan", tmap, load_counters("winter-war"), board_image=Image.new("RGB", (600, 500)))


def test_cli_module_bad_board_image(tmp_path):
    bad = tmp_path / "scan.png"
    bad.write_bytes(b"not an image")
    result = CliRunner().invoke(cli, ["build", "module", "winter-war", "--board", str(bad), "-o",
                                      str(tmp_path / "x.vmod")], standalone_mode=True)
    assert result.exit_code == 3 and "board image" in result.output and not (tmp_path / "x.vmod").exists()


# ----------------------------------------------------------------------------------------- the real engine

@pytest.mark.oracle
def test_live_oracle_names_every_winter_war_hex(ww, ww_map, tmp_path):
    from tests.vassal.helpers import run_oracle

    built, path = ww
    centres = hex_centres(ww_map, built.layout)
    try:
        answer = run_oracle("locate", str(path), MAIN_MAP, *(f"{x},{y}" for x, y in centres.values()), timeout=300)
    except (OSError, RuntimeError) as exc:
        pytest.skip(f"the VASSAL oracle cannot start: {exc}")
    if "points" not in answer:
        pytest.skip(f"the VASSAL oracle cannot start: {answer.get('error')}")
    assert [p["location"] for p in answer["points"]] == list(centres)
    setup = tmp_path / "setup.vsav"
    setup.write_bytes(built.setup)
    decoded = run_oracle("decode", str(path), str(setup), timeout=300)
    assert decoded["ok"] and sorted([p["id"], p["name"], p["class"], p["map"], p["x"], p["y"], p["location"]]
                                    for p in decoded["pieces"]) == ORACLE_ANSWERS["winter-war"]["decoded"]["setup"][
                                        "pieces"]



# ----------------------------------------------------------------------------------------- against real modules

REAL_BUILDFILES = ["zippunov__vassal-module-skeleton/dist__buildFile.xml",
                   "vassalengine__vassal-module-template/dist__buildFile.xml",
                   "rummelsworth__vassal-module-kassala/vmod__buildFile.xml",
                   "Cattlesquat__PathsOfGlory/buildFile.xml"]
#: elements no corpus module uses (documented in reference/vassal-formats.md §1.6, §3.4)
NOT_IN_CORPUS = {"properties.ZoneProperty", "mapgrid.HexGridNumbering", "turn.ListTurnLevel"}
#: attributes we write that no corpus module writes on that element (documented in reference §3.4)
EXTRA_ATTRIBUTES = {"Chart": {"description"}}


@pytest.mark.corpus
def test_structure_against_real_modules(corpus, ww):
    from lxml import etree

    seen: dict[str, set[str]] = {}
    for rel in REAL_BUILDFILES:
        root = etree.parse(str(corpus / rel), etree.XMLParser(huge_tree=True)).getroot()
        for el in root.iter():
            if isinstance(el.tag, str):
                seen.setdefault(el.tag, set()).update(el.attrib)
    ours = etree.fromstring(zipfile.ZipFile(io.BytesIO(ww[0].vmod)).read("buildFile.xml"))
    missing, extra = set(), {}
    for el in ours.iter():
        if el.tag not in seen:
            missing.add(".".join(el.tag.rsplit(".", 2)[-2:]))
            continue
        more = set(el.attrib) - seen[el.tag]
        if more:
            extra.setdefault(el.tag.rsplit(".", 1)[-1], set()).update(more)
    assert missing == NOT_IN_CORPUS
    assert extra == EXTRA_ATTRIBUTES
    # every top-level component of the VASSAL module template is in ours
    template = etree.parse(str(corpus / REAL_BUILDFILES[1])).getroot()
    assert {c.tag for c in template} - {c.tag for c in ours} == {
        "VASSAL.build.module.gamepieceimage.GamePieceImageDefinitions"}
    # the template's toolbar options (log, step, undo, server buttons), and its chat reports: the chat is
    # HTML, so a player's name goes in as &lt;...&gt; (a bare <name> would vanish as an unknown tag)
    options = "VASSAL.build.module.GlobalOptions"
    assert [(o.get("name"), o.text) for o in ours.find(options)] == [
        (o.get("name"), o.text) for o in template.find(options)
        if o.get("name") in {"newHotKey", "endHotKey", "stepIcon", "stepHotKey", "undoIcon", "undoHotKey",
                             "serverControlsIcon", "serverControlsHotKey"}]
    dice_format = ours.find("VASSAL.build.module.DiceButton").get("reportFormat")
    assert dice_format == "** $name$ = $result$ *** &lt;$PlayerName$&gt;"
    assert ours.find("VASSAL.build.module.turn.TurnTracker").get("reportFormat").startswith("* &lt;$PlayerId$&gt; ")
    assert all("<" not in (el.get("reportFormat") or "") for el in ours.iter())


def test_calibrated_scan_as_the_board(tmp_path):
    """A scan whose calibration (in the map file) is an axis-aligned affine: the grid follows it."""
    from PIL import Image

    text = SMALL_MAP.read_text().replace(
        "  extent: {columns: [1, 8], rows: [1, 6]}\n",
        "  extent: {columns: [1, 8], rows: [1, 6]}\n  calibration: [[61.5, 0.0, 103.0], [35.5, 71.0, 91.0]]\n")
    from toolkit.terrain.io import loads_map

    tmap = loads_map(text)
    scan = Image.new("RGB", (700, 600), (240, 235, 220))
    built = build_module("Scan", tmap, load_counters("winter-war"), board_image=scan)
    attrs, num = built.grid.to_attributes(), built.grid.numbering.to_attributes()
    assert (attrs["dx"], attrs["dy"], attrs["x0"], attrs["y0"]) == ("61.5", "71.0", "103", "162")  # col 00, row 01
    assert num["hOff"] == "0" and built.board_size == (700, 600)
    assert grid_mismatches(tmap, built.layout, built.grid, (700, 600)) == []
    tmap_uncalibrated = load_map(SMALL_MAP)
    with pytest.raises(InputError, match="no grid calibration"):
        build_module("Scan", tmap_uncalibrated, load_counters("winter-war"), board_image=scan)


# ----------------------------------------------------------------------------------------- property

def _plain_map(orientation: str, shifted: str, columns: tuple[int, int], rows: tuple[int, int], col_digits: int,
               row_digits: int, separator: str, directions: tuple[str, str] = ("right", "down"),
               europa: bool = False):
    from toolkit.terrain.io import loads_map

    sep = f", separator: '{separator}'" if separator else ""
    scheme = (f"scheme: europa, map_id: '35', digits: {col_digits}, row_first: {str(separator == '').lower()}"
              if europa else f"scheme: ccrr, col_digits: {col_digits}, row_digits: {row_digits}{sep}")
    return loads_map(
        "schema: hexmap/1\ntitle: t\ngrid:\n"
        f"  numbering: {{{scheme}, orientation: {orientation}, shifted: {shifted}, "
        f"col_direction: {directions[0]}, row_direction: {directions[1]}}}\n"
        f"  extent: {{columns: [{columns[0]}, {columns[1]}], rows: [{rows[0]}, {rows[1]}]}}\n"
        "default_terrain: clear\nlegend:\n  clear: {color: \"#eeeeee\"}\n")


@settings(max_examples=40, deadline=None)
@given(orientation=st.sampled_from(["flat", "pointy"]), shifted=st.sampled_from(["odd", "even"]),
       c0=st.integers(0, 30), r0=st.integers(0, 30), cols=st.integers(1, 12), rows=st.integers(1, 12),
       digits=st.tuples(st.integers(2, 3), st.integers(2, 3)), separator=st.sampled_from(["", "."]),
       directions=st.tuples(st.sampled_from(["right", "left"]), st.sampled_from(["down", "up"])),
       europa=st.booleans(), hex_px=st.floats(12, 90))
def test_derived_grid_names_every_hex_by_its_id(orientation, shifted, c0, r0, cols, rows, digits, separator,
                                                directions, europa, hex_px):
    tmap = _plain_map(orientation, shifted, (c0, c0 + cols - 1), (r0, r0 + rows - 1), digits[0], digits[1],
                      separator, directions, europa)
    layout, size = board_geometry(tmap, hex_px)
    grid = vassal_hex_grid(tmap, layout, size)  # raises GridError when any centre would be misnamed
    assert grid_mismatches(tmap, layout, grid, size) == []
    assert grid.sideways == (orientation == "pointy") and grid.numbering.stagger is False
    # and VASSAL's name -> point comes back to the same hex
    vmap = VassalMap(MAIN_MAP, [PlacedBoard(Board("Board", size[0], size[1], grid), 0, 0)])
    for hid in tmap.ids()[:: max(1, len(tmap.ids()) // 10)]:
        assert vmap.location_name(*vmap.point(hid)) == hid


def test_cli_module_on_a_users_calibrated_scan(tmp_path):
    """--map with a calibration for --board, a scan turned 2 degrees: resampled square, every hex named."""
    from toolkit.builders.module import render_board
    from toolkit.terrain.synthetic import scan_of_board

    tmap = load_map(SMALL_MAP)
    board, layout = render_board(tmap, 48)
    scan, scan_layout = scan_of_board(board, layout, degrees=2.0)
    scan.save(tmp_path / "scan.png")
    matrix = [[round(v, 6) for v in row] for row in scan_layout.matrix]
    (tmp_path / "map.yaml").write_text(SMALL_MAP.read_text().replace(
        "  extent: {columns: [1, 8], rows: [1, 6]}\n", f"  extent: {{columns: [1, 8], rows: [1, 6]}}\n"
        f"  calibration: {matrix}\n"))
    out = tmp_path / "scan.vmod"
    result = CliRunner().invoke(cli, ["build", "module", "winter-war", "--map", str(tmp_path / "map.yaml"),
                                      "--board", str(tmp_path / "scan.png"), "-o", str(out), "--json"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["straightened"] and data["hexes"] == 48 and data["board"] == list(scan.size)
    # the Winter War set-up hexes (Fortifications, Leningrad) are not on this map: those units start in the pools
    assert "11 set-up units have no hex on this map: they start in the pools" in result.stderr
    assert data["setup_pieces"] == 64
    with Module.open(out) as module:
        vmap = module.vassal_map(MAIN_MAP)
        straight = load_map(tmp_path / "map.yaml")
        from toolkit.builders.module_grid import straighten

        _, flat_layout = straighten(scan, straight, straight.grid.layout)
        assert all(vmap.location_name(x, y) == h for h, (x, y) in hex_centres(straight, flat_layout).items())


@settings(max_examples=15, deadline=None)
@given(degrees=st.floats(-6, 6), stretch=st.floats(0.96, 1.04), shear=st.floats(-0.03, 0.03))
def test_straightened_scan_follows_vassals_grid(degrees, stretch, shear):
    """Any gently turned, stretched or sheared calibration: after straightening, VASSAL's grid names
    every hex and snaps within the tolerance of its centre."""
    from PIL import Image

    from toolkit.builders.module_grid import grid_deviation, straighten

    tmap = load_map(SMALL_MAP)
    layout, size = board_geometry(tmap, 48)
    scan_layout = layout.then(((stretch, shear, 0.0), (0.0, 1.0, 0.0))).rotated(degrees, (size[0] / 2, size[1] / 2))
    flat, flat_layout = straighten(Image.new("RGB", size, "white"), tmap, scan_layout)
    grid = vassal_hex_grid(tmap, flat_layout, flat.size)
    assert grid_mismatches(tmap, flat_layout, grid, flat.size) == []
    assert grid_deviation(tmap, flat_layout, grid, flat.size) <= max(2.0, 0.04 * grid.dy)
