"""Hypothesis strategies of fuzz cases for every file kind ``wgt`` reads: positions, maps, legends, grids,
counters, charts (grammar-aware YAML, :mod:`tests.fuzz.yamlgen`), images of every size, mode and format,
VASSAL saves, modules and module folders (with FIFOs, links and devices). Each case names the commands to run
and the files they write, which are read back (:mod:`tests.fuzz.runner`)."""

from __future__ import annotations

import functools
import io
import random
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from .runner import Case, zip_bytes
from .yamlgen import documents

ROOT = Path(__file__).resolve().parents[2]

GRID = {"numbering": {"scheme": "ccrr", "col_digits": 2, "row_digits": 2, "orientation": "flat", "shifted": "odd"},
        "extent": {"columns": [1, 4], "rows": [1, 4]},
        "calibration": [[30.0, 0.0, 30.0], [17.32, 34.64, 30.0]]}
GRID_TEXT = ("numbering: {scheme: ccrr, col_digits: 2, row_digits: 2, orientation: flat, shifted: odd}\n"
             "extent: {columns: [1, 4], rows: [1, 4]}\ncalibration: [[30.0, 0.0, 30.0], [17.32, 34.64, 30.0]]\n")
LEGEND = {"terrain": {"clear": "#eee6c4", "forest": {"colour": "#4f7a3a"}},
          "features": {"road": {"colour": "#c8281e", "kind": "across", "tolerance": 25, "yes": ["0202/0302"],
                                "no": ["0101/0201"]}},
          "ink": {"lightness": 35}, "max_delta_e": 30}
LEGEND_TEXT = "terrain: {clear: '#eee6c4', forest: '#4f7a3a'}\n"
POSITION = {"game": "winter-war", "turn": 3, "player": "soviet", "phase": "combat",
            "state": {"attacks": [{"attackers": ["a", "b"], "defenders": ["f"], "die": 3}],
                      "last_occupied": {"2658": "soviet"}, "scenario": "E", "events": ["H"]},
            "units": [{"id": "hq", "counter": "sov-0-1-2", "hex": "2858"},
                      {"id": "a", "counter": "sov-20-12-2", "hex": "2958"},
                      {"id": "b", "counter": "sov-6-4-2", "hex": "2958", "state": {"isolated": False}},
                      {"id": "f", "counter": "fin-6-6-2", "hex": "2957"}],
            "before": [{"id": "hq", "counter": "sov-0-1-2", "hex": "2858"},
                       {"id": "a", "counter": "sov-20-12-2", "hex": "2958"},
                       {"id": "b", "counter": "sov-6-4-2", "hex": "2958"},
                       {"id": "f", "counter": "fin-6-6-2", "hex": "2957"}]}
COUNTERS = {"game": "g", "title": "T", "counter_size": "0.5in", "layout": "tornio", "values": ["attack", "defense",
            "movement"], "half_mark": "H", "top_left": ["attack"],
            "sides": {"a": {"label": "A", "short": "a", "colour": "#8fb4d9", "text_colour": "#000000", "mark": "A"}},
            "counters": [{"id": "a-1", "side": "a", "unit_type": "infantry+ski", "size": "XX", "designation": "4",
                          "values": {"attack": 1, "defense": "H", "movement": 3}, "count": 2, "motorised": "wheels",
                          "front": {"boxed": ["attack"], "dot": True},
                          "back": {"values": {"attack": 0, "defense": 1}, "label": "x"}},
                         {"id": "m-1", "side": "a", "unit_type": "marker", "front": {"label": "Turn\n1"}}]}
CHARTS = [{"title": "CRT", "columns": ["die", "1-1", "2-1"], "rows": [[1, "Ar", "Ex"], [2, "De", "De"]],
           "notes": ["Ex: exchange"], "source": "Combat (C)", "kind": "crt", "cell_colours": {"Ex": "#ff0000"},
           "first_column_header": True}]


@functools.cache
def small_map() -> Any:
    """tests/terrain/data/small.yaml cut to its first 12 hexes and 6 hexsides (cheaper to emit and read)."""
    import yaml

    m = yaml.safe_load((ROOT / "tests/terrain/data/small.yaml").read_text(encoding="utf-8"))
    m["hexes"] = dict(list(m["hexes"].items())[:12])
    m["hexsides"] = dict(list((m.get("hexsides") or {}).items())[:6])
    m["overrides"] = {"hexes": {"0101": {"terrain": "clear"}}, "hexsides": {"0101/0102": ["river"]}}
    return m


@functools.cache
def scan_png() -> bytes:
    """A 160x160 scan: clear, a forest hex, a blue river line."""
    from PIL import Image, ImageDraw

    im = Image.new("RGB", (160, 160), "#eee6c4")
    d = ImageDraw.Draw(im)
    d.ellipse((55, 55, 85, 85), fill="#4f7a3a")
    d.line((0, 47, 160, 47), fill="#2454be", width=5)
    d.line((75, 0, 75, 160), fill="#c8281e", width=4)
    buf = io.BytesIO()
    im.save(buf, "PNG")
    return buf.getvalue()


# ------------------------------------------------------------------------------------------- YAML kinds


@st.composite
def position_cases(draw: Any) -> Case:
    text = draw(documents(POSITION))
    cmd = draw(st.sampled_from([["check", "{p_yaml}"], ["check", "{p_yaml}", "--json"],
                                ["check", "{p_yaml}", "--game", "winter-war"]]))
    return Case("position", {"p.yaml": text}, [cmd])


@st.composite
def map_cases(draw: Any) -> Case:
    text = draw(documents(small_map()))
    cmd, reads = draw(st.sampled_from([
        (["map", "show", "{m_yaml}", "0202", "--json"], []),
        (["map", "find", "{m_yaml}", "--terrain", "clear"], []),
        (["map", "find", "{m_yaml}", "--tag", "city", "--json"], []),
        (["map", "set", "{m_yaml}", "0202", "--terrain", "forest", "--set", "vp=3", "--tag", "+port"],
         [("m.yaml", "map")]),
        (["map", "set", "{m_yaml}", "0301", "--set", "name=Tampere"], [("m.yaml", "map")]),
        (["map", "side", "{m_yaml}", "0201", "0202", "--add", "river"], [("m.yaml", "map")]),
        (["map", "render", "{m_yaml}", "-o", "{dir}/r.png"], [("r.png", "png")]),
        (["map", "centre", "{m_yaml}", "0101"], []),
    ]))
    return Case("map", {"m.yaml": text}, [cmd], reads)


@st.composite
def legend_cases(draw: Any) -> Case:
    text = draw(documents(LEGEND))
    return Case("legend", {"l.yaml": text, "scan.png": scan_png(), "g.yaml": GRID_TEXT},
                [["map", "extract", "{scan_png}", "--grid", "{g_yaml}", "--legend", "{l_yaml}", "-o", "{dir}/out.yaml",
                  "--overlay", "{dir}/qa.png"]], [("out.yaml", "map"), ("qa.png", "png")])


@st.composite
def grid_cases(draw: Any) -> Case:
    text = draw(documents(GRID))
    if draw(st.booleans()):
        return Case("grid", {"g.yaml": text}, [["map", "centre", "{g_yaml}", "0101", "0404", "--json"]])
    return Case("grid", {"g.yaml": text, "scan.png": scan_png(), "l.yaml": LEGEND_TEXT},
                [["map", "extract", "{scan_png}", "--grid", "{g_yaml}", "--legend", "{l_yaml}", "-o",
                  "{dir}/out.yaml"]], [("out.yaml", "map")])


@st.composite
def counter_cases(draw: Any) -> Case:
    text = draw(documents(COUNTERS))
    return Case("counters", {"c.yaml": text}, [["build", "counters", "{c_yaml}", "-o", "{dir}/out", "--px", "24"]],
                [("out", "pngs")])


@st.composite
def chart_cases(draw: Any) -> Case:
    text = draw(documents(CHARTS))
    name = draw(st.sampled_from(["t.yaml", "t.json"]))
    return Case("charts", {name: text}, [["build", "aids", "{" + name.replace(".", "_") + "}", "-o", "{dir}/a.pdf",
                                          "--no-png", "--dpi", "72"]], [("a.pdf", "pdf")])


# ------------------------------------------------------------------------------------------- images

MODES = ["1", "L", "P", "RGB", "RGBA", "LA", "I", "I;16", "F", "CMYK", "YCbCr", "HSV", "LAB", "PA", "RGBX"]
FORMATS = ["PNG", "JPEG", "GIF", "BMP", "TIFF", "WEBP", "PPM", "ICO", "TGA"]


@st.composite
def image_bytes(draw: Any) -> bytes:
    from PIL import Image

    w = draw(st.sampled_from([1, 2, 3, 7, 16, 61, 160, 400]))
    h = draw(st.sampled_from([1, 2, 3, 7, 16, 61, 160, 400]))
    if draw(st.integers(0, 9)) == 0:
        w, h = draw(st.sampled_from([(20000, 1), (1, 20000), (3000, 3000), (65500, 2)]))
    mode = draw(st.sampled_from(MODES))
    fmt = draw(st.sampled_from(FORMATS))
    rnd = random.Random(draw(st.integers(0, 2 ** 32)))
    try:
        im = Image.new("RGB", (w, h), tuple(rnd.randrange(256) for _ in range(3)))
        if w * h <= 6_400 and draw(st.booleans()):
            im.putdata([tuple(rnd.randrange(256) for _ in range(3)) for _ in range(w * h)])
        im = im.convert(mode) if mode not in ("I;16",) else im.convert("I").convert("I;16")
        buf = io.BytesIO()
        im.save(buf, fmt)
        data = buf.getvalue()
    except (OSError, ValueError, KeyError, TypeError):
        data = scan_png()
    cut = draw(st.integers(0, 5))
    if cut == 0:
        data = data[: draw(st.integers(0, max(0, len(data) - 1)))]
    elif cut == 1 and len(data) > 20:
        i = draw(st.integers(0, len(data) - 1))
        data = data[:i] + bytes([rnd.randrange(256) for _ in range(draw(st.integers(1, 8)))]) + data[i + 8:]
    return data


@st.composite
def image_cases(draw: Any) -> Case:
    data = draw(image_bytes())
    name = draw(st.sampled_from(["s.png", "s.jpg", "s.gif", "s.tif", "s.bmp", "s.webp", "s"]))
    key = name.replace(".", "_")
    if draw(st.booleans()):
        return Case("image", {name: data, "g.yaml": GRID_TEXT, "l.yaml": LEGEND_TEXT},
                    [["map", "extract", "{" + key + "}", "--grid", "{g_yaml}", "--legend", "{l_yaml}", "-o",
                      "{dir}/out.yaml", "--overlay", "{dir}/qa.png"]], [("out.yaml", "map"), ("qa.png", "png")])
    pts = draw(st.sampled_from([["0101=30,30", "0201=60,47", "0102=30,65"], ["0101=0,0", "0201=1,0", "0102=0,1"],
                                ["0101=3,3", "0301=90,3", "0103=3,90", "0303=90,90"]]))
    args = ["map", "calibrate", "{" + key + "}", "-o", "{dir}/grid.yaml"]
    for p in pts:
        args += ["--point", p]
    if draw(st.booleans()):
        args.append("--no-refine")
    return Case("image", {name: data}, [args], [("grid.yaml", "grid")])


# ------------------------------------------------------------------------------------------- VASSAL


@functools.cache
def demo_module() -> bytes:
    from tests.vassal.helpers import demo_module_bytes

    return demo_module_bytes()


@functools.cache
def demo_entries() -> list[tuple[str, bytes]]:
    import zipfile

    with zipfile.ZipFile(io.BytesIO(demo_module())) as z:
        return [(n, z.read(n)) for n in z.namelist()]


@functools.cache
def demo_save_text() -> str:
    """The decoded savedGame text of a save of the demo module with both pieces placed."""
    import tempfile

    from toolkit.vassal import Module
    from toolkit.vassal.codec import deobfuscate
    from toolkit.vassal.writer import Placement, new_save

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "d.vmod"
        path.write_bytes(demo_module())
        with Module.open(path) as m:
            save = new_save(m, [Placement("1st Infantry", m.maps and next(iter(m.maps)), (100, 100)),
                                Placement("2nd Armour", next(iter(m.maps)), (200, 150))])
            data = save.saved_game_bytes()
    return deobfuscate(data)[0]


HOSTILE_TOKENS = ["9" * 5000, "9" * 30, "1" + "0" * 30, "-1", "", "null", "\t", ";", "/", "\\", "NaN", "Infinity",
                  "2147483648", "-2147483649", "\x1b", "\u2028", "../../etc/passwd", "&lt;", "%", "Map99", "Map0"]


@st.composite
def mutated_text(draw: Any, text: str, seps: str) -> str:
    rnd = random.Random(draw(st.integers(0, 2 ** 32)))
    out = text
    for _ in range(draw(st.integers(1, 5))):
        op = draw(st.integers(0, 5))
        if not out:
            break
        i = rnd.randrange(len(out))
        j = min(len(out), i + rnd.randrange(1, 40))
        if op == 0:
            out = out[:i] + draw(st.sampled_from(HOSTILE_TOKENS)) + out[j:]
        elif op == 1:
            out = out[:i] + out[j:]
        elif op == 2:
            out = out[:i] + out[i:j] * rnd.randrange(2, 50) + out[j:]
        elif op == 3:
            out = out[:i] + rnd.choice(seps) + out[i:]
        elif op == 4:
            digits = [k for k, c in enumerate(out) if c.isdigit()]
            if digits:
                k = rnd.choice(digits)
                out = out[:k] + draw(st.sampled_from(HOSTILE_TOKENS[:8])) + out[k + 1:]
        else:
            out = out[:i] + chr(rnd.randrange(0, 0x3000)) + out[j:]
    return out


@st.composite
def vassal_cases(draw: Any) -> Case:
    from toolkit.vassal.codec import obfuscate

    shape = draw(st.integers(0, 5))
    mod_entries = list(demo_entries())
    files: dict[str, bytes | str] = {}
    if shape in (0, 1):  # a mutated save, read alone or with the module
        text = draw(mutated_text(demo_save_text(), "\x1b\t;/,\\"))
        key = draw(st.sampled_from([None, 0, 7, 0x5A, 255]))
        try:
            saved = obfuscate(text, key)
        except (ValueError, UnicodeError):
            saved = text.encode("utf-8", "replace")
        entries = [("savedGame", saved)]
        if draw(st.integers(0, 4)) == 0:
            entries.append(("savedGame", saved))
        if draw(st.booleans()):
            entries.append(("savedata", b"<?xml version='1.0'?><data><version>1</version></data>"))
        files["s.vsav"] = zip_bytes(entries)
        files["m.vmod"] = demo_module()
        cmd = draw(st.sampled_from([["vassal", "dump", "{s_vsav}", "--json"],
                                    ["vassal", "dump", "{s_vsav}", "--module", "{m_vmod}", "--json"],
                                    ["check", "{s_vsav}", "--module", "{m_vmod}", "--game", "winter-war"]]))
        return Case("vassal", files, [cmd])
    if shape in (2, 3):  # a mutated buildFile.xml in a module zip
        build = dict(mod_entries)["buildFile.xml"].decode("utf-8")
        build = draw(mutated_text(build, '<>"= /'))
        entries = [(n, build.encode("utf-8", "surrogatepass") if n == "buildFile.xml" else d) for n, d in mod_entries]
        if draw(st.integers(0, 5)) == 0:
            entries.append(("buildFile.xml", b"<x/>"))
        files["m.vmod"] = zip_bytes(entries)
        cmd = draw(st.sampled_from([["vassal", "locate", "{m_vmod}", "Main Map", "100,100", "--json"],
                                    ["vassal", "centre", "{m_vmod}", "Main Map", "0101", "--json"],
                                    ["vassal", "dump", "{m_vmod}", "--json"]]))
        return Case("vassal", files, [cmd])
    # a module folder with odd entries: FIFOs, links to devices, outside, loops, folders named like files
    for name, data in mod_entries:
        files[f"mod/{name}"] = data
    for _ in range(draw(st.integers(1, 3))):
        target = draw(st.sampled_from(["mod/buildFile.xml", "mod/moduledata", "mod/images/board.png",
                                       "mod/images/inf.png", "mod/buildFile"]))
        files[target] = draw(st.sampled_from(["fifo:", "symlink:/dev/zero", "symlink:/dev/urandom",
                                              "symlink:{dir}/mod/loop", "symlink:/etc/passwd", "symlink:..",
                                              "symlink:{dir}/nowhere", "dir:"]))
    cmd = draw(st.sampled_from([["vassal", "dump", "{dir}/mod", "--json"],
                                ["vassal", "locate", "{dir}/mod", "Main Map", "100,100"],
                                ["vassal", "centre", "{dir}/mod", "Main Map", "0101"]]))
    return Case("vassal", files, [cmd])


KINDS = {"position": position_cases, "map": map_cases, "legend": legend_cases, "grid": grid_cases,
         "counters": counter_cases, "charts": chart_cases, "image": image_cases, "vassal": vassal_cases}
