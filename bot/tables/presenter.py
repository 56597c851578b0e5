"""Turns a service ``Update`` into the words the bot posts (docs/architecture.md "From a click to a
board"). Pure text: no Discord objects, so it is shared by the bot and the terminal."""

from __future__ import annotations

from bot.tables.updates import Update, Waiting

MAX_CONTENT = 1900  # Discord allows 2000 characters; leave room for the waiting line.
MAX_LINES = 14


def mention(w: Waiting) -> str:
    return f"<@{w.user_id}> ({w.name})" if w.user_id is not None else w.name


def board_text(update: Update, with_mentions: bool = True, deadline: str | None = None) -> str:
    """The message posted with a board: what happened, then whom the game waits for and, if
    given, the ``deadline`` line (``bot.discord.presentation.clock_line``)."""
    lines = list(update.lines)
    if len(lines) > MAX_LINES:
        hidden = len(lines) - MAX_LINES + 1
        lines = [f"… {hidden} earlier lines in /game log", *lines[-(MAX_LINES - 1) :]]
    body = "\n".join(lines)
    room = MAX_CONTENT - (len(deadline) + 1 if deadline else 0)
    if len(body) > room:
        body = "…" + body[-room:]
    tail = ""
    if update.outcome is not None or update.status == "finished":
        summary = update.outcome.summary if update.outcome else ""
        tail = f"**Game over.** {summary}".strip()
    elif update.waiting:
        names = [
            mention(w) if with_mentions and update.waiting_changed else w.name
            for w in update.waiting
        ]
        tail = "Waiting for " + ", ".join(names) + "."
        if deadline:
            tail += "\n" + deadline
    return f"{body}\n{tail}".strip()
