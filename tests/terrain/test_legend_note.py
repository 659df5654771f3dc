"""A legend's ``note:`` is free text for its readers (docs/legend.md); anything else there is refused with its line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from toolkit.errors import DataFileError
from toolkit.terrain.extract import load_legend


@pytest.fixture
def _legend(tmp_path: Path) -> Callable[[str], dict]:
    def read(text: str) -> dict:
        p = tmp_path / "legend.yaml"
        p.write_text(text, encoding="utf-8")
        return load_legend(p)
    return read


def test_note_is_accepted_and_not_passed_on(_legend: Callable[[str], dict]) -> None:
    out = _legend("terrain: {clear: '#ffffff'}\nnote: sampled from the 1993 print\n")
    assert "note" not in out and out["terrain"] == {"clear": "#ffffff"}


def test_note_must_be_text(_legend: Callable[[str], dict]) -> None:
    with pytest.raises(DataFileError, match=r"line 2: note must be text"):
        _legend("terrain: {clear: '#ffffff'}\nnote: [a, b]\n")


def test_other_sections_are_still_refused(_legend: Callable[[str], dict]) -> None:
    with pytest.raises(DataFileError, match=r"line 2: unknown legend section 'notes'"):
        _legend("terrain: {clear: '#ffffff'}\nnotes: x\n")
