"""How times, mentions and links read in Discord (issue "Async play across days"): the words
around the facts that ``bot.tables`` hands over. Timestamps are Discord markup, so every
reader sees them in their own time zone."""

from __future__ import annotations

import datetime as dt

import discord
from discord.utils import TimestampStyle, format_dt

from bot.discord import limits
from bot.discord.limits import fit
from bot.tables.absence import MineEntry
from bot.tables.history import PastGame
from bot.tables.stand_in import Notice
from bot.tables.status import Status
from bot.tables.waits import QuickClock, WaitClock


def stamp(at: float, style: TimestampStyle = "R") -> str:
    """A Discord timestamp for the unix time ``at``."""
    return format_dt(dt.datetime.fromtimestamp(int(at), tz=dt.UTC), style)


def board_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    """A jump link to the table's latest board, or to the channel if none was posted."""
    if message_id is not None:
        ref = discord.MessageReference(
            message_id=message_id, channel_id=channel_id, guild_id=guild_id
        )
        return ref.jump_url
    return (
        f"https://discord.com/channels/{guild_id if guild_id is not None else '@me'}/{channel_id}"
    )


def clock_line(clock: QuickClock | WaitClock | None) -> str | None:
    """The board's line about time: when the quick prompt closes, or when the deadline (or
    first reminder) falls, and who is away. Names only, never mentions: the board's "Waiting
    for" line already mentions whoever must act, once per change."""
    if clock is None:
        return None
    if isinstance(clock, QuickClock):
        return (
            f"⏱ {clock.label.capitalize()} closes {stamp(clock.closes)}; "
            "no answer counts as a pass."
        )
    lines = []
    if clock.present:
        names = " and ".join(clock.present)
        if clock.policy == "remind":
            lines.append(
                f"⏰ A reminder goes out {stamp(clock.at)} if the game is still waiting for "
                f"{names}."
            )
        else:
            what = (
                "the rules' default move is played"
                if clock.policy == "skip"
                else "an AI stand-in moves"
            )
            lines.append(f"⏰ Deadline {stamp(clock.at)}: then {what} for {names}.")
    for name, until in clock.away:
        lines.append(
            f"{name} is away until {stamp(until, 'f')}; reminders and the deadline wait for them."
        )
    return "\n".join(lines) or None


def away_lines(away: list[tuple[str, float]]) -> list[str]:
    """For /game status: who is away, and until when."""
    return [
        f"{name} is away until {stamp(until, 'f')} ({stamp(until)}); "
        "reminders and the deadline wait for them."
        for name, until in away
    ]


def _then(notice: Notice) -> str:
    if notice.deadline_at is None:
        return ""
    what = (
        "the rules' default move will be played for you"
        if notice.policy == "skip"
        else "an AI stand-in will move for you"
    )
    return f" If you have not moved {stamp(notice.deadline_at)}, {what}."


def notice_text(notice: Notice) -> str:
    """A notice as posted in the game's channel (a reminder mentions its player)."""
    if notice.kind == "no_default":
        return (
            f"{notice.seat_name}'s time ran out, but the rules give no default move here, so "
            f"the game keeps waiting for {notice.seat_name}."
        )
    return (
        f"<@{notice.user_id}>, {notice.title} has been waiting for your move as "
        f"{notice.seat_name} since {stamp(notice.since, 'f')}.{_then(notice)} "
        "Away for a while? Use /game away."
    )


def notice_dm_text(notice: Notice) -> str:
    """A notice as a direct message, with a link back to the table."""
    if notice.kind == "no_default":
        return notice_text(notice)
    link = board_link(notice.guild_id, notice.channel_id, notice.board_message_id)
    return (
        f"{notice.title} in <#{notice.channel_id}> has been waiting for your move as "
        f"{notice.seat_name} since {stamp(notice.since, 'f')}.{_then(notice)} "
        f"Jump to the table: {link}"
    )


def mine_text(entries: list[MineEntry], limit: int = 1900) -> str:
    """The ephemeral answer to /game mine, within Discord's message length."""
    if not entries:
        return "No game is waiting for you right now."
    head = f"**{len(entries)} game{'s' if len(entries) != 1 else ''} waiting for you:**"
    lines = [head]
    for i, e in enumerate(entries):
        link = board_link(e.guild_id, e.channel_id, e.board_message_id)
        line = (
            f"• {e.title} in <#{e.channel_id}> as {e.seat_name}, your move since "
            f"{stamp(e.since, 'f')}: [latest board]({link})"
        )
        if len("\n".join([*lines, line])) > limit:
            lines.append(f"… and {len(entries) - i} more.")
            break
        lines.append(line)
    return "\n".join(lines)


# ---------------------------------------------------------------------- embeds
STATUS_WORDS = {
    "lobby": "open: players are joining",
    "active": "running",
    "finished": "over",
    "ended": "closed",
}


def status_embed(status: Status) -> discord.Embed:
    """``/game status``: seats with scores, the round, whom the game waits for, its clock."""
    state = STATUS_WORDS.get(status.status, status.status)
    embed = discord.Embed(
        title=fit(status.title, limits.EMBED_TITLE),
        description=f"{state.capitalize()}; move {status.seq}.",
        colour=discord.Colour.blurple(),
    )
    seats = []
    for i, seat in enumerate(status.seats, start=1):
        line = f"{i}. {seat.name}" + (" (AI)" if seat.ai else "")
        if seat.score is not None:
            line += f": {seat.score:g}"
        seats.append(line)
    scored = any(s.score is not None for s in status.seats)
    embed.add_field(
        name="Scores" if scored else "Seats",
        value=fit("\n".join(seats) or "nobody yet", limits.EMBED_FIELD_VALUE),
        inline=True,
    )
    if status.round is not None:
        embed.add_field(name="Round", value=str(status.round), inline=True)
    if status.waiting:
        embed.add_field(
            name="Whose turn",
            value=fit(", ".join(status.waiting), limits.EMBED_FIELD_VALUE),
            inline=True,
        )
    times = [line for line in (clock_line(status.clock),) if line]
    times += away_lines(status.away)
    if times:
        embed.add_field(
            name="Deadlines", value=fit("\n".join(times), limits.EMBED_FIELD_VALUE), inline=False
        )
    if status.summary:
        embed.add_field(
            name="Result", value=fit(status.summary, limits.EMBED_FIELD_VALUE), inline=False
        )
    return embed


def log_pages(lines: list[str], size: int = limits.EMBED_DESCRIPTION - 96) -> list[str]:
    """The log cut into pages at line boundaries (a line longer than a page is shortened)."""
    pages: list[str] = []
    page: list[str] = []
    length = 0
    for raw in lines:
        line = fit(raw, size)
        if page and length + len(line) + 1 > size:
            pages.append("\n".join(page))
            page, length = [], 0
        page.append(line)
        length += len(line) + 1
    if page:
        pages.append("\n".join(page))
    return pages


def log_embed(title: str, pages: list[str], number: int, finished: bool) -> discord.Embed:
    """One page of ``/game log`` (``number`` counts from 1)."""
    embed = discord.Embed(
        title=fit(f"{title}: the log" + (" (game over)" if finished else ""), limits.EMBED_TITLE),
        description=pages[number - 1] if pages else "No moves yet.",
        colour=discord.Colour.dark_grey(),
    )
    total = max(len(pages), 1)
    more = " Use /game log page:<n> for others." if total > 1 else ""
    embed.set_footer(text=f"Page {number} of {total}.{more}")
    return embed


def history_embed(games: list[PastGame]) -> discord.Embed:
    """``/game history``: the channel's finished games, newest first, one line each (when it
    ended, the game, how it ended) beside the file of each, attached in the same order."""
    lines = [
        f"{n}. {format_dt(dt.datetime.fromtimestamp(g.ended_at, dt.UTC), 'd')} · {g.title} · "
        f"{g.verdict} (`{g.file_name}`)"
        for n, g in enumerate(games, 1)
    ]
    embed = discord.Embed(
        title="Finished games in this channel",
        description=fit("\n".join(lines), limits.EMBED_DESCRIPTION),
        colour=discord.Colour.dark_grey(),
    )
    embed.set_footer(text="Each file is the whole game; gm replay <file> shows any move of it.")
    return embed
