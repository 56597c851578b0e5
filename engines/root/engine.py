"""The Root engine (root.md): setup (§4), the pending-decision model (§1) and hidden hands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from engines.core.codec import ActionCodec
from engines.core.context import Ctx
from engines.core.engine_base import PydanticEngine
from engines.core.errors import BadOptions
from engines.core.protocol import Outcome, Seat, SeatId, View
from engines.core.rng import Rng, seed_from
from engines.root.actions import CODEC, Fight, Move, Pick
from engines.root.choices import options_for
from engines.root.coalition import SEATS
from engines.root.content import card, deck_ids, load_map, quest_ids
from engines.root.describe import describe_action
from engines.root.flow import advance, resolve
from engines.root.menus import menu_group
from engines.root.options import RootOptions
from engines.root.state import (
    FACTION_NAMES,
    FACTIONS,
    Alliance,
    Clearing,
    Eyrie,
    Pending,
    Player,
    State,
    Turn,
    Vagabond,
    copied,
)
from engines.root.view import build_view

ITEM_SUPPLY = {"boot": 2, "sack": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2, "coin": 2}
RUIN_ITEMS = ["sack", "boot", "hammer", "sword"]

RootAction = Pick | Move | Fight


class RootEngine(PydanticEngine[State, RootAction]):
    name: ClassVar[str] = "root"
    title: ClassVar[str] = "Root on the Wastelands"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    options_model: ClassVar[type[BaseModel]] = RootOptions
    max_decisions: ClassVar[int] = 20_000
    state_model: ClassVar[type[BaseModel]] = State
    codec: ClassVar[ActionCodec] = CODEC

    def new_game(self, seats: Sequence[Seat], options: Any, seed: int) -> State:
        opts: RootOptions = options
        n = len(seats)
        if opts.coalitions and n < SEATS:
            raise BadOptions(
                f"Coalitions are a four-player rule (the Vagabond joins the lowest-scoring of "
                f"three rivals); this table has {n} players, so leave coalitions off."
            )
        rng = Rng(seed_from(seed, "root-setup"))
        if opts.factions is not None:
            if len(opts.factions) != n or len(set(opts.factions)) != n:
                raise BadOptions("Name one different faction for each seat.")
            factions = list(opts.factions)
        else:
            factions = list(FACTIONS[:n])
            rng.shuffle(factions)
        order = [seat.id for seat in seats]
        first = rng.below(n)
        order = order[first:] + order[:first]
        players = [
            Player(seat=seat.id, faction=f, name=seat.name)
            for seat, f in zip(seats, factions, strict=True)
        ]
        deck = [c for c in deck_ids() if not (n == 2 and card(c).type == "dominance")]
        rng.shuffle(deck)
        for p in players:
            p.hand = [deck.pop() for _ in range(3)]
        rec = load_map(opts.map)
        clearings = [Clearing(id=c.id, buildings=["ruin"] if c.ruin else []) for c in rec.clearings]
        ruins = [c.id for c in rec.clearings if c.ruin]
        items = rng.shuffled(RUIN_ITEMS)
        s = State(
            options=opts,
            seats=[seat.id for seat in seats],
            order=order,
            players=players,
            clearings=clearings,
            deck=deck,
            ruin_items={str(c): it for c, it in zip(ruins, items, strict=True)},
            supply_items=dict(ITEM_SUPPLY),
            supply_water=n if opts.economy else 0,
            eyrie=Eyrie() if "eyrie" in factions else None,
            alliance=Alliance(supporters=[deck.pop() for _ in range(3)])
            if "alliance" in factions
            else None,
            vagabond=Vagabond(
                relations={f: "indifferent" for f in factions if f != "vagabond"},
                quest_deck=rng.shuffled(quest_ids()),
            )
            if "vagabond" in factions
            else None,
            turn=Turn(step="setup_e"),
            rng=rng.next_u64(),
        )
        if s.vagabond is not None:
            s.vagabond.quests = [s.vagabond.quest_deck.pop() for _ in range(3)]
        m = s.player("marquise")
        if m is not None:
            s.pending.append(Pending(seat=m.seat, kind="keep"))
        advance(s, Ctx())
        return s

    def to_act(self, s: State) -> frozenset[SeatId]:
        if s.winners:
            return frozenset()
        if s.pending:
            return frozenset({s.pending[0].seat})
        return frozenset({s.turn.active})

    def copy(self, s: State) -> State:
        return copied(s)

    def legal_actions(self, s: State, seat: SeatId) -> Sequence[RootAction]:
        return options_for(s, seat)

    def resolve(self, s: State, seat: SeatId, a: RootAction, ctx: Ctx) -> None:
        resolve(s, seat, a, ctx)

    def view(self, s: State, viewer: SeatId | None) -> View:
        return build_view(s, viewer)

    def outcome(self, s: State) -> Outcome | None:
        if not s.winners:
            return None
        scores = {p.seat: float(p.vp) for p in s.players}
        sides = {p.seat: FACTION_NAMES[p.faction] for p in s.players}
        return Outcome(frozenset(s.winners), scores, s.ended, sides)

    def describe(self, a: RootAction, s: State) -> str:
        return describe_action(a, s)

    def group(self, a: RootAction, s: State) -> str:
        return menu_group(a, s)

    def private_items(self, s: State, seat: SeatId) -> frozenset[str]:
        p = s.players[seat]
        secret = set(p.hand)
        if p.faction == "alliance" and s.alliance is not None:
            secret |= set(s.alliance.supporters)
        return frozenset(secret)

    def determinize(self, s: State, seat: SeatId, rng_seed: int) -> State:
        """Re-deal other hands, the deck and destroyed cards from what ``seat`` cannot see."""
        t = self.copy(s)
        others = [p for p in t.players if p.seat != seat]
        hide_supporters = t.alliance is not None and t.players[seat].faction != "alliance"
        supporters = t.alliance.supporters if t.alliance is not None and hide_supporters else []
        pool = sorted([*t.deck, *t.box, *supporters, *(c for p in others for c in p.hand)])
        rng = Rng(seed_from(rng_seed, seat, "determinize"))
        rng.shuffle(pool)
        for p in others:
            k = len(p.hand)
            p.hand, pool = pool[:k], pool[k:]
        if t.alliance is not None and hide_supporters:
            k = len(t.alliance.supporters)
            t.alliance.supporters, pool = pool[:k], pool[k:]
        if t.vagabond is not None:
            t.vagabond.quest_deck = rng.shuffled(sorted(t.vagabond.quest_deck))
        k = len(t.box)
        t.box, t.deck = pool[:k], pool[k:]
        t.rng = rng.next_u64()  # future dice and shuffles are unknown too
        return t
