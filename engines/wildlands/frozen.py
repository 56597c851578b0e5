"""Frozen pydantic values of the Wildlands family, made cheaply (issue 33).

Actions, effects, program steps, figures and counters are frozen, so states may share them
(``engines.core.clone`` copies only what can change). Two helpers make such values without
the cost of building and validating each one again:

- ``shared(cls, **fields)``: the one validated instance for those fields. Lists of legal
  moves and effect queues hand out the same object for the same move or effect in every
  state; the distinct values are bounded by the content (cards, characters, spaces).
- ``replaced(model, **changes)``: a changed copy, as ``model_copy(update=...)`` makes it
  (values trusted, not validated) at a third of its cost; the rules replace a figure on
  every move and hit.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
_set = object.__setattr__


@cache
def shared(cls: type[M], **fields: Any) -> M:
    """The one validated instance of ``cls(**fields)`` (``cls`` frozen, fields hashable)."""
    return cls(**fields)


def replaced(model: M, **changes: Any) -> M:
    """A copy of the frozen ``model`` with ``changes``."""
    cls = model.__class__
    new = cls.__new__(cls)
    fields = model.__dict__.copy()
    fields.update(changes)
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_fields_set__", model.__pydantic_fields_set__ | changes.keys())
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new
