"""``python -m toolkit`` is ``wgt``."""

from .cli.main import cli

cli(prog_name="wgt")
