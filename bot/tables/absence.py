"""What players do about absence (issue "Async play across days"): change the table's
settings (creator or manager), go away and come back, choose where reminders go, vote an
absent player's seat to an AI or a newcomer, and list the games waiting for them.

Plain functions over a ``TableService``; every read-modify-write of a table's settings runs
under the channel's lock, like the service's own writes, so no change is lost.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.store import GameRow
from bot.tables.durations import format_duration
from bot.tables.service import TableService
from bot.tables.settings import (
    AWAY_KEY,
    DM_BLOCKED_KEY,
    MAX_AWAY,
    NOTIFY_KEY,
    NotifyMode,
    TableSettings,
)
from bot.tables.updates import BadSettings, Update
from bot.tables.waits import away_until, schedule_seats, waiting_since
from engines import registry
from engines.core.errors import GameError


# ---------------------------------------------------------------------- settings
def table_settings(service: TableService, channel_id: int) -> TableSettings:
    return TableSettings.of(service.table(channel_id).settings)


def change_settings(
    service: TableService,
    channel_id: int,
    user_id: int,
    is_manager: bool,
    changes: Mapping[str, Any],
) -> TableSettings:
    """Change the table's deadline settings (its creator or a channel manager only).

    Waiting players get a fresh clock under the new settings: shortening a deadline never
    times someone out on the spot."""
    now = service.clock()
    with service.lock(channel_id):
        row = service.table(channel_id)
        if user_id != row.created_by and not is_manager:
            raise GameError(
                "Only the player who opened the table or someone with Manage Channel can "
                "change its settings."
            )
        merged = {**TableSettings.of(row.settings).model_dump(), **changes}
        settings = TableSettings.parse(merged)
        row = service.store.update_game(
            row.id,
            expected_seq=row.seq,
            now=now,
            settings=row.settings.model_copy(update={"deadlines": settings.model_dump()}),
        )
        if row.status == "active":
            service.store.cancel_reminders(row.id)
            schedule_seats(service.store, row, service.waiting(channel_id), settings, now, now)
    return settings


# ---------------------------------------------------------------------- away and back
def set_away(service: TableService, user_id: int, seconds: int) -> float:
    """Pause reminders and deadlines for the player in all their games; return the end."""
    if not 0 < seconds <= MAX_AWAY:
        raise BadSettings(
            f"You can be away for up to {format_duration(MAX_AWAY)} at a time; "
            "use /game leave if you cannot come back."
        )
    now = service.clock()
    until = now + seconds
    service.store.set_user(user_id, AWAY_KEY, {"until": until}, now)
    restart_clocks(service, user_id)
    return until


def come_back(service: TableService, user_id: int) -> bool:
    """End the player's away time; False if they were not away. Waits restart from now."""
    now = service.clock()
    if away_until(service.store, user_id, now) is None:
        return False
    service.store.set_user(user_id, AWAY_KEY, None, now)
    restart_clocks(service, user_id)
    return True


def restart_clocks(service: TableService, user_id: int) -> None:
    """Drop the player's items in every running game and store fresh ones (reminders, or a
    "resume" item while away) for the games now waiting for them."""
    store = service.store
    for listed in store.open_games(user_id=user_id):
        if listed.status != "active":
            continue
        with service.lock(listed.channel_id):
            row = store.get_game(listed.id)
            store.cancel_reminders(row.id, user_id=user_id)
            if row.status != "active":
                continue  # it ended meanwhile
            now = service.clock()
            mine = [w for w in service.waiting(row.channel_id) if w.user_id == user_id]
            schedule_seats(store, row, mine, TableSettings.of(row.settings), now, now)


def away_players(service: TableService, row: GameRow) -> list[tuple[str, float]]:
    """For /game status: who at the table is away (seat name), and until when."""
    now = service.clock()
    away = []
    for seat in row.seats:
        until = None if seat.user_id is None else away_until(service.store, seat.user_id, now)
        if until is not None:
            away.append((seat.name, until))
    return away


# ---------------------------------------------------------------------- notifications
def set_notify(service: TableService, user_id: int, mode: NotifyMode) -> str:
    """Where the player's reminders go; choosing DMs again clears a remembered refusal."""
    now = service.clock()
    service.store.set_user(user_id, NOTIFY_KEY, mode, now)
    if mode == "dm":
        service.store.set_user(user_id, DM_BLOCKED_KEY, False, now)
        return (
            "Your reminders now come by direct message. If your privacy settings refuse "
            "messages from me, I will remind you in the game's channel instead."
        )
    if mode == "channel":
        return "Your reminders now come in the game's channel, with a mention."
    return "Reminders are off for you. The board still mentions you when it is your move."


# ---------------------------------------------------------------------- stand-ins by vote
@dataclass(frozen=True)
class ReplaceResult:
    """``message`` answers the voter; ``update`` is the board to post once a seat changed
    hands (None while votes are still missing)."""

    message: str
    update: Update | None = None


def vote_replace(
    service: TableService,
    channel_id: int,
    voter_id: int,
    target_id: int,
    newcomer: tuple[int, str] | None = None,
    is_manager: bool = False,
) -> ReplaceResult:
    """Count the voter's vote to hand ``target_id``'s seat to an AI (``newcomer`` None) or to
    a new player, by the README's rules: only an absent player's seat (away, or past the
    table's deadline); a majority of the other human players and at least two votes when
    three or more people play; with two people, only the table's creator or a channel
    manager can hand the other's seat over."""
    store = service.store
    with service.lock(channel_id):
        row = service.table(channel_id)
        if row.status != "active":
            raise GameError("Seats can be handed over only while a game is running.")
        humans = {s.user_id: s for s in row.seats if s.kind == "human" and s.user_id is not None}
        target = humans.get(target_id)
        if target is None:
            raise GameError("That player has no seat at this table that a person plays.")
        if voter_id == target_id:
            raise GameError("To hand over your own seat, use /game leave.")
        if newcomer is not None and row.seat_of(newcomer[0]) is not None:
            raise GameError(f"{newcomer[1]} already has a seat at this table.")
        duo = len(humans) <= 2
        if duo and voter_id != row.created_by and not is_manager:
            raise GameError(
                "With two people at the table, only the player who opened it or someone with "
                "Manage Channel can hand the other seat over."
            )
        if not duo and voter_id not in humans:
            raise GameError("Only players at the table can vote to replace someone.")
        if not is_absent(service, row, target_id):
            settings = TableSettings.of(row.settings)
            raise GameError(
                f"{target.name} is not absent: a seat can be handed over only when its player "
                f"is away (/game away) or has not moved for the table's deadline "
                f"({format_duration(settings.deadline)})."
            )
        choice = "ai" if newcomer is None else str(newcomer[0])
        votes = {k: dict(v) for k, v in row.settings.replace_votes.items()}
        for_target = votes.setdefault(str(target_id), {})
        voters = set(for_target.get(choice, ())) | {voter_id}
        electorate = set(humans) - {target_id}
        if duo:  # the creator's or a manager's word is enough
            electorate, voters = {voter_id}, {voter_id}
        needed = max(len(electorate) // 2 + 1, 1 if duo else 2)
        counted = len(voters & electorate)
        who = "an AI stand-in" if newcomer is None else newcomer[1]
        if counted < needed:
            for_target[choice] = tuple(sorted(voters))
            store.update_game(
                row.id,
                expected_seq=row.seq,
                now=service.clock(),
                settings=row.settings.model_copy(update={"replace_votes": votes}),
            )
            return ReplaceResult(
                f"Your vote to give {target.name}'s seat to {who} is counted: {counted} of "
                f"{needed} needed. The other players can add theirs with the same /game replace."
            )
        votes.pop(str(target_id))
        seats = row.seats
        if newcomer is not None:
            # The seat keeps its name (the rules and the replay know it by that name);
            # only the person behind it changes.
            seats = tuple(
                s.model_copy(update={"user_id": newcomer[0]}) if s is target else s for s in seats
            )
        store.update_game(
            row.id,
            expected_seq=row.seq,
            now=service.clock(),
            settings=row.settings.model_copy(update={"replace_votes": votes}),
            seats=seats,
        )
        store.cancel_reminders(row.id, user_id=target_id)
    line = f"By vote of the table, {who} now plays {target.name}'s seat."
    if newcomer is None:
        service.leave(channel_id, target_id, line)
        update = service.resume_ai(channel_id)
        if service.owes_posts:
            update.owed = True  # the line rides on the board stored with the seat change
        else:
            update.lines.insert(0, line)
    else:
        update = service.current_update(channel_id)
        # The newcomer is mentioned and gets reminders if the seat is waiting.
        changed = target.id in {w.seat for w in update.waiting}
        update = dataclasses.replace(
            update, lines=[line], waiting_changed=update.waiting_changed or changed
        )
    return ReplaceResult(f"Done: {who} now plays {target.name}'s seat.", update)


def is_absent(service: TableService, row: GameRow, user_id: int) -> bool:
    """Away, or waited for longer than the table's deadline."""
    now = service.clock()
    if away_until(service.store, user_id, now) is not None:
        return True
    if not any(w.user_id == user_id for w in service.waiting(row.channel_id)):
        return False
    # The wait's start as its stored items know it (a vote or a settings change touches the
    # table's row, not the wait); without items, the latest move.
    starts = [
        float(r.payload["since"])
        for r in service.store.reminders_for(row.id)
        if r.user_id == user_id and "since" in r.payload
    ]
    since = min(starts) if starts else waiting_since(service.store, row.id, row.created_at)
    return now - since >= TableSettings.of(row.settings).deadline


# ---------------------------------------------------------------------- reading
@dataclass(frozen=True)
class MineEntry:
    """One game waiting for the caller."""

    title: str
    channel_id: int
    seat_name: str
    since: float
    guild_id: int | None
    board_message_id: int | None


def games_waiting_for(service: TableService, guild_id: int | None, user_id: int) -> list[MineEntry]:
    """Every running game in the server that waits for ``user_id``, longest wait first.
    Only in a server: a direct message has none, and must not list every server's games."""
    if guild_id is None:
        raise GameError("/game mine lists one server's games; use it in a channel there.")
    entries = []
    for row in service.store.open_games(guild_id=guild_id, user_id=user_id):
        if row.status != "active":
            continue
        try:
            waiting = service.waiting(row.channel_id)
        except GameError:
            continue  # the table closed while we were listing
        mine = [w for w in waiting if w.user_id == user_id]
        if not mine:
            continue
        entries.append(
            MineEntry(
                title=registry.get(row.game).title,
                channel_id=row.channel_id,
                seat_name=" and ".join(w.name for w in mine),
                since=waiting_since(service.store, row.id, row.updated_at),
                guild_id=row.guild_id,
                board_message_id=row.board_message_id,
            )
        )
    return sorted(entries, key=lambda e: e.since)
