"""Plain English for text players read: counted nouns, articles and lists of names.

Every game's log lines, menus and titles use these rather than "unit(s)" or "win(s)";
``typed`` marks what a player types (an option's values) inside a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence


def plural(noun: str) -> str:
    """'Ally' -> 'Allies', 'Weakness' -> 'Weaknesses', 'warrior' -> 'warriors'."""
    if noun.endswith("y") and noun[-2:-1].lower() not in tuple("aeiou"):
        return noun[:-1] + "ies"
    if noun.endswith(("s", "sh", "ch", "x")):
        return noun + "es"
    return noun + "s"


def count(n: int, noun: str, irregular: str | None = None) -> str:
    """'1 warrior', '3 warriors'; irregular plurals are given: count(2, 'die', 'dice')."""
    return f"{n} {noun if n == 1 else irregular or plural(noun)}"


def article(noun: str, capital: bool = False) -> str:
    """'a Shade', 'an Aberration'; 'A Shade' to open a sentence."""
    word = "an" if noun[:1].lower() in "aeiou" else "a"
    return f"{word.capitalize() if capital else word} {noun}"


def joined(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bo', 'Ann, Bo and Cy'."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def win(names: Sequence[str]) -> str:
    """'Ann wins', 'Ann and Bo win'."""
    return f"{joined(names)} {'wins' if len(names) == 1 else 'win'}"


def health_left(damage: int, health: int) -> str:
    """'2 of 3 health left' for a figure of health 3 with 1 damage; 'full health' when
    undamaged. Plainer than '(1/3)', which a player cannot tell from 1 health of 3."""
    if damage <= 0:
        return "full health"
    return f"{max(0, health - damage)} of {health} health left"


# A word a player types, never reads as English: an option's name or value in snake_case.
_SNAKE = re.compile(r"(?<![`\w])[a-z0-9]+(?:_[a-z0-9]+)+(?![`\w])")


def typed(text: str, values: Sequence[str] = ()) -> str:
    """``text`` with what a player types between backticks (Discord shows it as code): every
    snake_case word, and the ``values`` it opens with: "ruins or lost_factory picks a board"
    -> "`ruins` or `lost_factory` picks a board"."""
    text = _SNAKE.sub(lambda m: f"`{m.group(0)}`", text)
    words = [v for v in values if v and v != "unset"]
    if not words:
        return text
    either = "|".join(re.escape(v) for v in sorted(words, key=len, reverse=True))
    opening = re.match(rf"(?:`?(?:{either})`?(?:, | or | and |(?=[: ])))+", text)
    if opening is None:
        return text
    head = re.sub(rf"(?<![`\w])({either})(?![`\w])", r"`\1`", opening.group(0))
    return head + text[opening.end() :]
