"""The wgt group: version, games, the exit codes DESIGN.md lists, and the error boundary."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from toolkit import __version__
from toolkit.cli.main import cli


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "toolkit", *args], capture_output=True, text=True, timeout=120)


def test_version_exit_0():
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"wgt {__version__}"


def test_games_lists_the_three_bundled_games():
    result = run("games")
    assert result.returncode == 0
    slugs = [line.split()[0] for line in result.stdout.splitlines()]
    assert slugs == ["a-winter-war", "tornio-44", "winter-war"]


def test_games_json():
    import json

    result = run("games", "--json")
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert {g["slug"] for g in data} == {"a-winter-war", "tornio-44", "winter-war"}
    ww = next(g for g in data if g["slug"] == "winter-war")
    assert (ww["publisher"], ww["year"]) == ("SPI", 1972)


@pytest.mark.parametrize("args", [("no-such-command",), ("games", "--no-such-option"), ("--bogus",),
                                  ("games", "extra"), ("map", "no-such-command"), ("map", "show"),
                                  ("map", "export", "winter-war", "-o", "x.kml", "--format", "kml"),
                                  ("map", "edit"), ("map", "edit", "winter-war", "--port", "70000")])
def test_usage_errors_exit_2(args):
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1].startswith("Error: ")


def test_toolkit_error_is_one_line_and_exit_3():
    import click

    from toolkit.cli.main import LazyGroup
    from toolkit.errors import DataFileError

    @click.group(cls=LazyGroup)
    def group():
        pass

    @group.command()
    def boom():
        raise DataFileError("unknown terrain 'forrest'", "maps/x.yaml", 12)

    proc = CliRunner().invoke(group, ["boom"], standalone_mode=True)
    assert proc.exit_code == 3
    assert proc.output.strip() == "wgt: error: maps/x.yaml line 12: unknown terrain 'forrest'"


def test_help_lists_commands():
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    assert "games" in result.output
