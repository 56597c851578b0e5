"""A fast deep copy for pydantic game states (DESIGN.md "State serializes").

``apply`` must never touch its input, so every engine copies the state before resolving a
move, and AI search copies thousands of states a second. ``model_copy(deep=True)`` is about
four times slower than this copy, which knows the shapes game states are made of: models,
lists, dicts and tuples of plain values or of further models. Frozen models (options, content)
are shared, not copied. The conformance suite proves the result is independent of its source.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
_set = object.__setattr__
_PLAIN = (str, int, float, bool, type(None))


def _copy_value(value: Any) -> Any:
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list:
        if value and type(value[0]) not in _PLAIN:
            return [_copy_value(v) for v in value]
        return value[:]
    if kind is dict:
        return {k: _copy_value(v) for k, v in value.items()}
    if kind is tuple:
        return value  # tuples of models are frozen content in every game; tuples are immutable
    if isinstance(value, BaseModel):
        return value if value.model_config.get("frozen") else clone(value)
    return value


def clone(model: M) -> M:
    """A deep copy of a (non-frozen) pydantic model, sharing only immutable parts. It sets the
    same four attributes pydantic's own ``__copy__`` sets; private attributes start empty."""
    fields = {key: _copy_value(value) for key, value in model.__dict__.items()}
    new = model.__class__.__new__(model.__class__)
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    _set(new, "__pydantic_extra__", None)
    private = model.__pydantic_private__
    _set(new, "__pydantic_private__", None if private is None else {})
    return new
