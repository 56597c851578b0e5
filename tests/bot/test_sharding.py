"""Which shards a bot process runs (``gm run --shards 0-3 --shard-count 8``)."""

from __future__ import annotations

import pytest

from bot.discord.sharding import ShardedGameMaster, ShardPlan, ShardSpecError, plan_shards
from bot.store import Store
from bot.tables.service import TableService


def test_a_range_of_shards_out_of_a_count() -> None:
    assert plan_shards("0-3", 8) == ShardPlan((0, 1, 2, 3), 8)
    assert plan_shards("4-5, 7", 8) == ShardPlan((4, 5, 7), 8)
    assert plan_shards(None, 2) == ShardPlan((0, 1), 2)
    assert plan_shards(None, None) is None


@pytest.mark.parametrize(
    ("spec", "count", "message"),
    [
        ("0-8", 8, "do not fit in a shard count of 8"),
        ("3-1", 8, "do not fit"),
        ("a-b", 8, "written like 0-3"),
        ("0-3", None, "needs the bot's total shard count"),
        ("0", 0, "at least 1"),
    ],
)
def test_shard_specs_that_cannot_work_are_explained(
    spec: str, count: int | None, message: str
) -> None:
    with pytest.raises(ShardSpecError, match=message):
        plan_shards(spec, count)


def test_a_server_belongs_to_the_shard_discord_sends_it_to() -> None:
    guild = (123456 << 22) | 77  # the shard depends only on the id's timestamp bits
    assert ShardPlan.shard_of(guild, 8) == 123456 % 8


async def test_the_sharded_client_runs_only_its_shards(tmp_path) -> None:
    store = Store(tmp_path / "gm.sqlite3")
    bot = ShardedGameMaster(TableService(store), shard_ids=[4, 5, 6, 7], shard_count=8)
    assert (bot.shard_ids, bot.shard_count) == ([4, 5, 6, 7], 8)
    assert bot.service.store is store
    store.close()
