"""The stored items that time a waiting seat (issue "Async play across days").

Each waiting human seat gets stored items (``reminders.kind``):

- ``remind``: a nudge, first ``remind_after`` after the wait began, then every ``remind_every``;
- ``deadline``: when the table's policy is ``skip`` or ``ai``, someone moves for the seat;
- ``resume``: the player is away; when their away time ends, their clock starts afresh;
- ``window``: a quick prompt (an interrupt window) closes for that seat.

Each item carries the seat, the game's ``seq`` and ``since`` (when the wait began). What
happens when one falls due is ``bot.tables.stand_in``. Also here: what a board says about
time (``board_clock``), as data; the Discord layer words it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.store import GameRow, GameStore
from bot.tables.service import TableService
from bot.tables.settings import AWAY_KEY, Policy, TableSettings
from bot.tables.updates import Update, Waiting
from engines import registry
from engines.core.menus import QuickPrompt


# ---------------------------------------------------------------------- what the store knows
def away_until(store: GameStore, user_id: int, now: float) -> float | None:
    """When the player's away time ends, if they are away at ``now``."""
    record = store.get_user(user_id, AWAY_KEY)
    until = record.get("until") if isinstance(record, dict) else None
    return float(until) if isinstance(until, int | float) and until > now else None


def waiting_since(store: GameStore, game_id: int, fallback: float) -> float:
    """When the game last moved (its latest log row), else ``fallback``."""
    latest = store.log(game_id, 1)
    return latest[-1].at if latest else fallback


def next_reminder_at(settings: TableSettings, since: float, now: float) -> float:
    """The first reminder slot after ``now`` for a wait that began at ``since``.

    Slots are ``since + remind_after + k * remind_every``; a slot missed while the bot was
    down is not sent twice, the next one simply follows."""
    first = since + settings.remind_after
    if first > now:
        return first
    missed = (now - first) // settings.remind_every + 1
    return first + missed * settings.remind_every


def schedule_seats(
    store: GameStore,
    row: GameRow,
    waiting: Iterable[Waiting],
    settings: TableSettings,
    since: float,
    now: float,
) -> None:
    """Store the items for every waiting human seat whose wait began at ``since``."""
    if settings.policy == "none":
        return
    for w in waiting:
        if w.user_id is None:
            continue  # an AI seat, or an unclaimed seat of an imported game: nobody to nudge
        until = away_until(store, w.user_id, now)
        if until is not None:
            add_item(store, row, w.seat, w.user_id, since, "resume", until)
            continue
        due = next_reminder_at(settings, since, now)
        add_item(store, row, w.seat, w.user_id, since, "remind", due)
        if settings.policy in ("skip", "ai"):
            add_item(store, row, w.seat, w.user_id, since, "deadline", since + settings.deadline)


def add_item(
    store: GameStore, row: GameRow, seat: int, user_id: int, since: float, kind: str, due_at: float
) -> None:
    """Store one item for a seat's wait that began at ``since`` (at the game's current seq)."""
    store.add_reminder(
        game_id=row.id,
        channel_id=row.channel_id,
        user_id=user_id,
        kind=kind,
        due_at=due_at,
        payload={"seat": seat, "seq": row.seq, "since": since},
    )


# ---------------------------------------------------------------------- after every change
def on_update(store: GameStore, service: TableService, update: Update, now: float) -> None:
    """Keep the game's items in step with whom it waits for (the ``gm_update`` listener).

    When who-must-act changes, every earlier item of the game is dropped and the seats that
    wait now get fresh ones. Runs under the channel's lock and reads the waiting seats from
    the game as it stands, so updates handled late or out of order still leave exactly the
    items for the current wait."""
    with service.lock(update.channel_id):
        row = store.get_game(update.game_id)
        if row.status != "active":
            store.cancel_reminders(row.id)
            return
        settings = TableSettings.of(row.settings)
        quick = quick_prompt(row)
        if quick is not None and settings.window:
            time_quick_prompt(store, service, row, quick, settings, now)
            return
        if not update.waiting_changed:
            return
        store.cancel_reminders(row.id)
        waiting = update.waiting if row.seq == update.seq else service.waiting(row.channel_id)
        since = waiting_since(store, row.id, now)
        schedule_seats(store, row, waiting, settings, since, now)


def keeps_waits(update: Update) -> bool:
    """Whether ``on_update`` would leave every item as it is, told from the update alone: a
    change in a running game that keeps the same seats waiting, in a game whose rules have
    no quick prompt (the common move within a turn, which then needs no store read)."""
    return (
        update.status == "active"
        and not update.waiting_changed
        and registry.entry(update.game).quick_prompt is None
    )


def quick_prompt(row: GameRow) -> QuickPrompt | None:
    """The game's quick timed prompt now, if its rules mark one (``engines.core.menus``)."""
    entry = registry.entry(row.game)
    if entry.quick_prompt is None or not row.state:
        return None
    return entry.quick_prompt(entry.engine.decode_state(row.state))


def time_quick_prompt(
    store: GameStore,
    service: TableService,
    row: GameRow,
    quick: QuickPrompt,
    settings: TableSettings,
    now: float,
) -> None:
    """Give everyone asked in a quick prompt ``settings.window`` seconds from its opening.

    A fresh prompt replaces every item of the game; an answer only drops the answerer's
    item, so the others' timer keeps running from the opening. The prompt closes early
    anyway once everyone answered, because the game then moves on."""
    waiting = service.waiting(row.channel_id)
    asked = {w.user_id for w in waiting if w.user_id is not None}
    if quick.fresh:
        store.cancel_reminders(row.id)
        for w in waiting:
            if w.user_id is not None:
                add_item(store, row, w.seat, w.user_id, now, "window", now + settings.window)
        return
    for item in store.reminders_for(row.id):
        if item.kind != "window" or item.user_id not in asked:
            store.cancel_reminders(row.id, item.kind, item.user_id)


# ---------------------------------------------------------------------- what a board says
@dataclass(frozen=True)
class QuickClock:
    """An open quick prompt: what it asks (``label``) and when it closes."""

    label: str
    closes: float


@dataclass(frozen=True)
class WaitClock:
    """A wait under the table's policy: ``at`` is when the first reminder (policy ``remind``)
    or the deadline falls for the ``present`` players; ``away`` lists (name, until)."""

    policy: Policy
    at: float
    present: tuple[str, ...]
    away: tuple[tuple[str, float], ...]


def board_clock(service: TableService, update: Update) -> QuickClock | WaitClock | None:
    """What the board about to be posted says about time, if anything."""
    if update.status != "active" or not update.waiting:
        return None
    now = service.clock()
    row = service.store.get_game(update.game_id)
    settings = TableSettings.of(row.settings)
    quick = quick_prompt(row)
    if quick is not None and settings.window:
        timers = [r.due_at for r in service.store.reminders_for(row.id, "window")]
        closes = now + settings.window if quick.fresh or not timers else min(timers)
        return QuickClock(quick.label, closes)
    if settings.policy == "none":
        return None
    away: dict[int, float] = {}
    for w in update.waiting:
        until = None if w.user_id is None else away_until(service.store, w.user_id, now)
        if w.user_id is not None and until is not None:
            away[w.user_id] = until
    since = waiting_since(service.store, row.id, now)
    delay = settings.remind_after if settings.policy == "remind" else settings.deadline
    return WaitClock(
        policy=settings.policy,
        at=since + delay,
        present=tuple(
            w.name for w in update.waiting if w.user_id is not None and w.user_id not in away
        ),
        away=tuple((w.name, away[w.user_id]) for w in update.waiting if w.user_id in away),
    )
