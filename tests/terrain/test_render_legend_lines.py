"""``wgt map render`` draws a legend's own line (render.py line notes 1, user45's S6): La Garde avance!'s grey
double-line ``chaussee`` was extracted 5/5 and left off the board ("not drawn, no style for these hexside
features: chaussee"). The extraction records each line's legend colour and kind in the map's
``meta.extraction``; the board draws it in that colour, and its legend strip names it."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from toolkit.cli.main import cli
from toolkit.terrain import load_map
from toolkit.terrain.extract import extract
from toolkit.terrain.extract_output import to_terrain_map
from toolkit.terrain.render import legend_lines, render_map, undrawn_features

from .drawn import blank_board

GREY = (165, 175, 175)
ROW = ["0103", "0203", "0303", "0403", "0503", "0603", "0703", "0803"]


def _chaussee_map():
    """A grey road drawn hex centre to hex centre along row 3 of a drawn board, extracted with a legend that names
    it ``chaussee`` (no board style has that name)."""
    lay, grid, im, d = blank_board()
    d.line([lay.hex_to_pixel(grid.hex(h)) for h in ROW], fill=GREY, width=4)
    legend = {"terrain": {"clear": {"hexes": ["0101", "0401", "0806"]}},
              "features": {"chaussee": {"colour": "#a5afaf", "kind": "across", "trace": True}}}
    return to_terrain_map(extract(im, grid, legend))


def test_a_legend_line_without_a_board_style_is_drawn_in_its_colour():
    m = _chaussee_map()
    found = {k for k, fs in m.effective_hexsides().items() if "chaussee" in fs}
    assert len(found) >= 5  # the line is read
    assert legend_lines(m) == {"chaussee": ("across", (165, 175, 175))}
    assert undrawn_features(m) == {}
    board = render_map(m, 30.0)
    rgb = board.image.convert("RGB")
    def near(x: float, y: float) -> int:  # the least channel difference from the grey about (x, y)
        return min(max(abs(c - g) for c, g in zip(rgb.getpixel((round(x) + i, round(y) + j)), GREY, strict=True))
                   for i in (-1, 0, 1) for j in (-1, 0, 1))

    # a quarter of the way between two hex centres the chaussee crosses (clear of the hex line): its grey
    for key in found:
        a, b = (m.grid.hex(h) for h in key.split("/"))
        (x0, y0), (x1, y1) = board.layout.hex_to_pixel(a), board.layout.hex_to_pixel(b)
        assert near(x0 + (x1 - x0) / 4, y0 + (y1 - y0) / 4) <= 6, key
    # the same place in the row below, where no line is: no grey
    a, b = m.grid.hex("0305"), m.grid.hex("0405")
    (x0, y0), (x1, y1) = board.layout.hex_to_pixel(a), board.layout.hex_to_pixel(b)
    assert near(x0 + (x1 - x0) / 4, y0 + (y1 - y0) / 4) > 30


def test_render_says_nothing_of_a_line_it_draws(tmp_path: Path):
    m = _chaussee_map()
    from toolkit.terrain import save_map

    save_map(m, tmp_path / "garde.map.yaml")
    assert load_map(tmp_path / "garde.map.yaml").meta["extraction"]["chaussee"]["colour"] == "#a5afaf"
    r = CliRunner().invoke(cli, ["map", "render", str(tmp_path / "garde.map.yaml"), "-o", str(tmp_path / "b.png")])
    assert r.exit_code == 0 and "not drawn" not in r.stderr, r.stderr
