"""The legend's ``centre:`` (extract._at_centres): a hex is the class under its centre, read in a disc about it - a
tactical map's rule (Squad Leader's hex is the terrain under its printed centre dot: a small house over the dot
makes a building hex though the ground around it covers most of the hex). A disc holding no legend colour says
nothing of the centre, and that hex is read whole. Without the key every hex is read whole, as before."""

from __future__ import annotations

import pytest
from PIL import ImageDraw

from toolkit.errors import DataFileError
from toolkit.terrain.extract import extract, load_legend
from toolkit.terrain.legend import normalise

from .drawn import houses_board

GROUND = (200, 195, 100)  # Squad Leader's yellow-green
ROOF = (180, 60, 50)  # a wooden house's red
SIZE = 40.0
HOUSES = ["0203", "0405", "0602"]  # a red square half a hex across over the centre: a tenth of the hex
RING = "0704"  # red over the whole hex but a disc of 0.3 of the hex about its centre
BLANK = "0105"  # a white disc of 0.35 of the hex over the centre (no legend colour): nothing under the centre


def _board():
    lay, grid, im, _ = houses_board(HOUSES, RING, ground=GROUND, roof=ROOF, size=SIZE)
    x, y = lay.hex_to_pixel(grid.hex(BLANK))
    ImageDraw.Draw(im).ellipse((x - 0.35 * SIZE, y - 0.35 * SIZE, x + 0.35 * SIZE, y + 0.35 * SIZE),
                               fill=(255, 255, 255))
    return grid, im


def _read(centre) -> dict[str, str | None]:
    grid, im = _board()
    legend = {"terrain": {"open": "#c8c364", "wooden": "#b43c32"}}
    if centre is not None:
        legend["centre"] = centre
    ext = extract(im, grid, legend, features=False)
    return {h: r.terrain for h, r in ext.hexes.items() if r.terrain != "open"}


def test_a_hex_is_the_class_under_its_centre():
    """The three small houses over the centre are wooden, the hex red all round its open centre is open, and the
    white centre's hex is read whole (open); every other hex open (old code: 'centre' an unknown legend section)."""
    assert _read(True) == {h: "wooden" for h in HOUSES}
    assert _read({"radius": 0.15}) == {h: "wooden" for h in HOUSES}


def test_without_it_a_hex_is_its_majority():
    """The same board read whole: the houses cover a tenth of their hexes (open), the ring most of its own (wooden)."""
    assert _read(None) == {RING: "wooden"}
    assert _read(False) == {RING: "wooden"}


@pytest.mark.parametrize("value, says", [
    (2, "centre is true, false or {radius: 0.2}"),
    ({"radius": 0.9}, "centre radius is a share of the hex size from 0.1"),
    ({"radius": 0.05}, "centre radius is a share of the hex size from 0.1"),
    ({"radious": 0.2}, "centre: unknown key 'radious' (known: radius)"),
])
def test_a_bad_centre_is_one_clear_line(value, says):
    grid, im = _board()
    with pytest.raises(DataFileError, match=r".*") as err:
        extract(im, grid, {"terrain": {"open": "#c8c364", "wooden": "#b43c32"}, "centre": value}, features=False)
    assert says in str(err.value) and "\n" not in str(err.value)


def test_centre_is_a_known_legend_section():
    with pytest.raises(DataFileError) as err:
        normalise({"terrain": {"open": "#c8c364"}, "centr": True})
    assert "(known: terrain, features, priority, ink, max_delta_e, centre, note)" in str(err.value)


@pytest.mark.parametrize("text, says", [
    ("centre: {radius: 2}\n", "line 2: centre radius is a share of the hex size from 0.1"),
    ("centre:\n  radius: x\n", "line 3: centre radius must be a number"),
    ("ink: 200\n", "line 2: ink lightness is a CIELAB L* from 0 to 100"),
    ("ink:\n  lightness: -3\n", "line 3: ink lightness is a CIELAB L* from 0 to 100"),
    ("centre: 3\n", "line 2: centre is true, false or {radius: 0.2}"),
    ("max_delta_e: -1\n", "line 2: max_delta_e must be a positive finite number"),
])
def test_a_bad_value_names_its_line(tmp_path, text, says):
    """A value out of its range in a legend file names the file and its line, as a misspelt key does."""
    p = tmp_path / "legend.yaml"
    p.write_text("terrain: {open: '#c8c364', wooden: '#b43c32'}\n" + text, encoding="utf-8")
    grid, im = _board()
    with pytest.raises(DataFileError) as err:
        extract(im, grid, load_legend(p), features=False)
    assert str(err.value).startswith(f"{p} {says}") and "\n" not in str(err.value)


BRIGHT = (230, 80, 90)  # a lighter, pinker red roof: Delta E 20 from wooden, beyond its spread (13) learned on ROOF
FAR = (60, 90, 200)  # a blue no terrain of the legend is near (Delta E over the legend's limit from every one)


def _sampled(nearest: bool, monkeypatch) -> dict[str, str | None]:
    """Houses over the centres: the first two ROOF (wooden's points are clicked on the first only), two BRIGHT and one
    FAR; open from example hexes. ``nearest``: extract.CENTRE_NEAREST."""
    import toolkit.terrain.extract as extract_mod

    monkeypatch.setattr(extract_mod, "CENTRE_NEAREST", nearest)
    houses = ["0203", "0405", "0602", "0305", "0704"]
    lay, grid, im, d = houses_board(houses[:2], "0101", ground=GROUND, roof=ROOF, size=SIZE)
    for h, colour in zip(houses[2:], (BRIGHT, BRIGHT, FAR)):
        x, y = lay.hex_to_pixel(grid.hex(h))
        d.rectangle((x - SIZE / 4, y - SIZE / 4, x + SIZE / 4, y + SIZE / 4), fill=colour)
    x, y = lay.hex_to_pixel(grid.hex("0203"))
    legend = {"terrain": {"open": {"hexes": ["0801", "0106", "0506"]},
                          "wooden": {"points": [[x - 6, y - 6], [x + 5, y - 4], [x, y + 6]]}},
              "centre": True}
    ext = extract(im, grid, legend, features=False)
    return {h: r.terrain for h, r in ext.hexes.items() if r.terrain != "open" and h != "0101"}


def test_a_centre_beyond_its_class_spread_is_its_nearest_class(monkeypatch):
    """wooden's spread is learned on one roof (ROOF): the brighter roofs' discs hold no block within it. Their blocks
    are all nearest wooden within the legend's limit, so those hexes are wooden (nearbar, Squad Leader 2's P4); the
    blue roof is near no terrain and its hex is read whole (open), as the white centre above. Old code (and
    CENTRE_NEAREST off): the bright roofs' hexes read whole, open."""
    assert _sampled(True, monkeypatch) == {"0203": "wooden", "0405": "wooden", "0602": "wooden", "0305": "wooden"}
    assert _sampled(False, monkeypatch) == {"0203": "wooden", "0405": "wooden"}
