"""The robustness bench moves a legend's pixel samples with the image (review C8b of session 31: Dynamo's marsh,
given as a ``box:``, was read at the original's pixels on a rescaled copy)."""

from __future__ import annotations

import numpy as np
import yaml

from benchmarks.bench_perturb import _moved_legend, _then
from toolkit.terrain.extract_legend import _get, load_legend


def _write(tmp_path, text):
    p = tmp_path / "in.legend.yaml"
    p.write_text(text)
    return p


def test_a_box_and_points_move_with_the_image(tmp_path):
    src = _write(tmp_path, """\
terrain:
  clear: {hexes: ["0101", "0102"]}
  marsh: {box: [110, 2565, 200, 2620]}
  lake: {sample: [[10, 20], [30, 40]]}
  heath: {sample: [5, 6]}
features:
  river: {colour: "#2040c0", kind: along, yes: ["0101/0102"]}
""")
    cut = np.array([[1.0, 0, -100], [0, 1.0, -2500]])  # the crop: 100, 2500 off
    x2 = np.array([[2.0, 0, 0.5], [0, 2.0, 0.5]])  # then rescaled x2 (pixel centres)
    out = _moved_legend(src, _then(cut, x2), tmp_path / "out.legend.yaml")
    assert out != src
    doc = yaml.safe_load(out.read_text())
    t = doc["terrain"]
    assert t["marsh"]["box"] == [20, 130, 201, 241]  # (10, 65) -> (20.5, 130.5), (100, 120) -> (200.5, 240.5)
    assert t["lake"]["points"] == [[-179.5, -4959.5], [-139.5, -4919.5]]
    assert t["heath"]["points"] == [[-189.5, -4987.5]]
    assert t["clear"]["hexes"] == ["0101", "0102"]
    # the moved file is a legend the reader takes (unknown keys are errors there), its features as written
    again = load_legend(out)
    assert again["terrain"]["marsh"]["box"] == [20, 130, 201, 241]
    assert _get(again["features"]["river"], "yes") == ["0101/0102"]


def test_a_turned_box_becomes_the_box_about_its_corners(tmp_path):
    src = _write(tmp_path, "a: {box: [0, 0, 10, 10]}\nb: {hexes: ['0101']}\n")
    c, s = np.cos(np.radians(30)), np.sin(np.radians(30))
    out = _moved_legend(src, np.array([[c, s, 0.0], [-s, c, 0.0]]), tmp_path / "out.legend.yaml")
    box = yaml.safe_load(out.read_text())["terrain"]["a"]["box"]
    # corners (0,0) (0,10) (10,0) (10,10) -> x in [0, 13.66], y in [-5, 8.66]
    assert box == [0, -5, 14, 9]


def test_a_legend_of_ids_only_is_read_as_written(tmp_path):
    src = _write(tmp_path, "terrain:\n  clear: {hexes: ['0101']}\n  woods: '#2f6b2f'\n")
    assert _moved_legend(src, np.array([[0.6, 0, 0.1], [0, 0.6, 0.1]]), tmp_path / "out.legend.yaml") == src
    assert not (tmp_path / "out.legend.yaml").exists()


def test_only_takes_each_perturbations_form_with_other_numbers():
    from benchmarks.bench_perturb import FORMS, PERTURBATIONS

    assert all(FORMS.fullmatch(k) for k in PERTURBATIONS)
    assert all(FORMS.fullmatch(k) for k in ("x0.8", "x2", "jpeg30", "jpeg100", "rot-1.5", "gamma1.1", "noise2"))
    # a rescale or tone curve of zero, a JPEG quality of 0 or over 100 are refused in one line, not a traceback
    assert not any(FORMS.fullmatch(k) for k in ("x", "x0", "x0.0", "gamma0", "jpeg", "jpeg0", "jpeg101", "zoom2",
                                                "x0.8,", "rot"))
