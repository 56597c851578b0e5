"""``Store``: every table of the bot in one SQLite file (docs/architecture.md "Storage").

The parts live in their own modules (games, log, exchange, outbox, reminders, users,
standings) over one shared connection (base); this class only puts them together.
"""

from __future__ import annotations

from bot.store.exchange import GameExchange
from bot.store.outbox import Outbox
from bot.store.reminders import Reminders
from bot.store.standings import Standings
from bot.store.users import UserRecords


class Store(GameExchange, Outbox, Reminders, UserRecords, Standings):
    """Synchronous and thread-safe; the bot calls it from worker threads."""
