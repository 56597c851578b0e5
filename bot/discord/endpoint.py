"""Pointing discord.py at another Discord API (a fake Discord for tests or a local sandbox).

Production never calls this: without ``GM_DISCORD_API`` the client talks to discord.com.
discord.py 2.7 builds every REST URL, interaction callbacks and webhooks included, from the
class attribute ``Route.BASE``. A plain client opens its first gateway connection at
``DiscordWebSocket.DEFAULT_GATEWAY`` without asking ``GET /gateway`` and resumes at the
``resume_gateway_url`` that READY names, so these two attributes are all there is to change.
"""

from __future__ import annotations

from collections.abc import Callable

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route


def gateway_url_for(base_url: str) -> str:
    """The gateway beside a REST base: http://h:p/api/v10 -> ws://h:p/gateway."""
    url = yarl.URL(base_url)
    scheme = "wss" if url.scheme == "https" else "ws"
    return str(url.with_scheme(scheme).with_path("/gateway"))


def use_api_base(base_url: str, gateway_url: str | None = None) -> Callable[[], None]:
    """Send REST calls to ``base_url`` (e.g. http://127.0.0.1:8123/api/v10) and the first
    gateway connection to ``gateway_url`` (default: /gateway on the same host).

    Returns a function that restores the previous endpoints.
    """
    previous_base, previous_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = base_url.rstrip("/")
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url or gateway_url_for(base_url))

    def undo() -> None:
        Route.BASE = previous_base
        DiscordWebSocket.DEFAULT_GATEWAY = previous_gateway

    return undo
