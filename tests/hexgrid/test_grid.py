"""Grid: ids and hexes of a map, neighbours on the map, hexside keys, and the grid: block of a map file."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.errors import GridError, HexIdError
from toolkit.hexgrid.coords import Hex, Hexside, OffsetSystem, distance, hex_range
from toolkit.hexgrid.grid import MAX_HEXES, Extent, Grid, side_key
from toolkit.hexgrid.layout import Layout
from toolkit.hexgrid.numbering import CCRR, Europa, Lettered, Numbering


def test_default_grid_ids() -> None:
    g = Grid()
    assert len(g) == 100
    assert g.ids()[:3] == ["0101", "0102", "0103"]
    assert g.ids()[-1] == "1010"
    assert g.hex("0101") == Hex(1, 1)
    assert g.hex("0201") == Hex(2, 0)
    assert g.id(Hex(2, 0)) == "0201"
    assert g.canonical_id("101") == "0101"
    assert g.hex(" 0505 ") == g.hex("0505")
    assert "0505" in g and "505" in g and Hex(1, 1) in g
    assert "1111" not in g and "x" not in g and Hex(0, 0) not in g and 5 not in g
    assert g.hexes() == [g.hex(i) for i in g.ids()]


def test_ids_not_on_the_map() -> None:
    g = Grid()
    with pytest.raises(HexIdError, match=r"^hex '1111' is not on the map \(ids run from '0101' to '1010'\)$"):
        g.hex("1111")
    with pytest.raises(HexIdError, match=r"^'x1' is not a hex id of the form CCRR \(e.g. '0101'\)$"):
        g.hex("x1")
    with pytest.raises(HexIdError, match=r"^hex q=0, r=0 \(it would be '0000'\) is not on the map"):
        g.id(Hex(0, 0))
    with pytest.raises(HexIdError, match=r"^hex q=0, r=0 is not on the map"):
        Grid(Lettered(), Extent(1, 3, 1, 3)).id(Hex(0, 0))  # column 0 has no letter


def test_neighbours_on_the_map_edge() -> None:
    g = Grid()  # flat, odd columns low
    assert [g.id(h) for h in g.neighbours(g.hex("0101"))] == ["0202", "0201", "0102"]
    assert len(g.neighbours(g.hex("0505"))) == 6
    # even column 10 sits high: both 0909 and 0910 of the low odd column 9 touch 1010
    assert [g.id(h) for h in g.neighbours(g.hex("1010"))] == ["1009", "0909", "0910"]


def test_within() -> None:
    g = Grid()
    assert sorted(g.id(h) for h in g.within(g.hex("0101"), 1)) == ["0101", "0102", "0201", "0202"]
    assert len(g.within(g.hex("0505"), 2)) == 19
    assert all(distance(h, g.hex("0303")) <= 3 for h in g.within(g.hex("0303"), 3))


@given(st.integers(1, 10), st.integers(1, 10), st.integers(0, 12), st.integers(-3, 14), st.integers(-3, 14))
def test_within_equals_the_range_filtered_by_the_map(cols: int, rows: int, radius: int, col: int, row: int) -> None:
    g = Grid(CCRR(), Extent(1, cols, 1, rows))
    centre = g.numbering.offset.to_hex(col, row)  # on the map or off it
    assert g.within(centre, radius) == [h for h in hex_range(centre, radius) if h in g]


def test_within_a_huge_radius_is_the_whole_map_at_once() -> None:
    g = Grid(CCRR(), Extent(1, 30, 1, 20))
    assert g.within(g.hex("1510"), 10**9) == sorted(g.hexes())


@pytest.mark.parametrize("numbering", [CCRR(), CCRR(offset=OffsetSystem("pointy", "even")),
                                       Lettered(col_direction="left"), Europa()])
def test_hexsides_are_every_neighbouring_pair_once(numbering: Numbering) -> None:
    g = Grid(numbering, Extent(-7, -1, 1, 6) if numbering.col_direction == "left" else Extent(1, 7, 1, 6))
    sides = list(g.hexsides())
    assert len(sides) == len(set(sides))
    expected = {Hexside.between(a, b) for a, b in combinations(g.hexes(), 2) if distance(a, b) == 1}
    assert set(sides) == expected
    for s in sides:
        key = g.side_id(s)
        assert g.hexside(key) == s
        a, b = key.split("/")
        assert a < b
        assert g.side_key(b, a) == key
        assert g.hexside(f"{b}/{a}") == s


def test_side_keys() -> None:
    g = Grid()
    assert g.side_key("0102", "0101") == "0101/0102"
    assert g.hexside("0101/0102") == Hexside.between(Hex(1, 1), Hex(1, 2))
    assert g.side_id(Hexside.between(Hex(1, 1), Hex(1, 2))) == "0101/0102"
    assert side_key("0102", "0101") == side_key("0101", "0102") == "0101/0102"
    assert side_key("35:4721", "35:4621") == "35:4621/35:4721"
    with pytest.raises(HexIdError, match="hexes 0101 and 0103 are not neighbours"):
        g.side_key("0101", "0103")
    with pytest.raises(HexIdError, match="hexside '0101/0103': hexes 0101 and 0103 are not neighbours"):
        g.hexside("0101/0103")
    with pytest.raises(HexIdError, match=r"'0101-0102' is not a hexside key: two hex ids joined by '/'"):
        g.hexside("0101-0102")
    with pytest.raises(HexIdError, match="hex '0100' is not on the map"):
        g.hexside("0100/0101")


def test_a_winter_war_map_35() -> None:
    """Europa map 35 ids: the rules' island chain and Helsinki's attackers, as hexside keys."""
    g = Grid.spanning(Europa(), "35:0140", "35:6001")
    assert len(g) == 40 * 60
    assert g.to_dict()["extent"] == {"columns": [1, 40], "rows": [1, 60]}
    assert g.side_key("35:4721", "35:4621") == "35:4621/35:4721"  # Suur, "35:4721/4621"
    assert g.side_key("35:4425", "35:4526") == "35:4425/35:4526"
    with pytest.raises(HexIdError, match="hex '36:4526' is on europa map 36, not on this map 35"):
        g.hex("36:4526")
    with pytest.raises(HexIdError, match=r"hex '35:6101' is not on the map \(ids run from '35:0140' to '35:6001'\)"):
        g.hex("35:6101")


def test_spanning_either_corner_order_and_missing() -> None:
    n = CCRR(col_direction="left", row_direction="up")
    g = Grid.spanning(n, "0101", "0504", missing=["0504"])
    assert g == Grid.spanning(n, "0504", "0101", missing=["0504"])
    assert g.extent == Extent(-5, -1, -4, -1, frozenset({(-5, -4)}))
    assert len(g) == 19 and "0504" not in g and "0503" in g
    assert g.to_dict()["extent"] == {"columns": [1, 5], "rows": [1, 4], "missing": ["0504"]}
    assert Grid.from_dict(g.to_dict()) == g


def test_extent() -> None:
    e = Extent(1, 3, 1, 2, frozenset({(2, 2)}))
    assert list(e.cells()) == [(1, 1), (1, 2), (2, 1), (3, 1), (3, 2)]
    assert (2, 1) in e and (2, 2) not in e and (4, 1) not in e and "21" not in e
    with pytest.raises(GridError, match=r"empty extent: columns 3\.\.1, rows 1\.\.2"):
        Extent(3, 1, 1, 2)


def test_extent_larger_than_the_limit_is_refused_not_listed() -> None:
    assert len(list(Extent(1, 1000, 1, 1000).cells())) == MAX_HEXES  # the limit itself is allowed
    with pytest.raises(GridError, match=r"^extent of 1000 x 1001 hexes is larger than the limit of 1,000,000 hexes$"):
        Extent(1, 1000, 1, 1001)
    with pytest.raises(GridError, match="larger than the limit"):
        Grid.from_dict({"numbering": {"scheme": "ccrr", "col_digits": 6, "row_digits": 6},
                        "extent": {"columns": [1, 999999], "rows": [1, 999999]}})


def test_an_extent_written_backwards_is_refused_and_negative_numbers_are_not() -> None:
    """``columns: [3, -5]`` (a typo for [3, 5]?) silently spanned -5..3; printed numbers may be negative (VASSAL
    numbering), written first to last as :meth:`Grid.to_dict` writes them."""
    ccrr = {"scheme": "ccrr", "col_digits": 2, "row_digits": 2}
    with pytest.raises(GridError, match=r"^grid extent columns \[3, -5\] run backwards: the first is more than the "
                                        r"last$"):
        Grid.from_dict({"numbering": ccrr, "extent": {"columns": [3, -5], "rows": [1, 3]}})
    with pytest.raises(GridError, match=r"^grid extent rows \[9, 1\] run backwards"):
        Grid.from_dict({"numbering": ccrr, "extent": {"columns": [1, 3], "rows": [9, 1]}})
    g = Grid.from_dict({"numbering": ccrr, "extent": {"columns": [-5, 3], "rows": [1, 3]}})
    assert (g.extent.first_col, g.extent.last_col) == (-5, 3) and "-0502" in g
    assert Grid.from_dict(g.to_dict()) == g
    left = Grid(CCRR(col_direction="left"), Extent(-3, 5, 1, 4))  # numbers running right to left: still first to last
    assert left.to_dict()["extent"]["columns"] == [-5, 3] and Grid.from_dict(left.to_dict()) == left


def test_grid_refuses_an_extent_its_numbering_cannot_spell() -> None:
    with pytest.raises(GridError, match="the grid extent reaches a hex its numbering cannot spell: row 100"):
        Grid(CCRR(), Extent(1, 10, 1, 100))
    with pytest.raises(GridError, match="column 0 has no letters"):
        Grid(Lettered(), Extent(0, 5, 1, 5))
    with pytest.raises(GridError, match="numbering must be a Numbering"):
        Grid("ccrr", Extent(1, 2, 1, 2))  # type: ignore[arg-type]


# --- serialisation -------------------------------------------------------------------------------


def test_to_dict_exact() -> None:
    g = Grid(CCRR(), Extent(1, 30, 1, 20, frozenset({(2, 20)})), Layout.from_spacing("flat", 60, 70, (30, 35)))
    assert g.to_dict() == {
        "numbering": {"scheme": "ccrr", "col_digits": 2, "row_digits": 2, "orientation": "flat", "shifted": "odd"},
        "extent": {"columns": [1, 30], "rows": [1, 20], "missing": ["0220"]},
        "calibration": [[60.0, 0.0, 30.0], [35.0, 70.0, 35.0]],
    }
    assert Grid.from_dict(g.to_dict()) == g


schemes = st.sampled_from([
    CCRR(), CCRR(separator=".", col_direction="left"), CCRR(offset=OffsetSystem("pointy", "even"), row_direction="up"),
    Europa(), Europa(map_id="7", row_first=False, col_direction="right"),
    Lettered(), Lettered(letters="row", letters_first=False, style="spreadsheet", row_direction="up"),
])


@settings(max_examples=60, deadline=None)
@given(schemes, st.integers(1, 8), st.integers(1, 8), st.integers(1, 5), st.integers(1, 5), st.data())
def test_grid_dict_round_trip(numbering: Numbering, c0: int, r0: int, w: int, h: int, data: st.DataObject) -> None:
    g = Grid.spanning(numbering, numbering.format(*numbering.to_offset(c0, r0)),
                      numbering.format(*numbering.to_offset(c0 + w - 1, r0 + h - 1)))
    gone = data.draw(st.sets(st.sampled_from(g.ids()), max_size=3))
    g = Grid.spanning(numbering, g.ids()[0], g.ids()[-1], missing=sorted(gone))
    d = g.to_dict()
    assert d["extent"]["columns"] == [c0, c0 + w - 1] and d["extent"]["rows"] == [r0, r0 + h - 1]
    again = Grid.from_dict(d)
    assert again == g
    assert again.ids() == g.ids()
    assert len(g) == w * h - len(gone)
    for i in g.ids():
        assert g.id(g.hex(i)) == i


@pytest.mark.parametrize(
    ("d", "message"),
    [
        ([], "a grid block is a mapping"),
        ({"extent": {"columns": [1, 2]}}, "grid extent needs columns"),
        ({"extent": {"columns": [1, 2], "rows": [1]}}, "grid extent needs columns"),
        ({"extent": {"columns": [1, "x"], "rows": [1, 2]}}, "grid extent needs columns"),
        ({"extent": {"columns": [1, 2.5], "rows": [1, 2]}}, "grid extent needs columns"),
        ({"extent": {"columns": [1, 2], "rows": [1, 2], "missing": "0101"}}, "missing is a list of hex ids"),
        ({"extent": {"columns": [1, 2], "rows": [1, 2], "missing": ["zz"]}}, "'zz' is not a hex id"),
        ({"extent": {"columns": [1, 2], "rows": [1, 2], "missing": ["0303"]}}, "missing: hex '0303' is not inside"),
        ({"numbering": [1, 2], "extent": {"columns": [1, 2], "rows": [1, 2]}}, "numbering is a mapping"),
        ({"numbering": {"col_digits": 10}, "extent": {"columns": [1, 2], "rows": [1, 2]}}, "from 1 to 9, not 10"),
        ({"numbering": {"scheme": "nope"}, "extent": {"columns": [1, 2], "rows": [1, 2]}}, "unknown numbering"),
        ({"extent": {"columns": [1, 2], "rows": [1, 2]}, "calibration": [[1, 0, 0]]}, "2 rows of 3"),
        ({"extent": {"columns": [1, 2], "rows": [1, 2]}, "calibration": [[1, 2, 0], [2, 4, 0]]}, "degenerate"),
    ],
)
def test_bad_grid_blocks(d: object, message: str) -> None:
    with pytest.raises(GridError, match=message):
        Grid.from_dict(d)  # type: ignore[arg-type]


def test_a_pickled_grid_keeps_its_id_index_exactly():
    """The map cache pickles grids: the built id index travels as flat columns and comes back as the same
    two dicts of Hex named tuples, in the same order; a grid whose index is not built pickles without it."""
    import pickle

    from toolkit.hexgrid.coords import Hex, OffsetSystem
    from toolkit.hexgrid.grid import Extent, Grid
    from toolkit.hexgrid.numbering import CCRR

    grid = Grid(CCRR(2, 2, offset=OffsetSystem("flat", "even")), Extent(1, 12, 1, 9, frozenset({(3, 3)})))
    fresh = pickle.loads(pickle.dumps(grid))
    assert fresh == grid and "_by_hex" not in fresh.__dict__
    grid.ids()
    again = pickle.loads(pickle.dumps(grid, protocol=pickle.HIGHEST_PROTOCOL))
    assert list(again._by_hex.items()) == list(grid._by_hex.items())
    assert list(again._by_id.items()) == list(grid._by_id.items())
    assert all(type(h) is Hex for h in again._by_hex) and again.hex("0304") == grid.hex("0304")
    assert again.ids() == fresh.ids() and again.neighbours(again.hex("0505")) == grid.neighbours(grid.hex("0505"))
