"""Pictures everyone can read (issue 31): every picture the bot posts goes with alt text
that says the position in words, made from the same view as the picture, so a player who
cannot see it (a screen reader, a slow phone) reads what it shows.

The words are the view's own: its title, then the lines of its text, as sentences, without
Discord markup; shortened at a line boundary to the ``limit`` the caller gives (Discord's is
1,024 characters, ``bot.discord.limits.ALT_TEXT``), the first lines kept, since every game
puts who is playing and the scores first. A hand picture says the hand sheet's words: each
card with what it does, then the seat's other secrets. A picture drawn beside the board (a
dice roll) says the view's lines about it.

``board_pictures`` and ``hand_pictures`` draw and word in one call, for the render process.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePath

from engines import registry
from engines.core.hand_sheet import HandSheet
from engines.core.protocol import View

ELLIPSIS = "…"
# Discord markup a screen reader would spell out: bold, code, small text.
_MARKUP = re.compile(r"\*\*|```|`|^-# ", re.MULTILINE)


@dataclass(frozen=True)
class Picture:
    """One picture to post: its file name, its PNG (or GIF) and its alt text."""

    name: str
    data: bytes
    description: str


def sentence(line: str) -> str:
    """One line of a view as a sentence: inner runs of spaces closed up, a full stop added
    where the line ends without punctuation."""
    text = " ".join(line.split())
    return text if not text or text[-1] in ".!?:;…" else text + "."


def words(lines: list[str], limit: int) -> str:
    """``lines`` as one paragraph of sentences within ``limit`` characters: whole lines, the
    first ones first, "…" where the rest are left out; a first line too long alone is cut
    between two words."""
    said = [sentence(_MARKUP.sub("", line)) for line in lines]
    said = [s for s in said if s]
    text = " ".join(said)
    if len(text) <= limit:
        return text
    kept = ""
    for part in said:
        longer = f"{kept} {part}".strip()
        if len(longer) + len(ELLIPSIS) + 1 > limit:
            break
        kept = longer
    if not kept:
        cut = said[0][: limit - len(ELLIPSIS)]
        kept = cut[: cut.rfind(" ")] if " " in cut else cut
        return kept.rstrip(" ,;:(") + ELLIPSIS
    return f"{kept} {ELLIPSIS}"


def view_lines(view: View) -> list[str]:
    """The view's title, then its text (without a first line that repeats the title)."""
    lines = view.text.splitlines()
    if lines and lines[0].strip() == view.title.strip():
        lines = lines[1:]
    return [view.title, *lines]


def view_words(view: View, limit: int) -> str:
    """The alt text of a board: the position as the view says it."""
    return words(view_lines(view), limit)


def extra_words(name: str, view: View, limit: int) -> str:
    """The alt text of a picture drawn beside the board (``dice.png``): the view's lines
    that name it, else what it is and the whole position."""
    what = PurePath(name).stem.replace("_", " ").replace("-", " ")
    about = [line for line in view.text.splitlines() if what.casefold() in line.casefold()]
    if about:
        return words(about, limit)
    return words([f"The {what}, drawn beside the board", *view_lines(view)], limit)


def sheet_words(sheet: HandSheet, limit: int) -> str:
    """The alt text of a hand picture: the sheet's title, each card with what it does, then
    the seat's other secrets."""
    lines = [sheet.title]
    if not sheet.cards:
        lines.append(sheet.empty)
    for card in sheet.cards:
        kind = f" ({card.kind})" if card.kind else ""
        lines.append(f"{card.name}{kind}: {card.text}")
    for secret in sheet.secrets:
        lines.append(f"{secret.heading}: " + "; ".join(secret.lines))
    return words(lines, limit)


def board_pictures(game: str, view: View, limit: int) -> list[Picture]:
    """The board and the game's extra pictures for ``view``, each with its alt text."""
    drawn = registry.draw(game, view)
    return [
        Picture(name, png, view_words(view, limit) if i == 0 else extra_words(name, view, limit))
        for i, (name, png) in enumerate(drawn)
    ]


def hand_pictures(game: str, view: View, limit: int) -> list[Picture]:
    """A seat's private picture (``registry.draw_hand``) with its alt text: the hand sheet's
    words, or, for a game without one, the board as that seat sees it."""
    entry = registry.entry(game)
    drawn = registry.draw_hand(game, view)
    said = view_words(view, limit) if entry.hand is None else sheet_words(entry.hand(view), limit)
    return [Picture(name, png, said) for name, png in drawn]
