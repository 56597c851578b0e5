"""Where blocking work runs, so the event loop is always free to answer Discord in time.

Rules and storage (fast, but they take a channel lock that an AI turn may hold for a while)
run in a thread pool. Pictures (tens of milliseconds of pure-Python drawing each) run in a
separate worker process: they use another core instead of competing with the event loop for
the interpreter lock, and a queue of renders can never delay a quick lookup.
``GM_RENDER_PROCESSES=0`` draws in a thread instead (small machines, debugging).
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_rules = ThreadPoolExecutor(max_workers=4, thread_name_prefix="gm-rules")
_render: Executor | None = None


def _render_pool() -> Executor:
    """Started on first use; "spawn" because forking a process that runs threads is unsafe."""
    global _render
    if _render is None:
        processes = int(os.environ.get("GM_RENDER_PROCESSES", "1"))
        _render = (
            ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"))
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
