"""``python -m toolkit`` is ``wgt``."""

import sys

from .cli.fast import fast

if not fast(sys.argv[1:]):
    from .cli.main import cli

    cli(prog_name="wgt")
