"""Root AI seats (issue 13 "AI seats"): legal play through seeded games, and fairness: the
AI decides from its own seat's view only, so re-dealing what it cannot see (other hands, the
Alliance's supporters, the deck, the box, the quest deck's order, the future dice) never
changes its choice."""

from __future__ import annotations

import pytest

from engines.core.ai import RandomPolicy
from engines.core.protocol import Seat
from engines.core.rng import Rng, seed_from
from engines.root.ai import RootAI
from engines.root.engine import RootEngine
from engines.root.options import RootOptions
from engines.root.state import State

E = RootEngine()
AI = RootAI()


def rehide(s: State, seat: int, seed: int) -> State:
    """The same position seen from ``seat``, with everything hidden from it dealt again."""
    t = E.copy(s)
    rng = Rng(seed)
    others = [p for p in t.players if p.seat != seat]
    hide = t.alliance is not None and t.players[seat].faction != "alliance"
    supporters = t.alliance.supporters if t.alliance is not None and hide else []
    pool = rng.shuffled([*t.deck, *t.box, *supporters, *(c for p in others for c in p.hand)])
    for p in others:
        k = len(p.hand)
        p.hand, pool = pool[:k], pool[k:]
    if t.alliance is not None and hide:
        k = len(t.alliance.supporters)
        t.alliance.supporters, pool = pool[:k], pool[k:]
    if t.vagabond is not None:
        t.vagabond.quest_deck = rng.shuffled(t.vagabond.quest_deck)
    k = len(t.box)
    t.box, t.deck = pool[:k], pool[k:]
    t.rng = rng.next_u64()
    return t


@pytest.mark.parametrize(
    ("factions", "game_map"),
    [
        (["marquise", "alliance"], "wastelands"),
        (["eyrie", "vagabond"], "autumn"),
        (["vagabond", "marquise", "eyrie", "alliance"], "wastelands"),
    ],
)
def test_ai_choice_does_not_depend_on_hidden_information(
    factions: list[str], game_map: str
) -> None:
    s = E.setup(
        [Seat(i, f"P{i}") for i in range(len(factions))],
        RootOptions(map=game_map, factions=factions),
        31,
    )
    rnd, rng = RandomPolicy(), Rng(seed_from(31, "fair"))
    checked = 0
    for step in range(400):
        if E.outcome(s) is not None:
            break
        seat = min(E.to_act(s))
        if step % 5 == 0 and len(E.legal_actions(s, seat)) > 1:
            mine = AI.choose(E, s, seat, Rng(step))
            for k in range(2):
                assert AI.choose(E, rehide(s, seat, 1000 * step + k), seat, Rng(step)) == mine
            checked += 1
        s = E.apply(s, seat, rnd.choose(E, s, seat, rng)).state
    assert checked >= 10


@pytest.mark.parametrize("game_map", ["wastelands", "autumn"])
def test_ai_seats_play_a_whole_game_legally(game_map: str) -> None:
    factions = ["marquise", "eyrie", "alliance", "vagabond"]
    s = E.setup(
        [Seat(i, f"P{i}") for i in range(4)], RootOptions(map=game_map, factions=factions), 5
    )
    rng = Rng(seed_from(5, "ai-game"))
    for _ in range(E.max_decisions):
        if E.outcome(s) is not None:
            break
        seat = min(E.to_act(s))
        a = AI.choose(E, s, seat, rng)
        assert a in E.legal_actions(s, seat)
        s = E.apply(s, seat, a).state
    assert E.outcome(s) is not None
