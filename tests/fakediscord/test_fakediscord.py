"""The fake Discord proven against the real discord.py client, driven by a tiny bot."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from PIL import Image

from .api import FakeDiscord
from .fixtures import connected
from .state import ChannelRecord, GuildRecord, UserRecord
from .transport import transport_for

ACTIONS = ["go north", "go south", "gather", "rest"]


def png_bytes() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 48), "teal").save(buffer, "PNG")
    return buffer.getvalue()


class RenameModal(discord.ui.Modal, title="Rename the table"):
    name = discord.ui.TextInput(label="Name")


class LobbyView(discord.ui.View):
    def __init__(self, seen: list[tuple[str, object]]) -> None:
        super().__init__(timeout=60)
        self.seen = seen

    @discord.ui.button(label="Join", custom_id="lobby:join")
    async def join(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        self.seen.append(("join", interaction.user.id))
        hand = discord.File(io.BytesIO(png_bytes()), "hand.png")
        await interaction.response.send_message("You joined the table.", file=hand, ephemeral=True)

    @discord.ui.button(label="Start", custom_id="lobby:start")
    async def start(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="The game has started.", view=None)

    @discord.ui.button(label="Rename", custom_id="lobby:rename")
    async def rename(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        await interaction.response.send_modal(RenameModal())

    @discord.ui.select(
        custom_id="lobby:seat",
        placeholder="Pick a seat",
        options=[discord.SelectOption(label=f"Seat {n}", value=str(n)) for n in (1, 2, 3)],
    )
    async def seat(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        self.seen.append(("seat", select.values))
        await interaction.response.edit_message(content=f"Seat {select.values[0]} taken.")


class TinyBot(discord.Client):
    """A bot with a /game group, /play with autocomplete, a lobby view, files and a DM."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.guild = discord.Object(guild_id)
        self.tree = app_commands.CommandTree(self)
        self.seen: list[tuple[str, object]] = []
        self.tree.add_command(self._game_group(), guild=self.guild)
        self.tree.add_command(self._play_command(), guild=self.guild)
        self.tree.add_command(self._rules_command())

    async def setup_hook(self) -> None:
        await self.tree.sync(guild=self.guild)
        await self.tree.sync()

    def _rules_command(self) -> app_commands.Command:
        @app_commands.command(name="rules", description="Where the rules are")
        async def rules(interaction: discord.Interaction) -> None:
            where = "a DM" if interaction.guild is None else interaction.guild.name
            await interaction.response.send_message(f"Rules for {where}: read the box.")

        return rules

    def _game_group(self) -> app_commands.Group:
        game = app_commands.Group(name="game", description="Run a table")
        seen = self.seen

        @game.command(name="new", description="Open a table")
        @app_commands.choices(
            game=[
                app_commands.Choice(name="Ancient Terrible Things", value="att"),
                app_commands.Choice(name="Wildlands", value="wildlands"),
            ]
        )
        async def new(
            interaction: discord.Interaction,
            game: str,
            seats: app_commands.Range[int, 1, 6],
            rival: discord.Member | None = None,
        ) -> None:
            seen.append(("new", {"game": game, "seats": seats, "rival": rival and rival.id}))
            text = f"New {game} table for {seats}."
            await interaction.response.send_message(text, view=LobbyView(seen))

        @game.command(name="board", description="Draw the board")
        async def board(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            picture = await asyncio.to_thread(png_bytes)
            file = discord.File(io.BytesIO(picture), "board.png")
            await interaction.followup.send("The board", file=file)

        @game.command(name="log", description="Post the log")
        async def log(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            file = discord.File(io.BytesIO(b"ann moved"), "log.txt")
            message = await channel.send("Turn 1", file=file)
            await message.edit(content="Turn 1 (final)")
            scratch = await channel.send("scratch")
            await scratch.delete()
            await interaction.followup.send("Posted.", ephemeral=True)

        @game.command(name="whisper", description="Tell you a secret")
        async def whisper(interaction: discord.Interaction) -> None:
            await interaction.user.send("Your hand: three shards.")
            await interaction.response.send_message("Check your DMs.", ephemeral=True)

        @game.command(name="status", description="Say how the table is doing")
        async def status(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Checking...")
            await interaction.edit_original_response(content="All seats are full.")
            note = await interaction.followup.send("A note.", wait=True)
            await note.edit(content="A better note.")
            await note.delete()

        @game.command(name="slow", description="Answer too late")
        async def slow(interaction: discord.Interaction) -> None:
            await asyncio.sleep(0.3)
            await interaction.response.send_message("Sorry, I dozed off.")

        return game

    def _play_command(self) -> app_commands.Command:
        seen = self.seen

        @app_commands.command(name="play", description="Take an action")
        async def play(interaction: discord.Interaction, action: str) -> None:
            seen.append(("play", action))
            await interaction.response.send_message(f"You {action}.")

        @play.autocomplete("action")
        async def actions(_: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=a, value=a) for a in ACTIONS if current in a]

        return play


@dataclass
class Table:
    fake: FakeDiscord
    guild: GuildRecord
    channel: ChannelRecord
    ann: UserRecord
    bob: UserRecord
    bot: TinyBot


@pytest_asyncio.fixture
async def table(fake_discord: FakeDiscord) -> AsyncIterator[Table]:
    guild = fake_discord.add_guild(name="Game Night")
    channel = fake_discord.add_channel(guild, name="table-1")
    ann = fake_discord.add_member(guild, name="ann")
    bob = fake_discord.add_member(guild, name="bob")
    bot = TinyBot(guild.id)
    async with connected(bot, fake_discord):
        yield Table(fake_discord, guild, channel, ann, bob, bot)


async def test_bot_connects_and_registers_its_commands(table: Table) -> None:
    fake, bot = table.fake, table.bot
    registered = {c["name"]: c for c in fake.commands(table.guild.id)}
    assert set(registered) == {"game", "play"}
    assert [c["name"] for c in fake.commands()] == ["rules"]
    subcommands = {o["name"] for o in registered["game"]["options"]}
    assert subcommands == {"new", "board", "log", "whisper", "status", "slow"}
    assert bot.user is not None and bot.user.id == fake.bot_user.id
    channel = bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel) and channel.name == "table-1"
    assert channel.permissions_for(channel.guild.me).attach_files
    assert fake.identifies == 1
    _, gateway_url, _ = await bot.http.get_bot_gateway()
    assert gateway_url == fake.world.gateway_url


async def test_slash_command_reaches_its_callback_with_typed_options(table: Table) -> None:
    fake, ann = table.fake, table.fake.user(table.ann.id)
    ix = await ann.slash(table.channel.id, "game new", game="att", seats="2", rival=table.bob.id)
    await fake.wait_for_ack(ix, timeout=20)
    assert [r.kind for r in ix.responses][:1] == ["callback"]
    assert table.bot.seen[-1] == ("new", {"game": "att", "seats": 2, "rival": table.bob.id})
    message = fake.channel(table.channel.id).last_message()
    assert message is not None and message.content == "New att table for 2."
    assert message.interaction is ix and message.type == 20
    [response] = ix.responses
    assert (response.kind, response.type, response.ephemeral) == ("callback", 4, False)
    assert response.components == message.components


async def test_slash_commands_a_player_could_not_type_fail_the_test(table: Table) -> None:
    ann, channel_id = table.fake.user(table.ann.id), table.channel.id
    with pytest.raises(AssertionError, match="not registered"):
        await ann.slash(channel_id, "dance")
    with pytest.raises(AssertionError, match="needs a subcommand"):
        await ann.slash(channel_id, "game")
    with pytest.raises(AssertionError, match="no subcommand 'nope'"):
        await ann.slash(channel_id, "game nope")
    with pytest.raises(AssertionError, match="not one of the choices"):
        await ann.slash(channel_id, "game new", game="chess", seats=2)
    with pytest.raises(AssertionError, match="above 6"):
        await ann.slash(channel_id, "game new", game="att", seats=7)
    with pytest.raises(AssertionError, match=r"needs the options \['seats'\]"):
        await ann.slash(channel_id, "game new", game="att")
    with pytest.raises(AssertionError, match="has no option"):
        await ann.slash(channel_id, "game new", game="att", seats=2, colour="red")
    assert table.fake.interactions == []


async def test_autocomplete_returns_the_bots_choices(table: Table) -> None:
    ann = table.fake.user(table.ann.id)
    choices = await ann.autocomplete(table.channel.id, "play", "action", "go")
    assert choices == [
        {"name": "go north", "value": "go north"},
        {"name": "go south", "value": "go south"},
    ]
    ix = await ann.slash(table.channel.id, "play", action="gather")
    await table.fake.wait_for_ack(ix)
    assert table.bot.seen[-1] == ("play", "gather")


async def test_button_and_select_reach_their_callbacks(table: Table) -> None:
    fake, ann, bob = table.fake, table.fake.user(table.ann.id), table.fake.user(table.bob.id)
    await fake.wait_for_ack(await ann.slash(table.channel.id, "game new", game="att", seats=3))
    lobby = await fake.wait_for_message(table.channel.id, lambda m: bool(m.components))

    click = await bob.click(lobby, "Join")
    await fake.wait_for_ack(click)
    assert ("join", table.bob.id) in table.bot.seen
    reply = fake.channel(table.channel.id).last_message(for_user=table.bob.id)
    assert reply is not None and reply.content == "You joined the table."
    assert reply.ephemeral and reply.for_user == table.bob.id and click.responses[0].ephemeral
    assert reply.image().size == (64, 48) and click.responses[0].files[0].filename == "hand.png"
    assert fake.channel(table.channel.id).last_message() is lobby  # nobody else sees it

    pick = await ann.select(lobby, "Pick a seat", values=["2"])
    await fake.wait_for_ack(pick)
    assert ("seat", ["2"]) in table.bot.seen
    assert lobby.content == "Seat 2 taken." and lobby.edits[-1].content == "New att table for 3."
    assert pick.responses[0].type == 7
    with pytest.raises(AssertionError, match="does not offer"):
        await ann.select(lobby, "lobby:seat", values=["9"])
    with pytest.raises(AssertionError, match="no button 'Leave'"):
        await ann.click(lobby, "Leave")

    rename = await ann.click(lobby, "lobby:rename")
    await fake.wait_for_ack(rename)
    assert rename.responses[0].type == 9 and rename.modal is not None
    assert rename.modal["title"] == "Rename the table"

    start = await ann.click(lobby, "Start")
    await fake.wait_until(lambda: len(start.responses) == 2, what="the lobby edit")
    assert [(r.kind, r.type) for r in start.responses] == [("callback", 6), ("edit_original", None)]
    assert lobby.content == "The game has started." and lobby.components == []
    with pytest.raises(AssertionError, match="no button 'Join'"):
        await bob.click(lobby, "Join")


async def test_deferred_response_then_followup_with_a_png(table: Table) -> None:
    fake = table.fake
    ix = await table.fake.user(table.ann.id).slash(table.channel.id, "game board")
    await fake.wait_for_ack(ix, timeout=20)
    assert [r.kind for r in ix.responses][:1] == ["callback"]
    board = await fake.wait_for_message(table.channel.id, lambda m: m.png() is not None)
    assert board.image().size == (64, 48)
    assert fake.channel(table.channel.id).last_board() is board
    # The first followup fills in the "thinking" message rather than posting a new one.
    assert board.id == ix.original_message_id and not board.loading
    assert [(r.kind, r.type) for r in ix.responses] == [("callback", 5), ("followup", None)]
    assert ix.responses[1].files[0].filename == "board.png"


async def test_channel_message_with_attachment_is_edited_and_another_deleted(table: Table) -> None:
    fake, channel_id = table.fake, table.channel.id
    ix = await table.fake.user(table.ann.id).slash(channel_id, "game log")
    done = await fake.wait_for_message(channel_id, lambda m: m.content == "Posted.")
    assert done.ephemeral and done.for_user == table.ann.id and done.id == ix.original_message_id
    [log] = [m for m in fake.channel(channel_id).messages if m.content.startswith("Turn 1")]
    assert log.content == "Turn 1 (final)" and [e.content for e in log.edits] == ["Turn 1"]
    assert log.attachments[0].filename == "log.txt" and log.attachments[0].data == b"ann moved"
    assert [m.content for m in fake.channel(channel_id).deleted] == ["scratch"]
    channel = table.bot.get_channel(channel_id)
    assert isinstance(channel, discord.TextChannel)
    fetched = await channel.fetch_message(log.id)
    assert await fetched.attachments[0].read() == b"ann moved"


async def test_interaction_messages_are_edited_and_deleted_through_the_webhook(
    table: Table,
) -> None:
    fake = table.fake
    ix = await table.fake.user(table.ann.id).slash(table.channel.id, "game status")
    await fake.wait_until(lambda: len(ix.responses) == 5, what="five responses")
    kinds = [r.kind for r in ix.responses]
    assert kinds == ["callback", "edit_original", "followup", "edit_followup", "delete_followup"]
    original = fake.channel(table.channel.id).last_message()
    assert original is not None and original.id == ix.original_message_id
    assert original.content == "All seats are full." and original.edits[0].content == "Checking..."
    [note] = fake.channel(table.channel.id).deleted
    assert note.content == "A better note." and note.deleted


async def test_a_dm_reaches_the_user_who_can_use_global_commands_there(table: Table) -> None:
    fake, ann = table.fake, table.fake.user(table.ann.id)
    ix = await ann.slash(table.channel.id, "game whisper")
    await fake.wait_for_ack(ix)
    dm = fake.dm(table.ann.id)
    secret = dm.last_message()
    assert secret is not None and secret.content == "Your hand: three shards."
    assert ix.responses[0].ephemeral
    with pytest.raises(AssertionError, match="not registered"):
        await ann.slash(dm.id, "game whisper")  # a guild command
    await fake.wait_for_ack(await ann.slash(dm.id, "rules"))
    reply = dm.last_message()
    assert reply is not None and reply.content == "Rules for a DM: read the box."
    guild_rules = await ann.slash(table.channel.id, "rules")
    await fake.wait_for_ack(guild_rules)
    assert (
        fake.channel(table.channel.id).messages[-1].content == "Rules for Game Night: read the box."
    )


async def test_a_rate_limited_post_is_retried_and_arrives_once(table: Table) -> None:
    fake, channel_id = table.fake, table.channel.id
    fake.rate_limit("POST", r"/channels/\d+/messages", times=1, retry_after=0.2)
    await table.fake.user(table.ann.id).slash(channel_id, "game log")
    await fake.wait_for_message(channel_id, lambda m: m.content == "Posted.")
    assert fake.rate_limited == [f"POST /channels/{channel_id}/messages"]
    logs = [m for m in fake.channel(channel_id).messages if m.content.startswith("Turn 1")]
    assert len(logs) == 1


async def test_forced_reconnect_resumes_and_replays_what_was_missed(table: Table) -> None:
    fake, ann = table.fake, table.fake.user(table.ann.id)
    reconnecting = asyncio.create_task(fake.force_reconnect())
    # Dispatched while the bot drops its socket: delivered by the replay on RESUME.
    ix = await ann.slash(table.channel.id, "play", action="rest")
    await reconnecting
    assert (fake.identifies, fake.resumes) == (1, 1)
    await fake.wait_for_ack(ix)
    later = await ann.slash(table.channel.id, "play", action="gather")
    await fake.wait_for_ack(later)
    assert [s for s in table.bot.seen if s[0] == "play"] == [("play", "rest"), ("play", "gather")]


async def test_unexpected_routes_and_refused_requests_are_reported(table: Table) -> None:
    fake = table.fake
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.NotFound):
        [pin async for pin in channel.pins()]
    [route] = fake.unexpected
    assert route.startswith(f"GET /api/v10/channels/{table.channel.id}/")
    assert "no such route" in route
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("x" * 2001)
    assert refused.value.status == 400 and "2000 or fewer" in fake.unexpected[-1]
    fake.unexpected.clear()


async def test_an_answer_after_the_deadline_is_refused(table: Table) -> None:
    fake = table.fake
    fake.world.ack_deadline = 0.1
    ix = await table.fake.user(table.ann.id).slash(table.channel.id, "game slow")
    late = await fake.wait_until(lambda: fake.unexpected, what="the late answer")
    assert "Unknown interaction (answered after" in late[0] and ix.acked_at is None
    fake.unexpected.clear()


# discord.py's own decoder: zlib-stream here, zstd-stream where zstandard is installed.
DECODER = discord.utils._ActiveDecompressionContext


@pytest.mark.parametrize("compress", [None, DECODER.COMPRESSION_TYPE])
def test_gateway_frames_decode_with_discord_py(compress: str | None) -> None:
    transport = transport_for(compress)
    decoder = DECODER()
    texts = ['{"op": 10}', '{"op": 0, "t": "READY", "d": {"x": "' + "y" * 5000 + '"}}', "{}"]
    for text in texts:
        frame = transport.encode(text)
        assert (frame if isinstance(frame, str) else decoder.decompress(frame)) == text
