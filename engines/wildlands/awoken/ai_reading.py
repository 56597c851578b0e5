"""What an Awoken AI seat reads from its own view, indexed for scoring (wildlands.md §10).

Besides the board, figures, objects and hand, a reading holds the seat's crystal plan: the
revealed crystal and the character that can collect it soonest (steps to walk plus cards
still missing), and the cards kept back for that collection. Only the seat's own view is
read; the partner's hand never is.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import SeatId
from engines.wildlands.board import Board, load_board

FAR = 12
KEEP = 4
CHEAP_CARD = 2.0
CARD_COST = 8.0
RESERVED_CARD = 45.0
ATTACKS = {"melee", "heavy_melee", "ranged", "heavy_ranged", "area"}


class Reading:
    """The seat's view, indexed, with its crystal plan."""

    def __init__(self, data: dict[str, Any], seat: SeatId) -> None:
        self.seat = seat
        self.board: Board = load_board(data["board"])
        self.figures = {
            f["id"]: f for group in ("characters", "minions", "ancients") for f in data[group]
        }
        self.mine = [f for f in data["characters"] if f["owner"] == seat and f["space"]]
        self.knocked = [f["id"] for f in data["characters"] if f["owner"] == seat and f["ko"]]
        self.monsters = [f for f in [*data["minions"], *data["ancients"]] if f["space"]]
        self.hidden = [o["space"] for o in data["objects"] if not o["face_up"]]
        self.crystals = [o["space"] for o in data["objects"] if o["kind"] == "crystal"]
        self.hand = {c["id"]: c for c in data.get("hand", [])}
        self.treasures: dict[str, list[str]] = data.get("treasures", {})
        self.pending = data["pending"]
        # The end-of-turn draw refills three cards, so the cards held above four are
        # nearly free; below that, each card is worth keeping.
        self.card_cost = CHEAP_CARD if len(self.hand) > KEEP else CARD_COST
        self.plan = self._plan()
        self.scouts = self._scout()
        self.reserved = self._reserve()

    def linked(self, figure_id: str, exclude: tuple[str, ...] = ()) -> int:
        """Cards in hand (but ``exclude``) showing ``figure_id``."""
        return sum(
            1 for c, k in self.hand.items() if c not in exclude and figure_id in k["characters"]
        )

    def ko_fuel(self, exclude: tuple[str, ...] = ()) -> int:
        """The most cards in hand showing one same knocked-out character."""
        return max((self.linked(k, exclude) for k in self.knocked), default=0)

    def need(self, figure_id: str) -> int:
        """Cards a collection by ``figure_id`` takes (Crystal Lens makes it two)."""
        lens = "Crystal Lens" in self.treasures.get(figure_id, [])
        return 2 if lens else 3

    def missing(self, figure_id: str, exclude: tuple[str, ...] = ()) -> int:
        """Cards still to find before ``figure_id`` can collect (own or knocked-out icons)."""
        own = self.need(figure_id) - self.linked(figure_id, exclude)
        return max(0, min(own, 3 - self.ko_fuel(exclude)))

    def nearest(self, space: int, targets: list[int]) -> int:
        """Distance from ``space`` to the closest of ``targets`` (``FAR`` if none)."""
        return min((self.board.distance(space, t) for t in targets), default=FAR)

    def _plan(self) -> dict[str, int]:
        """Send characters to the revealed crystals, one each, nearest pairs first; a
        character already holding more linked cards counts as a little nearer."""
        pairs = []
        for f in self.mine:
            if f["ensnared"] and f["space"] not in self.crystals:
                continue
            for c in self.crystals:
                steps = self.board.distance(f["space"], c)
                pairs.append((steps - 0.4 * self.linked(f["id"]), steps, f["id"], c))
        plan: dict[str, int] = {}
        taken: list[int] = []
        for _, _, fid, c in sorted(pairs):
            if fid not in plan and taken.count(c) < self.crystals.count(c):
                plan[fid] = c
                taken.append(c)
        return plan

    def _scout(self) -> dict[str, int]:
        """Send the characters without a crystal to distinct face-down objects."""
        pairs = sorted(
            (self.board.distance(f["space"], o), f["id"], o)
            for f in self.mine
            if f["id"] not in self.plan and not f["ensnared"]
            for o in self.hidden
        )
        scouts: dict[str, int] = {}
        for _, fid, o in pairs:
            if fid not in scouts and o not in scouts.values():
                scouts[fid] = o
        return scouts

    def _reserve(self) -> set[str]:
        """The cards kept for the planned collections: up to the cards each collector
        needs (those showing only it first), and those showing the knocked-out character
        with the most cards in hand."""
        keep: set[str] = set()
        for fid in sorted(self.plan, key=lambda f: -self.linked(f)):
            own = sorted(
                (len(k["characters"]), c)
                for c, k in self.hand.items()
                if fid in k["characters"] and c not in keep
            )
            keep |= {c for _, c in own[: self.need(fid)]}
        if self.plan and self.knocked and self.ko_fuel() >= 2:
            ko = max(self.knocked, key=self.linked)
            keep |= {c for c, k in self.hand.items() if ko in k["characters"]}
        return keep

    def cost(self, card_id: str | None) -> float:
        """What spending ``card_id`` gives up."""
        if card_id is None:
            return 0.0
        return self.card_cost + (RESERVED_CARD if card_id in self.reserved else 0.0)

    def attack_cards(self, figure_id: str) -> int:
        """Attack cards in hand linked to ``figure_id``."""
        return sum(
            1
            for k in self.hand.values()
            if figure_id in k["characters"] and ATTACKS & set(k["icons"])
        )

    def left(self, figure_id: str) -> int:
        """Damage ``figure_id`` can still take."""
        f = self.figures[figure_id]
        return int(f["health"] - f["damage"])
