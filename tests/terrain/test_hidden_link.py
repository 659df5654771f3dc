"""A road or railway runs on from hex to hex (extract_sides._hidden_links): where a line followed whole ends in two
neighbouring hexes, each holding one link of it, and the path through them keeps its heading, the line runs on
across the side between them, hidden there (a road number's disc printed over it, a town's art, another line over
it). Two roads ending side by side, each turning away from the other, are not joined; nor is a side the legend
marks ``no``."""

from __future__ import annotations

import math
from itertools import pairwise

import numpy as np

from toolkit.terrain.extract import extract

from .drawn import blank_board

SAND = (236, 214, 160)
BROWN = (120, 92, 24)
ROAD = ["0102", "0202", "0302", "0402", "0502", "0602", "0702"]
HIDDEN = ("0402", "0502")  # a disc printed over the road where it crosses this side
# two roads ending side by side, in 0305 and 0306, each coming from the west
BESIDE = (["0105", "0205", "0305"], ["0106", "0206", "0306"])


def _board():
    lay, grid, im, d = blank_board(paper=SAND, ink=(250, 250, 246))
    for path in (ROAD, *BESIDE):
        d.line([lay.hex_to_pixel(grid.hex(i)) for i in path], fill=BROWN, width=4)
    # the disc: white, outlined in dark grey, 0.4 of a hex across either way of the side's middle (GMT Red Winter's
    # road numbers, printed over the road)
    (x0, y0), (x1, y1) = lay.hexside_endpoints(grid.hexside(grid.side_key(*HIDDEN)))
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    d.ellipse([mx - 12, my - 12, mx + 12, my + 12], fill=(252, 252, 252), outline=(60, 60, 60), width=2)
    return grid, im


def _found(grid, im, no: list[str] | None = None) -> set[str]:
    road = {"colour": "#785c18", "kind": "across", "trace": True, "yes": ["0202/0302", "0602/0702"]}
    if no:
        road["no"] = no
    legend = {"terrain": {"sand": {"hexes": ["0801", "0806", "0101"]}}, "features": {"road": road}}
    ext = extract(im, grid, legend)
    return {k for k, v in ext.hexsides.items() if "road" in v}


def _links(grid, path: list[str]) -> set[str]:
    return {grid.side_key(a, b) for a, b in pairwise(path)}


def test_a_road_hidden_at_one_side_runs_on():
    """The road's six links, 0402/0502 under the disc included (old code: not found, the road's two ends left apart);
    the two roads ending side by side stay apart (0305/0306 is no link: each turns away from the other)."""
    grid, im = _board()
    assert _found(grid, im) == _links(grid, ROAD) | _links(grid, BESIDE[0]) | _links(grid, BESIDE[1])


def test_a_side_marked_no_is_not_joined():
    grid, im = _board()
    marked = grid.side_key(*HIDDEN)
    assert _found(grid, im, [marked]) == (_links(grid, ROAD) - {marked}) | _links(grid, BESIDE[0]) | _links(
        grid, BESIDE[1])


def test_a_side_another_line_of_its_colour_is_found_on_is_not_joined():
    """The join itself (extract_sides._hidden_links) on found sides: a road ending in 0402 and 0502 (from 0302 and
    0602) is joined across 0402/0502, unless a trail the legend gives the road's colour is found there (the two are
    not told apart by colour: the crossing seen is the trail's); a river of another colour there does not stop it."""
    from toolkit.terrain.extract_legend import legend_from_dict
    from toolkit.terrain.extract_sides import _hidden_links

    _, grid, _, _ = blank_board()
    leg = legend_from_dict({"terrain": {"sand": {"colour": "#ecd6a0"}},
                            "features": {"road": {"colour": "#785c18", "kind": "across", "trace": True},
                                         "trail": {"colour": "#7a5e1a", "kind": "across"},
                                         "river": {"colour": "#3070d0", "kind": "across"}}})
    colours = {f.name: np.array(f.lab, np.float32) for f in leg.features}
    hidden = grid.side_key(*HIDDEN)
    for other, joined in (("trail", False), ("river", True), (None, True)):
        found = {k: {"road"} for k in _links(grid, ROAD) - {hidden}}
        if other:
            found[hidden] = {other}
        _hidden_links({"road"}, leg, grid, found, colours, {"road": (20.0, 0.5)})
        assert ("road" in found.get(hidden, set())) is joined, other
        assert {k for k, v in found.items() if "road" in v} == _links(grid, ROAD) - (set() if joined else {hidden})


def test_the_turn_is_counted_in_sides():
    """The path's turn at a hex, in steps of 60 degrees, whatever the hex's orientation: straight on 0, a zigzag
    across hexes +-1, back the way it came 3."""
    from toolkit.hexgrid.coords import DIRECTIONS
    from toolkit.terrain.extract_sides import _turn

    assert [_turn(0, d) for d in range(6)] == [0, 1, 2, 3, -2, -1]
    assert _turn(5, 0) == 1 and _turn(0, 5) == -1
    assert len(DIRECTIONS) == 6 and math.isclose(360 / len(DIRECTIONS), 60)


def _old_hidden_links(followed, leg, grid, found, colours, thresholds):
    """extract_sides._hidden_links as landed in a18dc4e (every end against every end): the oracle for the
    neighbour look-up (review35 C9)."""
    from toolkit.hexgrid.coords import direction_to
    from toolkit.terrain.extract_sides import _side_set, _turn

    for feat in leg.features:
        if feat.kind != "across" or feat.name not in followed:
            continue
        ends: dict[str, list[str]] = {}
        for kk, names in found.items():
            if feat.name in names:
                a, _, b = kk.partition("/")
                ends.setdefault(a, []).append(b)
                ends.setdefault(b, []).append(a)
        hexes = {h: grid.hex(h) for h, nb in ends.items() if len(nb) == 1}
        refused = _side_set(feat.no)
        own = np.asarray(colours.get(feat.name, feat.lab), np.float32)
        tol = thresholds.get(feat.name, (0.0, 0.0))[0]
        alike = {g.name for g in leg.features if g.kind == "across" and g.name != feat.name and float(np.sqrt(
            ((np.asarray(colours.get(g.name, g.lab), np.float32) - own) ** 2).sum())) <= tol}
        pairs = []
        for a, ha in hexes.items():
            for b, hb in hexes.items():
                if a >= b or ha.distance(hb) != 1 or tuple(sorted((a, b))) in refused or \
                        found.get(grid.side_key(a, b), set()) & alike:
                    continue
                x, y = grid.hex(ends[a][0]), grid.hex(ends[b][0])
                if x == y:
                    continue
                t1 = _turn(direction_to(x, ha), direction_to(ha, hb))
                t2 = _turn(direction_to(ha, hb), direction_to(hb, y))
                if abs(t1) <= 1 and abs(t2) <= 1 and abs(t1 + t2) <= 1:
                    pairs.append((a, b))
        many = {h for h in hexes if sum(h in p for p in pairs) > 1}
        for a, b in pairs:
            if a not in many and b not in many:
                found.setdefault(grid.side_key(a, b), set()).add(feat.name)


def test_the_neighbour_look_up_finds_the_pairs_every_end_against_every_end_found():
    """review35 C9: each end's six neighbours looked up among the ends (O(ends)) in place of every end against
    every end; the same sides on 400 random readings of a 12 x 10 board (a road, a trail of a like colour, a third
    line of another colour; many ends, short pieces side by side, refused sides)."""
    import random

    from toolkit.terrain.extract_legend import legend_from_dict
    from toolkit.terrain.extract_sides import _hidden_links

    _, grid, _, _ = blank_board(columns=12, rows=10)
    sides = [grid.side_key(grid.id(h), grid.id(n)) for h in grid.hexes() for n in h.neighbours() if n in grid]
    sides = sorted(set(sides))
    rng = random.Random(14)
    joined = 0
    for _ in range(400):
        no = rng.sample(sides, 6)
        leg = legend_from_dict({"terrain": {"sand": "#ecd6a0"}, "features": {
            "road": {"colour": "#785c18", "kind": "across", "no": no},
            "trail": {"colour": "#7a5e1a", "kind": "across"},
            "rail": {"colour": "#202020", "kind": "across"}}})
        colours = {f.name: np.asarray(f.lab, np.float32) for f in leg.features}
        thresholds = {f.name: (8.0, 8.0) for f in leg.features}
        found: dict[str, set[str]] = {}
        for k in rng.sample(sides, rng.randrange(5, 120)):
            found[k] = set(rng.sample(["road", "trail", "rail"], rng.randrange(1, 3)))
        followed = set(rng.sample(["road", "trail", "rail"], rng.randrange(1, 4)))
        new = {k: set(v) for k, v in found.items()}
        old = {k: set(v) for k, v in found.items()}
        _hidden_links(followed, leg, grid, new, colours, thresholds)
        _old_hidden_links(followed, leg, grid, old, colours, thresholds)
        assert new == old
        joined += new != found
    assert joined > 50  # the readings join sides often enough for the comparison to mean something
