"""The editor over a scan, in headless Chromium: a synthetic scan extracted by ``wgt map extract``'s
code, opened with ``--image``; N / Shift+N walk the extractor's review queue (least confident first),
the side panel renames and re-tags the hex under review, and the save changes exactly that line."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.terrain import load_map
from toolkit.terrain.extract import extract, to_terrain_map
from toolkit.terrain.io import save_map
from toolkit.terrain.synthetic import legend_for, random_terrain, render_scan

from .browser import chrome, diff_lines, serving, wait_for, why_no_browser

_why = why_no_browser()
pytestmark = pytest.mark.skipif(_why is not None, reason=_why or "")


def test_review_queue_side_panel_and_scan(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    img, truth = render_scan(random_terrain(12, 9, seed=5), 40.0, seed=5)
    ext = extract(img, truth.grid, legend_for(truth, seed=5), features=False)
    path = tmp_path / "scanned.yaml"
    save_map(to_terrain_map(ext, title="scanned"), path)
    scan = tmp_path / "scan.png"
    img.save(scan)
    m = load_map(path)
    review = m.meta["review"]
    assert len(review) >= 2, review
    original = path.read_text()

    with serving(path, image=scan) as srv, chrome() as driver:
        driver.get(srv.url)
        wait_for(driver, "window.wgtEditor && window.wgtEditor.state.ready")
        queue = driver.execute_script("return window.wgtEditor.state.review")
        assert {it["hex"] for it in queue} >= set(review)
        conf = [it.get("confidence", 0.0) for it in queue]
        assert conf == sorted(conf)
        # the scan is under the hexes, at its own pixel size, loaded from the server
        box = driver.execute_script("const b = document.getElementById('scan').getBBox(); return [b.width, b.height]")
        assert box == [img.width, img.height]
        loaded = driver.execute_script(
            "return fetch(document.getElementById('scan').getAttribute('href')).then(r => r.status)")
        assert loaded == 200
        slider = driver.find_element(By.ID, "opacity")
        driver.execute_script("arguments[0].value = 40; arguments[0].dispatchEvent(new Event('input'))", slider)
        assert driver.find_element(By.ID, "hexes").get_attribute("opacity") == "0.4"

        svg = driver.find_element(By.ID, "map")
        svg.send_keys("n")
        first = queue[0]["hex"]
        assert driver.find_element(By.ID, "p-title").text.startswith(first)
        assert driver.find_element(By.ID, "r-item").text.startswith(f"1 / {len(queue)}: {first}")
        svg.send_keys("n")
        assert driver.find_element(By.ID, "p-title").text.startswith(queue[1]["hex"])
        svg.send_keys("N")
        svg.send_keys("N")  # from the first, back to the last
        last = queue[-1]["hex"]
        assert driver.find_element(By.ID, "p-title").text.startswith(last)

        name = driver.find_element(By.ID, "p-name")
        name.clear()
        name.send_keys("Testburg")
        tags = driver.find_element(By.ID, "p-tags")
        tags.clear()
        tags.send_keys("city, checked")
        tags.send_keys(Keys.ENTER)
        # "checked" is no tag of this map: the page asks before adding a new name (names.py), the user says yes
        alert = driver.switch_to.alert
        assert alert.text.startswith('"checked" is no tag of this map') and "Add it as a new tag?" in alert.text
        alert.accept()
        assert driver.execute_script(f"return window.wgtEditor.state.hexes.find(h => h.id === '{last}').name") == \
            "Testburg"
        svg.send_keys(Keys.CONTROL, "s")
        saved = wait_for(driver, "window.wgtEditor.state.lastSave")
        assert saved["ok"] and saved["changed"] == {"hexes": 1, "hexsides": 0}, saved

    removed, added = diff_lines(original, path.read_text())
    assert len(removed) == 1 and removed[0].startswith(f'  "{last}": ')
    assert len(added) == 1 and added[0].startswith(f'  "{last}": {{terrain: ')
    assert "tags: [checked, city], name: Testburg" in added[0]
    h = load_map(path).hex(last)
    assert h.name == "Testburg" and h.tags == {"city", "checked"}
    assert h.values == m.hex(last).values  # confidence and the rest kept
