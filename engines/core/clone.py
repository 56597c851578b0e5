"""A fast deep copy for pydantic game states (DESIGN.md "State serializes").

``apply`` must never touch its input, so every engine copies the state before resolving a
move, and AI search copies thousands of states a second. ``model_copy(deep=True)`` is several
times slower than this copy, which reads each model class's field types once and writes a
copy function for the class (Python source, compiled once): immutable fields (plain values,
literals, frozen models such as options and content, tuples of those) are shared; a list,
dict or set of immutable values is copied flat; lists, dicts and optional fields holding
mutable things copy each item in turn, a nested model through its own class's function. A
field whose type says nothing useful (``Any``, a union of mutable types) is copied by
looking at its value. Private attributes start again at their defaults (a memo cache starts
empty). Fields must hold what their types say (pydantic does not check assignments): a list
kept in a field typed as a tuple would be shared. The conformance suite proves, for every
engine, that each ``apply`` leaves its input untouched.

A written function is one statement per field that needs copying, with no call per field
beyond the copy itself: a per-field copier called through a loop cost more than the copies
(issue 33: copying was a quarter to a third of every ``apply``).
"""

from __future__ import annotations

import types
from collections.abc import Callable
from copy import deepcopy
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from engines.core.trusted import SET_DICT, SET_EXTRA, SET_FIELDS_SET, SET_PRIVATE

M = TypeVar("M", bound=BaseModel)
Copier = Callable[[Any], Any]

_PLAIN = (str, int, float, bool, type(None))
# Per model class: its copy function.
_COPIERS: dict[type[BaseModel], Copier] = {}
# Classes whose function is being written: a model nested in itself copies through
# ``clone``, since its own function does not exist yet.
_WRITING: set[type[BaseModel]] = set()


def clone(model: M) -> M:
    """A deep copy of a (non-frozen) pydantic model, sharing only immutable parts."""
    copy = _COPIERS.get(model.__class__)
    if copy is None:
        copy = _copier_for(model.__class__)
    new: M = copy(model)
    return new


def copier_source(cls: type[BaseModel]) -> str:
    """The source of ``cls``'s copy function, as written (for reading and tests)."""
    return _Writer(cls).source()


def _copier_for(cls: type[BaseModel]) -> Copier:
    copy = _COPIERS.get(cls)
    if copy is None:
        _WRITING.add(cls)
        try:
            copy = _COPIERS[cls] = _Writer(cls).compile()
        finally:
            _WRITING.discard(cls)
    return copy


def _is_immutable(tp: Any) -> bool:
    """True when every value of type ``tp`` is immutable, so copies may share it."""
    if tp in _PLAIN or tp is type(None):
        return True
    origin = get_origin(tp)
    if origin is Annotated:
        return _is_immutable(get_args(tp)[0])
    if origin is Literal:
        return True
    if origin in (Union, types.UnionType, tuple, frozenset):
        return all(_is_immutable(arg) for arg in get_args(tp) if arg is not Ellipsis)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return bool(tp.model_config.get("frozen"))
    return False


class _Writer:
    """Writes one model class's copy function: the source, and the names it reads."""

    def __init__(self, cls: type[BaseModel]) -> None:
        self.cls = cls
        self.names: dict[str, Any] = {
            "_new": object.__new__,
            "_cls": cls,
            # The four slots pydantic's own ``__copy__`` sets.
            "_set_dict": SET_DICT,
            "_set_fields_set": SET_FIELDS_SET,
            "_set_extra": SET_EXTRA,
            "_set_private": SET_PRIVATE,
            "_clone": clone,
            "_copy_value": _copy_value,
            "_deepcopy": deepcopy,
        }

    def source(self) -> str:
        lines = ["def copy(model):", "    d = model.__dict__", "    n = d.copy()"]
        for name, info in self.cls.model_fields.items():
            expr = self.expr(info.annotation, f"d[{name!r}]", 0)
            if expr is not None:
                lines.append(f"    n[{name!r}] = {expr}")
        lines += [
            "    new = _new(_cls)",
            "    _set_dict(new, n)",
            "    _set_fields_set(new, model.__pydantic_fields_set__.copy())",
            "    _set_extra(new, None)",
            "    p = model.__pydantic_private__",
            f"    _set_private(new, None if p is None else {self.private()})",
            "    return new",
        ]
        return "\n".join(lines) + "\n"

    def compile(self) -> Copier:
        source = self.source()
        exec(compile(source, f"<clone of {self.cls.__qualname__}>", "exec"), self.names)
        copy: Copier = self.names["copy"]
        return copy

    def name(self, value: Any) -> str:
        """A name the function reads ``value`` by."""
        key = f"_v{len(self.names)}"
        self.names[key] = value
        return key

    def private(self) -> str:
        """A fresh dict of private attributes at their defaults, as pydantic sets them on a
        new model (private attributes never see validated data: factories take nothing)."""
        items = []
        for name, attr in self.cls.__private_attributes__.items():
            default: Any = attr.default
            if attr.default_factory is not None:
                items.append(f"{name!r}: {self.name(attr.default_factory)}()")
            elif default is PydanticUndefined:
                continue
            elif type(default) in _PLAIN:  # immutable: shared, as a deep copy would
                items.append(f"{name!r}: {self.name(default)}")
            else:
                items.append(f"{name!r}: _deepcopy({self.name(default)})")
        return "{" + ", ".join(items) + "}"

    def expr(self, tp: Any, v: str, depth: int) -> str | None:
        """An expression copying ``v``, a value of type ``tp``; None when it can be shared.
        ``v`` is a name or a dict lookup, cheap to read twice."""
        if _is_immutable(tp):
            return None
        origin = get_origin(tp)
        args = get_args(tp)
        if origin is Annotated:
            return self.expr(args[0], v, depth)
        if origin is list:
            x = f"x{depth}"
            item = self.expr(args[0], x, depth + 1)
            return f"{v}.copy()" if item is None else f"[{item} for {x} in {v}]"
        if origin is dict:
            k, x = f"k{depth}", f"x{depth}"
            value = self.expr(args[1], x, depth + 1)
            return (
                f"{v}.copy()" if value is None else f"{{{k}: {value} for {k}, {x} in {v}.items()}}"
            )
        if origin is set:
            return f"{v}.copy()"  # set members are hashable, so immutable in any game state
        if origin in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
            inner = self.expr(args[0] if args[1] is type(None) else args[1], v, depth)
            if inner is not None:
                return f"(None if {v} is None else {inner})"
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            if tp in _WRITING:
                return f"_clone({v})"
            # A subclass's value has fields of its own: it goes through its own function.
            own, copy = self.name(tp), self.name(_copier_for(tp))
            return f"({copy}({v}) if {v}.__class__ is {own} else _clone({v}))"
        return f"_copy_value({v})"


def _copy_value(value: Any) -> Any:
    """The copy of a value whose declared type does not say its shape."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list:
        return [_copy_value(v) for v in value]
    if kind is dict:
        return {k: _copy_value(v) for k, v in value.items()}
    if kind is tuple:
        return tuple(_copy_value(v) for v in value)
    if kind is set:
        return value.copy()
    if isinstance(value, BaseModel):
        return value if value.model_config.get("frozen") else clone(value)
    return value
