"""AI seats for games with the Ancients and for teams (wildlands.md §11, §12; DESIGN.md "AI
seats are policies").

The base greedy policy (``engines.wildlands.ai``), read per side instead of per seat: a
teammate's figures are friends (never a single target, a heavy penalty in an area attack,
never pushed onto ice), its shards are ours to claim, and an attack on an enemy standing
with a hurt teammate is worth more (covering the teammate). As the Ancients it claims any
colour, gives a claimed shard to the sturdiest Ancient in the space that carries none yet,
walks toward every shard and enemy, spends carried shards when the special action
has targets, and plays each special step for damage: the Magus drops the weakest enemies
onto its fighters, the Automaton buys as many attacks as it has targets (keeping one health
spare), the others step toward enemies and strike. It discards cards whose characters are
all knocked out (Desperate Measures). It reads only its own seat's view.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.wildlands.actions import Area, Attack, Push
from engines.wildlands.ai import FAR, WildlandsAI, _Reading
from engines.wildlands.wrath.actions import (
    Carry,
    Discard,
    SpecialAttack,
    SpecialMove,
    SpecialPick,
    SpecialSkip,
    SpecialSpace,
    SpecialX,
    Spend,
)


class _SideReading(_Reading):
    """The base reading with friends and enemies by side, and the Ancients' wider goals."""

    def __init__(self, data: dict[str, Any], seat: SeatId) -> None:
        super().__init__(data, seat)
        sides = data["sides"]
        self.side = sides[seat]
        self.ancients = data.get("ancients_seat") == seat
        self.carriers: dict[str, str] = data.get("carriers", {})
        self.special = data.get("special")
        on_board = [f for f in data["figures"] if f["space"] is not None]
        self.friends = [f for f in on_board if sides[f["owner"]] == self.side]
        self.enemies = [f for f in on_board if sides[f["owner"]] != self.side]
        board_shards = [sh for sh in data["shards"] if sh["space"] is not None]
        self.my_shards = [
            sh["space"] for sh in board_shards if self.ancients or sh["owner"] == self.side
        ]
        teams = data.get("teams")
        if teams:
            self.score = next(t["score"] for t in teams if t["team"] == self.side + 1)
            others = [t["score"] for t in teams if t["team"] != self.side + 1]
            self.must_stir = self.score <= max(others) and data["idle_turns"] >= len(teams)

    def is_friend(self, figure_id: str) -> bool:
        return any(f["id"] == figure_id for f in self.friends)

    def left(self, figure_id: str) -> int:
        f = self.figures[figure_id]
        return int(f["health"] - f["damage"])


class SidesAI(WildlandsAI):
    """Greedy policy for Wrath and War seats; deterministic apart from tie-breaks."""

    def choose(self, engine: Engine[Any, Any], state: Any, seat: SeatId, rng: Rng) -> Any:
        legal = list(engine.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        reading = _SideReading(dict(engine.view(state, seat).data), seat)
        scored = [(self.score(a, reading), i) for i, a in enumerate(legal)]
        best = max(value for value, _ in scored)
        ties = [i for value, i in scored if value == best]
        return legal[ties[rng.below(len(ties))]]

    def score(self, a: Any, r: _Reading) -> float:
        assert isinstance(r, _SideReading)
        match a:
            case Spend(shard=shard):
                return self._spend(shard, r)
            case Carry(figure=fid):
                return self._carrier(fid, r)
            case SpecialPick(figure=fid):
                return self._pick(fid, r)
            case SpecialSpace(space=space):
                return self._place(space, r)
            case SpecialX(x=x):
                return -abs(x - self._wanted_x(r))
            case SpecialMove(figure=fid, to=to):
                return self._step(fid, to, r)
            case SpecialAttack(target=target, style=style):
                return self._hit_value(target, style, r)
            case SpecialSkip():
                return 0.0
            case Discard(card=c):
                links = r.hand[c]["characters"]
                dead = links and all(r.figures[x]["ko"] for x in links)
                return 3.0 if dead else -1.0
            case Attack():
                if r.is_friend(a.target):
                    return -100.0
                return super().score(a, r) + self._cover_bonus(a.target, r)
            case Area():
                return self._side_area(a, r)
            case Push(figure=fid) if fid is not None and r.is_friend(fid):
                return -10.0
        return super().score(a, r)

    # The Ancients' shards and special actions.

    def _spend(self, shard: str, r: _SideReading) -> float:
        fid = r.carriers[shard]
        f = r.figures[fid]
        near = [e for e in r.enemies if r.board.distance(f["space"], e["space"]) <= 2]
        seen = [e for e in r.enemies if r.board.sees(f["space"], e["space"])]
        kind = fid.rsplit(".", 1)[1]
        if kind == "2":  # Automaton: ranged from here
            return 40.0 + 5.0 * len(seen) if seen and r.left(fid) >= 3 else -1.0
        if kind == "1":  # Magus: anyone anywhere
            return 35.0 if r.enemies else -1.0
        if kind == "5":  # Tyrant: other Ancients near enemies
            others = [x for x in r.friends if x["faction"] == "ancients" and x["id"] != fid]
            close = [x for x in others if r.enemy_distance(x["space"]) <= 2]
            return 30.0 + 10.0 * len(close) if close else -1.0
        return 40.0 + 5.0 * len(near) if near else -1.0

    def _carrier(self, fid: str, r: _SideReading) -> float:
        """Which Ancient carries a claimed shard: one that will live to spend it (most
        health left; a knocked-out carrier drops it), preferably one without a shard yet
        (two specials to choose from beat one twice), and not an Automaton too hurt to
        pay its X (it needs two health left to spend at all)."""
        left = r.left(fid)
        value = 2.0 * left
        if fid in r.carriers.values():
            value -= 3.0
        if fid == "ancients.2" and left < 3:
            value -= 8.0
        return value

    def _pick(self, fid: str, r: _SideReading) -> float:
        sp = r.special or {}
        if sp.get("kind") == "tyrant":
            # Always above passing (0): a pass at a pick ends the special with the rest
            # undriven. The nearest to an enemy first (distances are at most FAR).
            return 1.0 + FAR - float(r.enemy_distance(r.figures[fid]["space"]))
        # Magus: the weakest enemies first; our own fighters only to join them.
        if r.is_friend(fid):
            return 5.0 + r.attack_cards(fid)
        return 20.0 - 3.0 * r.left(fid)

    def _place(self, space: int, r: _SideReading) -> float:
        """Magus: where our attackers stand (and not onto our own thin ice)."""
        value = 0.0
        for f in r.friends:
            if f["space"] == space:
                value += 4.0 * r.attack_cards(f["id"]) + 1.0
        if space in r.board.thin_ice:
            value += 2.0
        return value

    def _wanted_x(self, r: _SideReading) -> int:
        fid = "ancients.2"
        f = r.figures[fid]
        seen = [e for e in r.enemies if r.board.sees(f["space"], e["space"])]
        # Keep at least two health so a stray hit does not knock it out.
        return max(1, min(2 * len(seen), r.left(fid) - 2))

    def _step(self, fid: str, to: int, r: _SideReading) -> float:
        here = r.figures[fid]["space"]
        before = r.enemy_distance(here)
        after = r.enemy_distance(to)
        return 3.0 * (before - after) + (2.0 if after == 0 else 0.0)

    def _hit_value(self, target: str, style: str, r: _SideReading) -> float:
        if r.is_friend(target):
            return -100.0
        left = r.left(target)
        worth = 2 if r.figures[target]["faction"] == "ancients" else 1
        value = 70.0 * worth if left <= 1 else 30.0 + 4.0 * (r.figures[target]["damage"])
        if style in ("heavy_melee", "heavy_ranged"):
            value += 6.0
        return value + self._cover_bonus(target, r)

    def _cover_bonus(self, target: str, r: _SideReading) -> float:
        """Covering a teammate: strike an enemy standing with a hurt teammate."""
        there = r.figures[target]["space"]
        hurt = [
            f
            for f in r.friends
            if f["owner"] != r.seat and f["space"] == there and r.left(f["id"]) <= 2
        ]
        return 12.0 if hurt else 0.0

    def _side_area(self, a: Area, r: _SideReading) -> float:
        value = 0.0
        for f in r.figures.values():
            if f["space"] != a.space:
                continue
            left = r.left(f["id"])
            if r.is_friend(f["id"]):
                value -= 80.0 if left <= 1 else 40.0
            else:
                value += 65.0 if left <= 1 else 22.0
        return value - r.card_cost
