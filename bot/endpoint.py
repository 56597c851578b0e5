"""Pointing discord.py at another Discord API (a fake Discord for tests or a local sandbox).

Production never calls this: without ``GM_DISCORD_API`` the client talks to discord.com.
discord.py reads its REST base from ``Route.BASE`` (webhooks and interaction follow-ups use
the same ``Route``) and its first gateway URL from ``DiscordWebSocket.DEFAULT_GATEWAY``;
after READY it reconnects to the ``resume_gateway_url`` the server sent.
"""

from __future__ import annotations

import yarl
from discord import gateway, http


def use_api_base(base_url: str) -> None:
    """``base_url`` like ``http://127.0.0.1:8123``; REST goes to ``<base>/api/v10``."""
    root = yarl.URL(base_url.rstrip("/"))
    http.Route.BASE = str(root / "api" / "v10")
    ws_scheme = "wss" if root.scheme == "https" else "ws"
    gateway.DiscordWebSocket.DEFAULT_GATEWAY = root.with_scheme(ws_scheme) / "gateway"
