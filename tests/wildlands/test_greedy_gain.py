"""The Wildlands family's greedy baseline (issue 32, ``engines.wildlands.greedy_gain``): the
obvious move, a claim, a knock-out, a step toward a shard, and a team's points."""

from __future__ import annotations

from typing import Any

from engines import registry
from engines.core.clone import clone
from engines.core.conformance import seats_for
from engines.core.levels import Slips
from engines.core.protocol import parse_options
from engines.core.rng import Rng
from engines.wildlands.actions import Attack, Claim, Move
from engines.wildlands.board import load_board
from engines.wildlands.greedy_gain import wildlands_gain
from engines.wildlands.state import State

from .builder import ENGINE, Position


def greedy(s: State, seat: int = 0, game: str = "wildlands") -> Any:
    return registry.entry(game).policy("greedy").choose(ENGINE, s, seat, Rng(1))


def test_every_game_of_the_family_but_the_awoken_judges_by_it() -> None:
    for game in ("wildlands", "wrath", "war"):
        assert registry.entry(game).gain is wildlands_gain
    assert registry.entry("awoken").gain is None


def test_it_takes_the_shard_it_can_reach() -> None:
    p = Position().place("mages.1", 4).place("gnomads.1", 30).shard(0, 4)
    s = p.hand(0, "mages.01", "mages.02", "mages.03").state()
    assert isinstance(greedy(s), Claim)


def test_it_knocks_out_the_enemy_it_can() -> None:
    p = Position().place("mages.1", 4).place("gnomads.4", 6, damage=1).place("gnomads.3", 5)
    a = greedy(p.hand(0, "mages.01", "mages.03").state())
    assert isinstance(a, Attack) and a.target == "gnomads.4"


def test_it_walks_toward_the_nearest_shard_it_may_claim() -> None:
    board = load_board(Position().state().board)
    far = next(x for x in board.spaces() if board.distance(4, x) == 3)
    p = Position().place("mages.1", 4).shard(0, far).shard(1, 5)
    for n in range(2, 6):
        p.knock_out(f"mages.{n}")  # nothing else to reveal
    a = greedy(p.hand(0, "mages.01").state())
    # The other colour's shard next door is not its to claim.
    assert isinstance(a, Move) and board.distance(a.to, far) == 2


def test_a_war_team_shares_its_points() -> None:
    engine = registry.entry("war").engine
    s = engine.setup(seats_for(4), parse_options(engine, {}), 3)
    mate = next(p.seat for p in s.seats[1:] if p.side == s.seats[0].side)
    rival = next(p.seat for p in s.seats if p.side != s.seats[0].side)
    before = wildlands_gain(s, 0)
    scored = clone(s)
    scored.update_seat(mate, score=2)
    assert wildlands_gain(scored, 0) == before + 200.0
    assert wildlands_gain(scored, rival) < wildlands_gain(s, rival)


def test_the_easy_ai_slips_at_the_share_tuned_against_it() -> None:
    """Easy is tuned into 30-50% against this baseline (README): the AI with slips on these
    shares of its moves."""
    shares = {"wildlands": 0.45, "wrath": 0.38, "war": 0.4}
    for game, share in shares.items():
        easy = registry.entry(game).policy("ai", "easy")
        assert isinstance(easy, Slips) and easy.share == share
