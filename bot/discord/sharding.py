"""Discord's sharding split between bot processes (issue "When a bot outgrows one machine").

Discord sends each server's events to shard ``(guild_id >> 22) % shard_count``. A process
started with ``--shards 0-3 --shard-count 8`` (or ``GM_SHARDS``, ``GM_SHARD_COUNT``) runs
an ``AutoShardedClient`` over shards 0 to 3 only; another process takes 4 to 7, and both
share one PostgreSQL store. Nothing else changes: a click is checked against the store's
sequence number whichever process receives it, the scheduler's claim fires each due item
once whichever process claims it, and a notice for a server on another process's shards
goes out through the REST API (``fetch_channel``), which any process may call.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from discord.ext import commands

from bot.discord.app import GameMaster
from bot.tables.service import TableService
from engines.core.errors import GameError


class ShardSpecError(GameError):
    """A ``--shards`` value that is not ``N`` or ``A-B`` inside the shard count."""


@dataclass(frozen=True)
class ShardPlan:
    """Which of ``count`` shards this process runs."""

    ids: tuple[int, ...]
    count: int

    @classmethod
    def parse(cls, spec: str, count: int) -> ShardPlan:
        """``"0-3"``, ``"5"`` or ``"0-1,6"`` out of ``count`` shards."""
        if count < 1:
            raise ShardSpecError(f"The shard count must be at least 1, not {count}.")
        ids: set[int] = set()
        for part in spec.split(","):
            first, dash, last = part.strip().partition("-")
            try:
                low = int(first)
                high = int(last) if dash else low
            except ValueError:
                raise ShardSpecError(
                    f"Shards are written like 0-3 or 5 (or 0-1,6), not {spec!r}."
                ) from None
            if not 0 <= low <= high < count:
                raise ShardSpecError(
                    f"Shards {part.strip()} do not fit in a shard count of {count} "
                    f"(shards are 0 to {count - 1})."
                )
            ids.update(range(low, high + 1))
        return cls(tuple(sorted(ids)), count)

    @staticmethod
    def shard_of(guild_id: int, count: int) -> int:
        """The shard Discord sends a server's events to."""
        return (guild_id >> 22) % count


def plan_shards(shards: str | None, count: int | None) -> ShardPlan | None:
    """This process's shards from ``--shards``/``GM_SHARDS`` and ``--shard-count``/
    ``GM_SHARD_COUNT``: None for one unsharded client (the default); a count alone runs
    every shard in this process."""
    if not shards and count is None:
        return None
    if count is None:
        raise ShardSpecError(
            "--shards needs the bot's total shard count too: add --shard-count (or GM_SHARD_COUNT)."
        )
    return ShardPlan.parse(shards or f"0-{count - 1}", count)


class ShardedGameMaster(GameMaster, commands.AutoShardedBot):
    """The game master over some of the bot's shards, one gateway connection per shard."""


def sharded_bot(
    service: TableService, plan: ShardPlan, *, sync_on_start: bool = False, **kwargs: Any
) -> ShardedGameMaster:
    return ShardedGameMaster(
        service,
        sync_on_start=sync_on_start,
        shard_ids=list(plan.ids),
        shard_count=plan.count,
        **kwargs,
    )
