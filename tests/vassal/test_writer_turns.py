"""Turn tracker states: reading ``TURN<id>`` lines into level trees, and writing a module's tracker set to a turn.

VASSAL writes a TurnTracker's state as ``<currentLevel>|<level>|...``; each level as ``current;subLevel;
<two own fields>;<child level>;...`` (``TurnLevel.getState``), a child nested with one more backslash before
each of its delimiters (SequenceEncoder, §2.3 / §2.5).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from toolkit.errors import VassalFormatError
from toolkit.vassal import Module, read_save
from toolkit.vassal.save import TrackerState, TurnLevelState
from toolkit.vassal.writer import new_save, tracker_state

# Three nested ListTurnLevels (10 turns > 2 players > 3 phases) at turn 8, second player, second phase:
# the state VASSAL 3.6's TurnTracker.getState() returned after executing our save (recorded with the oracle's
# engine; see tests/games/test_winter_war_save.py)
NESTED = ("0|7;0;0;true,true,true,true,true,true,true,true,true,true;1\\;0\\;0\\;true,true\\;1\\\\;0\\\\;0\\\\;"
          "true,true,true")

TRACKER_XML = """<VASSAL.build.GameModule name="T" version="1">
  <VASSAL.build.module.turn.TurnTracker name="Turn">
    <VASSAL.build.module.turn.ListTurnLevel list="{turns}" name="Game-Turn">
      <VASSAL.build.module.turn.ListTurnLevel list="A,B" name="Player-Turn">
        <VASSAL.build.module.turn.ListTurnLevel list="R,M,C" name="Phase"/>
      </VASSAL.build.module.turn.ListTurnLevel>
    </VASSAL.build.module.turn.ListTurnLevel>
  </VASSAL.build.module.turn.TurnTracker>
</VASSAL.build.GameModule>"""


def _module(xml: str) -> Module:
    return Module(etree.fromstring(xml.encode()), source="<test>")


def test_nested_state_parses_and_reencodes_exactly() -> None:
    state = TrackerState.parse(NESTED)
    assert state.path() == (7, 1, 1)
    game_turn = state.levels[0]
    assert game_turn.own == ("0", ",".join(["true"] * 10))
    assert game_turn.children[0].own == ("0", "true,true")
    assert game_turn.children[0].children[0] == TurnLevelState(1, 0, ("0", "true,true,true"), ())
    assert state.encode() == NESTED


def test_flat_counter_state_from_the_reference() -> None:
    state = TrackerState.parse("0|1;0;false;10")  # Kassala's save (§2.5)
    assert state == TrackerState(0, (TurnLevelState(1, 0, ("false", "10"), ()),))
    assert state.path() == (1,) and state.encode() == "0|1;0;false;10"


def test_tracker_state_of_a_nested_module_matches_the_engine() -> None:
    module = _module(TRACKER_XML.format(turns=",".join(str(t) for t in range(1, 11))))
    line = tracker_state(module, (7, 1, 1))
    assert (line.tracker, line.state) == ("TurnTracker0", NESTED)
    # a shorter path: the deeper levels as after a reset (their first item)
    assert TrackerState.parse(tracker_state(module, (2,)).state).path() == (2, 0, 0)


@pytest.mark.parametrize("path, message", [
    ((10, 0, 0), "turn level 'Game-Turn' has no item 10 (it has 10)"),
    ((0, 2, 0), "turn level 'Player-Turn' has no item 2 (it has 2)"),
    ((0, 0, -1), "turn level 'Phase' has no item -1 (it has 3)"),
    ((0, 0, 0, 0), "turn level 'Phase' has no nested level for [0]"),
])
def test_tracker_state_rejects_a_place_not_on_the_tracker(path: tuple[int, ...], message: str) -> None:
    module = _module(TRACKER_XML.format(turns=",".join(str(t) for t in range(1, 11))))
    with pytest.raises(VassalFormatError, match=message.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)")):
        tracker_state(module, path)


def test_module_without_tracker() -> None:
    with pytest.raises(VassalFormatError, match="the module has no turn tracker"):
        tracker_state(_module('<VASSAL.build.GameModule name="T"/>'), (0,))


@pytest.mark.parametrize("text, message", [
    ("x|1;0;false;10", "current level 'x' is not a whole number"),
    ("0|1;0;false", "has 3 fields, not 4 or more"),
    ("0|one;0;false;10", "current 'one' is not a whole number"),
])
def test_malformed_states_are_one_line_errors(text: str, message: str) -> None:
    with pytest.raises(VassalFormatError, match=message):
        TrackerState.parse(text)


_own = st.tuples(st.sampled_from(["0", "1", "false", "true"]),
                 st.text(alphabet="truefals,;|\\'0-9", max_size=12))
_levels = st.recursive(
    st.builds(TurnLevelState, st.integers(-5, 2000), st.integers(0, 3), _own, st.just(())),
    lambda kids: st.builds(TurnLevelState, st.integers(-5, 2000), st.integers(0, 3), _own,
                           st.lists(kids, min_size=1, max_size=3).map(tuple)),
    max_leaves=8)


@given(st.integers(0, 3), st.lists(_levels, min_size=1, max_size=3).map(tuple))
def test_encode_parse_round_trip(current: int, levels: tuple[TurnLevelState, ...]) -> None:
    state = TrackerState(current, levels)
    assert TrackerState.parse(state.encode()) == state


@pytest.mark.parametrize("build, save", [
    ("rummelsworth__vassal-module-kassala/vmod__buildFile.xml", "rummelsworth__vassal-module-kassala/"
     "vmod__Default_Setup.vsav"),
    ("Cattlesquat__PathsOfGlory/buildFile.xml", "Cattlesquat__PathsOfGlory/Classic10-8.vsav"),
])
def test_tracker_state_reproduces_real_saves(corpus, build: str, save: str) -> None:
    """Both real modules' CounterTurnLevel at turn 1: our line is the one VASSAL wrote in their saves."""
    real = read_save(corpus / save).turns()
    module = Module.open(corpus / build)
    assert real == [tracker_state(module, (1,))]


def test_new_save_writes_the_tracker_line_before_end_save() -> None:
    module = _module(TRACKER_XML.format(turns="1,2,3"))
    save = new_save(module, [], turn=(2, 0, 2))
    lines = [c.text for c in save.top_level()]
    assert lines[-2:] == ["TURNTurnTracker0\t0|2;0;0;true,true,true;0\\;0\\;0\\;true,true"
                          "\\;2\\\\;0\\\\;0\\\\;true,true,true", "end_save"]
    assert [t.state for t in save.turns()] == [lines[-2].split("\t")[1]]
    assert not new_save(module, []).turns()
