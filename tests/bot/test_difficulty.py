"""AI difficulty (issue 32): a table's ``difficulty`` option and ``/game addbot
difficulty:`` set each AI seat's level; an easy AI makes random slips at its game's share
and a seeded game replays exactly; its results are rated as that level ("AI (easy)"); a
level the AI does not have is refused with a sentence and nothing changes; The Awoken keeps
its own ``difficulty`` option (the Ancients' strength)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.store import Store
from bot.tables.options import checked_options, options_text
from bot.tables.service import TableService
from engines import registry
from engines.core.ai import LookAhead, RandomPolicy
from engines.core.errors import GameError
from engines.core.levels import Slips
from engines.core.protocol import Outcome, Seat, Step, View, parse_options
from engines.core.rng import Rng

CH, GUILD, ANN = 700, 9, 1


def test_the_table_option_sets_every_ai_seat_and_addbot_one(service: TableService) -> None:
    service.new_table(CH, GUILD, ANN, "Ann", "toy", {"difficulty": "easy"}, seats=3)
    service.add_bot(CH, ANN)
    row = service.add_bot(CH, ANN, difficulty="normal")
    assert row.settings.difficulty == "easy" and row.options == {}
    assert [(s.name, s.difficulty) for s in row.seats[1:]] == [("AI 1", "easy"), ("AI 2", "normal")]


def test_a_level_the_ai_lacks_is_refused_and_nothing_changes(service: TableService) -> None:
    with pytest.raises(GameError, match="`difficulty` is `easy` or `normal`, not `hard`"):
        service.new_table(CH, GUILD, ANN, "Ann", "toy", {"difficulty": "hard"})
    service.new_table(CH, GUILD, ANN, "Ann", "toy")
    with pytest.raises(GameError, match="plays at `easy` or `normal`, not `hard`"):
        service.add_bot(CH, ANN, difficulty="hard")
    assert len(service.table(CH).seats) == 1
    with pytest.raises(GameError, match="not `hard`"):
        checked_options("toy", {"difficulty": "hard"})


def test_the_awoken_keeps_its_own_difficulty() -> None:
    assert checked_options("awoken", {"difficulty": "hard"}) == {"difficulty": "hard"}
    assert not any(
        line.startswith("• `difficulty` (default `normal`; `easy` | `normal`)")
        for line in options_text("awoken")
    )
    assert any(
        line.startswith("• `difficulty` (default `normal`; `easy` | `normal`)")
        for line in options_text("toy")
    )


def after_a_draw(seed: int) -> Rng:
    """The generator a slip-or-not draw leaves behind."""
    rng = Rng(seed)
    rng.below(1000)
    return rng


def test_an_easy_ai_slips_at_its_share_and_replays_exactly() -> None:
    """Root's easy AI: a slip is the random move, no slip the AI's own (each drawn with the
    generator the slip-or-not draw leaves); the same seed gives the same move."""
    entry = registry.entry("root")
    engine = entry.engine
    seats = (Seat(0, "P1", "ai"), Seat(1, "P2", "ai"))
    state = engine.setup(seats, parse_options(engine, {}), 3)
    easy = entry.policy("ai", "easy")
    assert isinstance(easy, Slips) and easy.share == entry.easy_share
    slips = Slips(RandomPolicy(), 1.0)
    never = Slips(entry.policy("ai"), 0.0)
    rng = random.Random(3)
    for _ in range(40):
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        assert slips.choose(engine, state, seat, Rng(7)) == RandomPolicy().choose(
            engine, state, seat, after_a_draw(7)
        )
        normal = entry.policy("ai").choose(engine, state, seat, after_a_draw(8))
        # Share 0 never slips: the AI's own move, from the same generator.
        assert never.choose(engine, state, seat, Rng(8)) == normal
        first = easy.choose(engine, state, seat, Rng(9))
        assert first == easy.choose(engine, state, seat, Rng(9)) and first in legal
        state = engine.apply(state, seat, rng.choice(legal)).state


def test_an_easy_ai_is_rated_as_its_level(service: TableService, store: Store) -> None:
    service.new_table(CH, GUILD, ANN, "Ann", "toy", {"difficulty": "easy"})
    service.add_bot(CH, ANN)
    service.start(CH, ANN)
    rng = random.Random(1)
    update = None
    for _ in range(200):
        choices = service.choices(CH, ANN)
        update = service.act(CH, ANN, rng.choice(choices).ref)
        if update.status != "active":
            break
    assert update is not None and update.status == "finished"
    names = {r.participant: r.name for r in store.leaderboard(GUILD, "toy", limit=10)}
    assert names["ai:ai:easy"] == "AI (easy)"


# The games whose hard AI is measured stronger than their normal one (README "The AI seats
# against the obvious move"); every other game offers easy and normal only.
HARD_GAMES = {"arcadia", "att", "northgard", "root", "war", "wildlands", "wrath"}


def test_hard_is_offered_only_by_the_games_measured_stronger() -> None:
    assert {g for g in registry.names() if "hard" in registry.entry(g).levels} == HARD_GAMES
    for game in HARD_GAMES:
        entry = registry.entry(game)
        hard = entry.policy("ai", "hard")
        # The game's own AI, searching further: the look-ahead over its normal policy.
        assert isinstance(hard, LookAhead)
        assert type(hard.base) is type(entry.policy("ai"))
        assert any("`easy` | `normal` | `hard`" in line for line in options_text(game))
        assert checked_options(game, {"difficulty": "hard"}) == {"difficulty": "hard"}
    assert not any("`hard`" in line for line in options_text("toy"))


def test_a_hard_table_seats_hard_ais_where_the_game_has_them(service: TableService) -> None:
    game = sorted(HARD_GAMES)[0]
    service.new_table(CH, GUILD, ANN, "Ann", game, {"difficulty": "hard"})
    row = service.add_bot(CH, ANN)
    assert row.settings.difficulty == "hard" and row.seats[-1].difficulty == "hard"
    with pytest.raises(GameError, match="plays at `easy` or `normal`, not `hard`"):
        registry.entry("toy").policy("ai", "hard")


class Race:
    """Take one or two from a pile of four; who takes the last wins. The pile is public, so
    a re-deal is the state itself."""

    title = "Race"

    def to_act(self, s: tuple[int, int]) -> frozenset[int]:
        return frozenset() if s[0] == 0 else frozenset({s[1]})

    def legal_actions(self, s: tuple[int, int], seat: int) -> list[int]:
        return [n for n in (1, 2) if n <= s[0]]

    def apply(self, s: tuple[int, int], seat: int, take: int) -> Step[tuple[int, int]]:
        return Step(state=(s[0] - take, seat if s[0] == take else 1 - seat))

    def outcome(self, s: tuple[int, int]) -> Outcome | None:
        # After the last take, the second number is the seat that took it.
        return Outcome(winners=frozenset({s[1]})) if s[0] == 0 else None

    def determinize(self, s: tuple[int, int], seat: int, rng_seed: int) -> tuple[int, int]:
        return s

    def view(self, s: tuple[int, int], viewer: int | None) -> View:
        return View(viewer=viewer, title="Race", data={"players": [{}, {}]}, text="")

    def encode_action(self, take: int) -> int:
        return take


class TakeOne:
    """The base policy: always take one."""

    def choose(self, engine: Any, state: Any, seat: int, rng: Rng) -> int:
        return 1


def test_the_look_ahead_corrects_the_base_move_only_where_the_lines_say_so() -> None:
    engine: Any = Race()
    hard = LookAhead(TakeOne(), lambda s, seat: 0.0, worlds=2, width=2, depth=10)
    # From four, taking one loses (the base plays on 1-1-1), taking two wins.
    assert hard.choose(engine, (4, 0), 0, Rng(1)) == 2
    # From three the base move already wins: it stays.
    assert hard.choose(engine, (3, 0), 0, Rng(1)) == 1
    # Cut short before the end, the lines tie at no lead: the base move stays.
    short = LookAhead(TakeOne(), lambda s, seat: 0.0, worlds=2, width=2, depth=1)
    assert short.choose(engine, (4, 0), 0, Rng(1)) == 1


class SecondSeatOnly(LookAhead):
    """A look-ahead kept to the second seat's decisions (``looks_ahead``)."""

    def looks_ahead(self, engine: Any, state: Any, seat: int) -> bool:
        return seat == 1


def test_a_decision_the_look_ahead_skips_is_the_base_policys() -> None:
    engine: Any = Race()
    hard = SecondSeatOnly(TakeOne(), lambda s, seat: 0.0, worlds=2, width=2, depth=10)
    # From four the lines would take two (above); at the skipped seat the base takes one.
    assert hard.choose(engine, (4, 0), 0, Rng(1)) == 1
    assert hard.choose(engine, (4, 1), 1, Rng(1)) == 2
