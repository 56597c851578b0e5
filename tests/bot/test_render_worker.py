"""A render worker exits when the bot that started it dies, even by SIGKILL (issue 20)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

# A small "bot": starts the render pool, draws once, prints the worker's pid, then waits.
PARENT = """
import asyncio, os, sys
from bot.tables import workers

async def main() -> None:
    pid = await workers.render(os.getpid)
    print(pid, flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie counts as gone: it has exited)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def _start_parent() -> tuple[subprocess.Popen[str], int]:
    env = os.environ | {"GM_RENDER_PROCESSES": "1", "PYTHONPATH": os.getcwd()}
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True, env=env
    )
    assert parent.stdout is not None
    worker = int(parent.stdout.readline())
    return parent, worker


def test_render_worker_exits_when_its_parent_is_killed() -> None:
    parent, worker = _start_parent()
    assert worker != parent.pid and _alive(worker)
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    for _ in range(100):  # up to 10 s; the worker polls every half second
        if not _alive(worker):
            break
        time.sleep(0.1)
    assert not _alive(worker), f"render worker {worker} outlived its killed parent"


def test_a_new_bot_renders_while_an_old_worker_is_still_there() -> None:
    old, old_worker = _start_parent()
    try:
        new, new_worker = _start_parent()
        new.kill()
        new.wait()
        assert new_worker != old_worker and _alive(old_worker)
    finally:
        old.kill()
        old.wait()
