"""The toolkit's exceptions.

Every error the toolkit raises on bad input is a :class:`ToolkitError`. Messages are lower-case,
one line, and name the bad input and where it came from (file, line, value), so the command line can
print them as they are: ``wgt: error: maps/x.yaml line 12: unknown terrain 'forrest'``.
"""

from __future__ import annotations

import re
from os import PathLike

__all__ = [
    "ArchiveError",
    "DataFileError",
    "GridError",
    "HexIdError",
    "ImageError",
    "InputError",
    "RuleDataError",
    "ToolkitError",
    "VassalFormatError",
]


class ToolkitError(Exception):
    """Base of every error the toolkit raises for bad input or an impossible request."""


class InputError(ToolkitError, ValueError):
    """A value given by the user (an argument, an option) is not acceptable."""


_LINE_PREFIX = re.compile(r"line (\d+): ")


class DataFileError(ToolkitError, ValueError):
    """A data file (map, counters, position, legend, grid) is malformed or inconsistent.

    ``source`` is the file (or a description of the stream), ``line`` the 1-based line when known.
    """

    def __init__(self, message: str, source: str | PathLike[str] | None = None, line: int | None = None):
        if line is None:  # a message written as "line N: ..." reads as every other: "<source> line N: ..."
            m = _LINE_PREFIX.match(message)
            if m:
                line, message = int(m.group(1)), message[m.end():]
        self.message = message
        self.source = None if source is None else str(source)
        self.line = line
        where = ""
        if self.source is not None:
            where = self.source + (f" line {line}" if line is not None else "") + ": "
        elif line is not None:
            where = f"line {line}: "
        super().__init__(where + message)

    @classmethod
    def from_yaml(cls, exc: Exception, source: str | PathLike[str] | None = None) -> DataFileError:
        """The one-line error for a PyYAML error ``exc`` in ``source``: ``not valid yaml: <problem>``
        with the line of the problem when PyYAML knows it (PyYAML's own text runs over several lines)."""
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or getattr(exc, "context", None)
        if not isinstance(problem, str) or not problem.strip():
            problem = str(exc) or "syntax error"
        problem = problem.strip().splitlines()[0]
        return cls(f"not valid yaml: {problem}", source, mark.line + 1 if mark is not None else None)


class GridError(ToolkitError, ValueError):
    """A grid definition is impossible (zero spacing, a degenerate calibration, ...)."""


class HexIdError(GridError, KeyError):
    """A hex id that does not parse under the grid's numbering, or is not on the map."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class ImageError(ToolkitError):
    """An image that cannot be read (missing, truncated, not an image, too large)."""


class ArchiveError(ToolkitError):
    """A zip archive (.vmod, .vsav, .vlog) that is corrupt, hostile or not what it claims to be."""


class VassalFormatError(ToolkitError, ValueError):
    """VASSAL data (a save, a log, a command, a trait, a buildFile) that does not decode."""


class RuleDataError(ToolkitError, ValueError):
    """Game data the rules need is missing or inconsistent (an unknown counter, a phase, ...)."""
