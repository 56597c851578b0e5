"""One live board per turn (issue 19): while the same seat keeps deciding, its board message
is edited in place; a new board, with a ping, comes only when the game waits for someone
else, and the board before it loses its buttons."""

from __future__ import annotations

import pytest

from bot.tables.updates import view_round
from tests.e2e.conftest import Table
from tests.e2e.driver import answered, first_choice, slash
from tests.fakediscord import MessageRecord

# These tests are about boards and panels: characters are dealt, not chosen (the choice
# has its own tests), so the first move is a real turn.
NO_PICK = "character_pick=random"

pytestmark = pytest.mark.e2e


def public_boards(table: Table) -> list[MessageRecord]:
    return [
        m
        for m in table.fake.channel(table.channel.id).messages
        if not m.ephemeral and m.png() is not None
    ]


def as_posted(message: MessageRecord) -> str:
    return message.edits[0].content if message.edits else message.content


async def test_a_turn_edits_one_board_and_the_next_player_gets_a_new_one(table: Table) -> None:
    fake, ch, service = table.fake, table.channel.id, table.bot.service
    await slash(fake, table.ann.id, ch, "game new", game="att", seats=2, options=NO_PICK)
    await slash(fake, table.bob.id, ch, "game join")
    await slash(fake, table.ann.id, ch, "game start")
    board = await fake.wait_for_message(ch, lambda m: m.png() is not None and not m.ephemeral)
    first = service.waiting(ch)[0].user_id
    assert first is not None and f"<@{first}>" in board.content
    moves = 0
    while service.waiting(ch)[0].user_id == first:
        ref = service.choices(ch, first)[0].ref
        await slash(fake, first, ch, "play", action=ref)
        moves += 1
        assert moves < 60
        if service.waiting(ch)[0].user_id == first:
            await fake.wait_until(
                lambda n=moves: len(board.edits) >= n, timeout=20, what="the board edited"
            )
            assert public_boards(table) == [board]  # no new message while ann decides
            assert f":{service.table(ch).seq}" in str(board.components)
    assert moves > 1  # an ATT turn is several decisions
    # A dice picture comes only with a roll: before it, the board is a single picture.
    versions = [*board.edits, board]
    assert any(len(v.attachments) == 1 for v in versions)
    assert any(len(v.attachments) == 2 for v in versions), [len(v.attachments) for v in versions]
    # Discord notifies a mention only when a message is posted, never in an edit: one ping
    # a turn, on the message as first posted.
    pinged = [m for m in fake.channel(ch).messages if f"<@{first}>" in as_posted(m)]
    assert pinged == [board]
    other = service.waiting(ch)[0].user_id
    assert other is not None and other != first
    await fake.wait_until(lambda: len(public_boards(table)) == 2, timeout=20, what="a new board")
    new = public_boards(table)[-1]
    assert f"<@{other}>" in new.content
    # The reminder note, once, in small text, on the ping message only.
    assert "\n-# ⏰ A reminder goes out" in new.content
    assert "⏰" not in board.content
    await fake.wait_until(lambda: not board.components, timeout=20, what="the old board dead")
    assert f":{service.table(ch).seq}" in str(new.components)
    assert service.table(ch).board_message_id == new.id


async def start_att(table: Table) -> MessageRecord:
    fake, ch = table.fake, table.channel.id
    await slash(fake, table.ann.id, ch, "game new", game="att", seats=2, options=NO_PICK)
    await slash(fake, table.bob.id, ch, "game join")
    await slash(fake, table.ann.id, ch, "game start")
    return await fake.wait_for_message(ch, lambda m: m.png() is not None and not m.ephemeral)


def confirmed(content: str | None) -> bool:
    return bool(content) and not (content or "").startswith("Playing")


async def test_the_panel_stays_open_and_confirms_each_pick_in_words(table: Table) -> None:
    fake, ch, service = table.fake, table.channel.id, table.bot.service
    board = await start_att(table)
    user = service.waiting(ch)[0].user_id
    assert user is not None
    panel = await answered(fake, await fake.user(user).click(board, "Your move"))
    assert panel.message_id is not None
    components = panel.components
    picks = 0
    while True:
        kind, comp = first_choice(components)
        before = service.table(ch).seq
        if kind == "button":
            label = comp["label"]
            ix = await fake.user(user).click(panel.message_id, comp["custom_id"])
        else:
            label = comp["options"][0]["label"]
            ix = await fake.user(user).select(
                panel.message_id, comp["custom_id"], [comp["options"][0]["value"]]
            )
        picks += 1
        await fake.wait_until(
            lambda ix=ix: any(confirmed(r.content) for r in ix.responses),
            timeout=20,
            what="the pick confirmed",
        )
        reply = [r for r in ix.responses if confirmed(r.content)][-1]
        assert service.table(ch).seq > before
        assert "your move." not in reply.content.split("\n")[0]  # the move, in words
        assert "Done: Done" not in reply.content
        if not comp["custom_id"].startswith("gm:pick:"):  # a multi-select ticks items
            assert label.rstrip(".") in reply.content.split("\n")[0]
        if service.waiting(ch)[0].user_id != user:
            assert not reply.components  # the turn passed: the panel closes
            break
        assert reply.components, reply.content  # still to act: the next choices, in place
        components = reply.components
        assert picks < 60
    assert picks > 1


async def test_forged_component_input_gets_a_sentence(table: Table) -> None:
    fake, ch, service = table.fake, table.channel.id, table.bot.service
    board = await start_att(table)
    row = service.table(ch)
    user = service.waiting(ch)[0].user_id
    assert user is not None
    panel = await answered(fake, await fake.user(user).click(board, "Your move"))
    _, comp = first_choice(panel.components)
    forged = [
        (comp["custom_id"], ["abc"]),
        (f"gm:sel:{'9' * 5000}:{row.seq}:0:0", ["0"]),
        (f"gm:act:{row.id}:{row.seq}:{'7' * 5000}", None),
        (f"gm:sel:{row.id}:{row.seq}:0:0", ["²"]),
    ]
    for custom_id, values in forged:
        ix = await fake.user(user).forge(panel.message_id, custom_id, values)
        await fake.wait_until(
            lambda ix=ix: any(r.content and "Playing" not in r.content for r in ix.responses),
            timeout=20,
            what="an answer to a forged pick",
        )
        text = [r.content for r in ix.responses if r.content][-1]
        assert "went wrong" not in text and text.endswith("."), text
    assert service.table(ch).seq == row.seq


def told(content: str) -> list[str]:
    """What a board says happened: its lines without whom it waits for or the time note."""
    return [
        line
        for line in content.splitlines()
        if line and not line.startswith(("Waiting for", "-# ", "… "))
    ]


async def play_first_move(table: Table) -> None:
    """Whoever the game waits for types its first move."""
    service, ch = table.bot.service, table.channel.id
    user = service.waiting(ch)[0].user_id
    assert user is not None
    await slash(table.fake, user, ch, "play", action=service.choices(ch, user)[0].ref)


async def test_a_new_turns_board_tells_what_the_turn_before_did(table: Table) -> None:
    """Two people in Arcadia (issue 35): the board that pings the next player opened with
    only "Waiting for @alice", what the other did having stayed on the board before. Now
    it carries the last lines of that turn."""
    fake, ch = table.fake, table.channel.id
    await slash(fake, table.ann.id, ch, "game new", game="arcadia", seats=2)
    await slash(fake, table.bob.id, ch, "game join")
    await slash(fake, table.ann.id, ch, "game start")
    await fake.wait_until(lambda: public_boards(table), timeout=20, what="the first board")
    service = table.bot.service
    passed = 0
    for _ in range(150):
        before = public_boards(table)[-1]
        game = service.table(ch).id
        # What the moves shown on the board said (a board's opening recap is older news).
        said = [
            line for p in service.store.board_posts(game, before.id) for line in p.payload["lines"]
        ]
        await play_first_move(table)
        await fake.wait_until(lambda: table.bot.in_flight == 0, timeout=20, what="the board")
        new = public_boards(table)[-1]
        if new.id == before.id or not said:
            continue
        passed += 1
        # It opens with the last of them, before what the move that passed the turn said.
        assert told(new.content)[: len(said[-8:])] == said[-8:], (said, new.content)
        if passed >= 6:
            break
    assert passed >= 6


async def test_a_solo_game_gets_a_fresh_board_each_round(table: Table) -> None:
    """One person against The Awoken (issue 35): the same seat decides all game, so its
    board was one message edited for the whole game. A new round now posts a new board,
    without a ping, and the old one loses its buttons; within a round the board is edited."""
    fake, ch, service = table.fake, table.channel.id, table.bot.service
    await slash(fake, table.ann.id, ch, "game new", game="awoken", seats=1)
    await slash(fake, table.ann.id, ch, "game start")
    await fake.wait_until(lambda: public_boards(table), timeout=20, what="the first board")

    def round_now() -> int | None:
        return view_round(service.public_view(ch)[1])

    fresh = 0
    for _ in range(80):
        before, round_before = public_boards(table)[-1], round_now()
        await play_first_move(table)
        if service.store.open_game(ch) is None:
            break  # the game is over
        await fake.wait_until(lambda: table.bot.in_flight == 0, timeout=20, what="the board")
        new = public_boards(table)[-1]
        if round_now() == round_before:
            assert new.id == before.id  # the same round: the board is edited in place
            continue
        assert new.id != before.id, f"round {round_now()} still on the board of {round_before}"
        assert "<@" not in new.content  # nobody to ping: the player's own move
        await fake.wait_until(lambda b=before: not b.components, timeout=20, what="old retired")
        fresh += 1
    assert fresh >= 3
