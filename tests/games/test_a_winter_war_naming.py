"""A Winter War's Europa hex ids (35:XXYY) and turn tracker names (toolkit.games.a_winter_war.naming)."""

from __future__ import annotations

import pytest

from toolkit.errors import HexIdError, InputError
from toolkit.games.a_winter_war import naming
from toolkit.games.a_winter_war.naming import NUMBERING, canonical, hex_id, hex_number, hexrow, tracker_path


def dist(a: str, b: str) -> int:
    return NUMBERING.hex_of(canonical(a)).distance(NUMBERING.hex_of(canonical(b)))


def test_ids_spell_row_then_hex_number():
    assert hex_id(45, 26) == "35:4526"
    assert hex_id(1, 1) == "35:0101"
    assert (hexrow("35:4526"), hex_number("35:4526")) == (45, 26)
    assert canonical("4317") == "35:4317"
    assert canonical(" 35:0701 ") == "35:0701"
    with pytest.raises(HexIdError):
        canonical("36:0101")
    with pytest.raises(HexIdError):
        canonical("Helsinki")


def test_hex_numbers_grow_west_and_rows_grow_south():
    # the plane of the numbering: x grows east, y grows south
    from toolkit.hexgrid import Layout
    lay = Layout.regular("pointy", 1.0)
    x1, y1 = lay.hex_to_pixel(NUMBERING.hex_of("35:4526"))
    x2, y2 = lay.hex_to_pixel(NUMBERING.hex_of("35:4527"))
    _x3, y3 = lay.hex_to_pixel(NUMBERING.hex_of("35:4626"))
    assert x2 < x1 and y2 == y1  # 27 is west of 26 on the same row
    assert y3 > y1  # row 46 is south of row 45


@pytest.mark.parametrize(("a", "b"), [
    # 27B: "from 35:4919 to the island of Lavan (35:4819), then via Tytar (35:4820) and Suur (35:4721/4621)
    # to Kotka (35:4521) or 35:4522"
    ("4919", "4819"), ("4819", "4820"), ("4820", "4721"), ("4721", "4621"), ("4621", "4521"), ("4621", "4522"),
    # 29B2 and the Q&A: hexsides 4317/4316, 4516/4515, 4614/4715, 4614/4714, 4713/4613
    ("4317", "4316"), ("4516", "4515"), ("4614", "4715"), ("4614", "4714"), ("4713", "4613"),
    # naval coast-defence example: units in 4713 and 4714 attack into 4613
    ("4714", "4613"),
    # 30A2: Turku's way to open sea via 35:4331; 3E: 35:0201, 0301, 0302 are one Soviet area
    ("4230", "4331"), ("0201", "0301"), ("0301", "0302"),
])
def test_adjacencies_the_rules_print(a, b):
    assert dist(a, b) == 1


def test_the_one_printed_path_that_does_not_fit():
    # 30A2 lists Helsinki's route 4526, 4527, 4528, 4628, 4727, 4827: 4628 and 4727 are two apart here
    assert [dist(a, b) for a, b in [("4526", "4527"), ("4527", "4528"), ("4528", "4628"), ("4628", "4727"),
                                    ("4727", "4827")]] == [1, 1, 1, 2, 1]


def test_turns_and_tracker():
    # 35A: Dec I 39 .. the Finnish turn of Mar I 40; 36E: "The war may not go beyond the Mai II 40 turn"
    assert naming.TURNS[0] == "Dec I 39" and naming.TURNS[-1] == "May II 40" and len(naming.TURNS) == 12
    assert naming.turn_name(7) == "Mar I 40" and naming.END_TURN == 7
    assert [naming.turn_name(t) for t in range(8, 13)] == ["Mar II 40", "Apr I 40", "Apr II 40", "May I 40",
                                                            "May II 40"]
    assert tracker_path(1, "soviet", "initial") == (0, 0, 0)
    assert tracker_path(3, "Finnish", "air") == (2, 1, 2)
    assert tracker_path(8, "finnish", "exploitation") == (7, 1, 4)
    assert tracker_path(12, "finnish", "exploitation") == (11, 1, 4)  # 36E: the last turn there can be
    with pytest.raises(InputError, match=r"turn 13 is not a game turn .*May II 40.*36E"):
        tracker_path(13, "soviet", "initial")
    with pytest.raises(InputError):
        naming.turn_name(0)
    with pytest.raises(InputError):
        tracker_path(1, "swedish", "initial")
    with pytest.raises(InputError):
        tracker_path(1, "soviet", "supply")


def test_rule_hexes_are_ids():
    assert naming.RULE_HEXES["Helsinki"][0] == "35:4526"
    assert all(canonical(h) == h for h, _ in naming.RULE_HEXES.values())


def test_piece_names():
    assert naming.counter_spec("fin-inf-xx-4-5-6") == "fin-inf-xx-4-5-6"
    assert naming.counter_spec(" sov-air-i16 ") == "sov-air-i16"
    assert naming.counter_spec("ob-sov-rifle-xx") == "ob-sov-rifle-xx"
    for other in ("Terrain overlay", "Fort", "Finnish capital", "", "fin", "Soviet 5-6"):
        assert naming.counter_spec(other) is None
