"""Generic primitives on a small plain map: Board, stacking, ZOC, Dijkstra movement, line tracing,
positions and reports."""

from __future__ import annotations

import json
import textwrap

import pytest

from toolkit.errors import DataFileError, InputError
from toolkit.rules import (
    Board,
    CounterKind,
    Position,
    Report,
    StackLimit,
    Zoc,
    cheapest,
    check_stacking,
    parse_position_text,
    trace,
    violation,
)
from toolkit.terrain.io import loads_map

MAP = textwrap.dedent("""\
    schema: hexmap/1
    title: plain
    grid:
      numbering: {scheme: ccrr, col_digits: 2, row_digits: 2, orientation: flat, shifted: even}
      extent: {columns: [1, 6], rows: [1, 6]}
    default_terrain: clear
    legend:
      clear: {color: "#eeeeee"}
      hill: {color: "#998877"}
    hexes:
      "0303": {terrain: hill, name: Top}
    hexsides:
      "0303/0304": [river]
    """)

KINDS = {
    "a": CounterKind("a", "red", "infantry", {"attack": 2, "defense": 2, "movement": 3}),
    "b": CounterKind("b", "blue", "infantry", {"attack": 1, "defense": 1, "movement": 2}),
    "hq": CounterKind("hq", "blue", "headquarters", {"attack": 0, "defense": 1, "movement": 2}),
}


@pytest.fixture(scope="module")
def board() -> Board:
    return Board(loads_map(MAP, "<plain>"))


def pos(units: list[tuple[str, str, str]], **state: object) -> Position:
    m = loads_map(MAP, "<plain>")
    data = {"game": "test", "turn": 1, "player": "red", "phase": "movement", "state": state,
            "units": [{"id": i, "counter": c, "hex": h} for i, c, h in units]}
    return Position.from_data(data, counter=lambda s: KINDS[s], hex_of=m.resolve)


def test_board_caches_and_distances(board: Board) -> None:
    assert set(board.neighbours("0303")) == {"0403", "0402", "0203", "0202", "0302", "0304"}
    assert board.neighbours("0303") is board.neighbours("0303")  # cached
    assert board.side("0304", "0303") == frozenset({"river"})
    assert board.terrain("0303") == "hill"
    assert board.distance("0101", "0303") == 3
    assert board.within("0101", 1) == {"0101", "0201", "0102"}
    with pytest.raises(InputError):
        board.distance("0101", "0606", limit=2)


def test_stacking_counts_weights_and_sides() -> None:
    p = pos([("r1", "a", "0202"), ("r2", "a", "0202"), ("r3", "a", "0202"), ("b1", "b", "0202"),
             ("b2", "hq", "0505"), ("b3", "b", "0505")])
    vs = check_stacking(p.by_hex, owner=lambda u: u.side, limit=lambda h, s: StackLimit(2, "anywhere", "Stacking"),
                        weight=lambda u: 0 if u.kind.unit_type == "headquarters" else 1)
    assert [v.to_dict() for v in vs] == [{"rule": "Stacking", "message": "3 red units in 0202; the limit anywhere is 2",
                                          "hexes": ["0202"], "units": ["r1", "r2", "r3"]}]
    re_vs = check_stacking(p.by_hex, owner=lambda u: u.side, limit=lambda h, s: StackLimit(1.5, "here", "8A"),
                           weight=lambda u: 0.5 if u.side == "blue" else 1, noun="RE")
    assert [v.message for v in re_vs] == ["3 red RE in 0202; the limit here is 1.5"]


def test_zoc_with_exceptions(board: Board) -> None:
    p = pos([("r1", "a", "0303"), ("hq", "hq", "0505"), ("b1", "b", "0101")])
    zoc = Zoc(board, p.on_map(), owner=lambda u: u.side, exerts=lambda u: u.kind.unit_type != "headquarters",
              extends=lambda u, a, b: "river" not in board.side(a, b))
    assert zoc.hexes("red") == {"0403", "0402", "0203", "0202", "0302"}  # not across the river into 0304
    assert zoc.hexes("blue") == {"0201", "0102"}  # the HQ exerts none
    assert zoc.enemy("blue", "0202") and not zoc.enemy("red", "0202")
    assert zoc.controllers("red", "0302") == ["r1"]


def test_cheapest_with_stops(board: Board) -> None:
    stop = {"0302"}

    def succ(h: str, cost: float):
        if h in stop:
            return
        for n in board.neighbours(h):
            yield n, (2 if board.terrain(n) == "hill" else 1) + (1 if "river" in board.side(h, n) else 0)

    best = cheapest({"0301": 0}, succ, 3)
    assert best["0302"] == 1 and "0303" not in best  # the stop hex ends movement
    assert best["0201"] == 1 and best["0203"] == 3  # round the stop hex
    assert max(best.values()) <= 3


def test_trace_limits_and_blocks(board: Board) -> None:
    blocked = {"0202", "0201"}
    d = trace(board, ["0101"], lambda a, b: b not in blocked, max_length=3)
    assert "0202" not in d and d["0102"] == 1 and d["0103"] == 2
    assert max(d.values()) == 3
    early = trace(board, ["0101"], lambda a, b: True, targets=["0102"])
    assert early["0102"] == 1


def test_position_errors_name_file_and_line() -> None:
    text = "game: test\nunits:\n  - {id: x, counter: a, hex: '0101'}\n  - {id: x, counter: a, hex: '0102'}\n"
    with pytest.raises(DataFileError, match=r"p.yaml line 4: duplicate unit id 'x'"):
        Position.from_data(parse_position_text(text, "p.yaml"), counter=lambda s: KINDS[s], hex_of=str,
                           source="p.yaml")
    with pytest.raises(DataFileError, match=r"q.yaml line 2: not valid yaml"):
        parse_position_text("game: [", "q.yaml")

    def bad_hex(h: str) -> str:
        raise InputError(f"no hex {h}")
    with pytest.raises(DataFileError, match=r"r.yaml line 2: unit 'y': no hex 9999"):
        Position.from_data(parse_position_text("game: t\nunits: [{id: y, counter: a, hex: '9999'}]\n", "r.yaml"),
                           counter=lambda s: KINDS[s], hex_of=bad_hex, source="r.yaml")


def test_place_names_resolve_and_state_is_clean() -> None:
    p = pos([("r1", "a", "Top")], weather="snow")
    assert p.by_id["r1"].hex == "0303" and p.state == {"weather": "snow"}
    assert p.at("0303")[0].id == "r1" and p.occupied_by("red") == {"0303"}
    q = p.moved({"r1": "0304"})
    assert q.by_id["r1"].hex == "0304" and p.by_id["r1"].hex == "0303"


def test_report_json_shape() -> None:
    r = Report("test")
    assert r.ok
    r.add(violation("Stacking", "too many", ["0101", None, "0101"], ["a", "b", "a"]))
    r.units = {"a": {"hex": "0101", "supplied": True, "in_enemy_zoc": False}}
    d = json.loads(json.dumps(r.to_dict()))
    assert d == {"game": "test", "ok": False,
                 "violations": [{"rule": "Stacking", "message": "too many", "hexes": ["0101"], "units": ["a", "b"]}],
                 "units": {"a": {"hex": "0101", "supplied": True, "in_enemy_zoc": False}}, "summary": {}}
    assert r.rules() == ["Stacking"]
    assert "Stacking: too many [0101] (a, b)" in r.to_text()


def test_zoc_cost_instead_of_stop_and_day_night(board: Board) -> None:
    # Tornio '44 style: no stop, but entering an enemy ZOC costs 2 more MP, and only by day
    p = pos([("r1", "a", "0303"), ("b1", "b", "0101")])
    for daytime, expected in ((True, 4), (False, 2)):
        zoc = Zoc(board, p.on_map(), owner=lambda u: u.side, exerts=lambda u, d=daytime: d,
                  extends=lambda u, a, b: True)

        def succ(h: str, cost: float, z: Zoc = zoc):
            for n in board.neighbours(h):
                yield n, 1 + (2 if z.enemy("blue", n) else 0)

        best = cheapest({"0101": 0}, succ)
        assert best["0202"] == expected  # 0101 -> 0201 -> 0202, the last hex next to r1


def test_supply_route_measured_in_movement_points(board: Board) -> None:
    # a route of at most N movement points (Tornio '44: 10 foot MP) is a cheapest() with a budget
    def succ(h: str, cost: float):
        for n in board.neighbours(h):
            yield n, 2 if board.terrain(n) == "hill" else 1

    reach = cheapest({"0301": 0}, succ, budget=2)
    assert "0303" not in reach and reach["0302"] == 1  # the hill costs 2: 3 in all
    assert cheapest({"0301": 0}, succ, budget=3)["0303"] == 3
