"""The one scheduler loop behind reminders and deadlines (issue "Async play across days").

Due times live in SQLite (``reminders``), so nothing is lost when the bot restarts. The loop
sleeps until the earliest due time (``store.next_due``) or until ``poke()`` says that new
items were added; it never polls every second. ``fire_due(now)`` is the synchronous heart:
it claims each due item with ``store.mark_fired`` (a compare-and-set, True only once) before
handing it to the handler, so an item fires at most once even with two processes or after a
restart. Items missed while the bot was down are due at start-up and fire then, once.

When the store fails mid-pass (locked past its busy timeout, full, unreachable: a
``StoreFault``), the pass stops there: an item claimed but not handled is handed back
(``release_fired``; kept in memory until the store takes it), so every item due meanwhile
fires once when the store is back, and the loop tries again after ``STORE_RETRY``.

Tests drive ``fire_due`` directly with a fake clock; the bot runs ``run()`` as one task.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.store import CorruptReminder, GameStore, Reminder, StoreFault
from bot.tables import workers

log = logging.getLogger(__name__)

R = TypeVar("R")

# The longest single sleep. A wall clock can jump (suspend, NTP) while asyncio's monotonic
# timer does not, so the loop re-reads the store at least this often.
MAX_SLEEP = 3600.0
# After an unexpected failure, wait this long before trying again.
RETRY_AFTER = 30.0
# After the store failed (``StoreFault``), try again this soon: it is usually back quickly.
STORE_RETRY = 5.0
# Fired rows are kept this long (seconds), then pruned: enough to see recent history while
# debugging, without the table growing for as long as the bot runs.
KEEP_FIRED = 7 * 24 * 3600.0


@dataclass(frozen=True)
class Fired(Generic[R]):
    """One claimed item and what the handler made of it (None if the handler failed)."""

    reminder: Reminder
    result: R | None


class Scheduler(Generic[R]):
    """Fires stored reminders at their due time through ``handler`` (sync, run in a worker
    thread by ``run``); ``on_fired`` (async) then delivers the results, e.g. to Discord."""

    def __init__(
        self,
        store: GameStore,
        clock: Callable[[], float],
        handler: Callable[[Reminder], R],
        on_fired: Callable[[list[Fired[R]]], Awaitable[None]] | None = None,
        batch: int = 100,
    ) -> None:
        self.store = store
        self.clock = clock
        self.handler = handler
        self.on_fired = on_fired
        self.batch = batch
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._stopping = False
        # Items claimed whose handler the store failed: (id, claimed at), handed back as
        # soon as the store takes it.
        self._unreleased: list[tuple[int, float]] = []
        # Whether the last pass stopped at a store failure (``run`` then retries soon).
        self.store_failed = False

    def fire_due(self, now: float) -> list[Fired[R]]:
        """Claim and handle every item due at ``now``, earliest first; return them. If the
        store fails on the way, stop there: what was handled is returned, the rest fires
        on a later pass (``store_failed`` says so)."""
        fired: list[Fired[R]] = []
        self.store_failed = False
        try:
            self._release()
            self._fire(now, fired)
        except StoreFault as fault:
            log.warning("the store failed while firing reminders: %s", fault)
            self.store_failed = True
        return fired

    def _fire(self, now: float, fired: list[Fired[R]]) -> None:
        while True:
            try:
                due = self.store.due(now, self.batch)
            except CorruptReminder as exc:
                self._drop(exc, now)
                continue
            if not due:
                if fired:
                    self.store.prune_fired(now - KEEP_FIRED)
                return
            for reminder in due:
                if not self.store.mark_fired(reminder.id, now):
                    continue  # another process claimed it first
                try:
                    result: R | None = self.handler(reminder)
                except StoreFault:
                    # Nothing of it was stored: hand it back, so it fires once the store
                    # is back rather than never.
                    self._unreleased.append((reminder.id, now))
                    self._release()
                    raise
                except Exception:
                    # Claimed already, so it will not fire again: a broken item must not
                    # block the queue or repeat forever.
                    log.exception("reminder %s (%s) failed", reminder.id, reminder.kind)
                    result = None
                fired.append(Fired(reminder, result))

    def _release(self) -> None:
        """Hand back the claims on items the store failed to handle (raises StoreFault
        while it still fails; they stay listed)."""
        while self._unreleased:
            reminder_id, claimed_at = self._unreleased[0]
            self.store.release_fired(reminder_id, claimed_at)
            self._unreleased.pop(0)

    def next_due_at(self) -> float | None:
        """When the earliest pending item falls due, or None when nothing is pending."""
        while True:
            try:
                upcoming = self.store.next_due()
            except CorruptReminder as exc:
                self._drop(exc, self.clock())
                continue
            return None if upcoming is None else upcoming.due_at

    def _drop(self, exc: CorruptReminder, now: float) -> None:
        log.error("%s", exc)
        self.store.mark_fired(exc.reminder_id, now)

    async def run(self) -> None:
        """Fire due items, then sleep until the next due time or a poke; until ``stop``."""
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        while not self._stopping:  # a stop() before the task got going holds too
            # Cleared before reading the store: a poke that arrives while we read is kept.
            self._wake.clear()
            try:
                fired = await workers.rules(self.fire_due, self.clock())
                if fired and self.on_fired is not None:
                    await self.on_fired(fired)
                if self.store_failed:
                    delay = STORE_RETRY
                else:
                    upcoming = await workers.rules(self.next_due_at)
                    delay = MAX_SLEEP if upcoming is None else upcoming - self.clock()
            except StoreFault as fault:
                log.warning("scheduler pass: %s Retrying in %s s.", fault, STORE_RETRY)
                delay = STORE_RETRY
            except Exception:
                log.exception("scheduler pass failed; retrying in %s s", RETRY_AFTER)
                delay = RETRY_AFTER
            if self._stopping:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), min(MAX_SLEEP, max(0.0, delay)))

    def poke(self) -> None:
        """New items were stored: re-check the next due time. Safe from any thread."""
        loop, wake = self._loop, self._wake
        if loop is None or wake is None:
            return  # not running yet; run() reads the store when it starts
        try:
            current = asyncio.get_running_loop()
        except RuntimeError:
            current = None
        if current is loop:
            wake.set()
        else:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(wake.set)

    def stop(self) -> None:
        """Ask ``run`` to return after the current pass."""
        self._stopping = True
        self.poke()
