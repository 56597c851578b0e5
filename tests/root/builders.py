"""Test positions for Root: a set-up game with the board cleared, pieces placed by hand,
dice chosen by picking the generator's position, and a driver that applies picks by name."""

from __future__ import annotations

from typing import Any

from engines.core.context import Ctx
from engines.core.protocol import Seat
from engines.core.rng import Rng
from engines.root import flow
from engines.root.actions import Fight, Move, Pick
from engines.root.engine import RootEngine
from engines.root.flow import advance
from engines.root.options import RootOptions
from engines.root.state import TOKENS, Player, State, Turn

E = RootEngine()


def game(seed: int = 0, seats: int = 2, **options: Any) -> State:
    """A game after setup (keep and buildings at the first offered spots)."""
    s = E.setup([Seat(i, "ABCD"[i]) for i in range(seats)], RootOptions(**options), seed)
    while s.pending and s.pending[0].kind in (
        "keep",
        "setup_build",
        "leader",
        "character",
        "forest",
    ):
        seat = next(iter(E.to_act(s)))
        s = E.apply(s, seat, E.legal_actions(s, seat)[0]).state
    return s


def blank(seed: int = 0, seats: int = 2, **options: Any) -> State:
    """A set-up game with every warrior, building and token taken off (ruins stay)."""
    s = game(seed, seats, **options)
    for c in s.clearings:
        c.warriors = {}
        c.buildings = [b for b in c.buildings if b == "ruin"]
        c.tokens = []
    s.keep = 0
    for p in s.players:
        p.hand = []
    if s.alliance is not None:
        s.alliance.supporters = []
    return s


def who(s: State, faction: str) -> Player:
    p = s.player(faction)
    assert p is not None
    return p


def put(s: State, cid: int, m: int = 0, e: int = 0, *pieces: str, a: int = 0) -> None:
    c = s.clearing(cid)
    for faction, n in (("marquise", m), ("eyrie", e), ("alliance", a)):
        if n:
            c.warriors[faction] = n
    for x in pieces:
        if x in TOKENS:
            c.tokens.append(x)
            if x == "keep":
                s.keep = cid
        else:
            c.buildings.append(x)


def turn_of(s: State, faction: str, step: str, **kw: Any) -> None:
    p = who(s, faction)
    phase = kw.pop("phase", "daylight")
    s.turn = Turn(active=p.seat, phase=phase, step=step, **kw)


def leader(s: State, name: str) -> None:
    assert s.eyrie is not None
    s.eyrie.leader = name


def run(s: State) -> None:
    """Let the automatic steps run (as ``apply`` does after every decision)."""
    advance(s, Ctx())


def dice(s: State, hi: int, lo: int) -> None:
    """Set the generator so the next battle roll shows ``hi`` and ``lo``."""
    for k in range(1, 10_000):
        r = Rng(k)
        got = sorted([r.below(4), r.below(4)], reverse=True)
        if got == [hi, lo]:
            s.rng = k
            return
    raise AssertionError("no such roll")


def act(s: State, a: Pick | Move | Fight) -> State:
    seat = next(iter(E.to_act(s)))
    return E.apply(s, seat, a).state


def act_alone(s: State, a: Pick | Move | Fight) -> State:
    """``act`` without taking the single answers that follow for their seats (flow.advance):
    to look at a step the game would pass over."""
    t = E.copy(s)
    seat = next(iter(E.to_act(t)))
    assert a in E.legal_actions(t, seat)
    flow.take(t, seat, a, Ctx())
    flow.run_steps(t, Ctx())
    return t


def pick(s: State, what: str, **kw: Any) -> State:
    return act(s, Pick(what=what, **kw))


def legal(s: State) -> list[Pick | Move | Fight]:
    seat = next(iter(E.to_act(s)))
    return list(E.legal_actions(s, seat))


def whats(s: State) -> set[str]:
    return {a.what for a in legal(s) if isinstance(a, Pick)}


def water_total(s: State) -> int:
    return s.supply_water + sum(p.water for p in s.players)
