"""pytest support: a `fake_discord` fixture and `connected`, which runs a discord.py client
against the fake in the test's own event loop and shuts it down cleanly.

Use from a conftest.py with `from tests.fakediscord.fixtures import fake_discord` (or a
relative import), or list this module in `pytest_plugins` of the root conftest.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import discord
import pytest_asyncio

from bot.discord.endpoint import use_api_base

from .api import FakeDiscord


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started fake; the test fails at teardown if the bot did anything unexpected.

    It accepts a late first answer (no 3-second cut-off): on a busy machine a test must not
    fail on time alone. Tests check that the answer came first and came once
    (``tests.e2e.driver.acknowledged``); ``bench/e2e_bench.py`` measures how fast."""
    fake = FakeDiscord(heartbeat_interval=0.5, ack_deadline=None)
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()
    assert not fake.unexpected, "the fake Discord saw unexpected requests:\n" + "\n".join(
        fake.unexpected
    )


@contextlib.asynccontextmanager
async def connected(
    client: discord.Client, fake: FakeDiscord, *, timeout: float = 10.0, commands: bool = True
) -> AsyncIterator[discord.Client]:
    """Log `client` in to the fake, connect it, and wait until it is ready: identified,
    commands registered (unless commands=False) and its `on_ready` fired.

    Give the client a short `guild_ready_timeout` (e.g. 0.1): discord.py waits that long after
    the last GUILD_CREATE before it is ready (2 s by default).
    """
    undo = use_api_base(fake.base_url)
    running: asyncio.Task[None] | None = None
    try:
        await client.login(fake.token)
        running = asyncio.create_task(client.connect(reconnect=True))
        ready = asyncio.create_task(_ready(client, fake, timeout, commands))
        await asyncio.wait({running, ready}, return_when=asyncio.FIRST_COMPLETED)
        if running.done():
            ready.cancel()
            running.result()  # raises why the client stopped
            raise AssertionError("the client disconnected before it was ready")
        ready.result()
        yield client
    finally:
        await client.close()
        if running is not None:
            await asyncio.wait_for(running, timeout)
        undo()


async def _ready(client: discord.Client, fake: FakeDiscord, timeout: float, commands: bool) -> None:
    await fake.wait_ready(timeout, commands=commands)
    await asyncio.wait_for(client.wait_until_ready(), timeout)
