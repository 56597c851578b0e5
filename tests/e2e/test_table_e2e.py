"""The bot as users meet it: hidden information, restarts, stale and repeated clicks, bad
input and rate limits, all through the real discord.py client (issue: e2e)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines import registry
from tests.e2e.conftest import Table, make_bot
from tests.e2e.driver import (
    acknowledged,
    answered,
    first_choice,
    next_board,
    slash,
    take_a_move,
)
from tests.fakediscord import FakeDiscord, MessageRecord
from tests.fakediscord.fixtures import connected

pytestmark = pytest.mark.e2e


async def start_att(table: Table, options: str = "") -> None:
    fake, ch = table.fake, table.channel.id
    await slash(fake, table.ann.id, ch, "game new", game="att", seats=2, options=options)
    await slash(fake, table.bob.id, ch, "game join")
    await slash(fake, table.ann.id, ch, "game start")


async def current_board(fake: FakeDiscord, channel_id: int) -> MessageRecord:
    return await fake.wait_for_message(
        channel_id, lambda m: m.png() is not None and not m.ephemeral and "Waiting for" in m.content
    )


async def test_characters_are_chosen_from_a_select_in_seat_order(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    board = await current_board(fake, ch)
    ix = await fake.user(table.ann.id).click(board, "Your move")
    await acknowledged(fake, ix)
    reply = await answered(fake, ix)
    selects = [c for row in reply.components for c in row["components"] if c["type"] == 3]
    labels = [o["label"] for o in selects[0]["options"]]
    assert labels[0].startswith("Play the Captain") and len(labels) == 4
    assert reply.message_id is not None
    pick = await fake.user(table.ann.id).select(
        reply.message_id, selects[0]["custom_id"], [selects[0]["options"][2]["value"]]
    )
    await acknowledged(fake, pick)
    board = await next_board(fake, ch, board.id)
    service = table.bot.service
    _, view = service.public_view(ch)
    assert view.data["players"][0]["character"] == "the Scholar"
    assert "Bob" in board.content or f"<@{table.bob.id}>" in board.content


async def test_hands_are_shown_only_to_their_owner(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    board = await current_board(fake, ch)
    for _ in range(2):  # both characters, chosen in seat order
        board = await take_a_move(fake, ch, board, [table.ann.id, table.bob.id])
    ix = await fake.user(table.bob.id).click(board, "My hand")
    await acknowledged(fake, ix)
    reply = await answered(fake, ix)
    assert reply.ephemeral and reply.files
    hand_msg = fake.channel(ch).find(reply.message_id) if reply.message_id else None
    assert hand_msg is None or hand_msg.for_user == table.bob.id

    # The owner's picture is their hand, drawn apart from the board; the channel saw none.
    service = table.bot.service
    _, bob_view = service.seat_view(ch, table.bob.id)
    hand_names = [card["name"] for card in bob_view.data["hand"]]
    assert hand_names
    for message in fake.channel(ch).messages:
        if message.ephemeral:
            continue
        assert not any(name in message.content for name in hand_names)
    assert reply.files[0].data == registry.draw_hand("att", bob_view)[0][1]
    _, public_view = service.public_view(ch)
    public_png = Image.open(io.BytesIO(registry.entry("att").render(public_view))).convert("RGB")
    channel_png = board.image().convert("RGB")
    assert channel_png.size == public_png.size
    # A spectator has no hand.
    ix = await fake.user(table.eve.id).click(board, "My hand")
    assert "not playing" in (await answered(fake, ix)).content


async def test_bad_input_gets_a_clear_private_sentence_and_changes_nothing(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    _, reply = await slash(fake, table.ann.id, ch, "game status")
    assert reply.ephemeral and "no game in this channel" in reply.content
    _, reply = await slash(fake, table.ann.id, ch, "game new", game="chess")
    assert reply.ephemeral and "no game called `chess`" in reply.content
    _, reply = await slash(
        fake, table.ann.id, ch, "game new", game="att", options="game_length=forever"
    )
    assert reply.ephemeral and "game_length" in reply.content
    _, reply = await slash(fake, table.ann.id, ch, "game new", game="att", seats=6)
    assert reply.ephemeral and "2 to 4 players" in reply.content
    await start_att(table)
    board = await current_board(fake, ch)
    seq = table.bot.service.table(ch).seq
    # Bob acts out of turn; Eve, who is not playing, clicks someone else's prompt.
    ix = await fake.user(table.bob.id).click(board, "Your move")
    assert "Nothing for you to decide" in (await answered(fake, ix)).content
    _, reply = await slash(fake, table.bob.id, ch, "play", action="Ann goes first this round")
    assert reply.ephemeral and "not your turn" in reply.content
    ix = await fake.user(table.eve.id).click(board, "Your move")
    assert "Nothing for you to decide" in (await answered(fake, ix)).content
    _, reply = await slash(fake, table.eve.id, ch, "play", action="anything")
    assert reply.ephemeral and "not playing" in reply.content
    assert table.bot.service.table(ch).seq == seq


async def test_autocomplete_offers_exactly_the_callers_moves(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    labels = [c.label for c in table.bot.service.choices(ch, table.ann.id)]
    choices = await fake.user(table.ann.id).autocomplete(ch, "play", "action", "")
    assert [c["name"] for c in choices] == labels[:25]
    assert await fake.user(table.bob.id).autocomplete(ch, "play", "action", "") == []
    board = await current_board(fake, ch)
    edits = len(board.edits)
    _, reply = await slash(fake, table.ann.id, ch, "play", action=choices[0]["value"])
    assert reply.ephemeral and reply.content.startswith("Done")
    assert (await next_board(fake, ch, board.id, since_edits=edits)).png() is not None


async def test_outdated_boards_and_repeated_clicks_change_nothing(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    # Characters dealt, not chosen: the stale pick must be a move of a turn (a character
    # pick is a drill-down step, answered with the next step rather than refused).
    await start_att(table, "character_pick=random")
    old = await current_board(fake, ch)
    # A panel opened before the game moved on: its pick is refused. (The board itself is
    # edited in place or loses its buttons, so an old board offers nothing to click.)
    first = next(u for u in (table.ann.id, table.bob.id) if table.bot.service.choices(ch, u))
    stale = await answered(fake, await fake.user(first).click(old, "Your move"))
    new = await take_a_move(fake, ch, old, [table.ann.id, table.bob.id])
    seq = table.bot.service.table(ch).seq
    kind, comp = first_choice(stale.components)
    if kind == "button":
        late = await fake.user(first).click(stale.message_id, comp["custom_id"])
    else:
        late = await fake.user(first).select(
            stale.message_id, comp["custom_id"], [comp["options"][0]["value"]]
        )
    await fake.wait_until(
        lambda: any("older board" in (r.content or "") for r in late.responses),
        timeout=20,
        what="the stale pick refused",
    )
    assert table.bot.service.table(ch).seq == seq
    # A panel choice delivered twice is applied once.
    user = next(u for u in (table.ann.id, table.bob.id) if table.bot.service.choices(ch, u))
    panel_ix = await fake.user(user).click(new, "Your move")
    panel = await answered(fake, panel_ix)
    row = panel.components[0]["components"][0]
    edits = len(new.edits)
    if row["type"] == 2:
        pick = await fake.user(user).click(panel.message_id, row["custom_id"])
    else:
        pick = await fake.user(user).select(
            panel.message_id, row["custom_id"], [row["options"][0]["value"]]
        )
    await next_board(fake, ch, new.id, since_edits=edits)
    await fake.wait_until(lambda: any((r.content or "").startswith("Done") for r in pick.responses))
    after = table.bot.service.table(ch).seq
    answers = (len(pick.responses), len(panel_ix.responses))
    await fake.user(user).redeliver(pick)
    await fake.user(user).redeliver(panel_ix)
    ix = await fake.user(table.eve.id).slash(ch, "game status")  # a later interaction...
    await answered(fake, ix)  # ...is answered, so the repeats were processed (and ignored)
    assert table.bot.service.table(ch).seq == after > seq
    assert (len(pick.responses), len(panel_ix.responses)) == answers
    assert not fake.unexpected


async def test_restart_mid_game_keeps_old_buttons_working(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    board = await current_board(fake, ch)
    board = await take_a_move(fake, ch, board, [table.ann.id, table.bob.id])
    before = table.bot.service.table(ch).state
    await table.bot.close()  # the process stops mid-game
    bot, store = make_bot(table.db, seed=99)
    try:
        async with connected(bot, fake):
            assert bot.service.table(ch).state == before
            board = await take_a_move(fake, ch, board, [table.ann.id, table.bob.id])
            assert bot.service.table(ch).seq > 0 and board.png() is not None
    finally:
        store.close()


async def test_rate_limited_posting_is_retried(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await slash(fake, table.ann.id, ch, "game new", game="att", seats=2)
    await slash(fake, table.bob.id, ch, "game join")
    fake.rate_limit("POST", rf"/channels/{ch}/messages", times=2, retry_after=0.3)
    await slash(fake, table.ann.id, ch, "game start")
    board = await current_board(fake, ch)
    assert len(fake.rate_limited) == 2
    assert sum(1 for m in fake.channel(ch).messages if m.png() and not m.ephemeral) == 1
    await take_a_move(fake, ch, board, [table.ann.id, table.bob.id])


async def test_shutdown_lets_a_move_being_handled_finish(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    board = await current_board(fake, ch)
    edits = len(board.edits)
    ix = await fake.user(table.ann.id).click(board, "Your move")
    panel = await answered(fake, ix)
    kind, comp = first_choice(panel.components)
    assert kind == "select"
    pick = await fake.user(table.ann.id).select(
        panel.message_id, comp["custom_id"], [comp["options"][0]["value"]]
    )
    await fake.wait_for_ack(pick)  # acknowledged: the move is now being handled
    await table.bot.close()  # SIGTERM arrives mid-move
    assert table.bot.in_flight == 0
    assert table.bot.service.table(ch).seq == 1
    assert any((r.content or "").startswith("Done") for r in pick.responses)
    assert (await next_board(fake, ch, board.id, since_edits=edits)).png() is not None


async def test_clicks_during_shutdown_are_refused_politely(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    board = await current_board(fake, ch)
    table.bot._closing = True  # the moment after SIGTERM, before the gateway closes
    ix = await fake.user(table.ann.id).click(board, "Your move")
    reply = await answered(fake, ix)
    assert reply.ephemeral and "restarting" in reply.content
    table.bot._closing = False


async def test_reposting_the_board_is_limited_per_channel(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    board = await current_board(fake, ch)
    _, reply = await slash(fake, table.ann.id, ch, "game board")
    assert reply.content == "Posted the board again."
    again = await next_board(fake, ch, board.id)
    _, reply = await slash(fake, table.bob.id, ch, "game board")
    assert reply.ephemeral and "try again in" in reply.content
    assert fake.channel(ch).last_message().id == again.id  # no third board
