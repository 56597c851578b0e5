"""A fake Discord (REST API v10 + gateway) on 127.0.0.1 for the real, unmodified discord.py.

    fake = FakeDiscord()
    await fake.start()                              # random port; fake.base_url
    guild = fake.add_guild(name="Game Night")
    table = fake.add_channel(guild, name="table-1")
    ann = fake.add_member(guild, name="ann")

    async with connected(bot, fake):                # fixtures.py: use_api_base, login,
                                                    # connect, wait for ready; close on exit
        ix = await fake.user(ann.id).slash(table.id, "game new", game="att", seats=2)
        await fake.wait_for_ack(ix)                 # seconds until the first response (<= 3)
        board = await fake.wait_for_message(table.id, lambda m: m.png() is not None)
        board.image()                               # the PNG, decoded by Pillow
        fake.channel(table.id).last_board()         # last visible message with a PNG
        await fake.user(ann.id).click(board, "Join")             # label or custom_id
        await fake.user(ann.id).select(board, "Pick a seat", values=["1"])
        await fake.user(ann.id).autocomplete(table.id, "play", "action", "go")  # -> choices
        fake.channel(table.id).last_message(for_user=ann.id)     # ephemerals included for ann
        fake.dm(ann.id).last_message()
        fake.rate_limit("POST", r"/channels/\\d+/messages", times=1, retry_after=0.2)
        await fake.force_reconnect()                # op 7; returns once the bot resumed

The bot reaches the fake through `bot.discord.endpoint.use_api_base(fake.base_url)`, which sets
discord.py's REST base and default gateway; GM_DISCORD_API should do the same in the bot.

What the fake keeps (see state.py): per channel `messages` (live, ephemeral ones with
`for_user`) and `deleted`; per message content, embeds, raw components, attachments with their
bytes, flags, `edits` (previous versions); per interaction the monotonic `created_at` and
`acked_at`, and `responses` (kind, type, content, ephemeral, files, components, embeds).

Everything Discord would refuse, and every route the fake does not know, is answered as Discord
would (404, 400 with JSON error codes) and listed in `fake.unexpected`; the `fake_discord`
fixture fails the test at teardown unless that list is empty.

A slash command, autocomplete, click or select is checked against what the bot registered
and what the message shows; anything a player could not do is an AssertionError in the test.
Not modelled: submitting a modal (the bot's modal is recorded), attachment options, threads,
reactions, voice.
"""

from .actor import FakeUser
from .api import FakeDiscord
from .state import (
    AttachmentRecord,
    ChannelRecord,
    GuildRecord,
    InteractionRecord,
    MessageRecord,
    ResponseRecord,
    UserRecord,
)

__all__ = [
    "AttachmentRecord",
    "ChannelRecord",
    "FakeDiscord",
    "FakeUser",
    "GuildRecord",
    "InteractionRecord",
    "MessageRecord",
    "ResponseRecord",
    "UserRecord",
]
