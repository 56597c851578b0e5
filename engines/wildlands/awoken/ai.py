"""A co-operative Awoken AI seat (DESIGN.md "AI seats are policies"; wildlands.md §10).

A greedy policy in the manner of the competitive Wildlands AI, re-aimed at the co-op
goals: it scores every legal action from its own seat's view (board, monsters, objects,
its own hand) and takes the best, ending its part of the turn when nothing is worth a card.
Cards are the scarce resource, so it plays for crystals: it keeps one collector's cards
for the nearest revealed crystal (``ai_reading``), walks that collector there with other
cards, collects as soon as it can, explores face-down objects, cycles cards with draw
icons, attacks only monsters that threaten its characters (and Ancients it can finish),
defends hits that would knock out a character or cost a crystal, and keeps badly hurt
characters away from monsters. It never reads the partner's hand.
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
from engines.wildlands.awoken.ai_reading import Reading

EXPLORE = 9.0
COLLECT_STEP = 30.0
FLEE = 6.0
HUNT = 1.0
INTERRUPT = 5.0
ANCIENT = 14.0
DANGER = 4.0
DEFEND = 12.0
MINION = 8.0
THREAT = 10.0


class AwokenAI:
    """Greedy one-decision policy; deterministic apart from tie-breaks by ``rng``."""

    def choose(self, engine: Engine[Any, Any], state: Any, seat: SeatId, rng: Rng) -> Any:
        legal = list(engine.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        reading = Reading(dict(engine.view(state, seat).data), seat)
        scored = [(self.score(a, reading), i) for i, a in enumerate(legal)]
        best = max(value for value, _ in scored)
        ties = [i for value, i in scored if value == best]
        return legal[ties[rng.below(len(ties))]]

    def score(self, a: Any, r: Reading) -> float:
        """The turn's default (end turn, done, pass, decline) scores 0."""
        if isinstance(a, Collect):
            return 500.0 - sum(len(r.hand[c]["characters"]) for c in a.cards)
        if isinstance(a, RevealObject):
            return 60.0 - r.cost(a.card)
        if isinstance(a, Attack):
            return self._hit_value(r.figures[a.target], a.style, r) - r.cost(a.card)
        if isinstance(a, Area):
            return self._area(a.space, r) - r.cost(a.card)
        if isinstance(a, Move | Climb):
            return self._walk(a.figure, a.to, r, (a.card,)) - r.cost(a.card)
        if isinstance(a, Rally):
            to = r.figures[a.figure]["space"]
            return sum(self._walk(f, to, r, (a.card,)) for f in a.pulled) - r.cost(a.card)
        if isinstance(a, DrawCards):
            return (25.0 if len(r.hand) <= 6 else -1.0) - r.cost(a.card)
        if isinstance(a, Defend):
            return self._defend(a.card, r)
        if isinstance(a, Interrupt):
            return INTERRUPT - r.cost(a.card) if self._ready(r) else -1.0
        if isinstance(a, UseTreasure):
            return self._treasure(a, r)
        if isinstance(a, Choose):
            return self._choose(a, r)
        if isinstance(a, Pass):
            return 0.0
        return 0.0 if a.kind in ("end_turn", "done", "push", "belt") else -50.0

    def _defend(self, card_id: str | None, r: Reading) -> float:
        if card_id is None:
            return 0.0
        target = r.pending.get("target", "")
        f = r.figures.get(target)
        if f is None:
            return 1.0
        value = DEFEND
        if r.left(target) <= 1:
            value = 50.0 + 40.0 * f.get("crystals", 0)
        return value - r.cost(card_id) - 0.1 * len(r.hand[card_id]["icons"])

    def _threat(self, space: int, r: Reading) -> bool:
        """Whether a monster in ``space`` is within a step of one of the seat's characters."""
        return any(r.board.distance(space, f["space"]) <= 1 for f in r.mine)

    def _hit_value(self, target: dict[str, Any], style: str, r: Reading) -> float:
        left = target["health"] - target["damage"]
        if target["kind"] == "ancient":
            if not target["knockable"]:
                return -10.0
            return 300.0 if left <= 1 else ANCIENT + 4.0 * target["damage"]
        value = MINION + (14.0 if left <= 1 else 0.0)
        if self._threat(target["space"], r):
            value += THREAT
        return value + (2.0 if style in ("heavy_melee", "heavy_ranged") else 0.0)

    def _area(self, space: int, r: Reading) -> float:
        value = 0.0
        for f in r.figures.values():
            if f["space"] != space:
                continue
            if f["kind"] == "character":
                value -= 60.0 if f["health"] - f["damage"] <= 1 else 30.0
            else:
                value += self._hit_value(f, "area", r) * 0.8
        return value

    def _goal(self, figure_id: str, space: int, r: Reading, spent: tuple[str, ...]) -> float:
        """How good ``space`` is for ``figure_id``: the collector near its crystal, others
        near face-down objects and crystals, hurt characters away from monsters."""
        if figure_id in r.scouts:
            value = -EXPLORE * r.board.distance(space, r.scouts[figure_id])
        else:
            value = -EXPLORE * r.nearest(space, r.hidden)
        if figure_id in r.plan:
            value = -COLLECT_STEP * r.board.distance(space, r.plan[figure_id])
        elif r.crystals:
            weight = 10.0 if r.missing(figure_id, spent) == 0 else 2.0
            value -= weight * r.nearest(space, r.crystals)
        value -= DANGER * self._danger(space, r) / max(1, r.left(figure_id))
        monsters = [m["space"] for m in r.monsters]
        if r.left(figure_id) <= 1:
            value += FLEE * min(r.nearest(space, monsters), 3)
        elif r.attack_cards(figure_id):
            value -= HUNT * max(0, r.nearest(space, monsters) - 1)
        return value

    def _danger(self, space: int, r: Reading) -> float:
        """Roughly how many monster attacks ``space`` draws: monsters that see it (ranged)
        and monsters that can step into it (melee, area)."""
        total = 0.0
        for m in r.monsters:
            d = r.board.distance(m["space"], space)
            total += (1.0 if d <= 1 else 0.5 if d == 2 else 0.0) + (
                0.5 if r.board.sees(m["space"], space) else 0.0
            )
        return total

    def _walk(self, figure_id: str, to: int, r: Reading, spent: tuple[str, ...]) -> float:
        here = r.figures[figure_id]["space"]
        return self._goal(figure_id, to, r, spent) - self._goal(figure_id, here, r, spent)

    def _ready(self, r: Reading) -> bool:
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

    def _treasure(self, a: UseTreasure, r: Reading) -> float:
        name = a.treasure.split(".", 1)[1]
        f = r.figures[a.figure]
        if name in ("smoke_flask", "ward_stone"):
            return 35.0
        if name == "healing_draught":
            return 50.0 if f["damage"] >= 2 or f["health"] - f["damage"] <= 1 else -1.0
        if name == "throwing_axes" and a.target:
            return self._hit_value(r.figures[a.target], "ranged", r) - 10.0
        if name == "fire_bomb" and a.to is not None:
            return self._area(a.to, r) - 10.0
        if name in ("blink_charm", "winged_boots") and a.to is not None:
            gain = self._walk(a.figure, a.to, r, ())
            return gain - (8.0 if name == "blink_charm" else 0.0)
        if name == "lucky_coin":
            return 10.0 if len(r.hand) <= 4 else -1.0
        return -1.0

    def _choose(self, a: Choose, r: Reading) -> float:
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
