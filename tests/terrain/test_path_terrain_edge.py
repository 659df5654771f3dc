"""A terrain is no rival to a thin road's paler pixels (traced notes 24, ``PATH_TERRAINS``), but the edge between two
terrains blends into the road's colour too (Stonewall Jackson's Way's North Map: the woods' edge on the yellow, L*
51 between the woods' 33 and the paper's 85, read as the road along creeks at 0924/1023, 1924/2023, 1231/1331); and
the paler pixels beside the road's own made it a stroke of 3 px and more, which the path's erosion refuses (the
road through the woods at 5309/5409, 4910/5009): toolkit/terrain/lines.py, traced notes 24 (``PATH_VALLEY``,
``PATH_THICK``)."""

from __future__ import annotations

from toolkit.terrain import lines

from . import test_light_road_path as light
from . import test_path_terrain_rival as rival

WOODS = (79, 82, 64)  # the woods' dark grey-green (L* 34)
EDGE = (150, 143, 95)  # its edge on the yellow, 2 px: within the road's tolerance, nearer the town's colour


def _board(blur: float = 0.6):
    """test_path_terrain_rival's board (the two dark roads, the lighter one, the specks, the town hexes) with a block
    of woods edged in EDGE over columns 06-08 below 0603's centre, the whole softened by ``blur``."""
    return rival._board((WOODS, EDGE), blur)


def _found(blur: float = 0.6) -> set[str]:
    return rival._read(*_board(blur))[0]


def _roads() -> set[str]:
    grid, _ = _board()
    return light._links(grid, light.DARK[0]) | light._links(grid, light.DARK[1]) | light._links(grid, light.PALE)


def _pale() -> set[str]:
    grid, _ = _board()
    return light._links(grid, light.PALE)


def test_a_terrain_s_edge_is_no_path():
    """The woods' edge lies within the road's tolerance, nearer the town's colour: with the terrains no rivals
    (5079c05) it is read as the road on four sides about it. Its pixels lie between the
    dark woods and the light paper, darker than one side only, not a stroke darker than its ground on both: every
    road link, the lighter road's too (main 8fd0e56, the terrains rivals, misses its five), none along the woods."""
    assert _found() == _roads()


def test_with_the_edge_a_path_the_woods_read_as_road(monkeypatch):
    """PATH_VALLEY off (5079c05's reading): four links along the woods' edge."""
    monkeypatch.setattr(lines, "PATH_VALLEY", 0.0)
    assert _found() - _roads() == {"0603/0604", "0604/0703", "0703/0804", "0803/0804"}


def test_on_a_softer_scan_the_lighter_road_stays_a_path():
    """Softened more (1.1 px): the lighter road's blended sides lie nearer the town's colour, and counted for it
    they make it a stroke of 3 px, which the path's erosion refuses - 5079c05 misses all five of its links, as main
    8fd0e56 does (the terrains rivals). Its thinness judged without them (PATH_THICK), and they on it only where
    darker than both sides: every road link, none false."""
    assert _found(1.1) == _roads()


def test_judged_with_the_terrain_s_pixels_the_softer_lighter_road_breaks(monkeypatch):
    """PATH_THICK off: the lighter road is broken (3 of its links missed) where its blended sides, darker than both
    sides of them, thicken it."""
    monkeypatch.setattr(lines, "PATH_THICK", False)
    found = _found(1.1)
    assert _pale() - found
    assert found - _roads() == set()
