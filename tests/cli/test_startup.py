"""Start-up (issue 11 item 7): ``wgt --help`` imports no command module, nor numpy or PIL; ``wgt check``
of a position loads no image, array or XML library. Timing is measured by ``python -m benchmarks startup``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest

from toolkit.cli.main import COMMANDS, HELP, cli

HEAVY = ("numpy", "PIL", "lxml", "shapely", "reportlab")
#: standard modules a check of a YAML position has no use for (each costs milliseconds to import)
UNNEEDED = ("logging", "hashlib", "_hashlib")
#: the command line itself: the entry point (toolkit.cli.fast, which runs ``vassal dump FILE --json`` without
#: click) and the click group
ENTRY = ("toolkit.cli.fast", "toolkit.cli.main")

PROBE = """
import json, runpy, sys
sys.argv = ["wgt", *json.loads(sys.argv[1])]
code = 0
try:
    runpy.run_module("toolkit", run_name="__main__")
except SystemExit as exc:
    code = exc.code
print(json.dumps({"code": code, "modules": sorted(m for m in sys.modules if m.split(".")[0] in HEAVY + UNNEEDED
                                                   or m.startswith("toolkit."))}), file=sys.stderr)
""".replace("HEAVY", repr(HEAVY)).replace("UNNEEDED", repr(UNNEEDED))


def imported(*args: str) -> tuple[int, list[str]]:
    """Exit code and the modules imported by one ``wgt`` run in a fresh interpreter."""
    proc = subprocess.run([sys.executable, "-c", PROBE, json.dumps(list(args))], capture_output=True, text=True,
                          timeout=120)
    report = json.loads(proc.stderr.strip().splitlines()[-1])
    return report["code"], report["modules"]


def test_help_imports_no_numpy_nor_pil_nor_any_command():
    code, modules = imported("--help")
    assert code == 0
    assert not [m for m in modules if m.split(".")[0] in HEAVY]
    assert not [m for m in modules if m.startswith("toolkit.cli.") and m not in ENTRY]


def test_check_of_a_position_imports_no_heavy_library(tmp_path: Path):
    position = tmp_path / "p.yaml"
    position.write_text('game: winter-war\nturn: 1\nplayer: soviet\nphase: movement\nunits:\n'
                        '  - {id: s1, counter: sov-6-4-2, hex: "2517"}\n'
                        '  - {id: f1, counter: fin-6-6-2, hex: "2412"}\n')
    code, modules = imported("check", str(position))
    assert code == 1  # the Finnish 6-6-2 north of Row A
    assert [m for m in modules if m.split(".")[0] in HEAVY] == []


def test_check_of_a_position_imports_only_what_judging_it_needs(tmp_path: Path):
    """With the map in the cache (the second run), a check reads neither the map's YAML reader and writer
    nor any other command's code, nor logging (nothing is logged) nor hashlib (OpenSSL)."""
    position = tmp_path / "p.yaml"
    position.write_text('game: winter-war\nturn: 1\nplayer: soviet\nphase: movement\nunits:\n'
                        '  - {id: s1, counter: sov-6-4-2, hex: "2517"}\n')
    imported("check", str(position))  # fills the map cache (WGT_CACHE_DIR of the test run) if empty
    code, modules = imported("check", str(position))
    assert code == 0
    assert "toolkit.games.winter_war.rules" in modules and "toolkit.terrain.cache" in modules
    unneeded = [m for m in modules if m.split(".")[0] in UNNEEDED
                or m.startswith(("toolkit.vassal", "toolkit.builders", "toolkit.editor", "toolkit.terrain.io",
                                 "toolkit.terrain.render", "toolkit.terrain.extract", "toolkit.terrain.geodata"))
                or (m.startswith("toolkit.cli.") and m not in (*ENTRY, "toolkit.cli.check", "toolkit.cli.options",
                                                                "toolkit.cli.text"))]
    assert unneeded == []


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_listed_help_is_the_command_own(name: str):
    """The one-line help ``wgt --help`` shows without importing a command is the command's own."""
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    assert name in HELP, f"add the one-line help of {name!r} to toolkit.cli.main.HELP"
    assert HELP[name] == command.get_short_help_str(10_000)


@pytest.mark.corpus
def test_dump_of_a_save_as_json_runs_without_click(corpus):
    """``wgt vassal dump SAVE --json`` (the pywargame benchmark, issue 15) takes the click-free fast path."""
    save = corpus / "hurufu__zxvt-vassal-module" / "5x5_startup.vlog"
    code, modules = imported("vassal", "dump", str(save), "--json")
    assert code == 0
    assert not [m for m in modules if m.startswith("toolkit.cli.") and m not in ("toolkit.cli.fast",
                                                                                  "toolkit.cli.vassal_dump")]
