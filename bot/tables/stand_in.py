"""When a stored item falls due (issue "Async play across days"): remind the player, restart
their clock after an away time, close a quick prompt, or move for an absent seat.

Nothing is trusted when an item fires: the game must still run, the seat must still belong to
the same player and still wait. If the game moved on meanwhile but the same seat still waits
(a turn of several decisions), the clock restarts at the latest move, so an active player is
never timed out in the middle of a turn.

Time never enters the rules: a deadline becomes an ordinary action submitted through
``TableService.submit_for``, so the action log and replay stay exact. What a notice says is
worded by the Discord layer; a ``Notice`` here is the facts.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass, field
from typing import Literal

from bot.store import GameRow, GameStore, Reminder, SeatRecord, StaleSequence, StoreFault
from bot.tables.service import TableService
from bot.tables.settings import Policy, TableSettings
from bot.tables.updates import Update, Waiting
from bot.tables.waits import (
    add_item,
    away_until,
    next_reminder_at,
    quick_prompt,
    schedule_seats,
    waiting_since,
)
from engines import registry
from engines.core.errors import GameError
from engines.core.rng import Rng, seed_from

log = logging.getLogger(__name__)

# One deadline never plays more than this many decisions for a seat: a rules bug must not
# make the stand-in spin.
STAND_IN_CAP = 200


@dataclass(frozen=True)
class Notice:
    """Something to tell a table. ``kind`` ``"reminder"``: the game waits for ``user_id``
    as ``seat_name`` since ``since`` (and, under the ``skip`` and ``ai`` policies, someone
    moves for them at ``deadline_at``); ``"no_default"``: the seat's time ran out but the
    rules give no default move, so the game keeps waiting (``user_id`` is None: the note goes
    to the channel)."""

    kind: Literal["reminder", "no_default"]
    channel_id: int
    guild_id: int | None
    user_id: int | None
    title: str
    seat_name: str
    since: float
    policy: Policy
    deadline_at: float | None = None
    board_message_id: int | None = None


@dataclass
class Outcome:
    """What a fired item asks the Discord layer to do: send notices, publish a board."""

    notices: list[Notice] = field(default_factory=list)
    update: Update | None = None


@dataclass(frozen=True)
class _Wait:
    row: GameRow
    seat: SeatRecord
    settings: TableSettings
    since: float


def _still_waiting(store: GameStore, reminder: Reminder) -> _Wait | None:
    """The wait the item was stored for, if it still stands."""
    row = store.get_game(reminder.game_id)
    if row.status != "active":
        return None
    seat_id = reminder.payload["seat"]
    seat = row.seat(seat_id)
    if seat is None or seat.kind != "human" or seat.user_id != reminder.user_id:
        return None  # the seat changed hands
    engine = registry.get(row.game)
    if seat_id not in engine.to_act(engine.decode_state(row.state)):
        return None
    settings = TableSettings.of(row.settings)
    if settings.policy == "none":
        return None
    since = float(reminder.payload["since"])
    if row.seq != reminder.payload["seq"]:
        since = waiting_since(store, row.id, since)  # the game moved on: restart the clock
    return _Wait(row, seat, settings, since)


def on_due(store: GameStore, service: TableService, reminder: Reminder, now: float) -> Outcome:
    """Handle one fired item (the scheduler's handler): remind, resume or play for a seat."""
    if reminder.kind == "window":
        return close_quick_prompt(service, reminder)
    with service.lock(reminder.channel_id):
        wait = _still_waiting(store, reminder)
        if wait is None:
            return Outcome()
        user_id = reminder.user_id
        assert user_id is not None  # schedule_seats stores items only for seated players
        if away_until(store, user_id, now) is not None:
            return Outcome()  # their "resume" item restarts the clock when they are back
        if reminder.kind == "resume":
            schedule_seats(store, wait.row, [_waiting(wait, user_id)], wait.settings, now, now)
            return Outcome()
        if reminder.kind == "remind":
            return _remind(store, wait, user_id, now)
        if reminder.kind != "deadline":
            log.warning("unknown reminder kind %r (item %s)", reminder.kind, reminder.id)
            return Outcome()
        due = wait.since + wait.settings.deadline
        if due > now:
            _store_item(store, wait, user_id, "deadline", due)
            return Outcome()
        if wait.settings.policy not in ("skip", "ai"):
            return Outcome()
        log.info("deadline passed for %s in game %s", wait.seat.name, wait.row.id)
    # Outside the lock: submit_for takes the channel's lock itself.
    return _stand_in(service, wait)


def close_quick_prompt(service: TableService, reminder: Reminder) -> Outcome:
    """A quick prompt's timer ran out for one seat: the rules' default answers for it."""
    seat_id = reminder.payload["seat"]
    for _ in range(3):  # another answer may land between reading and submitting
        row = service.store.get_game(reminder.game_id)
        quick = quick_prompt(row) if row.status == "active" else None
        engine = registry.get(row.game)
        if quick is None or seat_id not in engine.to_act(engine.decode_state(row.state)):
            return Outcome()
        seat = row.seat(seat_id)
        if seat is None:
            return Outcome()
        action = engine.default_action(engine.decode_state(row.state), seat_id)
        if action is None:
            return Outcome()
        note = f"⏱ {seat.name} did not answer {quick.label} in time: that counts as a pass."
        try:
            update = service.submit_for(row.channel_id, seat_id, action, note, expected_seq=row.seq)
        except StaleSequence:
            continue
        log.info("quick prompt closed for %s in game %s", seat.name, row.id)
        return Outcome(update=update)
    return Outcome()


def _waiting(wait: _Wait, user_id: int) -> Waiting:
    return Waiting(wait.seat.id, wait.seat.name, user_id)


def _store_item(store: GameStore, wait: _Wait, user_id: int, kind: str, due_at: float) -> None:
    add_item(store, wait.row, wait.seat.id, user_id, wait.since, kind, due_at)


def _notice(wait: _Wait, kind: Literal["reminder", "no_default"], user_id: int | None) -> Notice:
    row, settings = wait.row, wait.settings
    return Notice(
        kind=kind,
        channel_id=row.channel_id,
        guild_id=row.guild_id,
        user_id=user_id,
        title=registry.get(row.game).title,
        seat_name=wait.seat.name,
        since=wait.since,
        policy=settings.policy,
        deadline_at=(wait.since + settings.deadline if settings.policy in ("skip", "ai") else None),
        board_message_id=row.board_message_id,
    )


def _remind(store: GameStore, wait: _Wait, user_id: int, now: float) -> Outcome:
    settings = wait.settings
    first = wait.since + settings.remind_after
    if first > now:  # the clock restarted after a move: the nudge moves with it
        _store_item(store, wait, user_id, "remind", first)
        return Outcome()
    _store_item(store, wait, user_id, "remind", next_reminder_at(settings, wait.since, now))
    log.info("reminder for %s in game %s", wait.seat.name, wait.row.id)
    return Outcome(notices=[_notice(wait, "reminder", user_id)])


def _stand_in(service: TableService, wait: _Wait) -> Outcome:
    """Play for the absent seat until it no longer must decide (its whole turn)."""
    row, seat_id, name = wait.row, wait.seat.id, wait.seat.name
    entry = registry.entry(row.game)
    engine = entry.engine
    skip = wait.settings.policy == "skip"
    note = (
        f"⏰ {name}'s time ran out: the rules' default move is played for them."
        if skip
        else f"⏰ {name}'s time ran out: an AI stand-in moves for them."
    )
    updates: list[Update] = []
    no_default = False
    for _ in range(STAND_IN_CAP):
        state = engine.decode_state(row.state)
        if skip:
            action = engine.default_action(state, seat_id)
        else:
            # The AI sees only this seat's view (determinization), never other secrets.
            rng = Rng(seed_from(row.seed, row.seq, seat_id))
            action = entry.policy("ai").choose(engine, state, seat_id, rng)
        if action is None:
            no_default = True
            break
        try:
            update = service.submit_for(row.channel_id, seat_id, action, note, expected_seq=row.seq)
        except StoreFault:
            raise  # not stored: the scheduler hands the item back, to fire once it is up
        except GameError as exc:  # the player (or a click) got there first
            log.info("stand-in for %s in game %s skipped: %s", name, row.id, exc)
            break
        updates.append(update)
        if update.status != "active" or seat_id not in {w.seat for w in update.waiting}:
            break
        row = service.store.get_game(row.id)
    if updates:
        log.info(
            "stand-in (%s) made %d moves for %s in game %s",
            wait.settings.policy,
            len(updates),
            name,
            row.id,
        )
        return Outcome(update=_merged(updates, note))
    if no_default:
        return Outcome(notices=[_notice(wait, "no_default", None)])
    return Outcome()


def _merged(updates: list[Update], note: str) -> Update:
    """One board for a whole stand-in turn: every line once, the note as its header."""
    lines: list[str] = []
    private: dict[int, list[str]] = {}
    for update in updates:
        lines.extend(line for line in update.lines if line != note)
        for user_id, texts in update.private.items():
            private.setdefault(user_id, []).extend(texts)
    return dataclasses.replace(
        updates[-1],
        lines=lines,
        header=[note],
        private=private,
        waiting_changed=any(u.waiting_changed for u in updates),
    )
