"""Menu hints for Northgard (engines.core.menus): long decisions become short drill-downs.

- An Actions-phase choice: the card first, then what to do with it (play, wait, replace,
  remove, improve and which upgrade); passing: the market card to take.
- A tile placement: the cell, then the turn.
- A group to move, a follow-up move, a hunt: where from, then how many units.
- A recruit or a building: where, then what or how much.
"""

from __future__ import annotations

from typing import Any

from engines.core.menus import Path, PickSet
from engines.core.words import count
from engines.northgard.board import card_name, place
from engines.northgard.content import content
from engines.northgard.hints import PASS, card_text, tile_words
from engines.northgard.hints import hint as move_hint
from engines.northgard.state import State


class NorthgardMenus:
    def pick_set(self, action: Any, state: State) -> PickSet | None:
        return None

    def same(self, action: Any, state: State) -> str | None:
        return None

    def path(self, action: Any, state: State) -> Path | None:
        if state.pending is None:
            return None
        code: str = action.code
        kind = state.pending.kind
        parts = code.split(":")
        if kind == "action":
            if parts[0] == "pass":
                what = f"Take {card_name(parts[1])}" if len(parts) > 1 else "Pass"
                return Path("Your action", ("Pass", what), (PASS,))
            card = card_name(parts[1])
            notes = (card_text(parts[1]),)
            if parts[0] == "improve":
                step = f"Improve: buy {card_name(parts[2] + '.1')}"
                return Path("Your action", (card, step), notes)
            return Path("Your action", (card, parts[0].capitalize()), notes)
        if kind in ("place", "setup_tile"):
            x, y, rot = parts[1].split(",")
            tile = tile_words(str(state.pending.data["tile"]))
            return Path("Place the tile", (f"At ({x},{y})", f"Turned {int(rot) * 90}°"), (tile,))
        if kind == "group" and len(parts) >= 3:
            with_kaija = " with Kaija" if len(parts) == 4 else ""
            return Path(
                "Move a group",
                (f"From {place(state, parts[1])}", f"{count(int(parts[2]), 'unit')}{with_kaija}"),
            )
        if kind == "follow_up" and len(parts) == 3:
            src, dst = parts[1].split(">")
            return Path(
                "Follow the explorers",
                (
                    f"From {place(state, src)} to {place(state, dst)}",
                    f"{count(int(parts[2]), 'unit')}",
                ),
            )
        if kind == "hunt" and len(parts) == 5:
            _, src, dst, card, k = parts
            return Path(
                "Hunt",
                (
                    f"The {card_name(card)} in {place(state, dst)}",
                    f"From {place(state, src)}",
                    f"{count(int(k), 'unit')}",
                ),
            )
        if kind == "recruit":
            _, terr, n, k = parts
            paid = f", paying {k} food" if int(k) else ""
            units = f"{count(int(n) + int(k), 'unit')}{paid}"
            return Path("Recruit", (f"In {place(state, terr)}", units))
        if kind == "build" and len(parts) == 4:
            _, b, terr, cost = parts
            return Path(
                "Build",
                (f"In {place(state, terr)}", f"{content().buildings[b].name} ({cost} wood)"),
            )
        return None

    def hint(self, action: Any, state: State) -> str | None:
        return move_hint(action.code, state)
