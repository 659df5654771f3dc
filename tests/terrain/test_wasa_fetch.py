"""The held-out boards fetched from a clone of HerrEklund/wasa (web_boards.py fetch --board NAME): one line and exit 3
where the clone named is none, and from a clone, the recorded blob in the cache. (Dynamo's, with its extra
arguments, are in test_truth_dynamo.py.)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .test_heldout_bastogne import web_boards
from .truthcheck import fetch_board, fetch_fails_in_one_line

HELDOUT = Path(__file__).parent / "truth" / "heldout"
# board -> (the cache's file, the board's title in the message, the image's size)
BOARDS = {"gettysburg": ("HerrEklund__wasa/gettysburg_NMap.jpg", "Roads to Gettysburg North Map",
                         (3991, 2659)),
          "sjw": ("HerrEklund__wasa/sjw_sjw_NS.jpg", "Stonewall Jackson's Way North and South Maps", (3336, 3761)),
          "nwk": ("HerrEklund__wasa/nwk_MapFull.jpg", "Next War: Korea (North and South sheets)", (5460, 6536)),
          "sl": ("HerrEklund__wasa/sl_map1_west.jpg", "Squad Leader map board 1 (west half)", (3912, 2880)),
          "omaha": ("HerrEklund__wasa/omaha_Board_MainAlternate.jpg", "D-Day at Omaha Beach alternative map",
                    (4140, 2700)),
          "gettysburg-south": ("HerrEklund__wasa/gettysburg-south_SMap.jpg", "Roads to Gettysburg South Map",
                               (3991, 2657))}


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_fetch_fails_in_one_line(tmp_path, board):
    """With $WGT_WASA_GIT naming a folder that is no clone: one line and exit 3 naming the board and how to fetch it."""
    fetch_fails_in_one_line(tmp_path, board, "WGT_WASA_GIT", BOARDS[board][1])


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_fetch_from_the_clone(tmp_path, board):
    """From a clone of HerrEklund/wasa holding its commit the image lands in the cache and is the recorded blob."""
    git = os.environ.get("WGT_WASA_GIT")
    if not git or not Path(git).is_dir():
        pytest.skip("needs a clone of HerrEklund/wasa named by WGT_WASA_GIT")
    r = fetch_board(tmp_path, board, "WGT_WASA_GIT", git=git)
    assert r.returncode == 0, r.stderr
    out = Path(r.stdout.strip())
    assert out == tmp_path / "cache" / BOARDS[board][0]
    wb = web_boards()
    assert wb.blob_id(out.read_bytes()) == wb.IMAGES[board]["blob"]
    assert wb.IMAGES[board]["size"] == BOARDS[board][2]
