"""Every click answered (issue 34): whatever a component's custom id, menu values or age, the
bot answers with a sentence, and nothing changes unless it is a choice the latest board
offered. Each forged click is sent as a modified client could send it (``FakeUser.forge``),
from the board or from the private panel; a stale one as a client that has not caught up
with an edit sends it (the message as it is now, without that button)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bot.discord.answers import APOLOGY
from tests.e2e.conftest import Table
from tests.e2e.driver import REPLY_TIMEOUT, answered, slash
from tests.fakediscord import InteractionRecord, MessageRecord

pytestmark = pytest.mark.e2e

NO_PICK = "character_pick=random"


@dataclass(frozen=True)
class Click:
    where: MessageRecord
    custom_id: str
    values: list[str] | None = None
    shown: bool = True


async def start_att(table: Table, channel_id: int) -> MessageRecord:
    fake = table.fake
    await slash(fake, table.ann.id, channel_id, "game new", game="att", seats=2, options=NO_PICK)
    await slash(fake, table.bob.id, channel_id, "game join")
    await slash(fake, table.ann.id, channel_id, "game start")
    return await fake.wait_for_message(
        channel_id, lambda m: m.png() is not None and not m.ephemeral
    )


def shapes(g: int, s: int, board: MessageRecord, panel: MessageRecord) -> list[Click]:
    """Malformed ids and values for game ``g`` at move ``s``: the panel's first menu is
    ``gm:sel:g:s:0:0`` with the options "0" and "1" (who goes first)."""
    b = [
        # unknown prefixes, empty, too few or too many fields
        "hello",
        "",
        "gm",
        "gm:",
        "gm:move",
        "gm:move:",
        f"gm:move:{g}",
        f"gm:move:{g}:{s}:9",
        f"GM:MOVE:{g}:{s}",
        f"gm:nope:{g}:{s}",
        f"gm:hand:{g}:extra",
        f"gm:act:{g}:{s}",
        f"gm:act:{g}:{s}:0:0",
        "gm:act:x:y:z",
        f"gm:act:{g}:{s}:",
        f"gm:back:{g}:{s}",
        # non-numbers, signs, spaces, unicode digits
        f"gm:act:{g}:{s}:0x1",
        f"gm:act:{g}:{s}:1e3",
        f"gm:act:{g}:{s}: 0",
        f"gm:act:{g}:{s}:0 ",
        f"gm:act:{g}:{s}:+0",
        f"gm:act:{g}:{s}:-1",
        f"gm:act:-{g}:{s}:0",
        f"gm:act:{g}:-{s}:0",
        f"gm:act:{g}:{s}:\u0661",  # ARABIC-INDIC DIGIT ONE
        f"gm:move:{g}:\u0663",
        "gm:act:\uff11:\uff12:\uff13",  # fullwidth digits
        f"gm:move:{g}:{s}\u0660",
        # huge numbers: in the template's 18 digits, past them, and far past them
        f"gm:act:{g}:{s}:{'9' * 18}",
        f"gm:act:{g}:{s}:{'9' * 19}",
        f"gm:act:{g}:{s}:{'7' * 5000}",
        f"gm:move:{'9' * 18}:{s}",
        f"gm:move:{g}:{'9' * 18}",
        f"gm:hand:{'9' * 18}",
        f"gm:lineup:{'9' * 18}",
        f"gm:lineup:{g}",
        f"gm:build:{'9' * 18}:create",
        f"gm:path:{g}:{s}:{'9' * 18}:0",
    ]
    clicks = [Click(board, i) for i in b]
    sel = f"gm:sel:{g}:{s}"
    # Menus: groups, pages and values the panel never offered.
    menu = [
        (f"{sel}:-2:0", ["0"]),  # the finding: a negative group read from the end
        (f"{sel}:-1:0", ["0"]),  # the every-move menu, not drawn on this panel
        (f"{sel}:-1:0", ["1"]),
        (f"{sel}:1:0", ["0"]),
        (f"{sel}:99:0", ["0"]),
        (f"{sel}:0:1", ["0"]),
        (f"{sel}:0:99", ["1"]),
        (f"{sel}:0:0", ["2"]),
        (f"{sel}:0:0", ["-1"]),
        (f"{sel}:0:0", ["-0"]),
        (f"{sel}:0:0", [" 0"]),
        (f"{sel}:0:0", ["00"]),
        (f"{sel}:0:0", ["\u0660"]),
        (f"{sel}:0:0", ["9" * 30]),
        (f"{sel}:0:0", [""]),
        (f"{sel}:0:0", ["0", "1"]),
        (f"{sel}:0:0", ["page:1"]),
        (f"{sel}:0:0", ["page:-1"]),
        (f"{sel}:0:0", ["page:0"]),
        (f"{sel}:0:0", ["abc"]),
        (f"gm:pick:{g}:{s}:0", ["0"]),
        (f"gm:pick:{g}:{s}:5", ["0", "1"]),
        (f"gm:path:{g}:{s}:-:0", ["0"]),
        (f"gm:path:{g}:{s}:-:3", ["page:4"]),
        (f"gm:path:{g}:{s}:7.1:0", ["0"]),
        (f"gm:back:{g}:{s}:7.1", None),
        ("gm:build:1:icon", ["x"]),
        (f"gm:act:{g}:{s}:5", ["5"]),  # a button's id sent as a menu
        (f"{sel}:0:0", None),  # a menu's id sent as a button
    ]
    clicks += [Click(panel, custom_id, values) for custom_id, values in menu]
    # Old ids on the board: a move count the game has passed (as if the buttons had not
    # been replaced yet) and one it has not reached.
    clicks += [Click(board, f"gm:move:{g}:{s + 1}"), Click(panel, f"gm:act:{g}:{s + 7}:0")]
    return clicks


async def sentence_for(table: Table, click: Click, user: int) -> tuple[InteractionRecord, str]:
    """The bot's final answer to ``click``: a button first says "Playing …" in place of
    the panel, then what became of the move."""
    ix = await table.fake.user(user).forge(
        click.where, click.custom_id, click.values, shown=click.shown
    )
    await table.fake.wait_until(
        lambda: any(r.content and not r.content.startswith("Playing") for r in ix.responses),
        timeout=REPLY_TIMEOUT,
        what=f"an answer to {click.custom_id!r}",
    )
    return ix, [r.content for r in ix.responses if r.content][-1] or ""


def a_sentence(text: str) -> bool:
    return (
        bool(text)
        and text[0].isupper()
        and text.rstrip().endswith(".")
        and text != APOLOGY
        and not text.startswith(("Playing", "Done"))
    )


async def test_every_malformed_click_gets_a_sentence_and_changes_nothing(table: Table) -> None:
    fake, ch, service = table.fake, table.channel.id, table.bot.service
    board = await start_att(table, ch)
    row = service.table(ch)
    user = service.waiting(ch)[0].user_id
    assert user is not None
    panel = await answered(fake, await fake.user(user).click(board, "Your move"))
    assert panel.message_id is not None and panel.components[0]["components"][0]["custom_id"] == (
        f"gm:sel:{row.id}:{row.seq}:0:0"
    )
    panel_message = fake.channel(ch).find(panel.message_id)
    assert panel_message is not None
    messages = len(fake.channel(ch).messages)

    unanswered = []
    for click in shapes(row.id, row.seq, board, panel_message):
        ix, text = await sentence_for(table, click, user)
        if not a_sentence(text):
            unanswered.append((click.custom_id, click.values, text))
        assert [r.kind for r in ix.responses].count("callback") == 1, click
    assert not unanswered, unanswered
    assert service.table(ch).seq == row.seq  # no move made
    assert len([m for m in fake.channel(ch).messages if not m.ephemeral]) == len(
        [m for m in fake.channel(ch).messages[:messages] if not m.ephemeral]
    )


async def test_clicks_on_old_boards_other_games_and_other_channels_are_answered(
    table: Table,
) -> None:
    fake, ch, service = table.fake, table.channel.id, table.bot.service
    board = await start_att(table, ch)
    first = service.table(ch)
    user = service.waiting(ch)[0].user_id
    assert user is not None
    # The game moves on: the board now carries the next move count's buttons.
    await slash(fake, user, ch, "play", action=service.choices(ch, user)[0].ref)
    await fake.wait_until(
        lambda: f"gm:move:{first.id}:{first.seq}" not in str(board.components),
        timeout=20,
        what="the first board's buttons replaced",
    )
    # Another channel with a game that is over (ended), and one with a game running.
    ended_ch = fake.add_channel(table.guild, name="table-2").id
    ended_board = await start_att(table, ended_ch)
    ended = service.table(ended_ch)
    await slash(fake, table.ann.id, ended_ch, "game end")
    await fake.wait_until(lambda: not ended_board.components, timeout=20, what="a dead board")
    other_ch = fake.add_channel(table.guild, name="table-3").id
    other_board = await start_att(table, other_ch)
    other = service.table(other_ch)
    now = service.table(ch)

    clicks = [
        # "Your move" from a client that has not seen the board edited since
        Click(board, f"gm:move:{first.id}:{first.seq}", shown=False),
        Click(board, f"gm:move:{first.id}:{first.seq}"),
        Click(board, f"gm:act:{first.id}:{first.seq}:0", shown=False),
        # the ended game's dead board, and its ids in this channel
        Click(ended_board, f"gm:move:{ended.id}:{ended.seq}", shown=False),
        Click(ended_board, f"gm:move:{ended.id}:{ended.seq}"),
        Click(ended_board, f"gm:act:{ended.id}:{ended.seq}:0"),
        Click(ended_board, f"gm:hand:{ended.id}"),
        Click(board, f"gm:sel:{ended.id}:{ended.seq}:0:0", ["0"]),
        # the running game of another channel: its ids sent from this channel's board
        Click(board, f"gm:move:{other.id}:{other.seq}"),
        Click(board, f"gm:act:{other.id}:{other.seq}:0"),
        Click(board, f"gm:sel:{other.id}:{other.seq}:0:0", ["0"]),
        Click(board, f"gm:hand:{other.id}"),
        Click(board, f"gm:lineup:{other.id}"),
        # and this channel's ids sent from the other channel's board
        Click(other_board, f"gm:move:{now.id}:{now.seq}"),
        Click(other_board, f"gm:act:{now.id}:{now.seq}:0"),
    ]
    for click in clicks:
        for player in (table.ann.id, table.bob.id, table.eve.id):
            _, text = await sentence_for(table, click, player)
            assert a_sentence(text), (click, player, text)
    assert [service.store.get_game(g.id).seq for g in (now, ended, other)] == [
        now.seq,
        ended.seq,
        other.seq,
    ]
    assert service.table(ch).seq == now.seq


async def test_a_menu_forged_to_a_negative_group_makes_no_move(table: Table) -> None:
    """The finding: group -2 with the value "0" was read from the end of the list of groups
    and played the first move ("Done: Bob goes first this round")."""
    fake, ch, service = table.fake, table.channel.id, table.bot.service
    board = await start_att(table, ch)
    row = service.table(ch)
    user = service.waiting(ch)[0].user_id
    assert user is not None
    panel = await answered(fake, await fake.user(user).click(board, "Your move"))
    assert panel.message_id is not None
    for group in (-2, -1, 1):
        click = Click(
            fake.channel(ch).find(panel.message_id), f"gm:sel:{row.id}:{row.seq}:{group}:0", ["0"]
        )
        _, text = await sentence_for(table, click, user)
        assert a_sentence(text), text
    assert service.table(ch).seq == row.seq
