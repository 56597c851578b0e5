"""A co-operative Awoken AI seat (DESIGN.md "AI seats are policies"; wildlands.md §10).

It scores every legal action from its own seat's view (board, monsters, objects, its own
hand) and takes the best, ending its part of the turn only when nothing is worth a card.
Cards are the scarce resource, so it plays for crystals (``ai_reading``): every character
gets a revealed crystal to park on or a face-down object to explore, the cards the nearest
collections need are kept back, and any card above the four that the end-of-turn draw tops
up is spent on the best thing it can do (a card held there would cut the draw). It collects
as soon as it can, cycles cards with draw icons, attacks the monsters whose expected
attacks (``ai_threat``) weigh on its characters, defends hits that would knock out a
character or cost a crystal, and keeps hurt characters where few monster attacks reach.
It never reads the partner's hand nor the order of any deck.
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
from engines.wildlands.awoken.ai_reading import HAND_LIMIT, Reading

EXPLORE = 9.0
COLLECT_STEP = 30.0
SUPPORT_STEP = 8.0
DRAW_SLOT = 4.0  # a card spent above four in hand frees a slot in the end-of-turn draw
DANGER = 10.0
FLEE = 6.0
KILL = 30.0
DEFEND = 12.0
DRAW = 16.0
LOST_DRAW = 20.0  # ending the turn above four cards in hand gives up a draw per card


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
        if isinstance(a, Defend):
            return self._defend(a.card, r)
        if isinstance(a, Choose):
            return self._choose(a, r)
        if isinstance(a, UseTreasure):
            return self._treasure(a, r)
        if isinstance(a, Interrupt):
            return self._interrupt(a.card, r)
        if isinstance(a, Pass):
            return 0.0
        card = getattr(a, "card", None)
        gain = self._gain(a, r)
        if gain is None:
            if a.kind in ("end_turn", "done"):
                return -LOST_DRAW * r.lost_draws
            return 0.0 if a.kind in ("push", "belt") else -50.0
        slot = DRAW_SLOT if card is not None and r.surplus and card not in r.reserved else 0.0
        return gain + slot - r.cost(card)

    def _gain(self, a: Any, r: Reading) -> float | None:
        """What a turn play achieves, before the card it costs."""
        if isinstance(a, Collect):
            return 500.0 - sum(len(r.hand[c]["characters"]) for c in a.cards)
        if isinstance(a, RevealObject):
            # A trap may hit the revealer: a character one hit from a knock-out waits.
            return 60.0 if r.left(a.figure) > 1 else 15.0
        if isinstance(a, Attack):
            return self._hit_value(r.figures[a.target], r)
        if isinstance(a, Area):
            return self._area(a.space, r)
        if isinstance(a, Move | Climb):
            return self._walk(a.figure, a.to, r)
        if isinstance(a, Rally):
            to = r.figures[a.figure]["space"]
            return sum(self._walk(f, to, r) for f in a.pulled)
        if isinstance(a, DrawCards):
            # Two cards for one, never above seven: worth it while the hand has room, and
            # more than a scout's step (cards are what every plan waits on).
            return DRAW if len(r.hand) <= HAND_LIMIT - 2 else -1.0
        return None

    def _defend(self, card_id: str | None, r: Reading) -> float:
        if card_id is None:
            return 0.0
        target = r.pending.get("target", "")
        f = r.figures.get(target)
        if f is None:
            return 1.0
        value = DEFEND + 3.0 * f.get("crystals", 0)
        if r.left(target) <= 1:
            value = 60.0 + 40.0 * f.get("crystals", 0) + 20.0 * (len(r.mine) <= 2)
        return value - r.cost(card_id) - 0.1 * len(r.hand[card_id]["icons"])

    def _near(self, space: int, r: Reading) -> float:
        """How close ``space`` is to the team's characters: 1 in the same space or next
        to one, fading to 0 at three steps."""
        d = r.nearest(space, [f["space"] for f in r.team])
        return max(0.0, 1.0 - d / 3.0)

    def _hit_value(self, target: dict[str, Any], r: Reading) -> float:
        left = target["health"] - target["damage"]
        if target["kind"] == "ancient":
            if not target["knockable"]:
                return -10.0
            if left <= 1:
                return 300.0
            # Otherwise an Ancient is worth what its attacks threaten, like a minion: the
            # knock-out win almost never comes (2 of 420 normal wins), and hitting it for
            # its own sake spent six to seven cards a game that the crystals needed.
        # A knock-out removes the minion's expected attacks for the turns to come; a
        # reaction may block the hit, so a hit is worth about half a knock-out per health.
        weight = r.threat[target["id"]] * (0.5 + self._near(target["space"], r))
        return KILL * weight / max(1, left)

    def _area(self, space: int, r: Reading) -> float:
        value = 0.0
        for f in r.figures.values():
            if f["space"] != space:
                continue
            if f["kind"] == "character":
                value -= 60.0 if f["health"] - f["damage"] <= 1 else 25.0
            else:
                value += self._hit_value(f, r) * 0.8
        return value

    def _goal(self, figure_id: str, space: int, r: Reading) -> float:
        """How good ``space`` is for ``figure_id``: a collector near its crystal, a scout
        near its object, anyone away from monster attacks (more so when hurt)."""
        if figure_id in r.plan:
            value = -COLLECT_STEP * r.board.distance(space, r.plan[figure_id])
        elif figure_id in r.scouts:
            value = -EXPLORE * r.board.distance(space, r.scouts[figure_id])
        elif figure_id in r.support:
            value = -SUPPORT_STEP * r.board.distance(space, r.support[figure_id])
        else:
            value = -EXPLORE * 0.3 * r.nearest(space, r.hidden + r.crystals)
        left = max(1, r.left(figure_id))
        value -= DANGER * r.danger(space) / left
        if left <= 1:
            value += FLEE * min(r.nearest(space, [m["space"] for m in r.monsters]), 3)
        return value

    def _walk(self, figure_id: str, to: int, r: Reading) -> float:
        here = r.figures[figure_id]["space"]
        return self._goal(figure_id, to, r) - self._goal(figure_id, here, r)

    def _interrupt(self, card_id: str, r: Reading) -> float:
        """An interrupting turn pays when a crystal can be collected now or a threatening
        monster can be hit before it acts."""
        if self._collect_ready(r):
            return 100.0 - r.cost(card_id)
        return (8.0 if self._attack_ready(r) else -1.0) - r.cost(card_id)

    def _collect_ready(self, r: Reading) -> bool:
        return any(r.missing(f, ()) == 0 and r.plan[f] == r.figures[f]["space"] for f in r.plan)

    def _attack_ready(self, r: Reading) -> bool:
        for f in r.mine:
            for k in r.hand.values():
                if f["id"] not in k["characters"]:
                    continue
                icons = set(k["icons"])
                for m in r.monsters:
                    if r.threat[m["id"]] < 0.5:
                        continue
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
            return self._hit_value(r.figures[a.target], r) - 5.0
        if name == "fire_bomb" and a.to is not None:
            return self._area(a.to, r) - 5.0
        if name in ("blink_charm", "winged_boots") and a.to is not None:
            gain = self._walk(a.figure, a.to, r)
            return gain - (8.0 if name == "blink_charm" else 0.0)
        if name == "lucky_coin":
            return 10.0 if len(r.hand) <= 4 else -1.0
        if name == "war_horn":
            to = f["space"]
            return sum(self._walk(p, to, r) for p in a.pulled) - 8.0
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
