"""An 'along' line's width (extract_sides._along_only, WIDER): read in counts of band samples, a few marked examples
can all fall on the narrow side of a rescaled print's soft edges (GMT France '40's Dynamo at x0.8: its three marked
river sides read 1, 1 and 3 samples wide, and 58 of 60 river sides were cut as areas "wider than twice 1")."""

from __future__ import annotations

import numpy as np

from toolkit.terrain.extract_sides import _along_only


def _band(widths: list[int], positions: int = 4, offsets: int = 9) -> np.ndarray:
    """Distances to the line's colour (0 on it, inf off it) of sides whose line is ``widths`` samples wide across
    the band at every position."""
    dist = np.full((len(widths), positions, offsets), np.inf)
    for k, w in enumerate(widths):
        mid = offsets // 2
        dist[k, :, mid - w // 2: mid - w // 2 + w] = 0.0
    return dist


def test_a_line_wider_than_its_narrow_examples_is_kept_and_an_area_is_not():
    # sides 0-2 marked (1, 1 and 3 samples wide), 3-5 the same river 3 wide, 6 an area filling the band
    widths = [1, 1, 3, 3, 3, 3, 9]
    dist = _band(widths)
    score = np.ones(len(widths))
    inside = np.zeros(2)  # no colour in the hexes' middles
    side_hexes = np.zeros((len(widths), 2), dtype=np.intp)
    kept = _along_only(score, dist, 0.5, inside, side_hexes, 0.5, [0, 1, 2])
    # the old width (the examples' median, 1: every side over 2 samples an area) kept sides 0 and 1 only
    assert np.nonzero(kept >= 0.5)[0].tolist() == [0, 1, 2, 3, 4, 5]


def test_the_examples_width_still_rules_where_the_sides_found_are_narrower():
    # marked sides 3 wide; most sides found 1 wide; an area 9 wide is still cut, a side 5 wide is not (2 x 3)
    widths = [3, 3, 3, 1, 1, 1, 1, 1, 5, 9]
    dist = _band(widths, offsets=11)
    score = np.ones(len(widths))
    kept = _along_only(score, dist, 0.5, np.zeros(2), np.zeros((len(widths), 2), dtype=np.intp), 0.5, [0, 1, 2])
    assert np.nonzero(kept >= 0.5)[0].tolist() == [0, 1, 2, 3, 4, 5, 6, 7, 8]
