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


def test_a_misspelt_section_is_named_not_its_classes(_legend: Callable[[str], dict]) -> None:
    """user46 (Roads to Gettysburg's South Map, a legend written from docs/legend.md): ``terrian:`` was read as one
    terrain of the short form (terrains at the top level) and refused as "line 2: terrain 'terrian': unknown key
    'clear'" - a class named as the mistake, not the section's spelling."""
    with pytest.raises(DataFileError, match=r"line 1: unknown legend section 'terrian' \(did you mean 'terrain'\?\)"
                                            r".* its keys clear, woods are none a terrain takes"):
        _legend("terrian:\n  clear: {hexes: ['0101']}\n  woods: {colour: '#4f7a3a'}\n")
    # a section spelt far from any: still named, without a guess, when its values are classes
    with pytest.raises(DataFileError, match=r"line 1: unknown legend section 'classes' \(known: terrain, "):
        _legend("classes:\n  clear: {hexes: ['0101']}\n  woods: {colour: '#4f7a3a'}\n")
    with pytest.raises(DataFileError, match=r"line 3: unknown legend section 'Features' \(did you mean 'features'\?\)"):
        _legend("terrain:\n  clear: '#ffffff'\nFeatures:\n  river: {colour: '#2454be', kind: along}\n")


def test_a_short_form_terrain_with_one_key_misspelt_keeps_its_own_error(_legend: Callable[[str], dict]) -> None:
    """The short form stays: terrains at the top level load, and one of them with a key misspelt is refused
    naming that key (not taken for a misspelt section)."""
    out = _legend("forest: {colour: '#4f7a3a'}\nclear: {hexes: ['0101']}\n")
    assert set(out["terrain"]) == {"forest", "clear"}
    with pytest.raises(DataFileError, match=r"line 1: terrain 'forest': unknown key 'colr'"):
        _legend("forest: {colr: '#4f7a3a'}\nclear: {hexes: ['0101']}\n")
