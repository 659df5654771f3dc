"""The map model's queries and edits, on the small hand-made map (tests/terrain/data/small.yaml).

The small map: 8 columns x 6 rows, flat, odd columns shifted down; column 01 is sea, 0403/0404 lake;
a rail 0202-0302-0402-0502-0602-0702-0701; a road 0202-0203-0303-0304-0405-0505-0605; a river
along 0503/0603 ... 0505/0605; overrides make 0806 forest and put a river on 0705/0706.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.errors import DataFileError, HexIdError
from toolkit.hexgrid import CCRR, Extent, Grid
from toolkit.terrain import HexData, TerrainMap, TerrainType, load_map

SMALL = Path(__file__).parent / "data" / "small.yaml"


@pytest.fixture
def m() -> TerrainMap:
    return load_map(SMALL)


def test_per_hex_queries(m: TerrainMap) -> None:
    assert m.terrain("0101") == "sea" and m.is_water("0101") and not m.is_water("0202")
    assert m.tags("0202") == frozenset({"city", "port"})
    assert m.value("0202", "vp") == 5 and m.value("0202", "nothing", 0) == 0
    with pytest.raises(HexIdError, match="not on the map"):
        m.terrain("0907")


def test_overrides_win(m: TerrainMap) -> None:
    assert m.hexes["0806"].terrain == "swamp"
    assert m.hex("0806") == HexData("forest", frozenset(), None, {"note": "symbol under the label"})
    assert m.side_features("0705", "0706") == frozenset({"river"})
    assert "0705/0706" not in m.hexsides


def test_override_semantics_field_by_field() -> None:
    g = Grid(CCRR(), Extent(1, 2, 1, 2))
    legend = {"clear": TerrainType("clear", "#ffffff"), "forest": TerrainType("forest", "#00ff00")}
    base = {"0101": HexData("clear", frozenset({"city", "port"}), "A", {"vp": 2, "country": "fin"})}
    ov = {"hexes": {"0101": {"tags": frozenset({"town"}), "vp": None, "supply": 1}},
          "hexsides": {"0101/0102": frozenset()}}
    m = TerrainMap("t", "", g, legend, base, {"0101/0102": {"road"}}, ov)
    assert m.hex("0101") == HexData("clear", frozenset({"town"}), "A", {"country": "fin", "supply": 1})
    assert m.side_features("0101", "0102") == frozenset()  # an empty override removes every feature


def test_find(m: TerrainMap) -> None:
    assert m.find(terrain="lake") == ["0403", "0404"]
    assert m.find(tag="city") == ["0202", "0605"]
    assert m.find(name="VIIPURI") == ["0202"]
    assert m.find(tag="city", country="ussr") == ["0605"]
    assert m.find(terrain="forest", tag="city") == ["0605"]
    assert m.find(terrain="volcano") == []


def test_place_and_resolve(m: TerrainMap) -> None:
    assert m.place("Viipuri") == "0202"
    assert m.place("äänislinna") == "0605"
    assert m.resolve("0605") == "0605" and m.resolve("Äänislinna") == "0605"
    with pytest.raises(HexIdError, match=r"no place named 'Viipur' on the map \(did you mean Viipuri\?\)"):
        m.place("Viipur")
    assert m.places() == {"Viipuri": "0202", "Äänislinna": "0605", "Yes": "0701"}


def test_resolve_says_which_kind_of_reference_is_wrong(m: TerrainMap) -> None:
    # spelled as an id but off the map: the id error, with the range of ids
    with pytest.raises(HexIdError, match=r"^hex '0999' is not on the map \(ids run from '0101' to '0806'\)$"):
        m.resolve("0999")
    # not spelled as an id: the place error, with its suggestion
    with pytest.raises(HexIdError, match=r"^no place named 'Viipur' on the map \(did you mean Viipuri\?\)$"):
        m.resolve("Viipur")
    with pytest.raises(HexIdError, match=r"^no place named 'abc' on the map$"):
        m.resolve("abc")
    with pytest.raises(HexIdError, match=r"^no place named 'xxxxxxxxxx.*'\.\.\. \(100000 characters\) on the map$"):
        m.resolve("x" * 100_000)


def test_region(m: TerrainMap) -> None:
    assert m.region("country", "finland") == {"0202", "0203", "0302", "0303", "0502", "0503", "0504"}
    assert m.region("line", "Mannerheim") == {"0503"}


def test_geometry(m: TerrainMap) -> None:
    # 0504: odd column (shifted down): N, S and both lower diagonals exist
    assert sorted(m.neighbours("0504")) == ["0404", "0405", "0503", "0505", "0604", "0605"]
    assert sorted(m.neighbours("0101")) == ["0102", "0201", "0202"]
    assert m.within("0101", 0) == ["0101"]
    assert m.within("0101", 1) == ["0101", "0102", "0201", "0202"]
    assert len(m.within("0404", 2)) == 19  # an interior hex: the full 2-ring
    assert m.distance("0101", "0806") == 8


def test_hexsides(m: TerrainMap) -> None:
    assert m.side("0605", "0505") == "0505/0605"
    assert m.side_features("0605", "0505") == frozenset({"river", "road"})
    assert m.side_features("0101", "0102") == frozenset()
    with pytest.raises(HexIdError, match="not neighbours"):
        m.side_features("0101", "0103")
    assert m.sides_of("0503") == {"0502": frozenset({"fortification"}), "0504": frozenset({"fortification"}),
                                  "0603": frozenset({"river"}), "0604": frozenset({"river"})}


def test_networks(m: TerrainMap) -> None:
    rail = m.network("rail")
    assert rail["0202"] == {"0302"} and rail["0702"] == {"0602", "0701"}
    assert m.components("rail") == [{"0202", "0302", "0402", "0502", "0602", "0702", "0701"}]
    m.remove_side_feature("0402", "0502", "rail")
    assert m.components("rail") == [{"0502", "0602", "0702", "0701"}, {"0202", "0302", "0402"}]
    assert m.components("road")[0] == {"0202", "0203", "0303", "0304", "0405", "0505", "0605"}
    assert m.network("ferry") == {}


def test_edits(m: TerrainMap) -> None:
    m.set_terrain("0304", "forest")
    m.set_tag("0304", "town")
    m.set_value("0304", "vp", 1)
    m.set_name("0304", "Kitelä")
    assert m.hex("0304") == HexData("forest", frozenset({"town"}), "Kitelä", {"vp": 1})
    assert m.place("kitelä") == "0304" and m.find(tag="town") == ["0304", "0701"]
    m.remove_tag("0304", "town")
    m.set_value("0304", "vp", None)
    assert m.hex("0304") == HexData("forest", frozenset(), "Kitelä", {})
    with pytest.raises(DataFileError, match="unknown terrain 'lava'"):
        m.set_terrain("0304", "lava")
    with pytest.raises(DataFileError, match="already used by hex 0202"):
        m.set_name("0304", "viipuri")
    m.add_side_feature("0304", "0303", "river")
    assert m.hexsides["0303/0304"] == frozenset({"river", "road"})
    m.remove_side_feature("0303", "0304", "river")
    m.remove_side_feature("0303", "0304", "road")
    assert "0303/0304" not in m.hexsides
    m.validate()


def test_validate_catches_model_errors() -> None:
    g = Grid(CCRR(), Extent(1, 2, 1, 2))
    legend = {"clear": TerrainType("clear", "#ffffff")}
    with pytest.raises(DataFileError, match="unknown terrain 'x'"):
        TerrainMap("t", "", g, legend, {"0101": HexData("x")}).validate()
    with pytest.raises(DataFileError, match="not on the grid"):
        TerrainMap("t", "", g, legend, {"0909": HexData("clear")}).validate()
    with pytest.raises(DataFileError, match="not neighbours"):
        TerrainMap("t", "", g, legend, {}, {"0102/0201": {"river"}}).validate()
    with pytest.raises(DataFileError, match="duplicate place name"):
        TerrainMap("t", "", g, legend, {"0101": HexData("clear", name="A"), "0102": HexData("clear", name="a")}
                   ).validate()
    with pytest.raises(DataFileError, match="'#rrggbb'"):
        TerrainType("x", "green")


def test_default_terrain_for_unlisted_hexes() -> None:
    g = Grid(CCRR(), Extent(1, 2, 1, 2))
    legend = {"clear": TerrainType("clear", "#ffffff")}
    m = TerrainMap("t", "", g, legend, {}, default_terrain="clear")
    assert m.terrain("0202") == "clear" and m.find(terrain="clear") == ["0101", "0102", "0201", "0202"]
    bare = TerrainMap("t", "", g, legend, {})
    with pytest.raises(HexIdError, match="hex 0202 has no terrain data"):
        bare.terrain("0202")


def test_hexside_keys_are_normalised_to_the_sorted_pair() -> None:
    g = Grid(CCRR(), Extent(1, 2, 1, 2))
    legend = {"clear": TerrainType("clear", "#ffffff")}
    m = TerrainMap("t", "", g, legend, {}, {"0102/0101": {"road"}}, {"hexsides": {"0201/0101": []}},
                   default_terrain="clear")
    assert m.hexsides == {"0101/0102": frozenset({"road"})}
    assert m.overrides["hexsides"] == {"0101/0201": frozenset()}
    assert m.side_features("0102", "0101") == frozenset({"road"})
    with pytest.raises(DataFileError, match="must be a pair of hex ids"):
        TerrainMap("t", "", g, legend, {}, {"0101": {"road"}})
