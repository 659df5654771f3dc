"""A thin coloured line in a JPEG: the file keeps its chroma at half the resolution (4:2:0), so a line thinner than
two pixels keeps its luma while its chroma is averaged with the paper's beside it, and quality 50 cuts more of it.
Battle for Moscow's 2 px red dash-dot railway saved so reads (42, 30, 9) in L*a*b* against its printed
(50, 74, 52): hardly a pixel within the colour's tolerance, while the large red city dots keep their colour (and the
colour adapted to the scan is theirs): 3 of 78 links found. Here a 2 px dash-dot line (anti-aliased) on hexes of
60 px beside dots of its colour, saved as JPEG at quality 50 (the red one: the old code finds none of its 12 links):
its colour with its chroma at least half the line's (the rest grey) and its luma kept, mixed with the paper as the
working scale's reduction mixes it, counts for the line wherever it lies, if nearer that than grey
(toolkit/terrain/lines.py, traced notes 12). Three decoys, each crossing three sides, read with a dark red line
(Bastogne's railway's): a dark grey line (a hex line's, a name's ink) with grey no rival; a brown-grey one (a
contour's) with no least chroma; and a dun one (a trail's pale brown) over light green hexes with the green taken
for paper (mixes with a coloured ground: Ragnarok's yellow road smeared over its cream paper and painted woods took
1243 of 1290 sides)."""

from __future__ import annotations

import io
from itertools import pairwise

import pytest
from PIL import Image, ImageDraw

from toolkit.hexgrid import CCRR, Extent, Grid, Layout, OffsetSystem
from toolkit.terrain import lines
from toolkit.terrain.extract import extract

from .drawn import patterned

RED, DARK_RED, PAPER = (232, 32, 42), (126, 24, 31), (255, 255, 255)
GREY, BROWN, GREEN, DUN = (90, 90, 90), (120, 96, 90), (198, 226, 209), (180, 144, 138)
PATH = ["0102", "0202", "0302", "0402", "0502", "0603", "0703", "0803"]
OTHER = ["0105", "0205", "0305", "0405", "0505", "0605"]
DOTS = ["0102", "0502", "0803", "0305"]
DECOY = ["0107", "0207", "0307", "0407"]  # grey
CONTOUR = ["0504", "0604", "0704", "0804"]  # brown-grey
FIELD = ["0706", "0707", "0807", "0808"]  # dun (a trail's pale brown), over light green hexes
PATTERN = ((36.0, True), (12.0, False), (9.0, True), (12.0, False))  # dash, gap, dot, gap (px drawn)


def _board(quality: int | None, colour: tuple[int, int, int]) -> tuple[Image.Image, Grid]:
    big = 3  # drawn at 3x and reduced: the lines anti-aliased, as printed art is
    lay = Layout.regular("flat", 36.0 * big, (60.0 * big, 60.0 * big))
    grid = Grid(CCRR(2, 2, offset=OffsetSystem("flat", "odd")), Extent(1, 8, 1, 8), lay)
    im = Image.new("RGB", (540 * big, 640 * big), PAPER)
    d = ImageDraw.Draw(im)
    for h in grid.hexes():
        d.polygon(lay.corners(h), fill=GREEN if grid.id(h) in FIELD else PAPER, outline=(40, 40, 40), width=big)
    for path, fill in ((PATH, colour), (OTHER, colour), (DECOY, GREY), (CONTOUR, BROWN), (FIELD, DUN)):
        patterned(d, [lay.hex_to_pixel(grid.hex(h)) for h in path], fill, 2 * big, PATTERN)
    for h in DOTS:
        x, y = lay.hex_to_pixel(grid.hex(h))
        d.ellipse([x - 7 * big, y - 7 * big, x + 7 * big, y + 7 * big], fill=colour)
    im = im.reduce(big)  # pixel centres: (x + 0.5) / 3 - 0.5
    grid = Grid(grid.numbering, grid.extent, Layout.regular("flat", 36.0, (60.0 - 1 / 3, 60.0 - 1 / 3)))
    if quality is None:
        return im, grid
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=quality)  # Pillow's default chroma subsampling: 4:2:0
    buf.seek(0)
    return Image.open(buf), grid  # as opened: the file's chroma sampling is read from it (lines.chroma_halved)


def _found(im: Image.Image, grid: Grid, colour: tuple[int, int, int], **kw: bool) -> set[str]:
    legend = {"terrain": {"clear": {"hexes": ["0506", "0801", "0606"]}, "field": {"hexes": FIELD[:3]}},
              "features": {"rail": {"colour": "#{:02x}{:02x}{:02x}".format(*colour), "kind": "across"}}}
    ext = extract(im, grid, legend, **kw)
    return {k for k, v in ext.hexsides.items() if "rail" in v}


def _sides(grid: Grid, *paths: list[str]) -> set[str]:
    return {grid.side_key(a, b) for path in paths for a, b in pairwise(path)}


@pytest.mark.parametrize("colour", [RED, DARK_RED])
def test_a_thin_line_saved_as_jpeg_50_is_traced(colour):
    im, grid = _board(50, colour)
    assert _found(im, grid, colour) == _sides(grid, PATH, OTHER)


@pytest.mark.parametrize("colour", [RED, DARK_RED])
def test_the_drawn_board_as_drawn_reads_the_same(colour):
    im, grid = _board(None, colour)
    assert _found(im, grid, colour) == _sides(grid, PATH, OTHER)


def test_without_a_least_chroma_a_brown_grey_line_is_read(monkeypatch):
    monkeypatch.setattr(lines, "CHROMA_LEAST", 0.0)
    im, grid = _board(50, DARK_RED)
    assert _found(im, grid, DARK_RED) & _sides(grid, CONTOUR)


def test_with_every_ground_taken_for_paper_a_dun_line_on_green_is_read(monkeypatch):
    monkeypatch.setattr(lines, "PAPER_CHROMA", 1e9)
    im, grid = _board(50, DARK_RED)
    assert _found(im, grid, DARK_RED) & _sides(grid, FIELD)


def test_without_grey_a_rival_a_grey_line_is_read(monkeypatch):
    monkeypatch.setattr(lines, "GREY_RIVAL", False)
    im, grid = _board(50, DARK_RED)
    assert _found(im, grid, DARK_RED) & _sides(grid, DECOY)


def test_a_converted_jpeg_is_read_so_when_the_caller_says_it_was_one():
    """(review C2) A JPEG converted in memory no longer knows its chroma sampling: a library caller says so."""
    im, grid = _board(50, RED)
    rgb = im.convert("RGB")
    assert not lines.chroma_halved(rgb) and lines.chroma_halved(im)
    assert _found(rgb, grid, RED, chroma_halved=True) == _sides(grid, PATH, OTHER)
    assert _found(rgb, grid, RED) != _sides(grid, PATH, OTHER)  # read as a PNG: the smeared line is lost

