"""Held-out hostile inputs for `wgt`, written from the documentation and `--help` only (issue 18).

Each case is a function that builds its files in a fresh folder and returns a `Spec`: the command line
(without the leading `wgt`), the files that must come out byte-identical, the paths that must not exist
afterwards, and how stdout is wired. `EXPECT` names what the contract (README.md, DESIGN.md, --help)
promises for it:

  E3      exit 3, exactly one non-empty line on stderr, no traceback
  J3      exit 3 with --json: the error as JSON (stdout, or the one stderr line), no traceback
  ROBUST  input a careful tool may accept or refuse: exit 0, 1 or 3; never a traceback; 3 means one line;
          when accepted (exit 0) the command's own output may exist (the `absent` paths hold on refusal)
  E2      a usage error (README/DESIGN: "2 usage error"): an option value not of the type --help shows for it
          (LENGTH, NUMBER): exit 2, click's usage message ending in one "Error: Invalid value for '--OPT'" line,
          no traceback (added after the first run: see RESULTS.md)
  PIPE    output cut short by its reader: exit 141, quietly (README: "ends quietly with 141")
  NOT4    stdout unwritable (/dev/full): a failure exit (not 0, not 4), at most one stderr line
  CLOSED  stdout closed (`>&-`): no traceback, not exit 4, at most one stderr line

Large files (zip bombs, long lines) are generated here at test time; data/ holds small bases that the
cases mutate. Nothing here reads toolkit/ source.
"""

from __future__ import annotations

import io
import json
import os
import struct
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
REPO = Path(__file__).resolve().parents[2]


@dataclass
class Spec:
    argv: list[str]
    protect: list[Path] = field(default_factory=list)   # byte-identical after the run
    absent: list[Path] = field(default_factory=list)    # must not exist after the run
    watch: list[Path] = field(default_factory=list)     # folder listings unchanged by the run
    stdout: str = "capture"                              # capture | closed | devfull | headc1
    as_nobody: bool = False                               # run unprivileged (read-only folders bind root too)


@dataclass
class Case:
    name: str
    area: str
    expect: str
    build: Callable[[Path], Spec]
    timeout: float = 60.0
    slow: bool = False
    why: str = ""


CASES: list[Case] = []


def case(name: str, area: str, expect: str = "E3", timeout: float = 60.0, slow: bool = False, why: str = ""):
    def deco(fn: Callable[[Path], Spec]) -> Callable[[Path], Spec]:
        CASES.append(Case(name, area, expect, fn, timeout, slow, why))
        return fn
    return deco


# ---------------------------------------------------------------------------------------------- bases

def w(d: Path, name: str, data: bytes | str) -> Path:
    p = d / name
    p.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    p.write_bytes(data)
    return p


def tiny_map() -> str:
    return (DATA / "tiny-map.yaml").read_text(encoding="utf-8")


def position() -> str:
    return (DATA / "position.yaml").read_text(encoding="utf-8")


def build_file() -> str:
    return (DATA / "buildFile.xml").read_text(encoding="utf-8")


def png(w_: int = 64, h: int = 64, mode: str = "RGB", fmt: str = "PNG", **kw) -> bytes:
    from PIL import Image

    im = Image.new(mode, (w_, h))
    buf = io.BytesIO()
    im.save(buf, fmt, **kw)
    return buf.getvalue()


def png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png_declared(width: int, height: int, depth: int = 8, colour: int = 2) -> bytes:
    """A PNG whose header declares width x height but whose data is a few bytes."""
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", zlib.compress(b"\0" * 64))
            + png_chunk(b"IEND", b""))


def vmod(d: Path, name: str = "mod.vmod", build: str | bytes | None = None,
         extra: list[tuple[str | zipfile.ZipInfo, bytes]] | None = None) -> Path:
    p = d / name
    with zipfile.ZipFile(p, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("buildFile.xml", build_file() if build is None else build)
        z.writestr("images/board.png", png(400, 400))
        z.writestr("images/inf.png", png(64, 64))
        z.writestr("images/crt.png", png(32, 32))
        for n, data in extra or []:
            z.writestr(n, data)
    return p


def obfuscate(text: str, key: int = 0x4B) -> bytes:
    return b"!VCSK" + f"{key:02x}".encode() + bytes(b ^ key for b in text.encode("utf-8")).hex().encode()


ESC = "\x1b"
GOOD_SAVE = (f"begin_save{ESC}{ESC}\\{ESC}+/1700000000000/delete;Delete;68,130;\tpiece;;;inf.png;1st Infantry/"
             f"\tMain Map;110;96;1;0{ESC}Main MapBoardPicker\tMain Board\t0\t0{ESC}end_save")


def vsav(d: Path, name: str = "game.vsav", saved: bytes | None = None,
         extra: list[tuple[str, bytes]] | None = None) -> Path:
    p = d / name
    with zipfile.ZipFile(p, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("savedGame", obfuscate(GOOD_SAVE) if saved is None else saved)
        for n, data in extra or []:
            z.writestr(n, data)
    return p


def deflate_bomb_entry(size: int, byte: bytes = b"\0") -> tuple[bytes, int, int]:
    """Raw DEFLATE of `size` copies of `byte`, made in chunks: (data, crc, size)."""
    co = zlib.compressobj(9, zlib.DEFLATED, -15)
    chunk = byte * (1 << 20)
    out = []
    crc = 0
    left = size
    while left:
        n = min(left, len(chunk))
        out.append(co.compress(chunk[:n]))
        crc = zlib.crc32(chunk[:n], crc)
        left -= n
    out.append(co.flush())
    return b"".join(out), crc & 0xFFFFFFFF, size


def zip_raw(entries: list[tuple[bytes, bytes, int, int, int]]) -> bytes:
    """A zip built by hand: entries (name bytes, stored data, method, crc, uncompressed size)."""
    body = b""
    central = b""
    for name, data, method, crc, usize in entries:
        off = len(body)
        hdr = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, method, 0, 0x21, crc, len(data), usize, len(name), 0)
        body += hdr + name + data
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, method, 0, 0x21, crc, len(data), usize,
                               len(name), 0, 0, 0, 0, 0, off) + name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(central), len(body), 0)
    return body + central + end


def ro_dir(d: Path, name: str) -> Path:
    p = d / name
    p.mkdir()
    return p


# ================================================================================================ cases
# ------------------------------------------------------------------------------------------- positions

def pos_case(name: str, text: str | bytes, expect: str = "E3", extra: list[str] | None = None, why: str = ""):
    def build(d: Path) -> Spec:
        p = w(d, "pos.yaml", text)
        return Spec(["check", str(p), *(extra or [])], protect=[p])
    case(f"position-{name}", "position", expect, why=why)(build)


BASE_POS = position()
pos_case("empty-file", "")
pos_case("a-list", "- 1\n- 2\n")
pos_case("a-scalar", "just words\n")
pos_case("units-not-list", BASE_POS.replace("units:\n", "units: 5\n").split("  - {id: s1")[0])
pos_case("unknown-counter", BASE_POS.replace("sov-6-4-2", "sov-99-99-99"))
pos_case("unknown-hex", BASE_POS.replace('"2517"', '"9999"'))
pos_case("hex-unquoted-octal-looking", BASE_POS.replace('"2517"', "0101"))
pos_case("hex-is-list", BASE_POS.replace('"2517"', "[25, 17]"))
pos_case("turn-huge-int", BASE_POS.replace("turn: 3", "turn: " + "9" * 400))
pos_case("turn-nan", BASE_POS.replace("turn: 3", "turn: .nan"))
pos_case("turn-inf-float", BASE_POS.replace("turn: 3", "turn: 1e400"))
pos_case("turn-negative", BASE_POS.replace("turn: 3", "turn: -7"))
pos_case("turn-bool", BASE_POS.replace("turn: 3", "turn: true"))
pos_case("phase-unknown", BASE_POS.replace("phase: movement", "phase: lunch"))
pos_case("game-unknown", BASE_POS.replace("game: winter-war", "game: no-such-game"))
pos_case("player-unknown", BASE_POS.replace("player: soviet", "player: martians"))
pos_case("duplicate-unit-ids", BASE_POS.replace("id: f2", "id: s1"))
pos_case("duplicate-keys", BASE_POS.replace("turn: 3\n", "turn: 3\nturn: 4\n"),
         why="DESIGN: data files are validated on load; a duplicated key silently keeps one value")
pos_case("unknown-state-key", BASE_POS.replace("state: {}", "state: {weather_on_mars: cold}"))
pos_case("unknown-top-key", BASE_POS + "bogus_key: 1\n")
pos_case("python-tag", BASE_POS.replace("state: {}", "state: !!python/object/apply:os.getcwd []"))
pos_case("custom-tag", BASE_POS.replace("turn: 3", "turn: !wgt 3"))
pos_case("merge-key-scalar", BASE_POS.replace("state: {}", "state: {<<: 5}"))
pos_case("merge-key-units", "base: &b {id: s1, counter: sov-6-4-2}\n" + BASE_POS.replace(
    "  - {id: s1, counter: sov-6-4-2, hex: \"2517\"}", "  - {<<: *b, hex: \"2517\"}"),
    why="the merge key itself is YAML 1.1; the extra top-level `base:` key is unknown to the schema")
pos_case("unhashable-key", BASE_POS.replace("state: {}", "state: {[1, 2]: 3}"))
pos_case("complex-key-top", "? [a, b]\n: c\n" + BASE_POS)
pos_case("non-string-unit-key", BASE_POS.replace("{id: f2,", "{1: x, id: f2,"))
pos_case("billion-laughs", "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
         + "".join(f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)},"
                   f" *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)},"
                   f" *{chr(97 + i)}]\n" for i in range(9))
         + BASE_POS.replace("state: {}", "state: {isolated: *j}"))
pos_case("deep-nesting", BASE_POS.replace("state: {}", "state: " + "[" * 50000 + "]" * 50000))
pos_case("nul-byte", BASE_POS.replace("phase: movement", "phase: move\0ment"))
pos_case("tab-indent", BASE_POS.replace("  - {id: f2", "\t- {id: f2"))
pos_case("utf16-no-bom", BASE_POS.encode("utf-16-le"))
pos_case("latin1-bytes", BASE_POS.replace("state: {}", "state: {}\n# caf\xe9\n").encode("latin-1") + b"\xff\xfe\xfa\n")
pos_case("long-line-5mb", BASE_POS.replace("state: {}", "state: {note: " + "x" * 5_000_000 + "}"))
pos_case("bom-utf8-valid", b"\xef\xbb\xbf" + BASE_POS.encode(), expect="ROBUST",
         why="a BOM is legal YAML: accepting it is fine, refusing must be one line")
pos_case("utf16-bom-valid", b"\xff\xfe" + BASE_POS.encode("utf-16-le"), expect="ROBUST",
         why="YAML allows UTF-16 with a BOM")
pos_case("crlf-valid", BASE_POS.replace("\n", "\r\n"), expect="ROBUST", why="CRLF line ends are legal YAML")
pos_case("unterminated-flow", BASE_POS.replace('"2517"}', '"2517"'))
pos_case("json-flavour-nan", json.dumps({"game": "winter-war", "turn": float("nan"), "player": "soviet",
                                         "phase": "movement", "units": [], "state": {}}))
pos_case("json-errors", BASE_POS.replace("state: {}", "state: {nope: 1}"), expect="J3", extra=["--json"])


@case("position-is-directory", "position")
def _(d: Path) -> Spec:
    (d / "pos.yaml").mkdir()
    return Spec(["check", str(d / "pos.yaml")])


@case("position-dev-zero", "position", timeout=60,
      why="never a hang: an endless input must be refused, not read forever")
def _(d: Path) -> Spec:
    return Spec(["check", "/dev/zero"])


@case("position-missing-file", "position")
def _(d: Path) -> Spec:
    return Spec(["check", str(d / "no-such.yaml")])


@case("position-schema-unknown-game", "position")
def _(d: Path) -> Spec:
    return Spec(["check", "--schema", "no-such-game"])


@case("position-before-other-game", "position")
def _(d: Path) -> Spec:
    p = w(d, "pos.yaml", BASE_POS)
    b = w(d, "before.yaml", BASE_POS.replace("game: winter-war", "game: tornio-44"))
    return Spec(["check", str(p), "--before", str(b)], protect=[p, b])


@case("position-before-garbage", "position")
def _(d: Path) -> Spec:
    p = w(d, "pos.yaml", BASE_POS)
    b = w(d, "before.yaml", b"\x00\x01\x02 not yaml {{{{")
    return Spec(["check", str(p), "--before", str(b)], protect=[p, b])


@case("position-game-option-unknown", "position")
def _(d: Path) -> Spec:
    p = w(d, "pos.yaml", BASE_POS)
    return Spec(["check", str(p), "--game", "no-such-game"], protect=[p])


# ------------------------------------------------------------------------------------------------ charts

def charts_case(name: str, text: str | bytes, cmd: str = "combat"):
    def build(d: Path) -> Spec:
        c = w(d, "charts.yaml", text)
        if cmd == "combat":
            argv = ["combat", "a-winter-war", "--attack", "10", "--defense", "5", "--die", "3", "--charts", str(c)]
        elif cmd == "tornio":
            argv = ["combat", "tornio-44", "--attack", "10", "--defense", "5", "--die", "3", "--charts", str(c)]
        else:
            argv = ["build", "aids", "a-winter-war", "--charts", str(c), "-o", str(d / "aids.pdf"), "--no-png"]
        return Spec(argv, protect=[c], absent=[d / "aids.pdf"])
    case(f"charts-{name}", "charts")(build)


charts_case("a-list-of-numbers", "[1, 2, 3]\n")
charts_case("garbage-bytes", b"\x89PNG\r\n\x1a\n\x00\x00garbage")
charts_case("unknown-table", "No Such Table Of Anything:\n  rows: [[1, 2]]\n")
charts_case("python-tag", "!!python/object/apply:os.system ['touch pwned']\n")
charts_case("deep-json", "[" * 100000 + "]" * 100000, cmd="tornio")
charts_case("billion-laughs", "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
            + "".join(f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 10) + "]\n"
                      for i in range(9)), cmd="aids")
charts_case("nan-cells", "Land Combat Results Table:\n  rows: [[.nan, .inf, -.inf]]\n", cmd="aids")


@case("charts-missing-file", "charts")
def _(d: Path) -> Spec:
    return Spec(["combat", "tornio-44", "--attack", "6", "--defense", "2", "--charts", str(d / "nope.yaml")])


# ------------------------------------------------------------------------------------------------ combat

def combat_case(name: str, argv: list[str], expect: str = "E3", why: str = ""):
    case(f"combat-{name}", "combat", expect, why=why)(lambda d: Spec(["combat", *argv]))


combat_case("attack-negative", ["winter-war", "--attack", "-5", "--defense", "3"])
combat_case("defense-zero", ["winter-war", "--attack", "5", "--defense", "0"], expect="ROBUST",
            why="odds against nothing: a division by zero unless refused; revised from E3 after the first run: "
                "the ski patrols' printed defense is 0 (0-0-3) and Combat (R) has them attacked (RESULTS.md)")
combat_case("attack-nan", ["winter-war", "--attack", "nan", "--defense", "3"])
combat_case("attack-inf", ["winter-war", "--attack", "inf", "--defense", "3"])
combat_case("attack-1e400", ["winter-war", "--attack", "1e400", "--defense", "3"])
combat_case("attack-huge-int", ["winter-war", "--attack", "9" * 5000, "--defense", "3"])
combat_case("attack-empty", ["winter-war", "--attack", "", "--defense", "3"])
combat_case("attack-plus-plus", ["winter-war", "--attack", "1++2", "--defense", "3"])
combat_case("attack-words", ["winter-war", "--attack", "lots", "--defense", "3"])
combat_case("die-zero", ["winter-war", "--attack", "6", "--defense", "3", "--die", "0"])
combat_case("die-seven", ["winter-war", "--attack", "6", "--defense", "3", "--die", "7"])
combat_case("die-huge", ["winter-war", "--attack", "6", "--defense", "3", "--die", "9" * 30])
combat_case("unknown-game", ["no-such-game", "--attack", "6", "--defense", "3"])
combat_case("tornio-flanking-99", ["tornio-44", "--attack", "6", "--defense", "3", "--flanking", "99"],
            why="--help: at most 4")
combat_case("tornio-extra-hexes-negative", ["tornio-44", "--attack", "6", "--defense", "3", "--extra-hexes", "-3"])
combat_case("tornio-dice-nine", ["tornio-44", "--attack", "6", "--defense", "3", "--attacker-dice", "1+9"])
combat_case("tornio-motorized-over-total", ["tornio-44", "--attack", "2", "--defense", "3",
                                            "--motorized-attack", "50"])
combat_case("aww-engineers-nan", ["a-winter-war", "--attack", "6", "--defense", "3", "--engineers", "nan",
                                  "--attacking-re", "4"], expect="E2",
            why="revised from E3 after the first run: --help shows --engineers NUMBER (RESULTS.md)")
combat_case("aww-cadres-garbage", ["a-winter-war", "--attack", "6", "--defense", "3", "--result", "ex",
                                   "--cadres", "5:x,::::"])
combat_case("aww-drm-huge", ["a-winter-war", "--attack", "6", "--defense", "3", "--drm", "9" * 40, "--die", "3"],
            expect="ROBUST", why="a huge modifier may be clamped to the table's last column or refused")
combat_case("json-error", ["winter-war", "--attack", "x", "--defense", "3", "--json"], expect="J3")


# -------------------------------------------------------------------------------------------------- maps

def map_case(name: str, text: str | bytes, sub: str = "show", expect: str = "E3", why: str = ""):
    def build(d: Path) -> Spec:
        m = w(d, "map.yaml", text)
        if sub == "show":
            argv = ["map", "show", str(m), "0101"]
        elif sub == "render":
            argv = ["map", "render", str(m), "-o", str(d / "out.png")]
        else:
            argv = ["map", "find", str(m), "--terrain", "clear"]
        return Spec(argv, protect=[m], absent=[d / "out.png"])
    case(f"map-{name}", "map", expect, why=why)(build)


TM = tiny_map()
map_case("empty", "")
map_case("a-list", "[1, 2]\n")
map_case("schema-future", TM.replace("hexmap/1", "hexmap/99"))
map_case("terrain-not-in-legend", TM.replace('"0303": {terrain: forest}', '"0303": {terrain: lava}'), sub="find")
map_case("hex-outside-extent", TM.replace('"0303": {terrain: forest}',
                                         '"0303": {terrain: forest}\n  "9999": {terrain: clear}'))
map_case("hex-id-unquoted", TM.replace('"0101": {terrain: clear}', "0101: {terrain: clear}"))
map_case("duplicate-hex", TM.replace('"0103": {terrain: clear}', '"0102": {terrain: clear}'))
map_case("hexside-not-neighbours", TM.replace('"0101/0102": [river]', '"0101/0303": [river]'))
map_case("hexside-unsorted-garbage", TM.replace('"0101/0102": [river]', '"0102/0101/0103": [river]'))
map_case("legend-bad-colour", TM.replace('"#4f7a3a"', '"#zzzzzz"'), sub="render")
map_case("extent-negative", TM.replace("columns: [1, 3]", "columns: [3, -5]"))
map_case("extent-huge-render", TM.replace("columns: [1, 3], rows: [1, 3]",
                                         "columns: [1, 99999999], rows: [1, 99999999]"),
         sub="render", why="never a hang or a memory error: a board too large to draw is refused")
map_case("numbering-unknown", TM.replace("scheme: ccrr", "scheme: klingon"))
map_case("billion-laughs", TM.replace("overrides:", "lol: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"lol{i}: &a{i} [" + ", ".join([f"*a{'' if i == 0 else i - 1}"] * 10) + "]\n" for i in range(9)) + "overrides:"))
map_case("deep-nesting", TM.replace("overrides:\n", "overrides: " + "{a: " * 20000 + "1" + "}" * 20000 + "\nx:\n"))
map_case("nul-in-name", TM.replace("name: Alpha", 'name: "Al\\0pha"'), sub="render", expect="ROBUST",
         why="a NUL in a quoted name is a legal YAML string; drawing it must not crash")
map_case("python-tag", TM.replace("title: ", "title: !!python/object/apply:os.getpid [] #"))
map_case("hexes-is-list", TM.split("hexes:")[0] + "hexes:\n  - 0101\n  - 0102\nhexsides: {}\noverrides: {}\n")
map_case("tab-indent", TM.replace('  "0202"', '\t"0202"'))
map_case("truncated-mid-file", TM[: len(TM) // 2] + '  "02')


def side_or_set(name: str, argv_tail: list[str], expect: str = "E3", why: str = ""):
    def build(d: Path) -> Spec:
        m = w(d, "map.yaml", TM)
        return Spec(["map", *argv_tail[:1], str(m), *argv_tail[1:]], protect=[m], watch=[d])
    case(f"map-edit-{name}", "map-edit", expect, why=why)(build)


side_or_set("set-unknown-hex", ["set", "9999", "--terrain", "forest"])
side_or_set("set-dotdot-hex", ["set", "../../etc/passwd", "--terrain", "forest"])
side_or_set("set-terrain-unknown", ["set", "0101", "--terrain", "lava"])
side_or_set("set-empty-key", ["set", "0101", "--set", "=5"])
side_or_set("set-empty-tag", ["set", "0101", "--tag", "+"])
side_or_set("set-huge-hex-id", ["set", "1" * 100000, "--terrain", "forest"])
side_or_set("side-not-neighbours", ["side", "0101", "0303", "--add", "river"])
side_or_set("side-same-hex", ["side", "0101", "0101", "--add", "river"])
side_or_set("side-empty-feature", ["side", "0101", "0102", "--add", ""])
side_or_set("side-unknown-hex", ["side", "0101", "ZZ99", "--add", "road"])
side_or_set("show-empty-id", ["show", ""])
side_or_set("find-unknown-terrain", ["find", "--terrain", "lava"],
            why="legend.md: a misspelling never passes silently (README: unknown names are bad input)")


@case("map-edit-set-readonly-folder", "map-edit")
def _(d: Path) -> Spec:
    ro = ro_dir(d, "ro")
    m = w(ro, "map.yaml", TM)
    return Spec(["map", "set", str(m), "0101", "--terrain", "forest"], protect=[m], watch=[ro], as_nobody=True)


@case("map-render-out-is-input", "map-out")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    return Spec(["map", "render", str(m), "-o", str(m)], protect=[m], watch=[d])


@case("map-render-out-symlink-to-input", "map-out")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    (d / "board.png").symlink_to(m)
    return Spec(["map", "render", str(m), "-o", str(d / "board.png")], protect=[m])


@case("map-render-out-hardlink-to-input", "map-out")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    os.link(m, d / "board.png")
    return Spec(["map", "render", str(m), "-o", str(d / "board.png")], protect=[m, d / "board.png"])


@case("map-render-out-other-kind", "map-out", why="README: an existing file of another kind needs --force")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    notes = w(d, "notes.txt", "my notes, not a picture\n")
    return Spec(["map", "render", str(m), "-o", str(notes)], protect=[m, notes])


@case("map-render-out-directory", "map-out")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    (d / "outdir").mkdir()
    return Spec(["map", "render", str(m), "-o", str(d / "outdir")], protect=[m], watch=[d / "outdir"])


@case("map-render-out-dev-full", "map-out", why="/dev/full exists and is not a PNG: refused without --force")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    return Spec(["map", "render", str(m), "-o", "/dev/full"], protect=[m])


@case("map-render-out-dev-full-force", "map-out", why="the write fails (no space): one line")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    return Spec(["map", "render", str(m), "-o", "/dev/full", "--force"], protect=[m])


@case("map-render-out-missing-folder", "map-out")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    return Spec(["map", "render", str(m), "-o", str(d / "no" / "such" / "b.png")], protect=[m])


@case("map-render-out-readonly-folder", "map-out")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    ro = ro_dir(d, "ro")
    return Spec(["map", "render", str(m), "-o", str(ro / "b.png")], protect=[m], watch=[ro], as_nobody=True)


@case("map-render-layout-out-same-as-output", "map-out")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    o = d / "b.png"
    return Spec(["map", "render", str(m), "-o", str(o), "--layout-out", str(o)], protect=[m], absent=[o])


def render_opt(name: str, opts: list[str], why: str = ""):
    def build(d: Path) -> Spec:
        m = w(d, "map.yaml", TM)
        return Spec(["map", "render", str(m), "-o", str(d / "b.png"), *opts], protect=[m], absent=[d / "b.png"])
    case(f"map-render-{name}", "map-out", why=why)(build)


render_opt("hex-px-zero", ["--hex-px", "0"])
render_opt("hex-px-negative", ["--hex-px", "-40"])
render_opt("hex-px-nan", ["--hex-px", "nan"])
render_opt("hex-px-huge", ["--hex-px", "1e12"], why="a 1e12-pixel hex board cannot be drawn: refused, not MemoryError")
render_opt("dpi-zero", ["--dpi", "0"])
render_opt("dpi-negative", ["--dpi", "-300"])
render_opt("hex-inches-inf", ["--dpi", "300", "--hex-inches", "inf"])


@case("map-export-out-is-input", "map-out")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    return Spec(["map", "export", str(m), "-o", str(m)], protect=[m])


@case("map-export-georef-missing", "map-out")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    return Spec(["map", "export", str(m), "-o", str(d / "x.geojson"), "--georef"], protect=[m],
                absent=[d / "x.geojson"])


@case("map-export-hex-px-negative", "map-out")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    return Spec(["map", "export", str(m), "-o", str(d / "x.geojson"), "--hex-px", "-3"], protect=[m],
                absent=[d / "x.geojson"])


@case("map-centre-no-calibration", "map")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    return Spec(["map", "centre", str(m), "0101"], protect=[m])


@case("map-show-json-unknown-hex", "map", expect="J3")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    return Spec(["map", "show", str(m), "9999", "--json"], protect=[m])


@case("map-edit-server-bad-map", "editor", timeout=30, why="refused before serving, never a hang")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM.replace("hexmap/1", "hexmap/77"))
    return Spec(["map", "edit", str(m), "--no-browser", "--port", "0"], protect=[m])


@case("map-edit-server-truncated-image", "editor", timeout=30, why="refused before serving, never a hang")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", TM)
    img = w(d, "scan.png", png(300, 300)[:120])
    return Spec(["map", "edit", str(m), "--image", str(img), "--no-browser", "--port", "0"], protect=[m, img])


# ------------------------------------------------------------------------------------------------- scans

PTS = ["--point", "0101=10,10", "--point", "0202=10,10", "--point", "0303=10,10"]


def scan_case(name: str, make: Callable[[], bytes], suffix: str = ".png", extra: list[str] | None = None,
              why: str = ""):
    def build(d: Path) -> Spec:
        img = w(d, "scan" + suffix, make())
        return Spec(["map", "calibrate", str(img), *PTS, *(extra or []), "-o", str(d / "grid.yaml")],
                    protect=[img], absent=[d / "grid.yaml"])
    case(f"scan-{name}", "scan", why=why)(build)


scan_case("zero-bytes", lambda: b"")
scan_case("truncated-png", lambda: png(500, 500, "RGB")[:200])
scan_case("truncated-jpeg", lambda: png(500, 500, "RGB", "JPEG")[:300], ".jpg")
scan_case("declared-huge-png", lambda: png_declared(100000, 100000),
          why="declared 10 Gpx: refused by the pixel limit, before decoding")
scan_case("declared-huge-png-max-pixels", lambda: png_declared(5000, 5000), extra=["--max-pixels", "1000"])
scan_case("max-pixels-negative", lambda: png(64, 64), extra=["--max-pixels", "-1"])
scan_case("bad-crc", lambda: png(64, 64)[:33] + b"\x00\x00\x00\x00" + png(64, 64)[37:])
scan_case("text-named-png", lambda: b"this is not an image\n")
scan_case("one-pixel", lambda: png(1, 1))
scan_case("gif-animated", lambda: _anim_gif(), ".gif")
scan_case("tiff-16bit", lambda: png(64, 64, "I;16", "TIFF"), ".tif")
scan_case("png-16bit-gray", lambda: png(64, 64, "I;16", "PNG"))
scan_case("cmyk-jpeg", lambda: png(64, 64, "CMYK", "JPEG"), ".jpg")
scan_case("palette-png", lambda: png(64, 64, "P"))
scan_case("bilevel-png", lambda: png(64, 64, "1"))
scan_case("zero-width-png", lambda: png_declared(0, 64))


def _anim_gif() -> bytes:
    from PIL import Image

    frames = [Image.new("P", (40, 30), i) for i in range(3)]
    buf = io.BytesIO()
    frames[0].save(buf, "GIF", save_all=True, append_images=frames[1:], duration=50, loop=0)
    return buf.getvalue()


@case("scan-is-directory", "scan")
def _(d: Path) -> Spec:
    (d / "scan.png").mkdir()
    return Spec(["map", "calibrate", str(d / "scan.png"), *PTS])


@case("scan-calibrate-out-is-image", "scan")
def _(d: Path) -> Spec:
    img = w(d, "scan.png", png(200, 200))
    return Spec(["map", "calibrate", str(img), "--point", "0101=20,20", "--point", "0301=120,20",
                 "--point", "0103=20,140", "--no-refine", "-o", str(img)], protect=[img])


@case("scan-calibrate-point-garbage", "scan")
def _(d: Path) -> Spec:
    img = w(d, "scan.png", png(200, 200))
    return Spec(["map", "calibrate", str(img), "--point", "0101=nan,nan", "--point", "0301=1e999,20",
                 "--point", "0103=20,-1e308", "--no-refine"], protect=[img])


@case("scan-extract-grid-uncalibrated", "scan")
def _(d: Path) -> Spec:
    img = w(d, "scan.png", png(200, 200))
    m = w(d, "map.yaml", TM)
    leg = w(d, "legend.yaml", "terrain:\n  clear: '#e9e4c9'\n  forest: '#4f7a3a'\n")
    return Spec(["map", "extract", str(img), "--grid", str(m), "--legend", str(leg), "-o", str(d / "out.yaml")],
                protect=[img, m, leg], absent=[d / "out.yaml"])


def legend_case(name: str, text: str, why: str = ""):
    def build(d: Path) -> Spec:
        img = w(d, "scan.png", png(200, 200))
        m = w(d, "map.yaml", TM)
        leg = w(d, "legend.yaml", text)
        return Spec(["map", "extract", str(img), "--grid", str(m), "--legend", str(leg), "-o", str(d / "out.yaml")],
                    protect=[img, m, leg], absent=[d / "out.yaml"])
    case(f"legend-{name}", "legend", why=why)(build)


legend_case("unknown-section", "terrain:\n  clear: '#e9e4c9'\nhexsides: {}\n")
legend_case("bad-colour", "terrain:\n  clear: '#12345'\n")
legend_case("box-negative", "terrain:\n  clear: {box: [-50, -50, -10, -10]}\n")
legend_case("priority-unknown-class", "terrain:\n  clear: '#e9e4c9'\npriority: [lava, clear]\n")
legend_case("min-share-five", "terrain:\n  clear: {color: '#e9e4c9', min_share: 5}\n")
legend_case("max-delta-nan", "terrain:\n  clear: '#e9e4c9'\nmax_delta_e: .nan\n")
legend_case("hexes-unknown", "terrain:\n  clear: {hexes: ['9999', '../x']}\n")
legend_case("a-list", "- clear\n- forest\n")
legend_case("empty-terrain", "terrain: {}\n")


@case("scan-extract-out-is-legend", "legend")
def _(d: Path) -> Spec:
    img = w(d, "scan.png", png(200, 200))
    m = w(d, "map.yaml", TM)
    leg = w(d, "legend.yaml", "terrain:\n  clear: '#e9e4c9'\n  forest: '#4f7a3a'\n")
    return Spec(["map", "extract", str(img), "--grid", str(m), "--legend", str(leg), "-o", str(leg)],
                protect=[img, m, leg])


@case("scan-extract-overlay-is-image", "legend")
def _(d: Path) -> Spec:
    img = w(d, "scan.png", png(200, 200))
    m = w(d, "map.yaml", TM)
    leg = w(d, "legend.yaml", "terrain:\n  clear: '#e9e4c9'\n  forest: '#4f7a3a'\n")
    return Spec(["map", "extract", str(img), "--grid", str(m), "--legend", str(leg), "-o", str(d / "o.yaml"),
                 "--overlay", str(img)], protect=[img, m, leg], absent=[d / "o.yaml"])


# ------------------------------------------------------------------------------------------ VASSAL files

def vassal_case(name: str, make: Callable[[Path], tuple[list[str], list[Path]]], expect: str = "E3",
                timeout: float = 60.0, slow: bool = False, why: str = ""):
    def build(d: Path) -> Spec:
        argv, prot = make(d)
        return Spec(argv, protect=prot, watch=[d],
                    absent=[d.parent / "evil", d.parent.parent / "evil", Path("/tmp/wgt-heldout-evil")])
    case(f"vassal-{name}", "vassal", expect, timeout, slow, why)(build)


def _dump(build: str | bytes | None = None, extra=None, name: str = "mod.vmod"):
    def make(d: Path):
        m = vmod(d, name, build, extra)
        return ["vassal", "dump", str(m)], [m]
    return make


def _locate(*pts: str, build: str | None = None, board: list[str] | None = None):
    def make(d: Path):
        m = vmod(d, build=build)
        return ["vassal", "locate", str(m), "Main Map", *pts, *(board or [])], [m]
    return make


BF = build_file()
vassal_case("module-not-zip", lambda d: (["vassal", "dump", str(w(d, "m.vmod", "hello"))], []))
vassal_case("module-empty-zip", lambda d: (["vassal", "dump", str(w(d, "m.vmod", zip_raw([])))], []))
vassal_case("module-truncated-zip", lambda d: (["vassal", "dump",
                                                str(w(d, "m.vmod", vmod(d).read_bytes()[:900]))], []))
vassal_case("module-bad-xml", _dump(BF.replace("</VASSAL.build.GameModule>", "")))
vassal_case("module-billion-laughs", _dump(
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
    + "".join(f'<!ENTITY lol{i} "' + f"&lol{'' if i == 1 else i - 1};" * 10 + '">' for i in range(1, 10))
    + ']>\n<VASSAL.build.GameModule name="&lol9;" version="1"/>\n'))
vassal_case("module-external-entity", _dump(
    '<?xml version="1.0"?>\n<!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
    '<VASSAL.build.GameModule name="&x;" version="1"/>\n'))
vassal_case("module-deep-xml", _dump('<?xml version="1.0"?>\n<VASSAL.build.GameModule name="d">'
                                     + "<a>" * 5000 + "</a>" * 5000 + "</VASSAL.build.GameModule>\n"),
            expect="ROBUST", why="deep but well-formed XML of unknown elements: skip or refuse in one line")
vassal_case("module-wrong-root", _dump('<?xml version="1.0"?>\n<html><body/></html>\n'))
vassal_case("module-utf16-declared-utf8-bytes",
            _dump(BF.replace('encoding="UTF-8"', 'encoding="UTF-16"')))
vassal_case("module-latin1-bytes-declared-utf8", _dump(BF.replace('name="Hex Demo"', 'name="Hex D\xe9mo"')
                                                       .encode("latin-1")))
vassal_case("module-no-buildfile", lambda d: (["vassal", "dump", str(w(d, "m.vmod", _zip({"images/a.png": png()})))],
                                              []))
vassal_case("module-dotdot-entry", _dump(extra=[("../../evil", b"x")]), expect="E3",
            why="DESIGN: path traversal in archives -> one line, exit 3")
vassal_case("module-absolute-entry", _dump(extra=[("/tmp/wgt-heldout-evil", b"x")]),
            why="DESIGN: path traversal in archives -> one line, exit 3")
vassal_case("module-duplicate-buildfile", _dump(extra=[("buildFile.xml", b"<x/>")]),
            why="two different buildFile.xml entries: which one VASSAL reads is ambiguous")
vassal_case("module-bomb-buildfile", lambda d: (["vassal", "dump", str(_bomb_zip(d, "buildFile.xml"))], []),
            slow=True, why="DESIGN: zip bombs -> one line, exit 3")
vassal_case("module-crc-mismatch", lambda d: (["vassal", "dump", str(_crc_broken(d))], []))
vassal_case("module-folder-empty", lambda d: (["vassal", "dump", str(_mkdir(d / "modfolder"))], []))
vassal_case("module-folder-buildfile-is-dir",
            lambda d: (["vassal", "dump", str(_mkdir(d / "modfolder" / "buildFile.xml").parent)], []))
vassal_case("module-folder-buildfile-dev-zero",
            lambda d: (["vassal", "dump", str(_symlinked(d, "/dev/zero"))], []), timeout=60,
            why="never a hang: buildFile.xml a link to an endless device")
vassal_case("grid-dx-zero", _locate("100,100", build=BF.replace('dx="55.42562584220407"', 'dx="0"')))
vassal_case("grid-dy-nan", _locate("100,100", build=BF.replace('dy="64.0"', 'dy="NaN"')))
vassal_case("grid-dx-negative", _locate("100,100", build=BF.replace('dx="55.42562584220407"', 'dx="-55"')))
vassal_case("grid-x0-huge", _locate("100,100", build=BF.replace('x0="0"', 'x0="' + "9" * 400 + '"')))
vassal_case("locate-point-nan", _locate("nan,nan"))
vassal_case("locate-point-huge", _locate("1e309,5"))
vassal_case("locate-point-words", _locate("left,top"))
vassal_case("locate-unknown-map", lambda d: (["vassal", "locate", str(vmod(d)), "No Such Map", "1,1"], []))
vassal_case("locate-board-huge-col", _locate("1,1", board=["--board", "Main Board@" + "9" * 30 + ",0"]))
vassal_case("locate-board-unknown", _locate("1,1", board=["--board", "Nope@0,0"]))
vassal_case("centre-unknown-hex", lambda d: (["vassal", "centre", str(vmod(d)), "Main Map", "ZZZZ"], []))
vassal_case("centre-hex-huge", lambda d: (["vassal", "centre", str(vmod(d)), "Main Map", "9" * 4000], []))


def _zip(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for n, data in entries.items():
            z.writestr(n, data)
    return buf.getvalue()


def _mkdir(p: Path) -> Path:
    p.mkdir(parents=True)
    return p


def _symlinked(d: Path, target: str) -> Path:
    f = _mkdir(d / "modfolder")
    (f / "buildFile.xml").symlink_to(target)
    return f


def _bomb_zip(d: Path, entry: str, size: int = 600 << 20, byte: bytes = b" ") -> Path:
    data, crc, usize = deflate_bomb_entry(size, byte)
    p = d / "bomb.vmod"
    p.write_bytes(zip_raw([(entry.encode(), data, 8, crc, usize)]))
    return p


def _crc_broken(d: Path) -> Path:
    bf = BF.encode()
    data = zlib.compress(bf)[2:-4]
    p = d / "crc.vmod"
    p.write_bytes(zip_raw([(b"buildFile.xml", data, 8, (zlib.crc32(bf) ^ 0xDEADBEEF) & 0xFFFFFFFF, len(bf))]))
    return p


def _sav(saved: bytes | None = None, extra=None, cmd: str = "dump", name: str = "game.vsav"):
    def make(d: Path):
        s = vsav(d, name, saved, extra)
        if cmd == "dump":
            return ["vassal", "dump", str(s)], [s]
        if cmd == "dump-module":
            return ["vassal", "dump", str(s), "--module", str(vmod(d))], [s]
        if cmd == "check":
            return ["check", str(s), "--module", str(vmod(d)), "--game", "winter-war"], [s]
        return ["audit", str(s), "--module", str(vmod(d)), "--game", "winter-war"], [s]
    return make


vassal_case("save-not-zip", lambda d: (["vassal", "dump", str(w(d, "g.vsav", b"PK\x03\x04garbage"))], []))
vassal_case("save-no-savedgame", lambda d: (["vassal", "dump", str(w(d, "g.vsav", _zip({"savedata": b"<x/>"})))], []))
vassal_case("save-odd-hex", _sav(obfuscate(GOOD_SAVE)[:-1]))
vassal_case("save-non-hex", _sav(b"!VCSK4b" + b"zz" * 20))
vassal_case("save-bad-key", _sav(b"!VCSKq" + b"00" * 20))
vassal_case("save-invalid-utf8", _sav(b"!VCSK00" + b"\xff\xfe\xfd".hex().encode() * 10))
vassal_case("save-plain-garbage", _sav(b"\x00\x01garbage\x1b\x1b\x1b+/"), expect="ROBUST",
            why="plain text is a legal (unobfuscated) save; garbage commands are dropped, as VASSAL does")
vassal_case("save-huge-coordinates", _sav(obfuscate(GOOD_SAVE.replace("Main Map;110;96", "Main Map;" + "9" * 300
                                                                      + ";-" + "9" * 300)), cmd="dump-module"),
            expect="ROBUST", why="a piece far off the board: 'offboard' or refused in one line")
vassal_case("save-deep-escapes", _sav(obfuscate("begin_save" + ESC + "\\" * 200000 + ESC + "end_save")),
            expect="ROBUST", why="deep command nesting must be bounded")
vassal_case("save-bomb", lambda d: (["vassal", "dump", str(_bomb_zip(d, "savedGame", 400 << 20, b"0"))], []),
            slow=True, why="DESIGN: zip bombs -> one line, exit 3")
vassal_case("save-check-module-is-save", lambda d: (["check", str(vsav(d)), "--module", str(vsav(d, "m.vsav"))], []))
vassal_case("save-check-module-garbage", lambda d: (["check", str(vsav(d)), "--module", str(w(d, "m.vmod", "x"))],
                                                    []))
vassal_case("save-non-utf8-entry-name", lambda d: (["vassal", "dump", str(w(d, "g.vsav", zip_raw(
    [(b"saved\xff\xfeGame", b"x", 0, zlib.crc32(b"x"), 1)])))], []))
vassal_case("save-json-error", lambda d: (["vassal", "dump", str(w(d, "g.vsav", "nope")), "--json"], []),
            expect="J3")
vassal_case("save-step-out-of-range", lambda d: (["vassal", "dump", str(vsav(d)), "--step", "999999"], []))
vassal_case("audit-log-not-zip", lambda d: (["audit", str(w(d, "g.vlog", "nope")), "--module", str(vmod(d)),
                                             "--game", "winter-war"], []))
vassal_case("audit-module-unknown-game", lambda d: (["audit", str(vsav(d, "g.vlog")), "--module", str(vmod(d))],
                                                    []), why="module 'Hex Demo' names no bundled game")
vassal_case("audit-log-odd-hex", _sav(obfuscate(GOOD_SAVE)[:-3], cmd="audit", name="g.vlog"))
vassal_case("audit-log-module-folder-empty", lambda d: (["audit", str(vsav(d, "g.vlog")), "--module",
                                                         str(_mkdir(d / "mf")), "--game", "winter-war"], []))


def _setup(*pieces: str, out: str = "out.vsav", same: bool = False):
    def make(d: Path):
        m = vmod(d)
        o = m if same else d / out
        return ["vassal", "setup", str(m), str(o), *pieces], [m]
    return make


vassal_case("setup-out-is-module", _setup("1st Infantry@0302", same=True))
vassal_case("setup-unknown-piece", _setup("No Such Piece@0302"))
vassal_case("setup-unknown-location", _setup("1st Infantry@ZZ99"))
vassal_case("setup-px-nan", _setup("1st Infantry@px:nan,nan"))
vassal_case("setup-no-at", _setup("1st Infantry"))


@case("vassal-setup-out-other-kind", "vassal", why="README: an existing file of another kind needs --force")
def _(d: Path) -> Spec:
    m = vmod(d)
    o = w(d, "out.vsav", "my precious notes\n")
    return Spec(["vassal", "setup", str(m), str(o), "1st Infantry@0302"], protect=[m, o])


# ---------------------------------------------------------------------------------------------- counters

def counter_case(name: str, text: str | bytes, sub: str = "counters", extra: list[str] | None = None,
                 why: str = "", slug: bool = False, expect: str = "E3"):
    def build(d: Path) -> Spec:
        out = d / "out"
        if slug:
            src = "winter-war"
            prot: list[Path] = []
        else:
            c = w(d, "counters.yaml", text)
            src = str(c)
            prot = [c]
        o = str(out) if sub in ("counters", "all") else str(out) + ".pdf"
        return Spec(["build", sub, src, "-o", o, *(extra or [])], protect=prot, absent=[out, Path(str(out) + ".pdf")])
    case(f"counters-{name}", "counters", expect, why=why)(build)


CT = (REPO / "counters" / "winter-war.yaml").read_text(encoding="utf-8")
counter_case("empty", "")
counter_case("counters-not-list", "game: x\nsides: {a: {label: A}}\ncounters: 5\n")
counter_case("count-negative", CT.replace("count: 8,", "count: -8,", 1))
counter_case("count-huge", CT.replace("count: 8,", "count: 1000000000000,", 1), sub="sheets",
             why="a trillion counters: refused, never an endless PDF")
counter_case("value-nan", CT.replace("attack: 6, defense: 6", "attack: .nan, defense: 6", 1))
counter_case("side-undefined", CT.replace("side: finnish,", "side: martian,", 1))
counter_case("duplicate-id", CT.replace("id: fin-4-4-2", "id: fin-6-6-2", 1))
counter_case("bad-colour", CT.replace('colour: "#f4f1e8"', 'colour: "#f4f1zz"', 1))
counter_case("size-zero", "", slug=True, extra=["--size", "0in"])
counter_case("size-negative", "", slug=True, extra=["--size", "-5mm"])
counter_case("size-parsecs", "", slug=True, extra=["--size", "5parsec"], expect="E2",
             why="revised from E3 after the first run: --help shows --size LENGTH (RESULTS.md)")
counter_case("size-nan", "", slug=True, extra=["--size", "nanmm"], expect="E2",
             why="revised from E3 after the first run: --help shows --size LENGTH (RESULTS.md)")
counter_case("bleed-negative", "", slug=True, extra=["--bleed", "-2mm"])
counter_case("sheets-margin-too-big", "", slug=True, sub="sheets", extra=["--margin", "1000mm"],
             why="nothing fits on the page")
counter_case("sheets-back-offset-nan", "", slug=True, sub="sheets", extra=["--back-offset", "nan,0"])
counter_case("sheets-spacing-negative", "", slug=True, sub="sheets", extra=["--spacing", "-50mm"])
counter_case("sheets-size-huge", "", slug=True, sub="sheets", extra=["--size", "2m"],
             why="a 2 m counter cannot fit any page")


@case("build-aids-source-deep-json", "builders")
def _(d: Path) -> Spec:
    s = w(d, "tables.json", "[" * 200000 + "]" * 200000)
    return Spec(["build", "aids", str(s), "-o", str(d / "a.pdf"), "--no-png"], protect=[s], absent=[d / "a.pdf"])


@case("build-aids-out-is-source", "builders")
def _(d: Path) -> Spec:
    s = w(d, "tables.yaml", "- {title: T, columns: [a, b], rows: [[1, 2]]}\n")
    return Spec(["build", "aids", str(s), "-o", str(s), "--no-png"], protect=[s])


@case("build-aids-ragged-rows", "builders", expect="ROBUST", why="unknown table schema: accept or refuse in one line")
def _(d: Path) -> Spec:
    s = w(d, "tables.yaml", "- {title: T, columns: [a, b], rows: [[1], [1, 2, 3, 4, 5]]}\n")
    return Spec(["build", "aids", str(s), "-o", str(d / "a.pdf"), "--no-png"], protect=[s])


@case("build-module-hex-px-seven", "builders", why="--help: 8 to 400")
def _(d: Path) -> Spec:
    return Spec(["build", "module", "winter-war", "-o", str(d / "m.vmod"), "--hex-px", "7"], absent=[d / "m.vmod"])


@case("build-module-hex-px-nan", "builders", why="--help: 8 to 400")
def _(d: Path) -> Spec:
    return Spec(["build", "module", "winter-war", "-o", str(d / "m.vmod"), "--hex-px", "nan"], absent=[d / "m.vmod"])


@case("build-module-board-truncated", "builders")
def _(d: Path) -> Spec:
    b = w(d, "board.png", png(400, 400)[:150])
    return Spec(["build", "module", "winter-war", "-o", str(d / "m.vmod"), "--board", str(b)], protect=[b],
                absent=[d / "m.vmod"])


@case("build-module-out-is-board", "builders")
def _(d: Path) -> Spec:
    b = w(d, "board.png", png(400, 400))
    return Spec(["build", "module", "winter-war", "-o", str(b), "--board", str(b)], protect=[b])


@case("build-module-map-garbage", "builders")
def _(d: Path) -> Spec:
    m = w(d, "map.yaml", "grid: [[[\n")
    return Spec(["build", "module", "winter-war", "-o", str(d / "m.vmod"), "--map", str(m)], protect=[m],
                absent=[d / "m.vmod"])


@case("build-all-out-is-file", "builders")
def _(d: Path) -> Spec:
    f = w(d, "precious.txt", "do not replace me\n")
    return Spec(["build", "all", "winter-war", "-o", str(f)], protect=[f])


@case("demo-out-is-file", "builders")
def _(d: Path) -> Spec:
    f = w(d, "precious.txt", "do not replace me\n")
    return Spec(["demo", "-o", str(f)], protect=[f])


@case("demo-hex-px-seven", "builders", why="--help: 8 to 400")
def _(d: Path) -> Spec:
    return Spec(["demo", "-o", str(d / "demo"), "--hex-px", "7"], absent=[d / "demo"])


@case("build-sheets-out-other-kind", "builders", why="README: an existing file of another kind needs --force")
def _(d: Path) -> Spec:
    f = w(d, "sheets.pdf", png(10, 10))
    return Spec(["build", "sheets", "winter-war", "-o", str(f)], protect=[f])


# ----------------------------------------------------------------------------------------- games path

@case("games-path-init-raises", "games")
def _(d: Path) -> Spec:
    g = _mkdir(d / "games" / "broken_game")
    w(g, "__init__.py", "raise ZeroDivisionError('plugin bug')\n")
    return Spec(["--games-path", str(d / "games"), "games"])


@case("games-path-no-GAME", "games")
def _(d: Path) -> Spec:
    g = _mkdir(d / "games" / "empty_game")
    w(g, "__init__.py", "X = 1\n")
    return Spec(["--games-path", str(d / "games"), "games"])


@case("games-path-syntax-error", "games")
def _(d: Path) -> Spec:
    g = _mkdir(d / "games" / "syntax_game")
    w(g, "__init__.py", "def (:\n")
    return Spec(["--games-path", str(d / "games"), "games"])


# ------------------------------------------------------------------------------------------ output streams

@case("stdout-broken-pipe-find", "streams", expect="PIPE")
def _(d: Path) -> Spec:
    return Spec(["map", "find", "winter-war"], stdout="headc1")


@case("stdout-broken-pipe-schema-json", "streams", expect="PIPE")
def _(d: Path) -> Spec:
    return Spec(["games", "--json"], stdout="headc1")


@case("stdout-dev-full", "streams", expect="NOT4", why="the output is lost: a failure exit, one line")
def _(d: Path) -> Spec:
    return Spec(["map", "find", "winter-war"], stdout="devfull")


@case("stdout-closed", "streams", expect="CLOSED")
def _(d: Path) -> Spec:
    return Spec(["map", "find", "winter-war"], stdout="closed")


@case("stdout-closed-error", "streams", expect="E3", why="an input error still says its one line on stderr")
def _(d: Path) -> Spec:
    return Spec(["map", "show", "winter-war", "9999"], stdout="closed")


def main(argv: list[str]) -> int:
    """`python -m tests.hostile_heldout.cases DIR`: write every case's files under DIR and print its command."""
    import shlex

    out = Path(argv[0] if argv else "build/hostile-heldout")
    for c in CASES:
        d = out / c.name
        d.mkdir(parents=True, exist_ok=True)
        spec = c.build(d)
        print(f"{c.name}\t{c.expect}\twgt {shlex.join(a if len(a) < 200 else a[:40] + '...' for a in spec.argv)}")
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
