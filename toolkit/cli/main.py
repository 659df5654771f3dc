"""The ``wgt`` group: global options, lazy command loading and the one error boundary.

Exit codes (DESIGN.md): 0 ok, 1 the check found violations, 2 usage error, 3 unreadable or invalid
input. An unexpected internal failure prints one line (the traceback with ``-v``) and exits 4.
"""

from __future__ import annotations

import importlib
import logging
import sys
import traceback
from typing import Any

import click

from .. import __version__
from ..errors import ToolkitError

EXIT_OK, EXIT_VIOLATIONS, EXIT_USAGE, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3, 4

# command name -> "module:attribute" below toolkit.cli; imported only when the command runs or its
# help is shown, so `wgt --help` stays fast and one module's import error cannot break the others.
COMMANDS: dict[str, str] = {
    "demo": "demo:demo",
    "games": "games:games",
    "check": "check:check",
    "combat": "combat:combat",
    "map": "map:map_group",
    "vassal": "vassal:vassal_group",
    "build": "build:build_group",
}


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy:
            module_name, attr = self.lazy[name].split(":")
            try:
                module = importlib.import_module(f"{__package__}.{module_name}")
            except ModuleNotFoundError as exc:
                if exc.name == f"{__package__}.{module_name}":
                    return None  # not built yet: behaves as an unknown command
                raise
            return getattr(module, attr)
        return super().get_command(ctx, name)

    def main(self, *args: Any, **kwargs: Any) -> Any:  # the error boundary for every command
        kwargs.setdefault("standalone_mode", True)
        try:
            return super().main(*args, standalone_mode=False, **{k: v for k, v in kwargs.items()
                                                                   if k != "standalone_mode"})
        except ToolkitError as exc:
            click.echo(f"wgt: error: {exc}", err=True)
            sys.exit(EXIT_INPUT)
        except click.exceptions.Abort:
            click.echo("wgt: aborted", err=True)
            sys.exit(130)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except BrokenPipeError:
            sys.exit(0)
        except KeyboardInterrupt:
            click.echo("wgt: interrupted", err=True)
            sys.exit(130)
        except Exception as exc:  # a bug in wgt, not bad input
            if logging.getLogger("toolkit").isEnabledFor(logging.DEBUG):
                traceback.print_exc()
            click.echo(f"wgt: internal error: {type(exc).__name__}: {exc} (run with -v for the traceback)",
                       err=True)
            sys.exit(EXIT_INTERNAL)


@click.group(cls=LazyGroup, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="wgt", message="%(prog)s %(version)s")
@click.option("-v", "--verbose", count=True, help="More output (repeatable); -v shows tracebacks.")
@click.option("-q", "--quiet", count=True, help="Less output (repeatable).")
@click.pass_context
def cli(ctx: click.Context, verbose: int, quiet: int) -> None:
    """wargame-toolkit: map terrain data, a VASSAL rules referee, and builders for hex wargames."""
    level = logging.WARNING - 10 * (verbose - quiet)
    logging.basicConfig(level=max(logging.DEBUG, min(logging.CRITICAL, level)),
                        format="wgt: %(levelname)s: %(message)s", stream=sys.stderr)
    logging.getLogger("toolkit").setLevel(max(logging.DEBUG, min(logging.CRITICAL, level)))
    ctx.ensure_object(dict)
    ctx.obj["verbosity"] = verbose - quiet


def main() -> None:  # pragma: no cover - console entry alias
    cli()
