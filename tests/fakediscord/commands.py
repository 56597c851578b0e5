"""Checking a test's slash command against what the bot registered, as Discord's client does.

A player cannot type a command the bot did not register here, pick a subcommand that does not
exist, leave out a required option, or give a value outside an option's choices or range; in
a test each of those is an AssertionError that lists what is available.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .payloads import Resolver
from .state import ALL_PERMISSIONS, ChannelRecord, World

SUBCOMMAND, GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = range(3, 11)
GUILD_CONTEXT, BOT_DM_CONTEXT = 0, 1


@dataclass(frozen=True)
class Target:
    """A registered command and the subcommand path a test named."""

    command: dict
    chain: tuple[dict, ...]  # subcommand group and subcommand nodes, outermost first

    @property
    def declared(self) -> list[dict]:
        leaf = self.chain[-1] if self.chain else self.command
        return leaf.get("options", [])

    @property
    def path(self) -> str:
        return "/" + " ".join([self.command["name"], *(n["name"] for n in self.chain)])

    def nest(self, options: list[dict]) -> list[dict]:
        for node in reversed(self.chain):
            options = [{"type": node["type"], "name": node["name"], "options": options}]
        return options

    def data(self, options: list[dict], resolver: Resolver) -> dict:
        """The `data` of an application command interaction."""
        data = {
            "id": self.command["id"],
            "name": self.command["name"],
            "type": 1,
            "options": self.nest(options),
        }
        if "guild_id" in self.command:
            data["guild_id"] = self.command["guild_id"]
        resolved = resolver.json()
        if resolved:
            data["resolved"] = resolved
        return data


def _names(nodes: list[dict]) -> str:
    return ", ".join(sorted(n["name"] for n in nodes)) or "none"


def locate(world: World, channel: ChannelRecord, user_id: int, path: str) -> Target:
    words = path.removeprefix("/").split()
    assert words, "name a command, e.g. 'game new'"
    scopes = [channel.guild_id, None] if channel.guild_id is not None else [None]
    visible = [c for scope in scopes for c in world.commands.get(scope, []) if c["type"] == 1]
    command = next((c for c in visible if c["name"] == words[0]), None)
    assert command is not None, f"/{words[0]} is not registered here; registered: {_names(visible)}"
    _check_access(world, channel, user_id, command)
    chain: list[dict] = []
    node = command
    for word in words[1:]:
        subs = [o for o in node.get("options", []) if o["type"] in (SUBCOMMAND, GROUP)]
        found = next((o for o in subs if o["name"] == word), None)
        where = Target(command, tuple(chain)).path
        assert found is not None, f"{where} has no subcommand {word!r}; it has: {_names(subs)}"
        chain.append(found)
        node = found
    target = Target(command, tuple(chain))
    subs = [o for o in target.declared if o["type"] in (SUBCOMMAND, GROUP)]
    assert not subs, f"{target.path} needs a subcommand: {_names(subs)}"
    return target


def _check_access(world: World, channel: ChannelRecord, user_id: int, command: dict) -> None:
    """Discord hides a command where its contexts or default permissions exclude the user."""
    contexts = command.get("contexts")
    guild = world.member_guild(channel)
    name = f"/{command['name']}"
    if guild is None:
        allowed = BOT_DM_CONTEXT in contexts if contexts else command.get("dm_permission", True)
        assert allowed, f"{name} is not available in DMs"
        return
    assert not contexts or GUILD_CONTEXT in contexts, f"{name} is not available in guilds"
    assert user_id in guild.members, f"user {user_id} is not a member of guild {guild.id}"
    needed = command.get("default_member_permissions")
    if needed is None:
        return
    have, need = guild.permissions_of(user_id), int(needed)
    # "0" means administrators only; otherwise every bit asked for is needed.
    allowed = have == ALL_PERMISSIONS if need == 0 else have & need == need
    assert allowed, f"user {user_id} lacks the permissions {need} that {name} requires"


def build_options(
    target: Target, values: dict[str, object], resolver: Resolver, *, focused: str | None = None
) -> list[dict]:
    """Typed options in declared order; the focused one (autocomplete) stays raw text."""
    declared = {o["name"]: o for o in target.declared}
    unknown = sorted(set(values) - set(declared))
    assert not unknown, f"{target.path} has no option {unknown}; options: {_names(target.declared)}"
    if focused is None:
        missing = [n for n, o in declared.items() if o.get("required") and n not in values]
        assert not missing, f"{target.path} needs the options {missing}"
    else:
        assert declared[focused].get("autocomplete"), (
            f"option {focused!r} of {target.path} has no autocomplete"
        )
    options = []
    for option in target.declared:
        name = option["name"]
        if name == focused:
            value: object = str(values[name])
            options.append({"type": option["type"], "name": name, "value": value, "focused": True})
        elif name in values:
            value = convert(option, values[name], resolver)
            options.append({"type": option["type"], "name": name, "value": value})
    return options


def convert(option: dict, value: object, resolver: Resolver) -> object:
    """One option value as Discord sends it; AssertionError if Discord's client would refuse it."""
    kind, name = option["type"], option["name"]
    if kind == STRING:
        result: object = str(value)
        low, high = option.get("min_length", 0), option.get("max_length", 6000)
        assert low <= len(str(value)) <= high, f"option {name}: length must be in {low}..{high}"
    elif kind in (INTEGER, NUMBER):
        result = _number(name, value, integer=kind == INTEGER)
        low, high = option.get("min_value"), option.get("max_value")
        assert low is None or result >= low, f"option {name}: {result} is below {low}"
        assert high is None or result <= high, f"option {name}: {result} is above {high}"
    elif kind == BOOLEAN:
        result = _boolean(name, value)
    elif kind == USER:
        result = resolver.user(_snowflake(value))
    elif kind == CHANNEL:
        result = resolver.channel(_snowflake(value), option.get("channel_types"))
    elif kind == ROLE:
        result = resolver.role(_snowflake(value))
    elif kind == MENTIONABLE:
        result = resolver.mentionable(_snowflake(value))
    else:
        raise AssertionError(f"option {name}: the fake does not support option type {kind}")
    choices = option.get("choices")
    if choices:
        allowed = [c["value"] for c in choices]
        assert result in allowed, f"option {name}: {result!r} is not one of the choices {allowed}"
    return result


def _snowflake(value: object) -> int:
    """An id given as int, str, or anything with .id (the fake's records, discord.py objects)."""
    return int(str(getattr(value, "id", value)))


def _number(name: str, value: object, *, integer: bool) -> int | float:
    text = str(value).strip()
    if isinstance(value, bool) or not re.fullmatch(r"-?\d+" if integer else r"-?\d+(\.\d+)?", text):
        kind = "an integer" if integer else "a number"
        raise AssertionError(f"option {name}: {value!r} is not {kind}")
    return int(text) if integer else float(text)


def _boolean(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).lower()
    assert text in ("true", "false"), f"option {name}: {value!r} is not true or false"
    return text == "true"
