"""The table service: everything a game table does, without Discord.

Lobby, moves, undo, AI seats, reminders and deadlines, stand-ins and the scheduler, over
``bot.store`` and ``engines``. Nothing here imports discord: the Discord layer
(``bot.discord``) and the terminal (``bot.tables.console``) both drive it.
"""
