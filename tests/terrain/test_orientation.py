"""A picture whose EXIF orientation asks viewers to turn it (a phone's photo of a map) is read as stored, as VASSAL
reads it, and calibrate, extract and tiles say so in one line: points clicked in a viewer that turned it lie
elsewhere. Without the tag, or with orientation 1, nothing is said."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from PIL import Image

from toolkit.cli.main import cli
from toolkit.hexgrid import Grid
from toolkit.terrain.calibrate import open_image, orientation_note

from .test_extract import write_tiny


def _tagged(src: Path, dst: Path, value: int | None) -> Path:
    img = Image.open(src).convert("RGB")
    exif = Image.Exif()
    if value is not None:
        exif[0x0112] = value
    img.save(dst, exif=exif.tobytes()) if value is not None else img.save(dst)
    return dst


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    return write_tiny(tmp_path_factory.mktemp("tiny"), "legend.yaml")


def _extract(d: Path, image: Path, out: Path):
    return CliRunner().invoke(cli, ["map", "extract", str(image), "--grid", str(d / "grid.yaml"), "--legend",
                                    str(d / "legend.yaml"), "-o", str(out)])


def test_extract_reads_the_stored_pixels_and_says_the_tag(tiny, tmp_path):
    plain = _tagged(tiny / "scan.png", tmp_path / "plain.png", None)
    turned = _tagged(tiny / "scan.png", tmp_path / "turned.png", 6)
    assert open_image(turned).tobytes() == open_image(plain).tobytes()  # the pixels as stored, never turned
    r0, r6 = _extract(tiny, plain, tmp_path / "a.yaml"), _extract(tiny, turned, tmp_path / "b.yaml")
    assert r0.exit_code == 0 and r6.exit_code == 0, r6.output
    assert "EXIF" not in r0.stderr
    assert r6.stderr.splitlines()[0] == (
        f"wgt: warning: image {turned} has an EXIF orientation (6: photo viewers show it turned 90 degrees "
        "clockwise); wgt reads its pixels as stored, as VASSAL does: give points in that orientation (or save the "
        "picture turned, without the tag, first)")
    strip = [ln for ln in (tmp_path / "b.yaml").read_text().splitlines() if "turned.png" not in ln]
    assert strip == [ln for ln in (tmp_path / "a.yaml").read_text().splitlines() if "plain.png" not in ln]


def test_calibrate_and_tiles_say_it_too(tiny, tmp_path):
    turned = _tagged(tiny / "scan.png", tmp_path / "turned.jpg", 3)
    r = CliRunner().invoke(cli, ["map", "tiles", str(turned), str(tiny / "grid.yaml"), str(tmp_path / "pages")])
    assert r.exit_code == 0, r.output
    assert r.stderr.startswith(f"wgt: warning: image {turned} has an EXIF orientation (3: photo viewers show it "
                               "turned 180 degrees)")
    grid = Grid.from_dict(yaml.safe_load((tiny / "grid.yaml").read_text())["grid"])
    points = []
    for hid in (grid.ids()[0], grid.ids()[7], grid.ids()[-1]):
        x, y = grid.layout.hex_to_pixel(grid.hex(hid))
        points += ["--point", f"{hid}={x:.1f},{y:.1f}"]
    r = CliRunner().invoke(cli, ["map", "calibrate", str(turned), *points, "-o", str(tmp_path / "g.yaml")])
    assert r.exit_code == 0, r.output
    assert r.stderr.startswith(f"wgt: warning: image {turned} has an EXIF orientation (3: photo viewers show it "
                               "turned 180 degrees)")


def test_a_tiff_orientation_tag_is_said_too(tmp_path):
    """A TIFF keeps its orientation as one of its own tags, not an EXIF block: it was never seen."""
    p = tmp_path / "scan.tif"
    img = Image.new("RGB", (40, 30), (200, 180, 120))
    info = Image.Exif()
    info[0x0112] = 8
    img.save(p, exif=info)
    said: list[str] = []
    assert open_image(p, note=said.append).tobytes() == img.tobytes()
    assert said == [f"wgt: warning: image {p} has an EXIF orientation (8: photo viewers show it turned 90 degrees "
                    "anticlockwise); wgt reads its pixels as stored, as VASSAL does: give points in that orientation "
                    "(or save the picture turned, without the tag, first)"]


@pytest.mark.parametrize("value", [None, 1, 9])
def test_no_word_without_a_turn(value):
    info = {}
    if value is not None:
        exif = Image.Exif()
        exif[0x0112] = value
        info["exif"] = exif.tobytes()
    assert orientation_note("x.jpg", info) is None


def test_a_damaged_exif_block_is_no_error():
    assert orientation_note("x.jpg", {"exif": b"Exif\x00\x00garbage"}) is None
