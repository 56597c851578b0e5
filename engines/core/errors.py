"""Errors a player can read. Every message is a whole sentence meant for the table."""

from __future__ import annotations


class GameError(Exception):
    """Base class: anything the bot may show a player as is."""


class IllegalAction(GameError):
    """The action is not allowed now; the state is unchanged."""


class BadOptions(GameError):
    """Table options that the game does not accept."""


class UnknownGame(GameError):
    """A game name that is not in the registry."""


class CorruptRecord(GameError):
    """A stored state or action that can no longer be read."""
