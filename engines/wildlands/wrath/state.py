"""The state of a game with the Ancients as a faction (wildlands.md §11).

The base game's state plus what Arcane Guardians needs: which Ancient carries which claimed shard
(``carried``), when each was claimed, when each Ancient was revealed and when the Ancients' latest
own main turn began (the spending limits), a claimed shard waiting for its carrier to be chosen, the
special action in progress, and the players discarding under Desperate Measures. While a special
action runs, or a carrier is chosen, only the Ancients player decides (apart from defences), so no
window can open inside it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.wildlands.state import State
from engines.wildlands.wrath.options import WrathOptions

SpecialKind = Literal["magus", "automaton", "phantasm", "lizardman", "tyrant"]
# Ancient character numbers (§14.2): 1 Magus, 2 Automaton, 3 Phantasm, 4 Lizardman, 5 Tyrant.
SPECIAL_OF: dict[str, SpecialKind] = {
    "ancients.1": "magus",
    "ancients.2": "automaton",
    "ancients.3": "phantasm",
    "ancients.4": "lizardman",
    "ancients.5": "tyrant",
}


class Special(BaseModel):
    """A special action in progress: whose, which stage, and what it has used so far.

    ``steps`` are move/climb steps left, ``attacks`` the Automaton's attacks left,
    ``picked`` the Magus's picks, ``actor`` the Ancient acting now (the Tyrant's current
    Ancient), ``struck`` the Phantasm's melee targets since its last step, ``done`` the
    Ancients the Tyrant has already moved. The Lizardman's stage is ``seq0``..``seq4``.
    """

    model_config = ConfigDict(frozen=True)

    seat: int
    kind: SpecialKind
    ancient: str
    stage: str
    steps: int = 0
    attacks: int = 0
    picked: tuple[str, ...] = ()
    actor: str | None = None
    struck: tuple[str, ...] = ()
    done: tuple[str, ...] = ()


class Carrying(BaseModel):
    """A claimed shard whose carrier the Ancients player still chooses, and the space it was
    claimed in (the carrier is an Ancient standing there)."""

    model_config = ConfigDict(frozen=True)

    shard: str
    space: int


class WrathState(State):
    options: WrathOptions
    ancients: int | None = None
    # Shard id -> the Ancient carrying it; claimed shards' main turn; Ancients' reveal turn.
    carried: dict[str, str] = Field(default_factory=dict)
    claimed_on: dict[str, int] = Field(default_factory=dict)
    revealed_on: dict[str, int] = Field(default_factory=dict)
    # turn_number of the Ancients' latest own main turn (0 before their first).
    own_turn: int = 0
    # Shards that go back to the box when their carrier is knocked out (War, 5 players).
    spare: list[str] = Field(default_factory=list)
    special: Special | None = None
    # A shard just claimed whose carrier the Ancients player still chooses (§11).
    carrying: Carrying | None = None
    discarding: tuple[int, ...] = ()
    # The seats in ``discarding`` that have already discarded a card this time.
    discarded: tuple[int, ...] = ()

    def asked(self) -> frozenset[int]:
        if self.phase == "turn" and self.pending is None:
            if self.special is not None:
                return frozenset({self.special.seat})
            if self.carrying is not None and self.ancients is not None:
                return frozenset({self.ancients})
            if self.discarding:
                return frozenset(self.discarding)
        return super().asked()

    def waiting_reason(self) -> str | None:
        if self.phase != "turn" or self.pending is not None:
            return None
        if self.special is not None:
            # Short, for a picture's title: the text names the Ancient on its own line.
            return "to finish a special action"
        if self.carrying is not None and self.ancients is not None:
            return "to choose the shard's carrier"
        if self.discarding:
            return "to discard or draw"
        return None

    def is_ancient(self, figure_id: str) -> bool:
        return figure_id in SPECIAL_OF and figure_id in self.figures
