"""Configuration from the environment, with an optional ``.env`` file beside the project.

Only ``DISCORD_TOKEN`` is needed in production. ``GM_DISCORD_API`` points the client at a fake
Discord and ``GM_SYNC_ON_START=1`` registers commands at every start (tests and local
sandboxes only); production leaves both unset and syncs with ``gm sync``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

TOKEN_HELP = (
    "No Discord bot token found. Create an application at "
    "https://discord.com/developers/applications, add a bot, copy its token, and either "
    "export DISCORD_TOKEN=... or put DISCORD_TOKEN=... in a .env file here. "
    "To play offline without Discord, run: gm play att"
)


def read_dotenv(path: Path) -> dict[str, str]:
    """Parse KEY=VALUE lines; ``#`` comments and surrounding quotes are allowed."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        values[key.strip()] = value.strip().strip("'\"")
    return values


@dataclass(frozen=True)
class Config:
    token: str | None
    db_path: Path
    api_base: str | None
    log_level: str
    sync_on_start: bool = False

    @classmethod
    def load(cls, env: dict[str, str] | None = None, dotenv: Path | None = None) -> Config:
        merged = read_dotenv(dotenv or Path(".env"))
        merged.update(env if env is not None else os.environ)
        data_dir = Path(merged.get("GM_DATA_DIR", "data"))
        return cls(
            token=merged.get("DISCORD_TOKEN") or None,
            db_path=Path(merged.get("GM_DB", str(data_dir / "gm.sqlite3"))),
            api_base=merged.get("GM_DISCORD_API") or None,
            log_level=merged.get("GM_LOG_LEVEL", "INFO"),
            sync_on_start=merged.get("GM_SYNC_ON_START", "") in {"1", "true", "yes"},
        )
