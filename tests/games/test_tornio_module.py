"""Tornio '44's counters, aids and module (``wgt build all tornio-44``); the module checked in the real VASSAL
engine (shared/tools/vassal-oracle; those tests are marked ``oracle`` and skip when it cannot start)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import ORACLE
from toolkit.cli.main import cli
from toolkit.counters import load_counters
from toolkit.games import get_game

GAME = get_game("tornio-44")


@pytest.fixture(scope="module")
def built():  # type: ignore[no-untyped-def]
    from toolkit.cli.module_cmd import build_game_module

    return build_game_module("tornio-44")


def test_counters_hold_what_the_rulebook_describes_and_no_invented_value() -> None:
    cs = load_counters(GAME.counters_path())
    markers = {ct.id for ct in cs if ct.side == "marker"}
    assert markers == {"mk-turn", "mk-daynight", "mk-air-strike", "mk-vp-0", "mk-vp-20", "mk-vp-diff", "mk-broken",
                       "mk-achtung", "mk-intoxic", "mk-stack-i-11", "mk-stack-ii-11", "mk-stack-iii-11"}
    assert (cs.face("mk-achtung", "front").label, cs.face("mk-achtung", "back").label) == ("Achtung!\nGefahr!",
                                                                                            "Brücke\nkaputt!")  # 15.0
    assert cs.face("mk-stack-i-11", "back").label == "FIN"  # 8.1: Nationality markers on the other side
    assert (cs["fin-larjo"].count, cs["fin-osp"].count) == (2, 4)  # 11.0, 29.1
    units = [ct for ct in cs if ct.side != "marker"]
    # every unit value is unknown ("?") until the user completes it from the OOB Cards
    assert all(set(ct.values.values()) == {"?"} and set(ct.back["values"].values()) == {"?"} for ct in units)
    assert cs["fin-tank"].unit_type == "armour" and cs["ger-engineer"].unit_type == "engineer"


def test_module_setup_places_what_30_0_fixes(built) -> None:  # type: ignore[no-untyped-def]
    placed = sorted((p.counter, p.hex) for p in built.spec.setup if p.hex)
    assert placed == [("fin-larjo", "1502"), ("fin-larjo", "3220"), ("fin-osp", "2819"), ("fin-osp", "2918"),
                      ("fin-osp", "3621"), ("fin-osp", "3722")]
    assert built.spec.turns[0] == "1A (Daytime)" and built.spec.turns[-1] == "8B (Nighttime)"
    assert len(built.spec.turns) == 16  # 6.0
    places = {m.text: m.box for m in built.spec.markers}
    assert places["TURN Finnish"] == "Game Turn: Coup"  # 30.0 (9a)
    assert places["Air Strike Finnish"] == "Weather: Cloudy"  # (9b)
    assert places["VPs 0+"] == "VP track 4" and places["VPs 20+"] == "VP track: Extra VP marker space"  # (9c)
    assert places["VP Diff. Finnish"] == "VP track 0"  # (9d)
    assert places["Daytime (A)"] == "Daytime"


def test_build_all(tmp_path: Path) -> None:
    r = CliRunner().invoke(cli, ["build", "all", "tornio-44", "-o", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "sheets.pdf").read_bytes()[:5] == b"%PDF-"
    assert (tmp_path / "aids.pdf").read_bytes()[:5] == b"%PDF-"
    assert (tmp_path / "tornio-44.vmod").read_bytes()[:4] == b"PK\x03\x04"
    assert {"01-6-1-sequence-of-play.png", "03-18-6-terrain-effects-table.png"} <= {p.name for p in
                                                                                   (tmp_path / "aids").glob("*.png")}


def _oracle(*args: str) -> dict:
    from tests.vassal.helpers import run_oracle

    if not ORACLE.exists():
        pytest.skip(f"the VASSAL oracle is not there: {ORACLE}")
    try:
        answer = run_oracle(*args)
    except (OSError, RuntimeError) as exc:
        pytest.skip(f"the VASSAL oracle cannot start: {exc}")
    # the engine not started (no JVM, no X server wrapper: "the engine gave no answer") is a skip; an engine that
    # starts and refuses the module is a failure
    error = str(answer.get("error", ""))
    if not answer.get("ok") and ("JVM" in error or "gave no answer" in error):
        pytest.skip(f"the VASSAL oracle cannot start: {error}: {str(answer.get('stderr_tail', '')).strip()[:200]}")
    return answer


@pytest.mark.oracle
def test_engine_loads_names_every_hex_centre_and_decodes_the_setup(built, tmp_path: Path) -> None:  # type: ignore

    from toolkit.builders.module_grid import hex_centres
    from toolkit.terrain.io import load_map

    vmod = tmp_path / "tornio-44.vmod"
    vmod.write_bytes(built.vmod)
    loaded = _oracle("load", str(vmod))
    assert loaded.get("ok") and not loaded.get("engine_errors"), loaded
    tmap = load_map(GAME.map_path())
    points = hex_centres(tmap, built.layout)
    located = _oracle("locate", str(vmod), "Main Map", *(f"{x},{y}" for x, y in points.values()))
    names = [p["location"] for p in located["points"]]
    assert len(names) == len(points) == 998
    assert names == list(points)  # every hex centre named as our map names it ("1502" = row 15, hex 02)
    save = tmp_path / "setup.vsav"
    save.write_bytes(built.setup)
    decoded = _oracle("decode", str(vmod), str(save))
    assert decoded.get("ok"), decoded
    pieces = {p["id"]: (p["name"], p["location"]) for p in decoded["pieces"]
              if p["map"] == "Main Map" and p["name"] != "Terrain overlay" and "Stack" not in p["class"]}
    on_map = sorted(pieces.values())
    assert on_map == [("fin-larjo", "1502"), ("fin-larjo", "3220"), ("fin-osp", "2819"), ("fin-osp", "2918"),
                      ("fin-osp", "3621"), ("fin-osp", "3722")]
