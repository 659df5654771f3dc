"""A line printed in the colour of another line's fill, that other line traced in the ink (MMP Bastogne: the trail a
tan band, the road the same tan between two black edges; a new user's legend gives the road by its black edges and
the trail by its tan, each marking the other's example sides ``no:``). The trail's colour crosses every road side too;
as the legend marks each the other's sides ``no:``, it ranks neither (extract_sides._exclusive), and the rule for a line
that is another's fill (extract_sides._fills) took only traced coloured lines, not a road traced in the ink: the trail
was reported on every road side (Bastogne: 222 false trail links). Now a road traced in the ink counts too: the trail
crosses each of its marked sides, the road crosses none of the trail's, so where the road crosses, the trail is its
fill."""

from __future__ import annotations

from itertools import pairwise

from toolkit.terrain.extract import extract

from .drawn import blank_board

BLACK, TAN = (35, 31, 32), (181, 165, 99)
ROAD = ["0102", "0202", "0302", "0402", "0502", "0602", "0702", "0802"]
TRAIL = ["0105", "0205", "0305", "0405", "0505", "0605", "0705"]


def _board():
    lay, grid, im, d = blank_board(columns=8, rows=6, size=30.0, image=(400, 400), paper=(255, 255, 255),
                                   ink=(150, 120, 80))
    road = [lay.hex_to_pixel(grid.hex(h)) for h in ROAD]
    d.line(road, fill=BLACK, width=9, joint="curve")
    d.line(road, fill=TAN, width=5, joint="curve")
    d.line([lay.hex_to_pixel(grid.hex(h)) for h in TRAIL], fill=TAN, width=5, joint="curve")
    return im, grid


def _legend(grid) -> dict:
    road = [f"{a}/{b}" for a, b in list(pairwise(ROAD))[2:4]]
    trail = [f"{a}/{b}" for a, b in list(pairwise(TRAIL))[2:4]]
    return {"terrain": {"open": {"hexes": ["0801", "0806", "0404"]}},
            "features": {"road": {"colour": "#231f20", "kind": "across", "trace": True, "yes": road, "no": trail},
                         "trail": {"colour": "#b5a563", "kind": "across", "trace": True, "yes": trail, "no": road}}}


def test_a_line_in_the_fill_of_a_road_traced_in_the_ink_is_not_reported_there():
    im, grid = _board()
    ext = extract(im, grid, _legend(grid))
    want = {name: {grid.side_key(a, b) for a, b in pairwise(path)} for name, path in (("road", ROAD),
                                                                                      ("trail", TRAIL))}
    # the trail's tan crosses the road's sides too: without the rule it would be reported there
    assert all(ext.side_scores["trail"].get(k, 0) >= 0.5 for k in want["road"])
    for name in ("road", "trail"):
        assert {k for k, v in ext.hexsides.items() if name in v} == want[name], name
