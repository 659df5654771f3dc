"""A match on art the legend does not know is not the symbol (toolkit/terrain/symbols.py ``_strange``): MMP
Bastogne's lettered entry discs (an orange ball ringed and shadowed in the villages' dark red) matched the
village template (scores 0.44-0.49, threshold 0.28: six false villages, 1.08, 1.26, 9.01, 26.34, 27.01, 38.34).
Their orange is in no example hex and is no terrain's or line's colour: a fifth or more of the box around the
match (0.26-0.41 there; villages 0-0.11). The drawn discs are 12 px (11 px before the printed hex lines' colour was
known to the rule: their boxes' hex-line pixels then counted as unknown art, and an 11 px disc's share fell from over
0.2 to 0.192; the real discs stay out, village 59/65 at 59/60 as before). The real discs' shares since (main 3b08ca4,
the amended legend): 1.08 0.279, 1.26 0.297, 9.01 0.340, 26.34 0.276, 27.01 0.344, 38.34 0.265: the least 0.065 over
``STRANGE``; the most of a found village 0.107 (29.17). An 11 px disc is the known limit (strict xfail below)."""

from __future__ import annotations

import pytest
from PIL import Image

from toolkit.hexgrid import Grid
from toolkit.terrain import symbols
from toolkit.terrain.extract import extract

from .drawn import blank_board

SIZE = 30.0
RED, ORANGE = (126, 24, 31), (236, 140, 60)
VILLAGES = {"0202": (0, 0), "0304": (3, -2), "0603": (-4, 2), "0705": (2, 3), "0104": (-3, -3)}
BLOCKS = [(-8, -6), (0, -3), (-4, 4)]
EXAMPLES = ["0202", "0304", "0603"]
DISCS = ["0402", "0505"]


def _board(disc: int = 12) -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(size=SIZE, image=(400, 420))
    for hid, (ox, oy) in VILLAGES.items():
        x, y = lay.hex_to_pixel(grid.hex(hid))
        for dx, dy in BLOCKS:
            d.rectangle([x + ox + dx, y + oy + dy, x + ox + dx + 5, y + oy + dy + 4], fill=RED)
    for hid in DISCS:  # an orange disc ringed in the villages' red, with its blocks' red in a crescent below
        x, y = lay.hex_to_pixel(grid.hex(hid))
        d.ellipse([x - disc, y - disc, x + disc, y + disc], fill=RED)
        d.ellipse([x - disc + 2, y - disc + 2, x + disc - 2, y + disc - 5], fill=ORANGE)
    return im, grid


def _legend() -> dict[str, object]:
    return {"terrain": {"clear": {"hexes": ["0101", "0503", "0802"]},
                        "village": {"hexes": EXAMPLES, "symbol": True, "threshold": 0.3}},
            "priority": ["village", "clear"]}


def test_a_match_on_art_the_legend_does_not_know_is_not_the_symbol(monkeypatch):
    im, grid = _board()
    ext = extract(im, grid, _legend(), features=False)
    assert ext.symbols["village"] == set(VILLAGES)
    monkeypatch.setattr(symbols, "STRANGE", 2.0)  # no share is that high: the old reading
    old = extract(im, grid, _legend(), features=False)
    assert old.symbols["village"] == set(VILLAGES) | set(DISCS)


@pytest.mark.xfail(strict=True, reason="an 11 px disc's box is 0.192 unknown art, under STRANGE = 0.2 since the hex "
                   "lines' colour is known art (1665f58): it passes as a village")
def test_a_smaller_disc_is_not_the_symbol_either():
    im, grid = _board(disc=11)
    ext = extract(im, grid, _legend(), features=False)
    assert ext.symbols["village"] == set(VILLAGES)
