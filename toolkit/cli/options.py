"""Options and helpers shared by the command modules."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

json_opt = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")


def echo_json(data: Any) -> None:
    """Print ``data`` as indented JSON on stdout."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False))


def verbosity() -> int:
    ctx = click.get_current_context(silent=True)
    while ctx is not None and ctx.parent is not None:
        ctx = ctx.parent
    return int((ctx.obj or {}).get("verbosity", 0)) if ctx is not None else 0


def progress(message: str) -> None:
    """A progress line on stderr, unless -q was given."""
    if verbosity() >= 0:
        click.echo(message, err=True)


def is_terminal() -> bool:
    return sys.stderr.isatty()
