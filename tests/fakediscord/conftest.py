"""Makes the `fake_discord` fixture available to the fake's own tests."""

from .fixtures import fake_discord

__all__ = ["fake_discord"]
