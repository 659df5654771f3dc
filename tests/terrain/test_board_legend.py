"""The board's legend explains every symbol the renderer draws; Row A is drawn and labelled; the board
carries the map's title, scale and provenance."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from toolkit.games import get_game
from toolkit.terrain.board_legend import plan_legend, scale_text, symbols
from toolkit.terrain.io import load_map, loads_map
from toolkit.terrain.render import RenderStyle, board_layout, drawn_symbols, legend_height, render_map

DATA = Path(__file__).parent / "data"

#: a map with every symbol the renderer knows (terrain textures, tags, hexside features, values)
EVERYTHING = """schema: hexmap/1
title: Everything
provenance: "Made up for the legend test: every hex tag, hexside feature and value the renderer draws."
grid:
  numbering: {scheme: ccrr, col_digits: 2, row_digits: 2, orientation: flat, shifted: odd}
  extent: {columns: [1, 8], rows: [1, 6]}
default_terrain: clear
legend:
  clear: {color: "#eeeeee"}
  forest: {color: "#8fb573", pattern: trees}
  swamp: {color: "#9fb9a0", pattern: swamp}
  hills: {color: "#d8c48f", pattern: hills}
  rough: {color: "#c9c0b0", pattern: dots}
  mountain: {color: "#b59f7b", pattern: mountain}
  lake: {color: "#8dbbe3", pattern: water, water: true}
hexes:
  "0101": {terrain: forest, tags: [capital, port], name: Capital}
  "0201": {terrain: swamp, tags: [town]}
  "0301": {terrain: hills, tags: [city, fortification], vp: 10}
  "0401": {terrain: rough, tags: [supply_city], supply_capacity: 20}
  "0501": {terrain: mountain, tags: [village]}
  "0601": {terrain: lake, tags: [ice]}
  "0102": {terrain: clear, water: 0.4, tags: [row_a]}
  "0202": {terrain: clear, tags: [row_a]}
hexsides:
  "0103/0104": [river, road]
  "0203/0204": [minor_river, rail]
  "0303/0304": [major_river]
  "0403/0404": [stream]
  "0503/0504": [canal]
  "0104/0105": [minor_road]
  "0204/0205": [major_road]
  "0304/0305": [highway]
  "0404/0405": [track]
  "0504/0505": [border]
  "0105/0106": [fortification]
  "0205/0206": [minor_lake]
  "0305/0306": [sea]
"""


@pytest.fixture(scope="module")
def ww():
    return load_map(get_game("winter-war").map_path())


def test_every_symbol_drawn_on_the_winter_war_board_has_a_legend_entry(ww):
    style = RenderStyle()
    entries = symbols(ww, style)
    drawn = drawn_symbols(ww)
    assert {e.key for e in entries} == drawn  # nothing drawn unexplained, nothing explained undrawn
    labels = {e.key: e.label for e in entries}
    assert len(labels) == len(entries) and all(labels.values())
    # the symbols the issue names, each explained (measured: 21 entries for Winter War)
    assert {"water_tint", "ice", "rail", "river:river", "border", "city", "supply_city", "fort_hex", "value:vp",
            "row:row_a", "coast", "water_side:major", "water_side:minor", "bridge", "name", "hex_number",
            *(f"terrain:{t}" for t in ww.legend)} == drawn
    assert labels["row:row_a"] == "Row A" and labels["value:vp"] == "Victory points"
    assert labels["terrain:minor_lake"] == "Minor lake (whole hex)"


def test_a_map_with_every_feature_gets_every_entry():
    m = loads_map(EVERYTHING)
    style = RenderStyle(values=("vp", "supply_capacity"))
    entries = symbols(m, style)
    assert {e.key for e in entries} == drawn_symbols(m, 20, style)
    assert [e.key for e in entries] == [
        "terrain:clear", "terrain:forest", "terrain:swamp", "terrain:hills", "terrain:rough", "terrain:mountain",
        "terrain:lake", "water_tint", "ice", "coast", "water_side:major", "water_side:minor", "river:river",
        "river:minor_river", "river:major_river", "river:stream", "river:canal", "border", "row:row_a", "fort_hex",
        "fort_side", "road:road", "road:minor_road", "road:major_road", "road:highway", "road:track", "rail",
        "bridge", "capital", "city", "supply_city", "town", "port", "name", "value:vp", "value:supply_capacity",
        "hex_number"]
    # switched off in the style: not drawn, not in the legend
    quiet = RenderStyle(numbers=False, labels=False, rows=(), values=(), water_fraction=None)
    keys = {e.key for e in symbols(m, quiet)}
    assert keys == drawn_symbols(m, 20, quiet)
    assert not keys & {"hex_number", "name", "row:row_a", "value:vp", "water_tint"}


def test_row_a_is_drawn_and_labelled(ww):
    style = RenderStyle(numbers=False, labels=False, textures=False, legend=False)
    row = sorted(ww.find(tag="row_a"))
    assert len(row) == 49 and {h[2:] for h in row} == {"47"}
    with_row = render_map(ww, 20, style=style, supersample=1)
    without = render_map(ww, 20, style=RenderStyle(numbers=False, labels=False, textures=False, legend=False,
                                                    rows=()), supersample=1)
    orange = (0xD9, 0x48, 0x0F)

    def near(img: Image.Image, x: float, y: float) -> bool:
        return any(sum(abs(a - b) for a, b in zip(img.getpixel((round(x) + dx, round(y) + dy)), orange)) < 60
                   for dx in range(-2, 3) for dy in range(-2, 3))
    layout = with_row.layout
    hits = 0
    for hid in row:  # a point 84% of the way to a corner: on the row outline
        h = ww.grid.hex(hid)
        (cx, cy), (kx, ky) = layout.hex_to_pixel(h), layout.corners(h)[0]
        x, y = cx + (kx - cx) * 0.84, cy + (ky - cy) * 0.84
        hits += near(with_row.image, x, y) and not near(without.image, x, y)
    assert hits == 49
    # everything else is the same: the changed pixels lie on the row (outline, and the labels above its ends)
    changed = np.argwhere(np.any(np.asarray(with_row.image) != np.asarray(without.image), axis=2))
    centres = [layout.hex_to_pixel(ww.grid.hex(h))[1] for h in row]
    assert min(centres) - 20 * 1.3 <= changed[:, 0].min() and changed[:, 0].max() <= max(centres) + 20


def test_title_scale_and_provenance_are_on_the_board(ww):
    assert scale_text(ww) == "Scale: one hex = 20 km (12.4 mi) centre to centre"
    assert scale_text(loads_map(EVERYTHING)) == "Scale: not recorded in the map data"
    _, (width, height) = board_layout(ww, 37)
    plan = plan_legend(ww, 37, width - 2 * 37 * 0.7, RenderStyle())
    text = " ".join(line for line, _, _ in plan.header)
    assert plan.header[0][0] == ww.title and "one hex = 20 km" in text
    assert " ".join(ww.provenance.split()) in text.replace("Provenance: ", "", 1)
    board = render_map(ww, 37).image
    assert board.height == height + int(-(-legend_height(ww, 37, width) // 1))
    # every legend cell has ink: swatch and label are drawn
    band = board.crop((0, height, width, board.height)).convert("L")
    assert band.getextrema()[0] < 100
    assert plan.columns * -(-len(plan.entries) // plan.columns) >= len(plan.entries) == 21
