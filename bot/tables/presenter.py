"""Turns a service ``Update`` into the words the bot posts (docs/architecture.md "From a click to a
board"). Pure text: no Discord objects, so it is shared by the bot and the terminal.

A finished game's result is said once (issue 35): by ``Result`` (the Discord board's embed,
the terminal's last lines), never again in the board's text. It names every seat with what
it played (``Outcome.sides``: "AI 1 (Eyrie Dynasties)").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.tables.updates import Update, Waiting
from engines.core.protocol import Outcome
from engines.core.words import joined

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
    game of several people, the ``deadline`` note in small text (``-#``). A finished game's
    result is not in it: the board's embed says it (``Result``)."""
    header = "\n".join(update.header)
    lines = board_lines(update)
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
    if update.outcome is None and update.status != "finished" and update.waiting:
        names = [mention(w) if w in mentioned else w.name for w in update.waiting]
        tail = "Waiting for " + ", ".join(names) + "."
        if note:
            tail += "\n" + note
    return "\n".join(part for part in (header, body, tail) if part).strip()


def board_lines(update: Update) -> list[str]:
    """What happened, as a board tells it: a finished game's result line is left to the
    result (``Result``), which says it once."""
    if update.outcome is None:
        return list(update.lines)
    return [line for line in update.lines if line.strip() != update.outcome.summary.strip()]


def seat_label(names: Mapping[int, str], sides: Mapping[int, str], seat: int) -> str:
    """A seat as a result names it: the player, and what they played where the game has
    sides ("AI 1 (Eyrie Dynasties)")."""
    name = names.get(seat, f"Seat {seat + 1}")
    side = sides.get(seat, "")
    return f"{name} ({side})" if side and side != name else name


@dataclass(frozen=True)
class Result:
    """A finished game in words: who won (``verdict``), the game's own account with its
    tie-break (``summary``), and every seat's final score, best first (``scores``)."""

    verdict: str
    summary: str
    scores: tuple[tuple[str, float], ...]

    @classmethod
    def of(cls, outcome: Outcome, names: Mapping[int, str]) -> Result:
        sides = outcome.sides
        seats = sorted(set(names) | set(outcome.scores))
        ranked = sorted(outcome.scores.items(), key=lambda kv: kv[1], reverse=True)
        scores = tuple((seat_label(names, sides, int(s)), float(v)) for s, v in ranked)
        return cls(_verdict(outcome, seats, names), outcome.summary.strip(), scores)

    def score_lines(self) -> list[str]:
        """ "alice (Marquise de Cat): 28", best first (36.0 reads "36")."""
        return [f"{name}: {value:g}" for name, value in self.scores]


def _verdict(outcome: Outcome, seats: list[int], names: Mapping[int, str]) -> str:
    """ "alice wins.", "alice and bob share the win.", "A draw: nobody scored." or "Nobody
    wins." (a co-operative defeat)."""
    winners = sorted(outcome.winners)
    labels = [seat_label(names, outcome.sides, int(w)) for w in winners]
    if not winners:
        return "Nobody wins."
    if len(winners) == 1:
        return f"{labels[0]} wins."
    if len(seats) > 1 and set(winners) >= set(seats):
        if not any(outcome.scores.values()):
            return "A draw: nobody scored."
        return f"A draw: {joined(labels)} share the win."
    return f"{joined(labels)} share the win."
