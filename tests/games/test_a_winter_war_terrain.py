"""A Winter War's terrain key and board (toolkit.games.a_winter_war.terrain) on a small map of its ids."""

from __future__ import annotations

from toolkit.games.a_winter_war.terrain import (
    CITY_KINDS,
    HEX_TAGS,
    HEX_VALUES,
    HEXSIDE_FEATURES,
    PORTS,
    TERRAIN,
    AWinterWarBoard,
)
from toolkit.terrain.io import loads_map

SMALL = """schema: hexmap/1
title: map 35 corner
grid:
  numbering: {scheme: europa, map_id: "35", digits: 2, orientation: pointy, shifted: odd, col_direction: left}
  extent: {columns: [25, 32], rows: [40, 47]}
default_terrain: clear
legend:
  clear: {color: "#eeeeee"}
  forest: {color: "#228822"}
  sea: {color: "#2255aa", water: true}
  lake: {color: "#88aaee", water: true}
hexes:
  "35:4526": {terrain: clear, tags: [city, major_city, port, coastal], city: full, port: standard, country: finland}
  "35:4230": {terrain: clear, tags: [city, port], city: partial, port: major, country: finland}
  "35:4028": {terrain: forest, country: finland, zone: A}
  "35:4128": {terrain: forest, country: finland}
  "35:4527": {terrain: sea, sea_area: gulf_of_finland}
  "35:4029": {terrain: sea, sea_area: gulf_of_bothnia}
  "35:4129": {terrain: sea, sea_area: barents_sea}
  "35:4030": {terrain: lake}
  "35:4130": {terrain: lake, tags: [vuoksa]}
hexsides:
  "35:4525/35:4526": [rail]
  "35:4526/35:4626": [rail, rail_low]
  "35:4426/35:4526": [sea, frozen, gulf_of_finland]
  "35:4028/35:4128": [strait, frozen]
"""


def board() -> AWinterWarBoard:
    return AWinterWarBoard(loads_map(SMALL))


def test_key_cites_sections():
    for table in (TERRAIN, HEX_TAGS, HEX_VALUES, CITY_KINDS, HEXSIDE_FEATURES):
        assert all(e.sections for e in table.values())
    assert set(TERRAIN) == {"clear", "rough", "forest", "marsh", "mountain", "lake", "sea"}
    assert PORTS["major"] == (8, 10) and PORTS["minor"] == (2, 4)


def test_hexes():
    b = board()
    assert b.city("35:4526") == "full" and b.major_city("35:4526") and not b.major_city("35:4230")
    assert b.port("35:4230") == "major" and b.port_capacity("35:4230") == 8 and b.port_capacity("35:4028") == 0
    assert b.key_terrain("35:4028") == "arctic_forest" and b.key_terrain("35:4128") == "forest"
    assert b.wooded("35:4028") and not b.wooded("35:4526")
    assert b.country("35:4526") == "finland" and b.country("35:4527") is None
    assert b.in_gulf_of_finland("35:4100") and not b.in_gulf_of_finland("35:4029")


def test_ice():
    b = board()
    # 27B: the Gulf of Finland freezes at the end of the Soviet movement phase of Dec II 39; Bothnia is frozen
    assert not b.frozen("35:4527", gulf_frozen=False) and b.frozen("35:4527", gulf_frozen=True)
    assert b.frozen("35:4029", gulf_frozen=False) and not b.frozen("35:4129", gulf_frozen=True)
    assert b.frozen("35:4030", gulf_frozen=False) and not b.frozen("35:4130", gulf_frozen=True)  # 29B2 Vuoksa
    assert not b.frozen("35:4526", gulf_frozen=True)  # land
    assert not b.side_frozen("35:4426", "35:4526", gulf_frozen=False)
    assert b.side_frozen("35:4426", "35:4526", gulf_frozen=True)
    assert b.side_frozen("35:4028", "35:4128", gulf_frozen=False)  # row 40 is north of the Gulf of Finland
    assert b.water_side("35:4028", "35:4128") == "strait" and b.water_side("35:4525", "35:4526") is None


def test_rails():
    b = board()
    assert b.rail_side("35:4526", "35:4525") == "high"
    assert b.rail_side("35:4526", "35:4626") == "low"
    assert b.rail_side("35:4526", "35:4527") is None
    assert b.rail_net["35:4526"] == {"35:4525", "35:4626"}
