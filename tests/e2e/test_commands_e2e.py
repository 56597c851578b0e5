"""The commands as a player, an onlooker and a moderator meet them through the real discord.py
client (issues 16 and 19): exports that keep secrets, replacement by the README's rules,
answers within Discord's limits, bad input, status and log embeds, who may start."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from discord.http import Route

from bot.__main__ import main
from bot.discord.presentation import log_pages
from engines.core.errors import GameError
from tests.e2e.conftest import Table
from tests.e2e.driver import answered, result, slash, take_a_move
from tests.fakediscord import ChannelRecord, FakeDiscord, ResponseRecord
from tests.fakediscord.commands import Resolver, build_options, locate
from tests.fakediscord.state import DM_CHANNEL

pytestmark = pytest.mark.e2e

MANAGE_CHANNELS = 1 << 4


async def start_att(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await slash(fake, table.ann.id, ch, "game new", game="att", seats=2)
    await slash(fake, table.bob.id, ch, "game join")
    await slash(fake, table.ann.id, ch, "game start")
    await fake.wait_for_message(ch, lambda m: m.png() is not None and not m.ephemeral)


def exported(reply: ResponseRecord) -> dict:
    assert reply.ephemeral and reply.files
    return json.loads(reply.files[0].data)


async def test_export_keeps_secrets_while_the_game_runs(
    table: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    for user in (table.eve.id, table.ann.id):  # an onlooker, and a player
        _, reply = await slash(fake, user, ch, "game export")
        data = exported(reply)
        assert data["redacted"] and "seed" not in data and "actions" not in data
        assert "secrets" in reply.content
        assert data["board"] and isinstance(data["log"], list)
    # gm replay of that file says what it cannot show, rather than a hand.
    path = tmp_path / "public.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert "no seed" in out and "--seat cannot be shown" in out
    assert main(["render", str(path), "--out", str(tmp_path / "x.png")]) == 1

    # A moderator gets the whole file, with a warning.
    mods = fake.add_role(table.guild, "mods", permissions=MANAGE_CHANNELS)
    mod = fake.add_member(table.guild, name="mo", roles=[mods])
    _, reply = await slash(fake, mod.id, ch, "game export")
    data = exported(reply)
    assert "seed" in data and "actions" in data and "every hand" in reply.content

    # Once the game is over, everyone gets the whole file.
    await slash(fake, table.ann.id, ch, "game end")
    _, reply = await slash(fake, table.eve.id, ch, "game export")
    data = exported(reply)
    assert "seed" in data and not data.get("redacted")


async def test_a_player_cannot_take_the_other_seat_of_a_two_person_game(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    _, reply = await slash(
        fake, table.bob.id, ch, "game replace", user=table.ann.id, **{"with": table.eve.id}
    )
    assert reply.ephemeral and "only the player who opened it" in reply.content
    assert table.bot.service.table(ch).seat_of(table.ann.id) is not None
    # The creator can, once Bob is away; the channel is told.
    await slash(fake, table.bob.id, ch, "game away", duration="1d")
    await slash(fake, table.ann.id, ch, "game replace", user=table.bob.id, **{"with": table.eve.id})
    assert table.bot.service.table(ch).seat_of(table.eve.id) is not None
    await fake.wait_for_message(
        ch, lambda m: not m.ephemeral and "eve now plays bob's seat" in m.content.casefold()
    )


async def test_long_or_odd_moves_get_a_short_sentence(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    seq = table.bot.service.table(ch).seq
    for action in ("x" * 5000, "9" * 5000 + ":1", "1:" + "9" * 5000, "²:1"):
        _, reply = await slash(fake, table.ann.id, ch, "play", action=action)
        assert reply.ephemeral and len(reply.content) <= 2000, len(reply.content)
        assert "went wrong" not in reply.content and reply.content.count("9") < 100
    assert table.bot.service.table(ch).seq == seq
    assert not fake.unexpected


async def test_autocomplete_says_when_there_are_more_moves(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await slash(fake, table.ann.id, ch, "game new", game="awoken", seats=1)
    await slash(fake, table.ann.id, ch, "game start")
    await fake.wait_for_message(ch, lambda m: m.png() is not None and not m.ephemeral)
    moves = table.bot.service.choices(ch, table.ann.id)
    choices = await fake.user(table.ann.id).autocomplete(ch, "play", "action", "")
    assert len(moves) > 25 and len(choices) == 25  # the first round of a solo game
    assert f"{len(moves) - 24} more" in choices[-1]["name"]
    _, reply = await slash(fake, table.ann.id, ch, "play", action=choices[-1]["value"])
    assert "narrow" in reply.content
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices)


async def test_run_with_a_wrong_token_says_what_to_do(
    fake_discord: FakeDiscord,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bot.__main__ import _run
    from bot.config import Config

    base = Route.BASE
    monkeypatch.setenv("DISCORD_TOKEN", "not-the-token")
    monkeypatch.setenv("GM_DISCORD_API", fake_discord.base_url)
    monkeypatch.setenv("GM_DB", str(tmp_path / "gm.sqlite3"))
    try:
        with pytest.raises(GameError, match="Discord refused the bot token") as caught:
            await _run(Config())
    finally:
        Route.BASE = base
    assert "Reset Token" in str(caught.value)
    # The refused login is the one request Discord answered with 401; expected here.
    assert all("401" in line for line in fake_discord.unexpected)
    fake_discord.unexpected.clear()


async def test_direct_messages_get_a_polite_answer_and_no_table(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    world = fake.world
    dm = ChannelRecord(id=world.ids.next(), name="", type=DM_CHANNEL, recipient_id=table.ann.id)
    world.channels[dm.id] = dm
    # Discord does not offer the commands in a DM ...
    for command in ("game new", "game mine", "play"):
        with pytest.raises(AssertionError, match="not available in DMs"):
            await fake.user(table.ann.id).slash(dm.id, command, game="att")
    # ... and one arriving anyway (an old registration) is answered, with no table made.
    ann = fake.user(table.ann.id)
    for command, options in (("game new", {"game": "att"}), ("game mine", {})):
        target = locate(world, fake.channel(ch), table.ann.id, command)
        resolver = Resolver(world, None, table.ann.id)
        data = target.data(build_options(target, options, resolver), resolver)
        ix = ann._dispatch(dm, 2, data)
        reply = await answered(fake, ix)
        assert reply.ephemeral and "use this command in a server" in reply.content
    assert table.bot.service.store.open_game(dm.id) is None


async def test_status_is_an_embed_with_scores_round_turn_and_deadlines(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await start_att(table)
    _, reply = await slash(fake, table.eve.id, ch, "game status")
    assert reply.ephemeral and reply.embeds
    [embed] = reply.embeds
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert embed["title"] == "Ancient Terrible Things"
    assert "1. Ann" in fields["Scores"] and "2. Bob" in fields["Scores"]
    assert fields["Scores"].count(": ") == 2  # a score for each seat
    assert fields["Round"] == "1"
    assert fields["Whose turn"] == "Ann"
    assert "⏰" in fields["Deadlines"] and "<t:" in fields["Deadlines"]


async def test_log_pages_are_embeds_and_readable_after_the_game(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await slash(fake, table.ann.id, ch, "game new", game="att", seats=2)
    await slash(fake, table.ann.id, ch, "game addbot")
    await slash(fake, table.ann.id, ch, "game start")
    board = await fake.wait_for_message(ch, lambda m: m.png() is not None and not m.ephemeral)
    for _ in range(12):
        board = await take_a_move(fake, ch, board, [table.ann.id])
        if result(board) is not None:
            break
    _, reply = await slash(fake, table.bob.id, ch, "game log")
    [embed] = reply.embeds
    lines = embed["description"].split("\n")
    assert all(line.startswith("#") for line in lines)  # whole lines only
    assert "Page" in embed["footer"]["text"]
    await slash(fake, table.ann.id, ch, "game end")
    _, reply = await slash(fake, table.bob.id, ch, "game log", page=1)
    [embed] = reply.embeds
    assert "game over" in embed["title"] and embed["description"].startswith("#1 ")


def test_log_pages_cut_at_line_boundaries() -> None:
    lines = [f"#{i} " + "x" * (i % 300) for i in range(1, 400)]
    pages = log_pages(lines)
    assert len(pages) > 1 and all(len(p) <= 4000 for p in pages)
    assert [line for p in pages for line in p.split("\n")] == lines


async def test_only_the_creator_starts_the_game(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await slash(fake, table.ann.id, ch, "game new", game="att", seats=2)
    await slash(fake, table.bob.id, ch, "game join")
    _, reply = await slash(fake, table.bob.id, ch, "game start")
    assert reply.ephemeral and "Only the player who opened the table" in reply.content
    assert table.bot.service.table(ch).status == "lobby"
    # Once the creator is away, anyone seated may start.
    await slash(fake, table.ann.id, ch, "game away", duration="1d")
    await slash(fake, table.bob.id, ch, "game start")
    assert table.bot.service.table(ch).status == "active"
