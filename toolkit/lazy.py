"""Package attributes imported on first use (start-up: a package's ``__init__`` then loads none of its
modules until one of their names is asked for)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy reads the same, without importing typing at run time
if TYPE_CHECKING:
    from typing import Any

__all__ = ["lazy_attributes", "pattern"]


def lazy_attributes(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` giving each name of ``where`` (name -> submodule) from its
    submodule, imported when the name is first asked for (then kept as a plain attribute)."""

    def __getattr__(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = f"{package}.{where[name]}"
        __import__(module)  # importlib.import_module without importing importlib (and warnings) for it
        value = getattr(sys.modules[module], name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__


def pattern(source: str | bytes) -> Callable[[], Any]:
    """A function giving ``re.compile(source)``, compiled (and ``re`` imported: with enum, ~2 ms) on its first
    call: a module whose pattern most runs never use pays nothing for it at import. Flags go inline
    (``(?i)``, ``(?x)``)."""
    compiled: list[Any] = []

    def get() -> Any:
        if not compiled:
            import re

            compiled.append(re.compile(source))
        return compiled[0]

    return get
