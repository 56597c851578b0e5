"""Arcadia: The Wyld Hunt as a project engine (reference §0–§13).

One to five seats: one seat is solo play (§13.3), two the duel, three to five the
multi-player game where seat i is opposed by seat i+1 (§13.2); ``quests_each`` > 1 is epic
play (§13.4). Chronicle characters come in through the ``characters`` option.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from engines.arcadia import actions as A
from engines.arcadia import day, goals, stage
from engines.arcadia.chronicle import ChronicleCharacter, GameResult, QuestRecord, fame, game_xp
from engines.arcadia.common import NOBODY, opponent
from engines.arcadia.content import content
from engines.arcadia.describe import describe_action, group_of
from engines.arcadia.options import ArcadiaOptions
from engines.arcadia.state import (
    ArcadiaState,
    Character,
    FlawSlot,
    MeritSlot,
    Player,
)
from engines.arcadia.view import make_view
from engines.core.codec import ActionCodec
from engines.core.context import Ctx
from engines.core.engine_base import PydanticEngine
from engines.core.protocol import Outcome, Seat, SeatId, View
from engines.core.rng import Rng, seed_from


def snapshot(ch: ChronicleCharacter) -> Character:
    """A game's copy of a chronicle character: every merit and flaw face up (§13.1)."""
    return Character(
        name=ch.name,
        icon=ch.icon,
        merits=[MeritSlot(id=m) for m in ch.merits],
        flaws=[FlawSlot(id=f) for f in ch.flaws],
        court=ch.court,
        fame=fame(ch),
        xp_earned_total=ch.xp_earned_total,
        xp_unspent=ch.xp_unspent,
        built=True,
        chronicle=True,
    )


class ArcadiaEngine(PydanticEngine[ArcadiaState, Any]):
    name: ClassVar[str] = "arcadia"
    title: ClassVar[str] = "Arcadia: The Wyld Hunt"
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = 5
    options_model: ClassVar[type[BaseModel]] = ArcadiaOptions
    max_decisions: ClassVar[int] = 20000
    state_model: ClassVar[type[BaseModel]] = ArcadiaState
    codec: ClassVar[ActionCodec] = A.CODEC

    def new_game(self, seats: Sequence[Seat], options: ArcadiaOptions, seed: int) -> ArcadiaState:
        content()
        players = []
        for seat in seats:
            ch = options.characters.get(str(seat.id))
            character = snapshot(ch) if ch else Character(name=seat.name)
            players.append(Player(seat=seat.id, character=character))
        s = ArcadiaState(
            options=options,
            seed=seed,
            rng=seed_from(seed, "arcadia"),
            solo=len(seats) == 1,
            players=players,
        )
        stage.advance(s, Ctx())
        return s

    def to_act(self, s: ArcadiaState) -> frozenset[SeatId]:
        return stage.to_act(s)

    def legal_actions(self, s: ArcadiaState, seat: SeatId) -> Sequence[Any]:
        # Only the seat ``to_act`` names has moves; asked directly (before every move).
        if s.over:
            return []
        if s.phase == "day":
            return day.legal(s, seat) if day.actor(s) == seat != NOBODY else []
        return stage.legal(s, seat) if stage.actor(s) == seat != NOBODY else []

    def resolve(self, s: ArcadiaState, seat: SeatId, a: Any, ctx: Ctx) -> None:
        if s.phase == "day":
            day.resolve(s, seat, a, ctx)
        else:
            stage.resolve(s, seat, a, ctx)
        goals.check(s, ctx)
        if s.over:
            s.day = None
            s.contest = None

    def view(self, s: ArcadiaState, viewer: SeatId | None) -> View:
        return make_view(s, viewer)

    def outcome(self, s: ArcadiaState) -> Outcome | None:
        return goals.outcome(s)

    def is_over(self, s: ArcadiaState) -> bool:
        # What ``outcome`` says, without building it: asked before every move.
        return s.over

    def describe(self, a: Any, s: ArcadiaState) -> str:
        return describe_action(a, s)

    def group(self, a: Any, s: ArcadiaState) -> str:
        return group_of(a)

    def default_action(self, s: ArcadiaState, seat: SeatId) -> Any:
        """Timeouts decline (``decline_on_timeout``): pass, decline, end the Day, done;
        otherwise the first move on offer."""
        legal = self.legal_actions(s, seat)
        if not legal:
            return None
        if s.options.decline_on_timeout:
            for a in legal:
                if isinstance(a, A.Pass | A.Decline | A.EndDay | A.Done | A.Stay):
                    return a
        return legal[0]

    def private_items(self, s: ArcadiaState, seat: SeatId) -> frozenset[str]:
        """The waylays a seat holds and its league selection before the reveal, as ids
        scoped to the seat so a public card name is never mistaken for a leak."""
        p = s.players[seat]
        out: set[str] = set()
        if s.options.hidden_waylay_hand:
            out |= {f"hand:{seat}:{w}" for w in p.hand}
        if s.phase in stage.SETUP:
            out |= {f"pick:{seat}:{lid}" for lid in p.league_pick}
        return frozenset(out)

    def determinize(self, s: ArcadiaState, seat: SeatId, rng_seed: int) -> ArcadiaState:
        """Other seats' waylay hands re-dealt at random from the pool (only their size is
        public), their hidden league picks re-drawn, the solo pile reshuffled."""
        t = self.copy(s)
        rng = Rng(seed_from(rng_seed, "determinize", seat))
        c = content()
        for p in t.players:
            if p.seat == seat:
                continue
            if t.options.hidden_waylay_hand and p.hand:
                p.hand = tuple(sorted(rng.shuffled(sorted(c.waylays))[: len(p.hand)]))
            if t.phase in stage.SETUP and p.league_pick:
                picked = rng.shuffled(sorted(c.leagues))[: len(p.league_pick)]
                p.league_pick = tuple(sorted(picked))
        if t.pile:
            t.pile = rng.shuffled(sorted(t.pile))
        return t

    # -- chronicle ---------------------------------------------------------------------------

    def chronicle_results(self, s: ArcadiaState) -> dict[int, GameResult]:
        """What the finished game means for each seat's character (§13.1, §13.4)."""
        epic = s.options.quests_each > 1
        out: dict[int, GameResult] = {}
        c = content()
        for p in s.players:
            won = s.winner == p.seat
            done = [q for q in p.quests if q.complete]
            xp = game_xp([c.quests[q.id].xp for q in done], won, epic)
            records = tuple(
                QuestRecord(
                    quest=q.id,
                    name=c.quests[q.id].name,
                    completed=q.complete,
                    won=won,
                    solo=s.solo,
                    xp=c.quests[q.id].xp if q.complete and (won or epic) else 0,
                )
                for q in p.quests
            )
            out[p.seat] = GameResult(won=won, solo=s.solo, epic=epic, xp=xp, quests=records)
        return out

    def opponent_of(self, s: ArcadiaState, seat: SeatId) -> int:
        return opponent(s, seat)
