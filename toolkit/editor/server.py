"""The local server behind ``wgt map edit``: one page (``static/``) and a small JSON API.

* ``GET /?token=T`` the page (its script and style inlined); ``GET /api/map`` the map as the page
  draws it; ``GET /api/image?token=T`` the scan as it is on disk (on a grid with a warp, a folded scan: as
  the extraction reads it, its print moved onto the grid's hexes); ``POST /api/save`` the changed hexes
  and hexsides, written through :func:`toolkit.terrain.io.edit_map_file` (the writer of ``wgt map
  set``: atomic, only the changed lines rewritten, ``overrides:`` kept, a lock, and a compare-and-swap
  against the file as the page loaded it: a file changed on disk meanwhile is refused with a message).
* Security: bound to 127.0.0.1 only; a request whose Host is not this server's local address (a DNS
  rebinding page), whose Origin is not this page's own, or whose ``Sec-Fetch-Site`` says cross-site is
  refused; every request carries the per-session token (query for the page and the image, the
  ``X-WGT-Token`` header for the API, which also makes a cross-site request need a CORS preflight that
  is never granted). The only file written is the map file given on the command line.
"""

from __future__ import annotations

import difflib
import hmac
import json
import math
import os
import re
import secrets
import shutil
import threading
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..errors import DataFileError, InputError, ToolkitError
from ..fileio import decode_text, read_bytes
from ..hexgrid import Grid, Layout
from ..terrain.io import MapChangedError, digest, edit_map_file, load_map, loads_map
from ..terrain.model import RESERVED_KEYS, TerrainMap

__all__ = ["EditorServer", "map_payload"]

#: hexside features offered in the palette besides those the map already uses
COMMON_FEATURES = ("river", "road", "rail", "bridge", "border", "minor_lake", "major_lake", "sea", "fortification")
#: hexside features drawn from hex centre to hex centre (the rest are drawn along the hexside)
ACROSS_FEATURES = ("road", "minor_road", "major_road", "highway", "track", "rail", "railroad", "railway")
#: a hex whose extracted ``confidence`` is below this is in the review queue
REVIEW_BELOW = 0.95
MAX_BODY = 8 * 1024 * 1024
_WORD = re.compile(r"[^\W\d][\w\-]*")
_IMAGE_TYPES = {b"\x89PNG": "image/png", b"\xff\xd8\xff": "image/jpeg", b"GIF8": "image/gif", b"RIFF": "image/webp"}


def _json_value(v: Any) -> Any:
    """A hex value as JSON: a NaN or infinite float (JSON has none) as ``{"nonfinite": ".nan"}``."""
    if isinstance(v, float) and not math.isfinite(v):
        return {"nonfinite": ".nan" if math.isnan(v) else (".inf" if v > 0 else "-.inf")}
    if isinstance(v, list):
        return [_json_value(x) for x in v]
    return v


def _from_json_value(v: Any, where: str) -> Any:
    if isinstance(v, dict) and set(v) == {"nonfinite"} and v["nonfinite"] in (".nan", ".inf", "-.inf"):
        return {".nan": math.nan, ".inf": math.inf, "-.inf": -math.inf}[v["nonfinite"]]
    if v is None or isinstance(v, bool | int | float | str):
        return v
    if isinstance(v, list):
        return [_from_json_value(x, where) for x in v]
    raise InputError(f"{where}: a value must be text, a number, true/false or a list of them")


def _same(a: Any, b: Any) -> bool:
    """Equal values of the same kind (1 and 1.0 are the same number; 1 and true are not; NaN is NaN)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def map_payload(m: TerrainMap, layout: Layout, text_digest: str, image: dict[str, Any] | None) -> dict[str, Any]:
    """The map as the page draws it: legend, layout (axial hex -> pixel), every hex of the grid with
    its axial coordinates and effective data (``null`` where the map has none), hexside features, the
    review queue and the digest of the file the page's edits are based on."""
    eff = m.effective_hexes()
    hexes = []
    for hid in m.grid.ids():
        h = m.grid.hex(hid)
        d = eff.get(hid)
        if d is None and m.default_terrain is not None:
            d = m.hex(hid)
        hexes.append([hid, h.q, h.r, None if d is None else d.terrain, sorted(d.tags) if d else [],
                      d.name if d else None, {k: _json_value(v) for k, v in sorted(d.values.items())} if d else {}])
    from ..terrain.names import STANDARD_TAGS, known_side_features, known_tags, standard_side_features

    review = _review_queue(m, eff)
    used = sorted(known_side_features(m))
    common = [*COMMON_FEATURES, *sorted(standard_side_features() - set(COMMON_FEATURES))]
    return {
        "title": m.title,
        "digest": text_digest,
        "legend": [{"name": n, "color": t.color, "label": t.title, "water": t.water} for n, t in m.legend.items()],
        "default_terrain": m.default_terrain,
        "layout": [list(row) for row in layout.matrix],
        "hexes": hexes,
        "hexsides": {k: sorted(v) for k, v in m.effective_hexsides().items()},
        "features": used + [f for f in common if f not in used],
        "tags": sorted(known_tags(m) | STANDARD_TAGS),
        "across": list(ACROSS_FEATURES),
        "overridden": sorted(m.overrides["hexes"]),
        "review": review,
        "image": image,
    }


def _review_queue(m: TerrainMap, eff: dict[str, Any]) -> list[dict[str, Any]]:
    """The hexes the extractor was unsure of, least confident first: those named in ``meta.review``
    (with the extractor's reason) and those with a ``confidence`` value under :data:`REVIEW_BELOW`."""
    reasons = m.meta.get("review")
    reasons = reasons if isinstance(reasons, dict) else {}
    order = {hid: i for i, hid in enumerate(m.grid.ids())}
    queue: dict[str, dict[str, Any]] = {}
    for hid, why in reasons.items():
        if hid in order:
            queue[hid] = {"hex": hid, "reason": str(why)}
    for hid, h in eff.items():
        c = h.values.get("confidence")
        if isinstance(c, int | float) and not isinstance(c, bool) and math.isfinite(c) and c < REVIEW_BELOW:
            item = queue.setdefault(hid, {"hex": hid, "reason": f"{h.terrain} {c:.0%}"})
            item["confidence"] = float(c)
            if "second" in h.values:
                item["second"] = str(h.values["second"])
    return sorted(queue.values(), key=lambda it: (it.get("confidence", 0.0), order[it["hex"]]))


def _names(body: dict[str, Any], key: str) -> frozenset[str]:
    names = body.get(key) or []
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise InputError(f"{key} must be a list of names")
    return frozenset(names)


def apply_changes(m: TerrainMap, body: Any) -> dict[str, int]:
    """Apply the page's changes (``{"hexes": {id: {terrain, tags, name, values}}, "hexsides": {key:
    [features]}}``, each the wanted effective state) through the model's setters, the ones ``wgt map
    set`` / ``map side`` use; returns how many hexes and hexsides changed.

    As ``wgt map side`` and ``map set`` (:mod:`toolkit.terrain.names`), a hexside feature or tag the map does not
    know (on none of its hexsides or hexes, not its legend's, not a standard name) is refused, naming the map's
    own, unless the save lists it in ``new_features`` / ``new_tags`` (the page asks the user first)."""
    from ..terrain.names import STANDARD_TAGS, known_side_features, known_tags, standard_side_features, unknown_name

    if not isinstance(body, dict):
        raise InputError("the save request must be a JSON object")
    hexes = body.get("hexes") or {}
    sides = body.get("hexsides") or {}
    if not isinstance(hexes, dict) or not isinstance(sides, dict):
        raise InputError("hexes and hexsides must be JSON objects")
    new_features, new_tags = _names(body, "new_features"), _names(body, "new_tags")
    own_features, own_tags = known_side_features(m), known_tags(m)
    standard_features = standard_side_features()
    ids = m.canonical_ids()
    changed_hexes = changed_sides = 0
    for hid, want in hexes.items():
        if hid not in ids:
            raise InputError(f"hex {hid!r} is not on the map")
        if not isinstance(want, dict):
            raise InputError(f"hex {hid}: expected an object")
        before = _state(m, hid)
        terrain = want.get("terrain")
        if not isinstance(terrain, str):
            raise InputError(f"hex {hid}: a terrain is needed")
        if before is None or before["terrain"] != terrain:
            m.set_terrain(hid, terrain)
        tags = want.get("tags") or []
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            raise InputError(f"hex {hid}: tags must be a list of words")
        have = m.tags(hid)
        for t in sorted(set(tags) - have):
            why = None if t in new_tags else unknown_name(t, "tag", own_tags, STANDARD_TAGS, "not saved")
            if why:
                raise InputError(f"hex {hid}: {why}")
            m.set_tag(hid, t)
        for t in sorted(have - set(tags)):
            m.remove_tag(hid, t)
        name = want.get("name") or None
        if name is not None and not isinstance(name, str):
            raise InputError(f"hex {hid}: a name must be text")
        if (name.strip() if name else None) != m.name(hid):
            m.set_name(hid, name)
        values = want.get("values") or {}
        if not isinstance(values, dict):
            raise InputError(f"hex {hid}: values must be an object")
        current = m.hex(hid).values
        for k in sorted(set(values) | set(current)):
            if k in RESERVED_KEYS or not _WORD.fullmatch(k):
                raise InputError(f"hex {hid}: {k!r} is not a value name (a word: letters, digits, _ or -)")
            v = _from_json_value(values.get(k), f"hex {hid} value {k!r}")
            if not _same(v, current.get(k)):
                m.set_value(hid, k, v)
        if _state(m, hid) != before:
            changed_hexes += 1
    for key, want in sides.items():
        a, sep, b = str(key).partition("/")
        if not sep or a not in ids or b not in ids:
            raise InputError(f"hexside {key!r} is not two hexes of the map")
        if m.grid.hex(a).distance(m.grid.hex(b)) != 1:
            raise InputError(f"hexside {key!r}: the hexes are not neighbours")
        if not isinstance(want, list) or not all(isinstance(f, str) for f in want):
            raise InputError(f"hexside {key}: features must be a list of words")
        have = m.side_features(a, b)
        for f in sorted(set(want) - have):
            why = None if f in new_features else unknown_name(f, "hexside feature", own_features,
                                                               standard_features, "not saved")
            if why:
                raise InputError(f"hexside {key}: {why}")
            m.add_side_feature(a, b, f)
        for f in sorted(have - set(want)):
            m.remove_side_feature(a, b, f)
        if m.side_features(a, b) != have:
            changed_sides += 1
    return {"hexes": changed_hexes, "hexsides": changed_sides}


def _state(m: TerrainMap, hid: str) -> dict[str, Any] | None:
    try:
        h = m.hex(hid)
    except ToolkitError:
        return None
    return {"terrain": h.terrain, "tags": h.tags, "name": h.name,
            "values": sorted((k, type(v).__name__, repr(v)) for k, v in h.values.items())}


@dataclass
class _Scan:
    path: Path
    width: int
    height: int
    kind: str


def _read_scan(path: Path) -> _Scan:
    from PIL import Image

    from ..errors import ImageError

    if not path.is_file():
        read_bytes(path, "scan")  # its one-line error: missing, a folder, a pipe or device
    try:
        with open(path, "rb") as fh:
            head = fh.read(16)
    except OSError as exc:
        raise ImageError(f"{path}: cannot read ({exc.strerror or exc})") from None
    kind = next((t for sig, t in _IMAGE_TYPES.items() if head.startswith(sig)), None)
    if kind is None:
        raise ImageError(f"{path}: the browser shows PNG, JPEG, GIF or WebP scans; convert this one first")
    try:
        with Image.open(path) as im:
            width, height = im.size
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        raise ImageError(f"{path}: not a readable image ({exc})") from None
    return _Scan(path, width, height, kind)


def _followed(scan: _Scan, grid: Grid) -> tuple[bytes, str]:
    """The scan read through ``grid``'s warp (:func:`toolkit.terrain.warp.follow_print`), encoded like the scan: a
    JPEG scan as JPEG (quality 92: a PNG of a photographed or scanned print is several times the JPEG's size, 18.8 MB
    for Seelowe's 2.4 MB), any other as PNG; and its content type."""
    import io

    from ..terrain.calibrate import open_image
    from ..terrain.warp import follow_print

    buf = io.BytesIO()
    img = follow_print(open_image(scan.path), grid)
    if scan.kind == "image/jpeg":
        img.convert("RGB").save(buf, format="JPEG", quality=92)
        return buf.getvalue(), "image/jpeg"
    img.save(buf, format="PNG", compress_level=1)
    return buf.getvalue(), "image/png"


class EditorServer(ThreadingHTTPServer):
    """The editor of one map file, served on 127.0.0.1 (``port`` 0: any free port)."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, map_path: str | Path, *, layout: Layout | None = None, image: str | Path | None = None,
                 port: int = 0, hex_size: float = 24.0, grid: Grid | None = None) -> None:
        """``grid`` (a ``--grid`` file's, its layout then the default ``layout``) or else the map's grid places the
        hexes on the scan ``image``; when that grid has a warp (a folded scan) the page is sent the scan read through
        it (:func:`toolkit.terrain.warp.follow_print`: its print where the grid's hexes are, as the extraction
        reads it), so the hexes are drawn on their print."""
        from ..terrain.render import board_layout

        self.map_path = Path(map_path)
        raw = read_bytes(self.map_path, "map file")
        m = load_map(self.map_path)  # validates (one-line error before anything starts)
        self.scan = _read_scan(Path(image)) if image is not None else None
        if grid is not None and layout is None:
            layout = grid.layout
        on_scan = grid if grid is not None else (m.grid if layout is None else None)
        #: the grid whose warp the scan is read through (made on the first request for it, then kept: nothing to wait
        #: for before the editor's address is printed), sent instead of the file; None: the file as it is
        self.follow: Grid | None = None
        if self.scan is not None and on_scan is not None and on_scan.warp is not None and on_scan.warp.nodes:
            self.follow = on_scan
        self._followed: tuple[bytes, str] | None = None
        self._follow_lock = threading.Lock()
        if layout is None:
            layout = m.grid.layout if self.scan is not None else None
            if self.scan is not None and layout is None:
                raise InputError("the map's grid has no calibration for the scan: give --grid GRID "
                                 "(from 'wgt map calibrate')")
            if layout is None:
                layout = board_layout(m, hex_size)[0]
        self.layout = layout
        self.token = secrets.token_urlsafe(24)
        self.nonce = secrets.token_urlsafe(16)
        self.base_digest = digest(raw)
        self.save_lock = threading.Lock()
        self.saves = 0
        self.refused: list[str] = []  # what was refused (403), for the record
        self._payload: tuple[str, bytes] | None = None  # (digest of the file, the page's JSON of it)
        self.map_bytes()  # ready before the first page is asked for
        super().__init__(("127.0.0.1", port), _Handler)
        self.port = self.server_address[1]
        self.hosts = {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}
        self.origins = {f"http://{h}" for h in self.hosts}

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/?token={self.token}"

    # --- what the handler serves ----------------------------------------------------------------

    def page(self) -> bytes:
        static = resources.files("toolkit.editor") / "static"
        html = (static / "editor.html").read_text("utf-8")
        css = (static / "editor.css").read_text("utf-8")
        js = (static / "editor.js").read_text("utf-8")
        # the map's data goes in the page itself (one request, not two); "</" cannot end the script there
        data = self.map_bytes().decode("utf-8").replace("</", "<\\/")
        html = html.replace("/*STYLE*/", css).replace("/*SCRIPT*/", js).replace("/*DATA*/", data)
        return html.replace("NONCE", self.nonce).encode("utf-8")

    def map_json(self) -> dict[str, Any]:
        """The map file as it is on disk now, as the page draws it (:func:`map_payload`)."""
        raw = read_bytes(self.map_path, "map file")
        m = loads_map(decode_text(raw, self.map_path), source=str(self.map_path))
        image = None
        if self.scan is not None:
            image = {"url": f"/api/image?token={self.token}", "width": self.scan.width,
                     "height": self.scan.height, "name": self.scan.path.name}
        payload = map_payload(m, self.layout, digest(raw), image)
        payload["file"] = str(self.map_path)
        return payload

    def followed(self) -> tuple[bytes, str]:
        """The scan read through :attr:`follow`'s warp, and its content type (made once, on the first request)."""
        assert self.scan is not None and self.follow is not None
        with self._follow_lock:
            if self._followed is None:
                self._followed = _followed(self.scan, self.follow)
            return self._followed

    def map_bytes(self) -> bytes:
        """:meth:`map_json` as JSON, made again only when the file's bytes changed."""
        d = digest(read_bytes(self.map_path, "map file"))
        cached = self._payload
        if cached is None or cached[0] != d:
            payload = self.map_json()
            cached = self._payload = (payload["digest"], json.dumps(payload, allow_nan=False).encode("utf-8"))
        return cached[1]

    def save(self, body: Any) -> dict[str, Any]:
        if not isinstance(body, dict) or not isinstance(body.get("base"), str):
            raise InputError("a save names the file it is based on (base)")
        with self.save_lock:
            done = edit_map_file(self.map_path, lambda m: apply_changes(m, body), expect=body["base"])
            self.saves += 1
        lines = sum(1 for ln in difflib.unified_diff(done.before.splitlines(), done.after.splitlines(), n=0,
                                                     lineterm="") if ln[:1] in "+-" and ln[:3] not in ("+++", "---"))
        return {"ok": True, "digest": done.digest_after, "changed": done.result, "lines": lines}


class _Handler(BaseHTTPRequestHandler):
    server: EditorServer
    server_version = "wgt-editor"
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the terminal is the user's
        return

    # --- checks ---------------------------------------------------------------------------------

    def _refuse(self, status: HTTPStatus, message: str) -> None:
        if self.command == "POST" and not getattr(self, "_read", False):
            self._drain()
        if status == HTTPStatus.FORBIDDEN:
            self.server.refused.append(f"{self.command} {urlsplit(self.path).path}: {message}")
        self._send(status, json.dumps({"ok": False, "error": message}).encode(), "application/json")

    def _drain(self) -> None:
        """Read (and drop) a refused request's body, so the answer reaches the client instead of a reset
        connection."""
        self._read = True
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            return
        if 0 < length <= MAX_BODY:
            self.rfile.read(length)

    def _allowed(self, query: dict[str, list[str]]) -> bool:
        srv = self.server
        host = self.headers.get("Host", "")
        if host not in srv.hosts:
            self._refuse(HTTPStatus.FORBIDDEN, f"refused: host {host!r} is not this editor's local address")
            return False
        origin = self.headers.get("Origin")
        if origin is not None and origin not in srv.origins:
            self._refuse(HTTPStatus.FORBIDDEN, f"refused: a request from another site ({origin})")
            return False
        if self.headers.get("Sec-Fetch-Site") not in (None, "same-origin", "none"):
            self._refuse(HTTPStatus.FORBIDDEN, "refused: a cross-site request")
            return False
        token = self.headers.get("X-WGT-Token") or (query.get("token") or [""])[0]
        if not hmac.compare_digest(token.encode(), srv.token.encode()):
            self._refuse(HTTPStatus.FORBIDDEN, "refused: missing or wrong session token (open the address "
                                               "'wgt map edit' printed)")
            return False
        return True

    def _send(self, status: HTTPStatus, body: bytes, ctype: str, extra: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _send_file(self, path: Path, ctype: str) -> None:
        """A file streamed as it is on disk (a scan may be hundreds of megabytes)."""
        try:
            fh = open(path, "rb")  # noqa: SIM115 - closed below, after the headers are sent
        except OSError as exc:
            self._refuse(HTTPStatus.NOT_FOUND, f"cannot read the scan: {exc.strerror or exc}")
            return
        with fh:
            size = os.fstat(fh.fileno()).st_size
            self.send_response(HTTPStatus.OK)
            for k, v in (("Content-Type", ctype), ("Content-Length", str(size)), ("Cache-Control", "no-store"),
                         ("X-Content-Type-Options", "nosniff"), ("Cross-Origin-Resource-Policy", "same-origin")):
                self.send_header(k, v)
            self.end_headers()
            shutil.copyfileobj(fh, self.wfile, 1 << 20)

    # --- methods --------------------------------------------------------------------------------

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        if not self._allowed(query):
            return
        srv = self.server
        try:
            if url.path == "/":
                csp = (f"default-src 'none'; script-src 'nonce-{srv.nonce}'; style-src 'nonce-{srv.nonce}'; "
                       "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
                       "frame-ancestors 'none'")
                self._send(HTTPStatus.OK, srv.page(), "text/html; charset=utf-8", {"Content-Security-Policy": csp})
            elif url.path == "/api/map":
                self._send(HTTPStatus.OK, srv.map_bytes(), "application/json")
            elif url.path == "/api/image" and srv.follow is not None:
                self._send(HTTPStatus.OK, *srv.followed())
            elif url.path == "/api/image" and srv.scan is not None:
                self._send_file(srv.scan.path, srv.scan.kind)
            else:
                self._refuse(HTTPStatus.NOT_FOUND, f"no such page: {url.path}")
        except ToolkitError as exc:
            self._refuse(HTTPStatus.CONFLICT, str(exc))

    def do_POST(self) -> None:
        url = urlsplit(self.path)
        if not self._allowed({}):
            return
        if url.path != "/api/save":
            self._refuse(HTTPStatus.NOT_FOUND, f"no such action: {url.path}")
            return
        if self.headers.get("Content-Type", "").split(";")[0].strip() != "application/json":
            self._refuse(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "a save is sent as application/json")
            return
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            self._refuse(HTTPStatus.LENGTH_REQUIRED, "a save needs a Content-Length")
            return
        if not 0 <= length <= MAX_BODY:
            self._refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "the save is too large")
            return
        self._read = True
        try:
            body = json.loads(self.rfile.read(length))
        except (ValueError, UnicodeDecodeError):
            self._refuse(HTTPStatus.BAD_REQUEST, "the save is not valid JSON")
            return
        try:
            result = self.server.save(body)
        except MapChangedError as exc:
            self._refuse(HTTPStatus.CONFLICT, f"not saved: {exc.message}")
            return
        except (DataFileError, InputError, ToolkitError) as exc:
            self._refuse(HTTPStatus.UNPROCESSABLE_ENTITY, f"not saved: {exc}")
            return
        self._send(HTTPStatus.OK, json.dumps(result).encode(), "application/json")

    def _not_allowed(self) -> None:
        self._refuse(HTTPStatus.METHOD_NOT_ALLOWED, f"{self.command} is not used here")

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _not_allowed
