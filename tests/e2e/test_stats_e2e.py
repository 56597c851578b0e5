"""Ratings and ``/stats`` through the real discord.py client (issue 31): a game played to
its end shows each rating's change on its game-over embed; ``/stats player`` and
``/stats leaderboard`` answer privately with embeds, or in the channel when asked, and an
AI seat stands on the leaderboard beside the people."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Table
from tests.e2e.driver import next_board, play_to_the_end, slash

pytestmark = pytest.mark.e2e


async def test_a_finished_game_changes_ratings_and_stats_tell_them(table: Table) -> None:
    """Ann against the AI in Ancient Terrible Things (seed 11: the AI wins, 40 to 2)."""
    fake, ch, ann, bob = table.fake, table.channel.id, table.ann.id, table.bob.id
    await slash(fake, ann, ch, "game new", game="att", seats=2)
    await slash(fake, ann, ch, "game addbot")
    last = fake.channel(ch).last_message()
    await slash(fake, ann, ch, "game start")
    board = await next_board(fake, ch, last.id)
    final = await play_to_the_end(fake, ch, board, [ann])
    (embed,) = final.embeds
    ratings = dict((f["name"], f["value"]) for f in embed["fields"])["Ratings"]
    lines = ratings.splitlines()
    assert len(lines) == 2
    assert any(line.startswith("Ann: ") for line in lines)
    assert any(line.startswith("AI (normal): ") for line in lines)
    assert next(line for line in lines if line.startswith("Ann: ")).endswith(")")
    assert "(-" in next(line for line in lines if line.startswith("Ann: "))
    assert "(+" in next(line for line in lines if line.startswith("AI (normal): "))

    # Ann's stats, privately: one game, her rating in High Card, the result.
    _, reply = await slash(fake, ann, ch, "stats player")
    assert reply.ephemeral
    (card,) = reply.embeds
    assert card["title"] == "Stats of Ann"
    text = card["description"]
    assert "1 game, 0 wins." in text
    assert "Ancient Terrible Things: " in text and "(provisional) over 1 rated game" in text
    assert "Latest results:" in text and "Ancient Terrible Things, 2nd place (-" in text

    # Someone else's stats: Bob has played nothing here.
    _, reply = await slash(fake, ann, ch, "stats player", who=bob)
    assert "Bob has no finished game on this server yet." in reply.embeds[0]["description"]

    # The leaderboard, posted to the channel: Ann and the AI, provisional both.
    before = len(fake.channel(ch).messages)
    _, reply = await slash(fake, bob, ch, "stats leaderboard", game="att", post=True)
    assert reply.ephemeral and reply.content == "Posted."
    posted = [m for m in fake.channel(ch).messages[before:] if m.embeds and not m.ephemeral]
    (board_embed,) = posted[-1].embeds
    assert board_embed["title"] == "Leaderboard: Ancient Terrible Things"
    top = board_embed["description"].splitlines()
    assert top[0].startswith("1. AI (normal): ") and "(provisional)" in top[0]
    assert top[1].startswith("2. Ann: ") and "1 game, 0 wins" in top[1]
    assert "provisional: fewer than 5 rated games" in top[-1]


async def test_a_leaderboard_nobody_is_on_yet_says_so(table: Table) -> None:
    _, reply = await slash(
        table.fake, table.ann.id, table.channel.id, "stats leaderboard", game="root"
    )
    (embed,) = reply.embeds
    assert embed["description"] == (
        "Nobody is rated in Root on the Wastelands here yet: finish a game to start."
    )
