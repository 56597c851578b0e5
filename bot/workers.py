"""Where blocking work runs, so the event loop is always free to answer Discord in time.

Rules and storage (fast, but they take a channel lock that an AI turn may hold for a while)
and pictures (tens of milliseconds of CPU each) get separate thread pools: a queue of board
renders can never delay a quick lookup, and a long AI turn can never delay a picture. Keeping
the render pool small also leaves the event loop its share of the interpreter lock.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_rules = ThreadPoolExecutor(max_workers=4, thread_name_prefix="gm-rules")
_render = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gm-render")


async def _run(
    pool: ThreadPoolExecutor, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs
) -> T:
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(pool, functools.partial(fn, *args, **kwargs))


async def rules(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run a service call (rules, AI seats, SQLite) off the event loop."""
    return await _run(_rules, fn, *args, **kwargs)


async def render(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Draw pictures off the event loop."""
    return await _run(_render, fn, *args, **kwargs)
