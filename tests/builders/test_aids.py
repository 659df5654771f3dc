"""Player aid cards: the chart-table format, table rendering, card layout, the PDF."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tests.pdfcheck import check_structure, fonts, page_text, render_gray, render_rgb
from toolkit.builders.aids import (
    AidStyle,
    ChartTable,
    aids_pdf,
    build_aids,
    natural_width,
    render_cards,
    render_table,
    write_aids,
)
from toolkit.errors import DataFileError, InputError

CRT = ChartTable.make("Combat Results Table", ("Die", "1-2", "1-1", "2-1"),
                      [(1, "Ae", "Ne", "De"), (2, "Ar", "Ex", "Dr (Ne)")], ["Ae = attacker eliminated"],
                      kind="crt", cell_colours={"Ae": "#ff0000", "De": "#00ff00", "Dr": "#0000ff"})


def test_make_turns_cells_into_text():
    table = ChartTable.make("T", ("a", "b"), [(1, None)])
    assert table.rows == (("1", "—"),)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"title": "", "columns": ("a",), "rows": ()}, "without a title"),
    ({"title": "x", "columns": (), "rows": ()}, "has no columns"),
    ({"title": "x", "columns": ("a", "b"), "rows": (("1",),)}, "row 1 has 1 cells for 2 columns"),
    ({"title": "x", "columns": ("a",), "rows": (), "kind": "pie"}, "unknown kind 'pie'"),
])
def test_bad_tables(kwargs, message):
    with pytest.raises(InputError, match=message):
        ChartTable(**kwargs)


def test_dict_round_trip_and_bad_dicts():
    assert ChartTable.from_dict(CRT.to_dict()) == CRT
    with pytest.raises(DataFileError, match=r"^c.yaml: bad chart table"):
        ChartTable.from_dict({"columns": ["a"]}, "c.yaml")
    with pytest.raises(DataFileError, match=r"^c.yaml: chart 'x' row 1"):
        ChartTable.from_dict({"title": "x", "columns": ["a"], "rows": [[1, 2]]}, "c.yaml")


def test_table_image_width_and_cell_colours():
    style = AidStyle(dpi=150)
    image = render_table(CRT, style, 900)
    assert image.width == 900
    pixels = np.asarray(image).reshape(-1, 3)
    colours = {tuple(p) for p in pixels[:: 7]}
    assert (255, 0, 0) in colours and (0, 255, 0) in colours and (0, 0, 255) in colours  # Ae, De, Dr (Ne)
    assert (0xFF, 0xFF, 0xFF) in colours


def test_crt_odds_columns_have_equal_widths():
    from PIL import ImageDraw

    from toolkit.builders.aids import _column_widths
    from toolkit.fonts import font

    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    f = font(30)
    widths = _column_widths(draw, CRT, f, f, 900, 10)
    assert sum(widths) == pytest.approx(900)
    assert widths[1] == pytest.approx(widths[2]) == pytest.approx(widths[3]) and widths[0] < widths[1]
    plain = _column_widths(draw, ChartTable.make("T", CRT.columns, CRT.rows), f, f, 900, 10)
    assert plain[3] > plain[1]  # without the crt hint, "Dr (Ne)" makes its column wider


def test_long_tables_split_over_cards():
    rows = [(str(i), f"row {i} " + "text " * 12) for i in range(150)]
    table = ChartTable.make("Long", ("n", "text"), rows, ["the end"])
    style = AidStyle(dpi=100, card="a5")
    cards = render_cards([table], style)
    assert len(cards) >= 3
    assert all(card.size == (round(148 / 25.4 * 100), round(210 / 25.4 * 100)) for card in cards)


def test_pdf_pages_are_the_card_size_and_vector(tmp_path: Path):
    style = AidStyle(dpi=100, card="letter", game_title="Test")
    data, cards = build_aids([CRT, CRT], style)
    assert data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") == len(cards) == 1
    assert b"/MediaBox [ 0 0 612 792 ]" in data
    assert b"/Subtype /Image" not in data  # no pictures: paths and text
    written = write_aids([CRT], tmp_path / "aids.pdf", tmp_path / "png", style)
    assert [p.name for p in written] == ["aids.pdf", "card-1.png", "01-combat-results-table.png"]
    assert Image.open(written[1]).size == cards[0].size


def test_pdf_is_deterministic_clean_and_has_embedded_fonts():
    style = AidStyle(game_title="Test")
    data = aids_pdf([CRT], style)
    assert data == aids_pdf([CRT], style)
    assert check_structure(data) == []
    listed = fonts(data)
    assert {name.split("+")[-1] for name, _, _ in listed} == {"SourceSansPro-Regular", "SourceSansPro-Bold"}
    assert all(subtype == "TrueType" and embedded for _, subtype, embedded in listed), listed


def test_pdf_text_finds_the_crt_cells():
    text = page_text(aids_pdf([CRT], AidStyle(game_title="Test")))
    lines = text.splitlines()
    assert "Combat Results Table" in lines
    assert "Die 1-2 1-1 2-1" in lines and "1 Ae Ne De" in lines and "2 Ar Ex Dr (Ne)" in lines
    assert "Ae = attacker eliminated" in lines and "Test - player aid, card 1" in text


def test_pdf_draws_what_the_png_shows():
    """The vector card rendered at the style's dpi matches the raster card: same layout, same colours."""
    style = AidStyle(dpi=100, game_title="Test")
    data, cards = build_aids([CRT, CRT], style)
    png = np.asarray(cards[0].convert("L"), dtype=float) / 255
    pdf = render_gray(data, 1, (0, 0, cards[0].width, cards[0].height), style.dpi)
    assert pdf.shape == png.shape
    assert np.abs(pdf - png).mean() < 0.01
    # the fills agree where there is no text: the red "Ae" cell of the first table, the title bar
    ys, xs = np.nonzero(np.all(np.asarray(cards[0]) == (255, 0, 0), axis=2))
    y, x = int(np.median(ys)), int(xs.min()) + 2
    assert abs(pdf[y, x] - png[y, x]) < 0.02


def test_a_file_in_the_way_of_the_png_folder_fails_before_anything_is_written(tmp_path: Path):
    (tmp_path / "in-the-way").write_text("mine")
    with pytest.raises(InputError, match=r"output folder .*in-the-way is a file, not a folder"):
        write_aids([CRT], tmp_path / "aids.pdf", tmp_path / "in-the-way" / "png")
    assert not (tmp_path / "aids.pdf").exists() and (tmp_path / "in-the-way").read_text() == "mine"


def test_no_tables_is_an_error():
    with pytest.raises(InputError, match="no charts"):
        render_cards([])


def _ink_columns(card: Image.Image, top: int, bottom: int) -> np.ndarray:
    """Which pixel columns of a card hold anything but white between two rows."""
    pixels = np.asarray(card.convert("L"))[top:bottom]
    return (pixels < 250).any(axis=0)


def test_narrow_tables_sit_side_by_side_at_half_width():
    style = AidStyle(dpi=100, card="a4")
    small = ChartTable.make("Levels", ("VP", "Result"), [("101+", "Decisive"), ("81 to 100", "Substantive")])
    condition = "Soviets capture all four hexes of the Mannerheim Line and eliminate every Finnish unit south of Row A"
    wide = ChartTable.make("Schedule", ("Condition", "VP"), [(condition, "+40")])
    cards = render_cards([small, small, wide, small], style)
    assert len(cards) == 1
    card = cards[0]
    margin = round(style.margin_mm / 25.4 * style.dpi)
    inner_w = card.width - 2 * margin
    gap = style.px(10)
    half_w = (inner_w - gap) // 2
    first = render_table(small, style, half_w)
    # the first row: two half-width tables with a white gutter between them
    row = _ink_columns(card, margin, margin + first.height)
    assert row[margin:margin + half_w].any() and row[margin + half_w + gap:margin + inner_w].any()
    assert not row[margin + half_w + 1:margin + half_w + gap - 1].any()
    assert np.array_equal(np.asarray(card.crop((margin, margin, margin + half_w, margin + first.height))),
                          np.asarray(first))
    # the wide table takes the whole width below them; the last small one starts a new half row
    y = margin + first.height + gap
    second = render_table(wide, style, inner_w)
    assert np.array_equal(np.asarray(card.crop((margin, y, margin + inner_w, y + second.height))),
                          np.asarray(second))
    y += second.height + gap
    row = _ink_columns(card, y, y + first.height)
    assert row[margin:margin + half_w].any() and not row[margin + half_w + gap:margin + inner_w].any()


def test_natural_width_covers_cells_and_title():
    style = AidStyle(dpi=100)
    narrow = ChartTable.make("T", ("a", "b"), [("1", "2")])
    long_title = ChartTable.make("A very long title for a two-cell table", ("a", "b"), [("1", "2")])
    assert natural_width(long_title, style) > natural_width(narrow, style)
    assert natural_width(ChartTable.make("T", ("a", "b"), [("1", "two words here")]), style) > \
        natural_width(narrow, style)


def test_rules_are_not_hidden_by_coloured_cells():
    style = AidStyle(dpi=150)
    image = np.asarray(render_table(CRT, style, 900)).astype(int)
    rule = (0x7A, 0x8A, 0x78)
    # down the "1-2" column (Ae: red, then Ar) and the "2-1" column (De: green, then Dr (Ne): blue), the fill
    # of the first row ends on a hairline in the rule colour, which the second row's fill does not cover
    for x, first, second in ((360, (255, 0, 0), (0xF3, 0xF5, 0xF0)), (810, (0, 255, 0), (0, 0, 255))):
        column = [tuple(int(v) for v in image[y, x]) for y in range(image.shape[0])]
        last = max(y for y, c in enumerate(column) if c == first)
        assert column[last + 1] == rule, (x, column[last + 1])
        assert column[last + 1 + style.px(0.4)] == second, x


def test_every_card_is_the_card_size_after_side_by_side_tables():
    # a half-width pair followed by more cards: every card keeps the card's size (a pair used to shrink
    # the following cards to the height of the pair's left table)
    style = AidStyle(dpi=60, card="a5")
    small = ChartTable.make("Levels", ("VP", "Result"), [("101+", "Decisive"), ("81 to 100", "Substantive")])
    tall = ChartTable.make("Long", ("n", "text"), [(str(i), "a row of running text " * 4) for i in range(40)])
    cards = render_cards([small, small, tall, small], style)
    assert len(cards) >= 2
    assert {card.size for card in cards} == {(round(148 / 25.4 * 60), round(210 / 25.4 * 60))}


# ------------------------------------------------------------------------------------------ terrain swatches

def _map(colour: str = "#e9e4c9"):
    from toolkit.terrain.io import loads_map

    return loads_map(f"""schema: hexmap/1
title: t
grid:
  numbering: {{scheme: ccrr, col_digits: 2, row_digits: 2, orientation: flat, shifted: even}}
  extent: {{columns: [1, 3], rows: [1, 3]}}
legend:
  clear: {{color: "{colour}", label: Clear}}
  forest: {{color: "#2e7d32", label: Woods}}
  sea: {{color: "#5b8fc9", label: Sea, water: true}}
hexes:
  "0101": {{terrain: sea, tags: [ice]}}
  "0102": {{terrain: forest, tags: [city]}}
""")


def test_terrain_swatches_take_the_maps_colours():
    from toolkit.builders.aids import Swatch, terrain_swatches
    from toolkit.terrain.render import RenderStyle

    rs = RenderStyle()
    names = ["Clear", "Woods", "Forest hex", "Seas", "Railroad", "Road", "City", "Ice hex", "River hexside",
             "Sea hexside", "Fortification", "Supply City", "Border", "Norway and Sweden"]
    found = terrain_swatches(names, _map())
    assert found == {
        "Clear": Swatch("#e9e4c9"), "Woods": Swatch("#2e7d32"), "Forest hex": Swatch("#2e7d32"),
        "Seas": Swatch("#5b8fc9"), "Railroad": Swatch("#e9e4c9", "line", rs.rail),
        "Road": Swatch("#e9e4c9", "line", rs.road),
        "City": Swatch("#2e7d32", "square", rs.city),  # the city hex of this map is wooded
        "Ice hex": Swatch("#5b8fc9", "hatch", "#ffffff"),  # ice lies on sea here
        "River hexside": Swatch("#e9e4c9", "edge", rs.river), "Sea hexside": Swatch("#e9e4c9", "edge", rs.water_line),
        "Fortification": Swatch("#e9e4c9", "sawtooth", rs.fort), "Supply City": Swatch("#e9e4c9", "ring", rs.city),
        "Border": Swatch("#e9e4c9", "dashed", rs.border)}
    # the colour comes from the map, not from a copy: change the map, the swatch follows
    assert terrain_swatches(["Clear", "Road"], _map("#123456")) == {
        "Clear": Swatch("#123456"), "Road": Swatch("#123456", "line", rs.road)}


def test_winter_war_terrain_chart_has_the_boards_swatches():
    from toolkit.cli.build import game_charts
    from toolkit.games import get_game
    from toolkit.terrain.io import load_map

    game = get_game("winter-war")
    tec = next(t for t in game_charts(game) if t.kind == "terrain")
    legend = load_map(game.map_path()).legend
    assert tec.swatches["Clear"].fill == legend["clear"].color
    assert tec.swatches["Mountains"].fill == legend["mountain"].color
    assert tec.swatches["Minor Lake (whole hex)"].fill == legend["minor_lake"].color
    assert tec.swatches["Ice hex"].fill == legend["sea"].color  # the bundled map's ice hexes are sea
    assert (tec.swatches["Railroad"].mark, tec.swatches["Finnish Fortification"].mark) == ("line", "sawtooth")
    assert "Norway and Sweden" not in tec.swatches  # countries: nothing on the board to show
    assert len(tec.swatches) == len(tec.rows) - 1


def test_swatches_print_in_the_png_and_the_pdf():
    """A swatch's hex is filled with its colour on the card and in the vector PDF, left of its label."""
    from toolkit.builders.aids import with_terrain_swatches

    tec = ChartTable.make("Terrain Effects Chart", ("Terrain", "Movement"), [("Clear", "1"), ("Woods", "2")],
                          kind="terrain")
    (table,) = with_terrain_swatches([tec], _map("#ff00ff"))
    assert table.to_dict()["swatches"]["Clear"] == {"fill": "#ff00ff", "mark": "", "colour": ""}
    assert ChartTable.from_dict(table.to_dict()) == table
    style = AidStyle(dpi=200)
    data, cards = build_aids([table], style)
    card = np.asarray(cards[0])
    magenta = np.all(card == (255, 0, 0xFF), axis=2)
    ys, xs = np.nonzero(magenta)
    assert 100 < magenta.sum() < 2000  # one small hex
    y, x = int(np.median(ys)), int(np.median(xs))
    rgb = render_rgb(data, 1, (x - 1, y - 1, 3, 3), style.dpi)
    assert np.abs(rgb[1, 1] - np.array([1.0, 0.0, 1.0])).max() < 0.02
    # the label starts right of the swatch
    ink = np.nonzero(np.asarray(cards[0].convert("L"))[y] < 120)[0]
    assert ink[ink > xs.max()].size and ink[ink > xs.max()].min() > xs.max()
