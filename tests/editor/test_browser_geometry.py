"""The page's hex geometry on a pointy-top grid under a turned, stretched calibration (a scan's): every
hex centre maps back to its hex, every hexside midpoint to its hexside, and real clicks with the
hexside tool toggle exactly the hexsides clicked."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.hexgrid import CCRR, Extent, Grid, Layout, OffsetSystem
from toolkit.terrain import load_map
from toolkit.terrain.io import save_map
from toolkit.terrain.model import HexData, TerrainMap, TerrainType

from .browser import chrome, serving, wait_for, why_no_browser

_why = why_no_browser()
pytestmark = pytest.mark.skipif(_why is not None, reason=_why or "")


def test_pointy_grid_under_a_turned_calibration(tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    grid = Grid(CCRR(2, 2, offset=OffsetSystem("pointy", "even")), Extent(1, 12, 1, 9))
    legend = {"clear": TerrainType("clear", "#eeeeee")}
    path = tmp_path / "m.yaml"
    save_map(TerrainMap("pointy", "test", grid, legend, {h: HexData("clear") for h in grid.ids()}), path)
    layout = Layout.regular("pointy", 30).rotated(7).scaled(1.05, 1.0).translated(40, 60)
    with serving(path, layout=layout) as srv, chrome() as driver:
        driver.get(srv.url)
        wait_for(driver, "window.wgtEditor && window.wgtEditor.state.ready")
        bad = driver.execute_script("""
            const E = window.wgtEditor, S = E.state, out = [];
            S.hexes.forEach((h, i) => {
              const [x, y] = E.px(h.q, h.r);
              if (E.hexAt(x, y) !== i) out.push('centre ' + h.id);
              for (const [dq, dr] of [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]]) {
                const j = S.byAxial.get(`${h.q + dq},${h.r + dr}`);
                if (j === undefined) continue;
                const [mx, my] = E.px(h.q + dq * 0.45, h.r + dr * 0.45);  // just inside h, by the side
                const s = E.sideAt(mx, my);
                const want = h.id < S.hexes[j].id ? h.id + '/' + S.hexes[j].id : S.hexes[j].id + '/' + h.id;
                if (!s || s[2] !== want) out.push('side ' + want + ' got ' + (s && s[2]));
              }
            });
            return out;""")
        assert bad == []
        svg = driver.find_element(By.ID, "map")
        svg.send_keys("s")
        driver.find_element(By.ID, "feature").clear()
        driver.find_element(By.ID, "feature").send_keys("river")
        rect = driver.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height]", svg)
        n5 = [grid.id(h) for h in grid.neighbours(grid.hex("0505"))]
        clicked = [("0505", n5[0]), ("0505", n5[3]), ("0303", grid.id(grid.neighbours(grid.hex("0303"))[1]))]
        for a, b in clicked:
            x, y = driver.execute_script(f"return window.wgtEditor.screenOfSide('{a}', '{b}')")
            ActionChains(driver).move_to_element_with_offset(svg, round(x - rect[0] - rect[2] / 2),
                                                             round(y - rect[1] - rect[3] / 2)).click().perform()
        sides = driver.execute_script(
            "return Object.fromEntries([...window.wgtEditor.state.sides].map(([k, v]) => [k, [...v]]))")
        want = {grid.side_key(a, b) for a, b in clicked}
        assert {k for k, v in sides.items() if v} == want and all(v == ["river"] for v in sides.values() if v)
        driver.execute_script("window.wgtEditor.save()")
        saved = wait_for(driver, "window.wgtEditor.state.lastSave")
        assert saved["ok"] and saved["changed"] == {"hexes": 0, "hexsides": 3}
    assert set(load_map(path).hexsides) == want
