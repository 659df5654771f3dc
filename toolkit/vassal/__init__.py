"""VASSAL files: saves, logs and modules, read and written exactly (``reference/vassal-formats.md`` §2-§3).

Main entry points::

    from toolkit.vassal import read_save, Module, locate, replay

    save = read_save("game.vsav")             # SaveFile: command tree, key, metadata entries
    save.saved_game_bytes()                   # the savedGame entry again, byte for byte
    module = Module.open("game.vmod")         # maps, boards, grids, piece slots, prototypes
    for piece in locate(save, module):        # PlacedPiece: map, x, y, board, location, stack, name, side
        ...                                   # (names use the save's global property values; pass
                                              #  saved_properties=False for the module's initial ones)
    for step in replay(read_save("game.vlog"), module):  # the position after every logged step
        step.pieces()

Writing: :func:`toolkit.vassal.writer.new_save` (a set-up of palette pieces on named hexes, with the
metadata entries VASSAL expects), :mod:`toolkit.vassal.buildfile` (VASSAL-identical ``buildFile.xml``,
deterministic ``.vmod`` zips, a minimal module tree). Low level: :mod:`~toolkit.vassal.codec`
(obfuscation, SequenceEncoder), :mod:`~toolkit.vassal.commands` (the command grammar),
:mod:`~toolkit.vassal.traits` (trait chains), :mod:`~toolkit.vassal.archive` (bounded zip access),
:mod:`~toolkit.vassal.properties` (piece properties and names as VASSAL evaluates them) and
:mod:`~toolkit.vassal.expression` (``$property$`` formats and the BeanShell subset names use).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy reads the same, without importing typing at run time
if TYPE_CHECKING:
    from typing import Any

    from .module import Module
    from .position import PlacedPiece, Position, locate, replay
    from .save import SaveFile, read_save

__all__ = ["Module", "PlacedPiece", "Position", "SaveFile", "locate", "read_save", "replay"]

_WHERE = {"Module": "module", "PlacedPiece": "position", "Position": "position", "locate": "position",
          "replay": "position", "SaveFile": "save", "read_save": "save"}


def __getattr__(name: str) -> Any:
    """The names above, imported on first use: reading a save's commands (a game's naming) does not
    import lxml and the module reader."""
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = f"{__name__}.{_WHERE[name]}"
    __import__(module)  # importlib.import_module without importing importlib (and warnings) for it
    value = getattr(sys.modules[module], name)
    globals()[name] = value
    return value
