"""Rules topics and card look-up for ``/rules`` and ``/card`` (issue 18, "What to build").

A game's rules topics are data: ``assets/**/rules.toml``, one file per game, found by the
``[book].game`` it names, so a new game only adds its file. Each topic is the project's own
summary of one reference section, with the table options that change it. Cards come from the
games' own content loaders (``card_list`` modules beside each engine) and are listed once per
distinct card, identical copies counted, without copy numbers.

Everything here is pure: it reads validated content and returns plain records and strings
that the Discord layer and the terminal table show as they are.
"""

from __future__ import annotations

import importlib
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engines.core.content import assets_dir
from engines.core.errors import CorruptRecord, GameError
from engines.core.words import typed

# Discord's limits: an autocomplete answer holds 25 choices, each label and value 100 chars.
MAX_CHOICES = 25
MAX_LABEL = 100

TopicKind = Literal["setup", "turn", "action", "end", "concept"]
# A list default is an option that takes several values (Northgard's Environment tiles).
OptionValue = str | int | bool | list[str | int]
T = TypeVar("T")


class NoRules(GameError):
    """The game has no rules topics, or no topic or card by that name."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class OptionNote(_Frozen):
    """A table option that changes a topic's rule. ``default`` left out means the option's
    default is "unset" (None)."""

    name: str
    default: OptionValue | None = None
    note: str = Field(min_length=1, max_length=160)


class Topic(_Frozen):
    """One rule, in the project's own words, with where it comes from."""

    id: str = Field(pattern=r"^[a-z0-9-]+$", max_length=60)
    kind: TopicKind
    title: str = Field(min_length=1, max_length=80)
    keywords: tuple[str, ...] = ()
    section: str = Field(pattern=r"^[a-z-]+ §\d+(\.\d+)?$")
    body: str = Field(min_length=1, max_length=700)
    actions: tuple[str, ...] = ()
    option: tuple[OptionNote, ...] = ()


class BookHeader(_Frozen):
    game: str
    title: str
    reference: str
    prefix: str


class Book(_Frozen):
    """Every topic of one game, in file order."""

    book: BookHeader
    topic: tuple[Topic, ...]


@dataclass(frozen=True)
class Choice:
    """One autocomplete answer: ``value`` is the id to send back, ``label`` what is shown."""

    value: str
    label: str


class CardEntry(_Frozen):
    """A distinct card as a player looks it up: name without copy number, what it does in
    plain words, where its content comes from and how many identical copies exist."""

    id: str = Field(max_length=MAX_LABEL)
    name: str = Field(min_length=1, max_length=90)
    kind: str
    text: str
    source: str
    count: int = Field(default=1, ge=1)
    keywords: tuple[str, ...] = ()
    # Every content id this entry stands for (its copies), so an id from a game state finds it.
    ids: tuple[str, ...] = ()


# ---------------------------------------------------------------------------------------------
# Rules topics


@cache
def _books() -> dict[str, Book]:
    """Every ``rules.toml`` under ``assets/``, by the game its ``[book]`` names."""
    out: dict[str, Book] = {}
    for path in sorted(assets_dir().rglob("rules.toml")):
        where = path.relative_to(assets_dir())
        try:
            with path.open("rb") as fh:
                book = Book.model_validate(tomllib.load(fh))
        except (tomllib.TOMLDecodeError, ValidationError) as exc:
            raise CorruptRecord(f"Rules file {where} cannot be read: {exc}") from None
        if book.book.game in out:
            raise CorruptRecord(f"Two rules files name the game {book.book.game!r}.")
        ids = [t.id for t in book.topic]
        if len(set(ids)) != len(ids):
            raise CorruptRecord(f"Rules file {where} repeats a topic id.")
        out[book.book.game] = book
    return out


def games_with_rules() -> list[str]:
    return list(_books())


def has_rules(game: str) -> bool:
    return game in _books()


def book(game: str) -> Book:
    """The game's rules book; a game without one gets a sentence saying so."""
    found = _books().get(game)
    if found is None:
        known = ", ".join(_books()) or "none"
        raise NoRules(f"There are no rules topics for `{game}` yet. Games with rules: {known}.")
    return found


def topics(game: str) -> tuple[Topic, ...]:
    return book(game).topic


def topic(game: str, topic_id: str) -> Topic:
    for t in topics(game):
        if t.id == topic_id:
            return t
    # A typed name instead of an autocomplete pick: take the best match.
    hits = find(game, topic_id)
    if hits:
        return topic(game, hits[0].value)
    raise NoRules(f"{book(game).book.title} has no rules topic called `{topic_id}`.")


def find(game: str, text: str) -> list[Choice]:
    """Autocomplete: topics ranked by how well ``text`` matches title, then keywords, then
    body; at most 25, labels within 100 characters. A game without rules finds nothing."""
    if not has_rules(game):
        return []
    ranked = _rank(text, [(t.title, t.keywords, t.body) for t in topics(game)], list(topics(game)))
    return [Choice(t.id, _label(t.title)) for t in ranked]


def answer(game: str, topic_id: str, options: BaseModel | Mapping[str, Any] | None = None) -> str:
    """The Discord-ready text of one topic: title and section, the rule, then each option
    that changes it with its default and, when ``options`` is given, the table's value."""
    t = topic(game, topic_id)
    table = options.model_dump() if isinstance(options, BaseModel) else dict(options or {})
    lines = [f"**{t.title}** ({t.section})", t.body.strip()]
    for o in t.option:
        note = typed(o.note, (_show(o.default),))
        line = f"Option `{o.name}` (default {_typed_value(o.default)}): {note}"
        if o.name in table and _show(table[o.name]) != _show(o.default):
            line += f" **This table: {_typed_value(table[o.name])}.**"
        lines.append(line)
    return "\n".join(lines)


def _typed_value(value: object) -> str:
    """A value as typed, between backticks; "unset" for none."""
    return "unset" if value is None else f"`{_show(value)}`"


def _show(value: object) -> str:
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value)


# ---------------------------------------------------------------------------------------------
# Cards

# Game name -> module whose ``card_faces()`` lists every card of that game, one entry per
# physical card or per record. Imported on first use, as the engine registry does.
_CARD_LISTS: dict[str, str] = {
    "att": "engines.att.card_list",
    "wildlands": "engines.wildlands.card_list",
    "awoken": "engines.wildlands.awoken.card_list",
    "root": "engines.root.card_list",
    "northgard": "engines.northgard.card_list",
    "wrath": "engines.wildlands.wrath.card_list",
    "war": "engines.wildlands.war.card_list",
    "arcadia": "engines.arcadia.card_list",
}

_COPY_NUMBER = re.compile(r"\s*#\d+$")


def strip_copy_number(name: str) -> str:
    """'Feat: +1 to one die #4' -> 'Feat: +1 to one die'."""
    return _COPY_NUMBER.sub("", name)


def merge_copies(entries: Iterable[CardEntry]) -> tuple[CardEntry, ...]:
    """One entry per distinct card: identical name, kind and text are copies of one card;
    their counts add up and their search words are pooled. First appearance keeps its id."""
    merged: dict[tuple[str, str, str], CardEntry] = {}
    for e in entries:
        e = e.model_copy(update={"name": strip_copy_number(e.name), "ids": (*e.ids, e.id)})
        key = (e.kind, e.name, e.text)
        seen = merged.get(key)
        if seen is None:
            merged[key] = e
        else:
            words = tuple(dict.fromkeys((*seen.keywords, *e.keywords)))
            update = {"count": seen.count + e.count, "keywords": words, "ids": (*seen.ids, *e.ids)}
            merged[key] = seen.model_copy(update=update)
    return tuple(merged.values())


@cache
def cards(game: str) -> tuple[CardEntry, ...]:
    """Every distinct card of the game, in catalogue order."""
    module = _CARD_LISTS.get(game)
    if module is None:
        raise NoRules(
            f"There is no card list for `{game}`. Games with cards: {', '.join(_CARD_LISTS)}."
        )
    lister: Callable[[], list[CardEntry]] = importlib.import_module(module).card_faces
    out = merge_copies(lister())
    ids = [c.id for c in out]
    if len(set(ids)) != len(ids):
        raise CorruptRecord(f"The {game} card list repeats an id.")
    return out


def has_cards(game: str) -> bool:
    return game in _CARD_LISTS


def card(game: str, card_id: str) -> CardEntry:
    for c in cards(game):
        if c.id == card_id or card_id in c.ids:
            return c
    hits = find_card(game, card_id)
    if hits:
        return card(game, hits[0].value)
    raise NoRules(f"There is no card called `{card_id}` in {game}.")


def find_card(game: str, text: str) -> list[Choice]:
    """Autocomplete over card names, kinds and search words (then card text)."""
    if not has_cards(game):
        return []
    entries = list(cards(game))
    ranked = _rank(text, [(c.name, (c.kind, *c.keywords), c.text) for c in entries], entries)
    return [Choice(c.id, _label(c.name + (f" ×{c.count}" if c.count > 1 else ""))) for c in ranked]


def card_text(game: str, card_id: str) -> str:
    """The Discord-ready text of one card."""
    c = card(game, card_id)
    copies = f" ({c.count} copies)" if c.count > 1 else ""
    return f"**{c.name}** · {c.kind}{copies}\n{c.text}\nSource: {source_words(c.source)}"


def source_words(source: str) -> str:
    """'stand-in' -> 'our stand-in design'; 'public:P10' -> 'public source P10'."""
    kind, _, ref = source.partition(":")
    words = {
        "seed": "the rulebook",
        "public": "a public source",
        "stand-in": "our stand-in design (the printed card is not public)",
        "ruling": "a project ruling",
    }[kind]
    return f"{words} {ref}".strip()


# ---------------------------------------------------------------------------------------------
# Search shared by topics and cards


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9+§.'-]+", text.lower().replace("-", " "))


def _field_score(token: str, title: str, keywords: tuple[str, ...], body: str) -> int:
    # A word of the title counts the same whether typed whole or begun ("fighter" and
    # "Fighters"): shorter titles then win ties, so a faction comes before its cards.
    if any(w.startswith(token) for w in _words(title)):
        return 60
    key_words = [w for k in keywords for w in _words(k)]
    if token in key_words:
        return 40
    if any(w.startswith(token) for w in key_words):
        return 30
    if token in title.lower():
        return 20
    if token in _words(body):
        return 8
    if any(w.startswith(token) for w in _words(body)):
        return 4
    return 0


def _rank(text: str, fields: list[tuple[str, tuple[str, ...], str]], items: list[T]) -> list[T]:
    """Items whose fields match every word of ``text``, best first (ties keep file order)."""
    tokens = _words(text)
    if not tokens:
        return items[:MAX_CHOICES]
    phrase = " ".join(tokens)
    scored: list[tuple[int, int, int, T]] = []
    for i, ((title, keywords, body), item) in enumerate(zip(fields, items, strict=True)):
        per_token = [_field_score(tok, title, keywords, body) for tok in tokens]
        if min(per_token) == 0:
            continue
        score = sum(per_token)
        low_title = " ".join(_words(title))
        if low_title == phrase:
            score += 200
        elif low_title.startswith(phrase):
            score += 100
        elif phrase in low_title or any(phrase == " ".join(_words(k)) for k in keywords):
            score += 50
        scored.append((-score, len(title), i, item))
    scored.sort(key=lambda s: s[:3])
    return [s[3] for s in scored[:MAX_CHOICES]]


def _label(text: str) -> str:
    """``text`` within Discord's label length, cut between two words."""
    if len(text) <= MAX_LABEL:
        return text
    cut = text[: MAX_LABEL - 1]
    if not text[len(cut)].isspace() and cut.rfind(" ") > MAX_LABEL // 2:
        cut = cut[: cut.rfind(" ")]
    return cut.rstrip(" ,;:(") + "…"
