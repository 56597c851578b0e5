"""Turns a service ``Update`` into the words the bot posts (docs/architecture.md "From a click to a
board"). Pure text: no Discord objects, so it is shared by the bot and the terminal."""

from __future__ import annotations

from bot.tables.updates import Update, Waiting

MAX_CONTENT = 1900  # Discord allows 2000 characters; leave room for the waiting line.
MAX_LINES = 14  # header (who moved), then the latest lines


def mention(w: Waiting) -> str:
    return f"<@{w.user_id}> ({w.name})" if w.user_id is not None else w.name


def pinged(update: Update) -> list[Waiting]:
    """Whom a board mentions: the seats the game now starts waiting for, but not for a
    quick prompt that closes within the table's window, and never the player whose own
    move or undo made the change (issue 19, pings that matter)."""
    if not update.waiting_changed or update.quiet:
        return []
    return [w for w in update.waiting if w.user_id is not None and w.user_id != update.actor]


def board_text(update: Update, with_mentions: bool = True, deadline: str | None = None) -> str:
    """The message posted with a board: who really moved (``header``, never trimmed), what
    happened, then whom the game waits for and, only on a message that pings someone in a
    game of several people, the ``deadline`` note in small text (``-#``)."""
    header = "\n".join(update.header)
    lines = list(update.lines)
    keep = MAX_LINES - len(update.header)
    if len(lines) > keep:
        hidden = len(lines) - keep + 1
        lines = [f"… {hidden} earlier lines in /game log", *lines[-(keep - 1) :]]
    body = "\n".join(lines)
    mentioned = pinged(update) if with_mentions else []
    # A quick prompt's closing time concerns everyone asked, pinged or not.
    wanted = update.quiet or (mentioned and not update.solo)
    note = "\n".join(f"-# {line}" for line in deadline.splitlines()) if deadline and wanted else ""
    room = MAX_CONTENT - len(header) - (len(note) + 1 if note else 0)
    if len(body) > room:
        body = "…" + body[-room:]
    tail = ""
    if update.outcome is not None or update.status == "finished":
        summary = update.outcome.summary if update.outcome else ""
        tail = f"**Game over.** {summary}".strip()
    elif update.waiting:
        names = [mention(w) if w in mentioned else w.name for w in update.waiting]
        tail = "Waiting for " + ", ".join(names) + "."
        if note:
            tail += "\n" + note
    return "\n".join(part for part in (header, body, tail) if part).strip()
