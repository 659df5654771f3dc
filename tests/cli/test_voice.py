"""One voice on the command line (issue 11 item 6) and outputs that never destroy anything (issue 18 item 4):
``-o/--output`` everywhere with the old spellings hidden, ``--hex-px`` with one meaning, ``--force``, a
full or closed standard output, ``-v`` tracebacks and JSON errors."""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from PIL import Image

from toolkit.cli.main import cli
from toolkit.terrain import load_map
from toolkit.terrain.render import legend_height

SMALL = Path(__file__).parents[1] / "terrain" / "data" / "small.yaml"
POSITION = "game: winter-war\nturn: 1\nplayer: soviet\nphase: movement\nunits: []\n"


def wgt(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, list(args))
    return r.exit_code, r.stdout, r.stderr


def run(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "toolkit", *args], capture_output=True, text=True, timeout=300,
                          **kwargs)  # type: ignore[call-overload]


# ------------------------------------------------------------------------------------------ spellings

@pytest.mark.parametrize("command, shown, hidden", [
    (("demo",), ["-o, --output", "--hex-px", "--force"], ["--out ", "--out,"]),
    (("build", "counters"), ["-o, --output"], ["--out ", "--out,"]),
    (("build", "sheets"), ["-o, --output", "--page"], ["--out ", "--out,"]),
    (("build", "aids"), ["-o, --output", "--page"], ["--out ", "--out,", "--card"]),
    (("build", "module"), ["-o, --output", "--hex-px", "--setup-out"], ["--out ", "--out,"]),
    (("build", "all"), ["-o, --output", "--page", "--size", "--dpi", "--hex-px"], ["--out ", "--out,"]),
    (("map", "render"), ["-o, --output", "--hex-px", "--layout-out", "--force"], ["--hex-size"]),
    (("map", "export"), ["-o, --output", "--hex-px", "--force"], ["--hex-size"]),
    (("map", "calibrate"), ["-o, --output", "--force"], []),
    (("map", "extract"), ["-o, --output", "--overlay", "--force"], []),
    (("vassal", "setup"), ["--force"], []),
])
def test_help_shows_one_spelling(command, shown, hidden):
    code, out, _ = wgt(*command, "--help")
    assert code == 0
    for text in shown:
        assert text in out, text
    for text in hidden:
        assert text not in out, text


def test_old_hex_size_is_converted_to_hex_px(tmp_path):
    """``render --hex-size 30`` (centre to corner, the old meaning) draws the same board as ``--hex-px``
    30 x sqrt 3 (across the flats, the one meaning now)."""
    old, new = tmp_path / "old.png", tmp_path / "new.png"
    assert wgt("map", "render", str(SMALL), "-o", str(old), "--hex-size", "30")[0] == 0
    assert wgt("map", "render", str(SMALL), "-o", str(new), "--hex-px", repr(30 * math.sqrt(3)))[0] == 0
    assert old.read_bytes() == new.read_bytes()
    with Image.open(new) as img:
        # 417 x 380 px of hexes, then the legend (title, scale, provenance, every symbol drawn)
        assert img.size == (417, 380 + math.ceil(legend_height(load_map(SMALL), 30, 417)))
    code, _, err = wgt("map", "render", str(SMALL), "-o", str(old), "--hex-size", "30", "--hex-px", "52")
    assert code == 2 and "give --hex-px or --hex-size, not both" in err


def test_old_spellings_still_work(tmp_path):
    charts = tmp_path / "charts.yaml"
    charts.write_text("- title: Sequence of Play\n  columns: [Step, Phase]\n  rows: [[1, Movement]]\n")
    for flag in ("--out", "--output", "-o"):
        out = tmp_path / f"a{flag.strip('-')}.pdf"
        code, stdout, _ = wgt("build", "aids", str(charts), flag, str(out), "--card", "a5", "--no-png", "--json")
        assert code == 0 and json.loads(stdout)["file"] == str(out) and out.read_bytes().startswith(b"%PDF-")
    a5 = [(round(148 / 25.4 * 72), round(210 / 25.4 * 72))]
    assert page_sizes_pt(tmp_path / "aout.pdf") == a5
    code, _, _ = wgt("build", "aids", str(charts), "-o", str(tmp_path / "p.pdf"), "--page", "a5", "--no-png")
    assert code == 0 and page_sizes_pt(tmp_path / "p.pdf") == page_sizes_pt(tmp_path / "aout.pdf")


def page_sizes_pt(pdf: Path) -> list[tuple[int, int]]:
    pikepdf = pytest.importorskip("pikepdf")
    with pikepdf.open(pdf) as doc:
        return [(round(float(p.mediabox[2] - p.mediabox[0])), round(float(p.mediabox[3] - p.mediabox[1])))
                for p in doc.pages]


# ------------------------------------------------------------------------------------------ outputs

@pytest.fixture
def files(tmp_path):
    (tmp_path / "pos.yaml").write_text(POSITION)
    Image.new("RGB", (64, 48), "white").save(tmp_path / "scan.png")
    with zipfile.ZipFile(tmp_path / "m.vmod", "w") as z:
        z.writestr("buildFile.xml", "<VASSAL.launch.BasicModule/>")
    (tmp_path / "legend.yaml").write_text("terrain: {clear: {color: '#ffffff'}}\n")
    shutil.copy(SMALL, tmp_path / "map.yaml")
    return tmp_path


@pytest.mark.parametrize("args, message", [
    (["map", "calibrate", "{d}/scan.png", "--point", "0101=1,1", "--point", "0102=1,9", "--point", "0201=9,5",
      "-o", "{d}/scan.png"], "--output {d}/scan.png is also this command's input (IMAGE {d}/scan.png)"),
    (["map", "extract", "{d}/scan.png", "--grid", "{d}/map.yaml", "--legend", "{d}/legend.yaml", "-o",
      "{d}/new.yaml", "--overlay", "{d}/scan.png"], "--overlay {d}/scan.png is also this command's input (IMAGE"),
    (["map", "extract", "{d}/scan.png", "--grid", "{d}/map.yaml", "--legend", "{d}/legend.yaml", "-o",
      "{d}/legend.yaml"], "--output {d}/legend.yaml is also this command's input (--legend {d}/legend.yaml)"),
    (["vassal", "setup", "{d}/m.vmod", "{d}/m.vmod", "x@0101"], "OUT {d}/m.vmod is also this command's input (VMOD"),
    (["map", "render", "{d}/map.yaml", "-o", "{d}/a.png", "--layout-out", "{d}/a.png"],
     "--layout-out {d}/a.png is also the file of --output: give each output its own name"),
])
def test_an_output_that_names_an_input_is_refused(files, args, message):
    before = {p.name: p.read_bytes() for p in files.iterdir()}
    code, out, err = wgt(*(a.format(d=files) for a in args))
    assert code == 3 and out == ""
    assert err.startswith(f"wgt: error: {message.format(d=files)}") and err.count("\n") == 1
    assert {p.name: p.read_bytes() for p in files.iterdir()} == before


@pytest.mark.parametrize("args, kind", [
    (["map", "render", "{d}/map.yaml", "-o", "{t}"], "a PNG image"),
    (["map", "render", "{d}/map.yaml", "-o", "{d}/a.png", "--layout-out", "{t}"], "a layout file"),
    (["map", "export", "{d}/map.yaml", "-o", "{t}"], "a GeoJSON file"),
    (["map", "calibrate", "{d}/scan.png", "--point", "0101=1,1", "--point", "0102=1,9", "--point", "0201=9,5",
      "-o", "{t}"], "a grid file"),
    (["map", "extract", "{d}/scan.png", "--grid", "{d}/map.yaml", "--legend", "{d}/legend.yaml", "-o", "{t}"],
     "a map file"),
    (["map", "extract", "{d}/scan.png", "--grid", "{d}/map.yaml", "--legend", "{d}/legend.yaml", "-o",
      "{d}/new.yaml", "--overlay", "{t}"], "a PNG image"),
    (["build", "sheets", "winter-war", "-o", "{t}"], "a PDF"),
    (["build", "aids", "winter-war", "-o", "{t}"], "a PDF"),
    (["build", "module", "winter-war", "-o", "{t}"], "a VASSAL module or save"),
    (["build", "module", "winter-war", "-o", "{d}/w.vmod", "--setup-out", "{t}"], "a VASSAL module or save"),
    (["vassal", "setup", "{d}/m.vmod", "{t}", "x@0101"], "a VASSAL module or save"),
])
def test_a_file_of_another_kind_is_kept_without_force(files, args, kind):
    target = files / "pos.yaml"
    code, out, err = wgt(*(a.format(d=files, t=target) for a in args))
    assert (code, out) == (3, "")
    assert err == f"wgt: error: refusing to overwrite {target}: it is not {kind} (give --force to replace it)\n"
    assert target.read_text() == POSITION


def test_force_replaces_and_same_kind_needs_no_force(files):
    board = files / "board.png"
    board.write_text(POSITION)  # a position under a .png name
    assert wgt("map", "render", str(SMALL), "-o", str(board))[0] == 3
    assert wgt("map", "render", str(SMALL), "-o", str(board), "--force")[0] == 0
    assert board.read_bytes().startswith(b"\x89PNG")
    assert wgt("map", "render", str(SMALL), "-o", str(board))[0] == 0  # an earlier board: replaced freely
    geo = files / "pos.yaml"
    assert wgt("map", "export", str(SMALL), "-o", str(geo), "--force")[0] == 0
    assert json.loads(geo.read_text())["type"] == "FeatureCollection"
    assert wgt("map", "export", str(SMALL), "-o", str(geo))[0] == 0
    empty = files / "empty.png"
    empty.write_bytes(b"")  # nothing to lose
    assert wgt("map", "render", str(SMALL), "-o", str(empty))[0] == 0


def test_a_game_slug_names_its_bundled_files(tmp_path):
    """``winter-war`` as an input stands for the bundled map and counter files: an output naming one of them
    is refused, even with --force."""
    from toolkit.data import counters_path, map_path

    bundled_map, bundled_counters = map_path("winter-war"), counters_path("winter-war")
    before = bundled_map.read_bytes(), bundled_counters.read_bytes()
    for args, name, path in [
        (["map", "render", "winter-war", "-o", str(bundled_map), "--force"], "MAP", bundled_map),
        (["build", "sheets", "winter-war", "-o", str(bundled_counters), "--force"], "SLUG", bundled_counters),
        (["map", "extract", str(tmp_path / "scan.png"), "--grid", "winter-war", "--legend", "l.yaml", "-o",
          str(bundled_map)], "--grid", bundled_map),
    ]:
        code, _, err = wgt(*args)
        assert code == 3 and err == (f"wgt: error: --output {path} is also this command's input ({name} {path}): "
                                     "give the output another name\n")
    assert (bundled_map.read_bytes(), bundled_counters.read_bytes()) == before


def test_a_map_is_not_a_grid_file(files):
    """``calibrate -o map.yaml`` would replace a whole map with its grid block: refused."""
    code, _, err = wgt("map", "calibrate", str(files / "scan.png"), "--point", "0101=1,1", "--point", "0102=1,9",
                       "--point", "0201=9,5", "-o", str(files / "map.yaml"))
    assert code == 3 and "it is not a grid file" in err


# ------------------------------------------------------------------------------------------ standard output

@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("unbuffered", ["1", None], ids=["unbuffered", "block-buffered"])
@pytest.mark.parametrize("argv", [["games"], ["vassal", "dump", "SAVE", "--json"]], ids=["click", "fast-path"])
def test_a_full_standard_output_is_exit_3_one_line(unbuffered, argv, tmp_path):
    """Also with stdout block-buffered (a user's shell: no PYTHONUNBUFFERED), where what is left in the buffer
    once the error is reported must not fail again at exit (a second message, exit 120)."""
    from tests.conftest import CORPUS

    save = CORPUS / "Cattlesquat__PathsOfGlory" / "Classic10-8.vsav"
    if "SAVE" in argv:
        if not save.is_file():
            pytest.skip(f"the corpus save is not at {save}")
        argv = [str(save) if a == "SAVE" else a for a in argv]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = unbuffered
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "toolkit", *argv], stdout=full, stderr=subprocess.PIPE,
                           text=True, timeout=60, env=env)
    assert r.returncode == 3
    assert r.stderr == "wgt: error: cannot write to standard output: No space left on device\n"


def test_a_closed_standard_output_is_exit_3_one_line():
    r = subprocess.run([sys.executable, "-m", "toolkit", "games"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, timeout=60, preexec_fn=lambda: os.close(1))
    assert r.returncode == 3
    assert r.stderr == "wgt: error: standard output is closed: nothing could be printed\n"


def test_a_closed_pipe_is_a_quiet_141_not_1():
    """``wgt map find ... | head -1``: the reader goes away; exit 1 is kept for violations."""
    proc = subprocess.Popen([sys.executable, "-m", "toolkit", "map", "find", "winter-war"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # before anything is read: every write fails
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 141 and err == b""


@pytest.mark.parametrize("args", [("games", "--json"), ("map", "find", "winter-war")])
def test_a_reader_gone_in_the_middle_of_a_write_is_141(args):
    """``wgt games --json | head -c1`` with a one-page pipe: the 10 kB of JSON go in one write, of which the pipe
    takes 4 kB before the reader goes away; the rest used to be dropped without an error (exit 0)."""
    import fcntl

    for _ in range(3):
        proc = subprocess.Popen([sys.executable, "-m", "toolkit", *args], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        assert proc.stdout is not None and proc.stderr is not None
        fcntl.fcntl(proc.stdout.fileno(), 1031, 4096)  # F_SETPIPE_SZ: one page
        assert len(proc.stdout.read(1)) == 1
        proc.stdout.close()
        err = proc.stderr.read()
        assert (proc.wait(timeout=60), err) == (141, b"")


def test_everything_reaches_a_pipe_that_is_read_to_the_end():
    r = subprocess.run(["bash", "-c", f"'{sys.executable}' -m toolkit games --json | cat"], capture_output=True,
                       text=True, timeout=60)
    assert [g["slug"] for g in json.loads(r.stdout)] == ["a-winter-war", "tornio-44", "winter-war"]


def test_head_of_map_find_is_not_exit_1():
    r = subprocess.run(["bash", "-c", f"'{sys.executable}' -m toolkit map find winter-war | head -1; "
                                      "echo ${PIPESTATUS[0]} >&2"], capture_output=True, text=True, timeout=60)
    assert r.stdout == "0101\n" or r.stdout.count("\n") == 1
    assert r.stderr.strip() in ("0", "141")


# ------------------------------------------------------------------------------------------ errors

@pytest.fixture
def boom():
    @click.command("boom")
    def command() -> None:
        raise RuntimeError("kaput")

    cli.add_command(command)
    yield
    cli.commands.pop("boom")


def test_an_internal_error_says_run_with_v_and_v_shows_the_traceback(boom):
    r = CliRunner().invoke(cli, ["boom"])
    assert r.exit_code == 4
    assert r.stderr == "wgt: error: internal error: RuntimeError: kaput (run with -v for the traceback)\n"
    r = CliRunner().invoke(cli, ["-v", "boom"])
    assert r.exit_code == 4 and r.stderr.startswith("Traceback (most recent call last):")
    assert 'raise RuntimeError("kaput")' in r.stderr
    assert r.stderr.endswith("wgt: error: internal error: RuntimeError: kaput (run with -v for the traceback)\n")
    assert "Traceback" not in CliRunner().invoke(cli, ["boom"]).stderr  # -v does not stick to the next run


@pytest.mark.parametrize("args, code, message", [
    (["map", "show", "winter-war", "Nowhere", "--json"], 3, "no place named 'Nowhere' on the map"),
    (["map", "show", "winter-war", "--json"], 2, "Missing argument 'HEX'."),
    (["check", "/no/such/position.yaml", "--json"], 3, "position file not found: /no/such/position.yaml"),
    (["build", "sheets", "winter-war", "--size", "0", "--json"], 3, "counter size 0 mm is out of range (3 to 100 mm)"),
])
def test_json_errors_are_json(args, code, message):
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == code and r.stderr == ""
    assert json.loads(r.stdout) == {"error": message, "exit": code} and r.stdout.count("\n") == 1


def test_without_json_errors_stay_one_line_on_stderr():
    r = CliRunner().invoke(cli, ["map", "show", "winter-war", "Nowhere"])
    assert (r.exit_code, r.stdout, r.stderr) == (3, "", "wgt: error: no place named 'Nowhere' on the map\n")


# ------------------------------------------------------------------------------------------ human output

POSITIONS = Path(__file__).parents[1] / "games" / "winter_war_positions"


@pytest.mark.parametrize("name", ["96-crt-retreat-into-zoc.yaml", "02-stacking-two-south.yaml",
                                  "01-stacking-three-south.yaml"])
def test_check_reads_as_prose_and_tables(name):
    """``wgt check`` prints no Python dicts, lists, None or True: sentences, ``Label: value`` lines and tables."""
    r = CliRunner().invoke(cli, ["check", str(POSITIONS / name)])
    assert r.exit_code in (0, 1)
    verdict, _, rest = r.stdout.partition("\n\n")
    assert verdict.startswith("winter-war: ok" if r.exit_code == 0 else "winter-war: ")
    assert rest.startswith("Game-Turn ") and ", soviet player, " in rest.splitlines()[0]
    for bad in ("{", "}", "[", "]", "'", "None", "True", "False", "_"):
        assert bad not in rest, (bad, rest)
    assert "\nVictory points: 50\n" in rest and "\nVP detail: south of Row A cleared 50\n" in rest


def test_check_attack_table():
    r = CliRunner().invoke(cli, ["check", str(POSITIONS / "96-crt-retreat-into-zoc.yaml")])
    lines = r.stdout.splitlines()
    at = lines.index("Attacks:")
    assert lines[at + 1].split() == ["attackers", "defenders", "attack", "defense", "odds", "ratio", "fortified",
                                     "die", "result", "meaning", "notes"]
    assert lines[at + 2].strip().split("  ")[0] == "a, b" and " 3-1 " in lines[at + 2] and " Dr " in lines[at + 2]
    supply = lines.index("Supply cities:")
    assert lines[supply + 2].split() == ["Kandalaksha", "20", "12"]


# ------------------------------------------------------------------------------------------ progress

def test_progress_bar_draws_and_erases_itself(capsys):
    from toolkit.cli.options import Progress, progress

    with Progress(3, "build all", enabled=True, width=6) as bar:
        bar.step("counters")
        bar.step("sheets")
        progress("building the winter-war module")  # a line from a step: shown in the bar, not under it
        bar._draw()
    err = capsys.readouterr().err
    assert "\n" not in err and "1/3" in err and "building the winter-war module" in err
    assert "\rbuild all [------] 0/3 " in err and "counters" in err
    assert "\rbuild all [##----] 1/3 " in err and "sheets" in err
    assert err.endswith("\r")  # the last line is blanked out: nothing is left on the terminal
    with Progress(3, "quiet", enabled=False) as bar:
        bar.step("x")
    assert capsys.readouterr().err == ""


def test_calibrate_shows_a_bar_on_a_terminal_only(tmp_path):
    """``wgt map calibrate`` on a terminal draws the bar on stderr; piped, stderr has only the report."""
    pty = pytest.importorskip("pty")
    from toolkit.terrain import load_map

    board = tmp_path / "board.png"
    code, out, _ = wgt("map", "render", str(SMALL), "-o", str(board), "--json", "--no-frame")
    assert code == 0
    m = json.loads(out)["layout"]
    grid = load_map(SMALL).grid
    points = []
    for hid in ("0202", "0702", "0205"):
        h = grid.hex(hid)
        points += ["--point", f"{hid}={m[0][0] * h.q + m[0][1] * h.r + m[0][2]:.2f},"
                              f"{m[1][0] * h.q + m[1][1] * h.r + m[1][2]:.2f}"]
    args = [sys.executable, "-m", "toolkit", "map", "calibrate", str(board), *points, "--grid", str(SMALL)]
    master, slave = pty.openpty()
    proc = subprocess.run(args, stdout=subprocess.PIPE, stderr=slave, timeout=120)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    on_tty = b"".join(chunks).decode()
    assert proc.returncode == 0 and proc.stdout.startswith(b"grid:\n")
    assert "\rcalibrate [" in on_tty and "reading the image" in on_tty
    piped = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert piped.returncode == 0 and "calibrate [" not in piped.stderr and "\r" not in piped.stderr
    assert piped.stderr.startswith("flat-top hexes of ")


# ------------------------------------------------------------------------------------------ build all

@pytest.mark.slow
def test_build_all_takes_page_size_and_dpi(tmp_path):
    out = tmp_path / "ww"
    r = CliRunner().invoke(cli, ["build", "all", "winter-war", "-o", str(out), "--page", "letter", "--size", "16mm",
                                 "--dpi", "150"])
    assert r.exit_code == 0, r.output
    letter = [(612, 792)]
    assert set(page_sizes_pt(out / "sheets.pdf")) == set(letter)
    assert set(page_sizes_pt(out / "aids.pdf")) == set(letter)
    fronts = sorted((out / "counters").glob("*-front.png"))
    assert len(fronts) == 20
    with Image.open(fronts[0]) as img:
        assert img.size == (94, 94)  # 16 mm at 150 dpi
    assert zipfile.ZipFile(out / "winter-war.vmod").read("setup.vsav") == (out / "setup.vsav").read_bytes()
    assert "counters of 16 mm on " in r.stdout and " letter pages " in r.stdout


def test_build_all_offers_the_pages_both_builders_print(tmp_path):
    """Sheets print on a4, letter, a3, legal; aids on a4, letter, a5, card: build all offers a4 and letter."""
    assert "--page [a4|letter]" in wgt("build", "all", "--help")[1]
    code, out, err = wgt("build", "all", "winter-war", "-o", str(tmp_path / "x"), "--page", "a3")
    assert (code, out) == (2, "") and "Invalid value for '--page': 'a3' is not one of 'a4', 'letter'." in err
    assert not (tmp_path / "x").exists()


CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"


@pytest.mark.corpus
def test_vassal_dump_reads_as_prose():
    """No class names, ``None`` or milliseconds since 1970 in ``wgt vassal dump``'s text."""
    kassala = CORPUS / "rummelsworth__vassal-module-kassala"
    tld = CORPUS / "uckelman__tld-mod" / "buildFile"
    if not kassala.is_dir() or not tld.is_file():
        pytest.skip("../shared/corpus is not beside this checkout")
    out = wgt("vassal", "dump", str(kassala / "vmod__buildFile.xml"))[1]
    assert out.splitlines()[2] == "  board 'Kassala' of unknown size (no image), hex grid"
    out = wgt("vassal", "dump", str(tld))[1]
    assert "  board 'Normandy' of unknown size (no image), zoned grid" in out.splitlines()
    assert "  board 'Allied Airborne Display' of unknown size (no image), square grid" in out.splitlines()
    out = wgt("vassal", "dump", str(kassala / "vmod__moduledata"))[1]
    assert ", saved 2022-04-25 23:49 UTC: Scan-and-play of Chapter 4" in out
    assert "Vassal" not in out and "None" not in out
