"""Where blocking work runs, so the event loop is always free to answer Discord in time.

Rules and storage (fast, but they take a channel lock that an AI turn may hold for a while)
run in a thread pool. Pictures (tens of milliseconds of pure-Python drawing each) run in a
separate worker process: they use another core instead of competing with the event loop for
the interpreter lock, and a queue of renders can never delay a quick lookup.
``GM_RENDER_PROCESSES=0`` draws in a thread instead (small machines, debugging).

A render worker dies with the bot: a bot killed with ``kill -9`` runs no shutdown, so each
worker watches its parent itself (a thread polls the parent's pid) and exits when it is gone.
Not Linux's parent-death signal: it fires when the *thread* that started the worker ends,
which would kill a healthy worker started from a short-lived thread. A new bot never reuses an old
worker, so it starts cleanly whether or not one is still there.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_rules = ThreadPoolExecutor(max_workers=4, thread_name_prefix="gm-rules")
_render: Executor | None = None
PARENT_POLL_SECONDS = 0.5


def _exit_if_orphaned(parent: int) -> None:
    """Poll until the parent is gone (a new parent pid), then leave at once: an orphaned
    worker has nobody to draw for and would hold its memory forever."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(0)


def watch_parent(parent: int) -> None:
    """Worker initializer: make this process exit when ``parent`` (the bot) dies."""
    threading.Thread(
        target=_exit_if_orphaned, args=(parent,), name="gm-parent-watch", daemon=True
    ).start()


def _render_pool() -> Executor:
    """Started on first use; "spawn" because forking a process that runs threads is unsafe."""
    global _render
    if _render is None:
        processes = int(os.environ.get("GM_RENDER_PROCESSES", "1"))
        _render = (
            ProcessPoolExecutor(
                processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=watch_parent,
                initargs=(os.getpid(),),
            )
            if processes > 0
            else ThreadPoolExecutor(max_workers=1, thread_name_prefix="gm-render")
        )
    return _render


async def _run(pool: Executor, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(pool, functools.partial(fn, *args, **kwargs))


async def rules(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run a service call (rules, AI seats, SQLite) off the event loop."""
    return await _run(_rules, fn, *args, **kwargs)


async def render(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Draw pictures off the event loop. ``fn`` and its arguments must pickle (a module-level
    function and plain data such as a ``View``)."""
    return await _run(_render_pool(), fn, *args, **kwargs)


def shutdown() -> None:
    """Stop the render process (at bot shutdown); a later render starts a new one."""
    global _render
    if _render is not None:
        _render.shutdown(wait=False, cancel_futures=True)
        _render = None
