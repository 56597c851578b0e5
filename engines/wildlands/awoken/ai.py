"""A co-operative Awoken AI seat (DESIGN.md "AI seats are policies"; wildlands.md §10).

A greedy policy in the manner of the competitive Wildlands AI, re-aimed at the co-op
goals: it scores every legal action from its own seat's view (board, monsters, objects,
its own hand) and takes the best, ending its part of the turn when nothing is worth a card.
It collects crystals whenever it can, walks characters toward face-down objects and
revealed crystals (harder when it holds the cards to collect), reveals objects, attacks
monsters (knock-outs and a finishing blow on an Ancient first), defends every hit it can,
interrupts when a good attack is ready, and when a monster's target is its choice it
offers the sturdiest character. It never reads the partner's hand.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.wildlands.actions import (
    Area,
    Attack,
    Climb,
    Defend,
    DrawCards,
    Interrupt,
    Move,
    Pass,
    Rally,
)
from engines.wildlands.awoken.actions import Choose, Collect, RevealObject, UseTreasure
from engines.wildlands.board import Board, load_board

CARD_COST = 14.0
KEEP = 4
EXPLORE = 12.0
HUNT = 1.5
SITTER_CARD = 40.0
FAR = 12
ATTACKS = {"melee", "heavy_melee", "ranged", "heavy_ranged", "area"}


class _Reading:
    """What the seat's view says, indexed for scoring."""

    def __init__(self, data: dict[str, Any], seat: SeatId) -> None:
        self.seat = seat
        self.board: Board = load_board(data["board"])
        self.figures = {
            f["id"]: f for group in ("characters", "minions", "ancients") for f in data[group]
        }
        self.mine = [f for f in data["characters"] if f["owner"] == seat and f["space"]]
        self.monsters = [f for f in [*data["minions"], *data["ancients"]] if f["space"]]
        self.hidden = [o["space"] for o in data["objects"] if not o["face_up"]]
        self.crystals = [o["space"] for o in data["objects"] if o["kind"] == "crystal"]
        self.hand = {c["id"]: c for c in data.get("hand", [])}
        self.pending = data["pending"]
        # The end-of-turn draw refills three cards, so the first cards played above a hand
        # of four are nearly free; below that, cards are kept for defence and crystals.
        self.card_cost = 2.0 if len(self.hand) > KEEP else CARD_COST
        # Characters standing on a revealed crystal collect it with their own cards, so
        # those cards are kept for the collection.
        self.sitters = {f["id"] for f in self.mine if f["space"] in self.crystals}

    def cost(self, card_id: str) -> float:
        """What spending ``card_id`` gives up."""
        links = set(self.hand[card_id]["characters"]) if card_id in self.hand else set()
        return self.card_cost + (SITTER_CARD if links & self.sitters else 0.0)

    def linked(self, figure_id: str, exclude: tuple[str, ...] = ()) -> int:
        return sum(
            1 for c, k in self.hand.items() if c not in exclude and figure_id in k["characters"]
        )

    def attack_cards(self, figure_id: str) -> int:
        return sum(
            1
            for k in self.hand.values()
            if figure_id in k["characters"] and ATTACKS & set(k["icons"])
        )

    def nearest(self, space: int, targets: list[int]) -> int:
        return min((self.board.distance(space, t) for t in targets), default=FAR)


class AwokenAI:
    """Greedy one-decision policy; deterministic apart from tie-breaks by ``rng``."""

    def choose(self, engine: Engine[Any, Any], state: Any, seat: SeatId, rng: Rng) -> Any:
        legal = list(engine.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        reading = _Reading(dict(engine.view(state, seat).data), seat)
        scored = [(self.score(a, reading), i) for i, a in enumerate(legal)]
        best = max(value for value, _ in scored)
        ties = [i for value, i in scored if value == best]
        return legal[ties[rng.below(len(ties))]]

    def score(self, a: Any, r: _Reading) -> float:
        """The turn's default (end turn, done, pass, decline) scores 0."""
        if isinstance(a, Collect):
            return 500.0
        if isinstance(a, RevealObject):
            return 60.0 - (r.cost(a.card) if a.card else 0.0)
        if isinstance(a, Attack):
            return self._hit_value(r.figures[a.target], a.style) - r.cost(a.card)
        if isinstance(a, Area):
            return self._area(a.space, r) - r.cost(a.card)
        if isinstance(a, Move | Climb):
            return self._walk(a.figure, a.to, r, (a.card,)) - r.cost(a.card)
        if isinstance(a, Rally):
            to = r.figures[a.figure]["space"]
            return sum(self._walk(f, to, r, (a.card,)) for f in a.pulled) - r.cost(a.card)
        if isinstance(a, DrawCards):
            if r.sitters and len(r.hand) < 7:
                return 30.0 - r.card_cost
            return 8.0 - r.card_cost if len(r.hand) <= 3 else -1.0
        if isinstance(a, Defend):
            return 0.0 if a.card is None else 30.0 - len(r.hand[a.card]["icons"])
        if isinstance(a, Interrupt):
            return 40.0 - r.cost(a.card) if self._ready(r) else -1.0
        if isinstance(a, UseTreasure):
            return self._treasure(a, r)
        if isinstance(a, Choose):
            return self._choose(a, r)
        if isinstance(a, Pass):
            return 0.0
        return 0.0 if a.kind in ("end_turn", "done", "push", "belt") else -50.0

    def _hit_value(self, target: dict[str, Any], style: str) -> float:
        left = target["health"] - target["damage"]
        if target["kind"] == "ancient":
            if not target["knockable"]:
                return -10.0
            return 300.0 if left <= 1 else 35.0 + 3.0 * target["damage"]
        value = 60.0 if left <= 1 else 25.0
        return value + (5.0 if style in ("heavy_melee", "heavy_ranged") else 0.0)

    def _area(self, space: int, r: _Reading) -> float:
        value = 0.0
        for f in r.figures.values():
            if f["space"] != space:
                continue
            if f["kind"] == "character":
                value -= 60.0 if f["health"] - f["damage"] <= 1 else 30.0
            else:
                value += self._hit_value(f, "area") * 0.8
        return value

    def _goal(self, figure_id: str, space: int, r: _Reading, spent: tuple[str, ...]) -> float:
        """How good ``space`` is for ``figure_id``: near revealed crystals when it can pay,
        near face-down objects, near monsters when it can fight, away when nearly out."""
        f = r.figures[figure_id]
        value = -EXPLORE * r.nearest(space, r.hidden)
        if r.crystals:
            weight = 14.0 if r.linked(figure_id, spent) >= 3 else 5.0
            value -= weight * r.nearest(space, r.crystals)
        monsters = [m["space"] for m in r.monsters]
        if f["health"] - f["damage"] <= 1:
            value += 4.0 * min(r.nearest(space, monsters), 3)
        elif r.attack_cards(figure_id):
            value -= HUNT * max(0, r.nearest(space, monsters) - 1)
        return value

    def _walk(self, figure_id: str, to: int, r: _Reading, spent: tuple[str, ...]) -> float:
        here = r.figures[figure_id]["space"]
        return self._goal(figure_id, to, r, spent) - self._goal(figure_id, here, r, spent)

    def _ready(self, r: _Reading) -> bool:
        """Whether an interrupting turn would have an attack on a monster right away."""
        for f in r.mine:
            for k in r.hand.values():
                if f["id"] not in k["characters"]:
                    continue
                icons = set(k["icons"])
                for m in r.monsters:
                    close = m["space"] == f["space"]
                    sees = r.board.sees(f["space"], m["space"])
                    if ({"melee", "heavy_melee"} & icons and close) or ("ranged" in icons and sees):
                        return True
        return False

    def _treasure(self, a: UseTreasure, r: _Reading) -> float:
        name = a.treasure.split(".", 1)[1]
        f = r.figures[a.figure]
        if name in ("smoke_flask", "ward_stone"):
            return 35.0
        if name == "healing_draught":
            return 50.0 if f["damage"] >= 2 or f["health"] - f["damage"] <= 1 else -1.0
        if name == "throwing_axes" and a.target:
            return self._hit_value(r.figures[a.target], "ranged") - 10.0
        if name == "fire_bomb" and a.to is not None:
            return self._area(a.to, r) - 10.0
        if name in ("blink_charm", "winged_boots") and a.to is not None:
            gain = self._walk(a.figure, a.to, r, ())
            return gain - (8.0 if name == "blink_charm" else 0.0)
        if name == "lucky_coin":
            return 10.0 if len(r.hand) <= 4 else -1.0
        return -1.0

    def _choose(self, a: Choose, r: _Reading) -> float:
        p = r.pending
        if a.option in ("keep", "swap"):
            return 1.0 if a.option == "keep" else 0.0
        f = r.figures.get(a.option)
        if f is None or p["kind"] == "order":
            return 0.0
        left = f["health"] - f["damage"]
        if p["kind"] == "target":
            return float(left) - 3.0 * f.get("crystals", 0)
        return float(left)
