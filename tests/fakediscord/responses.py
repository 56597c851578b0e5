"""HTTP responses shaped like Discord's, shared by every route module.

discord.py only decodes a body as JSON when Content-Type is exactly `application/json`
(no charset), and only retries a 429 that carries a `Via` header (anything else looks like a
Cloudflare ban), so both are set by hand here.
"""

from __future__ import annotations

import json
import math
import time

from aiohttp import web

from .state import RateLimitRule, World

API_PREFIX = "/api/v10"
WORLD = web.AppKey("world", World)

# JSON error codes (https://discord.com/developers/docs/topics/opcodes-and-status-codes).
UNKNOWN_CHANNEL = 10003
UNKNOWN_MEMBER = 10007
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
MISSING_ACCESS = 50001
CANNOT_SEND_EMPTY = 50006
INVALID_RECIPIENT = 50007
INVALID_FORM_BODY = 50035
ALREADY_ACKNOWLEDGED = 40060


class Refused(Exception):
    """Raised by a route to answer with `response` at once (the middleware returns it)."""

    def __init__(self, response: web.Response) -> None:
        super().__init__(response.status)
        self.response = response


def json_response(data: object, status: int = 200) -> web.Response:
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def no_content() -> web.Response:
    return web.Response(status=204)


def error(status: int, code: int, message: str, errors: list[str] | None = None) -> web.Response:
    body: dict = {"message": message, "code": code}
    if errors:
        # Discord nests errors by field; discord.py prints them as "In payload: ...".
        body["errors"] = {
            "payload": {"_errors": [{"code": "INVALID", "message": text} for text in errors]}
        }
    return json_response(body, status)


def refuse(
    request: web.Request, status: int, code: int, message: str, errors: list[str] | None = None
) -> web.Response:
    """An error a correct bot never causes: answered like Discord and recorded as unexpected."""
    detail = "; ".join(errors) if errors else message
    world = request.app[WORLD]
    world.unexpected.append(f"{request.method} {request.path_qs}: {detail}")
    world.notify()
    return error(status, code, message, errors)


def snowflake(request: web.Request, name: str) -> int:
    """A snowflake from the URL; routes only match digits there, as Discord's router does."""
    return int(request.match_info[name])


def invalid_body(request: web.Request, problems: list[str]) -> web.Response:
    if problems == ["Cannot send an empty message"]:
        return refuse(request, 400, CANNOT_SEND_EMPTY, problems[0])
    return refuse(request, 400, INVALID_FORM_BODY, "Invalid Form Body", problems)


def rate_limit_headers(bucket: str, remaining: int, reset_after: float) -> dict[str, str]:
    return {
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": bucket,
    }


def too_many_requests(rule: RateLimitRule, bucket: str) -> web.Response:
    body = {"message": "You are being rate limited.", "retry_after": rule.retry_after}
    response = json_response(body | {"global": False}, 429)
    response.headers.update(rate_limit_headers(bucket, 0, rule.retry_after))
    response.headers["Retry-After"] = str(math.ceil(rule.retry_after))
    response.headers["X-RateLimit-Scope"] = "user"
    response.headers["Via"] = "1.1 google"
    return response
