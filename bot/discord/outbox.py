"""The outbox sender (issue 16): delivers the board posts the store holds, in order, with
retries (docs/architecture.md "From a click to a board", step 5).

A move and the post it owes are stored in one transaction (``bot.store.outbox``). ``flush``
delivers a game's pending posts as one board (the lines of every pending change, the game as
it stands), takes the buttons off the board before it, records the new board for jump links,
and then dispatches ``gm_update`` so the waiting seats' reminders are scheduled. When Discord
refuses (429, 5xx, no network) the posts stay pending and are tried again after a growing
delay; the reminder schedule is not held back by a late board. ``run`` is the background
loop: on start-up it delivers whatever a crash left pending, then whatever falls due.

When the store fails (``StoreFault``: locked, full, unreachable), nothing is lost: a move's
post was stored with the move or not at all, so the sender only waits (``STORE_RETRY``)
and reads the outbox again; once the store is back it delivers what it owes, with the same
nonce if the board went out before the store could record it.

After any crash and restart the channel has exactly one board with buttons: a send carries
its post's nonce, which Discord enforces, so a retry of the same posts returns the board
already sent; and when a board may have reached the channel unrecorded (posts a crash left
pending, a try that failed, buttons that could not be taken off), the next board of that
game takes the buttons off every other board of it among the channel's latest messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import aiohttp
import discord

from bot.store import Post, StoreFault
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

# How many of a channel's latest messages are searched for boards a crash left with buttons
# (one request: Discord lists at most 100 messages at a time).
RECONCILE_DEPTH = 100

# Seconds before the outbox is read again after the store failed.
STORE_RETRY = 2.0


def _board_of(message: discord.Message, game_id: int) -> bool:
    """Whether ``message`` is a board of ``game_id`` that still has its move button."""
    prefix = f"gm:move:{game_id}:"
    for row in message.components:
        for item in getattr(row, "children", [row]):
            custom_id = getattr(item, "custom_id", None)
            if isinstance(custom_id, str) and custom_id.startswith(prefix):
                return True
    return False


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
        # Games whose channel may hold a live board no record names (``_suspect``); read
        # from the store on first use.
        self._suspects: set[int] = set()
        self._suspects_read = False
        # Set when the store failed: the loop reads the outbox again only then.
        self._store_retry_at: float | None = None

    # ------------------------------------------------------------------ delivering
    async def flush(self, game_id: int, channel: discord.abc.Messageable | None = None) -> bool:
        """Deliver the game's pending posts now; True when none is left pending. When the
        store fails, False: the posts stay stored and the loop delivers them later."""
        try:
            return await self._flush(game_id, channel)
        except StoreFault as fault:
            log.warning("board of game %s waits for the store: %s", game_id, fault)
            self._store_failed()
            return False

    def _store_failed(self) -> None:
        """Let the loop read the outbox again in ``STORE_RETRY`` seconds (event loop time)."""
        self._store_retry_at = asyncio.get_running_loop().time() + STORE_RETRY
        self._wake.set()

    async def _flush(self, game_id: int, channel: discord.abc.Messageable | None) -> bool:
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
        """Deliver the board, then, when a board of this game may have reached the channel
        unrecorded, take the buttons off every board of it but this one."""
        channel_id = posts[-1].channel_id
        channel = hint or self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            raise discord.ClientException(f"channel {channel_id} takes no messages")
        message = await self._deliver(posts, channel, update)
        # A try that failed (or a process that died) may have posted a board after all, and
        # with other posts queued since, the retry carries another nonce: that board would
        # keep its buttons beside this one.
        if await self._suspect(update.game_id) or any(p.attempts for p in posts):
            await self._reconcile(channel, update.game_id, message.id)
        return message

    async def _deliver(
        self, posts: list[Post], channel: discord.abc.Messageable, update: Update
    ) -> discord.Message:
        """One live board per turn (issue 19): while the same seats keep deciding, the board
        message is edited in place; a new one is posted (its mention pings) only when the
        game starts waiting for someone else, or a fresh board is asked for."""
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
            await self._retire(channel, update.game_id, previous)
        return message

    async def close(self, game_id: int, channel: discord.abc.Messageable) -> None:
        """A table closed (``/game end``): its live board offers no move any more."""
        row = await workers.rules(self.service.store.get_game, game_id)
        if row.board_message_id is not None:
            await self._retire(channel, game_id, row.board_message_id)

    async def _retire(
        self, channel: discord.abc.Messageable, game_id: int, message_id: int
    ) -> None:
        """Take the buttons off a superseded board, so a dead board looks dead."""
        if not isinstance(channel, EDITABLE):
            return
        try:
            await channel.get_partial_message(message_id).edit(view=None)
        except TRANSIENT:
            log.info("could not take the buttons off board message %s", message_id)
            self._suspects.add(game_id)  # the game's next board looks for it again

    # ------------------------------------------------------------------ reconciling
    async def _suspect(self, game_id: int) -> bool:
        """Whether the game's channel may hold a live board the store does not know: its
        posts were pending when this sender started (a crash between a send and its
        record), or the buttons of one of its boards could not be taken off."""
        await self._read_suspects()
        return game_id in self._suspects

    async def _read_suspects(self) -> None:
        """Once, before the first board of this process: the games with posts pending."""
        if self._suspects_read:
            return
        pending: list[Post] = await workers.rules(self.service.store.pending_posts)
        if not self._suspects_read:
            self._suspects |= {p.game_id for p in pending}
            self._suspects_read = True

    async def _reconcile(self, channel: discord.abc.Messageable, game_id: int, live: int) -> None:
        """Take the buttons off every board of ``game_id`` among the channel's recent
        messages except ``live``: after any crash and restart, one board has buttons."""
        if not isinstance(channel, EDITABLE):
            return
        me = self.client.user
        try:
            async for message in channel.history(limit=RECONCILE_DEPTH):
                if message.id != live and message.author == me and _board_of(message, game_id):
                    await message.edit(view=None)
        except TRANSIENT as exc:
            log.info("could not look for stale boards of game %s: %s", game_id, exc)
            return
        self._suspects.discard(game_id)

    # ------------------------------------------------------------------ the loop
    def poke(self) -> None:
        self._wake.set()

    def stop(self) -> None:
        self._stopping = True
        self._wake.set()

    async def run(self) -> None:
        """Deliver what is pending (first what a crash left), then whatever falls due."""
        with contextlib.suppress(StoreFault):  # else read with the first board
            await self._read_suspects()  # before any move of this process owes a post
        await self.client.wait_until_ready()
        while not self._stopping:
            self._wake.clear()
            if self._store_retry_at is not None:
                await asyncio.sleep(self._store_retry_at - asyncio.get_running_loop().time())
                self._store_retry_at = None
            now = self.service.clock()
            try:
                posts: list[Post] = await workers.rules(self.service.store.pending_posts)
            except StoreFault as fault:
                log.warning("outbox unread, trying again in %s s: %s", STORE_RETRY, fault)
                self._store_failed()
                continue
            due = sorted({p.game_id for p in posts if p.next_at <= now})
            for game_id in due:
                if self._stopping:
                    return
                if self._store_retry_at is not None:
                    break  # the store failed: the others wait for the next pass too
                try:
                    await self.flush(game_id)
                except Exception:  # a damaged game must not stop the others' boards
                    log.exception("could not deliver the board of game %s", game_id)
            later = [p.next_at for p in posts if p.next_at > now]
            timeout = None if not later else max(0.0, min(later) - self.service.clock())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)
