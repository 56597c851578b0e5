"""Shared fixtures: the High Card fixture game registered as ``toy``, stores and services."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.store import Store
from bot.tables.service import TableService
from engines import registry
from engines.core.ai import SearchPolicy
from engines.registry import GameEntry
from tests.support.pg_cluster import Cluster, NoPostgres
from tests.support.toygame import ToyEngine, render_toy


class FakeClock:
    """A clock tests move by hand: no sleeping, no real time."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture(autouse=True, scope="session")
def toy_game() -> Iterator[None]:
    registry.register(
        "toy",
        GameEntry(ToyEngine(), render_toy, {"ai": lambda: SearchPolicy(iterations=20)}),
    )
    yield
    registry.unregister("toy")


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """One throwaway PostgreSQL server per test process, started on first use. Without the
    server binaries the PostgreSQL tests are skipped on a developer's machine, never in CI
    (``CI`` set), where ``.ci/run`` installs them."""
    try:
        cluster = Cluster()
    except NoPostgres as exc:
        if os.environ.get("CI"):
            raise
        pytest.skip(str(exc))
    yield cluster
    cluster.stop()


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> str:
    """An empty database of its own for each test."""
    return pg_cluster.new_database()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "gm.sqlite3")
    yield s
    s.close()


@pytest.fixture
def service(store: Store, clock: FakeClock) -> TableService:
    seeds = iter(range(1000, 2000))
    return TableService(store, clock=clock, seed_source=lambda: next(seeds))
