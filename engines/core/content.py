"""Game content as data (DESIGN.md "Content is data").

Cards, boards and scenarios live in ``assets/<game>/*.toml`` and are validated by pydantic
models when loaded. Every record says where it came from: ``seed`` (the rulebook we build
from), ``public`` (a public source, with its URL or source key) or ``stand-in`` (original
content we wrote because the real card text is not public).
"""

from __future__ import annotations

import os
import tomllib
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from engines.core.errors import CorruptRecord

M = TypeVar("M", bound=BaseModel)


def assets_dir() -> Path:
    """``$GM_ASSETS`` if set (the Docker image), else the repository's ``assets/``."""
    override = os.environ.get("GM_ASSETS")
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[2] / "assets"


class Record(BaseModel):
    """Base for every content record: immutable, no unknown fields, provenance required."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str

    @field_validator("source")
    @classmethod
    def _known_source(cls, value: str) -> str:
        kind = value.split(":", 1)[0]
        if kind not in {"seed", "public", "stand-in", "ruling"}:
            raise ValueError("source must be seed, public[:ref], stand-in or ruling")
        return value


@cache
def read_toml(relative: str) -> dict[str, Any]:
    """Parse ``assets/<relative>`` once per process."""
    path = assets_dir() / relative
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise CorruptRecord(f"Content file {relative} is missing from {assets_dir()}.") from None
    except tomllib.TOMLDecodeError as exc:
        raise CorruptRecord(f"Content file {relative} is not valid TOML: {exc}") from None


def load_records(relative: str, table: str, model: type[M]) -> tuple[M, ...]:
    """Validate the array of tables ``[[table]]`` in one asset file against ``model``."""
    raw = read_toml(relative).get(table, [])
    out: list[M] = []
    for i, item in enumerate(raw):
        try:
            out.append(model.model_validate(item))
        except ValidationError as exc:
            raise CorruptRecord(f"{relative} [[{table}]] #{i + 1}: {exc}") from None
    return tuple(out)


def load_one(relative: str, table: str, model: type[M]) -> M:
    """Validate the single table ``[table]`` in one asset file against ``model``."""
    raw = read_toml(relative).get(table)
    if raw is None:
        raise CorruptRecord(f"{relative} has no [{table}] table.")
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise CorruptRecord(f"{relative} [{table}]: {exc}") from None
