"""A competitive Wildlands AI seat (DESIGN.md "AI seats are policies").

A greedy policy that scores every legal action from what its own seat's view shows (the
board, public figures and shards, its own hand and hidden start spaces) and takes the best
one, ending its turn when nothing is worth a card. It reveals characters near its shards,
claims shards whenever it can, walks characters holding claim cards toward their shards and
fighters toward enemies, attacks (knock-outs first), defends every hit it can, interrupts
when it has a worthwhile attack or claim ready, pushes enemies onto thin ice and runs the
belt that helps it most. In setup it keeps central start spaces and passes remote ones. It
never reads another seat's hand: only ``view(state, seat)`` and ``legal_actions``.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.wildlands.actions import (
    Area,
    Attack,
    Belt,
    Claim,
    Climb,
    Defend,
    DrawCards,
    Interrupt,
    Move,
    Pass,
    PlaceStart,
    Push,
    Rally,
    Reveal,
)
from engines.wildlands.board import Board, load_board

CARD_COST = 5.0  # what keeping a card is worth (defence, claims) while the hand is short
FAR = 12  # further than any two spaces on a 42-space board


class _Reading:
    """What the seat's view says, indexed for scoring."""

    def __init__(self, data: dict[str, Any], seat: SeatId) -> None:
        self.seat = seat
        self.board: Board = load_board(data["board"])
        self.figures = {f["id"]: f for f in data["figures"]}
        self.mine = [f for f in data["figures"] if f["owner"] == seat and f["space"] is not None]
        self.enemies = [f for f in data["figures"] if f["owner"] != seat and f["space"] is not None]
        self.my_shards = [sh["space"] for sh in data["shards"] if sh["owner"] == seat]
        self.hand = {c["id"]: c for c in data.get("hand", [])}
        self.starts = {h["figure"]: h["space"] for h in data.get("hidden_starts", [])}
        self.score = next(p["score"] for p in data["seats"] if p["seat"] == seat)
        self.target = data["target_score"]
        best_other = max((p["score"] for p in data["seats"] if p["seat"] != seat), default=0)
        # A stalled game ends on points (stalemate_rounds): keep it moving unless ahead.
        self.must_stir = self.score <= best_other and data["idle_turns"] >= len(data["seats"])
        # The end-of-turn draw refills up to 7, so cards played beyond 4 in hand come back.
        self.card_cost = CARD_COST - 2.0 * max(0, len(self.hand) - 4)

    def linked(self, figure_id: str, exclude: tuple[str, ...] = ()) -> int:
        return sum(
            1
            for c, card in self.hand.items()
            if c not in exclude and figure_id in card["characters"]
        )

    def attack_cards(self, figure_id: str, exclude: tuple[str, ...] = ()) -> int:
        attacks = {"melee", "heavy_melee", "ranged", "heavy_ranged", "area"}
        return sum(
            1
            for c, card in self.hand.items()
            if c not in exclude and figure_id in card["characters"] and attacks & set(card["icons"])
        )

    def shard_distance(self, space: int) -> int:
        return min((self.board.distance(space, s) for s in self.my_shards), default=FAR)

    def enemy_distance(self, space: int) -> int:
        return min((self.board.distance(space, e["space"]) for e in self.enemies), default=FAR)


class WildlandsAI:
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
        """How much ``a`` is worth now; the turn's default (end turn, done, pass, decline)
        scores 0, so anything below 0 is never taken."""
        if isinstance(a, PlaceStart):
            # Keep central start spaces; the cards passed on become the right neighbour's
            # shards, so passing the remote ones makes those shards hard to reach.
            return -sum(r.board.distance(a.space, x) for x in r.board.spaces()) / 42.0
        if isinstance(a, Claim):
            return 200.0
        if isinstance(a, Attack):
            return self._attack(a, r)
        if isinstance(a, Area):
            return self._area(a, r)
        if isinstance(a, Move | Climb):
            return self._move(a, r)
        if isinstance(a, Rally):
            return self._rally(a, r)
        if isinstance(a, Reveal):
            return self._reveal(a, r)
        if isinstance(a, DrawCards):
            return 8.0 - r.card_cost if len(r.hand) <= 3 else -1.0
        if isinstance(a, Defend):
            return 0.0 if a.card is None else 30.0 - len(r.hand[a.card]["icons"])
        if isinstance(a, Interrupt):
            return 40.0 if self._ready_to_strike(r) else -1.0
        if isinstance(a, Push):
            return self._push(a, r)
        if isinstance(a, Belt):
            return self._belt(a, r)
        if isinstance(a, Pass):
            return 0.0
        # End turn, done: the baseline. Standing orders are for people.
        return 0.0 if a.kind in ("end_turn", "done") else -50.0

    def _attack(self, a: Attack, r: _Reading) -> float:
        target = r.figures[a.target]
        left = target["health"] - target["damage"]
        value = 70.0 if left <= 1 else 30.0 + 4.0 * (target["health"] - left)
        if a.style in ("heavy_melee", "heavy_ranged"):
            value += 6.0  # fewer defences block it
        if r.score + 1 >= r.target and left <= 1:
            value += 100.0
        return value - r.card_cost

    def _area(self, a: Area, r: _Reading) -> float:
        value = 0.0
        for f in r.figures.values():
            if f["space"] != a.space:
                continue
            left = f["health"] - f["damage"]
            if f["owner"] == r.seat:
                value -= 60.0 if left <= 1 else 25.0
            else:
                value += 65.0 if left <= 1 else 22.0
        return value - r.card_cost

    def _goal_value(self, figure_id: str, space: int, r: _Reading, spent: tuple[str, ...]) -> float:
        """How good ``space`` is for ``figure_id``: near a shard with claim cards in hand,
        near enemies with attack cards, away from enemies when nearly knocked out."""
        f = r.figures[figure_id]
        claimers = r.linked(figure_id, spent)
        value = -(14.0 if claimers >= 3 else 6.0 if claimers == 2 else 2.0) * r.shard_distance(
            space
        )
        if r.attack_cards(figure_id, spent):
            value -= 3.0 * max(0, r.enemy_distance(space) - 1)
        if f["health"] - f["damage"] <= 1:
            value += 4.0 * min(r.enemy_distance(space), 3)
        return value

    def _move(self, a: Move | Climb, r: _Reading) -> float:
        here = r.figures[a.figure]["space"]
        gain = self._goal_value(a.figure, a.to, r, (a.card,)) - self._goal_value(
            a.figure, here, r, (a.card,)
        )
        return gain - r.card_cost + (20.0 if r.must_stir else 0.0)

    def _rally(self, a: Rally, r: _Reading) -> float:
        to = r.figures[a.figure]["space"]
        gain = sum(
            self._goal_value(f, to, r, (a.card,))
            - self._goal_value(f, r.figures[f]["space"], r, (a.card,))
            for f in a.pulled
        )
        return gain - r.card_cost

    def _reveal(self, a: Reveal, r: _Reading) -> float:
        space = r.starts.get(a.figure)
        if space is None:
            return 1.0
        # Revealing wakes up that character's cards; prefer starts near our shards.
        return 20.0 + r.linked(a.figure) * 2.0 - 1.5 * r.shard_distance(space)

    def _ready_to_strike(self, r: _Reading) -> bool:
        """Whether an interrupting turn would have a good attack or claim right away."""
        for f in r.mine:
            here = f["space"]
            for card in r.hand.values():
                if f["id"] not in card["characters"]:
                    continue
                icons = set(card["icons"])
                for e in r.enemies:
                    there = e["space"]
                    if ("melee" in icons or "heavy_melee" in icons) and there == here:
                        return True
                    if "ranged" in icons and r.board.sees(here, there):
                        return True
                    if (
                        "heavy_ranged" in icons
                        and r.board.sees(here, there)
                        and r.board.distance(here, there) <= 2
                    ):
                        return True
            if here in r.my_shards and r.linked(f["id"]) >= 3:
                return True
        return False

    def _push(self, a: Push, r: _Reading) -> float:
        if a.figure is None or a.to is None:
            return 0.0
        victim = r.figures[a.figure]
        if victim["owner"] == r.seat:
            return -10.0
        value = 2.0 * (r.shard_distance(a.to) - r.shard_distance(victim["space"]))
        if a.to in r.board.thin_ice:
            for f in r.figures.values():
                if f["space"] == a.to and f["id"] != a.figure:
                    value += 15.0 if f["owner"] != r.seat else -15.0
        return value

    def _belt(self, a: Belt, r: _Reading) -> float:
        if a.colour is None:
            return 0.0
        moved = {f["id"]: r.board.belt_next(a.colour, f["space"]) or f["space"] for f in r.mine}
        shards = [r.board.belt_next(a.colour, s) or s for s in r.my_shards]
        before = sum(r.shard_distance(f["space"]) for f in r.mine)
        after = sum(
            min((r.board.distance(moved[f["id"]], s) for s in shards), default=FAR) for f in r.mine
        )
        return float(before - after)
