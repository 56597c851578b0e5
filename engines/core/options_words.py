"""Table options in a player's words (issue 18 "options explained", issue 29): what a field
of a game's options model allows, with real values between backticks, and a refused option
said as a sentence that names the option as typed and what it takes.

A field's allowed values come from its type: a ``Literal``, ``bool``, a bounded ``int``, a
list or tuple of those, a table of names. ``/game options`` (``bot/tables/options.py``)
lists them; ``problems`` turns pydantic's errors ("input should be a valid boolean, unable to
interpret input") into "`pregame_reveal` takes `true` or `false`, not `maybe`".
"""

from __future__ import annotations

import difflib
import json
import re
import types
import typing
from typing import Any

from annotated_types import Ge, Le
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import to_jsonable_python

# pydantic's own sentence is kept for these: a custom check says what is wrong in the
# game's words, and a wrong choice already lists the choices ("input should be `a` or `b`").
_OWN_WORDS = {"value_error", "literal_error", "assertion_error"}


def show(value: object) -> str:
    """An option value as it is typed (lists and tables as compact JSON)."""
    if value is None:
        return "unset"
    if isinstance(value, str):
        return value
    return json.dumps(to_jsonable_python(value), separators=(",", ":"))


def values(annotation: Any) -> tuple[str, ...] | None:
    """Every value a field of this type allows, if they can be listed."""
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return tuple(show(v) for v in typing.get_args(annotation))
    if annotation is bool:
        return ("true", "false")
    if annotation is type(None):
        return ("unset",)
    if origin in (typing.Union, types.UnionType):
        out: list[str] = []
        for arg in typing.get_args(annotation):
            listed = values(arg)
            if listed is None:
                return None
            out += [v for v in listed if v not in out]
        return tuple(out)
    return None


def choices(listed: tuple[str, ...]) -> str:
    """Values as a list shows them: "`a` | `b` | unset"."""
    return " | ".join(v if v == "unset" else f"`{v}`" for v in listed)


def either(listed: tuple[str, ...]) -> str:
    """Values as a sentence says them: "`a`, `b` or unset"."""
    words = [v if v == "unset" else f"`{v}`" for v in listed]
    return f"{', '.join(words[:-1])} or {words[-1]}" if len(words) > 1 else "".join(words)


def members(annotation: Any) -> tuple[Any, ...]:
    """The types a union allows, or the one type."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return typing.get_args(annotation)
    return (annotation,)


def untyped(annotation: Any) -> bool:
    """A value no player could type: a model (a chronicle character), or holding one."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return True
    return any(untyped(arg) for arg in typing.get_args(annotation))


def _number_words(field: FieldInfo) -> str:
    low = next((m.ge for m in field.metadata if isinstance(m, Ge)), None)
    high = next((m.le for m in field.metadata if isinstance(m, Le)), None)
    if low is not None and high is not None:
        return f"a whole number from {low} to {high}"
    if low is not None:
        return f"a whole number, at least {low}"
    return "a whole number"


def _items_words(item: Any) -> tuple[str, str | None]:
    """The items of a list in words, and an example list of them (None: no real one)."""
    listed = values(item)
    if listed is not None:
        return choices(listed), show(list(listed[:2]))
    # No example that might not fit the table: the game's field may give one (``examples``).
    if item is int:
        return "whole numbers in square brackets", None
    if typing.get_origin(item) in (list, tuple):
        return "lists of whole numbers in square brackets", None
    return "names in square brackets, each in double quotes", None


def _kind_words(kind: Any, field: FieldInfo) -> str:
    """One type an option allows, in words, with a typed example where one is real."""
    listed = values(kind)
    if listed is not None:
        return choices(listed)
    if kind is int:
        return _number_words(field)
    origin, inner = typing.get_origin(kind), typing.get_args(kind)
    examples = [show(e) for e in field.examples or ()]
    if origin in (list, tuple, set, frozenset):
        fixed = origin is tuple and Ellipsis not in inner
        words, example = _items_words(inner[0] if inner else Any)
        if fixed:  # its default shows how it is typed
            words, example = f"{len(inner)} {words if len(set(inner)) == 1 else 'values'}", None
        else:
            words = f"a list of {words}"
        example = examples[0] if examples else example
        return f"{words}, e.g. `{example}`" if example else words
    if origin is dict:
        value = _kind_words(inner[1], field) if len(inner) == 2 else "values"
        words = f"a table of names to {value}"
        return f"{words}, e.g. `{examples[0]}`" if examples else words
    if kind is str:
        return "a name"
    return "a value"


def allowed(field: FieldInfo, default: Any) -> tuple[str, tuple[str, ...]]:
    """What ``field`` allows in words, and its values when they can be listed (else ())."""
    listed = values(field.annotation)
    if listed is not None:
        return choices(listed), listed
    kinds = [k for k in members(field.annotation) if k is not type(None)]
    words = [_kind_words(kind, field) for kind in kinds]
    if len(kinds) < len(members(field.annotation)) and default is not None:
        words.append("unset")  # the default says so when it is unset
    return " or ".join(words), ()


def _takes(field: FieldInfo) -> str:
    """What a field takes, as a sentence says it."""
    listed = values(field.annotation)
    if listed is not None:
        return either(listed)
    default = None if field.is_required() else field.get_default(call_default_factory=True)
    return allowed(field, default)[0]


def _item_takes(field: FieldInfo, index: int) -> str | None:
    """What item ``index`` of a list or tuple field takes, as a sentence says it."""
    for kind in members(field.annotation):
        if typing.get_origin(kind) in (list, tuple, set, frozenset):
            inner = [t for t in typing.get_args(kind) if t is not Ellipsis]
            if inner:
                item = inner[min(index, len(inner) - 1)]
                listed = values(item)
                return either(listed) if listed is not None else _kind_words(item, field)
    return None


def _problem(model: type[BaseModel] | None, err: Any) -> str:
    loc = err["loc"]
    item = next((p for p in loc[1:] if isinstance(p, int)), None)
    name = str(loc[0]) if loc else ""
    where = f"`{name}`" + (f" (item {item + 1})" if item is not None else "") if loc else ""
    fields = model.model_fields if model is not None else {}
    if err["type"] == "extra_forbidden":
        close = difflib.get_close_matches(name, list(fields), n=1)
        hint = f" (did you mean `{close[0]}`?)" if close else ""
        return f"there is no option {where}{hint}"
    field = fields.get(name)
    if field is not None and err["type"] not in _OWN_WORDS:
        if untyped(field.annotation):
            return f"{where} is set by the table, not typed"
        given = err.get("input")
        typed_value = "; it cannot be unset" if given is None else f", not `{show(given)}`"
        # A missing item (a tuple typed too short) is the whole value's fault.
        takes = _item_takes(field, item) if item is not None and err["type"] != "missing" else None
        if takes is not None:
            return f"{where} takes {takes}{typed_value}"
        return f"`{name}` takes {_takes(field)}{typed_value}"
    words = re.sub(r"'([^'\n]*)'", r"`\1`", str(err["msg"])).removeprefix("Value error, ")
    return f"{where}: {words[:1].lower()}{words[1:]}" if where else words


def problems(title: str, exc: ValidationError, model: type[BaseModel] | None = None) -> str:
    """A pydantic ``ValidationError`` of table options as one sentence: each option by name
    as it is typed (between backticks) with what it takes, values between backticks rather
    than quotes; ``model`` (the game's options model) gives each field's allowed values."""
    said = list(dict.fromkeys(_problem(model, err) for err in exc.errors()))
    return f"Those options don't fit {title}: " + "; ".join(said) + "."
