"""Plain record classes: what ``@dataclass`` gives (equality and repr by the fields), written out once.

The classes a save is decoded into (commands, pieces, positions) were dataclasses; importing the
dataclasses module (with inspect, ast, dis, tokenize) and compiling the ``__init__``/``__eq__``/``__repr__``
it generates for each class cost a ``wgt vassal dump`` more than a tenth of its start-up. Unlike
:func:`toolkit.records.record` (which still asks :mod:`dataclasses` for the fields), these base classes import
nothing: for the few classes on the path of ``wgt vassal dump SAVE --json``, whose subclasses write their
own ``__init__`` (a save's pieces are made in bulk). A subclass writes
its own ``__init__`` and names its fields in ``_fields`` (compared, in order) and ``_shown`` (in the repr,
``_fields`` when not given).
"""

from __future__ import annotations

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy reads the same, without importing typing at run time
if TYPE_CHECKING:
    from typing import ClassVar


__all__ = ["FrozenRecord", "Record"]


class Record:
    """Equality (same class, equal fields) and ``Name(field=value, ...)`` repr; unhashable, as a dataclass
    with ``eq=True`` is."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _shown: ClassVar[tuple[str, ...] | None] = None

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self._fields)

    def __repr__(self) -> str:
        shown = self._fields if self._shown is None else self._shown
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in shown)})"

    __hash__ = None  # type: ignore[assignment]


class FrozenRecord(Record):
    """A frozen record (``@dataclass(frozen=True)``): hashable by its fields, which cannot be assigned
    after ``__init__`` (which sets them with ``object.__setattr__``)."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(getattr(self, n) for n in self._fields))
