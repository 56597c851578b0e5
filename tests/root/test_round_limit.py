"""The round limit (root.md §10 has no such rule; the Law neither): kept as our safeguard
so that every game ends, and said to be one wherever a player reads about it: ``/rules``
("How the game ends") and ``/game options`` / ``gm options``."""

from __future__ import annotations

from bot.tables.options import options_text
from engines.core import rules_book
from engines.root.options import RootOptions


def test_rules_say_the_round_limit_is_a_safeguard_not_the_law() -> None:
    text = rules_book.answer("root", "end")
    assert "our safeguard, not a rule of the Law" in text
    assert "30 VP" in text


def test_options_say_the_round_limit_is_a_safeguard() -> None:
    (line,) = [x for x in options_text("root") if "`round_limit`" in x]
    assert "safeguard, not a rule of the Law" in line
    help_line = RootOptions.model_fields["round_limit"].description or ""
    assert "safeguard" in help_line
