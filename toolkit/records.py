"""``@record``: a data class as ``@dataclass`` makes it, without its start-up cost (issue 11 item 7).

``@dataclass`` writes the source text of each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``
and (frozen) ``__setattr__``/``__delattr__`` and compiles it when the class is created: about 3M
instructions (0.5-0.9 ms) a class, every time the module is imported, so a fifth of ``wgt check``'s CPU went
to the ~50 data classes on its path. ``@record`` lets :mod:`dataclasses` find the fields (inheritance,
``ClassVar``, ``KW_ONLY``, ``field(...)``: cheap) and gives the class the same methods as closures over the
field names, with nothing compiled.

The result behaves as the ``@dataclass`` of the same options: same ``__init__`` parameters (positional,
keyword-only, defaults, ``default_factory``, ``init=False`` fields, ``__post_init__``), ``repr``,
equality (same class and equal field tuples) and hash (of that tuple; ``None`` for a mutable class),
frozen assignment raising :class:`dataclasses.FrozenInstanceError`, slots (pickled as dataclasses pickles
them), ``__match_args__``; :func:`dataclasses.fields`, :func:`~dataclasses.replace`,
:func:`~dataclasses.asdict` and :func:`~dataclasses.is_dataclass` work on it. A method the class body
defines is kept, as ``@dataclass`` keeps it. What differs: ``__dataclass_params__`` says
``init/repr/eq=False`` (the methods are not dataclasses' own), ``__init__`` takes ``*args, **kwargs``
(its ``inspect.signature`` does not list the fields), and a hierarchy of frozen classes must be all
``@record`` or all ``@dataclass``. Options are ``frozen``, ``kw_only`` and ``slots``; ``InitVar`` is not
supported. An ``__init__`` is a few times slower than a generated one: a class made in bulk can define its
own ``__init__`` (the body's methods are kept).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

__all__ = ["record"]

T = TypeVar("T")

# how __init__ gets a field's value
_REQUIRED, _DEFAULT, _FACTORY, _SET_FACTORY, _SET_DEFAULT = range(5)


@overload
def record(cls: type[T], /) -> type[T]: ...


@overload
def record(*, frozen: bool = False, kw_only: bool = False, slots: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: type[T] | None = None, /, *, frozen: bool = False, kw_only: bool = False,
           slots: bool = False) -> type[T] | Callable[[type[T]], type[T]]:
    """The class as ``@dataclass(frozen=..., kw_only=..., slots=...)`` would make it (module docstring)."""

    def wrap(c: type[T]) -> type[T]:
        return _process(c, frozen, kw_only, slots)

    return wrap if cls is None else wrap(cls)


def _set_new(cls: type, name: str, fn: Any, *, own: bool = True) -> bool:
    """Set a method unless the class body defined it (True if it did, as dataclasses' helper answers);
    ``own``: the function was made for this class (it takes the class's qualified name)."""
    if name in cls.__dict__:
        return True
    if own:
        fn.__qualname__ = f"{cls.__qualname__}.{name}"
    setattr(cls, name, fn)
    return False


def _process(cls: Any, frozen: bool, kw_only: bool, slots: bool) -> Any:
    class_hash = cls.__dict__.get("__hash__", MISSING)
    has_explicit_hash = not (class_hash is MISSING or (class_hash is None and "__eq__" in cls.__dict__))
    undocumented = not cls.__doc__
    if undocumented:  # written below, as dataclasses writes it (it would ask inspect for a signature)
        cls.__doc__ = cls.__name__
    # dataclasses finds the fields and sets defaults, __match_args__ and slots; it compiles nothing
    cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False, kw_only=kw_only, slots=slots)
    flds = dataclasses.fields(cls)
    if any(f not in flds and "InitVar" in str(f.type) for f in cls.__dataclass_fields__.values()):
        raise TypeError(f"{cls.__qualname__}: @record does not support InitVar fields")
    names = tuple(f.name for f in flds)
    if undocumented:
        cls.__doc__ = cls.__name__ + _signature_text(flds)
    _set_new(cls, "__init__", _init_fn(cls, flds, frozen, slots))
    _set_new(cls, "__repr__", _repr_fn(tuple(f.name for f in flds if f.repr)))
    compared = _tuple_getter(tuple(f.name for f in flds if f.compare))
    _set_new(cls, "__eq__", _eq_fn(compared))
    if frozen:
        for name, fn in _frozen_fns(cls, names).items():
            if _set_new(cls, name, fn):
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
        if slots:  # pickling a frozen slotted class (its fields' values as a list, as dataclasses does)
            _set_new(cls, "__getstate__", _getstate, own=False)
            _set_new(cls, "__setstate__", _setstate, own=False)
    if not has_explicit_hash:  # eq=True: frozen hashes its fields, mutable is unhashable (dataclasses' table)
        if frozen:
            hashed = _tuple_getter(tuple(f.name for f in flds if (f.compare if f.hash is None else f.hash)))
            hash_fn = _hash_fn(hashed)
            hash_fn.__qualname__ = f"{cls.__qualname__}.__hash__"
            cls.__hash__ = hash_fn
        else:
            cls.__hash__ = None
    return cls


def _signature_text(flds: tuple[dataclasses.Field[Any], ...]) -> str:
    """``(a: 'int', b: 'str' = 'x', *, c: 'list' = <factory>)``: the generated ``__init__``'s signature as
    ``str(inspect.signature(cls))`` gives it (the docstring of a class without one)."""
    def param(f: dataclasses.Field[Any]) -> str:
        t = f.type
        note = (repr(t) if isinstance(t, str) else t.__name__ if isinstance(t, type) and t.__module__ == "builtins"
                else f"{t.__module__}.{t.__qualname__}" if isinstance(t, type) else repr(t))
        default = ("" if f.default is MISSING and f.default_factory is MISSING
                   else " = <factory>" if f.default is MISSING else f" = {f.default!r}")
        return f"{f.name}: {note}{default}"

    init = [f for f in flds if f.init]
    parts = [param(f) for f in init if not f.kw_only]
    keyword = [param(f) for f in init if f.kw_only]
    if keyword:
        parts += ["*", *keyword]
    return f"({', '.join(parts)})"


def _tuple_getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """``obj -> (obj.a, obj.b, ...)``, a tuple whatever the number of names."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names)


def _init_fn(cls: Any, flds: tuple[dataclasses.Field[Any], ...], frozen: bool, slots: bool) -> Callable[..., None]:
    qualname = cls.__qualname__
    positional = [f.name for f in flds if f.init and not f.kw_only]
    keyword = [f.name for f in flds if f.init and f.kw_only]
    accepted = frozenset(positional + keyword)
    seen_default = False
    for f in flds:  # as dataclasses checks it
        if f.init and not f.kw_only:
            if not (f.default is MISSING and f.default_factory is MISSING):
                seen_default = True
            elif seen_default:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
    plan: list[tuple[str, int, Any]] = []
    for f in flds:
        if f.init:
            if f.default_factory is not MISSING:
                plan.append((f.name, _FACTORY, f.default_factory))
            elif f.default is not MISSING:
                plan.append((f.name, _DEFAULT, f.default))
            else:
                plan.append((f.name, _REQUIRED, None))
        elif f.default_factory is not MISSING:
            plan.append((f.name, _SET_FACTORY, f.default_factory))
        elif slots and f.default is not MISSING:
            plan.append((f.name, _SET_DEFAULT, f.default))
        # else: not set here; the class attribute (the default) is read, as with dataclasses
    npos = len(positional)
    least = sum(1 for name, how, _ in plan if how == _REQUIRED and name in positional)
    put = object.__setattr__ if frozen else setattr
    post_init = hasattr(cls, "__post_init__")
    # all fields given by position, in order: stored as they come. Fields are always set one by one
    # (setattr, or object.__setattr__ when frozen) as the generated __init__ does: filling the instance's
    # __dict__ in one step would make it a plain dict and every attribute read of the instance slower
    plain = len(plan) == npos and all(how in (_REQUIRED, _DEFAULT) for _, how, _ in plan)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if plain and not kwargs and len(args) == npos:
            for name, value in zip(positional, args):
                put(self, name, value)
            if post_init:
                self.__post_init__()
            return
        if len(args) > npos:
            raise _too_many(qualname, npos, least, len(args), sum(1 for k in keyword if k in kwargs))
        values = dict(zip(positional, args))
        for key, value in kwargs.items():
            if key not in accepted:
                raise TypeError(f"{qualname}.__init__() got an unexpected keyword argument {key!r}")
            if key in values:
                raise TypeError(f"{qualname}.__init__() got multiple values for argument {key!r}")
            values[key] = value
        fill: dict[str, Any] = {}
        for name, how, default in plan:
            if how == _REQUIRED:
                if name not in values:
                    raise _missing(qualname, positional, keyword, values, plan)
                fill[name] = values[name]
            elif how == _DEFAULT:
                fill[name] = values.get(name, default)
            elif how == _FACTORY:
                fill[name] = values[name] if name in values else default()
            elif how == _SET_FACTORY:
                fill[name] = default()
            else:
                fill[name] = default
        for name, value in fill.items():
            put(self, name, value)
        if post_init:
            self.__post_init__()

    return __init__


def _too_many(qualname: str, npos: int, least: int, given: int, kwonly_given: int) -> TypeError:
    """The TypeError Python raises for too many positional arguments (``self`` counted, as there)."""
    sig = f"from {least + 1} to {npos + 1}" if least < npos else f"{npos + 1}"
    plural = "s" if least < npos or npos + 1 != 1 else ""
    extra = (f" positional argument{'s' if given + 1 != 1 else ''} (and {kwonly_given} keyword-only "
             f"argument{'s' if kwonly_given != 1 else ''})" if kwonly_given else "")
    verb = "was" if given + 1 == 1 and not kwonly_given else "were"
    return TypeError(f"{qualname}.__init__() takes {sig} positional argument{plural} "
                     f"but {given + 1}{extra} {verb} given")


def _missing(qualname: str, positional: list[str], keyword: list[str], values: dict[str, Any],
             plan: list[tuple[str, int, Any]]) -> TypeError:
    """The TypeError Python raises for missing arguments (positional ones first)."""
    required = {name for name, how, _ in plan if how == _REQUIRED and name not in values}
    for kind, names in (("positional", positional), ("keyword-only", keyword)):
        lacking = [repr(n) for n in names if n in required]
        if lacking:
            listed = (lacking[0] if len(lacking) == 1 else f"{lacking[0]} and {lacking[1]}" if len(lacking) == 2
                      else ", ".join(lacking[:-1]) + f", and {lacking[-1]}")
            plural = "s" if len(lacking) > 1 else ""
            return TypeError(f"{qualname}.__init__() missing {len(lacking)} required {kind} argument{plural}: {listed}")
    return TypeError(f"{qualname}.__init__() missing a required argument")  # pragma: no cover


def _repr_fn(names: tuple[str, ...]) -> Callable[[Any], str]:
    running: set[int] = set()

    def __repr__(self: Any) -> str:
        key = id(self)
        if key in running:  # a record that holds itself: "...", as dataclasses' recursive_repr writes it
            return "..."
        running.add(key)
        try:
            return f"{self.__class__.__qualname__}({', '.join([f'{n}={getattr(self, n)!r}' for n in names])})"
        finally:
            running.discard(key)

    return __repr__


def _eq_fn(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hash_fn(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(values(self))

    return __hash__


def _frozen_fns(cls: Any, names: tuple[str, ...]) -> dict[str, Callable[..., None]]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return {"__setattr__": __setattr__, "__delattr__": __delattr__}


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(dataclasses.fields(self), state):
        object.__setattr__(self, f.name, value)
