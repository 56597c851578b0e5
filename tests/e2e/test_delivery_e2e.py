"""Board posts that survive Discord faults and crashes (issue 16): the outbox, through the
real discord.py client against the fake Discord with scripted 429s and 500s.

discord.py itself retries a 5xx with sleeps of 1, 3, 5, 7 and 9 s; the ``quick_http`` fixture
scales those sleeps down (a fake clock for the HTTP layer) and the bot's own retry delays are
injected short, so no test waits out a real outage."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import Any

import discord.http
import pytest

from bot.discord.flow import LATE_BOARD
from bot.store import Store
from tests.e2e.conftest import Table, make_bot
from tests.e2e.driver import slash
from tests.fakediscord import FakeDiscord, MessageRecord
from tests.fakediscord.fixtures import connected

# These tests are about boards and panels: characters are dealt, not chosen (the choice
# has its own tests), so the first move is a real turn.
NO_PICK = "character_pick=random"

pytestmark = pytest.mark.e2e

BOARD_POST = r"/channels/\d+/messages"
BOARD_EDIT = r"/channels/\d+/messages/\d+"
FAST_RETRIES = (0.05, 0.1, 0.2)


class _QuickClock:
    """``asyncio`` as discord.py's HTTP client sees it, with sleeps 1,000 times shorter."""

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    @staticmethod
    async def sleep(delay: float, result: Any = None) -> Any:
        return await asyncio.sleep(delay / 1000, result)


@pytest.fixture
def quick_http(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(discord.http, "asyncio", _QuickClock())
    yield


async def start_att(table: Table) -> MessageRecord:
    fake, ch = table.fake, table.channel.id
    table.bot.outbox.delays = FAST_RETRIES
    await slash(fake, table.ann.id, ch, "game new", game="att", seats=2, options=NO_PICK)
    await slash(fake, table.bob.id, ch, "game join")
    await slash(fake, table.ann.id, ch, "game start")
    return await fake.wait_for_message(ch, lambda m: m.png() is not None and not m.ephemeral)


def mover(table: Table) -> int:
    waiting = table.bot.service.waiting(table.channel.id)
    assert waiting and waiting[0].user_id is not None
    return waiting[0].user_id


async def play_first(table: Table, user: int) -> str:
    """``user`` types their first legal move with /play; the private answer."""
    choices = table.bot.service.choices(table.channel.id, user)
    _, reply = await slash(table.fake, user, table.channel.id, "play", action=choices[0].ref)
    return reply.content or ""


def live_boards(fake: FakeDiscord, channel_id: int) -> list[MessageRecord]:
    """Public board messages that still carry buttons."""
    return [
        m
        for m in fake.channel(channel_id).messages
        if not m.ephemeral and m.png() is not None and m.components
    ]


async def one_current_board(table: Table) -> MessageRecord:
    """The channel ends with exactly one board with buttons, and it is the stored game's."""
    fake, ch = table.fake, table.channel.id
    row = table.bot.service.table(ch)

    def settled() -> bool:
        boards = live_boards(fake, ch)
        current = len(boards) == 1 and f":{row.seq}" in str(boards[0].components)
        return current and table.bot.service.store.pending_posts(row.id) == []

    # The store changes without the fake Discord seeing it: poll, not wait for an event.
    for _ in range(400):
        if settled():
            break
        await asyncio.sleep(0.05)
    shown = [(m.id, m.components) for m in live_boards(fake, ch)]
    assert settled(), f"one live board at move {row.seq}: {shown}"
    board = live_boards(fake, ch)[0]
    assert table.bot.service.table(ch).board_message_id == board.id
    return board


def stored_moves(store: Store, game_id: int) -> list[int]:
    return [r.seq for r in store.log(game_id, 1000)]


class Crash(Exception):
    """The bot process dying at an exact point (fault injection): nothing after it runs."""


@contextlib.asynccontextmanager
async def restarted(table: Table) -> AsyncIterator[Store]:
    """The first bot is gone; a new one starts on the same store and the same fake Discord."""
    await table.bot.close()
    bot, store = make_bot(table.db)
    try:
        async with connected(bot, table.fake):
            table.bot = bot
            yield store
    finally:
        store.close()


def boards(fake: FakeDiscord, channel_id: int) -> list[MessageRecord]:
    return [m for m in fake.channel(channel_id).messages if m.png() and not m.ephemeral]


async def test_a_board_post_refused_with_500s_follows_and_the_player_is_told(
    table: Table, quick_http: None
) -> None:
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    store = table.bot.service.store
    row = table.bot.service.table(ch)
    # More than discord.py's own five tries, on a new board and on an edit of the live one.
    fake.fail("POST", BOARD_POST, times=7)
    fake.fail("PATCH", BOARD_EDIT, times=7)
    answer = await play_first(table, mover(table))
    assert answer.startswith(LATE_BOARD), answer
    assert "unchanged" not in answer
    await one_current_board(table)
    assert len(fake.failed) >= 7
    assert stored_moves(store, row.id) == list(range(1, row.seq + 2))


async def test_a_long_429_on_the_board_post_is_retried_until_it_is_posted(
    table: Table, quick_http: None
) -> None:
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    row = table.bot.service.table(ch)
    fake.rate_limit("POST", BOARD_POST, times=8, retry_after=0.01)
    fake.rate_limit("PATCH", BOARD_EDIT, times=8, retry_after=0.01)
    answer = await play_first(table, mover(table))
    assert answer.startswith(LATE_BOARD), answer
    await one_current_board(table)
    assert table.bot.service.table(ch).seq == row.seq + 1


async def test_a_bot_stopped_between_commit_and_post_posts_the_board_after_restart(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first bot stores the move and stops before sending (as a kill -9 there would);
    a new bot on the same store delivers the board at start-up."""
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    user = mover(table)
    row = table.bot.service.table(ch)

    async def dies_before_sending(game_id: int, channel: object = None) -> bool:
        return False

    # The deal's board reached the channel; its post may not be marked delivered yet.
    store = table.bot.service.store
    await fake.wait_until(lambda: not store.pending_posts(row.id), what="the deal's board sent")
    monkeypatch.setattr(table.bot.outbox, "flush", dies_before_sending)
    await play_first(table, user)
    assert table.bot.service.table(ch).seq == row.seq + 1
    assert len(table.bot.service.store.pending_posts(row.id)) == 1
    await table.bot.close()

    bot, store = make_bot(table.db)
    try:
        async with connected(bot, fake):
            table.bot = bot
            await one_current_board(table)
            assert stored_moves(store, row.id) == list(range(1, row.seq + 2))
    finally:
        store.close()


async def test_an_outage_loses_no_move_and_ends_with_one_board_and_one_ping(
    table: Table, quick_http: None
) -> None:
    """Discord answers every board post with 500 while the players go on with /play; when it
    recovers the channel gets the current board, and the player now waited for is pinged
    once. Their reminder was scheduled during the outage."""
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    store = table.bot.service.store
    row = table.bot.service.table(ch)
    first = mover(table)
    mark = fake.channel(ch).messages[-1].id
    fake.fail("POST", BOARD_POST, times=None)
    fake.fail("PATCH", BOARD_EDIT, times=None)
    moves = 0
    while mover(table) == first:
        answer = await play_first(table, first)
        assert answer.startswith(LATE_BOARD), answer
        moves += 1
        assert moves < 60
    other = mover(table)
    assert stored_moves(store, row.id) == list(range(1, row.seq + moves + 1))
    await fake.wait_until(
        lambda: any(r.user_id == other for r in store.reminders_for(row.id, "remind")),
        timeout=20,
        what="the waiting player's reminder, scheduled while the board is late",
    )
    assert len(store.pending_posts(row.id)) == moves
    fake.heal()
    board = await one_current_board(table)
    assert f"<@{other}>" in board.content
    later = [m for m in fake.channel(ch).messages if m.id > mark and not m.ephemeral]
    assert sum(f"<@{other}>" in m.content for m in later) == 1
    assert stored_moves(store, row.id) == list(range(1, row.seq + moves + 1))


async def test_a_bot_stopped_after_the_send_but_before_recording_it_posts_no_second_board(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed between Discord's answer and ``posts_sent``: the post is still pending, and the
    next bot sends it again with the same nonce, which Discord answers with the message it
    already has."""
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    await one_current_board(table)  # the first board is posted and recorded
    row = table.bot.service.table(ch)

    def dies_before_recording(*args: object, **kwargs: object) -> None:
        return None

    monkeypatch.setattr(table.bot.service.store, "posts_sent", dies_before_recording)
    await slash(fake, table.ann.id, ch, "game board")  # a fresh board: a new message
    await fake.wait_until(
        lambda: len([m for m in fake.channel(ch).messages if m.png() and not m.ephemeral]) == 2,
        timeout=20,
        what="the board posted again",
    )
    assert len(table.bot.service.store.pending_posts(row.id)) == 1
    await table.bot.close()

    bot, store = make_bot(table.db)
    try:
        async with connected(bot, fake):
            table.bot = bot
            await one_current_board(table)
            boards = [m for m in fake.channel(ch).messages if m.png() and not m.ephemeral]
            assert len(boards) == 2  # the first board and the one posted again; no third
    finally:
        store.close()


async def test_a_bot_stopped_between_an_undo_and_its_post_posts_the_board_after_restart(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The undo and the board it owes are one transaction: a bot that dies right after the
    undo is stored still leaves the board to post, and the next bot posts it, once."""
    fake, ch, ann = table.fake, table.channel.id, table.ann.id
    table.bot.outbox.delays = FAST_RETRIES
    await slash(fake, ann, ch, "game new", game="awoken", seats=1, options="scenarios=[1]")
    await slash(fake, ann, ch, "game start")
    await one_current_board(table)
    service = table.bot.service
    # A hero's move reveals nothing, so it can be taken back (the first choice ends the
    # turn, and the Ancients' turn reveals cards).
    move = service.choices(ch, ann)[1]
    assert "move to space" in move.label, move.label
    await slash(fake, ann, ch, "play", action=move.ref)
    await one_current_board(table)
    row = service.table(ch)
    standing = len(service.store.effective_actions(row.id))
    real_undo = service.store.undo

    def dies_after_the_undo_commits(*args: Any, **kwargs: Any) -> object:
        real_undo(*args, **kwargs)
        raise Crash("killed between the undo's commit and its board post")

    monkeypatch.setattr(service.store, "undo", dies_after_the_undo_commits)
    await slash(fake, ann, ch, "game undo")
    assert service.store.get_game(row.id).seq == row.seq + 1
    (post,) = service.store.pending_posts(row.id)
    assert post.payload["lines"] == [f"{row.seats[0].name} takes back: {move.label}."]
    before = len(boards(fake, ch))

    async with restarted(table) as store:
        board = await one_current_board(table)
        assert "takes back" in board.content
        assert len(boards(fake, ch)) == before + 1  # exactly one board for the undo
        assert len(store.effective_actions(row.id)) == standing - 1


async def test_a_board_sent_unrecorded_with_another_post_queued_loses_its_buttons(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed after Discord posted a board but before the bot recorded it, with another
    change owing a post before the restart: the next bot sends both as one board with
    another nonce, so Discord posts a new message, and the one the crash left unrecorded
    loses its buttons. One live board, the current one."""
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    await one_current_board(table)
    service = table.bot.service
    row = service.table(ch)

    def dies_after_the_send(*args: object, **kwargs: object) -> None:
        raise Crash("killed after Discord's answer, before the board is recorded")

    monkeypatch.setattr(service, "set_board_message", dies_after_the_send)
    await slash(fake, table.ann.id, ch, "game board")  # a fresh board: a new message
    await fake.wait_until(
        lambda: len(boards(fake, ch)) == 2, timeout=20, what="the board sent, unrecorded"
    )
    unrecorded = boards(fake, ch)[-1]
    assert unrecorded.components and service.table(ch).board_message_id != unrecorded.id

    async def dead(game_id: int, channel: object = None) -> bool:
        return False

    monkeypatch.setattr(table.bot.outbox, "flush", dead)
    await play_first(table, mover(table))  # a second post queued before the restart
    assert len(service.store.pending_posts(row.id)) == 2

    async with restarted(table):
        board = await one_current_board(table)
        assert board.id != unrecorded.id
        assert len(boards(fake, ch)) == 3  # the first, the unrecorded one, the current one
        left = fake.channel(ch).find(unrecorded.id)
        assert left is not None and not left.components


async def test_a_bot_stopped_right_after_the_deal_posts_the_first_board_after_restart(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first board is owed with the deal: a bot that dies right after /game start is
    stored leaves it to post, and the next bot posts it, pinging the first player."""
    fake, ch, ann = table.fake, table.channel.id, table.ann.id
    table.bot.outbox.delays = FAST_RETRIES
    await slash(fake, ann, ch, "game new", game="att", seats=2, options=NO_PICK)
    await slash(fake, table.bob.id, ch, "game join")
    service = table.bot.service
    real_update = service.store.update_game

    def dies_after_the_deal(*args: Any, **kwargs: Any) -> object:
        row = real_update(*args, **kwargs)
        if kwargs.get("status") == "active":
            raise Crash("killed between the deal's commit and its first board")
        return row

    monkeypatch.setattr(service.store, "update_game", dies_after_the_deal)
    await slash(fake, ann, ch, "game start")
    assert service.table(ch).status == "active" and boards(fake, ch) == []

    async with restarted(table):
        board = await one_current_board(table)
        assert board.content.startswith("Ancient Terrible Things begins.")
        assert f"<@{mover(table)}>" in board.content
        assert len(boards(fake, ch)) == 1
