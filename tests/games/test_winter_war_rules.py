"""The Winter War referee on the 10x10 test map (tests/rules/minimap.py): one or more cases per rule.

The position suite on the bundled map is tests/games/test_winter_war_positions.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.errors import DataFileError
from toolkit.games.winter_war.rules import WinterWarReferee
from toolkit.rules import Report

from ..rules.minimap import minimap

_MINI = minimap()


@pytest.fixture(scope="module")
def ref() -> WinterWarReferee:
    return WinterWarReferee(_MINI)


def P(ref: WinterWarReferee, units: list[Any], turn: int = 3, player: str = "soviet", phase: str = "movement",
      **state: Any):
    rows = [u if isinstance(u, dict) else {"id": u[0], "counter": u[1], "hex": u[2],
                                           **({"state": u[3]} if len(u) > 3 else {})} for u in units]
    data = {"game": "winter-war", "turn": turn, "player": player, "phase": phase, "state": state, "units": rows}
    return ref.position(data, "<test>")


def check(ref: WinterWarReferee, units: list[Any], before: list[Any] | None = None, **kw: Any) -> Report:
    pos = P(ref, units, **kw)
    return ref.check(pos, P(ref, before, **kw) if before is not None else None)


def rules(report: Report) -> list[str]:
    return [v.rule for v in report.violations]


HQ_LEN = ("hq", "sov-0-1-2", "0709")  # an HQ beside Leningrad: supplies everything within five hexes


# --- Stacking ----------------------------------------------------------------------------------------

def test_stacking_two_south_of_row_a(ref: WinterWarReferee) -> None:
    r = check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0708"), ("b", "sov-2-1-2", "0708"), ("c", "sov-2-1-2", "0708")])
    assert [v.to_dict() for v in r.violations] == [{"rule": "Stacking", "message": "3 soviet units in 0708; the "
                                                    "limit on or south of Row A is 2", "hexes": ["0708"],
                                                    "units": ["a", "b", "c"]}]
    assert check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0708"), ("b", "sov-2-1-2", "0708")]).ok


def test_stacking_one_north_of_row_a_and_row_a_itself(ref: WinterWarReferee) -> None:
    r = check(ref, [("a", "fin-1-1-3", "0304"), ("b", "fin-1-1-3", "0304")], player="finnish")
    assert rules(r) == ["Stacking"] and "north of Row A is 1" in r.violations[0].message
    assert check(ref, [("a", "fin-1-1-3", "0305"), ("b", "fin-1-1-3", "0305")], player="finnish").ok  # on Row A


def test_ski_patrols_never_count(ref: WinterWarReferee) -> None:
    units = [("a", "fin-1-1-3", "0304")] + [(f"s{i}", "fin-0-0-3", "0304") for i in range(5)]
    assert check(ref, units, player="finnish").ok  # Stacking (C): all five patrols with a unit, north of Row A


def test_allied_and_finnish_units_stack_together(ref: WinterWarReferee) -> None:
    r = check(ref, [("a", "fin-1-1-3", "0307"), ("b", "fin-1-1-3", "0307"), ("x", "all-3-2-2", "0307")],
              player="finnish", scenario="B", turn=4)  # Scenario B: rolled at the end of Game-Turn 3 at the earliest
    assert rules(r) == ["Stacking"]


def test_stacking_not_judged_during_reinforcement_phase(ref: WinterWarReferee) -> None:
    units = [HQ_LEN, ("a", "sov-2-1-2", "0708"), ("b", "sov-2-1-2", "0708"), ("c", "sov-2-1-2", "0708")]
    assert check(ref, units, phase="reinforcement").ok


# --- Prohibited terrain and regions (Movement (K), TEC) ----------------------------------------------------

@pytest.mark.parametrize(("counter", "hexid", "rule", "fragment"), [
    ("fin-1-1-3", "0404", "Terrain Effects Chart", "Mountains"),
    ("fin-1-1-3", "0303", "Terrain Effects Chart", "Minor Lake (whole hex)"),
    ("fin-1-1-3", "0210", "Terrain Effects Chart", "Sea"),
    ("fin-1-1-3", "0310", "Terrain Effects Chart", "Ice hex"),
    ("fin-1-1-3", "0101", "Movement (K)", "Norway or Sweden"),
    ("fin-6-6-2", "0204", "Movement (K)", "6-6-2 units may never enter hexes north of Row A"),
    ("sov-1-1-4", "0408", "Movement (K)", "NKVD units may never leave the USSR"),
])
def test_prohibitions(ref: WinterWarReferee, counter: str, hexid: str, rule: str, fragment: str) -> None:
    r = check(ref, [("u", counter, hexid)], player="finnish")
    found = [v for v in r.violations if v.rule == rule]
    assert found and fragment in found[0].message and found[0].hexes == (hexid,)


def test_soviet_20_12_2_north_of_row_a(ref: WinterWarReferee) -> None:
    r = check(ref, [("h", "sov-0-1-2", "0704"), ("u", "sov-20-12-2", "0703")])
    assert rules(r) == ["Movement (K)"] and "20-12-2" in r.violations[0].message


def test_ice_is_enterable_on_turns_8_to_10(ref: WinterWarReferee) -> None:
    assert check(ref, [("u", "fin-1-1-3", "0310")], player="finnish", turn=8).ok


def test_scandinavia_opens_in_scenario_b(ref: WinterWarReferee) -> None:
    assert check(ref, [("x", "all-3-2-2", "0102")], player="finnish", scenario="B", turn=4).ok  # the R hex
    r = check(ref, [("x", "all-3-2-2", "0101")], player="finnish", scenario="B", turn=4)
    assert rules(r) == ["Movement (K)"]
    assert check(ref, [("x", "all-3-2-2", "0101")], player="finnish", scenario="B", turn=4, scandinavia_open=True).ok


# --- Zones of Control -----------------------------------------------------------------------------------

def zoc_of(r: Report, uid: str) -> bool:
    return r.units[uid]["in_enemy_zoc"]


def test_zoc_basic_and_sea_hexside(ref: WinterWarReferee) -> None:
    r = check(ref, [HQ_LEN, ("s", "sov-6-4-2", "0607"), ("f", "fin-1-1-3", "0507"), ("g", "fin-1-1-3", "0606")])
    assert zoc_of(r, "f") is True  # adjacent
    assert zoc_of(r, "g") is False  # Zones of Control (E): not across the 0606/0607 sea hexside
    assert zoc_of(r, "s") is True  # the Finns' ZOC reaches it


def test_zoc_not_into_finnish_fortifications(ref: WinterWarReferee) -> None:
    r = check(ref, [HQ_LEN, ("s", "sov-6-4-2", "0608"), ("f", "fin-6-6-2", "0508")])
    assert zoc_of(r, "f") is False  # Zones of Control (G), Fortifications (C)
    assert zoc_of(r, "s") is True  # "Finnish units ... never affected by Fortification hexes"
    # an empty fortification last occupied by the Soviets is controlled again
    r2 = check(ref, [HQ_LEN, ("s", "sov-6-4-2", "0608")], last_occupied={"0508": "soviet"})
    r3 = check(ref, [HQ_LEN, ("s", "sov-6-4-2", "0608")])
    ctx2 = ref.context(P(ref, [HQ_LEN, ("s", "sov-6-4-2", "0608")], last_occupied={"0508": "soviet"}))
    ctx3 = ref.context(P(ref, [HQ_LEN, ("s", "sov-6-4-2", "0608")]))
    assert ctx2.zoc.controls("soviet", "0508") and not ctx3.zoc.controls("soviet", "0508")
    assert r2.ok and r3.ok


def test_soviet_hq_has_no_zoc(ref: WinterWarReferee) -> None:
    r = check(ref, [("hq", "sov-0-1-2", "0608"), ("f", "fin-1-1-3", "0507")], player="finnish")
    ctx = ref.context(P(ref, [("hq", "sov-0-1-2", "0608"), ("f", "fin-1-1-3", "0507")], player="finnish"))
    assert ctx.zoc.hexes("soviet") == set()
    assert r.units["f"]["in_enemy_zoc"] is False


def test_nkvd_zoc_stops_at_the_border(ref: WinterWarReferee) -> None:
    ctx = ref.context(P(ref, [("n", "sov-1-1-4", "0607")]))
    assert "0507" not in ctx.zoc.hexes("soviet") and "0707" in ctx.zoc.hexes("soviet")


def test_finnish_light_units_have_no_zoc_in_the_ussr(ref: WinterWarReferee) -> None:
    ctx = ref.context(P(ref, [HQ_LEN, ("f", "fin-1-1-3", "0706"), ("g", "fin-0-0-3", "0704")], player="finnish"))
    assert ctx.zoc.hexes("finnish") == set()
    ctx2 = ref.context(P(ref, [HQ_LEN, ("f", "fin-2-2-3", "0706")], player="finnish"))
    assert "0707" in ctx2.zoc.hexes("finnish")


def test_isolated_units_have_no_zoc(ref: WinterWarReferee) -> None:
    r = check(ref, [("s", "sov-2-1-2", "0603"), ("f", "fin-1-1-3", "0503")], player="finnish")
    assert r.units["s"]["supplied"] is False and r.units["f"]["in_enemy_zoc"] is False
    r2 = check(ref, [("h", "sov-0-1-2", "0604"), ("s", "sov-2-1-2", "0603"), ("f", "fin-1-1-3", "0503")],
               player="finnish")
    assert r2.units["s"]["supplied"] is True and r2.units["f"]["in_enemy_zoc"] is True


# --- Supply and Isolation -------------------------------------------------------------------------------------

def test_supply_via_hq_within_five_hexes(ref: WinterWarReferee) -> None:
    r = check(ref, [("h", "sov-0-1-2", "0708"), ("a", "sov-2-1-2", "0703"), ("b", "sov-2-1-2", "0702")])
    assert r.units["a"]["supplied"] and r.units["a"]["supply_via"] == "h"
    assert r.units["b"]["supplied"] is False  # six hexes from the HQ


def test_supply_in_a_supply_city_and_rail_to_leningrad(ref: WinterWarReferee) -> None:
    r = check(ref, [("m", "sov-2-1-2", "0802")])
    assert r.units["m"]["supplied"] and r.units["m"]["supply_via"] == "0802"
    cut = check(ref, [("m", "sov-2-1-2", "0802"), ("f", "fin-1-1-3", "0805")], player="finnish")
    assert cut.units["m"]["supplied"] is False  # Supply (F): the rail line to Leningrad is cut by a Finnish unit


def test_hq_line_limited_to_ten_hexes(ref: WinterWarReferee) -> None:
    # HQ 0201: Murmansk 6 hexes, Leningrad 11. A Finnish unit on the 0806 rail hex cuts Murmansk and
    # Petrozavodsk off from Leningrad (Kem has no rail), so only Leningrad remains: too far.
    r = check(ref, [("h", "sov-0-1-2", "0201"), ("a", "sov-2-1-2", "0202")])
    assert r.units["a"]["supplied"] and r.summary["supply_cities"] == {"Murmansk": {"capacity": 30, "load": 2.0}}
    cut = [("h", "sov-0-1-2", "0201"), ("a", "sov-2-1-2", "0202"), ("f", "fin-2-2-3", "0806")]
    assert check(ref, cut, player="finnish").units["a"]["supplied"] is False
    # HQ 0204: Leningrad is 8 hexes away but Murmansk (6) is the closest city, and it is cut off: "The Supply City
    # to be used ... is always the one closest"; "That Supply City must be connected to Leningrad" - isolated
    near = [("h", "sov-0-1-2", "0204"), ("a", "sov-2-1-2", "0202"), ("f", "fin-2-2-3", "0806")]
    r3 = check(ref, near, player="finnish")
    assert r3.units["a"]["supplied"] is False and r3.summary["supply_cities"] == {}
    # HQ 0206: Leningrad (6) is closer than Murmansk (7) and Petrozavodsk (7): supplied through Leningrad
    nearer = [("h", "sov-0-1-2", "0206"), ("a", "sov-2-1-2", "0205"), ("f", "fin-2-2-3", "0806")]
    r4 = check(ref, nearer, player="finnish")
    assert r4.units["a"]["supplied"] and list(r4.summary["supply_cities"]) == ["Leningrad"]


def test_hq_line_blocked_by_finnish_zoc_but_not_where_soviets_stand(ref: WinterWarReferee) -> None:
    # a Finnish unit next to the only path; a Soviet unit in the ZOC hex negates it (Supply (K))
    base = [("h", "sov-0-1-2", "0601"), ("a", "sov-2-1-2", "0501"), ("f", "fin-2-2-3", "0503")]
    r = check(ref, base, player="finnish")
    assert r.units["a"]["supplied"] is True  # a's own hex negates the Finnish ZOC


def test_capacity_overflow_isolates_whole_units(ref: WinterWarReferee) -> None:
    units = [("h", "sov-0-1-2", "1004"), ("a", "sov-6-4-2", "1005"), ("b", "sov-6-4-2", "0904"),
             ("c", "sov-2-1-2", "1006")]
    r = check(ref, units)
    # the HQ's closest Supply City is Petrozavodsk (capacity 10 on the test map): 14 points drawn
    assert r.summary["supply_cities"]["Petrozavodsk"] == {"capacity": 10, "load": 14.0, "overflow": 4.0}
    assert [u for u in "abc" if not r.units[u]["supplied"]] == ["a"]
    chosen = check(ref, [*units[:3], ("c", "sov-2-1-2", "1006", {"isolated": True})])
    assert [u for u in "abc" if not chosen.units[u]["supplied"]] == ["a", "c"]  # 2 points not enough: a as well
    r3 = check(ref, [units[0], units[1], ("b", "sov-6-4-2", "0904", {"isolated": True}), units[3]])
    assert [u for u in "abc" if not r3.units[u]["supplied"]] == ["b"]


def test_special_event_h_raises_petrozavodsk(ref: WinterWarReferee) -> None:
    units = [("h", "sov-0-1-2", "1004"), ("a", "sov-6-4-2", "1005"), ("b", "sov-6-4-2", "0904")]
    r = check(ref, units, events=["H"], scenario="A", optional_scenarios=True)
    assert all(r.units[u]["supplied"] for u in "ab")
    r2 = check(ref, units, events=["H"], optional_scenarios=True)  # no Scenario in effect: no event
    assert not all(r2.units[u]["supplied"] for u in "ab")


def test_hq_and_nkvd_are_never_isolated(ref: WinterWarReferee) -> None:
    r = check(ref, [("h", "sov-0-1-2", "0603"), ("n", "sov-1-1-4", "0604")])
    assert r.units["h"]["supplied"] and r.units["n"]["supplied"]


def test_finnish_units_abroad(ref: WinterWarReferee) -> None:
    r = check(ref, [("f", "fin-2-2-3", "0707")], player="finnish")
    assert r.units["f"]["supplied"]
    # in the north-east corner: its three neighbours are all in the ZOC of the Soviet units at 0903 and 0801
    corner = [("f", "fin-2-2-3", "1001"), ("h", "sov-0-1-2", "0802"), ("a", "sov-2-1-2", "0903"),
              ("b", "sov-2-1-2", "0801")]
    r2 = check(ref, corner, player="finnish")
    assert r2.units["f"]["supplied"] is False  # Supply (G): every way back to Finland in Soviet ZOC
    assert check(ref, corner[:3], player="finnish").units["f"]["supplied"]


def test_reinforcements_must_be_supplied(ref: WinterWarReferee) -> None:
    r = check(ref, [("a", "sov-2-1-2", "0603", {"reinforcement": True})], phase="reinforcement")
    assert rules(r) == ["Sequence of Play (Reinforcement Phase)"]


# --- Initial Deployment and counts ---------------------------------------------------------------------------

def test_deployment_rules(ref: WinterWarReferee) -> None:
    r = check(ref, [("f", "fin-6-6-2", "0408"), ("g", "fin-1-1-3", "0708"), ("h", "sov-0-1-2", "0707"),
                    ("s", "sov-20-12-2", "0705"), ("t", "sov-2-1-2", "0403"), ("i", "sov-2-1-2", "0601")],
              turn=1, phase="setup")
    assert sorted(rules(r)) == ["Initial Deployment", "Initial Deployment", "Initial Deployment",
                                "Initial Deployment (a)", "Initial Deployment (b)"]
    assert [v.units for v in r.violations] == [("f",), ("g",), ("s",), ("t",), ("i",)]
    ok = check(ref, [("f", "fin-6-6-2", "0508"), ("b", "fin-blank", "0307"), ("h", "sov-0-1-2", "0707"),
                     ("s", "sov-20-12-2", "0708")], turn=1, phase="setup")
    assert ok.ok


def test_blanks_leave_after_setup(ref: WinterWarReferee) -> None:
    r = check(ref, [("b", "fin-blank", "0307")], turn=1)
    assert rules(r) == ["Initial Deployment"] and "blank" in r.violations[0].message


def test_too_many_units_for_the_turn(ref: WinterWarReferee) -> None:
    r = check(ref, [HQ_LEN, ("a", "sov-8-3-2", "0708")], turn=5)
    assert rules(r) == ["Turn Record / Reinforcement Chart"]
    assert check(ref, [HQ_LEN, ("a", "sov-8-3-2", "0708")], turn=6).ok
    r2 = check(ref, [("x", "all-3-2-2", "0307")], player="finnish")
    assert rules(r2) == ["Turn Record / Reinforcement Chart"]


# --- Movement (before/after) -----------------------------------------------------------------------------------

def test_legal_and_too_long_moves(ref: WinterWarReferee) -> None:
    before = [HQ_LEN, ("a", "sov-2-1-2", "0606")]
    assert check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0604")], before).ok
    r = check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0603")], before)
    assert rules(r) == ["Movement (C)"] and r.violations[0].hexes == ("0606", "0603")


def test_river_hexside_costs_one_more(ref: WinterWarReferee) -> None:
    p = P(ref, [("f", "fin-4-4-2", "0305")], player="finnish")
    reach = ref.reachable(ref.context(p), p.by_id["f"])
    assert reach["0405"] == 2 and reach["0306"] == 1 and reach["0406"] == 2  # round the river: 0306 -> 0406
    assert "0404" not in reach  # mountains
    assert check(ref, [("f", "fin-4-4-2", "0405")], [("f", "fin-4-4-2", "0305")], player="finnish").ok


def test_zoc_stops_movement(ref: WinterWarReferee) -> None:
    # the Finn on 0606 controls 0507, 0506, 0605, 0706, 0707 (not 0607: sea hexside)
    before = [("s", "sov-5-3-3", "0708"), ("f", "fin-2-2-3", "0606"), HQ_LEN]
    r = check(ref, [("s", "sov-5-3-3", "0406"), ("f", "fin-2-2-3", "0606"), HQ_LEN], before)
    assert rules(r) == ["Zones of Control"]
    assert check(ref, [("s", "sov-5-3-3", "0507"), ("f", "fin-2-2-3", "0606"), HQ_LEN], before).ok


def test_zoc_to_zoc_forbidden_but_leaving_allowed(ref: WinterWarReferee) -> None:
    # the 1-MP paratroop on 0608 is in the ZOC of the Finn on 0609, and so is 0709 next to it
    f, h = ("f", "fin-2-2-3", "0609"), ("h", "sov-0-1-2", "0807")
    before = [("p", "sov-3-1-1", "0608"), f, h]
    r = check(ref, [("p", "sov-3-1-1", "0709"), f, h], before, events=["F"])
    assert rules(r) == ["Zones of Control (F)"]
    assert check(ref, [("p", "sov-3-1-1", "0708"), f, h], before, events=["F"]).ok  # leaving is allowed


def test_enemy_hex_never_entered(ref: WinterWarReferee) -> None:
    before = [HQ_LEN, ("a", "sov-2-1-2", "0707"), ("f", "fin-1-1-3", "0706")]
    r = check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0706"), ("f", "fin-1-1-3", "0706")], before)
    assert "Movement (F)" in rules(r)


def test_isolated_units_move_one_hex(ref: WinterWarReferee) -> None:
    before = [("a", "sov-2-1-2", "0603")]
    assert check(ref, [("a", "sov-2-1-2", "0604")], before).ok
    r = check(ref, [("a", "sov-2-1-2", "0605")], before)
    assert rules(r) == ["Supply and Isolation (A)"]


def test_always_one_hex(ref: WinterWarReferee) -> None:
    # a 1-MP paratroop can still cross the river (2 MP): Movement (I)
    before = [("p", "sov-3-1-1", "0305", {"air_dropped": False}), HQ_LEN]
    assert check(ref, [("p", "sov-3-1-1", "0405"), HQ_LEN], before, events=["F"]).ok


def test_rail_movement(ref: WinterWarReferee) -> None:
    before = [HQ_LEN, ("a", "sov-2-1-2", "0808")]
    assert check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0802")], before).ok  # six rail hexes, free
    blocked = [("f", "fin-2-2-3", "0704")]  # its ZOC covers 0804: the train stops next to it
    r = check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0802"), *blocked], before + blocked)
    assert rules(r) == ["Movement (J)"]  # "must detrain upon coming adjacent to an Enemy unit with a Zone of Control"
    # Special Event L: railroads inoperative this turn
    r2 = check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0802")], before, rail_inoperative=True)
    assert rules(r2) == ["Special Event L"]


def test_rail_only_in_home_country(ref: WinterWarReferee) -> None:
    # 0809 -> 0709 -> 0609 are USSR rail; 0509 -> 0409 are Finnish rail: Soviets may not ride them
    before = [HQ_LEN, ("a", "sov-2-1-2", "0809")]
    assert check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0509")], before).ok  # rail to 0609, then 1 MP
    r = check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0309")], before)
    assert rules(r) == ["Movement (J)"]  # "Units may move by rail only within their home country"


def test_ice_costs_two(ref: WinterWarReferee) -> None:
    before = [("f", "fin-4-4-2", "0309")]
    assert check(ref, [("f", "fin-4-4-2", "0310")], before, player="finnish", turn=8).ok
    r = check(ref, [("f", "fin-4-4-2", "0310")], before, player="finnish", turn=7)
    assert rules(r) == ["Terrain Effects Chart", "Terrain Effects Chart"]


def test_non_phasing_units_do_not_move(ref: WinterWarReferee) -> None:
    before = [HQ_LEN, ("f", "fin-1-1-3", "0307")]
    r = check(ref, [HQ_LEN, ("f", "fin-1-1-3", "0308")], before)
    assert rules(r) == ["Movement (D)"]


def test_units_arrive_in_the_reinforcement_phase(ref: WinterWarReferee) -> None:
    new = ("a", "sov-2-1-2", "0708", {"reinforcement": True})
    assert rules(check(ref, [HQ_LEN, new], [HQ_LEN])) == ["Sequence of Play"]
    assert check(ref, [HQ_LEN, new], [HQ_LEN], phase="reinforcement").ok
    # Scenario A's Allies land in the Interphase
    assert check(ref, [("x", "all-3-2-2", "0601")], [], phase="interphase", player="finnish", scenario="A").ok


def test_moves_in_other_phases(ref: WinterWarReferee) -> None:
    before = [HQ_LEN, ("a", "sov-2-1-2", "0707")]
    r = check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0706")], before, phase="interphase")
    assert rules(r) == ["Sequence of Play"]
    r2 = check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0705")], before, phase="combat")
    assert rules(r2) == ["Combat Procedure (B)"]


def test_retreat_and_advance_before_combat(ref: WinterWarReferee) -> None:
    # north of Row A (rows 1-4) in Finland: a supplied Soviet 2-1-2 on 0503 (HQ on 0703, Murmansk beyond)
    s, h = ("s", "sov-2-1-2", "0503"), ("h", "sov-0-1-2", "0703")
    before = [s, h, ("f", "fin-1-1-3", "0403"), ("g", "fin-4-4-2", "0402")]
    # the 1-1-3 steps back to 0304 (out of reach of 0503); the Soviet unit advances into the vacated hex
    good = [("s", "sov-2-1-2", "0403"), h, ("f", "fin-1-1-3", "0304"), ("g", "fin-4-4-2", "0402")]
    assert check(ref, good, before, phase="combat").ok
    # a 4-4-2 may not retreat before combat
    bad = [s, h, ("f", "fin-1-1-3", "0403"), ("g", "fin-4-4-2", "0401")]
    assert rules(check(ref, bad, before, phase="combat")) == ["Combat (A)"]
    # nor into an enemy ZOC (0504 is next to the Soviet unit on 0503)
    zoc = [s, h, ("f", "fin-1-1-3", "0504"), ("g", "fin-4-4-2", "0402")]
    assert rules(check(ref, zoc, before, phase="combat")) == ["Combat (A)"]
    # only units that begin the retreat in Finland north of Row A: not out of the Mannerheim Line (row 8)
    s8, h8 = ("s", "sov-2-1-2", "0608"), ("h", "sov-0-1-2", "0709")
    south = check(ref, [s8, h8, ("f", "fin-1-1-3", "0408")], [s8, h8, ("f", "fin-1-1-3", "0508")], phase="combat")
    assert rules(south) == ["Combat (A)"] and "north of Row A" in south.violations[0].message
    # only units adjacent to the attacker's units
    far = check(ref, [s, h, ("f", "fin-1-1-3", "0301")], [s, h, ("f", "fin-1-1-3", "0302")], phase="combat")
    assert rules(far) == ["Combat Procedure (A)"]
    # after the Mannerheim Line has fallen the Finns lose the option
    fallen = {"0509": "soviet", "0508": "soviet"}
    r = check(ref, [s, h, ("f", "fin-1-1-3", "0304")], [s, h, ("f", "fin-1-1-3", "0403")], phase="combat",
              last_occupied=fallen)
    assert rules(r) == ["Fortifications (F)"]
    assert check(ref, [s, h, ("f", "fin-1-1-3", "0304")], [s, h, ("f", "fin-1-1-3", "0403")], phase="combat").ok
    # an HQ may retreat (anywhere), other Soviet units may not; HQs never advance
    hq_back = [("s", "sov-2-1-2", "0608"), ("h", "sov-0-1-2", "0809"), ("f", "fin-2-2-3", "0708")]
    assert check(ref, hq_back, [s8, h8, ("f", "fin-2-2-3", "0708")], phase="combat", player="finnish").ok
    s_back = [("s", "sov-2-1-2", "0609"), h8, ("f", "fin-2-2-3", "0508")]
    assert rules(check(ref, s_back, [s8, h8, ("f", "fin-2-2-3", "0508")], phase="combat", player="finnish")) == [
        "Combat (A)"]


def test_retreats_and_advances_after_combat(ref: WinterWarReferee) -> None:
    """Combat Results Table, Retreating: Dr/Ar retreats one hex, not into enemy ZOC unless onto friendly units;
    after De/Ex one attacking unit may advance into the vacated hex; after Dr the attacker may not advance."""
    h = ("h", "sov-0-1-2", "0709")
    a, b = ("a", "sov-6-4-2", "0507"), ("b", "sov-6-4-2", "0508")
    before = [h, a, b, ("g", "fin-4-4-2", "0407")]  # 12 against 4 on 0407 (Finland, clear, no river): 3-1
    dr = [{"attackers": ["a", "b"], "defenders": ["g"], "die": 3}]  # 3-1, die 3: Dr
    back = [h, a, b, ("g", "fin-4-4-2", "0307")]  # 0307: next to neither 0507 nor 0508
    assert check(ref, back, before, phase="combat", attacks=dr).ok
    two = [h, a, b, ("g", "fin-4-4-2", "0206")]
    assert rules(check(ref, two, before, phase="combat", attacks=dr)) == ["Combat Results Table"]
    into_zoc = [h, a, b, ("g", "fin-4-4-2", "0408")]  # next to the 6-4-2 on 0508
    assert rules(check(ref, into_zoc, before, phase="combat", attacks=dr)) == ["Combat Results Table"]
    no_advance = [h, ("a", "sov-6-4-2", "0407"), b, ("g", "fin-4-4-2", "0307")]
    assert rules(check(ref, no_advance, before, phase="combat", attacks=dr)) == ["Combat Results Table"]
    de = [{"attackers": ["a", "b"], "defenders": ["g"], "die": 4}]  # 3-1, die 4: De
    advance = [h, ("a", "sov-6-4-2", "0407"), b]
    assert check(ref, advance, before, phase="combat", attacks=de).ok
    both = [h, ("a", "sov-6-4-2", "0407"), ("b", "sov-6-4-2", "0407")]
    assert "Combat Results Table" in rules(check(ref, both, before, phase="combat", attacks=de))


# --- Combat -----------------------------------------------------------------------------------------------------

def attack(ref: WinterWarReferee, units: list[Any], attacks: list[dict[str, Any]], **kw: Any) -> Report:
    kw.setdefault("phase", "combat")
    return check(ref, units, attacks=attacks, **kw)


def test_declared_attack_odds_and_result(ref: WinterWarReferee) -> None:
    units = [HQ_LEN, ("a", "sov-20-12-2", "0608"), ("b", "sov-6-4-2", "0609"), ("f", "fin-6-6-2", "0509")]
    r = attack(ref, units, [{"attackers": ["a", "b"], "defenders": ["f"], "die": 1}])
    [a] = r.summary["attacks"]
    # 26 against 6 doubled in the fortification = 12: 2-1; fortified die 1 at 2-1 has no parenthesis: Ar
    assert (a["attack"], a["defense"], a["odds"], a["result"], a["fortified"]) == (26, 12, "2-1", "Ar", True)
    assert rules(r) == [] and "exchange_loss" not in a
    # die 3: Ex; the attacker loses at least the 6-6-2's basic (not doubled) 6 Defense Strength Points
    [a] = attack(ref, units, [{"attackers": ["a", "b"], "defenders": ["f"], "die": 3}]).summary["attacks"]
    assert (a["result"], a["exchange_loss"]) == ("Ex", 6)


def test_fortified_results(ref: WinterWarReferee) -> None:
    units = [HQ_LEN, ("a", "sov-20-12-2", "0708"), ("b", "sov-20-12-2", "0608"), ("f", "fin-1-1-3", "0508")]
    r = attack(ref, units, [{"attackers": ["a", "b"], "defenders": ["f"], "die": 6}], turn=4)
    # 40 against 2: 6-1; die 6 is De in both rows.  die 1: De normally, Ne in a fortification
    assert r.summary["attacks"][0]["odds"] == "6-1"
    r1 = attack(ref, units, [{"attackers": ["a", "b"], "defenders": ["f"], "die": 1}], turn=4)
    assert r1.summary["attacks"][0]["result"] == "Ne"


def test_river_doubling_and_never_more_than_doubled(ref: WinterWarReferee) -> None:
    units = [("f", "fin-2-2-3", "0305"), ("s", "sov-6-4-2", "0405", {}), ("h", "sov-0-1-2", "0506")]
    r = attack(ref, units, [{"attackers": ["f"], "defenders": ["s"]}], player="finnish")
    assert r.summary["attacks"][0]["defense"] == 8  # across the river only: doubled


def test_isolated_defender_halved(ref: WinterWarReferee) -> None:
    units = [("f", "fin-1-1-3", "0503"), ("s", "sov-2-1-2", "0603")]
    r = attack(ref, units, [{"attackers": ["f"], "defenders": ["s"], "die": 3}], player="finnish")
    a = r.summary["attacks"][0]
    assert (a["defense"], a["odds"], a["result"]) == (0.5, "2-1", "Ex")


def test_soviet_city_doubles_soviet_defense(ref: WinterWarReferee) -> None:
    units = [("f", "fin-4-4-2", "0702"), ("s", "sov-2-1-2", "0802")]
    r = attack(ref, units, [{"attackers": ["f"], "defenders": ["s"]}], player="finnish")
    assert r.summary["attacks"][0]["defense"] == 2 and r.summary["attacks"][0]["odds"] == "2-1"


def test_ski_patrols_always_eliminated(ref: WinterWarReferee) -> None:
    units = [HQ_LEN, ("a", "sov-2-1-2", "0608"), ("k", "fin-0-0-3", "0508")]
    r = attack(ref, units, [{"attackers": ["a"], "defenders": ["k"], "die": 1}])
    assert r.summary["attacks"][0]["result"] == "De"


def test_mandatory_soviet_attacks(ref: WinterWarReferee) -> None:
    units = [HQ_LEN, ("a", "sov-2-1-2", "0607"), ("b", "sov-2-1-2", "0707"), ("f", "fin-1-1-3", "0507")]
    r = attack(ref, units, [])
    assert rules(r) == ["Combat (E)", "Combat (E)"]
    assert r.violations[0].units == ("a",) and r.violations[1].units == ("f", "a")
    assert attack(ref, units, [{"attackers": ["a"], "defenders": ["f"]}]).ok
    # the Finns are never obliged
    assert attack(ref, units, [], player="finnish").ok


def test_attack_restrictions(ref: WinterWarReferee) -> None:
    units = [("h", "sov-0-1-2", "0607"), ("n", "sov-1-1-4", "0608"), ("i", "sov-2-1-2", "0601"),
             ("f", "fin-1-1-3", "0508"), ("g", "fin-1-1-3", "0501"), ("c", "sov-2-1-2", "0709")]
    r = attack(ref, units, [{"attackers": ["h", "n"], "defenders": ["f"]}, {"attackers": ["i"], "defenders": ["g"]},
                            {"attackers": ["c"], "defenders": ["g"]}])
    got = set(rules(r))
    assert {"Combat (E)", "Combat (Q)", "Combat (P)", "Combat (F)", "Combat (C)"} <= got


def test_whole_stack_defends(ref: WinterWarReferee) -> None:
    units = [HQ_LEN, ("a", "sov-6-4-2", "0608"), ("f", "fin-1-1-3", "0509"), ("g", "fin-1-1-3", "0509")]
    r = attack(ref, units, [{"attackers": ["a"], "defenders": ["f"]}])
    assert rules(r) == ["Combat (H)", "Combat (E)"] and r.violations[0].units == ("g",)


def test_attacks_outside_combat_phase(ref: WinterWarReferee) -> None:
    r = check(ref, [HQ_LEN], attacks=[])
    assert rules(r) == ["Movement (E)"]  # no combat during a Movement Phase
    r = check(ref, [HQ_LEN], attacks=[], phase="reinforcement")
    assert rules(r) == ["Sequence of Play"]


def test_bad_attack_data_is_input_error(ref: WinterWarReferee) -> None:
    with pytest.raises(DataFileError, match="unknown unit 'zz'"):
        attack(ref, [HQ_LEN], [{"attackers": ["zz"], "defenders": ["hq"]}])


# --- Murmansk Defense ----------------------------------------------------------------------------------------

def test_murmansk_defense(ref: WinterWarReferee) -> None:
    garrison = [(f"m{i}", "sov-2-1-2", h) for i, h in enumerate(["0802", "0803", "0702", "0703", "0902", "0903"])]
    hq = ("h", "sov-0-1-2", "0801")
    r = check(ref, [hq, *garrison], turn=4, phase="combat")
    assert rules(r) == ["Murmansk Defense"] and "only 6" in r.violations[0].message
    assert check(ref, [hq, *garrison, ("m9", "sov-2-1-2", "0804")], turn=4, phase="combat").ok
    assert check(ref, [hq, *garrison], turn=3, phase="combat").ok
    assert check(ref, [hq, *garrison], turn=4, phase="combat", optional_scenarios=True).ok


# --- Victory -----------------------------------------------------------------------------------------------------

def test_capture_needs_a_line_of_communication(ref: WinterWarReferee) -> None:
    with_loc = check(ref, [("h", "sov-0-1-2", "0609"), ("a", "sov-2-1-2", "0409")], player="finnish")
    assert with_loc.summary["vp_detail"] == {"Viipuri": 25, "south of Row A cleared": 50}
    no_loc = check(ref, [("a", "sov-2-1-2", "0409")], player="finnish")
    assert "Viipuri" not in no_loc.summary["vp_detail"]


def test_last_to_pass_through(ref: WinterWarReferee) -> None:
    r = check(ref, [("h", "sov-0-1-2", "0609"), ("f", "fin-1-1-3", "0204")], player="finnish",
              last_occupied={"Viipuri": "soviet", "0508": "soviet", "0509": "soviet", "0308": "soviet"})
    assert r.summary["vp_detail"] == {"row west of Viipuri": 5, "Viipuri": 25, "Mannerheim Line": 40,
                                      "south of Row A cleared": 50}
    assert r.summary["victory_points"] == 120 and r.summary["victory_level"] == "Decisive Soviet Victory"
    assert r.summary["finnish_retreat_before_combat"] is False  # Fortifications (F)


def test_finnish_captures(ref: WinterWarReferee) -> None:
    r = check(ref, [("f", "fin-2-2-3", "0802"), ("g", "fin-2-2-3", "0307")], player="finnish")
    assert r.summary["vp_detail"] == {"Finns hold Murmansk": -20}
    assert r.summary["victory_level"] == "Finnish Decisive Victory"


def test_allied_losses_and_murmansk_penalties(ref: WinterWarReferee) -> None:
    r = check(ref, [("g", "fin-2-2-3", "0307"), {"id": "x", "counter": "all-3-2-2", "hex": None,
                                                   "state": {"eliminated": True}}],
              player="finnish", scenario="A", murmansk_penalties=2)
    # the Murmansk penalties are not used with the Optional Scenario/Special Event rule (Scenario A is in force)
    assert r.summary["vp_detail"] == {"Allied units eliminated": 5}
    r = check(ref, [("g", "fin-2-2-3", "0307")], player="finnish", murmansk_penalties=2)
    assert r.summary["vp_detail"] == {"Murmansk Defense": -20}


# --- Special events -------------------------------------------------------------------------------------------

def test_paradrop(ref: WinterWarReferee) -> None:
    assert check(ref, [("p", "sov-3-1-1", "0407", {"air_dropped": True})], events=["F"]).ok
    r = check(ref, [("p", "sov-3-1-1", "0407", {"air_dropped": True}), ("f", "fin-1-1-3", "0406")], events=["F"])
    assert rules(r) == ["Special Event F"]
    r2 = check(ref, [("p", "sov-3-1-1", "0201", {"air_dropped": True})], events=["F"])
    assert rules(r2) == ["Special Event F"]


def test_dropped_paratroop_does_not_attack(ref: WinterWarReferee) -> None:
    units = [("p", "sov-3-1-1", "0407", {"air_dropped": True}), ("f", "fin-1-1-3", "0406")]
    assert "Special Event F" in rules(attack(ref, units, [{"attackers": ["p"], "defenders": ["f"]}], events=["F"]))
    assert "Combat (E)" not in rules(attack(ref, units, [], events=["F"]))  # nor must it


def test_volunteers(ref: WinterWarReferee) -> None:
    assert check(ref, [("v", "fin-2-2-2", "Helsinki", {"reinforcement": True})], events=["G"], player="finnish").ok
    r = check(ref, [("v", "fin-2-2-2", "0307", {"reinforcement": True})], events=["G"], player="finnish")
    assert rules(r) == ["Special Event G"]


# --- Input -----------------------------------------------------------------------------------------------------

def test_counter_specs_and_bad_input(ref: WinterWarReferee) -> None:
    p = P(ref, [("a", "Finnish 6-6-2", "Viipuri"), ("b", "soviet hq", "0709"), ("c", "SOV-20-12-2", "0708"),
                ("d", "Soviet HQ 0-1-2", "0810"), ("e", "finnish blank", "0307"), ("f", "Allied 3-2-2", "0306")])
    assert [u.counter for u in p.units] == ["fin-6-6-2", "sov-0-1-2", "sov-20-12-2", "sov-0-1-2", "fin-blank",
                                            "all-3-2-2"]
    assert p.by_id["a"].hex == "0409"
    with pytest.raises(DataFileError, match="unknown counter 'fin-9-9-9'"):
        P(ref, [("a", "fin-9-9-9", "0101")])
    with pytest.raises(DataFileError, match="no place named 'Stockholm'"):
        P(ref, [("a", "fin-6-6-2", "Stockholm")])
    with pytest.raises(DataFileError, match="unknown phase 'lunch'"):
        P(ref, [], phase="lunch")
    with pytest.raises(DataFileError, match="turn 11 is not a Game-Turn"):
        P(ref, [], turn=11)


def test_position_from_save_pieces(ref: WinterWarReferee) -> None:
    pieces = [{"id": "p1", "name": "Finnish 6-6-2", "hex": "0409"}, {"id": "p2", "name": "Game-Turn", "hex": "0101"},
              {"id": "p3", "name": "sov-0-1-2", "hex": "0709"}]
    pos = ref.from_pieces(pieces, turn=2, player="soviet", phase="movement")
    assert [(u.id, u.counter, u.hex) for u in pos.units] == [("p1", "fin-6-6-2", "0409"), ("p3", "sov-0-1-2", "0709")]
    assert ref.check(pos).ok


def test_six_stacks_combine_against_one_hex(ref: WinterWarReferee) -> None:
    # Combat (G): "as many as six stacks of units could participate in an attack upon a single hex"
    ring = ["0806", "0807", "0706", "0708", "0606", "0607"]
    units = [("hq", "sov-0-1-2", "0709"), ("f", "fin-2-2-3", "0707")] + [(f"s{i}", "sov-2-1-2", h)
                                                                          for i, h in enumerate(ring)]
    r = attack(ref, units, [{"attackers": [f"s{i}" for i in range(6)], "defenders": ["f"], "die": 2}])
    a = r.summary["attacks"][0]
    # surrounded in the USSR the Finn is isolated (Supply (G)) and defends at half: 12 against 1
    assert (a["attack"], a["defense"], a["odds"], a["result"]) == (12, 1, "6-1", "De")
    assert r.ok and r.units["f"]["supplied"] is False


def test_one_attack_on_two_hexes(ref: WinterWarReferee) -> None:
    # Combat (K): a unit attacking two adjacent hexes treats their defenders as one combined strength
    units = [HQ_LEN, ("s", "sov-20-12-2", "0608"), ("f", "fin-1-1-3", "0507"), ("g", "fin-2-2-3", "0509")]
    r = attack(ref, units, [{"attackers": ["s"], "defenders": ["f", "g"]}])
    assert rules(r) == ["Combat (C)"]  # 0507 is not next to 0608
    units2 = [HQ_LEN, ("s", "sov-20-12-2", "0608"), ("f", "fin-1-1-3", "0607"), ("g", "fin-2-2-3", "0509")]
    r2 = attack(ref, units2, [{"attackers": ["s"], "defenders": ["f", "g"]}])
    a = r2.summary["attacks"][0]
    assert r2.ok and (a["attack"], a["defense"], a["odds"]) == (20, 5, "4-1")  # 1 + 2 doubled in the fortification


def test_allies_in_sweden_neither_attack_nor_are_attacked(ref: WinterWarReferee) -> None:
    # Scenario B: on the R hex (0102) next to Finland; a Soviet unit on 0202 (Finland) beside it
    units = [("x", "all-3-2-2", "0102"), ("s", "sov-2-1-2", "0202"), ("h", "sov-0-1-2", "0201")]
    r = attack(ref, units, [], scenario="B", turn=4)
    assert r.ok  # no mandatory attack on the Allies in Sweden
    r2 = attack(ref, units, [{"attackers": ["s"], "defenders": ["x"]}], scenario="B", turn=4)
    assert rules(r2) == ["Scenario B"]


def test_scenario_e_withholds_later_20_12_2s(ref: WinterWarReferee) -> None:
    units = [HQ_LEN] + [(f"s{i}", "sov-20-12-2", h) for i, h in enumerate(["0708", "0708", "0808", "0810"])]
    assert check(ref, units, turn=3).ok  # three initial + the Game-Turn 3 reinforcement
    r = check(ref, units, turn=3, scenario="E", scenario_turn=2, optional_scenarios=True)
    assert rules(r) == ["Turn Record / Reinforcement Chart"]
    # rolled at the end of Game-Turn 5 (the Scenario Table gives E on Game-Turns 2 and 5): the Game-Turn 3 and 4
    # 20-12-2s had arrived before the threat
    assert check(ref, units, turn=6, scenario="E", scenario_turn=5, optional_scenarios=True).ok


_KINDS = ["fin-6-6-2", "fin-1-1-3", "fin-0-0-3", "fin-blank", "all-3-2-2", "sov-0-1-2", "sov-2-1-2", "sov-1-1-4",
          "sov-20-12-2", "sov-3-1-1"]
_HEXES = [f"{c:02d}{r:02d}" for c in range(1, 11) for r in range(1, 11)]


@settings(max_examples=60, deadline=None)
@given(units=st.lists(st.tuples(st.sampled_from(_KINDS), st.sampled_from(_HEXES), st.booleans()), max_size=14),
       turn=st.integers(1, 10), player=st.sampled_from(["soviet", "finnish"]),
       phase=st.sampled_from(["setup", "reinforcement", "movement", "combat", "end"]),
       moves=st.lists(st.sampled_from(_HEXES), max_size=14))
def test_any_position_gives_a_report(units: list[tuple[str, str, bool]], turn: int, player: str, phase: str,
                                     moves: list[str]) -> None:
    # an illegal position is representable and reported, never a crash (DESIGN.md)
    ref = WinterWarReferee(_MINI)
    after = [(f"u{i}", k, h, {"isolated": iso}) for i, (k, h, iso) in enumerate(units)]
    before = [(u, k, moves[i] if i < len(moves) else h, s) for i, (u, k, h, s) in enumerate(after)]
    state = {"attacks": [{"attackers": [after[0][0]], "defenders": [after[-1][0]], "die": 3}]} if (
        phase == "combat" and len(after) > 1) else {}
    r = check(ref, after, before, turn=turn, player=player, phase=phase, **state)
    d = json.loads(json.dumps(r.to_dict()))
    assert d["ok"] == (not d["violations"]) and set(d["units"]) == {u[0] for u in after}
    assert all(v["rule"] and v["message"] for v in d["violations"])


def test_scenario_d_finnish_reinforcements_placed_at_once(ref: WinterWarReferee) -> None:
    """Scenario D, rolled at the end of Game-Turn 1: the Finnish Game-Turn 3 reinforcements are placed in the
    Interphase in Finland, out of Soviet ZOC, with a line to Helsinki free of Soviet ZOC."""
    soviets = [HQ_LEN, ("s", "sov-2-1-2", "0507")]  # its ZOC covers 0407
    finns = [(f"f{i}", "fin-2-2-3", h) for i, h in enumerate(("0201", "0202", "0203", "0204"))]
    new = ("n", "fin-2-2-3", "0302", {"reinforcement": True})
    kw: dict[str, Any] = {"turn": 1, "player": "finnish", "phase": "interphase", "scenario": "D", "scenario_turn": 1}
    assert check(ref, [*soviets, *finns, new], **kw).ok
    in_zoc = ("n", "fin-2-2-3", "0407", {"reinforcement": True})
    assert rules(check(ref, [*soviets, *finns, in_zoc], **kw)) == ["Scenario D"]
    # without the Scenario the fifth 2-2-3 has not arrived by Game-Turn 1
    no_d = {**kw, "scenario": None}
    assert rules(check(ref, [*soviets, *finns, new], **no_d)) == ["Turn Record / Reinforcement Chart"]
    # the Soviets get their Game-Turn 3 and 4 units in their next Reinforcement Phase (Game-Turn 2), not before
    twenties = [(f"t{i}", "sov-20-12-2", h) for i, h in enumerate(("0809", "0809", "0808", "0808", "0708"))]
    assert rules(check(ref, [HQ_LEN, *twenties], **kw)) == ["Turn Record / Reinforcement Chart"]
    assert check(ref, [HQ_LEN, *twenties], **{**kw, "turn": 2, "player": "soviet", "phase": "movement"}).ok


def test_isolated_units_removed_when_scoring(ref: WinterWarReferee) -> None:
    """Scoring the Game: isolated units are removed before the Victory Points are counted, so an isolated Finn
    south of Row A in the USSR does not stop "all Finnish units south of Row A cleared"."""
    finn = ("f", "fin-2-2-3", "1008")  # deep in the USSR, south of Row A, cut off by the Soviet ring
    ring = [("a", "sov-6-4-2", "0907"), ("b", "sov-6-4-2", "0908"), ("c", "sov-6-4-2", "1007"),
            ("d", "sov-6-4-2", "1009"), HQ_LEN]
    end = check(ref, [finn, *ring], turn=10, player="finnish", phase="end")
    assert end.units["f"]["supplied"] is False
    assert end.summary["vp_detail"].get("south of Row A cleared") == 50
    mid = check(ref, [finn, *ring], turn=10, player="finnish", phase="movement")
    assert "south of Row A cleared" not in mid.summary["vp_detail"]


def test_odds_worse_than_1_to_4(ref: WinterWarReferee) -> None:
    """CRT: "odds worse than 1-4 are not permitted - if unavoidable, treat as a 1-4". A voluntary Finnish attack
    at 1 against 12 is refused; a Soviet attack (obligatory, Combat (E)) at 2 against 12 counts as 1-4."""
    units = [HQ_LEN, ("s", "sov-20-12-2", "0608"), ("f", "fin-1-1-3", "0508")]
    r = attack(ref, units, [{"attackers": ["f"], "defenders": ["s"], "die": 6}], player="finnish")
    assert rules(r) == ["Combat Results Table"] and r.summary["attacks"][0]["odds"] == "1-4"
    units = [HQ_LEN, ("s", "sov-2-1-2", "0608"), ("f", "fin-6-6-2", "0508")]  # 2 against 12 (fortified)
    r = attack(ref, units, [{"attackers": ["s"], "defenders": ["f"], "die": 6}])
    assert rules(r) == [] and (r.summary["attacks"][0]["odds"], r.summary["attacks"][0]["result"]) == ("1-4", "Ae")


def test_no_unit_leaves_the_map_while_moving(ref: WinterWarReferee) -> None:
    """Movement (K): no unit may move off the edge of the map; nothing is eliminated in a Movement Phase."""
    before = [HQ_LEN, ("a", "sov-2-1-2", "1008")]
    assert rules(check(ref, [HQ_LEN, ("a", "sov-2-1-2", "off")], before)) == ["Movement (K)"]
    assert rules(check(ref, [HQ_LEN], before)) == ["Movement (K)"]
    # in the Combat Phase a unit leaves the map when it is eliminated
    assert check(ref, [HQ_LEN, ("a", "sov-2-1-2", "off")], before, phase="combat").ok


def test_crt_retreat_onto_a_friendly_unit_in_enemy_zoc(ref: WinterWarReferee) -> None:
    """CRT, Retreating / Zones of Control (D): a unit may retreat onto a friendly unit on or south of Row A even
    in an enemy ZOC. A Finnish 4-4-2 and 2-2-3 (6) against a Soviet 2-2-2 (2): 3-1, die 3: Dr."""
    finns = [("f", "fin-4-4-2", "0607"), ("g", "fin-2-2-3", "0608")]
    before = [HQ_LEN, *finns, ("d", "sov-2-2-2", "0708"), ("k", "sov-2-1-2", "0707")]
    dr = [{"attackers": ["f", "g"], "defenders": ["d"], "die": 3}]
    onto = [HQ_LEN, *finns, ("d", "sov-2-2-2", "0707"), ("k", "sov-2-1-2", "0707")]  # 0707: next to 0607
    r = check(ref, onto, before, phase="combat", player="finnish", attacks=dr)
    assert r.ok and r.summary["attacks"][0]["result"] == "Dr"
    alone = [HQ_LEN, *finns, ("d", "sov-2-2-2", "0707")]
    assert rules(check(ref, alone, [HQ_LEN, *finns, ("d", "sov-2-2-2", "0708")], phase="combat", player="finnish",
                       attacks=dr)) == ["Combat Results Table"]


def test_scenario_e_adds_ten_to_positive_objectives(ref: WinterWarReferee) -> None:
    """Scenario E: "add 10 Victory Points to the value of each positive objective he captures (except the 5
    Victory Points he receives for each hex captured in the row west of Viipuri)"; Petsamo becomes 50."""
    units = [HQ_LEN, ("v", "sov-2-1-2", "0409"), ("w", "sov-2-1-2", "0309"), ("f", "fin-1-1-3", "0110")]
    mann = {"0508": "soviet", "0509": "soviet"}
    plain = check(ref, units, player="finnish", last_occupied=mann).summary
    assert plain["vp_detail"] == {"row west of Viipuri": 5, "Viipuri": 25, "Mannerheim Line": 40}
    assert (plain["victory_points"], plain["victory_level"]) == (70, "Marginal Soviet Victory")
    e = check(ref, units, player="finnish", last_occupied=mann, scenario="E", optional_scenarios=True).summary
    assert e["vp_detail"] == {"row west of Viipuri": 5, "Viipuri": 35, "Mannerheim Line": 50}
    assert (e["victory_points"], e["victory_level"]) == (90, "Substantive Soviet Victory")


def test_distance_limits_at_their_boundaries(ref: WinterWarReferee) -> None:
    """Initial Deployment (a): 20-12-2s within three hexes of Leningrad; Special Event F: the drop within six
    hexes of Leningrad; Murmansk Defense: seven combat units within a five-hex radius."""
    hq = ("h", "sov-0-1-2", "0707")
    assert _MINI.distance("0809", "0806") == 3 and _MINI.distance("0809", "0805") == 4
    assert check(ref, [hq, ("s", "sov-20-12-2", "0806")], turn=1, phase="setup").ok
    assert rules(check(ref, [hq, ("s", "sov-20-12-2", "0805")], turn=1, phase="setup")) == ["Initial Deployment (a)"]
    assert _MINI.distance("0809", "0209") == 6 and _MINI.distance("0809", "0109") == 7
    assert check(ref, [("p", "sov-3-1-1", "0209", {"air_dropped": True})], events=["F"]).ok
    assert rules(check(ref, [("p", "sov-3-1-1", "0109", {"air_dropped": True})], events=["F"])) == [
        "Special Event F"]
    ring = ["0801", "0702", "0703", "0602", "0603", "0704"]  # one unit a hex: all north of Row A
    garrison = [("mh", "sov-0-1-2", "0803")] + [(f"m{i}", "sov-2-1-2", h) for i, h in enumerate(ring)]
    assert _MINI.distance("0802", "0707") == 5 and _MINI.distance("0802", "0708") == 6
    assert check(ref, [*garrison, ("m7", "sov-2-1-2", "0707")], turn=4, phase="combat").ok
    short = check(ref, [*garrison, ("m7", "sov-2-1-2", "0708")], turn=4, phase="combat")
    assert rules(short) == ["Murmansk Defense"] and "only 6" in short.violations[0].message


def test_entraining_costs_one_movement_point(ref: WinterWarReferee) -> None:
    """Movement (J): from a non-rail hex a unit moves overland to a home rail hex and entrains for one more MP.
    0707 -> 0807 (1 MP) + entrain (1 MP) -> ride to 0803; from 0606 the walk alone takes 2 MP."""
    assert check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0803")], [HQ_LEN, ("a", "sov-2-1-2", "0707")]).ok
    r = check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0803")], [HQ_LEN, ("a", "sov-2-1-2", "0606")])
    assert rules(r) == ["Movement (C)"]


def test_scenario_b_allied_arrivals(ref: WinterWarReferee) -> None:
    """Scenario B: two 3-2-2s on the "R" hex at once, four more in the next Finnish Reinforcement Phase."""
    six = [(f"x{i}", "all-3-2-2", h) for i, h in enumerate(("0102", "0102", "0201", "0202", "0204", "0302"))]
    kw: dict[str, Any] = {"scenario": "B", "scenario_turn": 3, "optional_scenarios": True}
    assert check(ref, six[:2], turn=3, player="finnish", phase="interphase", **kw).ok
    assert rules(check(ref, six, turn=4, player="soviet", **kw)) == ["Turn Record / Reinforcement Chart"]
    assert check(ref, six, turn=4, player="finnish", phase="reinforcement", **kw).ok


def test_paradrop_starts_from_leningrad_at_the_end_of_the_soviet_turn(ref: WinterWarReferee) -> None:
    """Special Event F: dropped "provided it starts from Leningrad", "at the conclusion of the Soviet Player-Turn"."""
    dropped = [("p", "sov-3-1-1", "0407", {"air_dropped": True})]
    assert check(ref, dropped, [("p", "sov-3-1-1", "0809")], phase="combat", events=["F"]).ok
    r = check(ref, dropped, [("p", "sov-3-1-1", "0808")], phase="combat", events=["F"])
    assert rules(r) == ["Special Event F"] and "start from Leningrad" in r.violations[0].message
    r = check(ref, dropped, [("p", "sov-3-1-1", "0809")], phase="movement", events=["F"])
    assert rules(r) == ["Special Event F"] and "conclusion of the Soviet Player-Turn" in r.violations[0].message


def test_scenario_and_event_units_arrive_where_the_rules_say(ref: WinterWarReferee) -> None:
    """Scenario A: the Allies land on Petsamo; B and C: on the "R" hex; E: either. Special Event F: the paratroop
    is placed in Leningrad."""
    def new(hexid: str) -> tuple[str, str, str, dict[str, bool]]:
        return ("x", "all-3-2-2", hexid, {"reinforcement": True})

    kw: dict[str, Any] = {"player": "finnish", "phase": "interphase", "optional_scenarios": True}
    assert check(ref, [new("0601")], scenario="A", **kw).ok
    assert rules(check(ref, [new("0102")], scenario="A", **kw)) == ["Movement (K)", "Scenario A"]  # and in Sweden
    assert check(ref, [new("0102")], scenario="B", **kw).ok
    assert rules(check(ref, [new("0601")], scenario="C", **kw)) == ["Scenario C"]
    assert check(ref, [new("0601")], scenario="E", **kw).ok and check(ref, [new("0102")], scenario="E", **kw).ok
    para = ("p", "sov-3-1-1", "0809", {"reinforcement": True})
    assert check(ref, [HQ_LEN, para], events=["F"], phase="interphase").ok
    r = check(ref, [HQ_LEN, ("p", "sov-3-1-1", "0808", {"reinforcement": True})], events=["F"], phase="interphase")
    assert rules(r) == ["Special Event F"]


def test_a_scenario_or_event_means_the_optional_rule_no_murmansk_defense(ref: WinterWarReferee) -> None:
    """Murmansk Defense: "Do not use this rule when employing the Optional Scenario/Special Event rule" - a
    position with a Scenario or a Special Event employs it."""
    assert rules(check(ref, [HQ_LEN], turn=4, phase="combat")) == ["Murmansk Defense"]
    assert check(ref, [HQ_LEN], turn=4, phase="combat", scenario="A").ok
    assert check(ref, [HQ_LEN], turn=4, phase="combat", events=["K"]).ok
    assert check(ref, [HQ_LEN], turn=4, phase="combat", optional_scenarios=True).ok
