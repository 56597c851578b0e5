"""Load benchmark through the real bot process and a fake Discord (issue: end to end).

Starts the fake Discord on loopback, runs ``gm run`` as a separate process pointed at it,
and has scripted players in N channels (default 50) each play Ancient Terrible Things at
the same time with slash commands and buttons. Prints:
- interaction to first response (ack) p50/p99;
- interaction to board posted (a move's click to the new board in the channel) p50/p99;
- interactions per second sustained;
- the bot process's peak memory (VmHWM);
- CPU per move of the bot, of its helper processes (the render worker) and of the load
  generator, and the ratio of the first two to the last (issue 20: target <= 1.3x);
- the games that reached their end within ``--moves``, and how many of their game-over
  boards came with the game's animation (issue 31: drawn in the render process, so a
  finished game must not slow the other channels' boards).

    python -m bench.e2e_bench [--channels 50] [--moves 40] [--think 2.0] [--profile PATH]

``--profile PATH`` runs the bot under ``cProfile`` timed by each thread's own CPU clock (the
event loop and every rules thread; not the render worker), writes a pstats file per thread
group (PATH.loop, PATH.threads) and prints where each spends its CPU per move. The profiler
itself slows the bot down, so compare figures from runs without it.

``--think`` is each player's mean pause before a click, in seconds (uniform between half and
one and a half times it, seeded): 0 floods the bot with back-to-back clicks.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pstats
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.e2e.driver import answered, first_choice, next_board, result
from tests.fakediscord import FakeDiscord, MessageRecord


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def cpu_seconds(pid: int, tid: int | None = None) -> float:
    """User plus system CPU time of a process (or of one of its threads) so far."""
    stat = Path(f"/proc/{pid}/stat" if tid is None else f"/proc/{pid}/task/{tid}/stat")
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def system_seconds(pid: int) -> float:
    """The system (kernel) part of a process's CPU time so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[12]) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def table(
    fake: FakeDiscord,
    channel: int,
    ann: int,
    bob: int,
    moves: int,
    board_ms: list[float],
    think: float,
    endings: list[bool],
) -> int:
    """One channel's game: open, seat, start, then up to ``moves`` moves via the panel. A game
    that ends appends to ``endings`` whether its game-over board carries the animation."""
    pause = random.Random(channel)
    for user, command, options in (
        (ann, "game new", {"game": "att", "seats": 2}),
        (bob, "game join", {}),
        (ann, "game start", {}),
    ):
        ix = await fake.user(user).slash(channel, command, **options)
        await answered(fake, ix)
    board: MessageRecord = await fake.wait_for_message(
        channel, lambda m: m.png() is not None and not m.ephemeral, timeout=60
    )
    done = 0
    while done < moves and result(board) is None:
        if think:
            await asyncio.sleep(pause.uniform(think / 2, think * 1.5))
        for user in (ann, bob):
            ix = await fake.user(user).click(board, "Your move")
            reply = await answered(fake, ix)
            if reply.components:
                break
        kind, comp = first_choice(reply.components)
        edits = len(board.edits)  # the live board of a turn is edited in place (issue 19)
        start = time.monotonic()
        if kind == "button":
            await fake.user(user).click(reply.message_id, comp["custom_id"])
        else:
            await fake.user(user).select(
                reply.message_id, comp["custom_id"], [comp["options"][0]["value"]]
            )
        board = await next_board(fake, channel, board.id, since_edits=edits)
        board_ms.append((time.monotonic() - start) * 1000)
        done += 1
    if result(board) is not None:
        endings.append(any(a.content_type == "image/gif" for a in board.attachments))
    return done


# Runs ``python -m bot run`` with a CPU-time profiler in the main thread (the event loop)
# and one in each thread it starts (the rules threads), each thread's written at exit.
PROFILED_BOT = """
import atexit, cProfile, runpy, sys, threading, time
out = sys.argv.pop(1)
loop = cProfile.Profile(time.thread_time)
threads = []
def start_thread_profile(*args):
    profile = cProfile.Profile(time.thread_time)
    threads.append(profile)
    profile.enable()
def dump():
    loop.disable()
    loop.dump_stats(out + ".loop")
    for i, profile in enumerate(threads):
        profile.dump_stats(f"{out}.thread{i}")
atexit.register(dump)
threading.setprofile(start_thread_profile)
sys.argv[0] = "bot"
loop.enable()
runpy.run_module("bot", run_name="__main__", alter_sys=True)
"""


def bot_command(profile: Path | None) -> list[str]:
    if profile is None:
        return [sys.executable, "-m", "bot", "run"]
    return [sys.executable, "-c", PROFILED_BOT, str(profile), "run"]


def profile_table(out: Path, moves: int, top: int = 30) -> None:
    """Where the bot's event loop and its other threads spend CPU: pstats' listing by
    cumulative time (seconds over all ``moves``), each part's total also per move."""
    parts = {"loop": [out.with_name(out.name + ".loop")]}
    parts["threads"] = sorted(out.parent.glob(out.name + ".thread*"))
    for part, files in parts.items():
        if not files:
            continue
        stats = pstats.Stats(*map(str, files), stream=sys.stdout)
        stats.dump_stats(out.with_name(f"{out.name}.{part}"))
        total = stats.get_stats_profile().total_tt
        print(f"profile of the bot's {part}: {total / moves * 1000:.2f} ms/move of CPU")
        stats.strip_dirs().sort_stats("cumulative").print_stats(top)


async def main(channels: int, moves: int, think: float, profile: Path | None) -> None:
    fake = FakeDiscord(heartbeat_interval=5.0)
    await fake.start()
    guild = fake.add_guild(name="Load test")
    seats = []
    for i in range(channels):
        ch = fake.add_channel(guild, name=f"table-{i}")
        seats.append(
            (
                ch.id,
                fake.add_member(guild, name=f"ann{i}").id,
                fake.add_member(guild, name=f"bob{i}").id,
            )
        )
    db = Path(tempfile.mkdtemp()) / "bench.sqlite3"
    env = os.environ | {
        "DISCORD_TOKEN": fake.token,
        "GM_DISCORD_API": fake.base_url,
        "GM_DB": str(db),
        "GM_SYNC_ON_START": "1",
        "GM_LOG_LEVEL": "WARNING",
    }
    bot = subprocess.Popen(bot_command(profile), env=env)
    played: list[int] = []
    try:
        await fake.wait_ready(timeout=60)
        bot_ready, load_ready = cpu_seconds(bot.pid), cpu_seconds(os.getpid())
        board_ms: list[float] = []
        endings: list[bool] = []
        start = time.monotonic()
        played = await asyncio.gather(
            *(table(fake, c, a, b, moves, board_ms, think, endings) for c, a, b in seats)
        )
        elapsed = time.monotonic() - start
        acks = [
            (ix.acked_at - ix.created_at) * 1000
            for ix in fake.interactions
            if ix.acked_at is not None
        ]
        print(
            f"{channels} channels, {sum(played)} moves, {len(fake.interactions)} "
            f"interactions in {elapsed:.1f}s (think time {think} s)"
        )
        print(
            f"interaction -> first response: p50 {pct(acks, 50):.1f} ms, "
            f"p99 {pct(acks, 99):.1f} ms (max {max(acks):.1f})"
        )
        print(
            f"move -> board posted:          p50 {pct(board_ms, 50):.0f} ms, "
            f"p99 {pct(board_ms, 99):.0f} ms"
        )
        print(f"sustained: {len(fake.interactions) / elapsed:.1f} interactions/s")
        print(
            f"games ended: {len(endings)} of {channels}, "
            f"{sum(endings)} of them with the game's animation"
        )
        workers = [
            int(p) for p in Path(f"/proc/{bot.pid}/task/{bot.pid}/children").read_text().split()
        ]
        print(
            f"bot process peak memory: {peak_rss_mb(bot.pid):.0f} MB; its helper processes "
            + ", ".join(f"{peak_rss_mb(w):.0f} MB" for w in workers)
        )
        moves = max(sum(played), 1)
        bot_cpu, load_cpu = cpu_seconds(bot.pid), cpu_seconds(os.getpid())
        helper_cpu = [cpu_seconds(w) for w in workers]
        print(
            f"CPU per move: bot {bot_cpu / moves * 1000:.1f} ms, helper processes "
            + ", ".join(f"{c / moves * 1000:.1f} ms" for c in helper_cpu)
            + f", load generator (fake Discord + players) {load_cpu / moves * 1000:.1f} ms"
        )
        # CPU time barely depends on what else runs on the machine; wall latency does.
        ratio = (bot_cpu + sum(helper_cpu)) / load_cpu if load_cpu else float("nan")
        print(f"bot + helpers CPU per move / load generator's: {ratio:.2f}x (target <= 1.3x)")
        # The main thread runs the event loop (discord.py, the flow); the others are the
        # rules threads and the render pool's manager thread.
        loop_cpu = cpu_seconds(bot.pid, bot.pid)
        print(
            f"bot: event loop thread {loop_cpu / moves * 1000:.1f} ms/move, other threads "
            f"{(bot_cpu - loop_cpu) / moves * 1000:.1f} ms/move; in the kernel "
            f"{system_seconds(bot.pid) / moves * 1000:.1f} ms/move"
        )
        # Start-up (imports, connecting, syncing commands) is paid once, not per move.
        bot_play, load_play = bot_cpu - bot_ready, load_cpu - load_ready
        print(
            f"of which start-up until ready: bot {bot_ready:.2f} s, load generator "
            f"{load_ready:.2f} s; after it: bot {bot_play / moves * 1000:.1f} ms/move, load "
            f"generator {load_play / moves * 1000:.1f} ms/move, ratio "
            f"{(bot_play + sum(helper_cpu)) / load_play:.2f}x"
        )
        assert not fake.unexpected, fake.unexpected
    finally:
        bot.terminate()
        code = await asyncio.to_thread(bot.wait, 30)  # the fake must keep serving meanwhile
        print(f"bot exited with {code} after SIGTERM")
        await fake.stop()
    if profile is not None:
        profile_table(profile, max(sum(played), 1))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--channels", type=int, default=50)
    ap.add_argument("--moves", type=int, default=40)
    ap.add_argument("--think", type=float, default=2.0)
    ap.add_argument("--profile", type=Path, default=None)
    args = ap.parse_args()
    asyncio.run(main(args.channels, args.moves, args.think, args.profile))
