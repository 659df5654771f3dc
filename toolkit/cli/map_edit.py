"""``wgt map edit MAP [--image SCAN --grid GRID] [--port N] [--no-browser]``: the browser terrain editor.

A server on 127.0.0.1 only (:mod:`toolkit.editor.server`) serves one page that draws the map over the
scan; saving writes the map file through the same writer as ``wgt map set`` (atomic, only the edited
lines change, refused when the file changed on disk since it was opened).
"""

from __future__ import annotations

import signal
import sys
import webbrowser

import click

from ..errors import InputError

__all__ = ["edit"]


@click.command("edit")
@click.argument("map_arg", metavar="MAP")
@click.option("--image", type=click.Path(), help="The scan to draw the map over (PNG or JPEG).")
@click.option("--grid", "grid_file", metavar="GRID",
              help="The scan's calibration: a grid file from 'wgt map calibrate' or a map file (default: the map's).")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="Port on 127.0.0.1 (0: any free port).")
@click.option("--no-browser", is_flag=True, help="Print the address instead of opening a browser.")
def edit(map_arg: str, image: str | None, grid_file: str | None, port: int, no_browser: bool) -> None:
    """Edit a map's terrain in the browser: paint terrain, toggle hexside features, name and tag hexes,
    step through the extractor's low-confidence hexes; Ctrl-C stops the server."""
    from ..data import resolve_map
    from ..editor.server import EditorServer

    path = resolve_map(map_arg)
    grid = None
    if grid_file is not None:
        if image is None:
            raise InputError("--grid calibrates a scan: give --image too")
        from .map_scan import _grid_from_file

        grid = _grid_from_file(grid_file)
        if grid.layout is None:
            raise InputError(f"{grid_file} has no calibration (run 'wgt map calibrate' on the scan first)")
    try:
        server = EditorServer(path, grid=grid, image=image, port=port)
    except OSError as exc:
        raise InputError(f"cannot listen on 127.0.0.1 port {port}: {exc.strerror or exc}") from None
    click.echo(f"editing {path} at {server.url}", err=True)
    click.echo("  (only this computer can connect; Ctrl-C stops)", err=True)
    if not no_browser and sys.stdout.isatty() and sys.stdin.isatty():
        webbrowser.open(server.url)
    # Ctrl-C (and a polite kill) stop the server and report the saves, even where the shell started us with
    # SIGINT ignored (a background job of a script does that): the documented way to stop must work
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        click.echo(f"stopped; {server.saves} saves to {path}", err=True)
    finally:
        server.server_close()
