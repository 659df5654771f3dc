"""The editor against hostile pages, in a real Chromium: a page of another origin that even knows the
session token cannot save (the CORS preflight is never granted, simple requests carry a foreign
Origin), and a DNS-rebinding page (a foreign name resolving to 127.0.0.1, simulated with Chromium's
host resolver rules) is refused by the Host check."""

from __future__ import annotations

import json
import shutil
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from .browser import chrome, serving, wait_for, why_no_browser

ROOT = Path(__file__).resolve().parents[2]
SMALL = ROOT / "tests" / "terrain" / "data" / "small.yaml"

_why = why_no_browser()
pytestmark = pytest.mark.skipif(_why is not None, reason=_why or "")

ATTACK = """<!doctype html><title>attack</title><script>
const target = %(target)s, token = %(token)s;
const body = JSON.stringify({base: %(base)s, hexes: {"0201": {terrain: "forest", tags: [], name: null, values: {}}}});
const tries = [
  fetch(target + "/api/save", {method: "POST", headers: {"Content-Type": "application/json", "X-WGT-Token": token},
                               body}).then(r => "answered " + r.status, e => "blocked: " + e),
  fetch(target + "/api/save?token=" + token, {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"},
                                              body}).then(r => "answered (opaque)", e => "blocked: " + e),
  fetch(target + "/api/map?token=" + token).then(r => r.text(), e => "blocked: " + e),
];
Promise.all(tries).then(r => { window.results = r; });
</script>"""


def test_a_page_of_another_origin_cannot_save_or_read_even_with_the_token(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    shutil.copy(SMALL, path)
    before = path.read_bytes()
    with serving(path) as srv:
        from toolkit.terrain.io import digest

        page = (ATTACK % {"target": json.dumps(f"http://127.0.0.1:{srv.port}"), "token": json.dumps(srv.token),
                          "base": json.dumps(digest(before))}).encode()

        class Evil(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)

            def log_message(self, *args: object) -> None:
                return

        evil = ThreadingHTTPServer(("127.0.0.1", 0), Evil)
        threading.Thread(target=evil.serve_forever, daemon=True).start()
        try:
            with chrome() as driver:
                driver.get(f"http://127.0.0.1:{evil.server_address[1]}/")
                results = wait_for(driver, "window.results")
        finally:
            evil.shutdown()
            evil.server_close()
        assert results[0].startswith("blocked"), results  # the preflight (OPTIONS) is refused
        # a simple request goes out without a preflight: the server refuses its Origin, and the answer is
        # withheld from the page (Cross-Origin-Resource-Policy: same-origin)
        assert results[1].startswith("blocked"), results
        assert results[2].startswith("blocked"), results  # no CORS: the map cannot be read across origins
        assert srv.saves == 0
        seen = {r.split(": refused: ")[0]: r.split(": refused: ")[1].split(" (")[0] for r in srv.refused}
        assert seen == {"POST /api/save": "a request from another site", "GET /api/map": "a request from another site"}
    assert path.read_bytes() == before


def test_dns_rebinding_is_refused_by_the_host_check(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    path = tmp_path / "m.yaml"
    shutil.copy(SMALL, path)
    with serving(path) as srv, chrome(resolve={"rebind.example": "127.0.0.1"}) as driver:
        driver.get(f"http://rebind.example:{srv.port}/?token={srv.token}")
        text = driver.find_element(By.TAG_NAME, "body").text
        assert "is not this editor's local address" in text and "wgtEditor" not in driver.page_source
        # the same browser at the real address is served
        driver.get(srv.url)
        wait_for(driver, "window.wgtEditor && window.wgtEditor.state.ready")
