"""The bundled-data locator: maps/ and counters/ in a checkout or inside an installed package."""

from __future__ import annotations

from pathlib import Path

import pytest

import toolkit.data as data
from toolkit.errors import InputError

ROOT = Path(__file__).resolve().parents[1]


def test_checkout_data_root() -> None:
    assert data.data_root() == ROOT
    assert data.maps_dir() == ROOT / "maps"
    assert data.counters_dir() == ROOT / "counters"


def test_bundled_counters_of_winter_war() -> None:
    assert data.counters_path("winter-war") == ROOT / "counters" / "winter-war.yaml"


def test_unknown_slug_lists_what_is_bundled() -> None:
    with pytest.raises(InputError, match=r"no bundled counters for 'no-such-game' \(bundled: .*winter-war"):
        data.counters_path("no-such-game")
    with pytest.raises(InputError, match=r"no bundled map for 'no-such-game' \(bundled: "):
        data.map_path("no-such-game")


def test_resolve_map_prefers_an_existing_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "winter-war"  # a file named like a slug wins over the bundled map
    f.write_text("title: mine\n")
    assert data.resolve_map(str(f)) == f
    monkeypatch.chdir(tmp_path)
    assert data.resolve_map("winter-war") == Path("winter-war")


@pytest.mark.parametrize("arg", ["missing.yaml", "sub/missing", "sub\\missing"])
def test_resolve_map_missing_path(arg: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match=f"map file not found: {arg.replace(chr(92), chr(92) * 2)}$"):
        data.resolve_map(arg)


def test_resolve_map_slug(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "counters").mkdir()
    (tmp_path / "maps" / "tornio-44.yaml").write_text("title: t\n")
    monkeypatch.setattr(data, "_PACKAGE", tmp_path / "toolkit")
    monkeypatch.chdir(tmp_path / "maps")  # no file called "tornio-44" here
    assert data.resolve_map("tornio-44") == tmp_path / "maps" / "tornio-44.yaml"
    with pytest.raises(InputError, match=r"no bundled map for 'winter-war' \(bundled: tornio-44\)"):
        data.resolve_map("winter-war")


def test_installed_layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After pip install the data sits inside the package as toolkit/_data/{maps,counters}."""
    pkg = tmp_path / "site-packages" / "toolkit"
    (pkg / "_data" / "maps").mkdir(parents=True)
    (pkg / "_data" / "counters").mkdir()
    (pkg / "_data" / "counters" / "winter-war.yaml").write_text("sides: {}\n")
    monkeypatch.setattr(data, "_PACKAGE", pkg)
    assert data.data_root() == pkg / "_data"
    assert data.counters_path("winter-war") == pkg / "_data" / "counters" / "winter-war.yaml"
    with pytest.raises(InputError, match=r"no bundled map for 'winter-war' \(bundled: none\)"):
        data.map_path("winter-war")


def test_half_a_data_folder_is_not_enough(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "toolkit"
    (pkg / "_data" / "maps").mkdir(parents=True)
    (tmp_path / "counters").mkdir()
    monkeypatch.setattr(data, "_PACKAGE", pkg)
    with pytest.raises(InputError, match=r"bundled data not found beside .*toolkit \(no maps/ and counters/"):
        data.data_root()


def test_resolve_map_folder_is_named_as_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "maps.yaml").mkdir()
    (tmp_path / "winter-war").mkdir()  # a bare word is still a slug, even beside a folder of that name
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match=r"^maps\.yaml is a folder, not a map file$"):
        data.resolve_map("maps.yaml")
    with pytest.raises(InputError, match=r"is a folder, not a map file$"):
        data.resolve_map(str(tmp_path / "winter-war"))
    assert data.resolve_map("winter-war") == ROOT / "maps" / "winter-war.yaml"
