"""``wgt map edit`` in a real headless Chromium (Debian's chromium + chromium-driver through selenium):
the Winter War map (3,038 hexes) opens, three hexes are painted with a drag and a hexside feature is
toggled with real pointer and key events, Ctrl+S saves, and the file's diff is exactly those lines; a
change on disk meanwhile makes the next save refuse, and "reload and re-apply" then saves both."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit.terrain import load_map
from toolkit.terrain.io import edit_map

from .browser import chrome, diff_lines, serving, wait_for, why_no_browser

ROOT = Path(__file__).resolve().parents[2]
WINTER_WAR = ROOT / "maps" / "winter-war.yaml"

_why = why_no_browser()
pytestmark = pytest.mark.skipif(_why is not None, reason=_why or "")


def _offset(driver: Any, svg: Any, xy: list[float]) -> tuple[int, int]:
    """Client point -> offset from the svg element's centre (what selenium's actions take)."""
    r = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", svg)
    return round(xy[0] - (r[0] + r[2] / 2)), round(xy[1] - (r[1] + r[3] / 2))


def test_paint_three_hexes_and_a_hexside_then_save_changes_exactly_those_lines(tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    path = tmp_path / "winter-war.yaml"
    shutil.copy(WINTER_WAR, path)
    original = path.read_text()
    m0 = load_map(path)
    assert [m0.terrain(h) for h in ("2517", "2518", "2519", "2520")] == ["clear"] * 4
    assert m0.side_features("2518", "2618") == frozenset()

    with serving(path) as srv, chrome() as driver:
        driver.get(srv.url)
        wait_for(driver, "window.wgtEditor && window.wgtEditor.state.ready")
        timings = driver.execute_script("return window.wgtEditor.state.timings")
        assert driver.execute_script("return window.wgtEditor.state.hexes.length") == 3038
        svg = driver.find_element(By.ID, "map")

        # zoom in on the hexes with the mouse wheel, pick the terrain from the palette
        k0 = driver.execute_script("return window.wgtEditor.state.view.k")
        for _ in range(40):
            if driver.execute_script("const s = window.wgtEditor.state; return s.size * s.view.k") >= 20:
                break
            where = driver.execute_script("return window.wgtEditor.screenOf('2518')")
            ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(svg, *_offset(driver, svg, where)), 0,
                                                    -100).perform()
        assert driver.execute_script("return window.wgtEditor.state.view.k") > 2 * k0
        driver.find_element(By.CSS_SELECTOR, '#palette button[data-terrain="mountain"]').click()

        # one drag over three hexes of a column
        pts = [_offset(driver, svg, driver.execute_script(f"return window.wgtEditor.screenOf('{h}')"))
               for h in ("2517", "2518", "2519")]
        chain = ActionChains(driver, duration=30).move_to_element_with_offset(svg, *pts[0]).click_and_hold()
        for p in pts[1:]:
            chain = chain.move_to_element_with_offset(svg, *p)
        chain.release().perform()
        assert driver.execute_script("return window.wgtEditor.state.undo.length") == 1  # one stroke, one undo step
        painted = driver.execute_script(
            "return window.wgtEditor.state.hexes.filter(h => h.terrain === 'mountain').map(h => h.id)")
        assert {"2517", "2518", "2519"} <= set(painted) and "2520" not in painted

        # the hexside tool: S, a feature name, a click on the hexside
        svg.send_keys("s")
        feature = driver.find_element(By.ID, "feature")
        feature.clear()
        feature.send_keys("road")
        side = _offset(driver, svg, driver.execute_script("return window.wgtEditor.screenOfSide('2518', '2618')"))
        ActionChains(driver).move_to_element_with_offset(svg, *side).click().perform()
        assert driver.execute_script("return [...window.wgtEditor.state.sides.get('2518/2618')]") == ["road"]

        # undo and redo the hexside, then save with Ctrl+S
        svg.send_keys(Keys.CONTROL, "z")
        assert driver.execute_script("return [...(window.wgtEditor.state.sides.get('2518/2618') || [])]") == []
        svg.send_keys(Keys.CONTROL, "y")
        assert driver.execute_script("return [...window.wgtEditor.state.sides.get('2518/2618')]") == ["road"]
        assert path.read_text() == original  # nothing written before saving
        svg.send_keys(Keys.CONTROL, "s")
        saved = wait_for(driver, "window.wgtEditor.state.lastSave")
        assert saved["ok"] and saved["changed"] == {"hexes": 3, "hexsides": 1}, saved
        paints = driver.execute_script("return window.wgtEditor.state.timings.paints")

        removed, added = diff_lines(original, path.read_text())
        assert removed == ['  "2517": {terrain: clear, country: finland}',
                           '  "2518": {terrain: clear, country: finland}',
                           '  "2519": {terrain: clear, country: finland}']
        assert added == ['  "2517": {terrain: mountain, country: finland}',
                         '  "2518": {terrain: mountain, country: finland}',
                         '  "2519": {terrain: mountain, country: finland}', '  "2518/2618": [road]']
        assert saved["lines"] >= 4 and driver.find_element(By.ID, "dirty").text == "saved"

        # another program changes the file: the next save is refused and writes nothing
        edit_map(path, lambda m: m.set_value("3030", "note", "theirs"))
        theirs = path.read_text()
        svg.send_keys("p")
        p = _offset(driver, svg, driver.execute_script("return window.wgtEditor.screenOf('2520')"))
        ActionChains(driver).move_to_element_with_offset(svg, *p).click().perform()
        driver.execute_script("window.wgtEditor.state.lastSave = null")
        svg.send_keys(Keys.CONTROL, "s")
        refused = wait_for(driver, "window.wgtEditor.state.lastSave")
        assert refused["status"] == 409
        assert "changed on disk since it was opened; nothing written" in refused["error"]
        banner = driver.find_element(By.ID, "bannertext")
        assert banner.is_displayed() and "changed on disk" in banner.text
        assert path.read_text() == theirs

        # reload the file and put the unsaved edit back on top; now it saves, and both changes are there
        driver.find_element(By.ID, "reapply").click()
        wait_for(driver, "window.wgtEditor.state.base !== " + json.dumps(saved["digest"]))
        driver.execute_script("window.wgtEditor.state.lastSave = null")
        svg.send_keys(Keys.CONTROL, "s")
        again = wait_for(driver, "window.wgtEditor.state.lastSave")
        assert again["ok"] and again["changed"] == {"hexes": 1, "hexsides": 0}
        removed, added = diff_lines(theirs, path.read_text())
        assert removed == ['  "2520": {terrain: clear, country: finland}']
        assert added == ['  "2520": {terrain: mountain, country: finland}']
        assert load_map(path).value("3030", "note") == "theirs"
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "409" not in e["message"]]
        assert errors == []

    print(f"\nwinter-war (3038 hexes): page open to map drawn {timings['load']:.0f} ms (building the svg "
          f"{timings['build']:.0f} ms); paint, input to next frame: "
          + ", ".join(f"{t:.1f}" for t in paints) + " ms")
