"""The Discord shell: the client, its cogs, components and how times and links are shown.

Answers interactions and sends messages; every rule, stored change and timer decision is made
by ``bot.tables``.
"""
