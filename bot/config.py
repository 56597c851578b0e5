"""Configuration from the environment, with an optional ``.env`` file beside the project.

Only ``DISCORD_TOKEN`` is needed in production. The rest take the ``GM_`` prefix:
``GM_DATA_DIR``, ``GM_DB``, ``GM_LOG_LEVEL``; ``GM_DISCORD_API`` points the client at a fake
Discord and ``GM_SYNC_ON_START=1`` registers commands at every start (tests and local
sandboxes only); production leaves both unset and syncs with ``gm sync``. The environment
wins over ``.env``.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

TOKEN_HELP = (
    "No Discord bot token found. Create an application at "
    "https://discord.com/developers/applications, add a bot, copy its token, and either "
    "export DISCORD_TOKEN=... or put DISCORD_TOKEN=... in a .env file here. "
    "To play offline without Discord, run: gm play att"
)

TOKEN_REFUSED = (
    "Discord refused the bot token (DISCORD_TOKEN): it is wrong, was reset, or is not a bot "
    "token. Open https://discord.com/developers/applications, choose your application, "
    "Bot, Reset Token, and put the new token in DISCORD_TOKEN (environment or .env)."
)


class Config(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="GM_", env_file=".env", extra="ignore", frozen=True
    )

    token: str | None = Field(None, validation_alias="DISCORD_TOKEN")
    data_dir: Path = Path("data")
    db: Path | None = None
    discord_api: str | None = None
    log_level: str = "INFO"
    sync_on_start: bool = False
    # Several processes: GM_DATABASE_URL=postgresql://… and GM_SHARDS=0-3, GM_SHARD_COUNT=8.
    database_url: str | None = None
    shards: str | None = None
    shard_count: int | None = None

    @field_validator("token", "db", "discord_api", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        return None if value == "" else value

    @property
    def db_path(self) -> Path:
        """The SQLite file: ``GM_DB``, else ``gm.sqlite3`` in ``GM_DATA_DIR``."""
        return self.db if self.db is not None else self.data_dir / "gm.sqlite3"

    @property
    def store_target(self) -> str | Path:
        """``GM_DATABASE_URL`` (PostgreSQL) when set, else the SQLite file."""
        return self.database_url or self.db_path

    @property
    def api_base(self) -> str | None:
        """The REST base of a fake Discord, if one is configured."""
        return self.discord_api
