"""What two game states share (DESIGN.md "State serializes"): a copy must share none of its
original's mutable parts, only frozen models and tuples of immutable values (issue 33 made
most of a state's parts frozen, so copies share them)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


def mutable_parts(value: Any, found: dict[int, Any] | None = None) -> dict[int, Any]:
    """Every list, dict, set and unfrozen model (with its set of fields set) reachable from
    ``value`` without passing through a frozen model, by id."""
    found = {} if found is None else found
    if isinstance(value, BaseModel):
        if value.model_config.get("frozen"):
            return found
        found[id(value)] = value
        found[id(value.__pydantic_fields_set__)] = value.__pydantic_fields_set__
        for item in value.__dict__.values():
            mutable_parts(item, found)
    elif isinstance(value, list | dict | set | tuple):
        if not isinstance(value, tuple):
            found[id(value)] = value
        for item in value.values() if isinstance(value, dict) else value:
            mutable_parts(item, found)
    return found


def shared_mutable_parts(a: Any, b: Any) -> list[str]:
    """The type names of the mutable parts ``a`` and ``b`` share (none, for a true copy)."""
    mine, theirs = mutable_parts(a), mutable_parts(b)
    return [type(mine[i]).__name__ for i in mine.keys() & theirs.keys()]
