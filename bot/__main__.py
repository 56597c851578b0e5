"""The ``gm`` command: run the bot, sync its commands, play in a terminal, replay and render.

gm run                      start the Discord bot (DISCORD_TOKEN from env or .env)
gm sync [--guild ID]        register slash commands (globally, or instantly in one server)
gm play att [--seats me,ai] play offline in this terminal
gm migrate [--db TARGET]    bring the store (SQLite file or PostgreSQL URL) to the current schema
gm copy-db FROM TO          copy every record between stores, verified by counts and checksums
gm replay FILE --to N       print the game in an export file after N moves
gm render FILE --out P      draw the board of an export file to a PNG
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.config import TOKEN_HELP, Config
from engines import registry
from engines.core.errors import GameError

if TYPE_CHECKING:
    from bot.discord.app import GameMaster
    from bot.store import GameStore
    from engines.core.protocol import Engine
    from engines.core.replay import GameRecord


def _bot(config: Config) -> tuple[GameMaster, GameStore]:
    """Imports discord only for the commands that need it (``gm play`` stays light)."""
    from bot.discord.app import GameMaster
    from bot.discord.endpoint import use_api_base
    from bot.discord.sharding import plan_shards, sharded_bot
    from bot.store import open_store
    from bot.tables.service import TableService

    if config.api_base:
        use_api_base(config.api_base)
    store = open_store(config.store_target)
    service = TableService(store)
    plan = plan_shards(config.shards, config.shard_count)
    if plan is not None:
        return sharded_bot(service, plan, sync_on_start=config.sync_on_start), store
    return GameMaster(service, sync_on_start=config.sync_on_start), store


async def _run(config: Config) -> None:
    bot, store = _bot(config)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
    try:
        async with bot:
            await bot.start(config.token or "")
    finally:
        store.close()


async def _sync(config: Config, guild: int | None) -> None:
    import discord

    bot, store = _bot(config)
    try:
        async with bot:
            await bot.login(config.token or "")  # login runs setup_hook
            if guild is not None:
                target = discord.Object(id=guild)
                bot.tree.copy_global_to(guild=target)
                synced = await bot.tree.sync(guild=target)
            else:
                synced = await bot.tree.sync()
            print(f"Synced {len(synced)} commands" + (f" to server {guild}." if guild else "."))
    finally:
        store.close()


def _load_export(path: str) -> dict[str, object]:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise GameError(f"Could not read {path}: {exc}") from None


def _replayed(path: str, upto: int | None) -> tuple[GameRecord, Engine[Any, Any], Any]:
    from engines.core.replay import GameRecord, replay_record

    record = GameRecord.from_json(_load_export(path))
    engine = registry.get(record.game)
    return record, engine, replay_record(engine, record, upto)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gm", description="Discord game master")
    sub = parser.add_subparsers(dest="command", required=True)
    p_run = sub.add_parser("run", help="start the Discord bot")
    p_run.add_argument("--shards", help="this process's shards, e.g. 0-3 (GM_SHARDS)")
    p_run.add_argument("--shard-count", type=int, help="the bot's shard count (GM_SHARD_COUNT)")
    p_migrate = sub.add_parser("migrate", help="bring the store to the current schema")
    p_migrate.add_argument("--db", help="a SQLite path or postgresql:// URL (default: config)")
    p_copy = sub.add_parser("copy-db", help="copy every record from one store to an empty one")
    p_copy.add_argument("source", help="a SQLite path or postgresql:// URL")
    p_copy.add_argument("target", help="a SQLite path or postgresql:// URL, empty")
    p_sync = sub.add_parser("sync", help="register the slash commands with Discord")
    p_sync.add_argument("--guild", type=int, help="one server id, for instant testing")
    p_play = sub.add_parser("play", help="play offline in this terminal")
    p_play.add_argument("game", help="game name: " + ", ".join(registry.names()))
    p_play.add_argument("--seats", default="me,ai", help="e.g. me,ai,ai or me,me (hot seat)")
    p_play.add_argument("--seed", type=int)
    p_play.add_argument("--db", type=Path, default=Path("data/terminal.sqlite3"))
    p_play.add_argument("--out", type=Path, default=Path("out"), help="folder for pictures")
    p_play.add_argument("--options", default="", help="e.g. game_length=double_hourglass")
    p_replay = sub.add_parser("replay", help="show an exported game after N moves")
    p_replay.add_argument("file")
    p_replay.add_argument("--to", type=int)
    p_replay.add_argument("--seat", type=int, help="show this seat's private view")
    p_render = sub.add_parser("render", help="draw an exported game's board")
    p_render.add_argument("file")
    p_render.add_argument("--out", default="board.png")
    p_render.add_argument("--to", type=int)
    p_render.add_argument("--seat", type=int)
    args = parser.parse_args(argv)

    overrides = (
        {"shards": args.shards, "shard_count": args.shard_count} if args.command == "run" else {}
    )
    config = Config(**{k: v for k, v in overrides.items() if v is not None})
    logging.basicConfig(
        level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        if args.command in {"run", "sync"}:
            if not config.token:
                print(TOKEN_HELP, file=sys.stderr)
                return 2
            if args.command == "run":
                asyncio.run(_run(config))
            else:
                asyncio.run(_sync(config, args.guild))
            return 0
        if args.command in {"migrate", "copy-db"}:
            from bot.store.maintenance import copy_command, migrate_command

            if args.command == "migrate":
                return migrate_command(args.db or config.store_target)
            return copy_command(args.source, args.target)
        if args.command == "play":
            from bot.tables.console import play
            from bot.tables.options import parse_option_text

            return play(
                args.game, args.seats, args.seed, args.db, args.out, parse_option_text(args.options)
            )
        record, engine, state = _replayed(args.file, args.to)
        view = engine.view(state, args.seat)
        if args.command == "replay":
            print(view.text)
            return 0
        Path(args.out).write_bytes(registry.entry(record.game).render(view))
        print(f"Wrote {args.out}")
        return 0
    except GameError as exc:
        print(exc, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
