"""Arcadia's chronicle characters as a person's own record (§13.1; ``engines.core.records``):
what a game takes from the record when it starts, what it writes back when it ends, and the
``/character`` rules between games, over the pure functions of ``engines.arcadia.chronicle``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.arcadia.builder import Build
from engines.arcadia.chronicle import (
    COURTS,
    ChronicleCharacter,
    ChronicleError,
    GameResult,
    award,
    buy_off_flaw,
    create_character,
    fame,
    makes_a_tie,
    retire,
    spend_on_merit,
    spend_options,
)
from engines.arcadia.content import content
from engines.arcadia.engine import ArcadiaEngine
from engines.arcadia.render import chronicle_sheet
from engines.arcadia.state import ArcadiaState
from engines.core.errors import GameError
from engines.core.protocol import SeatId
from engines.core.records import Builder, Item
from engines.core.words import count


def _character(item: Mapping[str, Any]) -> ChronicleCharacter:
    return ChronicleCharacter.model_validate(item)


def _item(ch: ChronicleCharacter) -> Item:
    return ch.model_dump(mode="json")


class ChronicleKeeper:
    """``CharacterRules`` for Arcadia's chronicle characters."""

    game = "arcadia"
    noun = "character"
    option = "characters"

    @property
    def key(self) -> str:
        return f"{self.game}.characters"

    # -- a game's start and end ---------------------------------------------------------

    def refusal(self, item: Item) -> str | None:
        ch = _character(item)
        return f"{ch.name} has retired and no longer joins games." if ch.retired else None

    def label(self, item: Item) -> str:
        ch = _character(item)
        return (
            f"{ch.name}, XP {ch.xp_unspent} unspent / {ch.xp_earned_total} earned "
            f"({ch.xp_solo} solo), fame {fame(ch)}"
        )

    def stamp(self, item: Item) -> str:
        ch = _character(item)
        return f"{ch.name}:{ch.xp_earned_total}:{ch.xp_unspent}"

    def results(self, state: Any) -> Mapping[SeatId, GameResult]:
        return ArcadiaEngine().chronicle_results(state) if isinstance(state, ArcadiaState) else {}

    def award(self, item: Item, result: Any) -> tuple[Item, str]:
        ch = award(_character(item), GameResult.model_validate(result))
        earned = GameResult.model_validate(result).xp
        return _item(ch), (
            f"{ch.name} earns {earned} XP "
            f"({ch.xp_unspent} unspent, {ch.xp_earned_total} earned in all)."
        )

    # -- between games ------------------------------------------------------------------

    def builder(self, draft: Mapping[str, Any]) -> Builder:
        return Build.from_record(draft)

    def create(self, build: Builder) -> Item:
        b = Build.from_record(build.record())
        try:
            ch = create_character(
                b.name, b.icon or "", tuple(b.merits), tuple(b.flaws), b.court_choice, b.background
            )
        except ChronicleError as e:
            raise GameError(str(e)) from e
        return _item(ch)

    def line(self, item: Item) -> str:
        ch = _character(item)
        state = " (retired)" if ch.retired else ""
        return (
            f"**{ch.name}**{state}: {content().icons[ch.icon].name}, {ch.court}; "
            f"XP {ch.xp_unspent} unspent / {ch.xp_earned_total} earned ({ch.xp_solo} solo), "
            f"fame {fame(ch)}, {count(len(ch.quest_history), 'quest')}"
        )

    def sheet(self, item: Item) -> bytes:
        return chronicle_sheet(_character(item))

    def sheet_text(self, item: Item) -> str:
        ch = _character(item)
        c = content()
        merits = ", ".join(c.merits[m].name for m in ch.merits) or "none"
        flaws = ", ".join(c.flaws[f].name for f in ch.flaws) or "none"
        return (
            f"Character sheet of {ch.name}: {c.icons[ch.icon].name}, {ch.court} court; "
            f"merits: {merits}; flaws: {flaws}; XP {ch.xp_unspent} unspent of "
            f"{ch.xp_earned_total} earned; fame {fame(ch)}."
        )

    def spend_options(self, item: Item) -> list[tuple[str, str]]:
        c = content()
        out = []
        ch = _character(item)
        for kind, what, cost in spend_options(ch):
            label = (
                f"Merit: {c.merits[what].name} ({cost} XP)"
                if kind == "merit"
                else f"Buy off flaw: {c.flaws[what].name} ({cost} XP)"
            )
            if not makes_a_tie(ch, kind, what):
                out.append((f"{kind}:{what}", label))
                continue
            # A new tie of the court count: the player chooses the court with it (§2.6).
            out += [(f"{kind}:{what}:{court}", f"{label}, then {court}") for court in COURTS]
        return out

    def spend(self, item: Item, value: str) -> Item:
        kind, _, rest = value.partition(":")
        what, _, court = rest.partition(":")
        ch = _character(item)
        try:
            if kind == "merit":
                return _item(spend_on_merit(ch, what, court or None))
            if kind == "flaw":
                return _item(buy_off_flaw(ch, what, court or None))
        except ChronicleError as e:
            raise GameError(str(e)) from e
        raise GameError(f"XP buys merits or buys off flaws, not `{value}`.")

    def retire(self, item: Item) -> Item:
        return _item(retire(_character(item)))
