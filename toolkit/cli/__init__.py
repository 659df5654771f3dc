"""The ``wgt`` command line: a click group with one module per command group (see ``main.py``)."""
