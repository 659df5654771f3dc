"""The editor's server without a browser: who may talk to it (Host, Origin, token), what a save writes
(exactly the changed lines, through the ``wgt map set`` writer, refused when the file changed on
disk), the review queue, and ``wgt map edit``'s one-line errors."""

from __future__ import annotations

import http.client
import json
import math
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from toolkit.cli.main import cli
from toolkit.editor.server import apply_changes, map_payload
from toolkit.errors import DataFileError
from toolkit.hexgrid import Layout
from toolkit.terrain import load_map
from toolkit.terrain.io import digest, edit_map

from .browser import diff_lines, serving

ROOT = Path(__file__).resolve().parents[2]
WINTER_WAR = ROOT / "maps" / "winter-war.yaml"
SMALL = ROOT / "tests" / "terrain" / "data" / "small.yaml"


def request(port: int, method: str, path: str, body: Any = None, **headers: str) -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    data = None if body is None else json.dumps(body).encode()
    hdrs = {"Host": f"127.0.0.1:{port}", **{k.replace("_", "-"): v for k, v in headers.items()}}
    if data is not None:
        hdrs.setdefault("Content-Type", "application/json")
    conn.request(method, path, body=data, headers=hdrs)
    res = conn.getresponse()
    raw = res.read()
    conn.close()
    try:
        return res.status, json.loads(raw)
    except ValueError:
        return res.status, raw


@pytest.fixture
def ww(tmp_path: Path) -> Path:
    p = tmp_path / "winter-war.yaml"
    shutil.copy(WINTER_WAR, p)
    return p


def test_it_listens_on_127_0_0_1_only(ww: Path) -> None:
    with serving(ww) as srv:
        assert srv.server_address[0] == "127.0.0.1"
        assert srv.url.startswith(f"http://127.0.0.1:{srv.port}/?token=")


def test_a_foreign_host_a_foreign_origin_and_a_missing_token_are_refused(ww: Path) -> None:
    before = ww.read_bytes()
    with serving(ww) as srv:
        port, token = srv.port, srv.token
        save = {"base": digest(before), "hexes": {"2517": {"terrain": "mountain", "tags": [], "name": None,
                                                           "values": {"country": "finland"}}}}
        # DNS rebinding: a page of evil.example whose name now points at 127.0.0.1
        for host in (f"evil.example:{port}", f"127.0.0.1.nip.io:{port}", "127.0.0.1:1", ""):
            status, body = request(port, "GET", f"/api/map?token={token}", Host=host, X_WGT_Token=token)
            assert status == 403 and "is not this editor's local address" in body["error"], host
            status, _ = request(port, "POST", "/api/save", save, Host=host, X_WGT_Token=token)
            assert status == 403
        # a cross-site request (the browser names its origin)
        for origin in ("http://evil.example", f"http://127.0.0.1:{port + 1}", "null", f"https://127.0.0.1:{port}"):
            status, body = request(port, "POST", "/api/save", save, Origin=origin, X_WGT_Token=token)
            assert status == 403 and "from another site" in body["error"], origin
        status, body = request(port, "POST", "/api/save", save, Sec_Fetch_Site="cross-site", X_WGT_Token=token)
        assert status == 403 and "cross-site" in body["error"]
        # no token, or a wrong one
        for path, method, hdrs in (("/", "GET", {}), ("/api/map", "GET", {}), ("/api/save", "POST", {}),
                                   ("/?token=x", "GET", {}), ("/api/map", "GET", {"X_WGT_Token": token[:-1]})):
            status, body = request(port, method, path, save if method == "POST" else None, **hdrs)
            assert status == 403 and "session token" in body["error"], path
        assert ww.read_bytes() == before
        # the page's own origin with the token is served
        status, page = request(port, "GET", f"/?token={token}", Origin=f"http://localhost:{port}",
                               Host=f"localhost:{port}")
        assert status == 200 and b"wgt map edit" in page and b"/*SCRIPT*/" not in page
        status, body = request(port, "GET", "/api/map", X_WGT_Token=token, Origin=f"http://127.0.0.1:{port}")
        assert status == 200 and len(body["hexes"]) == 3038 and body["digest"] == digest(before)
        assert request(port, "DELETE", f"/api/map?token={token}")[0] == 405


def test_a_save_writes_only_the_changed_lines_and_only_the_map_file(ww: Path) -> None:
    original = ww.read_text()
    files = sorted(p.name for p in ww.parent.iterdir())
    with serving(ww) as srv:
        status, m = request(srv.port, "GET", "/api/map", X_WGT_Token=srv.token)
        row = {h[0]: h for h in m["hexes"]}
        assert row["2517"][3:] == ["clear", [], None, {"country": "finland"}]
        body = {"base": m["digest"],
                "hexes": {"2517": {"terrain": "clear", "tags": ["city"], "name": "Testila",
                                   "values": {"country": "finland", "vp": 2}},
                          "0104": {"terrain": "clear", "tags": [], "name": None,  # unchanged: no line
                                   "values": {"country": "norway", "water": 0.92}}},
                "hexsides": {"2416/2517": ["river"], "2517/2616": []}}
        status, res = request(srv.port, "POST", "/api/save", body, X_WGT_Token=srv.token)
        assert status == 200 and res["changed"] == {"hexes": 1, "hexsides": 1} and res["lines"] == 3
        assert res["digest"] == digest(ww.read_bytes())
    removed, added = diff_lines(original, ww.read_text())
    assert removed == ['  "2517": {terrain: clear, country: finland}', '  "2517/2616": [border]']
    assert added == ['  "2517": {terrain: clear, tags: [city], name: Testila, country: finland, vp: 2}']
    m2 = load_map(ww)
    assert m2.hex("2517").name == "Testila" and m2.side_features("2517", "2616") == frozenset()
    assert sorted(p.name for p in ww.parent.iterdir()) == files


def test_a_save_based_on_an_old_file_is_refused_and_a_bad_one_explained(ww: Path) -> None:
    with serving(ww) as srv:
        opened = digest(ww.read_bytes())
        edit_map(ww, lambda m: m.set_value("3030", "note", "theirs"))
        theirs = ww.read_bytes()
        body = {"base": opened, "hexes": {"2517": {"terrain": "mountain", "values": {"country": "finland"}}}}
        status, res = request(srv.port, "POST", "/api/save", body, X_WGT_Token=srv.token)
        assert status == 409 and res["error"].startswith("not saved: the map file changed on disk since it was opened")
        assert ww.read_bytes() == theirs
        for bad, why in (({"2517": {"terrain": "lava"}}, "unknown terrain 'lava'"),
                         ({"9999": {"terrain": "clear"}}, "hex '9999' is not on the map"),
                         ({"2517": {"terrain": "clear", "name": "Viipuri"}}, "place name 'Viipuri' is already used"),
                         ({"2517": {"terrain": "clear", "tags": ["two words"]}}, "must be a word"),
                         ({"2517": {"terrain": "clear", "values": {"terrain": "x"}}}, "is not a value name")):
            status, res = request(srv.port, "POST", "/api/save", {"base": digest(theirs), "hexes": bad},
                                  X_WGT_Token=srv.token)
            assert status == 422 and why in res["error"], res
        assert request(srv.port, "POST", "/api/save", {"hexes": {}}, X_WGT_Token=srv.token)[0] == 422
        conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
        conn.request("POST", "/api/save", body=b"{not json", headers={"X-WGT-Token": srv.token,
                                                                      "Content-Type": "application/json"})
        assert conn.getresponse().status == 400
        assert ww.read_bytes() == theirs


def test_values_keep_their_kind_and_non_finite_numbers_are_refused(tmp_path: Path) -> None:
    p = tmp_path / "m.yaml"
    shutil.copy(SMALL, p)
    with pytest.raises(DataFileError, match="value of 'odd': nan is not a finite number"):
        edit_map(p, lambda m: m.set_value("0301", "odd", math.nan))  # the map reader would refuse .nan
    edit_map(p, lambda m: m.set_value("0301", "f", 1.0))
    m = load_map(p)
    payload = map_payload(m, Layout.regular("flat", 10), digest(p.read_bytes()), None)
    json.dumps(payload, allow_nan=False)  # what the server sends is strict JSON
    row = next(h for h in payload["hexes"] if h[0] == "0301")
    assert row[6] == {"f": 1.0}
    text = p.read_text()
    # the page sends the hex back as it got it (1.0 came back as 1 through JavaScript): no change
    want = {"terrain": row[3], "tags": row[4], "name": row[5], "values": {**row[6], "f": 1}}
    assert apply_changes(m, {"hexes": {"0301": want}}) == {"hexes": 0, "hexsides": 0}
    # but true is not 1
    assert apply_changes(m, {"hexes": {"0301": {**want, "values": {**row[6], "f": True}}}})["hexes"] == 1
    for bad in ({"nonfinite": ".nan"}, math.inf, [1, -math.inf]):  # the page's ".nan", or JSON's Infinity
        with pytest.raises(DataFileError, match="is not a finite number"):
            apply_changes(m, {"hexes": {"0301": {**want, "values": {"odd": bad}}}})
    assert p.read_text() == text


def test_the_review_queue_is_the_extractors_unsure_hexes_least_confident_first(tmp_path: Path) -> None:
    p = tmp_path / "m.yaml"
    shutil.copy(SMALL, p)

    def mark(m: Any) -> None:
        m.set_value("0301", "confidence", 0.61)
        m.set_value("0301", "second", "clear")
        m.set_value("0302", "confidence", 0.42)
        m.set_value("0303", "confidence", 0.97)  # sure enough
        m.meta["review"] = {"0801": "nothing to classify on the image", "0302": "mixed: clear only 42%"}

    edit_map(p, mark)
    m = load_map(p)
    queue = map_payload(m, Layout.regular("flat", 10), "", None)["review"]
    assert [it["hex"] for it in queue] == ["0801", "0302", "0301"]
    assert queue[1] == {"hex": "0302", "reason": "mixed: clear only 42%", "confidence": 0.42}
    assert queue[2]["second"] == "clear" and queue[2]["reason"] == "forest 61%"


def wgt(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(cli, list(args))
    return r.exit_code, r.stderr


def test_map_edit_bad_input_is_one_line_and_exit_3(tmp_path: Path) -> None:
    p = tmp_path / "m.yaml"
    shutil.copy(SMALL, p)
    scan = tmp_path / "scan.png"
    from PIL import Image

    Image.new("RGB", (40, 30), "white").save(scan)
    for args, why in ((["nope.yaml"], "not found"),
                      ([str(p), "--grid", str(p)], "--grid calibrates a scan: give --image too"),
                      ([str(p), "--image", str(scan)], "no calibration for the scan"),
                      ([str(p), "--image", str(p)], "PNG, JPEG, GIF or WebP"),
                      ([str(p), "--image", str(scan), "--grid", str(p)], "has no calibration")):
        code, err = wgt("map", "edit", *args, "--no-browser")
        assert code == 3 and why in err and err.count("\n") == 1, (args, err)


def test_edits_of_overridden_hexes_and_hexsides_go_to_their_override_lines(tmp_path: Path) -> None:
    """What the page shows is the map with overrides applied; an edit of an overridden hex or hexside
    changes its line under ``overrides:`` (as ``wgt map set`` does), the rest of the section stays."""
    p = tmp_path / "m.yaml"
    shutil.copy(SMALL, p)
    original = p.read_text()
    with serving(p) as srv:
        status, m = request(srv.port, "GET", "/api/map", X_WGT_Token=srv.token)
        row = {h[0]: h for h in m["hexes"]}
        assert row["0806"][3] == "forest" and m["overridden"] == ["0806"]
        assert m["hexsides"]["0705/0706"] == ["river"]
        body = {"base": m["digest"],
                "hexes": {"0806": {"terrain": "mountain", "tags": [], "name": None,
                                   "values": {"note": "symbol under the label"}},
                          "0805": {"terrain": "forest", "tags": [], "name": None, "values": {}}},
                "hexsides": {"0705/0706": ["river", "road"]}}
        status, res = request(srv.port, "POST", "/api/save", body, X_WGT_Token=srv.token)
        assert status == 200 and res["changed"] == {"hexes": 2, "hexsides": 1}, res
    removed, added = diff_lines(original, p.read_text())
    assert removed == ['  "0805": {terrain: clear}', '    "0806": {terrain: forest, note: symbol under the label}',
                       '    "0705/0706": [river]']
    assert added == ['  "0805": {terrain: forest}', '    "0806": {terrain: mountain, note: symbol under the label}',
                     '    "0705/0706": [river, road]']
    m2 = load_map(p)
    assert m2.hexes["0806"].terrain == "swamp" and m2.terrain("0806") == "mountain"


def test_the_scan_is_served_as_it_is_on_disk_and_only_with_the_token(tmp_path: Path) -> None:
    from PIL import Image

    p = tmp_path / "m.yaml"
    shutil.copy(SMALL, p)
    scan = tmp_path / "scan.jpg"
    Image.new("RGB", (300, 200), (200, 180, 120)).save(scan, quality=90)
    with serving(p, image=scan, layout=Layout.regular("flat", 20)) as srv:
        status, m = request(srv.port, "GET", "/api/map", X_WGT_Token=srv.token)
        assert m["image"] == {"url": f"/api/image?token={srv.token}", "width": 300, "height": 200, "name": "scan.jpg"}
        assert m["layout"] == [list(r) for r in Layout.regular("flat", 20).matrix]
        status, raw = request(srv.port, "GET", m["image"]["url"])
        assert status == 200 and raw == scan.read_bytes()
        assert request(srv.port, "GET", "/api/image")[0] == 403


def test_a_save_refuses_a_misspelt_feature_or_tag_unless_the_page_says_it_is_new(ww: Path) -> None:
    """The editor's save had the hole `wgt map side --add rivr` had: any word went onto the hexside. Now a feature
    or tag the map does not know (names.py) is refused (422, naming the map's own nearest first; the file as it
    was) unless the save lists it in new_features / new_tags (the page asks the user first); the payload offers the
    map's own names, then the standard ones."""
    with serving(ww) as srv:
        status, m = request(srv.port, "GET", "/api/map", X_WGT_Token=srv.token)
        assert m["features"][:2] == ["border", "major_lake"] and "minor_river" in m["features"]
        assert "city" in m["tags"] and "village" in m["tags"]
        before = ww.read_bytes()
        for body, why in (({"hexsides": {"2416/2517": ["rivr"]}}, "hexside 2416/2517: 'rivr' is no hexside feature "
                           "of this map, did you mean 'river'? (the map has "),
                          ({"hexes": {"2517": {"terrain": "clear", "tags": ["ctiy"]}}},
                           "hex 2517: 'ctiy' is no tag of this map, did you mean 'city'? (the map has city, ")):
            status, res = request(srv.port, "POST", "/api/save", {"base": digest(before), **body},
                                  X_WGT_Token=srv.token)
            assert status == 422 and why in res["error"] and res["error"].endswith("; not saved"), res
            assert ww.read_bytes() == before
        body = {"base": digest(before), "hexsides": {"2416/2517": ["ford"]}, "new_features": ["ford"],
                "hexes": {"2517": {"terrain": "clear", "tags": ["airfield"], "values": {"country": "finland"}}},
                "new_tags": ["airfield"]}
        status, res = request(srv.port, "POST", "/api/save", body, X_WGT_Token=srv.token)
        assert status == 200 and res["changed"] == {"hexes": 1, "hexsides": 1}, res
    m2 = load_map(ww)
    assert m2.side_features("2416", "2517") == {"ford"} and m2.tags("2517") == {"airfield"}
