"""Chronicle characters through the real discord.py client (issue 12, e2e): characters built
with the guided ``/character create``, a full two-player chronicle game, the winner's XP
spent with ``/character spend`` after a restart, and that character starting a second game
with its new merit."""

from __future__ import annotations

import pytest

from bot.tables.service import TableService
from engines import registry
from engines.core.rng import Rng
from tests.e2e.conftest import Table, make_bot
from tests.e2e.driver import acknowledged, answered, next_board, result, slash
from tests.fakediscord import FakeDiscord, MessageRecord, ResponseRecord
from tests.fakediscord.fixtures import connected

pytestmark = pytest.mark.e2e

BUILD = ("dragonkin_male", ["lightning_quick", "perceptive_fighter", "steady_stance"])


def last_post(fake: FakeDiscord, ch: int) -> MessageRecord:
    message = fake.channel(ch).last_message()
    assert message is not None
    return message


def part(reply: ResponseRecord, name: str) -> str:
    """The custom id of the builder's menu or button for ``name`` (icon, merits, create...)."""
    for row in reply.components:
        for comp in row.get("components", []):
            if comp.get("custom_id", "").endswith(f":{name}"):
                return str(comp["custom_id"])
    raise AssertionError(f"no {name} in the builder: {reply.components!r}")


async def build_character(fake: FakeDiscord, user: int, ch: int, name: str) -> str:
    """Build a character with the builder's menus, as a player would; the final answer."""
    _, reply = await slash(fake, user, ch, "character create", name=name)
    assert reply.ephemeral and "Budget: 5 points; 0 spent; 5 left" in (reply.content or "")
    panel = reply.message_id
    assert panel is not None
    ix = await fake.user(user).select(panel, part(reply, "icon"), [BUILD[0]])
    reply = await answered(fake, ix)
    assert "Budget: 5 points; 0 spent; 5 left" in (reply.content or ""), reply.content
    ix = await fake.user(user).select(panel, part(reply, "merits"), BUILD[1])
    reply = await answered(fake, ix)
    assert "5 spent; 0 left" in (reply.content or "") and "Ready" in (reply.content or "")
    ix = await fake.user(user).click(panel, part(reply, "create"))
    await acknowledged(fake, ix)
    return (await answered(fake, ix)).content or ""


async def play_well_to_the_end(
    fake: FakeDiscord, ch: int, service: TableService, players: list[int], limit: int = 600
) -> MessageRecord:
    """Both players type their moves with ``/play``; each decides as the game's AI would
    (first-listed moves rarely finish a quest, and a chronicle needs a winner)."""
    entry = registry.entry("arcadia")
    policy, rng = entry.policy("ai"), Rng(5)
    board = last_post(fake, ch)
    for _ in range(limit):
        if result(board) is not None:
            return board
        row = service.table(ch)
        state = entry.engine.decode_state(row.state)
        for user in players:
            seat = row.seat_of(user)
            assert seat is not None
            if seat.id not in entry.engine.to_act(state):
                continue
            action = policy.choose(entry.engine, state, seat.id, rng)
            index = list(entry.engine.legal_actions(state, seat.id)).index(action)
            ref = service.choices(ch, user)[index].ref
            edits = len(board.edits)  # the same seat's moves edit the live board in place
            await slash(fake, user, ch, "play", action=ref)
            board = await next_board(fake, ch, board.id, since_edits=edits)
            break
        else:
            raise AssertionError(f"nobody could move: {board.content!r}")
    raise AssertionError(f"no result after {limit} moves")


async def seat_and_accept(fake: FakeDiscord, ch: int, picks: dict[int, str]) -> MessageRecord:
    """Each player sits a character; then each accepts the line-up as it finally stands."""
    for user, name in picks.items():
        await slash(fake, user, ch, "character use", character=name)
    lineup = last_post(fake, ch)
    assert all(name in (lineup.content or "") for name in picks.values()), lineup.content
    assert "earned" in (lineup.content or "")
    for user in picks:
        ix = await fake.user(user).click(lineup, "Accept the line-up")
        await acknowledged(fake, ix)
        assert "Accepted" in ((await answered(fake, ix)).content or "")
    return lineup


async def test_a_chronicle_character_lives_on_across_games_and_a_restart(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    ann, bob = table.ann.id, table.bob.id
    assert "**Aelfric** is created" in await build_character(fake, ann, ch, "Aelfric")
    assert "**Brigid** is created" in await build_character(fake, bob, ch, "Brigid")

    await slash(fake, ann, ch, "game new", game="arcadia", seats=2)
    await slash(fake, bob, ch, "game join")
    await seat_and_accept(fake, ch, {ann: "Aelfric", bob: "Brigid"})
    last = last_post(fake, ch)
    await slash(fake, ann, ch, "game start")
    board = await next_board(fake, ch, last.id)
    assert board.png() is not None
    final = await play_well_to_the_end(fake, ch, table.bot.service, [ann, bob])
    assert result(final)
    row = table.bot.service.store.finished_games(ch, 1)[0]
    assert row.result is not None and len(row.result["winners"]) == 1
    winner_seat = row.result["winners"][0]
    winner = row.seats[winner_seat].user_id
    assert winner is not None
    name = {ann: "Aelfric", bob: "Brigid"}[winner]
    assert f"{name} earns" in final.content
    await fake.wait_until(lambda: table.bot.in_flight == 0, what="every interaction finished")

    await table.bot.close()  # a restart between the games
    bot, store = make_bot(table.db, seed=23)
    try:
        async with connected(bot, fake):
            _, listed = await slash(fake, winner, ch, "character list")
            assert f"**{name}**" in (listed.content or "") and "XP 0 unspent" not in (
                listed.content or ""
            )
            offers = await fake.user(winner).autocomplete(
                ch, "character spend", "item", "Merit", character=name
            )
            assert offers, "the winner's XP buys something"
            bought = offers[0]["value"].partition(":")[2]
            _, spent = await slash(
                fake, winner, ch, "character spend", character=name, item=offers[0]["value"]
            )
            assert spent.content and spent.content.startswith("Done."), spent.content
            _, sheet = await slash(fake, winner, ch, "character show", character=name)
            assert sheet.ephemeral and sheet.files and name in (sheet.content or "")

            await slash(fake, ann, ch, "game new", game="arcadia", seats=2)
            await slash(fake, bob, ch, "game join")
            await seat_and_accept(fake, ch, {ann: "Aelfric", bob: "Brigid"})
            last = last_post(fake, ch)
            await slash(fake, ann, ch, "game start")
            await next_board(fake, ch, last.id)
            started = bot.service.table(ch)
            assert bought in started.options["characters"][str(winner_seat)]["merits"]
            await fake.wait_until(lambda: bot.in_flight == 0, what="every interaction finished")
    finally:
        store.close()


async def test_an_unfinished_build_survives_a_restart(table: Table) -> None:
    """The builder's progress is stored with every choice: after a restart its message
    still works, and ``/character create`` with the same name opens it where it was."""
    fake, ch, ann = table.fake, table.channel.id, table.ann.id
    await slash(fake, ann, ch, "character create", name="Brigid")
    _, reply = await slash(fake, ann, ch, "character create", name="Aelfric")
    assert "This build replaces your unfinished one of Brigid." in (reply.content or "")
    panel = reply.message_id
    assert panel is not None
    ix = await fake.user(ann).select(panel, part(reply, "icon"), [BUILD[0]])
    reply = await answered(fake, ix)
    ix = await fake.user(ann).select(panel, part(reply, "merits"), BUILD[1][:2])
    reply = await answered(fake, ix)
    assert "4 spent; 1 left" in (reply.content or ""), reply.content
    await fake.wait_until(lambda: table.bot.in_flight == 0, what="every interaction finished")

    await table.bot.close()  # a restart in the middle of the build
    bot, store = make_bot(table.db, seed=29)
    try:
        async with connected(bot, fake):
            # The old message's menus answer the new process, with the build as it was.
            ix = await fake.user(ann).select(panel, part(reply, "merits"), list(BUILD[1]))
            after = await answered(fake, ix)
            assert "Dragonkin" in (after.content or "") and "5 spent; 0 left" in (
                after.content or ""
            ), after.content
            await fake.wait_until(lambda: bot.in_flight == 0, what="every interaction finished")
            # Asking for the same character again resumes it rather than starting over.
            _, again = await slash(fake, ann, ch, "character create", name="aelfric")
            assert "Resuming your unfinished build of **Aelfric**" in (again.content or "")
            assert "5 spent; 0 left" in (again.content or "") and "Ready" in (again.content or "")
            ix = await fake.user(ann).click(again.message_id, part(again, "create"))
            await acknowledged(fake, ix)
            assert "**Aelfric** is created" in ((await answered(fake, ix)).content or "")
            _, listed = await slash(fake, ann, ch, "character list")
            assert "**Aelfric**" in (listed.content or "")
            # The build has ended: its old message is refused politely.
            ix = await fake.user(ann).click(panel, part(reply, "create"))
            assert "replaced or finished" in ((await answered(fake, ix)).content or "")
            await fake.wait_until(lambda: bot.in_flight == 0, what="every interaction finished")
    finally:
        store.close()
