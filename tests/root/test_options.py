"""Options against rulings (root.md §2): the one-value rulings are not options, a stored game
naming one with its own value still loads, and any other value is refused."""

from __future__ import annotations

import pytest

from bot.tables.options import checked_options, options_text, parse_option_text
from engines.core.errors import BadOptions
from engines.core.protocol import parse_options
from engines.root.game import GAME
from engines.root.options import RULINGS, RootOptions


def test_rulings_are_not_options_but_old_tables_naming_them_still_load() -> None:
    assert not set(RULINGS) & set(RootOptions.model_fields)
    stored = {**RootOptions().model_dump(mode="json"), "seizure_mode": "every_3", "vp_floor": 0}
    assert RootOptions.model_validate(stored) == RootOptions()
    with pytest.raises(BadOptions, match="seizure_mode is a fixed ruling"):
        parse_options(GAME.engine, {"seizure_mode": "once"})


def test_factions_are_typed_as_names_joined_by_plus() -> None:
    """Issue 29: the options help shows no JSON list to type; ``eyrie+vagabond`` is one."""
    raw = checked_options("root", parse_option_text("factions=eyrie+vagabond", "root"))
    assert RootOptions(**raw).factions == ["eyrie", "vagabond"]
    help_text = "\n".join(options_text("root"))
    assert "e.g. `eyrie+vagabond`" in help_text and '["' not in help_text
    assert "Our safeguard, not a rule of the Law" in help_text
