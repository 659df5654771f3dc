"""The examples in the hexgrid docstrings are run (issue 11 item 8): every public name of
``toolkit.hexgrid`` is shown at work in at least one of them, and each prints what it says."""

from __future__ import annotations

import doctest
import re
from types import ModuleType

import pytest

import toolkit.hexgrid as hexgrid
from toolkit.hexgrid import coords, grid, layout, numbering

MODULES = [coords, grid, layout, numbering]
PUBLIC = {name: getattr(hexgrid, name) for name in hexgrid.__all__}


def _tests(module: ModuleType) -> list[doctest.DocTest]:
    finder = doctest.DocTestFinder(exclude_empty=True)
    return [t for t in finder.find(module, globs={**vars(module), **PUBLIC}) if t.examples]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples_run(module: ModuleType) -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = _tests(module)
    assert tests, f"{module.__name__} has no examples"
    for test in tests:
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_every_public_name_has_an_example() -> None:
    source = "\n".join(ex.source for m in MODULES for t in _tests(m) for ex in t.examples)
    used = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", source))
    missing = sorted(n for n in hexgrid.__all__ if n not in used and n != "DIRECTIONS")
    assert missing == []
