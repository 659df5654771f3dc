"""A class whose colour readings fail its own examples is read by its printed symbol where a template of those
examples finds them (toolkit/terrain/chosen.py; extract.py ``_read_chosen``): villages printed as one small dark
square (1.5% of a hex) on the snow, whose colour the town's building blocks share, as Vae Victis' Velikie Louki
prints them - without the legend saying ``symbol: true``."""

from __future__ import annotations

import numpy as np
from PIL import Image

from toolkit.hexgrid import Grid
from toolkit.terrain import chosen
from toolkit.terrain import extract as ex
from toolkit.terrain.colour import rgb_to_lab
from toolkit.terrain.symbols import SymbolClass, find_symbols

from .drawn import blank_board

SNOW = (240, 242, 238)
LEVEL = (214, 216, 208)  # a pale grey fill
BLOCK = (84, 96, 86)  # the villages' squares and the town's blocks: one dark grey-green (L* about 39, not ink)
TOWNS = ("0203", "0204", "0705")  # the town: building blocks over a third of the hex
VILLAGES = ("0302", "0506", "0808", "0402", "0607", "0903")  # one square each, the first three the legend's
ON_LEVEL = ("0607", "0903")  # villages on the grey fill
LEVEL_HEXES = ("0103", "0104", "0606", "0607", "0903", "0904", "1002")


def _ground(hid: str) -> tuple[int, int, int]:
    return LEVEL if hid in LEVEL_HEXES else SNOW


def _board(town_of_squares: bool = False) -> tuple[Image.Image, Grid]:
    """The board; ``town_of_squares``: the town's blocks drawn as the villages' squares, a few pixels apart."""
    lay, grid, im, d = blank_board(10, 8, size=36.0, origin=(50.0, 50.0), image=(620, 620), paper=SNOW, ink=None)
    for h in grid.hexes():
        d.polygon(lay.corners(h), fill=_ground(grid.id(h)))
    rng = np.random.default_rng(7)
    for h in grid.hexes():
        hid = grid.id(h)
        cx, cy = lay.hex_to_pixel(h)
        if hid in TOWNS and town_of_squares:
            for gx in range(-18, 14, 11):
                for gy in range(-16, 14, 11):
                    d.rectangle([cx + gx, cy + gy, cx + gx + 6, cy + gy + 6], fill=BLOCK)
        elif hid in TOWNS:  # blocks of the town, streets between them
            for gx, gy, w, ht in ((-19, -19, 14, 14), (5, -19, 14, 14), (-19, 5, 14, 14), (5, 5, 14, 14)):
                d.rectangle([cx + gx, cy + gy, cx + gx + w, cy + gy + ht], fill=BLOCK)
        elif hid in VILLAGES:
            x, y = cx - 3 + rng.uniform(-4, 4), cy - 3 + rng.uniform(-4, 4)
            d.rectangle([x, y, x + 6, y + 6], fill=BLOCK)  # 7 x 7 px: 1.5% of the hex
    for h in grid.hexes():
        d.polygon(lay.corners(h), outline=(40, 40, 40))
    rng = np.random.default_rng(5)
    a = np.asarray(im, np.float32) + rng.normal(0, 2.0, (im.height, im.width, 3))
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)), grid


def _legend() -> dict[str, object]:
    return {"terrain": {"clear": {"hexes": ["0101", "0505", "0908"]},
                        "level1": {"hexes": ["0103", "0104", "0904"]},
                        "town": {"hexes": ["0203", "0204"]},
                        "village": {"hexes": list(VILLAGES[:3])}}}


def _read(town_of_squares: bool = False, rule: bool = True) -> tuple[dict[str, str], dict[str, str | None]]:
    """Each hex's class and ground, read with or without the rule."""
    im, grid = _board(town_of_squares)
    old = ex.SYMBOLS_CHOSEN
    ex.SYMBOLS_CHOSEN = rule
    try:
        got = ex.extract(im, grid, _legend(), features=False)
    finally:
        ex.SYMBOLS_CHOSEN = old
    return ({h: str(r.terrain) for h, r in got.hexes.items()}, {h: r.ground for h, r in got.hexes.items()})


def test_villages_are_read_by_their_square():
    new, ground = _read()
    old, _ = _read(rule=False)
    # the old reading: the village's colour is its examples' blend, a little darker than the snow (two of its three
    # examples read clear), and the marks and blobs readings learn no colour of it (the town's examples hold far
    # more of the squares' colour): every village but one example reads as its ground
    assert {h: old[h] for h in VILLAGES} == {"0302": "clear", "0506": "village", "0808": "clear", "0402": "clear",
                                            "0607": "level1", "0903": "level1"}
    # the rule: the six villages, and nothing else moved (the town's blocks are no square: read town as before)
    assert new == {**old, **{h: "village" for h in VILLAGES}}
    assert {h: new[h] for h in TOWNS} == {h: "town" for h in TOWNS}
    # each village moved keeps the ground it is printed on for its lines
    assert {h: ground[h] for h in VILLAGES} == {"0302": "clear", "0506": None, "0808": "clear", "0402": "clear",
                                               "0607": "level1", "0903": "level1"}


def test_a_template_finding_the_towns_examples_is_not_chosen():
    # the town drawn as squares of the villages' size a few pixels apart: the villages' template finds both of the
    # town's examples - the town's art as much as the villages'; chosen, it would read every town hex as a village
    new, _ = _read(town_of_squares=True)
    old, _ = _read(town_of_squares=True, rule=False)
    assert new == old
    assert {h: new[h] for h in TOWNS} == {h: "town" for h in TOWNS}


def test_the_examples_the_readings_fail():
    read = {"a": "clear", "b": "village", "c": "clear", "d": "town", "e": "town"}
    assert chosen.failing({"village": ["a", "b", "c"], "town": ["d", "e"]}, read, ["village", "town"]) == {
        "village": 2}
    # one example of three read wrong is not a failing colour; a class of one example has no leave-one-out
    assert chosen.failing({"village": ["a", "b", "b"], "town": ["a"]}, read, ["village", "town"]) == {}


def test_a_failed_leave_one_out_stops_the_search_with_the_same_answer(monkeypatch):
    """review37 C9: chosen.py's first check asks find_symbols to stop at a failed leave-one-out (loo_stops): the
    same check, threshold, colour and template as the whole search's, no hex looked for - and a class whose
    leave-one-out passes is searched as before (the villages' six squares)."""
    im, grid = _board()
    terrain = [tuple(rgb_to_lab(c).tolist()) for c in (SNOW, LEVEL)]
    for examples, loo in ((VILLAGES[:3], 3), (("0302", "0203", "0506"), 2), (("0302", "0607", "0104"), 0)):
        got = []
        for stops in (False, True):
            found, reports = find_symbols(im, grid, [SymbolClass("x", examples, terrain=True)], terrain, [],
                                          loo_stops=stops)
            r = reports["x"]
            got.append((found["x"], (r.loo_found, r.loo_total, r.threshold, r.colour, r.template_px,
                                     r.example_scores)))
        (whole, kept), (stopped, seen) = got
        assert kept == seen and kept[:2] == (loo, 3)
        assert stopped == (whole if loo == 3 else set())
        assert whole >= set(examples) if loo == 3 else whole
    # choose_symbols with its arguments in the extraction, a class of mixed examples added (a village and two towns:
    # one colour, no one mark): the same choice
    seen = []
    choose = chosen.choose_symbols
    monkeypatch.setattr(ex, "choose_symbols", lambda *a: seen.append(a) or choose(*a))
    ex.extract(im, grid, _legend(), features=False)
    image, g, examples, failed, colours, lines = seen[0]
    examples, failed = {**examples, "mixed": ["0302", "0203", "0705"]}, {**failed, "mixed": 2}
    calls = []
    find = chosen.find_symbols

    def keep(*a, **k):
        got = find(*a, **k)
        calls.extend((n, r.loo_found, r.loo_total, k.get("loo_stops", False), len(got[0][n]))
                     for n, r in got[1].items())
        return got

    monkeypatch.setattr(chosen, "find_symbols", keep)
    stopped = choose(image, g, examples, failed, colours, lines)
    # the mixed class's leave-one-out fails among the examples and the hexes about them: stopped there
    assert [c for c in calls if c[0] == "mixed"] == [("mixed", calls[-1][1], 3, True, 0)] and calls[-1][1] < 3
    symbol = chosen._symbol
    monkeypatch.setattr(chosen, "_symbol", lambda *a, loo_stops=False, **k: symbol(*a, **k))

    def told(got):
        return [(c.name, c.found, c.failed, c.report.threshold, c.report.loo_found, c.report.scores) for c in got]

    assert told(choose(image, g, examples, failed, colours, lines)) == told(stopped)
    assert [(c.name, c.found) for c in stopped] == [("village", frozenset(VILLAGES))]
