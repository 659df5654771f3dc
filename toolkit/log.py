"""Logging for wgt, set up when something first logs (start-up, issue 11: ``logging`` costs ~10 ms to
import, and a command that logs nothing should not pay for it).

``wgt`` calls :func:`configure` with the verbosity of ``-v``/``-q``; the standard ``logging`` module is
then configured (``wgt: LEVEL: message`` on standard error, at WARNING minus ten per ``-v``) as soon as
it is imported: at once if it already is or the verbosity is not the default, else on the first
message of a :func:`get_logger` logger.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy reads the same, without importing typing at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = ["configure", "get_logger"]

_pending: list[int] = []  # the verbosity configure() was given, until logging is set up with it


def configure(verbosity: int) -> None:
    """Set up logging for ``verbosity`` (``-v`` count minus ``-q`` count) now or when first used."""
    _pending[:] = [verbosity]
    if verbosity or "logging" in sys.modules:
        _apply()


def _apply() -> None:
    if not _pending:
        return
    import logging

    verbosity = _pending.pop()
    level = max(logging.DEBUG, min(logging.CRITICAL, logging.WARNING - 10 * verbosity))
    logging.basicConfig(level=level, format="wgt: %(levelname)s: %(message)s", stream=sys.stderr)
    logging.getLogger("toolkit").setLevel(level)


def _wanted(verbosity: int) -> bool:
    """False when a message needing ``verbosity`` would be dropped by the logging wgt is about to set up
    (so a debug message alone does not import logging); True when unsure."""
    return not (_pending and "logging" not in sys.modules and _pending[0] < verbosity)


class _Logger:
    """A stand-in for ``logging.getLogger(name)`` that imports logging on its first message."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def _logger(self) -> Any:
        import logging

        _apply()
        return logging.getLogger(self.name)

    def debug(self, msg: str, *args: Any, **kwargs: Any) -> None:
        if _wanted(2):
            self._logger().debug(msg, *args, **kwargs)

    def info(self, msg: str, *args: Any, **kwargs: Any) -> None:
        if _wanted(1):
            self._logger().info(msg, *args, **kwargs)

    def warning(self, msg: str, *args: Any, **kwargs: Any) -> None:
        self._logger().warning(msg, *args, **kwargs)

    def error(self, msg: str, *args: Any, **kwargs: Any) -> None:
        self._logger().error(msg, *args, **kwargs)


def get_logger(name: str) -> _Logger:
    """The logger ``name`` (as ``logging.getLogger``), imported and configured on its first message."""
    return _Logger(name)
