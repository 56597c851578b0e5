"""The ``gm`` command: run the bot, sync its commands, play in a terminal, replay and render.

gm run                      start the Discord bot (DISCORD_TOKEN from env or .env)
gm sync [--guild ID]        register slash commands (globally, or instantly in one server)
gm play att [--seats me,ai] play offline in this terminal (one saved game per game name;
                            --new starts afresh)
gm games                    list the saved terminal games
gm export att --out F       write the saved game's file, as /game export gives it
gm options att              every option of a game
gm migrate [--db TARGET]    bring the store (SQLite file or PostgreSQL URL) to the current schema
gm copy-db FROM TO          copy every record between stores, verified by counts and checksums
gm backup FILE [--db DB]    a consistent copy of the SQLite store, even while the bot runs
gm restore FILE [--db DB]   put a backup in place of the SQLite store (refused while a bot
                            or anything else has it open)
gm replay FILE --to N       print the game in an export file after N moves
gm render FILE --out P      draw the board of an export file to a PNG
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import signal
import sqlite3
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.config import TOKEN_HELP, TOKEN_REFUSED, Config
from engines import registry
from engines.core.errors import GameError

if TYPE_CHECKING:
    from bot.discord.app import GameMaster
    from bot.store import GameStore
    from engines.core.protocol import Engine
    from engines.core.replay import GameRecord


TERMINAL_DB = Path("data/terminal.sqlite3")


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


def _start_failure(exc: BaseException, config: Config) -> GameError | None:
    """A sentence for the two ways a start fails that the operator can fix: Discord refused
    the token, or Discord could not be reached."""
    import aiohttp
    import discord

    if isinstance(exc, discord.LoginFailure):
        return GameError(TOKEN_REFUSED)
    if isinstance(exc, aiohttp.ClientConnectionError | OSError | TimeoutError):
        where = config.api_base or "discord.com"
        return GameError(
            f"Could not reach Discord at {where} ({exc.__class__.__name__}: {exc}). Check this "
            "machine's network connection (and any proxy or firewall), then run gm run again. "
            "To play offline meanwhile: gm play att"
        )
    return None


async def _run(config: Config) -> None:
    bot, store = _bot(config)
    loop = asyncio.get_running_loop()
    signals = (signal.SIGTERM, signal.SIGINT)
    for sig in signals:
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
    try:
        async with bot:
            await bot.start(config.token or "")
    except Exception as exc:
        failure = _start_failure(exc, config)
        if failure is None:
            raise
        raise failure from None
    finally:
        for sig in signals:
            loop.remove_signal_handler(sig)
        store.close()


async def _sync(config: Config, guild: int | None) -> None:
    import discord

    bot, store = _bot(config)
    try:
        async with bot:
            try:
                await bot.login(config.token or "")  # login runs setup_hook
            except Exception as exc:
                failure = _start_failure(exc, config)
                if failure is None:
                    raise
                raise failure from None
            if guild is not None:
                target = discord.Object(id=guild)
                bot.tree.copy_global_to(guild=target)
                synced = await bot.tree.sync(guild=target)
            else:
                synced = await bot.tree.sync()
            print(f"Synced {len(synced)} commands" + (f" to server {guild}." if guild else "."))
    finally:
        store.close()


def _load_export(path: str) -> dict[str, Any]:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise GameError(f"Could not read {path}: {exc}") from None


def _replayed(path: str, upto: int | None) -> tuple[GameRecord, Engine[Any, Any], Any]:
    from bot.tables.history import REDACTED_NOTE
    from engines.core.replay import GameRecord, replay_record

    data = _load_export(path)
    if data.get("redacted"):
        raise GameError(f"{path} cannot be drawn. {REDACTED_NOTE}")
    record = GameRecord.from_json(data)
    engine = registry.get(record.game)
    return record, engine, replay_record(engine, record, upto)


def _backup_command(command: str, file: Path, db: Path | None, config: Config) -> int:
    """``gm backup`` and ``gm restore`` on the SQLite store (``bot.store.backup``)."""
    from bot.store.backup import backup, restore

    if db is None and config.database_url:
        raise GameError(
            "This bot keeps its games in PostgreSQL (GM_DATABASE_URL): back it up with "
            "pg_dump and put it back with pg_restore (see the README)."
        )
    store = db or config.db_path
    if command == "backup":
        contents = backup(store, file)
        print(f"Backed up {store} to {file}: {contents.summary()}, checked.")
        return 0
    restored = restore(file, store)
    print(f"Restored {store} from {file}: {restored.contents.summary()}.")
    if restored.kept is not None:
        print(f"The store it replaced is kept as {restored.kept}.")
    return 0


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
    p_backup = sub.add_parser("backup", help="copy the SQLite store, even while the bot runs")
    p_backup.add_argument("file", type=Path, help="where the copy goes")
    p_backup.add_argument("--db", type=Path, help="the SQLite store (default: config)")
    p_restore = sub.add_parser("restore", help="put a backup in place of the SQLite store")
    p_restore.add_argument("file", type=Path, help="a file gm backup wrote")
    p_restore.add_argument("--db", type=Path, help="the SQLite store (default: config)")
    p_sync = sub.add_parser("sync", help="register the slash commands with Discord")
    p_sync.add_argument("--guild", type=int, help="one server id, for instant testing")
    p_play = sub.add_parser("play", help="play offline in this terminal")
    p_play.add_argument("game", help="game name: " + ", ".join(registry.names()))
    p_play.add_argument(
        "--seats", help="e.g. me,ai,ai or me,me (hot seat); default me,ai for a new game"
    )
    p_play.add_argument("--seed", type=int)
    p_play.add_argument("--db", type=Path, default=TERMINAL_DB)
    p_play.add_argument("--out", type=Path, default=Path("out"), help="folder for pictures")
    p_play.add_argument("--options", default="", help="e.g. game_length=double_hourglass")
    p_play.add_argument(
        "--new", action="store_true", help="end this game's saved table and start afresh"
    )
    p_games = sub.add_parser("games", help="list the saved terminal games")
    p_games.add_argument("--db", type=Path, default=TERMINAL_DB)
    p_export = sub.add_parser("export", help="write a saved terminal game's export file")
    p_export.add_argument("game")
    p_export.add_argument("--out", type=Path, help="default: game-<name>.json")
    p_export.add_argument("--db", type=Path, default=TERMINAL_DB)
    p_export.add_argument(
        "--full", action="store_true", help="seed and every move even while it runs (spoilers)"
    )
    p_stats = sub.add_parser("stats", help="your terminal record and ratings, or a leaderboard")
    p_stats.add_argument("game", nargs="?", help="a game: its leaderboard")
    p_stats.add_argument("--player", type=int, default=1, help="whose record (default 1)")
    p_stats.add_argument("--db", type=Path, default=TERMINAL_DB)
    p_options = sub.add_parser("options", help="list a game's options")
    p_options.add_argument("game")
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
        if args.command in {"backup", "restore"}:
            return _backup_command(args.command, args.file, args.db, config)
        if args.command == "play":
            from bot.tables.console import play
            from bot.tables.options import parse_option_text

            options = parse_option_text(args.options, args.game)
            return play(args.game, args.seats, args.seed, args.db, args.out, options, new=args.new)
        if args.command == "games":
            from bot.tables.console import saved_games

            print("\n".join(saved_games(args.db)) or "No saved games. Start one: gm play att")
            return 0
        if args.command == "stats":
            from bot.tables.console import terminal_stats

            print("\n".join(terminal_stats(args.db, args.game, args.player)))
            return 0
        if args.command == "options":
            from bot.tables.options import options_text

            registry.entry(args.game)
            print("\n".join(options_text(args.game)).replace("**", "").replace("`", ""))
            return 0
        if args.command == "export":
            from bot.tables.console import export_saved

            data, note = export_saved(args.db, args.game, args.full)
            out = args.out or Path(f"game-{args.game}.json")
            try:
                out.write_text(json.dumps(data, indent=1), encoding="utf-8")
            except OSError as exc:
                raise GameError(f"Could not write {out}: {exc.strerror or exc}.") from None
            print(f"Wrote {out}. {note}")
            return 0
        if args.command == "replay":
            from bot.tables.history import replay_text

            print(replay_text(_load_export(args.file), args.to, args.seat))
            return 0
        from bot.tables.history import check_seat

        record, engine, state = _replayed(args.file, args.to)
        check_seat(record, args.seat)
        view = engine.view(state, args.seat)
        out = Path(args.out)
        try:
            out.write_bytes(registry.entry(record.game).render(view))
        except OSError as exc:
            raise GameError(
                f"Could not write {out}: {exc.strerror or exc}. Check that the folder "
                f"{out.parent} exists and that you may write there."
            ) from None
        print(f"Wrote {out}")
        return 0
    except GameError as exc:
        print(exc, file=sys.stderr)
        return 1
    except (OSError, sqlite3.OperationalError) as exc:
        # A database, picture folder or file the terminal commands cannot use.
        where = getattr(exc, "filename", None) or getattr(args, "db", None) or "a file"
        print(
            f"Could not use {where}: {getattr(exc, 'strerror', None) or exc}. Check that the "
            "path exists and that you may write there (--db and --out choose other places).",
            file=sys.stderr,
        )
        return 1


if __name__ == "__main__":
    sys.exit(main())
