"""A symbol's template learned from examples of two houses reaches, where it matches one house, over what lies
beside that house: the line tracers leave out only the symbol's own marks there (the template's pixels on the
symbol's colour as printed, ``SymbolReport.marks``), not the whole template, which took a road crossing beside a
single house out of the road (GMT Red Winter's main road at H19/I18)."""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from toolkit.terrain.extract import extract

from .drawn import blank_board

SNOW, GREY, ROOF = (242, 244, 246), (115, 117, 121), (168, 110, 76)
ROAD = ["0201", "0202", "0203", "0204"]
PAIR = (40, -40)  # the second house of each example, from the first


def _house(d, x: float, y: float) -> None:
    d.rectangle([x - 15, y - 15, x + 15, y + 15], fill=ROOF)


def _board():
    lay, grid, im, d = blank_board(5, 4, size=80.0, origin=(90.0, 80.0), image=(720, 680), paper=SNOW,
                                   ink=(200, 204, 210))
    pts = [lay.hex_to_pixel(grid.hex(i)) for i in ROAD]
    d.line([(pts[0][0], pts[0][1] - 80), *pts, (pts[-1][0], pts[-1][1] + 80)], fill=GREY, width=10)
    for h in ("0401", "0402", "0502"):  # the village's examples: two houses each
        x, y = lay.hex_to_pixel(grid.hex(h))
        _house(d, x - PAIR[0] / 2, y - PAIR[1] / 2)
        _house(d, x + PAIR[0] / 2, y + PAIR[1] / 2)
    # one house in 0203, down-left of where the road crosses its top side by the pair's offset: the template's
    # other house lands on that crossing (matched with its middle inside 0203 only so)
    x, y = lay.hex_to_pixel(grid.hex("0203"))
    _house(d, x - PAIR[0], y - 69.3 - 6 - PAIR[1])
    return lay, grid, im


def _legend() -> dict:
    return {"terrain": {"snow": {"hexes": ["0101", "0104", "0501"]},
                        "village": {"hexes": ["0401", "0402", "0502"], "symbol": True, "threshold": 0.4}},
            "features": {"road": {"colour": "#73757a", "kind": "across", "trace": True,
                                  "yes": ["0201/0202", "0203/0204"]}}}


def test_a_road_beside_a_single_house_is_not_taken_out_with_the_templates_other_house():
    _, grid, im = _board()
    ext = extract(im, grid, _legend())
    assert ext.symbols["village"] == {"0203", "0401", "0402", "0502"}
    rep = ext.symbol_reports["village"]
    assert len(rep.marks) == len(rep.stamps)
    assert all(m.shape == rep.template.shape and not (m & ~rep.template).any() for m in rep.marks)
    found = {k for k, v in ext.hexsides.items() if "road" in v}
    assert found == {grid.side_key(a, b) for a, b in pairwise(ROAD)}
    assert np.count_nonzero(rep.template) > max(np.count_nonzero(m) for m in rep.marks) / 2


def test_a_symbol_is_in_the_hex_its_marks_are_in():
    """One house 10 px above the side between 0303 and 0304: the two-house template matched on it has its centre
    in 0304 when the house is taken as its upper-right one; the marks it matched lie in 0303 only (old code: the
    symbol found in both)."""
    lay, grid, im, d = blank_board(5, 4, size=80.0, origin=(90.0, 80.0), image=(720, 680), paper=SNOW,
                                   ink=(200, 204, 210))
    for h in ("0401", "0402", "0502"):
        x, y = lay.hex_to_pixel(grid.hex(h))
        _house(d, x - PAIR[0] / 2, y - PAIR[1] / 2)
        _house(d, x + PAIR[0] / 2, y + PAIR[1] / 2)
    x, y = lay.hex_to_pixel(grid.hex("0303"))
    _house(d, x, y + 69.3 - 25)
    legend = _legend()
    del legend["features"]
    ext = extract(im, grid, legend)
    assert ext.symbols["village"] == {"0303", "0401", "0402", "0502"}
