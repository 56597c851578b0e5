"""The outbox sender (issue 16): delivers the board posts the store holds, in order, with
retries (docs/architecture.md "From a click to a board", step 5).

A move and the post it owes are stored in one transaction (``bot.store.outbox``). ``flush``
delivers a game's pending posts as one board (the lines of every pending change, the game as
it stands), takes the buttons off the board before it, records the new board for jump links,
and then dispatches ``gm_update`` so the waiting seats' reminders are scheduled. When Discord
refuses (429, 5xx, no network) the posts stay pending and are tried again after a growing
delay; the reminder schedule is not held back by a late board. ``run`` is the background
loop: on start-up it delivers whatever a crash left pending, then whatever falls due.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import aiohttp
import discord

from bot.store import Post
from bot.tables import workers
from bot.tables.service import TableService
from bot.tables.updates import Update

log = logging.getLogger(__name__)

# Seconds before the next try of a post that failed 1, 2, 3, … times; the last repeats.
RETRY_DELAYS: tuple[float, ...] = (1.0, 2.0, 5.0, 10.0, 30.0, 60.0)

# What a failed post can raise that is worth trying again: Discord's refusals and server
# errors (discord.py already retried 429 and 5xx a few times), and the network.
TRANSIENT = (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError)

# Channels whose messages the bot can fetch by id and edit.
EDITABLE = (discord.TextChannel, discord.VoiceChannel, discord.Thread, discord.DMChannel)

# The words and attachments of a board message: ``bot.discord.flow.board_message``.
Compose = Callable[[Update], Awaitable[tuple[str, dict[str, Any]]]]


class Sender:
    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        compose: Compose,
        delays: Sequence[float] = RETRY_DELAYS,
    ) -> None:
        self.client = client
        self.service = service
        self.compose = compose
        self.delays = tuple(delays)
        self._locks: dict[int, asyncio.Lock] = {}
        self._wake = asyncio.Event()
        self._stopping = False

    # ------------------------------------------------------------------ delivering
    async def flush(self, game_id: int, channel: discord.abc.Messageable | None = None) -> bool:
        """Deliver the game's pending posts now; True when none is left pending."""
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            store = self.service.store
            posts, update = await workers.rules(self.service.pending_board, game_id)
            if update is None:
                return True
            ids = [p.id for p in posts]
            unscheduled = any(p.attempts == 0 for p in posts)  # their waits are not stored yet
            try:
                message = await self._post(posts, channel, update)
            except (discord.NotFound, discord.Forbidden) as exc:
                # The channel is gone or closed to the bot: no later try can succeed. The
                # game goes on (its waits are scheduled); the posts are closed unsent.
                log.warning("board of game %s cannot be posted: %s", game_id, exc)
                await workers.rules(
                    store.posts_sent, ids, message_id=None, now=self.service.clock()
                )
                if unscheduled:
                    self.client.dispatch("gm_update", update)
                return True
            except TRANSIENT as exc:
                attempts = max(p.attempts for p in posts)
                delay = self.delays[min(attempts, len(self.delays) - 1)]
                await workers.rules(
                    store.posts_failed,
                    ids,
                    next_at=self.service.clock() + delay,
                    error=f"{type(exc).__name__}: {exc}",
                )
                log.warning(
                    "board of game %s not posted (try %d, next in %.1f s): %s",
                    game_id,
                    attempts + 1,
                    delay,
                    exc,
                )
                if unscheduled:
                    self.client.dispatch("gm_update", update)
                self._wake.set()
                return False
            await workers.rules(
                store.posts_sent, ids, message_id=message.id, now=self.service.clock()
            )
            if unscheduled:
                self.client.dispatch("gm_update", update)
            return True

    async def _post(
        self,
        posts: list[Post],
        hint: discord.abc.Messageable | None,
        update: Update,
    ) -> discord.Message:
        """One live board per turn (issue 19): while the same seats keep deciding, the board
        message is edited in place; a new one is posted (its mention pings) only when the
        game starts waiting for someone else, or a fresh board is asked for."""
        channel_id = posts[-1].channel_id
        channel = hint or self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            raise discord.ClientException(f"channel {channel_id} takes no messages")
        fresh = any(p.payload.get("fresh") or p.payload.get("waiting_changed") for p in posts)
        continues = not fresh and isinstance(channel, EDITABLE)
        previous, turn = await workers.rules(
            self.service.turn_board, update.game_id, posts, continues
        )
        if previous is not None and turn is not None and isinstance(channel, EDITABLE):
            content, kwargs = await self.compose(turn)
            try:
                return await channel.get_partial_message(previous).edit(
                    content=content,
                    attachments=kwargs["files"],
                    view=kwargs.get("view"),
                    allowed_mentions=kwargs["allowed_mentions"],
                )
            except discord.NotFound:
                log.info("board message %s is gone; posting a new one", previous)
        content, kwargs = await self.compose(update)
        # Discord returns, rather than repeats, a message sent with the same nonce minutes
        # before: a retry after a crash between the send and ``posts_sent`` (or after an
        # answer lost on the way) posts the board once.
        message = await channel.send(content, nonce=f"gm-board-{posts[-1].id}", **kwargs)
        await workers.rules(self.service.set_board_message, update.game_id, message.id)
        if previous is not None and previous != message.id:
            await self._retire(channel, previous)
        return message

    @staticmethod
    async def _retire(channel: discord.abc.Messageable, message_id: int) -> None:
        """Take the buttons off a superseded board, so a dead board looks dead."""
        if not isinstance(channel, EDITABLE):
            return
        try:
            await channel.get_partial_message(message_id).edit(view=None)
        except TRANSIENT:
            log.info("could not take the buttons off board message %s", message_id)

    # ------------------------------------------------------------------ the loop
    def poke(self) -> None:
        self._wake.set()

    def stop(self) -> None:
        self._stopping = True
        self._wake.set()

    async def run(self) -> None:
        """Deliver what is pending (first what a crash left), then whatever falls due."""
        await self.client.wait_until_ready()
        while not self._stopping:
            self._wake.clear()
            now = self.service.clock()
            posts: list[Post] = await workers.rules(self.service.store.pending_posts)
            due = sorted({p.game_id for p in posts if p.next_at <= now})
            for game_id in due:
                if self._stopping:
                    return
                try:
                    await self.flush(game_id)
                except Exception:  # a damaged game must not stop the others' boards
                    log.exception("could not deliver the board of game %s", game_id)
            later = [p.next_at for p in posts if p.next_at > now]
            timeout = None if not later else max(0.0, min(later) - self.service.clock())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)
