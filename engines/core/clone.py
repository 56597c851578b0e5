"""A fast deep copy for pydantic game states (DESIGN.md "State serializes").

``apply`` must never touch its input, so every engine copies the state before resolving a
move, and AI search copies thousands of states a second. ``model_copy(deep=True)`` is several
times slower than this copy, which reads each model class's field types once and keeps a
copy plan per class: immutable fields (plain values, literals, frozen models such as options
and content, tuples of those) are shared; a list or dict of immutable values is copied
flat; lists, dicts and optional fields holding mutable things copy each item in turn. A
field whose type says nothing useful (``Any``, a union of mutable types) is copied by
looking at its value. Private attributes start again at their defaults (a memo cache starts
empty). Fields must hold what their types say (pydantic does not check assignments): a list
kept in a field typed as a tuple would be shared. The conformance suite proves, for every
engine, that each ``apply`` leaves its input untouched.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from copy import deepcopy
from typing import Annotated, Any, Literal, TypeVar, Union, cast, get_args, get_origin

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

M = TypeVar("M", bound=BaseModel)
Copier = Callable[[Any], Any]

_set = object.__setattr__
_PLAIN = (str, int, float, bool, type(None))
# Per model class: the fields that need copying, each with its copier.
_PLANS: dict[type[BaseModel], tuple[tuple[str, Copier], ...]] = {}


def clone(model: M) -> M:
    """A deep copy of a (non-frozen) pydantic model, sharing only immutable parts. It sets the
    same four attributes pydantic's own ``__copy__`` sets."""
    cls = model.__class__
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _plan(cls)
    fields = model.__dict__.copy()
    for name, copier in plan:
        fields[name] = copier(fields[name])
    new = cls.__new__(cls)
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    _set(new, "__pydantic_extra__", None)
    private = None if model.__pydantic_private__ is None else _fresh_private(cls)
    _set(new, "__pydantic_private__", private)
    return new


def _fresh_private(cls: type[BaseModel]) -> dict[str, Any]:
    """Private attributes at their defaults, as pydantic sets them on a new model."""
    out = {}
    for name, attr in cls.__private_attributes__.items():
        if attr.default_factory is not None:
            # Private attributes never see validated data: their factories take nothing.
            out[name] = cast(Callable[[], Any], attr.default_factory)()
        elif attr.default is not PydanticUndefined:
            out[name] = deepcopy(attr.default)
    return out


def _plan(cls: type[BaseModel]) -> tuple[tuple[str, Copier], ...]:
    plan = []
    for name, info in cls.model_fields.items():
        copier = _copier(info.annotation)
        if copier is not None:
            plan.append((name, copier))
    return tuple(plan)


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


def _copier(tp: Any) -> Copier | None:
    """How to copy a field of type ``tp``; None when it can be shared."""
    if _is_immutable(tp):
        return None
    origin = get_origin(tp)
    args = get_args(tp)
    if origin is Annotated:
        return _copier(args[0])
    if origin is list:
        item = _copier(args[0])
        return list.copy if item is None else _each_item(item)
    if origin is dict:
        value = _copier(args[1])
        return dict.copy if value is None else _each_value(value)
    if origin is set:
        return set.copy  # set members are hashable, so immutable in any game state
    if origin in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = _copier(args[0] if args[1] is type(None) else args[1])
        if inner is not None:
            return _unless_none(inner)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return clone
    return _copy_value


def _each_item(copy: Copier) -> Copier:
    return lambda v: [copy(x) for x in v]


def _each_value(copy: Copier) -> Copier:
    return lambda v: {k: copy(x) for k, x in v.items()}


def _unless_none(copy: Copier) -> Copier:
    return lambda v: None if v is None else copy(v)


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
