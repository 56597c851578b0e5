"""Where a notice goes (issue "Async play across days"): by direct message or in the channel,
as the player chose; a refused DM falls back to the channel and is remembered."""

from __future__ import annotations

import logging
from typing import Protocol

from bot.store import GameStore
from bot.tables import workers
from bot.tables.settings import DM_BLOCKED_KEY, NOTIFY_KEY
from bot.tables.stand_in import Notice

log = logging.getLogger(__name__)


class Notifier(Protocol):
    """Sends notices, worded for where they go; the Discord layer implements it."""

    async def send_channel(self, notice: Notice) -> None: ...

    async def send_dm(self, notice: Notice) -> bool:
        """False when the player does not accept direct messages from the bot."""
        ...


async def deliver(store: GameStore, notifier: Notifier, notice: Notice, now: float) -> str:
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
                sent: bool | None = await notifier.send_dm(notice)
            except Exception:
                log.warning("DM to %s failed; using the channel this time", user_id, exc_info=True)
                sent = None
            if sent:
                return "dm"
            if sent is False:
                await workers.rules(store.set_user, user_id, DM_BLOCKED_KEY, True, now)
    await notifier.send_channel(notice)
    return "channel"
