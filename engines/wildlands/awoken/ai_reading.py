"""What an Awoken AI seat reads from its own view, indexed for scoring (wildlands.md §10).

Besides the board, figures, objects and hand, a reading holds the seat's crystal plan:
every character that can walk gets a revealed crystal of its own (steps to walk plus cards
still missing, cheapest pairs first; a character may carry several crystals), the others
go exploring distinct face-down objects while a crystal is still to be found (one
collector gives up its crystal when nobody else can), and any left over head for the
nearest crystal as second collectors. The cards kept back are those the collectors
closest to collecting need, at most ``KEEP`` of them: the end-of-turn draw tops the hand
up by three only while it holds four or fewer, so a fuller hand costs draws. Only the
seat's own view is read; the partner's hand never is.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import SeatId
from engines.wildlands.awoken.ai_threat import threat
from engines.wildlands.board import Board, load_board

FAR = 12
KEEP = 4
HAND_LIMIT = 7
SURPLUS_CARD = 0.5
CARD_COST = 7.0
RESERVED_CARD = 40.0
# A missing card delays a collection less than a step does: the crystal's finder keeps it
# (no-attacks bench, mean rounds over the five solo rows at 60 games: 14.9 at 1.5,
# 14.4-14.5 at 0.3-0.7).
MISSING_STEP = 0.5
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
        self.team = [f for f in data["characters"] if f["space"]]
        self.knocked = [f["id"] for f in data["characters"] if f["owner"] == seat and f["ko"]]
        self.monsters = [f for f in [*data["minions"], *data["ancients"]] if f["space"]]
        self.threat = {m["id"]: threat(m) for m in self.monsters}
        self.hidden = [o["space"] for o in data["objects"] if not o["face_up"]]
        self.crystals = [o["space"] for o in data["objects"] if o["kind"] == "crystal"]
        self.hand = {c["id"]: c for c in data.get("hand", [])}
        self.treasures: dict[str, list[str]] = data.get("treasures", {})
        self.pending = data["pending"]
        self.players = len(data["seats"])
        self.carried = int(data["crystals_collected"])
        self.to_win = int(data["crystals_to_win"])
        self.plan = self._plan()
        self.scouts = self._scout()
        self.support = self._support()
        self.reserved = self._reserve()

    @property
    def surplus(self) -> bool:
        """Whether a card held now would cut the end-of-turn draw."""
        return len(self.hand) > KEEP

    @property
    def lost_draws(self) -> int:
        """Cards the end-of-turn draw would skip if the turn ended now (it tops up by
        three at most, never above seven)."""
        return max(0, len(self.hand) - KEEP)

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
        """One revealed crystal per character, cheapest (steps + missing cards) first."""
        pairs = []
        for f in self.mine:
            for c in self.crystals:
                if f["ensnared"] and f["space"] != c:
                    continue
                steps = self.board.distance(f["space"], c)
                pairs.append((steps + MISSING_STEP * self.missing(f["id"]), steps, f["id"], c))
        plan: dict[str, int] = {}
        taken: list[int] = []
        for _, _, fid, c in sorted(pairs):
            if fid not in plan and taken.count(c) < self.crystals.count(c):
                plan[fid] = c
                taken.append(c)
        if self.hidden and self.searching:
            # A crystal is still to be found: if nobody of this seat is free to explore,
            # the collector furthest from collecting explores instead of waiting (a
            # traced game parked every character on a crystal and passed ten turns).
            free = [f for f in self.mine if f["id"] not in plan and not f["ensnared"]]
            movable = [fid for fid in plan if not self.figures[fid]["ensnared"]]
            if not free and len(movable) > 1:
                del plan[max(movable, key=lambda fid: (self.missing(fid), fid))]
        return plan

    @property
    def searching(self) -> bool:
        """Whether a crystal is still to be found: fewer are face up or carried than the
        win needs."""
        return len(self.crystals) + self.carried < self.to_win

    def _scout(self) -> dict[str, int]:
        """Send the characters without a crystal to distinct face-down objects while a
        crystal is still to be found."""
        if not self.searching:
            return {}
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

    def _support(self) -> dict[str, int]:
        """Characters left without a crystal or an object head for the nearest revealed
        crystal as a second collector: whichever of the two finds the cards first collects."""
        return {
            f["id"]: min(self.crystals, key=lambda c: (self.board.distance(f["space"], c), c))
            for f in self.mine
            if self.crystals
            and f["id"] not in self.plan
            and f["id"] not in self.scouts
            and not f["ensnared"]
        }

    def _reserve(self) -> set[str]:
        """At most ``KEEP`` cards for the collectors nearest to collecting: each takes the
        cards showing it (those showing only it first) up to what it needs; cards showing
        the knocked-out character with the most cards in hand count for anyone."""
        wanted: list[list[str]] = []
        for fid in sorted(self.plan, key=lambda f: (self.missing(f), self.plan[f], f)):
            own = sorted(
                (len(k["characters"]), c) for c, k in self.hand.items() if fid in k["characters"]
            )
            wanted.append([c for _, c in own[: self.need(fid)]])
        if self.plan and self.knocked and self.ko_fuel() >= 2:
            ko = max(self.knocked, key=self.linked)
            fuel = sorted(c for c, k in self.hand.items() if ko in k["characters"])
            wanted.insert(0 if self.ko_fuel() >= 3 else len(wanted), fuel[:3])
        keep: list[str] = []
        for group in wanted:
            keep += [c for c in group if c not in keep][: KEEP - len(keep)]
        return set(keep)

    def cost(self, card_id: str | None) -> float:
        """What spending ``card_id`` gives up: little for a card above the four the draw
        tops up; a card a collection needs is dear."""
        if card_id is None:
            return 0.0
        if card_id in self.reserved:
            return RESERVED_CARD
        return SURPLUS_CARD if self.surplus else CARD_COST

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

    def danger(self, space: int) -> float:
        """Roughly how many monster attacks ``space`` draws next Ancients' turn: each
        monster's expected attacks, weighted by how easily it reaches the space (a step
        for melee, a line of sight for ranged)."""
        total = 0.0
        for m in self.monsters:
            d = self.board.distance(m["space"], space)
            reach = 1.0 if d <= 1 else 0.6 if d == 2 else 0.2 if d == 3 else 0.0
            if self.board.sees(m["space"], space):
                reach = max(reach, 0.6)
            total += self.threat[m["id"]] * reach
        return total
