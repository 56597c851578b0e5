"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, dispatch.

A session outlives its connections: every dispatch gets the next sequence number and stays in
the session's backlog, so events sent while the bot reconnects are replayed when it resumes,
as Discord does. Each connection writes through one queue, which keeps frames in sequence
order and the compression context consistent.

Sharding: an IDENTIFY with ``"shard": [id, count]`` gets READY and GUILD_CREATE for the
guilds of that shard only (``(guild_id >> 22) % count``, Discord's rule), and every later
event of a guild goes to the session of the guild's shard; events without a guild go to
shard 0. Several bot processes may each hold some of the shards.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets

from aiohttp import WSMsgType, web

from .payloads import bot_user_json, guild_json, member_json
from .state import World
from .transport import Transport, transport_for

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, RESUME = 0, 1, 2, 3, 6
RECONNECT, REQUEST_GUILD_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 7, 8, 9, 10, 11
AUTHENTICATION_FAILED, INVALID_API_VERSION, DECODE_ERROR = 4004, 4012, 4002


class Connection:
    """One websocket; frames go out in order through a writer task."""

    def __init__(self, ws: web.WebSocketResponse, transport: Transport) -> None:
        self.ws = ws
        self.transport = transport
        self.session: Session | None = None
        self._queue: asyncio.Queue[dict] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write())

    def send(self, payload: dict) -> None:
        self._queue.put_nowait(payload)

    async def _write(self) -> None:
        while True:
            frame = self.transport.encode(json.dumps(await self._queue.get()))
            try:
                if isinstance(frame, bytes):
                    await self.ws.send_bytes(frame)
                else:
                    await self.ws.send_str(frame)
            except (ConnectionError, RuntimeError):
                return  # the socket is gone; a RESUME replays what it missed

    async def close(self, code: int) -> None:
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._writer
        await self.ws.close(code=code)


def shard_of(guild_id: int, count: int) -> int:
    return (guild_id >> 22) % count


class Session:
    def __init__(self, intents: int, shard: tuple[int, int] | None = None) -> None:
        self.id = secrets.token_hex(16)
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.backlog: list[dict] = []
        self.connection: Connection | None = None

    def dispatch(self, event: str, data: dict) -> None:
        self.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.backlog.append(frame)
        if self.connection is not None:
            self.connection.send(frame)


class Gateway:
    def __init__(self, world: World, heartbeat_interval: float) -> None:
        self.world = world
        self.heartbeat_interval = heartbeat_interval
        self.sessions: dict[str, Session] = {}
        self.live: Session | None = None  # the session of the latest IDENTIFY or RESUME
        self.shards: dict[int, Session] = {}  # shard id -> its session, when sharded
        self.shard_count = 1
        self.connections: set[Connection] = set()
        self.identifies = 0
        self.resumes = 0
        world.emit = self.emit

    def session_for(self, data: dict) -> Session | None:
        """The session that receives an event: the shard of its guild when sharded."""
        if not self.shards:
            return self.live
        guild_id = data.get("guild_id")
        return self.shards.get(shard_of(int(guild_id), self.shard_count) if guild_id else 0)

    def emit(self, event: str, data: dict, intent: int) -> None:
        """Dispatch a state change to the bot if it subscribed to the intent."""
        session = self.session_for(data)
        if session is not None and session.intents & intent:
            session.dispatch(event, data)

    def dispatch(self, event: str, data: dict) -> None:
        session = self.session_for(data)
        assert session is not None, "no bot has connected to the gateway for this event"
        session.dispatch(event, data)

    def dispatch_to_all(self, event: str, data: dict) -> None:
        """The same event to every connected shard's session (a duplicate delivery)."""
        for session in {id(s): s for s in self.shards.values()}.values():
            session.dispatch(event, data)

    async def force_reconnect(self, timeout: float) -> None:
        """Send op 7 RECONNECT and wait until the bot has resumed its session."""
        session = self.live
        assert session is not None and session.connection is not None, "no live gateway session"
        before = self.resumes
        session.connection.send({"op": RECONNECT, "d": None})
        await self.world.wait_until(
            lambda: self.resumes > before, timeout, "the bot to RESUME after op 7 RECONNECT"
        )

    async def close(self) -> None:
        for connection in list(self.connections):
            await connection.close(code=1001)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        query = request.query
        if query.get("v") != "10" or query.get("encoding", "json") != "json":
            self._unexpected(f"gateway URL {request.path_qs}: the fake speaks v=10 JSON only")
            await ws.close(code=INVALID_API_VERSION)
            return ws
        try:
            transport = transport_for(query.get("compress"))
        except ValueError as problem:
            self._unexpected(f"gateway URL {request.path_qs}: {problem}")
            await ws.close(code=DECODE_ERROR)
            return ws
        connection = Connection(ws, transport)
        self.connections.add(connection)
        hello = {"heartbeat_interval": int(self.heartbeat_interval * 1000)}
        connection.send({"op": HELLO, "d": hello, "s": None, "t": None})
        try:
            async for message in ws:
                if message.type is WSMsgType.TEXT:
                    await self._receive(connection, json.loads(message.data))
                elif message.type is WSMsgType.BINARY:
                    self._unexpected("binary gateway frame from the bot (the fake takes JSON text)")
        finally:
            self.connections.discard(connection)
            session = connection.session
            if session is not None and session.connection is connection:
                session.connection = None
            await connection.close(code=1000)
        return ws

    def _unexpected(self, what: str) -> None:
        self.world.unexpected.append(what)
        self.world.notify()

    async def _receive(self, connection: Connection, payload: dict) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            connection.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(connection, data)
        elif op == RESUME:
            self._resume(connection, data)
        elif op == REQUEST_GUILD_MEMBERS and connection.session is not None:
            self._send_members(connection.session, data)
        elif op != PRESENCE_UPDATE:
            self._unexpected(f"gateway op {op} from the bot: {payload!r}")

    async def _identify(self, connection: Connection, data: dict) -> None:
        world = self.world
        if data.get("token") != world.token:
            self._unexpected("IDENTIFY with a wrong token")
            await connection.close(code=AUTHENTICATION_FAILED)
            return
        pair = data.get("shard")
        shard = (int(pair[0]), int(pair[1])) if pair else None
        session = Session(intents=data.get("intents", 0), shard=shard)
        session.connection = connection
        connection.session = session
        self.sessions[session.id] = session
        guilds = {
            gid: guild
            for gid, guild in world.guilds.items()
            if shard is None or shard_of(gid, shard[1]) == shard[0]
        }
        ready = {
            "v": 10,
            "user": bot_user_json(world.bot),
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": world.resume_gateway_url,
            "application": {"id": str(world.application_id), "flags": world.application_flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
        }
        if "shard" in data:
            ready["shard"] = data["shard"]
        session.dispatch("READY", ready)
        for guild in guilds.values():
            session.dispatch("GUILD_CREATE", guild_json(guild, world))
        self.live = session
        if shard is not None:
            self.shards[shard[0]] = session
            self.shard_count = shard[1]
        self.identifies += 1
        world.notify()

    def _resume(self, connection: Connection, data: dict) -> None:
        session = self.sessions.get(data.get("session_id", ""))
        if session is None or data.get("token") != self.world.token:
            connection.send({"op": INVALID_SESSION, "d": False})
            return
        session.connection = connection
        connection.session = session
        seen = data.get("seq") or 0
        for frame in session.backlog:
            if frame["s"] > seen:
                connection.send(frame)
        session.dispatch("RESUMED", {})
        self.live = session
        if session.shard is not None:
            self.shards[session.shard[0]] = session
        self.resumes += 1
        self.world.notify()

    def _send_members(self, session: Session, data: dict) -> None:
        guild = self.world.guilds.get(int(data["guild_id"]))
        if guild is None:
            self._unexpected(f"REQUEST_GUILD_MEMBERS for unknown guild {data['guild_id']}")
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        prefix = (data.get("query") or "").lower()
        members = [
            m
            for m in guild.members.values()
            if (m.id in wanted if wanted else m.user.name.lower().startswith(prefix))
        ]
        limit = data.get("limit") or len(members)
        chunk = {
            "guild_id": str(guild.id),
            "members": [member_json(m) for m in members[:limit]],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [str(u) for u in wanted - {m.id for m in members}],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
