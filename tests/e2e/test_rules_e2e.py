"""``/rules``, ``/card`` and ``/game options`` through the real discord.py client (issue 18):
answers are private, autocomplete finds topics and cards of the channel's game, options are
listed with defaults and allowed values, and option errors show the game's own examples."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.e2e.conftest import Table
from tests.e2e.driver import slash

pytestmark = pytest.mark.e2e


async def test_rules_answers_privately_with_the_tables_ruling(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await slash(fake, table.ann.id, ch, "game new", game="att", options="scenario=II")
    found = await fake.user(table.eve.id).autocomplete(ch, "rules", "topic", "scenario")
    assert found and len(found) <= 25
    _, reply = await slash(fake, table.eve.id, ch, "rules", topic=found[0]["value"])
    assert reply.ephemeral and reply.content.startswith("**") and "§" in reply.content
    assert not [m for m in fake.channel(ch).messages if not m.ephemeral and "§" in m.content]
    # Another game by name, from a channel without that game.
    games = await fake.user(table.eve.id).autocomplete(ch, "rules", "game", "wild")
    assert "wildlands" in [g["value"] for g in games]
    found = await fake.user(table.eve.id).autocomplete(
        ch, "rules", "topic", "end", game="wildlands"
    )
    _, reply = await slash(
        fake, table.eve.id, ch, "rules", topic=found[0]["value"], game="wildlands"
    )
    assert reply.ephemeral and "§" in reply.content


async def test_card_shows_the_face_of_a_card_of_this_channels_game(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    await slash(fake, table.ann.id, ch, "game new", game="att")
    found = await fake.user(table.bob.id).autocomplete(ch, "card", "name", "feat")
    assert found and all("#" not in c["name"] for c in found)  # no copy numbers
    _, reply = await slash(fake, table.bob.id, ch, "card", name=found[0]["value"])
    assert reply.ephemeral and reply.files and "Source:" in reply.content
    picture = Image.open(io.BytesIO(reply.files[0].data))
    assert picture.width >= 600


async def test_game_options_lists_every_option_and_errors_show_the_games_examples(
    table: Table,
) -> None:
    fake, ch = table.fake, table.channel.id
    ix, _ = await slash(fake, table.ann.id, ch, "game options", game="wildlands")
    await fake.wait_until(lambda: sum(1 for r in ix.responses if r.content) >= 2)
    text = "\n".join(r.content for r in ix.responses if r.content)
    assert all(r.ephemeral for r in ix.responses if r.content)
    assert all(len(r.content) <= 2000 for r in ix.responses if r.content)
    assert "`target_score` (default `5`; a whole number from 1 to 20)" in text
    board = "(default `dungeon`; `dungeon` | `ruins` | `abyssal_lake` | `lost_factory`)"
    assert f"`board` {board}" in text
    assert "Sets the points needed to win" in text  # the note from the rules topics
    _, reply = await slash(
        fake, table.ann.id, ch, "game new", game="wildlands", options="board=moon"
    )
    assert "board=ruins" in reply.content and "game_length" not in reply.content
    _, reply = await slash(fake, table.ann.id, ch, "game new", game="wildlands", options="moon")
    assert "board=ruins" in reply.content and "game_length" not in reply.content
