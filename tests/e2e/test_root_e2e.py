"""A 4-player game of Root through the real discord.py client (issue 13: e2e): two people
and two AI seats, to the posted result. Ann plays the Vagabond and Bob the Alliance; they
battle whenever they can, keep their ambush cards and spring an ambush whenever one is
offered. The AI seats are the Marquise and the Eyrie, whose Decree battles whoever stands in
its way, so an ambush is answered from its quick prompt before the AI seats win."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Table
from tests.e2e.driver import answered, next_board, result, slash
from tests.fakediscord import FakeDiscord, MessageRecord

pytestmark = pytest.mark.e2e
PREFER = ("Ambush with", "Counter-ambush with", "Battle", "battle column")
PASSING = ("End ", "Done", "Stay put", "Go to the Evening")


def preferred(components: list[dict]) -> tuple[dict, str | None]:
    """The component and option value of the first preferred move, else the first move."""
    first: tuple[dict, str | None] | None = None
    for prefix in PREFER:
        for row in components:
            for comp in row.get("components", []):
                if comp["type"] == 3:
                    for opt in comp["options"]:
                        if opt["label"].startswith(prefix):
                            return comp, opt["value"]
                elif comp["type"] == 2 and (comp.get("label") or "").startswith(prefix):
                    return comp, None
    ticks: tuple[dict, str | None] | None = None
    for row in components:  # otherwise the first move that keeps the ambush cards in hand
        for comp in row.get("components", []):
            if comp["custom_id"].startswith("gm:pick:"):
                ticks = ticks or (comp, None)  # a multi-select only if nothing else
            elif comp["type"] == 3:
                # A move that does something before one that ends a step, as a player plays
                # (a panel with few moves lists them all in one menu, the ends among them).
                keep = [o for o in comp["options"] if "Ambush!" not in o["label"]]
                keep = [o for o in keep if not o["label"].startswith(PASSING)] or keep
                if first is None or (keep and first[1] is None):
                    first = (comp, (keep or comp["options"])[0]["value"])
            elif comp["type"] == 2 and first is None:
                first = (comp, None)
    first = first or ticks
    assert first is not None, components
    return first


async def tick(fake: FakeDiscord, user: int, panel: int, comp: dict) -> None:
    """Tick as many of a multi-select's items as make a move, fewest ambush cards first:
    the first n items for the largest n the game takes."""
    values = [o["value"] for o in comp["options"] if "Ambush!" not in o["label"]]
    values = values or [o["value"] for o in comp["options"]]
    for n in range(min(comp.get("max_values", 1), len(values)), 0, -1):
        ix = await fake.user(user).select(panel, comp["custom_id"], values[:n])
        if not (await answered(fake, ix)).content.startswith("Those picks"):
            return
    raise AssertionError(f"no set of {values} makes a move")


async def move(
    fake: FakeDiscord, ch: int, board: MessageRecord, users: list[int], seen: list[str]
) -> MessageRecord:
    edits = len(board.edits)  # a move by the same seat edits the live board in place
    for user in users:
        ix = await fake.user(user).click(board, "Your move")
        reply = await answered(fake, ix)
        if not reply.components:
            continue
        panel, components = reply.message_id, reply.components
        assert panel is not None
        while True:
            comp, value = preferred(components)
            labels = [o["label"] for o in comp.get("options", [])] + [comp.get("label") or ""]
            seen += [x for x in labels if x.startswith(PREFER[:2])]
            if comp["custom_id"].startswith("gm:pick:"):
                await tick(fake, user, panel, comp)
                return await next_board(fake, ch, board.id, since_edits=edits)
            if value is None:
                pick = await fake.user(user).click(panel, comp["custom_id"])
            else:
                pick = await fake.user(user).select(panel, comp["custom_id"], [value])
            if not comp["custom_id"].startswith("gm:path:"):
                return await next_board(fake, ch, board.id, since_edits=edits)
            step = await answered(fake, pick)
            if (step.content or "").startswith(("Playing", "Done")):
                return await next_board(fake, ch, board.id, since_edits=edits)
            assert step.components, step.content  # the next step of the drill-down
            components = step.components
    raise AssertionError(f"nobody could move on board {board.id}: {board.content!r}")


async def test_a_four_player_game_with_two_ai_seats_and_an_ambush(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    _, reply = await slash(
        fake,
        table.ann.id,
        ch,
        "game new",
        game="root",
        seats=4,
        options="round_limit=30 factions=vagabond+alliance+eyrie+marquise",
    )
    assert reply.content == "Done."
    await slash(fake, table.bob.id, ch, "game join")
    await slash(fake, table.ann.id, ch, "game addbot")
    await slash(fake, table.ann.id, ch, "game addbot")
    last = fake.channel(ch).last_message()
    assert last is not None
    await slash(fake, table.ann.id, ch, "game start")
    board = await next_board(fake, ch, last.id)
    assert board.image().width == 1100
    seen: list[str] = []
    quick = False
    for _ in range(900):
        if result(board) is not None:
            break
        quick = quick or "ambush window" in board.content
        board = await move(fake, ch, board, [table.ann.id, table.bob.id], seen)
    assert result(board)
    row = table.bot.service.store.finished_games(ch, 1)[0]
    assert row.result is not None and row.result["summary"]
    assert quick, "no ambush quick prompt was posted"
    assert any(x.startswith("Ambush with") for x in seen)
    # The live board is edited in place: what it said before an edit counts too.
    narrated = "\n".join(
        text
        for m in fake.channel(ch).messages
        if not m.ephemeral
        for text in (*(v.content for v in m.edits), m.content)
    )
    assert "springs an ambush" in narrated
    await fake.wait_until(lambda: table.bot.in_flight == 0, what="every interaction finished")
