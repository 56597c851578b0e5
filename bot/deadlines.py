"""Reminders, deadlines and stand-ins for games that last days (issue "Async play across days").

The Discord-free policy behind the scheduler. Each waiting human seat gets stored items
(``reminders.kind``):

- ``remind``: a nudge, first ``remind_after`` after the wait began, then every ``remind_every``;
- ``deadline``: when the table's policy is ``skip`` or ``ai``, someone moves for the seat;
- ``resume``: the player is away; when their away time ends, their clock starts afresh.

Each item carries the seat, the game's ``seq`` and ``since`` (when the wait began). Nothing is
trusted when it fires: the game must still run, the seat must still belong to the same player
and still wait. If the game moved on meanwhile but the same seat still waits (a turn of
several decisions), the clock restarts at the latest move, so an active player is never
timed out in the middle of a turn.

Time never enters the rules: a deadline becomes an ordinary action submitted through
``TableService.submit_for``, so the action log and replay stay exact.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot import workers
from bot.service import TableService
from bot.store import GameRow, Reminder, StaleSequence, Store
from bot.updates import Update, Waiting
from engines import registry
from engines.core.errors import GameError
from engines.core.menus import QuickPrompt
from engines.core.rng import Rng, seed_from

log = logging.getLogger(__name__)

MINUTE, HOUR, DAY = 60, 3600, 86400
SETTINGS_KEY = "deadlines"  # games.settings[SETTINGS_KEY] holds the TableSettings
NOTIFY_KEY = "notify"  # user record: "dm", "channel" (default) or "off"
DM_BLOCKED_KEY = "dm_blocked"  # user record: True once a DM was refused
AWAY_KEY = "away"  # user record: {"until": unix time}
MAX_AWAY = 14 * DAY
# One deadline never plays more than this many decisions for a seat: a rules bug must not
# make the stand-in spin.
STAND_IN_CAP = 200

Policy = Literal["none", "remind", "skip", "ai"]
NotifyMode = Literal["dm", "channel", "off"]

# field: (what players call it, lowest, highest) in seconds.
BOUNDS: dict[str, tuple[str, int, int]] = {
    "remind_after": ("The first reminder", 10 * MINUTE, 14 * DAY),
    "remind_every": ("The time between reminders", HOUR, 14 * DAY),
    "deadline": ("The deadline", 10 * MINUTE, 30 * DAY),
    "window": ("The interrupt window", 0, DAY),
}

POLICY_TEXT: dict[str, str] = {
    "none": "no reminders and no deadline",
    "remind": "reminders only; the game waits as long as it takes",
    "skip": "reminders, then at the deadline the rules' default move is played",
    "ai": "reminders, then at the deadline an AI stand-in moves for the absent player",
}


class BadSettings(GameError):
    """Table settings or a duration that the bot cannot accept."""


class TableSettings(BaseModel):
    """How a table treats absent players. Durations are in seconds."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    policy: Policy = "remind"
    remind_after: int = Field(12 * HOUR, ge=BOUNDS["remind_after"][1], le=BOUNDS["remind_after"][2])
    remind_every: int = Field(24 * HOUR, ge=BOUNDS["remind_every"][1], le=BOUNDS["remind_every"][2])
    deadline: int = Field(48 * HOUR, ge=BOUNDS["deadline"][1], le=BOUNDS["deadline"][2])
    # Quick timed prompts (an interrupt window): seconds until no answer counts as the rules'
    # default (a pass); 0 waits for every answer like any other decision.
    window: int = Field(30, ge=BOUNDS["window"][1], le=BOUNDS["window"][2])

    @classmethod
    def parse(cls, raw: Mapping[str, Any]) -> TableSettings:
        """Validate, with one plain sentence per problem."""
        try:
            return cls.model_validate(dict(raw))
        except ValidationError as exc:
            raise BadSettings(" ".join(_problem(e) for e in exc.errors())) from None

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> TableSettings:
        """The settings stored in a table's ``games.settings``, or the defaults."""
        return cls.parse(settings.get(SETTINGS_KEY) or {})

    def describe(self) -> str:
        lines = [f"**Deadline policy:** {self.policy} ({POLICY_TEXT[self.policy]})."]
        if self.policy != "none":
            lines.append(
                f"**Reminders:** after {format_duration(self.remind_after)}, then every "
                f"{format_duration(self.remind_every)}."
            )
        if self.policy in ("skip", "ai"):
            lines.append(f"**Deadline:** {format_duration(self.deadline)} after the wait begins.")
        if self.window:
            lines.append(
                f"**Quick prompts** (interrupt windows): close after "
                f"{format_duration(self.window)}; no answer counts as a pass."
            )
        else:
            lines.append("**Quick prompts** (interrupt windows): wait for every answer.")
        return "\n".join(lines)


def _problem(error: Mapping[str, Any]) -> str:
    name = str(error["loc"][0]) if error["loc"] else ""
    if name in BOUNDS:
        what, low, high = BOUNDS[name]
        return f"{what} must be between {format_duration(low)} and {format_duration(high)}."
    if name == "policy":
        return "The deadline policy must be one of none, remind, skip or ai."
    return f"There is no table setting called {name!r}."


# ---------------------------------------------------------------------- durations and times
_UNITS = {"w": 7 * DAY, "d": DAY, "h": HOUR, "m": MINUTE, "s": 1}
_PART = r"(\d+(?:\.\d+)?)\s*(w|weeks?|d|days?|h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?)"
_DURATION = re.compile(rf"(?:\s*{_PART}\s*,?)+\s*", re.IGNORECASE)


def parse_duration(text: str) -> int:
    """``"3d"``, ``"12h"``, ``"1d 12h"``, ``"90 minutes"``, ``"30s"`` -> seconds; ``"off"``
    is 0 (for settings where 0 switches a timer off)."""
    if text.strip().lower() in {"off", "0"}:
        return 0
    if not _DURATION.fullmatch(text):
        raise BadSettings(
            f"I could not read {text!r} as a duration. Write it like 3d, 12h, 1d12h or 45m."
        )
    total = sum(float(n) * _UNITS[unit[0].lower()] for n, unit in re.findall(_PART, text, re.I))
    return round(total)


def format_duration(seconds: float) -> str:
    """Seconds as words a player reads at a glance: "2 days", "1 day 12 hours"."""
    left = round(seconds)
    parts = []
    for name, size in (("day", DAY), ("hour", HOUR), ("minute", MINUTE), ("second", 1)):
        count, left = divmod(left, size)
        if count:
            parts.append(f"{count} {name}{'s' if count != 1 else ''}")
    return " ".join(parts[:2]) or "no time"


def stamp(at: float, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone."""
    return f"<t:{int(at)}:{style}>"


def board_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    """A jump link to the table's latest board, or to the channel if none was posted."""
    where = f"https://discord.com/channels/{guild_id if guild_id is not None else '@me'}"
    link = f"{where}/{channel_id}"
    return f"{link}/{message_id}" if message_id is not None else link


# ---------------------------------------------------------------------- what the store knows
def away_until(store: Store, user_id: int, now: float) -> float | None:
    """When the player's away time ends, if they are away at ``now``."""
    record = store.get_user(user_id, AWAY_KEY)
    until = record.get("until") if isinstance(record, dict) else None
    return float(until) if isinstance(until, int | float) and until > now else None


def waiting_since(store: Store, game_id: int, fallback: float) -> float:
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
    store: Store,
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
    store: Store, row: GameRow, seat: int, user_id: int, since: float, kind: str, due_at: float
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
def on_update(store: Store, service: TableService, update: Update, now: float) -> None:
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


def quick_prompt(row: GameRow) -> QuickPrompt | None:
    """The game's quick timed prompt now, if its rules mark one (``engines.core.menus``)."""
    entry = registry.entry(row.game)
    if entry.quick_prompt is None or not row.state:
        return None
    return entry.quick_prompt(entry.engine.decode_state(row.state))


def time_quick_prompt(
    store: Store,
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


def close_quick_prompt(service: TableService, reminder: Reminder) -> Outcome:
    """A quick prompt's timer ran out for one seat: the rules' default answers for it."""
    seat_id = reminder.payload["seat"]
    for _ in range(3):  # another answer may land between reading and submitting
        row = service.store.get_game(reminder.game_id)
        quick = quick_prompt(row) if row.status == "active" else None
        engine = registry.get(row.game)
        if quick is None or seat_id not in engine.to_act(engine.decode_state(row.state)):
            return Outcome()
        seat = next(s for s in row.seats if s["id"] == seat_id)
        action = engine.default_action(engine.decode_state(row.state), seat_id)
        if action is None:
            return Outcome()
        note = f"⏱ {seat['name']} did not answer {quick.label} in time: that counts as a pass."
        try:
            update = service.submit_for(row.channel_id, seat_id, action, note, expected_seq=row.seq)
        except StaleSequence:
            continue
        return Outcome(update=update)
    return Outcome()


def quick_prompt_line(quick: QuickPrompt, closes: float) -> str:
    return f"⏱ {quick.label.capitalize()} closes {stamp(closes)}; no answer counts as a pass."


def deadline_line(
    update: Update, settings: TableSettings, since: float, away: Mapping[int, float]
) -> str | None:
    """The board's line about time: when the deadline (or first reminder) falls, as a
    Discord relative timestamp, and who is away. Names only, never mentions: the board's
    "Waiting for" line already mentions whoever must act, once per change."""
    if update.status != "active" or not update.waiting or settings.policy == "none":
        return None
    present = [w.name for w in update.waiting if w.user_id is not None and w.user_id not in away]
    lines = []
    if present:
        names = " and ".join(present)
        if settings.policy == "remind":
            at = stamp(since + settings.remind_after)
            lines.append(f"⏰ A reminder goes out {at} if the game is still waiting for {names}.")
        else:
            what = (
                "the rules' default move is played"
                if settings.policy == "skip"
                else "an AI stand-in moves"
            )
            at = stamp(since + settings.deadline)
            lines.append(f"⏰ Deadline {at}: then {what} for {names}.")
    for w in update.waiting:
        if w.user_id in away:
            lines.append(
                f"{w.name} is away until {stamp(away[w.user_id], 'f')}; "
                "reminders and the deadline wait for them."
            )
    return "\n".join(lines) or None


# ---------------------------------------------------------------------- when an item falls due
@dataclass(frozen=True)
class Notice:
    """A reminder for one player: ``text`` for the channel (with a mention), ``dm_text`` for a
    direct message (with a link back to the table)."""

    channel_id: int
    user_id: int | None
    text: str
    dm_text: str


@dataclass
class Outcome:
    """What a fired item asks the Discord layer to do: send notices, publish a board."""

    notices: list[Notice] = field(default_factory=list)
    update: Update | None = None


@dataclass(frozen=True)
class _Wait:
    row: GameRow
    seat: dict[str, Any]
    settings: TableSettings
    since: float


def _still_waiting(store: Store, reminder: Reminder) -> _Wait | None:
    """The wait the item was stored for, if it still stands."""
    row = store.get_game(reminder.game_id)
    if row.status != "active":
        return None
    seat_id = reminder.payload["seat"]
    seat = next((s for s in row.seats if s["id"] == seat_id), None)
    if seat is None or seat["kind"] != "human" or seat.get("user_id") != reminder.user_id:
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


def on_due(store: Store, service: TableService, reminder: Reminder, now: float) -> Outcome:
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
    # Outside the lock: submit_for takes the channel's lock itself.
    return _stand_in(service, wait)


def _waiting(wait: _Wait, user_id: int) -> Waiting:
    return Waiting(wait.seat["id"], wait.seat["name"], user_id)


def _store_item(store: Store, wait: _Wait, user_id: int, kind: str, due_at: float) -> None:
    add_item(store, wait.row, wait.seat["id"], user_id, wait.since, kind, due_at)


def _remind(store: Store, wait: _Wait, user_id: int, now: float) -> Outcome:
    settings, row = wait.settings, wait.row
    first = wait.since + settings.remind_after
    if first > now:  # the clock restarted after a move: the nudge moves with it
        _store_item(store, wait, user_id, "remind", first)
        return Outcome()
    _store_item(store, wait, user_id, "remind", next_reminder_at(settings, wait.since, now))
    title = registry.get(row.game).title
    name = wait.seat["name"]
    then = ""
    if settings.policy in ("skip", "ai"):
        what = (
            "the rules' default move will be played for you"
            if settings.policy == "skip"
            else "an AI stand-in will move for you"
        )
        then = f" If you have not moved {stamp(wait.since + settings.deadline)}, {what}."
    text = (
        f"<@{user_id}>, {title} has been waiting for your move as {name} since "
        f"{stamp(wait.since, 'f')}.{then} Away for a while? Use /game away."
    )
    link = board_link(row.guild_id, row.channel_id, row.board_message_id)
    dm_text = (
        f"{title} in <#{row.channel_id}> has been waiting for your move as {name} since "
        f"{stamp(wait.since, 'f')}.{then} Jump to the table: {link}"
    )
    return Outcome(notices=[Notice(row.channel_id, user_id, text, dm_text)])


def _stand_in(service: TableService, wait: _Wait) -> Outcome:
    """Play for the absent seat until it no longer must decide (its whole turn)."""
    row, seat_id, name = wait.row, wait.seat["id"], wait.seat["name"]
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
        except GameError as exc:  # the player (or a click) got there first
            log.info("stand-in for %s in game %s skipped: %s", name, row.id, exc)
            break
        updates.append(update)
        if update.status != "active" or seat_id not in {w.seat for w in update.waiting}:
            break
        row = service.store.get_game(row.id)
    if updates:
        return Outcome(update=_merged(updates, note))
    if no_default:
        text = (
            f"{name}'s time ran out, but the rules give no default move here, so the game "
            f"keeps waiting for {name}."
        )
        return Outcome(notices=[Notice(row.channel_id, None, text, text)])
    return Outcome()


def _merged(updates: list[Update], note: str) -> Update:
    """One board for a whole stand-in turn: every line once, the note only at the start."""
    lines: list[str] = [note]
    private: dict[int, list[str]] = {}
    for update in updates:
        lines.extend(line for line in update.lines if line != note)
        for user_id, texts in update.private.items():
            private.setdefault(user_id, []).extend(texts)
    return dataclasses.replace(
        updates[-1],
        lines=lines,
        private=private,
        waiting_changed=any(u.waiting_changed for u in updates),
    )


# ---------------------------------------------------------------------- delivery
class Notifier(Protocol):
    """Where notices go; the Discord cog implements it."""

    async def send_channel(self, channel_id: int, text: str) -> None: ...

    async def send_dm(self, user_id: int, text: str) -> bool:
        """False when the player does not accept direct messages from the bot."""
        ...


async def deliver(store: Store, notifier: Notifier, notice: Notice, now: float) -> str:
    """Send one notice the way its player asked for; return where it went.

    A refused DM (``send_dm`` returns False) falls back to the channel and is remembered,
    so later notices go to the channel directly. Any other DM failure falls back this once."""
    user_id = notice.user_id
    if user_id is not None:
        mode = await workers.rules(store.get_user, user_id, NOTIFY_KEY, "channel")
        if mode == "off":
            return "off"
        blocked = await workers.rules(store.get_user, user_id, DM_BLOCKED_KEY, False)
        if mode == "dm" and not blocked:
            try:
                sent: bool | None = await notifier.send_dm(user_id, notice.dm_text)
            except Exception:
                log.warning("DM to %s failed; using the channel this time", user_id, exc_info=True)
                sent = None
            if sent:
                return "dm"
            if sent is False:
                await workers.rules(store.set_user, user_id, DM_BLOCKED_KEY, True, now)
    await notifier.send_channel(notice.channel_id, notice.text)
    return "channel"
