"""Table options typed in one line: ``game_length=double_hourglass scenario=II``.

Values are read as JSON where they parse (numbers, true/false, lists), else as text; the
engine's pydantic options model then validates them with a sentence per problem.
"""

from __future__ import annotations

import json
import re
from typing import Any

from engines import registry
from engines.core.errors import BadOptions

_PAIR = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(\[[^\]]*\]|\"[^\"]*\"|[^\s,]+)")


def parse_option_text(text: str) -> dict[str, Any]:
    text = text.strip()
    if not text:
        return {}
    pairs = _PAIR.findall(text)
    leftover = _PAIR.sub("", text).replace(",", " ").strip()
    if leftover:
        raise BadOptions(
            f"I could not read {leftover!r}. Write options as name=value pairs, e.g. "
            "game_length=double_hourglass scenario=II"
        )
    out: dict[str, Any] = {}
    for key, raw in pairs:
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


def option_suggestions(game: str, current: str) -> list[str]:
    """``name=default`` for each option of ``game`` matching the last word being typed."""
    model = registry.get(game).options_model
    head, _, last = current.rpartition(" ")
    prefix = f"{head} " if head else ""
    out = []
    for name, field in model.model_fields.items():
        default = field.default
        shown = json.dumps(default) if not isinstance(default, str) else default
        entry = f"{name}={shown}"
        if last.split("=")[0].casefold() in name.casefold():
            out.append(prefix + entry)
    return out
