"""Shared fixtures: the ../shared folder (corpus, boards, oracle, rulebooks) beside the checkout."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# The parsed-map cache of the tests (and of the wgt processes they start) lives in a folder of this run,
# not in the user's ~/.cache/wgt; tests of the cache itself set WGT_CACHE_DIR themselves.
if "WGT_CACHE_DIR" not in os.environ:
    import tempfile

    os.environ["WGT_CACHE_DIR"] = tempfile.mkdtemp(prefix="wgt-test-cache-")

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("WGT_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "corpus"
BOARDS = SHARED / "boards"
SEEDS = SHARED / "seeds"
ORACLE = SHARED / "tools" / "vassal-oracle" / "vassal-oracle"


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip(f"the VASSAL corpus is not at {CORPUS} (clone with ../shared beside it)")
    return CORPUS


@pytest.fixture(scope="session")
def boards() -> Path:
    if not BOARDS.is_dir():
        pytest.skip(f"the board images are not at {BOARDS}")
    return BOARDS


@pytest.fixture(scope="session")
def seeds() -> Path:
    if not SEEDS.is_dir():
        pytest.skip(f"the rulebooks are not at {SEEDS}")
    return SEEDS
