"""The bot's cogs: ``/game`` and ``/play``."""
