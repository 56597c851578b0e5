"""Discord's size limits, in one place (issue 16 "every reply within Discord's limits").

Discord refuses a whole message when one part is too long, and the player then sees
"thinking…" forever; so every text the bot sends passes through here. Echoed input is
shortened first, so an error about a 5000-character move stays a sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MESSAGE = 2000  # characters of a message's content
OPTIONS = 25  # choices in a select menu or an autocomplete answer
CUSTOM_ID = 100  # characters of a component's custom id
SELECT_LABEL = 100  # characters of a select option's label, value and description
BUTTON_LABEL = 80  # characters of a button's label
CHOICE = 100  # characters of an autocomplete choice's name and value
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELD_NAME = 256
EMBED_FIELD_VALUE = 1024
EMBED_FIELDS = 25
EMBED_TOTAL = 6000
ECHO = 60  # characters of a player's input repeated back in an answer
ALT_TEXT = 1024  # characters of an attachment's description (its alt text)
UPLOAD = 10 * 1024 * 1024  # bytes of one message's uploads without a boosted server

ELLIPSIS = "…"


def fit(text: str, limit: int = MESSAGE) -> str:
    """``text`` cut to ``limit`` characters, at a line break where one is near, else between
    two words (never "heavy ranged and cov…"), marked "…"."""
    if len(text) <= limit:
        return text
    cut = text[: limit - len(ELLIPSIS)]
    line = cut.rfind("\n")
    space = cut.rfind(" ")
    if line > limit // 2:
        cut = cut[:line]
    elif not text[len(cut)].isspace() and space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:(") + ELLIPSIS


def echo(text: str, limit: int = ECHO) -> str:
    """A player's input as an answer may repeat it: quoted, one line, shortened."""
    flat = " ".join(text.split())
    return f"“{fit(flat, limit)}”"


def first(items: Sequence[T], limit: int = OPTIONS) -> list[T]:
    """As many of ``items`` as one menu or autocomplete answer may hold."""
    return list(items[:limit])
