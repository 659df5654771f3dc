"""``wgt demo``: everything for winter-war in one folder, with the report of a sample position."""

from __future__ import annotations

import re
import zipfile

import pytest
from click.testing import CliRunner

from toolkit.builders.module import board_geometry
from toolkit.cli.demo import sample_position
from toolkit.cli.main import cli
from toolkit.games import get_game
from toolkit.terrain.io import load_map
from toolkit.terrain.render import render_map
from toolkit.terrain.synthetic import scan_of_board
from toolkit.vassal import Module, locate, read_save

MADE = ["board.png", "scan.jpg", "legend.yaml", "extracted-terrain.yaml", "counters", "sheets.pdf", "aids.pdf",
        "winter-war.vmod", "setup.vsav", "winter-war-scan.vmod", "sample-position.yaml", "sample.vsav"]


@pytest.fixture(scope="module")
def demo_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("demo")
    result = CliRunner().invoke(cli, ["demo", "--out", str(out)], catch_exceptions=False)
    return out, result


def test_demo_succeeds_and_lists_what_it_made(demo_run):
    out, result = demo_run
    assert result.exit_code == 0, result.output
    listed = re.findall(r"^  (\S+)  - ", result.stdout, flags=re.MULTILINE)
    assert listed == [str(out / name) for name in MADE]
    assert all((out / name).exists() for name in MADE)
    assert len(list((out / "counters").glob("*-front.png"))) == 20
    # progress lines on stderr, one per step, with the elapsed time
    steps = re.findall(r"^\[\s*[0-9.]+s\] (.+)$", result.stderr, flags=re.MULTILINE)
    assert steps[0].startswith("loading") and steps[-1] == "done" and len(steps) == 8


def test_demo_extraction_accuracy(demo_run):
    _, result = demo_run
    m = re.search(r"terrain extraction: (\d+)/3038 hexes \(([0-9.]+)%\) match the map", result.stdout)
    assert m is not None
    assert int(m.group(1)) >= 0.85 * 3038  # measured 2719 (89.5%): partly-water clear hexes are the misses


def test_demo_report_is_the_same_from_the_save(demo_run):
    out, result = demo_run
    assert "Stacking: 3 soviet units in" in result.stdout
    assert "the save read back gives the same report: yes" in result.stdout
    with Module.open(out / "winter-war.vmod") as module:
        pieces = {p.id: p.hex for p in locate(read_save(out / "sample.vsav"), module) if p.kind == "piece"}
    data = sample_position(load_map(get_game("winter-war").map_path()))
    assert pieces == {u["id"]: u["hex"] for u in data["units"]}


def test_demo_module_carries_its_setup(demo_run):
    out, _ = demo_run
    assert zipfile.ZipFile(out / "winter-war.vmod").read("setup.vsav") == (out / "setup.vsav").read_bytes()


def test_sample_position_is_found_by_names_and_tags():
    tmap = load_map(get_game("winter-war").map_path())
    data = sample_position(tmap)
    hexes = {u["id"]: u["hex"] for u in data["units"]}
    assert hexes["f3"] == tmap.place("Viipuri") and hexes["s2"] == tmap.place("Leningrad")
    assert tmap.value(hexes["f1"], "fortification") == "mannerheim"
    assert hexes["s3"] == hexes["s4"] == hexes["s5"] and hexes["s3"] in tmap.neighbours(hexes["f2"])


def test_synthetic_scan_layout_follows_the_turned_board():
    tmap = load_map(get_game("winter-war").map_path())
    layout, size = board_geometry(tmap, 16)
    board = render_map(tmap, layout=layout, size=size).image
    scan, scan_layout = scan_of_board(board, layout, degrees=2.0)
    assert scan.size == board.size
    # deep sea and inland clear hexes keep their legend colour at their (turned) centres
    for terrain in ("sea", "clear"):
        colour = tmap.legend[terrain].color
        want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        hexes = [h for h in tmap.find(terrain=terrain) if not tmap.tags(h) and not tmap.name(h)
                 and tmap.value(h, "water") is None and all(tmap.terrain(n) == terrain for n in tmap.neighbours(h))]
        for hid in hexes[:: max(1, len(hexes) // 20)]:
            x, y = scan_layout.hex_to_pixel(tmap.grid.hex(hid))
            if not (0 <= round(x) < scan.width and 0 <= round(y) < scan.height):
                continue  # turned off the scan: an edge hex of a board taller than wide (its legend below)
            got = scan.getpixel((round(x), round(y)))
            assert max(abs(a - b) for a, b in zip(got, want)) < 40, (hid, got, want)


def test_wgt_check_gives_the_same_json_for_the_save_and_the_yaml(demo_run):
    out, _ = demo_run
    runner = CliRunner()
    from_save = runner.invoke(cli, ["check", str(out / "sample.vsav"), "--game", "winter-war", "--module",
                                    str(out / "winter-war.vmod"), "--json"])
    from_yaml = runner.invoke(cli, ["check", str(out / "sample-position.yaml"), "--json"])
    assert from_save.exit_code == from_yaml.exit_code == 1  # the stacking violation
    assert from_save.stdout == from_yaml.stdout


def test_demo_output_folder_that_cannot_be_made():
    result = CliRunner().invoke(cli, ["demo", "--out", "/dev/null/demo"], standalone_mode=True)
    assert result.exit_code == 3 and result.stderr == "wgt: error: output folder /dev/null is a file, not a folder\n"


def test_demo_output_folder_that_is_a_file(tmp_path):
    other = tmp_path / "passwd"
    other.write_text("root:x:0:0\n")
    result = CliRunner().invoke(cli, ["demo", "--out", str(other)], standalone_mode=True)
    assert result.exit_code == 3 and result.stderr == f"wgt: error: output folder {other} is a file, not a folder\n"
    assert other.read_text() == "root:x:0:0\n"
