"""The generic engine's parts, each parameterised for the three bundled rulebooks: Winter War (SPI 1972),
Tornio '44 and A Winter War (GDW Europa). Values a rulebook prints are cited; where it refers to a chart it
does not print (Tornio '44 17.5, A Winter War's Supply Lines Summary and rail speed chart) the tests use the
rulebook's own worked example or a stated placeholder, never an invented game value."""

from __future__ import annotations

import textwrap
from fractions import Fraction

import pytest

from toolkit.rules import Board, CounterKind, Position
from toolkit.rules.movement import MoveRules, move_cost, reach
from toolkit.rules.odds import OddsColumns
from toolkit.rules.stacking import (
    LimitTable,
    Slot,
    SlotLimit,
    StackLimit,
    by_count,
    by_value,
    check_stacking,
    fits_slots,
)
from toolkit.rules.supply import Leg, line_filter, trace_supply
from toolkit.rules.zoc import Zoc, ZocCosts, zoc_step
from toolkit.terrain.io import loads_map

# Column 02 runs 0201..0212 (each hex next to the one below). A road links 0201-0202-...-0207, a rail line runs
# 0301-...-0306 down column 03, and a river hexside lies between 0208 and 0209.
MAP = textwrap.dedent("""\
    schema: hexmap/1
    title: strip
    grid:
      numbering: {scheme: ccrr, col_digits: 2, row_digits: 2, orientation: flat, shifted: even}
      extent: {columns: [1, 4], rows: [1, 12]}
    default_terrain: clear
    legend:
      clear: {color: "#eeeeee"}
      forest: {color: "#228822"}
      town: {color: "#884444"}
      mountain: {color: "#998877"}
    hexes:
      "0205": {terrain: forest}
      "0210": {terrain: town, tags: [depot]}
      "0405": {terrain: mountain}
      "0311": {terrain: forest}
    hexsides:
      "0201/0202": [road]
      "0202/0203": [road]
      "0203/0204": [road]
      "0204/0205": [road]
      "0205/0206": [road]
      "0206/0207": [road]
      "0208/0209": [river]
      "0301/0302": [rail]
      "0302/0303": [rail]
      "0303/0304": [rail]
      "0304/0305": [rail]
      "0305/0306": [rail]
    """)

KINDS = {
    "inf": CounterKind("inf", "red", "infantry", {"attack": 2, "defense": 2, "movement": 4, "re": 3}),
    "bde": CounterKind("bde", "red", "infantry", {"attack": 1, "defense": 1, "movement": 4, "re": 1}),
    "bn": CounterKind("bn", "red", "infantry", {"attack": 1, "defense": 1, "movement": 4, "re": 0.5}),
    "ski": CounterKind("ski", "red", "ski", {"attack": 0, "defense": 0, "movement": 3, "re": 0.5}),
    "arty": CounterKind("arty", "red", "artillery", {"attack": 1, "defense": 1, "movement": 3, "re": 1}),
    "divarty": CounterKind("divarty", "red", "artillery", {"attack": 3, "defense": 1, "movement": 3, "re": 3}),
    "foe": CounterKind("foe", "blue", "infantry", {"attack": 2, "defense": 2, "movement": 4, "re": 3}),
}
DIVISIONAL = {"inf", "divarty", "foe"}


@pytest.fixture(scope="module")
def board() -> Board:
    return Board(loads_map(MAP, "<strip>"))


def position(units: list[tuple[str, str, str]]) -> Position:
    m = loads_map(MAP, "<strip>")
    data = {"game": "test", "turn": 1, "player": "red", "phase": "movement",
            "units": [{"id": i, "counter": c, "hex": h} for i, c, h in units]}
    return Position.from_data(data, counter=lambda s: KINDS[s], hex_of=m.resolve)


def side(u) -> str:
    return u.side


# --- stacking ------------------------------------------------------------------------------------------------

def test_stacking_by_count_with_a_zone_and_weightless_units(board: Board) -> None:
    """Winter War Stacking: two Friendly units on or south of Row A, one north of it (here rows 1-4 are north);
    Stacking (C): Ski Patrols (0-0-3) never count."""
    table = LimitTable(board, default=StackLimit(2, "on or south of Row A", "Stacking"),
                       zone=lambda h, s: StackLimit(1, "north of Row A", "Stacking") if int(h[2:]) <= 4 else None)

    def weight(u) -> float:
        return 0 if u.kind.id == "ski" else 1

    p = position([("a", "inf", "0208"), ("b", "bde", "0208"), ("c", "ski", "0208"), ("d", "inf", "0203"),
                  ("e", "ski", "0203"), ("f", "bde", "0303"), ("g", "bde", "0303")])
    vs = check_stacking(p.by_hex, owner=side, limit=table, weight=weight)
    assert [(v.rule, v.hexes, v.units) for v in vs] == [("Stacking", ("0303",), ("f", "g"))]


@pytest.mark.parametrize(("n", "ok"), [(10, True), (11, False)])
def test_stacking_ten_units_a_player(board: Board, n: int, ok: bool) -> None:
    """Tornio '44 7.0: "Up to 10 units may be in a single hex, regardless of unit type, unit status or terrain";
    19.0: "the stacking limit (10 units per player)" - both players in a Close Combat hex have their full limit."""
    units = [(f"r{i}", "bn", "0206") for i in range(n)] + [(f"b{i}", "foe", "0206") for i in range(10)]
    vs = check_stacking(position(units).by_hex, owner=side, limit=lambda h, s: StackLimit(10, "any hex", "7.0"),
                        weight=by_count)
    assert (vs == []) is ok
    if not ok:
        assert vs[0].message == "11 red units in 0206; the limit any hex is 10"


def test_stacking_by_re_and_per_terrain(board: Board) -> None:
    """RE (A Winter War: 1/2 RE a battalion, 1 RE a brigade, 3 RE a division) summed against a limit chosen by
    terrain: the limits here are placeholders for the mechanism, not a game's values."""
    table = LimitTable(board, default=StackLimit(6, "in clear terrain", "RE"),
                       by_terrain={"forest": StackLimit(3, "in forest", "RE")})
    p = position([("a", "inf", "0208"), ("b", "bde", "0208"), ("c", "bde", "0208"), ("d", "bn", "0208"),
                  ("e", "inf", "0205"), ("f", "bn", "0205")])
    vs = check_stacking(p.by_hex, owner=side, limit=table, weight=by_value("re"), noun="RE")
    assert [v.message for v in vs] == ["3.5 red RE in 0205; the limit in forest is 3"]


def europa_slots(any_units: int, non_div: int, arty_points: int) -> tuple[Slot, ...]:
    """A Winter War 8A: "Three units of any size/type, Three additional non-divisional units, Two non-divisional
    artillery units OR one divisional artillery unit" (artillery room in points: a non-divisional 1, a divisional 2)."""
    def is_div(u) -> bool:
        return u.kind.id in DIVISIONAL

    return (Slot("any", any_units, lambda u: 1),
            Slot("non-divisional", non_div, lambda u: None if is_div(u) else 1),
            Slot("artillery", arty_points, lambda u: (2 if is_div(u) else 1) if u.kind.unit_type == "artillery"
                 else None))


@pytest.mark.parametrize(("stack", "ok"), [
    # the rulebook's own examples (a), (b), (c) of 8A
    (["inf"] * 3 + ["bde"] * 3 + ["arty"] * 2, True),
    (["inf"] * 2 + ["bde"] * 3 + ["arty"] * 3, True),
    (["inf", "bde"] + ["bde"] * 4 + ["divarty"], True),
    (["inf"] * 4, False),
    (["inf"] * 3 + ["bde"] * 3 + ["arty"] * 3, False),
    (["inf"] * 3 + ["divarty", "arty"], True),  # the artillery regiment takes a non-divisional place
    (["inf"] * 3 + ["divarty", "divarty"], False),
])
def test_stacking_by_slots_europa(stack: list[str], ok: bool) -> None:
    units = position([(f"u{i}", k, "0208") for i, k in enumerate(stack)]).units
    assert fits_slots(units, europa_slots(3, 3, 2)) is ok


def test_stacking_per_side_and_zone_europa(board: Board) -> None:
    """A Winter War 8A: reduced stacking for Soviet forces outside weather zone A (two units of any size, two
    non-divisional, one non-divisional artillery), arctic stacking for everyone in zone A (one, one, one)."""
    normal = SlotLimit(europa_slots(3, 3, 2), "normal", "8A")
    reduced = SlotLimit(europa_slots(2, 2, 1), "reduced (Soviet, outside weather zone A)", "8A")
    arctic = SlotLimit(europa_slots(1, 1, 1), "arctic (weather zone A)", "8A")
    table = LimitTable(board, default=normal, by_side={"blue": reduced},
                       zone=lambda h, s: arctic if int(h[2:]) <= 3 else None)
    p = position([("r1", "inf", "0208"), ("r2", "inf", "0208"), ("r3", "inf", "0208"),
                  ("b1", "foe", "0209"), ("b2", "foe", "0209"), ("b3", "foe", "0209"),
                  ("a1", "inf", "0202"), ("a2", "bde", "0202"), ("a3", "bde", "0202")])
    vs = check_stacking(p.by_hex, owner=side, limit=table)
    assert [(v.hexes, v.rule) for v in vs] == [(("0209",), "8A"), (("0202",), "8A")]
    assert "reduced" in vs[0].message and "arctic" in vs[1].message


# --- zones of control -----------------------------------------------------------------------------------------

def test_zoc_exceptions_and_costs(board: Board) -> None:
    p = position([("f", "foe", "0206"), ("r", "inf", "0209")])
    zoc = Zoc(board, p.on_map(), owner=side, exerts=lambda u: True,
              extends=lambda u, a, b: "river" not in board.side(a, b))  # a game's exception as a predicate
    assert zoc.controls("blue", "0207") and zoc.controls("blue", "0205")
    assert not zoc.controls("red", "0208")  # the river hexside 0208/0209 stops the red unit's zone
    ww = ZocCosts(stop=True, zoc_to_zoc=False)  # Winter War: stop on entering; Zones of Control (F)
    assert zoc_step(zoc, "red", "0208", "0207", ww) == (0, True)
    assert zoc_step(zoc, "red", "0207", "0107", ww) is None  # ZOC to ZOC is forbidden
    tornio = ZocCosts(enter=1, leave=1)  # Tornio '44 17.5 (the values are on the player aid; 1 per Illustration 10)
    assert zoc_step(zoc, "red", "0208", "0207", tornio) == (1, False)
    assert zoc_step(zoc, "red", "0207", "0107", tornio) == (2, False)  # out of one, into another
    europa = ZocCosts(leave=2)  # A Winter War 6A: leaving costs (placeholder value; the chart is not printed)
    assert zoc_step(zoc, "red", "0207", "0208", europa) == (2, False)
    assert zoc_step(zoc, "red", "0207", "0208", europa, negated=lambda h: h == "0207") == (0, False)
    assert zoc_step(zoc, "red", "0207", "0208", europa, ignore=lambda a, b: a == "0207") == (0, False)


# --- supply ------------------------------------------------------------------------------------------------

def test_supply_in_hexes_through_enemy_zoc_negated_by_friends(board: Board) -> None:
    """Winter War Supply (F): five hexes to an HQ, free of enemy units and their ZOC; (K) a friendly unit negates
    the enemy ZOC in its hex."""
    p = position([("f", "foe", "0306"), ("r", "bde", "0206")])  # the 2-2 in 0306 controls 0205 and 0206
    zoc = Zoc(board, [u for u in p.on_map() if u.side == "blue"], owner=side, exerts=lambda u: True,
              extends=lambda u, a, b: True)
    hexes = Leg("to the HQ", lambda a, b: 1, limit=5)
    hq = "0210"
    bare = line_filter(enemy_units={"0306"}, zoc=zoc, side="red")
    helped = line_filter(enemy_units={"0306"}, zoc=zoc, side="red", friendly_units={"0206"})
    col = lambda h: [n for n in board.neighbours(h) if n[:2] == "02"]  # noqa: E731 (a line down column 02)
    assert trace_supply(board, "0205", [hexes], lambda h: h == hq, enter=bare, neighbours=col) is None
    line = trace_supply(board, "0205", [hexes], lambda h: h == hq, enter=helped, neighbours=col)
    assert line is not None and line.path == ("0205", "0206", "0207", "0208", "0209", "0210")
    assert line.spent == (("to the HQ", 5),)
    # from 0204 the line is six hexes long, and it enters 0205 (enemy ZOC, no friendly unit): both refuse it
    assert trace_supply(board, "0204", [hexes], lambda h: h == hq, enter=helped, neighbours=col) is None
    assert trace_supply(board, "0204", [Leg("long", lambda a, b: 1, limit=6)], lambda h: h == hq, enter=helped,
                        neighbours=col) is None


def test_supply_in_movement_points_then_along_a_network(board: Board) -> None:
    """Tornio '44 12.0: "a supply route of no more than 10 Foot (class) Combat Unit MPs ... directly to a supply
    depot (hex inclusive) OR to any road and/or railroad hex leading to a supply depot. The length of the
    road/railroad may be unlimited." Illustration 4: a route of 10 MP is in supply, one of 12 MP is not. The depot
    is 0201 at the head of the road 0201-0207."""
    foot = MoveRules(terrain={"forest": 2, "mountain": None}, hexside={"river": 1})
    land = Leg("land", lambda a, b: foot.entry(board, a, b), limit=10)
    network = Leg("road", lambda a, b: 0 if "road" in board.side(a, b) else None)
    depot = "0201"

    def line(start: str):
        return trace_supply(board, start, [land, network], lambda h: h == depot)

    ok = line("0212")  # 0212 -> 0207 overland (5 MP), then the road (any length) to the depot
    assert ok is not None and ok.source == depot and ok.spent[0][0] == "land" and ok.spent[0][1] <= 10
    far = MoveRules(terrain={"clear": 2.4})  # every hex 2.4 MP: five hexes are 12 MP
    land_far = Leg("land", lambda a, b: far.entry(board, a, b), limit=10)
    assert trace_supply(board, "0212", [land_far, network], lambda h: h == depot) is None


def test_supply_europa_legs_and_low_capacity_rail(board: Board) -> None:
    """A Winter War 12B: land -> road -> rail; rail unlimited on high-capacity lines, "limited to 7 hexes on
    low-capacity railway (non-consecutive...)"; forests count 2 hexes (Arctic). The land range here (3) is a
    placeholder: the Supply Lines Summary is not printed."""
    land = Leg("land", lambda a, b: 2 if board.terrain(b) == "forest" else 1, limit=3)
    low = {"0302/0303", "0303/0304", "0304/0305"}  # three low-capacity rail hexsides

    def rail(a: str, b: str) -> float | None:
        if "rail" not in board.side(a, b):
            return None
        return 1 if f"{min(a, b)}/{max(a, b)}" in low else 0

    def source(h: str) -> bool:
        return h == "0301"

    assert trace_supply(board, "0308", [land, Leg("rail", rail, limit=7)], source) is not None
    tight = trace_supply(board, "0308", [land, Leg("rail", rail, limit=2)], source)
    assert tight is None  # three low-capacity hexes exceed 2
    assert trace_supply(board, "0312", [land, Leg("rail", rail, limit=7)], source) is None  # forest 0311 counts 2


# --- odds ---------------------------------------------------------------------------------------------------

def test_odds_whole_steps_winter_war() -> None:
    """Winter War Combat (N): "an attack of 26 Attack Points against 9 Defense Points would be rounded off to a
    "2 to 1" odds situation"; the CRT: worse than 1-4 is treated as 1-4, better than 6-1 as 6-1."""
    cols = OddsColumns.ladder("1-4", "6-1")
    assert cols.labels == ("1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1")
    assert cols.odds(26, 9).label == "2-1"
    assert (cols.odds(1, 5).label, cols.odds(1, 5).clamped) == ("1-4", "low")
    assert (cols.odds(70, 10).label, cols.odds(70, 10).clamped) == ("6-1", "high")


@pytest.mark.parametrize(("attack", "defense", "label"), [
    (8, 4, "2-1"), (9, 4, "2-1"), (10, 4, "2.5-1"), (4, 4, "1-1"),
    (4, 5, "1-1.5"), (4, 6, "1-1.5"), (4, 6.5, "1-2"), (4, 8, "1-2"), (4, 9, "1-2.5"), (20, 2, "10-1"),
])
def test_odds_half_steps_tornio(attack: float, defense: float, label: str) -> None:
    """Tornio '44 22.1: "Always round DOWN to the closest half (0.5) odds ratio ... if, and as soon as, the defender
    is stronger than the attacker ... the basic odds ratio cannot be 1:1 but is instead 1:1.5 ... more than one and
    a half times (up to two times) stronger ... 1:2"; Illustration 7: 20 against 2 is 10:1."""
    cols = OddsColumns.ladder("1-5", "10-1", Fraction(1, 2))
    assert cols.odds(attack, defense).label == label


def test_odds_column_shifts_tornio_illustration_9() -> None:
    """Tornio '44 Illustration 9: 8 against 4 is 2:1; +0.5 for attacking from two hexes and -0.5 for the forest:
    2:1. 22.4: "A bridge ... the combat modifier for attacking across a Major River with a bridge by any unit would
    be -1.5 instead of -2"."""
    cols = OddsColumns.ladder("1-5", "10-1", Fraction(1, 2))
    base = cols.odds(8, 4)
    assert cols.shift_by(base, Fraction(1, 2) - Fraction(1, 2), Fraction(1, 2)).label == "2-1"
    assert cols.shift_by(base, -2, Fraction(1, 2)).label == "1-2"  # 2:1, 1.5:1, 1:1, 1:1.5, 1:2
    assert cols.shift_by(base, Fraction(-3, 2), Fraction(1, 2)).label == "1-1.5"
    with pytest.raises(Exception, match="whole number"):
        cols.shift_by(base, Fraction(1, 4), Fraction(1, 2))


def test_odds_europa_rounds_in_the_defenders_favour() -> None:
    """A Winter War 9A: "Round down, in favour of the defender, to match a column of the Combat Results Table";
    A Winter War keeps fractions (half of 7 = 3 1/2)."""
    cols = OddsColumns.ladder("1-9", "9-1")
    assert cols.odds(Fraction(7, 2), 2).label == "1-1"
    assert cols.odds(6, Fraction(7, 2)).label == "1-1"
    assert cols.odds(3, Fraction(7, 2)).label == "1-2"


# --- movement cost between two positions ------------------------------------------------------------------------

def test_movement_terrain_river_and_always_one_hex(board: Board) -> None:
    """Winter War: 1 MP a hex, one more to cross a minor lake or river hexside; mountains prohibited; Movement (I):
    a unit may always move one hex."""
    ww = MoveRules(hexside={"river": 1}, terrain={"mountain": None}, always_one_hex=True)
    assert move_cost(board, "0207", "0209", ww) == 3  # 1 + (1 + 1 across the river)
    assert move_cost(board, "0207", "0209", ww, allowance=2) is None
    assert move_cost(board, "0208", "0209", ww, allowance=1) == 1  # always one hex
    assert "0405" not in reach(board, "0404", ww, 5)


def test_movement_road_rate_and_every_third_free(board: Board) -> None:
    """Tornio '44 18.2: "it costs 0.5 MP to move along each Main Road hex although every 3rd consecutive Main Road
    hex entered (in the same Phase) costs 0 (zero) MP"; the road ignores the forest in 0205."""
    tornio = MoveRules(terrain={"forest": 2}, road_cost=0.5, road_free_every=3)
    assert move_cost(board, "0201", "0204", tornio) == 1.0  # 0.5 + 0.5 + 0
    assert move_cost(board, "0201", "0207", tornio) == 2.0  # six road hexes: 4 x 0.5
    assert move_cost(board, "0201", "0205", tornio) == 1.5  # the forest on the road costs the road rate
    assert move_cost(board, "0207", "0208", tornio) == 1  # off the road: terrain


def test_movement_rail_winter_war_and_europa_rates(board: Board) -> None:
    """Winter War Movement (J): entrain 1 MP, then rail free; A Winter War 7A: hexes per MP from the rail speed
    chart (not printed; 4 a MP here as a placeholder)."""
    ww = MoveRules(rail_cost=0, entrain=1)
    assert move_cost(board, "0301", "0306", ww, allowance=2) == 1
    assert move_cost(board, "0301", "0306", ww, allowance=2, start_entrained=True) == 0
    europa = MoveRules(rail_cost=0.25)
    assert move_cost(board, "0301", "0305", europa) == 1.0
    cut = reach(board, "0301", ww, 2, rail_ok=lambda h: h != "0304")  # a rail hex not usable (cut, foreign)
    assert cut.get("0306") is None and cut["0303"] == 1


def test_movement_with_zoc_stop_and_costs(board: Board) -> None:
    p = position([("f", "foe", "0107")])
    zoc = Zoc(board, p.on_map(), owner=side, exerts=lambda u: True, extends=lambda u, a, b: True)
    ww = MoveRules()
    stop = ZocCosts(stop=True, zoc_to_zoc=False)
    r = reach(board, "0204", ww, 6, zoc=zoc, side="red", zoc_costs=stop)
    free = reach(board, "0204", ww, 6)
    assert sorted(zoc.hexes("blue")) == ["0106", "0108", "0206", "0207"]
    # down column 02: 0206 is entered and the move stops; 0207 (controlled too) only by a detour round the zone
    assert (r["0206"], free["0206"]) == (2, 2)
    assert (r["0207"], free["0207"]) == (4, 3) and (r["0208"], free["0208"]) == (5, 4)
    # Tornio '44 Illustration 10 (unit B): Main Road 1/2, Town 2, entering an enemy ZOC 1, an enemy hex 1 = 4 1/2
    q = position([("c", "foe", "0210")])
    zc = Zoc(board, q.on_map(), owner=side, exerts=lambda u: True, extends=lambda u, a, b: True)
    tornio = MoveRules(terrain={"town": 2}, road_cost=0.5)
    enemy_hex = MoveRules(step_cost=lambda a, b: (tornio.entry(board, a, b) or 0) + (1 if b == "0210" else 0),
                          road_cost=0.5)
    assert move_cost(board, "0209", "0210", enemy_hex, zoc=zc, side="red", zoc_costs=ZocCosts(enter=1)) == 3
    assert move_cost(board, "0208", "0210", enemy_hex, zoc=zc, side="red", zoc_costs=ZocCosts(enter=1)) == 1 + 1 + 3
