"""Table options typed in one line (``game_length=double_hourglass scenario=II``) and the
list ``/game options`` shows (issue 18 "options explained").

Values are read as JSON where they parse (numbers, true/false, lists), else as text; the
engine's pydantic options model then validates them with a sentence per problem. Each
option's allowed values come from its field's type (``engines/core/options_words.py``), its
one-line note from the game's rules topics (their option notes), else from the field's
description. An option with a single allowed value is a
documented ruling, listed apart.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engines import registry
from engines.core import rules_book
from engines.core.errors import BadOptions
from engines.core.levels import HARD, NORMAL
from engines.core.options_words import allowed, show, untyped
from engines.core.words import typed

_NAME = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*=\s*")
_CLOSE = {"[": "]", "{": "}"}


def _value_end(text: str, start: int) -> int:
    """Where the value typed at ``start`` ends: a bracketed list or table at its matching
    bracket (``[[0,2],[1,3]]`` holds brackets of its own), a quoted text at its closing
    quote, anything else at a space or a comma."""
    opening = text[start : start + 1]
    if opening in _CLOSE:
        depth = 0
        for i in range(start, len(text)):
            if text[i] in _CLOSE:
                depth += 1
            elif text[i] in _CLOSE.values():
                depth -= 1
                if depth == 0:
                    return i + 1
        return len(text)
    if opening == '"':
        close = text.find('"', start + 1)
        return len(text) if close < 0 else close + 1
    end = start
    while end < len(text) and not text[end].isspace() and text[end] != ",":
        end += 1
    return end


def parse_option_text(text: str, game: str | None = None) -> dict[str, Any]:
    text = text.strip()
    out: dict[str, Any] = {}
    at = 0
    while at < len(text):
        if text[at].isspace() or text[at] == ",":
            at += 1
            continue
        name = _NAME.match(text, at)
        end = _value_end(text, name.end()) if name else at
        if name is None or end == name.end():
            raise BadOptions(
                f"I could not read `{text[at:].split()[0][:60]}`. Write options as `name=value` "
                f"pairs, e.g. {example(game)}."
            )
        raw = text[name.end() : end]
        try:
            out[name.group(1)] = json.loads(raw)
        except json.JSONDecodeError:
            out[name.group(1)] = raw
        at = end
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
    """One option as a player reads it: ``default`` as typed ("required", "unset"),
    ``allowed`` in words with typed values between backticks, ``typed`` False for an option
    the table sets itself (a value no one could type, such as a chronicle character)."""

    name: str
    default: str
    allowed: str
    note: str
    values: tuple[str, ...]  # the allowed values when they can be listed, else ()
    typed: bool = True

    @property
    def fixed(self) -> bool:
        """A documented ruling: the option allows only its default."""
        return len(self.values) == 1

    @property
    def default_words(self) -> str:
        """The default as the list shows it: a value between backticks, or a word."""
        if self.default in ("required", "unset"):
            return self.default
        if self.default in ("{}", "[]"):
            return "none"
        return f"`{self.default}`"


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
        value = None if field.is_required() else field.get_default(call_default_factory=True)
        words, values = allowed(field, value)
        default = "required" if field.is_required() else show(value)
        note = typed(notes.get(name) or field.description or "", values)
        out.append(OptionLine(name, default, words, note, values, not untyped(field.annotation)))
    return out


def example(game: str | None) -> str:
    """Two options of ``game`` set to a value other than their default, as typed, between
    backticks."""
    if game is None or game not in registry.names():
        return "`name=value other=value` (see /game options for a game's own)"
    picks = []
    for line in option_lines(game):
        others = [v for v in line.values if v not in (line.default, "unset")]
        if others:
            picks.append(f"{line.name}={others[0]}")
        if len(picks) == 2:
            break
    return f"`{' '.join(picks)}`" if picks else "(this game has no options to choose)"


# The table's own option that keeps its result out of the ratings (issue 31).
RATED = "rated"
RATED_LINE = (
    f"• `{RATED}` (default `true`; `true` | `false`): with `{RATED}=false` the table's result "
    "changes nobody's rating (it still counts in /stats)."
)


# The table's own option for the level of its AI seats (issue 32), for a game whose rules
# have no difficulty of their own (The Awoken's sets the Ancients).
DIFFICULTY = "difficulty"


def difficulty_line(game: str) -> str | None:
    """What ``difficulty`` does at this game's table, unless the game's own option has the
    name."""
    entry = registry.entry(game)
    if DIFFICULTY in entry.engine.options_model.model_fields:
        return None
    levels = " | ".join(f"`{level}`" for level in entry.levels)
    hard = " a hard AI searches further ahead;" if HARD in entry.levels else ""
    return (
        f"• `{DIFFICULTY}` (default `{NORMAL}`; {levels}): how well the AI seats play; an easy "
        f"AI slips now and then, a beginner can beat it;{hard} `/game addbot difficulty:` "
        "sets one seat's."
    )


def table_options(game: str) -> tuple[str, ...]:
    """The options the table keeps for itself, not the game's rules."""
    return (RATED,) if difficulty_line(game) is None else (RATED, DIFFICULTY)


def table_difficulty(game: str, options: dict[str, Any]) -> str:
    """Take the table's ``difficulty`` out of ``options`` (a game with its own option of
    that name keeps it), refusing a level the AI does not have."""
    if DIFFICULTY not in table_options(game):
        return NORMAL
    level = options.pop(DIFFICULTY, NORMAL)
    known = registry.entry(game).levels
    if level not in known:
        levels = ", ".join(f"`{level}`" for level in known[:-1]) + f" or `{known[-1]}`"
        raise BadOptions(f"`{DIFFICULTY}` is {levels}, not `{level}`.")
    return str(level)


def options_text(game: str) -> list[str]:
    """``/game options`` and the terminal's ``gm options``: one line per option that can be
    chosen, then the fixed rulings by name and the options the table sets itself."""
    title = registry.get(game).title
    lines = option_lines(game)
    picks = example(game).strip("`")
    out = [f"**{title}** options (`/game new game:{game} options:{picks}`):"]
    for line in lines:
        if line.typed and not line.fixed:
            note = f": {line.note}" if line.note else ""
            out.append(f"• `{line.name}` (default {line.default_words}; {line.allowed}){note}")
    fixed = [f"`{line.name}={line.default}`" for line in lines if line.fixed]
    if fixed:
        out.append("Rulings this table follows (one value each): " + ", ".join(fixed) + ".")
    for line in lines:
        if not line.typed:
            note = f": {line.note}" if line.note else "."
            out.append(f"`{line.name}` is set by the table, not typed{note}")
    out.append(RATED_LINE)
    level = difficulty_line(game)
    if level is not None:
        out.append(level)
    return out


def with_examples(error: BadOptions, game: str) -> BadOptions:
    """An options error followed by ``game``'s own example and where to see every option."""
    return BadOptions(
        f"{error} For example: {example(game)}. Every option: `/game options game:{game}` "
        f"(in a terminal: `gm options {game}`)."
    )


def checked_options(game: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """``raw`` as given, after the engine's model accepted it (its errors with examples)."""
    from engines.core.protocol import parse_options

    try:
        rules = {k: v for k, v in raw.items() if k != RATED}
        table_difficulty(game, rules)
        parse_options(registry.get(game), rules)
    except BadOptions as exc:
        raise with_examples(exc, game) from None
    return dict(raw)
