"""A real headless Chromium for the editor's tests: Debian's ``chromium`` and ``chromium-driver``
driven by selenium (``.ci/run`` installs them when it can). :func:`chrome` says why when there is none."""

from __future__ import annotations

import difflib
import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from toolkit.editor.server import EditorServer

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def why_no_browser() -> str | None:
    """None when a browser can be driven here, else the reason."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install '.[test]')"
    if not any(shutil.which(b) for b in BROWSERS):
        return "no Chromium on this machine (apt-get install -y chromium chromium-driver)"
    if not shutil.which("chromedriver"):
        return "no chromedriver on this machine (apt-get install -y chromium-driver)"
    return None


@contextmanager
def chrome(width: int = 1400, height: int = 900, resolve: dict[str, str] | None = None) -> Iterator[Any]:
    """A headless Chromium; ``resolve`` maps host names to addresses (Chromium's host resolver rules)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    binary = next(shutil.which(b) for b in BROWSERS if shutil.which(b))
    opts.binary_location = str(binary)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--no-first-run", "--disable-extensions"):
        opts.add_argument(arg)
    if resolve:
        opts.add_argument("--host-resolver-rules=" + ", ".join(f"MAP {k} {v}" for k, v in resolve.items()))
    driver = webdriver.Chrome(service=Service(str(shutil.which("chromedriver"))), options=opts)
    try:
        yield driver
    finally:
        driver.quit()


@contextmanager
def serving(path: Path, **kw: Any) -> Iterator[EditorServer]:
    srv = EditorServer(path, **kw)
    t = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    t.start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()
        t.join(5)


def wait_for(driver: Any, script: str, timeout: float = 20.0) -> Any:
    """Poll a JavaScript expression until it is truthy; its value."""
    end = time.monotonic() + timeout
    while True:
        value = driver.execute_script(f"return {script};")
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {script}")
        time.sleep(0.02)


def diff_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    """The lines a diff removes and adds."""
    removed: list[str] = []
    added: list[str] = []
    for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0):
        if line.startswith(("---", "+++", "@@")):
            continue
        (removed if line.startswith("-") else added).append(line[1:])
    return removed, added
