"""Table options typed in one line (``game_length=double_hourglass scenario=II``) and the
list ``/game options`` shows (issue 18 "options explained").

Values are read as JSON where they parse (numbers, true/false, lists), else as text; the
engine's pydantic options model then validates them with a sentence per problem. Each
option's allowed values come from its field's type (a ``Literal``, ``bool``, a bounded
``int``, a list of those), its one-line note from the game's rules topics (their option
notes), else from the field's description. An option with a single allowed value is a
documented ruling, listed apart.
"""

from __future__ import annotations

import json
import re
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from annotated_types import Ge, Le
from pydantic.fields import FieldInfo
from pydantic_core import to_jsonable_python

from engines import registry
from engines.core import rules_book
from engines.core.errors import BadOptions

_PAIR = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(\[[^\]]*\]|\"[^\"]*\"|[^\s,]+)")


def parse_option_text(text: str, game: str | None = None) -> dict[str, Any]:
    text = text.strip()
    if not text:
        return {}
    pairs = _PAIR.findall(text)
    leftover = _PAIR.sub("", text).replace(",", " ").strip()
    if leftover:
        raise BadOptions(
            f"I could not read {leftover[:60]!r}. Write options as name=value pairs, e.g. "
            f"{example(game)}"
        )
    out: dict[str, Any] = {}
    for key, raw in pairs:
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


def option_suggestions(game: str, current: str) -> list[str]:
    """``name=default`` for each option of ``game`` matching the last word being typed."""
    model = registry.get(game).options_model
    head, _, last = current.rpartition(" ")
    prefix = f"{head} " if head else ""
    out = []
    for name, field in model.model_fields.items():
        entry = f"{name}={show(field.default)}"
        if last.split("=")[0].casefold() in name.casefold():
            out.append(prefix + entry)
    return out


# ---------------------------------------------------------------------- /game options
@dataclass(frozen=True)
class OptionLine:
    """One option as a player reads it."""

    name: str
    default: str
    allowed: str
    note: str
    values: tuple[str, ...]  # the allowed values when they can be listed, else ()

    @property
    def fixed(self) -> bool:
        """A documented ruling: the option allows only its default."""
        return len(self.values) == 1


def show(value: object) -> str:
    """An option value as it is typed."""
    if value is None:
        return "unset"
    if isinstance(value, str):
        return value
    return json.dumps(to_jsonable_python(value))


def _values(annotation: Any) -> tuple[str, ...] | None:
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
            listed = _values(arg)
            if listed is None:
                return None
            out += [v for v in listed if v not in out]
        return tuple(out)
    return None


def _allowed(field: FieldInfo) -> tuple[str, tuple[str, ...]]:
    annotation = field.annotation
    listed = _values(annotation)
    if listed is not None:
        return " | ".join(listed), listed
    args = [a for a in typing.get_args(annotation) if a is not type(None)] or [annotation]
    words = []
    for arg in args:
        if (listed := _values(arg)) is not None:
            words.append(" | ".join(listed))
        elif arg is int:
            low = next((m.ge for m in field.metadata if isinstance(m, Ge)), None)
            high = next((m.le for m in field.metadata if isinstance(m, Le)), None)
            if low is not None and high is not None:
                words.append(f"a whole number from {low} to {high}")
            elif low is not None:
                words.append(f"a whole number, at least {low}")
            else:
                words.append("a whole number")
        elif typing.get_origin(arg) is list:
            inner = typing.get_args(arg)
            items = _values(inner[0]) if inner else None
            words.append(
                "a list of " + (" | ".join(items) if items else "values") + ', e.g. ["a","b"]'
            )
        else:
            words.append(getattr(arg, "__name__", str(arg)))
    if len(args) < len(typing.get_args(annotation)):
        words.append("unset")
    return " or ".join(words), ()


def _notes(game: str) -> dict[str, str]:
    """Each option's one-line note from the game's rules topics (first mention wins), then
    from the topics of a game whose options this game's extend (The Awoken's Wildlands)."""
    model = registry.get(game).options_model
    books = [game] + [
        other
        for other in rules_book.games_with_rules()
        if other != game
        and other in registry.names()
        and issubclass(model, registry.get(other).options_model)
    ]
    notes: dict[str, str] = {}
    for name in books:
        if rules_book.has_rules(name):
            for topic in rules_book.topics(name):
                for option in topic.option:
                    notes.setdefault(option.name, option.note)
    return notes


def option_lines(game: str) -> list[OptionLine]:
    model = registry.get(game).options_model
    notes = _notes(game)
    out = []
    for name, field in model.model_fields.items():
        allowed, values = _allowed(field)
        default = (
            "required"
            if field.is_required()
            else show(field.get_default(call_default_factory=True))
        )
        note = notes.get(name) or field.description or ""
        out.append(OptionLine(name, default, allowed, note, values))
    return out


def example(game: str | None) -> str:
    """Two options of ``game`` set to a value other than their default, as typed."""
    if game is None or game not in registry.names():
        return "name=value other=value (see /game options for a game's own)"
    picks = []
    for line in option_lines(game):
        others = [v for v in line.values if v not in (line.default, "unset")]
        if others:
            picks.append(f"{line.name}={others[0]}")
        if len(picks) == 2:
            break
    return " ".join(picks) or "(this game has no options to choose)"


def options_text(game: str) -> list[str]:
    """``/game options`` and the terminal's ``gm options``: one line per option that can be
    chosen, then the fixed rulings by name."""
    title = registry.get(game).title
    lines = option_lines(game)
    choosable = [line for line in lines if not line.fixed]
    out = [f"**{title}** options (`/game new game:{game} options:{example(game)}`):"]
    for line in choosable:
        note = f": {line.note}" if line.note else ""
        out.append(f"• `{line.name}` (default {line.default}; {line.allowed}){note}")
    fixed = [f"{line.name}={line.default}" for line in lines if line.fixed]
    if fixed:
        out.append("Rulings this table follows (one value each): " + ", ".join(fixed) + ".")
    return out


def with_examples(error: BadOptions, game: str) -> BadOptions:
    """An options error followed by ``game``'s own example and where to see every option."""
    return BadOptions(
        f"{error} For example: {example(game)}. Every option: /game options game:{game} "
        f"(in a terminal: gm options {game})."
    )


def checked_options(game: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """``raw`` as given, after the engine's model accepted it (its errors with examples)."""
    from engines.core.protocol import parse_options

    try:
        parse_options(registry.get(game), raw)
    except BadOptions as exc:
        raise with_examples(exc, game) from None
    return dict(raw)
