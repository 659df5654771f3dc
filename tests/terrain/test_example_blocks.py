"""extract._example_blocks: each class's example blocks found in one pass over the image's blocks (then each class's
among them) are the blocks a pass a class finds (the old code: np.isin over every block for each class), in order,
a hex listed for two classes in both."""

from __future__ import annotations

import numpy as np

from toolkit.terrain.extract import _example_blocks


def test_one_pass_finds_each_classs_blocks_as_a_pass_a_class() -> None:
    rng = np.random.default_rng(3)
    hid = rng.integers(-1, 400, 50_000)
    examples = {0: [5, 17, 300], 2: [17, 44], 3: [], 5: [399, 0, 5], 6: [1000]}  # 17 and 5 twice; 1000 on no block
    got = _example_blocks(hid, examples)
    assert list(got) == [0, 2, 5, 6]
    for c, v in examples.items():
        if v:
            assert np.array_equal(got[c], np.flatnonzero(np.isin(hid, v)))
    assert len(got[6]) == 0 and len(got[0]) > 0
