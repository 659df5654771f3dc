"""Issue 15: a unit moved more than once in one Movement Phase, on the 10x10 test map (tests/rules/minimap.py).

Movement, Procedure: "Move each unit individually, tracing the path of its movement through the hexagonal grid."
Along a log a unit's path passes through every hex it was set down in (its ``path``); the next drag of the same
unit goes on with the same move, so the Movement Allowance is counted over the whole path (Movement (C)) and it
stops in the first enemy controlled hex it enters (Zones of Control, General Rule). Moving it again after
another unit moved breaks Movement (G)."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.errors import DataFileError
from toolkit.games.winter_war.rules import WinterWarReferee
from toolkit.rules.tracing import carry, moving

from .test_winter_war_exact import HQ_LEN, P, check, rules


@pytest.fixture(scope="module")
def ref() -> WinterWarReferee:
    from ..rules.minimap import minimap
    return WinterWarReferee(minimap())


def unit(uid: str, hex_id: str, *path: str, **state: Any) -> tuple[str, str, str, dict[str, Any]]:
    return (uid, "sov-2-1-2", hex_id, {**({"path": list(path)} if path else {}), **state})


# --- the trace carried along a log (generic) -----------------------------------------------------------------

def test_carry_goes_on_with_the_same_unit_and_withdraws_the_hand_from_the_others() -> None:
    t = carry({}, {"a": "0707", "b": "0808"}, {"a": "0706", "b": "0808"})
    assert t == {"a": {"path": ["0707", "0706"]}}
    t = carry(t, {"a": "0706", "b": "0808"}, {"a": "0705", "b": "0808"})  # a dragged on: the same move
    assert t == {"a": {"path": ["0707", "0706", "0705"]}}
    t = carry(t, {"a": "0705", "b": "0808"}, {"a": "0705", "b": "0807"})  # b moves: the hand left a
    assert t == {"a": {"path": ["0707", "0706", "0705"], "moved": True}, "b": {"path": ["0808", "0807"]}}
    t = carry(t, {"a": "0705", "b": "0807"}, {"a": "0704", "b": "0807"})  # a picked up again: a second move
    assert t["a"] == {"path": ["0707", "0706", "0705", "0704"], "moves": 2} and t["b"]["moved"] is True
    # a step that moves nothing changes nothing; arrivals and removals are not moves
    assert carry(t, {"a": "0704"}, {"a": "0704"})["a"] == t["a"]
    assert moving({"a": None, "b": "0101"}, {"a": "0102", "b": None}) == set()


# --- judged from the start of the phase: the path in the later position --------------------------------------

def test_two_drags_within_the_allowance_are_one_legal_move(ref: WinterWarReferee) -> None:
    assert check(ref, [HQ_LEN, unit("a", "0705", "0707", "0706", "0705")], [HQ_LEN, unit("a", "0707")]).ok


def test_the_allowance_is_counted_over_the_whole_path(ref: WinterWarReferee) -> None:
    """Movement (C): a 2-1-2 (Movement Allowance 2) dragged 0707 -> 0706 -> 0705 and back to 0706 entered three
    hexes, though it ends one hex from where it began."""
    r = check(ref, [HQ_LEN, unit("a", "0706", "0707", "0706", "0705", "0706")], [HQ_LEN, unit("a", "0707")])
    assert rules(r) == ["Movement (C)"]
    v = r.violations[0]
    assert v.hexes == ("0707", "0706", "0705") and v.units == ("a",)  # the hexes of the path, each once
    assert "a cannot trace its path 0707 -> 0706 -> 0705 -> 0706: " in v.message
    assert "counted over the whole traced path" in v.message
    # out and back within the allowance is legal
    assert check(ref, [HQ_LEN, unit("a", "0707", "0707", "0706", "0707")], [HQ_LEN, unit("a", "0707")]).ok
    # without a path the same positions are a legal one-hex move
    assert check(ref, [HQ_LEN, unit("a", "0706")], [HQ_LEN, unit("a", "0707")]).ok


def test_a_unit_that_entered_an_enemy_zone_may_not_move_on(ref: WinterWarReferee) -> None:
    """Zones of Control, General Rule: "Friendly units must stop their movement upon entering an Enemy controlled
    hex; they may not move further in that Movement Phase." 0705 is beside the Finnish 2-2-3 in 0704; the 2-1-2
    from 0706 stopped there may not go on to 0805 (one hex from 0706, a legal move on its own)."""
    fin = ("f", "fin-2-2-3", "0704")
    r = check(ref, [HQ_LEN, fin, unit("a", "0805", "0706", "0705", "0805")], [HQ_LEN, fin, unit("a", "0706")])
    assert rules(r) == ["Zones of Control"]
    assert r.violations[0].hexes == ("0706", "0705", "0805")
    assert check(ref, [HQ_LEN, fin, unit("a", "0805")], [HQ_LEN, fin, unit("a", "0706")]).ok
    assert check(ref, [HQ_LEN, fin, unit("a", "0705", "0706", "0705")], [HQ_LEN, fin, unit("a", "0706")]).ok


def test_moving_again_after_the_hand_was_withdrawn_breaks_movement_g(ref: WinterWarReferee) -> None:
    r = check(ref, [HQ_LEN, unit("a", "0706", "0707", "0706", moves=2)], [HQ_LEN, unit("a", "0707")])
    assert rules(r) == ["Movement (G)"]
    # even back where it began
    r = check(ref, [HQ_LEN, unit("a", "0707", "0707", "0706", "0707", moves=2)], [HQ_LEN, unit("a", "0707")])
    assert rules(r) == ["Movement (G)"]


def test_a_path_names_hexes_of_the_map(ref: WinterWarReferee) -> None:
    with pytest.raises(DataFileError, match=r"unit 'a': state\.path: "):
        P(ref, [HQ_LEN, unit("a", "0706", "0707", "9999")])


# --- judged step by step: next_step carries the path -----------------------------------------------------------

def test_next_step_judges_the_second_drag_against_the_first(ref: WinterWarReferee) -> None:
    """0707 -> 0706 -> 0705 (two hexes: the whole allowance), then a third drag to 0704: the first two steps are
    legal, the third exceeds the Movement Allowance counted from 0707 (Movement (C)), not from 0705."""
    steps = [P(ref, [HQ_LEN, unit("a", h)]) for h in ("0707", "0706", "0705", "0704")]
    before, verdicts = steps[0], []
    for after in steps[1:]:
        verdicts.append(ref.check(after, before).rules())
        before = ref.next_step(before, after)
    assert verdicts == [[], [], ["Movement (C)"]]
    assert before.by_id["a"].state == {"path": ["0707", "0706", "0705", "0704"]}
    # the same third drag on its own, from 0705, is a legal one-hex move
    assert ref.check(steps[3], steps[2]).ok
