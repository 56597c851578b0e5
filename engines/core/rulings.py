"""Rulings: the rule decisions an engine implements one way only (DESIGN.md "The engine
contract", options).

A game's options model holds what a table may change. The decisions the engine makes one way
only (the reading of an unclear rule, a convention such as seat order) are listed, each with
its value and the rule section it settles, in the model's ``rulings`` mapping instead of as
fields, so ``/game new`` offers only options that change something. A table (or a game
stored before the rulings left the options) naming a ruling with its own value is accepted;
any other value is refused with a sentence naming the ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import BaseModel, model_validator


class RuledOptions(BaseModel):
    """Base for options models with fixed rulings beside their fields."""

    rulings: ClassVar[Mapping[str, object]] = {}

    @model_validator(mode="before")
    @classmethod
    def _rulings_are_fixed(cls, data: Any) -> Any:
        if not isinstance(data, Mapping) or not any(k in cls.rulings for k in data):
            return data
        for name, value in data.items():
            if name in cls.rulings and value != cls.rulings[name]:
                raise ValueError(
                    f"{name} is a fixed ruling of this game ({cls.rulings[name]!r}), not an option"
                )
        return {k: v for k, v in data.items() if k not in cls.rulings}
