"""Pydantic models made from values the rules computed themselves (issue 33).

Validation is for what comes from outside (a stored game, a typed option). Inside a move
the rules build and change small models many times (a task, a die, a figure that takes a
hit), from values already of their declared types, so the games build them as pydantic's
own ``__copy__`` does: a new object with its four slots set, no field validated again.

- ``trusted(cls, **fields)``: a model of ``cls`` holding ``fields`` as they are (every
  field given).
- ``replaced(model, **changes)``: a copy of ``model`` with ``changes``, as
  ``model.model_copy(update=changes)`` makes it; for frozen parts of a state, which copies
  of the state share (``engines.core.clone``) and the rules replace rather than change.

None of them gives the model private attributes or extra fields: they are for models that
have neither.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

# The slots every model has, set through their descriptors (``object.__setattr__`` would
# look each name up first); ``engines.core.clone`` sets them the same way.
_SLOTS = vars(BaseModel)
SET_DICT = _SLOTS["__dict__"].__set__
SET_FIELDS_SET = _SLOTS["__pydantic_fields_set__"].__set__
SET_EXTRA = _SLOTS["__pydantic_extra__"].__set__
SET_PRIVATE = _SLOTS["__pydantic_private__"].__set__
_new = object.__new__


def trusted(cls: type[M], /, **fields: Any) -> M:
    """A model of ``cls`` holding ``fields``, each of them set (as a validated model with
    every field given has them)."""
    model: M = _new(cls)
    SET_DICT(model, fields)
    SET_FIELDS_SET(model, set(fields))
    SET_EXTRA(model, None)
    SET_PRIVATE(model, None)
    return model


def replaced(model: M, /, **changes: Any) -> M:
    """A copy of ``model`` with ``changes`` (values of the fields' types, not validated)."""
    # One dict display and ``set.union`` over the changes: a copy then ``update``, and a set
    # union with ``keys()``, each took a step more (a tenth of the call, several a move).
    new: M = _new(model.__class__)
    SET_DICT(new, {**model.__dict__, **changes})
    SET_FIELDS_SET(new, model.__pydantic_fields_set__.union(changes))
    SET_EXTRA(new, None)
    SET_PRIVATE(new, None)
    return new
