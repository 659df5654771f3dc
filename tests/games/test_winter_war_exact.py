"""Issue 15 item 4, on the 10x10 test map (tests/rules/minimap.py): both sides in one hex, arrivals judged from two
positions with no flag, the Scenario Table by Game-Turn, exact case letters, Movement (G) in positions and logs."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.games.winter_war.rules import WinterWarReferee
from toolkit.rules import Report

from ..rules.minimap import minimap

_MINI = minimap()
HQ_LEN = ("hq", "sov-0-1-2", "0709")


@pytest.fixture(scope="module")
def ref() -> WinterWarReferee:
    return WinterWarReferee(_MINI)


def P(ref: WinterWarReferee, units: list[Any], turn: int = 3, player: str = "soviet", phase: str = "movement",
      **state: Any):
    rows = [{"id": u[0], "counter": u[1], "hex": u[2], **({"state": u[3]} if len(u) > 3 else {})} for u in units]
    return ref.position({"game": "winter-war", "turn": turn, "player": player, "phase": phase, "state": state,
                         "units": rows}, "<test>")


def check(ref: WinterWarReferee, units: list[Any], before: list[Any] | None = None, **kw: Any) -> Report:
    return ref.check(P(ref, units, **kw), P(ref, before, **kw) if before is not None else None)


def rules(r: Report) -> list[str]:
    return [v.rule for v in r.violations]


# --- both sides in one hex ---------------------------------------------------------------------------------

def test_both_sides_in_one_hex_on_a_snapshot(ref: WinterWarReferee) -> None:
    r = check(ref, [HQ_LEN, ("s", "sov-2-1-2", "0607"), ("f", "fin-1-1-3", "0607")])
    assert rules(r) == ["Movement (F)"]
    assert r.violations[0].hexes == ("0607",) and set(r.violations[0].units) == {"s", "f"}
    # a blank is not a unit (Initial Deployment: dummies), and one side alone is fine
    assert check(ref, [HQ_LEN, ("s", "sov-2-1-2", "0607"), ("s2", "sov-2-1-2", "0607")]).ok


# --- arrivals from two positions ---------------------------------------------------------------------------

def test_reinforcement_placed_out_of_supply_needs_no_flag(ref: WinterWarReferee) -> None:
    """Sequence of Play: "Units must be placed on the map in a supplied state." 1001 is more than five hexes from
    the HQ and not a Supply City: a 2-1-2 placed there is isolated."""
    before = [HQ_LEN]
    r = check(ref, [HQ_LEN, ("a", "sov-2-1-2", "1001")], before, phase="reinforcement")
    assert rules(r) == ["Sequence of Play (Reinforcement Phase)"]
    assert check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0807")], before, phase="reinforcement").ok
    # a unit that was on the map already is not an arrival
    assert check(ref, [HQ_LEN, ("a", "sov-2-1-2", "1001")], [HQ_LEN, ("a", "sov-2-1-2", "1001")],
                 phase="reinforcement").rules() == []


def test_arrival_in_the_other_players_reinforcement_phase(ref: WinterWarReferee) -> None:
    r = check(ref, [HQ_LEN, ("f", "fin-1-1-3", "0204")], [HQ_LEN], phase="reinforcement", turn=2)
    assert rules(r) == ["Sequence of Play (Reinforcement Phase)"]
    assert check(ref, [HQ_LEN, ("f", "fin-1-1-3", "0204")], [HQ_LEN], phase="reinforcement", turn=2,
                 player="finnish").ok


def test_arrival_too_early_and_in_the_interphase(ref: WinterWarReferee) -> None:
    # Game-Turn 6's 8-3-2 placed on Game-Turn 5
    r = check(ref, [HQ_LEN, ("b", "sov-8-3-2", "0708")], [HQ_LEN], phase="reinforcement", turn=5)
    assert rules(r) == ["Turn Record / Reinforcement Chart"]
    assert check(ref, [HQ_LEN, ("b", "sov-8-3-2", "0708")], [HQ_LEN], phase="reinforcement", turn=6).ok
    # only Scenario and Special Event units are placed in the Interphase
    r2 = check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0708")], [HQ_LEN], phase="interphase", turn=2)
    assert rules(r2) == ["Sequence of Play (Scenario Interphase)"]


def test_allied_arrival_place_from_two_positions(ref: WinterWarReferee) -> None:
    kw: dict[str, Any] = {"scenario": "B", "scenario_turn": 3, "player": "finnish", "phase": "interphase", "turn": 3}
    assert check(ref, [("x", "all-3-2-2", "0102")], [], **kw).ok  # the "R" hex
    r = check(ref, [("x", "all-3-2-2", "0204")], [], **kw)
    assert rules(r) == ["Scenario B"]


def test_volunteers_and_paratroop_placed_from_two_positions(ref: WinterWarReferee) -> None:
    kw: dict[str, Any] = {"events": ["G"], "phase": "interphase", "turn": 2, "player": "finnish"}
    assert check(ref, [("v", "fin-2-2-2", "0203")], [], **kw).ok  # Oulu
    assert rules(check(ref, [("v", "fin-2-2-2", "0204")], [], **kw)) == ["Special Event G"]
    kw = {"events": ["F"], "phase": "interphase", "turn": 2, "player": "finnish"}
    assert check(ref, [HQ_LEN, ("p", "sov-3-1-1", "0809")], [HQ_LEN], **kw).ok  # Leningrad
    assert rules(check(ref, [HQ_LEN, ("p", "sov-3-1-1", "0808")], [HQ_LEN], **kw)) == ["Special Event F"]


# --- the Scenario Table ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("letter", "turn", "phase", "scenario_turn", "ok"), [
    ("A", 1, "movement", None, False),   # no Interphase yet
    ("A", 3, "movement", None, False),   # GT1: D only; GT2: C, D, E
    ("A", 4, "movement", None, True),    # GT3, 4 on a 4
    ("A", 3, "interphase", None, True),  # the Interphase of Game-Turn 3 itself
    ("D", 2, "movement", 1, True),       # GT1 on a 6
    ("D", 5, "movement", 3, False),      # GT3 gives A, B, C
    ("E", 3, "movement", 2, True),
    ("E", 5, "movement", 4, False),
    ("B", 9, "movement", None, True),
    ("C", 7, "movement", 6, False),      # the table has no column after Game-Turn 5
])
def test_scenario_letter_against_the_scenario_table(ref: WinterWarReferee, letter: str, turn: int, phase: str,
                                                    scenario_turn: int | None, ok: bool) -> None:
    state: dict[str, Any] = {"scenario": letter, "optional_scenarios": True}
    if scenario_turn is not None:
        state["scenario_turn"] = scenario_turn
    r = check(ref, [HQ_LEN], turn=turn, phase=phase, player="finnish", **state)
    assert r.ok is ok, r.to_text()
    if not ok:
        assert rules(r) == ["Optional Rule: Scenario/Special Events"]


def test_special_events_need_an_interphase(ref: WinterWarReferee) -> None:
    assert rules(check(ref, [HQ_LEN], turn=1, events=["H"])) == ["Optional Rule: Scenario/Special Events"]
    assert check(ref, [HQ_LEN], turn=1, phase="interphase", player="finnish", events=["K"]).ok


# --- case letters --------------------------------------------------------------------------------------------

def test_rail_through_zoc_cites_movement_j(ref: WinterWarReferee) -> None:
    before = [HQ_LEN, ("a", "sov-2-1-2", "0808")]
    blocked = [("f", "fin-2-2-3", "0704")]
    r = check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0802"), *blocked], before + blocked)
    assert rules(r) == ["Movement (J)"]
    # walking through the zone (0605 -> 0604 -> 0603: 0604 and 0603 beside the 2-2-3 in 0704) is the General Rule's
    # stop; entering it and stopping is legal
    r2 = check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0603"), *blocked], [HQ_LEN, ("a", "sov-2-1-2", "0605"), *blocked])
    assert rules(r2) == ["Zones of Control"]
    assert check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0604"), *blocked],
                 [HQ_LEN, ("a", "sov-2-1-2", "0605"), *blocked]).ok


# --- Movement (G) ---------------------------------------------------------------------------------------------

def test_movement_g_in_positions(ref: WinterWarReferee) -> None:
    moved = [HQ_LEN, ("a", "sov-2-1-2", "0707", {"moved": True})]
    r = check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0706")], moved)
    assert rules(r) == ["Movement (G)"]
    assert check(ref, [HQ_LEN, ("a", "sov-2-1-2", "0706")], [HQ_LEN, ("a", "sov-2-1-2", "0707")]).ok


def test_movement_g_in_a_log(ref: WinterWarReferee) -> None:
    """Three steps of one Movement Phase: a moves, b moves, a moves again. Each step is judged against the one
    before it as :meth:`next_step` carries it: the third step breaks Movement (G)."""
    steps = [P(ref, [HQ_LEN, ("a", "sov-2-1-2", h1), ("b", "sov-2-1-2", h2)])
             for h1, h2 in (("0707", "0808"), ("0706", "0808"), ("0706", "0807"), ("0705", "0807"))]
    before = steps[0]
    verdicts = []
    for after in steps[1:]:
        verdicts.append(ref.check(after, before).rules())
        before = ref.next_step(before, after)
    assert verdicts == [[], [], ["Movement (G)"]]
    # a carries its path and its two moves; b, moved in between, has the Player's hand withdrawn
    assert before.by_id["a"].state == {"path": ["0707", "0706", "0705"], "moves": 2}
    assert before.by_id["b"].state == {"path": ["0808", "0807"], "moved": True}
    assert steps[3].by_id["a"].state == {}
    # a new phase starts afresh
    combat = P(ref, [HQ_LEN, ("a", "sov-2-1-2", "0705"), ("b", "sov-2-1-2", "0807")], phase="combat")
    assert ref.next_step(before, combat).by_id["a"].state == {}


# --- Special Event J ------------------------------------------------------------------------------------------

def test_an_eliminated_unit_comes_back_only_as_special_event_j(ref: WinterWarReferee) -> None:
    """Special Event J: "The Soviet Player may add one 2-1-2 to his reinforcements during his next Reinforcement
    Phase. The unit must come from eliminated units, however." A 2-1-2 eliminated earlier (off the map) placed
    next to the HQ in the Soviet Reinforcement Phase."""
    gone = [HQ_LEN, ("x", "sov-2-1-2", None, {"eliminated": True}), ("y", "sov-2-1-2", None, {"eliminated": True})]
    back = [HQ_LEN, ("x", "sov-2-1-2", "0807"), ("y", "sov-2-1-2", None, {"eliminated": True})]
    kw = {"turn": 5, "phase": "reinforcement"}
    assert check(ref, back, gone, events=["J"], **kw).ok
    r = check(ref, back, gone, **kw)
    assert rules(r) == ["Special Event J"] and "Special Event J has not occurred" in r.violations[0].message
    both = [HQ_LEN, ("x", "sov-2-1-2", "0807"), ("y", "sov-2-1-2", "0808")]
    r = check(ref, both, gone, events=["J"], **kw)
    assert rules(r) == ["Special Event J"] and r.violations[0].units == ("y",)
    six = [HQ_LEN, ("x", "sov-6-4-2", None, {"eliminated": True})]
    r = check(ref, [HQ_LEN, ("x", "sov-6-4-2", "0807")], six, events=["J"], **kw)
    assert rules(r) == ["Special Event J"] and "only a Soviet 2-1-2" in r.violations[0].message
    # a unit never yet in play (no eliminated flag) is an ordinary reinforcement: the Turn Record judges it
    assert check(ref, [HQ_LEN, ("x", "sov-2-1-2", "0807")], [HQ_LEN, ("x", "sov-2-1-2", None)], **kw).ok
