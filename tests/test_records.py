"""``@record`` (toolkit.records) behaves as ``@dataclass`` of the same options: each class shape below is
made both ways and the two compared on construction, errors, repr, equality, hash, frozenness, pickling,
copying and the ``dataclasses`` functions."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import KW_ONLY, dataclass, field
from typing import Any, ClassVar

import pytest

from toolkit.records import record


def _pair(decorate: Any) -> tuple[type, type]:
    """The same class body made by ``@dataclass`` and by ``@record`` (``decorate(deco)`` builds it)."""
    return decorate(dataclass), decorate(record)


def frozen_plain(deco: Any) -> type:
    @deco(frozen=True)
    class FrozenPlain:
        """Doc."""

        a: int
        b: str = "x"
        c: dict[str, int] = field(default_factory=dict)
        k: ClassVar[int] = 7

    return FrozenPlain


def mutable(deco: Any) -> type:
    @deco
    class Mutable:
        a: int
        items: list[int] = field(default_factory=list)
        hidden: int = field(default=5, repr=False, compare=False)

    return Mutable


def slotted(deco: Any) -> type:
    @deco(frozen=True, slots=True)
    class Slotted:
        """Slotted."""

        x: float
        y: float = 0.0
        tags: frozenset[str] = frozenset()

        def __post_init__(self) -> None:
            object.__setattr__(self, "x", float(self.x))

    return Slotted


def keyword_only(deco: Any) -> type:
    @deco(frozen=True, kw_only=True)
    class Base:
        what: str = "a value"
        error: str = ""

    @deco(frozen=True)
    class Derived(Base):
        item: int = 0
        _: KW_ONLY
        least: int = 1

    return Derived


def no_init_field(deco: Any) -> type:
    @deco(frozen=True)
    class Derived:
        """Derived."""

        labels: tuple[str, ...]
        upper: tuple[str, ...] = field(init=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "upper", tuple(s.upper() for s in self.labels))

    return Derived


def own_hash(deco: Any) -> type:
    @deco
    class OwnHash:
        """Own hash."""

        a: int

        def __hash__(self) -> int:
            return 42

    return OwnHash


SHAPES = [frozen_plain, mutable, slotted, keyword_only, no_init_field, own_hash]
CALLS: dict[Any, list[tuple[tuple[Any, ...], dict[str, Any]]]] = {
    frozen_plain: [((1,), {}), ((1, "y"), {}), ((1,), {"c": {"q": 1}}), ((), {"a": 2, "b": "z"})],
    mutable: [((1,), {}), ((1, [2]), {}), ((1,), {"hidden": 9})],
    slotted: [((1,), {}), ((1, 2), {"tags": frozenset({"a"})}), ((), {"x": 3, "y": 4})],
    keyword_only: [((), {}), ((3,), {"least": 2, "what": "w"})],
    no_init_field: [((("a", "b"),), {}), ((), {"labels": ()})],
    own_hash: [((1,), {})],
}
BAD_CALLS: dict[Any, list[tuple[tuple[Any, ...], dict[str, Any]]]] = {
    frozen_plain: [((), {}), ((1, "y", {}, 4), {}), ((1,), {"a": 2}), ((1,), {"zz": 2}), ((), {"b": "x"})],
    mutable: [((), {})],
    slotted: [((), {"y": 1})],
    keyword_only: [((1, 2), {}), ((1, 2), {"least": 3}), ((), {"nope": 1})],
    no_init_field: [((), {}), ((("a",),), {"upper": ()})],
    own_hash: [((), {}), ((1, 2), {})],
}


def _hash(obj: Any) -> Any:
    try:
        return hash(obj)
    except TypeError as exc:
        return str(exc)


def _state(obj: Any) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.__name__)
def test_record_behaves_as_dataclass(shape: Any):
    dc, rec = _pair(shape)
    assert rec.__doc__ == dc.__doc__
    assert rec.__match_args__ == dc.__match_args__
    assert [(f.name, f.default, f.init, f.kw_only) for f in dataclasses.fields(rec)] == \
        [(f.name, f.default, f.init, f.kw_only) for f in dataclasses.fields(dc)]
    assert dataclasses.is_dataclass(rec)
    assert (rec.__hash__ is None) == (dc.__hash__ is None)
    assert rec.__dict__.get("__slots__") == dc.__dict__.get("__slots__")
    for args, kwargs in CALLS[shape]:
        a, b = dc(*args, **kwargs), rec(*args, **kwargs)
        assert _state(b) == _state(a)
        assert repr(b) == repr(a).replace(dc.__qualname__, rec.__qualname__)
        assert b == rec(*args, **kwargs) and b != a  # another class: never equal
        if dc.__hash__ is not None:
            assert _hash(b) == _hash(a)
        assert dataclasses.asdict(b) == dataclasses.asdict(a)
        assert _state(dataclasses.replace(b)) == _state(dataclasses.replace(a))
        if dc.__dataclass_params__.frozen:
            name = dataclasses.fields(dc)[0].name
            with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot assign to field '{name}'"):
                setattr(b, name, 1)
            with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{name}'"):
                delattr(b, name)
        assert _state(copy.deepcopy(b)) == _state(b)
        assert copy.copy(b) == b
    for args, kwargs in BAD_CALLS[shape]:
        with pytest.raises(TypeError) as want:
            dc(*args, **kwargs)
        with pytest.raises(TypeError) as got:
            rec(*args, **kwargs)
        assert str(got.value) == str(want.value).replace(dc.__qualname__, rec.__qualname__)


def test_record_instances_pickle_as_dataclasses_do():
    b = SlottedRecord(1, 2.5, frozenset({"x"}))
    again = pickle.loads(pickle.dumps(b))
    assert again == b and type(again) is SlottedRecord
    assert b.__getstate__() == [1.0, 2.5, frozenset({"x"})]
    m = MutableRecord(3)
    assert pickle.loads(pickle.dumps(m)) == m


def test_recursive_repr_and_mutable_equality():
    m = MutableRecord(1)
    m.items.append(m)  # type: ignore[arg-type]
    assert repr(m) == "MutableRecord(a=1, items=[...], hidden=5)"
    assert MutableRecord(1, hidden=1) == MutableRecord(1, hidden=2)  # compare=False
    with pytest.raises(TypeError, match="unhashable"):
        hash(MutableRecord(1))


def test_non_default_after_default_is_refused_as_dataclasses_refuse_it():
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        @record
        class Bad:
            a: int = 0
            b: int  # type: ignore[misc]


@record(frozen=True, slots=True)
class SlottedRecord:
    x: float
    y: float = 0.0
    tags: frozenset[str] = frozenset()


@record
class MutableRecord:
    a: int
    items: list[Any] = field(default_factory=list)
    hidden: int = field(default=5, compare=False)
