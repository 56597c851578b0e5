"""The aiohttp application: REST under /api/v10, the gateway, and a tiny CDN, on loopback.

One middleware does what Discord's edge does before any route: scripted 429s, the bot token
check, rate-limit headers on every answer, and a loud record of any route the fake does not
know (answered 404 like Discord, and listed in `World.unexpected`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable

from aiohttp import web

from . import rest_core, rest_interactions, rest_messages
from .gateway import Gateway
from .responses import (
    API_PREFIX,
    WORLD,
    Refused,
    json_response,
    rate_limit_headers,
    refuse,
    too_many_requests,
)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
# Interaction callbacks and webhooks authenticate with the token in their URL, not a header.
UNAUTHENTICATED = ("/interactions/", "/webhooks/")


def _bucket(request: web.Request) -> str:
    """A stable bucket hash per route template, like Discord's X-RateLimit-Bucket."""
    resource = request.match_info.route.resource
    template = resource.canonical if resource is not None else request.path
    return hashlib.sha1(f"{request.method} {template}".encode()).hexdigest()[:16]


@web.middleware
async def discord_edge(request: web.Request, handler: Handler) -> web.StreamResponse:
    if not request.path.startswith(API_PREFIX + "/"):
        return await handler(request)
    world = request.app[WORLD]
    path = request.path.removeprefix(API_PREFIX)
    rule = world.take_rate_limit(request.method, path)
    if rule is not None:
        world.rate_limited.append(f"{request.method} {path}")
        world.notify()
        return too_many_requests(rule, _bucket(request))
    fault = world.take_fault(request.method, path)
    if fault is not None:
        world.failed.append(f"{request.method} {path}")
        world.notify()
        return json_response({"message": "500: Internal Server Error", "code": 0}, fault.status)
    authorized = request.headers.get("Authorization") == f"Bot {world.token}"
    if not authorized and not path.startswith(UNAUTHENTICATED):
        return refuse(request, 401, 0, "401: Unauthorized")
    try:
        response = await handler(request)
    except Refused as refused:
        response = refused.response
    if response.status != 429:
        response.headers.update(rate_limit_headers(_bucket(request), remaining=4, reset_after=1.0))
    return response


async def unknown_route(request: web.Request) -> web.Response:
    return refuse(request, 404, 0, "404: Not Found (the fake Discord has no such route)")


# Discord takes uploads up to 10 MiB on a server without boosts; the rest of the body (the
# JSON payload, the multipart framing) is small beside it.
MAX_BODY = 10 * 1024 * 1024 + 256 * 1024


def build_app(gateway: Gateway) -> web.Application:
    app = web.Application(middlewares=[discord_edge], client_max_size=MAX_BODY)
    app[WORLD] = gateway.world
    for table in (rest_core.routes, rest_messages.routes, rest_interactions.routes):
        for route in table:
            assert isinstance(route, web.RouteDef)
            app.router.add_route(route.method, API_PREFIX + route.path, route.handler)
    app.router.add_routes(rest_core.cdn_routes)
    app.router.add_get("/gateway", gateway.handle)
    app.router.add_get("/resume", gateway.handle)
    app.router.add_route("*", "/{tail:.*}", unknown_route)
    return app
