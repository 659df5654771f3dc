"""The browser editor (``wgt map edit``) on the Winter War map (3,038 hexes, 1,586 hexsides) in headless
Chromium driven by selenium.

``load`` is ``performance.now()`` when the map is on screen (navigation start -> hexes drawn, after
the next frame), ``build`` the part spent building the SVG; baseline in the same run: ``fetch``, the
page's own request for the map data and its JSON parse alone. ``paint`` is input-to-next-frame of
each hex painted in a 60-hex drag. Targets (issue 17): load <= 1 s; painting interactive (a frame,
16.7 ms at 60 Hz, is the yardstick).
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _driver() -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    binary = next((shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)),
                  None)
    if binary is None or not shutil.which("chromedriver"):
        raise RuntimeError("no chromium/chromedriver (apt-get install -y chromium chromium-driver)")
    opts.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,900"):
        opts.add_argument(arg)
    return webdriver.Chrome(service=Service(str(shutil.which("chromedriver"))), options=opts)


def _wait(driver: Any, script: str, timeout: float = 30.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = driver.execute_script(f"return {script};")
        if value:
            return value
        time.sleep(0.01)
    raise RuntimeError(f"timed out waiting for {script}")


def main(argv: list[str]) -> dict[str, float]:
    from toolkit.editor.server import EditorServer

    runs = 3 if "--quick" in argv else 7
    try:
        import selenium  # noqa: F401

        driver = _driver()
    except (ImportError, RuntimeError) as exc:
        print(f"   skipped: {exc}")
        return {}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "winter-war.yaml"
        shutil.copy(ROOT / "maps" / "winter-war.yaml", path)
        srv = EditorServer(path)
        threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        loads, builds, fetches, paints = [], [], [], []
        parts: dict[str, list[float]] = {"parse": [], "hexes": [], "sides": []}
        try:
            for _ in range(runs):
                driver.get(srv.url)
                _wait(driver, "window.wgtEditor && window.wgtEditor.state.ready")
                t = driver.execute_script("return window.wgtEditor.state.timings")
                loads.append(t["load"])
                builds.append(t["build"])
                for k, v in parts.items():
                    v.append(t.get(k, 0.0))
                fetches.append(driver.execute_async_script(
                    "const done = arguments[0]; const t0 = performance.now();"
                    "fetch('/api/map', {headers: {'X-WGT-Token': new URLSearchParams(location.search).get('token')}})"
                    ".then(r => r.json()).then(() => done(performance.now() - t0));"))
            from selenium.webdriver.common.action_chains import ActionChains
            from selenium.webdriver.common.by import By

            svg = driver.find_element(By.ID, "map")
            driver.find_element(By.CSS_SELECTOR, '#palette button[data-terrain="mountain"]').click()
            rect = driver.execute_script(
                "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height]", svg)
            ids = [f"{c:02d}30" for c in range(5, 45)] + [f"44{r:02d}" for r in range(31, 51)]
            chain = ActionChains(driver, duration=20)
            for n, hid in enumerate(ids):
                x, y = driver.execute_script(f"return window.wgtEditor.screenOf('{hid}')")
                chain = chain.move_to_element_with_offset(svg, round(x - rect[0] - rect[2] / 2),
                                                          round(y - rect[1] - rect[3] / 2))
                if n == 0:
                    chain = chain.click_and_hold()
            chain.release().perform()
            time.sleep(0.3)
            paints = driver.execute_script("return window.wgtEditor.state.timings.paints")
            painted = driver.execute_script("return window.wgtEditor.state.undo[0].length")
        finally:
            driver.quit()
            srv.shutdown()
            srv.server_close()
    out = {
        "hexes": 3038.0,
        "load_ms_median": round(statistics.median(loads), 1), "load_ms_max": round(max(loads), 1),
        "build_ms_median": round(statistics.median(builds), 1),
        **{f"{k}_ms_median": round(statistics.median(v), 1) for k, v in parts.items()},
        "fetch_ms_median": round(statistics.median(fetches), 1),
        "load_vs_fetch": round(statistics.median(loads) / statistics.median(fetches), 2),
        "hexes_painted_in_drag": float(painted),
        "paint_ms_median": round(statistics.median(paints), 1), "paint_ms_max": round(max(paints), 1),
    }
    print(f"   load {out['load_ms_median']} ms median ({out['load_ms_max']} max) of {runs}; svg build "
          f"{out['build_ms_median']} ms (json {out['parse_ms_median']}, hexes {out['hexes_ms_median']}, hexsides "
          f"{out['sides_ms_median']}); map data fetch+parse {out['fetch_ms_median']} ms; "
          f"paint {out['paint_ms_median']} ms median, {out['paint_ms_max']} ms max over {len(paints)} moves "
          f"({painted} hexes)")
    return out
