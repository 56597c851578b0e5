"""Frozen pydantic values of the Wildlands family, made once (issue 33).

Actions, effects, program steps, figures and counters are frozen, so states may share them
(``engines.core.clone`` copies only what can change; a figure that changes is replaced with
``engines.core.trusted.replaced``). ``shared(cls, **fields)`` is the one validated instance
for those fields: lists of legal moves and effect queues hand out the same object for the
same move or effect in every state; the distinct values are bounded by the content (cards,
characters, spaces).
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


@cache
def shared(cls: type[M], **fields: Any) -> M:
    """The one validated instance of ``cls(**fields)`` (``cls`` frozen, fields hashable)."""
    return cls(**fields)
