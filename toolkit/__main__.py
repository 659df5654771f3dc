"""``python -m toolkit`` is ``wgt``."""

import sys

from .cli.fast import fast

if not fast(sys.argv[1:], own_process=True):
    from .cli.main import cli

    cli(prog_name="wgt")
