"""The extraction of a colours-only legend imports no numpy.ma (50a407f: its first use, by np.median, np.percentile,
np.unique or np.isin's sorting, costs ~8 ms of the command's CPU; later steps - the patterns', the centre dots', the
review's unknown colours, the marks' and blobs' grounds - had brought it back). A synthetic map as the bench's command
reads it (its terrain-only legend), in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent("""
    import sys
    from toolkit.terrain.extract import draw_overlay, extract
    from toolkit.terrain.synthetic import legend_for, random_terrain, render_scan
    m = random_terrain(20, 14, seed=2024)
    img, truth = render_scan(m, 60.0, seed=2024, supersample=1, jpeg_quality=0, margin=0.55)
    leg = legend_for(truth, seed=2024)
    leg.pop("features", None)
    assert "numpy.ma" not in sys.modules
    draw_overlay(img, extract(img, truth.grid, leg))
    print("numpy.ma" in sys.modules)
""")


def test_a_colours_only_extraction_imports_no_numpy_ma() -> None:
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
