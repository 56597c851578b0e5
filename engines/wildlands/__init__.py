"""Wildlands and The Ancients box: board, cards, rules, AI and pictures."""
