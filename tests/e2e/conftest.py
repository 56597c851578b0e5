"""End-to-end fixtures: the real GameMaster bot (real discord.py) against the fake Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from bot.discord.app import GameMaster
from bot.store import Store
from bot.tables import workers
from bot.tables.service import TableService
from tests.fakediscord import ChannelRecord, FakeDiscord, GuildRecord, UserRecord
from tests.fakediscord.fixtures import connected, fake_discord
from tests.fakediscord.state import AttachmentRecord

__all__ = ["fake_discord"]


@pytest.fixture(scope="session", autouse=True)
def one_render_process() -> Iterator[None]:
    """One render worker process serves every bot of the session: starting a fresh one for
    each bot (what ``GameMaster.close`` leads to) cost about a second a test. Pictures are
    still drawn in a separate process, as in production."""
    patch = pytest.MonkeyPatch()
    patch.setattr(workers, "shutdown", lambda: None)
    yield
    patch.undo()
    workers.shutdown()


def pictures_received(fake: FakeDiscord) -> list[tuple[str, AttachmentRecord]]:
    """Every picture the bot uploaded in a test: on messages as they are and as they were
    before each edit, and in interaction answers."""
    found: list[tuple[str, AttachmentRecord]] = []
    for channel in fake.world.channels.values():
        for message in [*channel.messages, *channel.deleted]:
            versions = [message.attachments, *(v.attachments for v in message.edits)]
            found += [(f"message {message.id}", a) for files in versions for a in files]
    for ix in fake.world.interactions.values():
        found += [(f"an answer to interaction {ix.id}", a) for r in ix.responses for a in r.files]
    return [(where, a) for where, a in found if a.content_type.startswith("image/")]


@pytest.fixture(autouse=True)
def every_picture_has_alt_text(request: pytest.FixtureRequest) -> Iterator[None]:
    """Issue 31: every picture the fake Discord receives in any end-to-end test carries alt
    text (Discord's attachment description), so a screen reader says what it shows."""
    if "fake_discord" not in request.fixturenames:
        yield
        return
    # Asked for before the test, so this check runs before the fake is torn down.
    fake: FakeDiscord = request.getfixturevalue("fake_discord")
    yield
    bare = [f"{a.filename} in {where}" for where, a in pictures_received(fake) if not a.description]
    assert not bare, f"pictures without alt text: {bare[:5]}"


@dataclass
class Table:
    """One server with a table channel, two players and a spectator, and a running bot."""

    fake: FakeDiscord
    guild: GuildRecord
    channel: ChannelRecord
    ann: UserRecord
    bob: UserRecord
    eve: UserRecord
    bot: GameMaster
    db: Path


def make_bot(db: Path, seed: int = 11) -> tuple[GameMaster, Store]:
    store = Store(db)
    seeds = iter(range(seed, seed + 10_000))
    bot = GameMaster(
        TableService(store, seed_source=lambda: next(seeds)),
        sync_on_start=True,
        guild_ready_timeout=0.05,
    )
    return bot, store


@pytest_asyncio.fixture
async def table(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[Table]:
    guild = fake_discord.add_guild(name="Game Night")
    channel = fake_discord.add_channel(guild, name="table-1")
    ann = fake_discord.add_member(guild, name="ann")
    bob = fake_discord.add_member(guild, name="bob")
    eve = fake_discord.add_member(guild, name="eve")
    db = tmp_path / "gm.sqlite3"
    bot, store = make_bot(db)
    try:
        async with connected(bot, fake_discord):
            yield Table(fake_discord, guild, channel, ann, bob, eve, bot, db)
    finally:
        store.close()
