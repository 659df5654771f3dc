"""A road printed as two dark edges round a khaki fill (MMP Afrika's brown road), a shadow or any dark line
blurred into the ground, darkens the ground towards the ink: the colour blocks there lie on the mix of the ground's
colour and the ink's, and may be nearer a third terrain (a grey-green marsh) than the ground. Those blocks, a thin
line of them beside the ground, are the ground (toolkit/terrain/extract.py ``_split_inked``); the edge of a real
patch of the third terrain, and a terrain printed as a darker ground, keep theirs."""

from __future__ import annotations

from PIL import Image, ImageFilter

from toolkit.hexgrid import Grid
from toolkit.terrain import extract as ex

from .drawn import blank_board

SAND = (238, 214, 150)  # desert: Lab 86 -1 35
MARSH = (180, 172, 114)  # Lab 70 -6 31: 8 Delta E off the sand's mix with the ink (L* 35, neutral)
FILL = (196, 178, 131)  # the road's fill: the sand a quarter of the way to the ink, nearer the marsh than the sand
EDGE = (45, 35, 10)  # the road's edges: ink
MARSHES = {"0302", "0403", "0702", "0705"}
CROSSED = {"0204", "0404", "0605", "0503"}  # desert with a road across its upper half, marsh over its lower 45%
DARK = (205, 184, 129)  # 'rough': a darker sand, on the sand's mix with the ink
ROUGH = {"0802", "0803", "0804"}


def _board(rough: bool = False) -> tuple[Image.Image, Grid]:
    lay, grid, im, d = blank_board(8, 6, size=40.0, origin=(50.0, 50.0), image=(560, 520), paper=SAND, ink=None)
    for h in grid.hexes():
        hid = grid.id(h)
        x, y = lay.hex_to_pixel(h)
        if hid in MARSHES:
            d.polygon(lay.corners(h), fill=MARSH)
        elif hid in CROSSED:
            d.polygon(ex._clip([tuple(p) for p in lay.corners(h)], 1, y + 3, False), fill=MARSH)
            d.line([(x - 30, y - 17), (x + 30, y - 17)], fill=EDGE, width=12)
            d.line([(x - 30, y - 17), (x + 30, y - 17)], fill=FILL, width=8)
        elif rough and hid in ROUGH:
            d.polygon(lay.corners(h), fill=DARK)
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(255, 255, 255))
    return im.filter(ImageFilter.GaussianBlur(0.8)), grid


def _legend(rough: bool = False) -> dict[str, object]:
    terrain: dict[str, object] = {"desert": {"hexes": ["0101", "0106", "0501"]},
                                  "marsh": {"hexes": sorted(MARSHES)[:3]}}
    if rough:
        terrain["rough"] = {"hexes": sorted(ROUGH)}
    return {"terrain": terrain}


def _read(rough: bool = False) -> dict[str, ex.HexResult]:
    im, grid = _board(rough)
    return ex.extract(im, grid, _legend(rough), features=False).hexes


def test_a_road_s_fill_on_the_ground_is_the_ground():
    got = _read()
    assert {h for h, r in got.items() if r.terrain == "marsh"} == MARSHES
    for h in CROSSED:  # the marsh patch keeps its 40%: its edge blocks are not a line of mixes
        assert got[h].terrain == "desert" and 0.3 < got[h].fractions["marsh"] < 0.5, (h, got[h].fractions)


def test_without_the_rule_the_fill_is_read_as_marsh(monkeypatch):
    monkeypatch.setattr(ex, "_split_inked", lambda *a: None)
    got = _read()
    assert {h for h, r in got.items() if r.terrain == "marsh"} == MARSHES | CROSSED


def test_a_terrain_printed_as_a_darker_ground_keeps_its_blocks():
    got = _read(rough=True)
    assert {h for h, r in got.items() if r.terrain == "rough"} == ROUGH
    assert all(got[h].fractions["rough"] > 0.95 for h in ROUGH), {h: got[h].fractions for h in ROUGH}
