"""Fewer taps (issue 29): a person's decision with one possible answer that changes nothing
they would choose is taken for them by the table, stored as their seat's move and said in
words; a decision the game must always ask (a reaction, a timed window, a single answer that
would tell the table what the seat holds) is still put to them, and an undo takes a move
taken for someone back with the move that led to it.

Every game but Root is played through the table service by people who pick at random (the
pick drawn from the seed and the number of moves so far, so a seeded game always goes the
same way) until the position each test needs comes up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.store import LogRow
from bot.tables.core import ONLY_ANSWER, STANDING_ORDERS, single_answer
from bot.tables.service import TableService
from bot.tables.undo import taken_back
from bot.tables.updates import Choice, Update
from engines import registry
from engines.core.errors import GameError
from engines.core.protocol import Seat, parse_options
from engines.core.rng import Rng, seed_from
from tests.conftest import FakeClock
from tests.support.plain_english import problems

CH = 400
NAMES = ("Ann", "Bob", "Cat", "Dan")
# Most moves a test plays before the position it needs must have come up.
CAP = 400


def answers(service: TableService, user: int) -> list[Choice]:
    """What ``user`` may answer now (standing orders are settings, not answers)."""
    return [c for c in service.choices(CH, user) if c.group != STANDING_ORDERS]


def new_game(store: Any, clock: FakeClock, game: str, seats: int, seed: int) -> TableService:
    service = TableService(store, clock=clock, seed_source=lambda: seed)
    service.new_table(CH, 9, 1, NAMES[0], game, seats=seats)
    for user in range(2, seats + 1):
        service.join(CH, user, NAMES[user - 1])
    service.start(CH, 1)
    return service


def pick(service: TableService, seed: int) -> tuple[int, Update]:
    """The first person the game waits for answers at random; who it was and the update."""
    row = service.table(CH)
    user = service.waiting(CH)[0].user_id
    assert user is not None
    choice = Rng(seed_from(seed, row.seq)).choice(answers(service, user))
    return user, service.act(CH, user, choice.ref)


def state_of(service: TableService) -> Any:
    row = service.table(CH)
    return registry.get(row.game).decode_state(row.state)


def play_until(service: TableService, seed: int, found: Callable[[], bool]) -> None:
    for _ in range(CAP):
        if found():
            return
        pick(service, seed)
    pytest.fail(f"the position did not come up in {CAP} moves")


def only_answers(moves: list[LogRow]) -> list[LogRow]:
    return [m for m in moves if any(e["kind"] == ONLY_ANSWER for e in m.events)]


def hidden_kept(engine: Any, state: Any, moves: list[LogRow]) -> list[Any] | None:
    """The state before each of ``moves`` and after the last, or None when one of them
    revealed something (dice, a card: it can never be taken back)."""
    states = [state]
    for move in moves:
        step = engine.apply(states[-1], move.mover, engine.decode_action(move.action))
        if step.reveals:
            return None
        states.append(step.state)
    return states


# (game, seats, seed): a game in which, early on, a person's own move is followed by moves
# that were their only answers, none of which revealed anything.
TAKEN = [
    ("att", 2, 3),
    ("wildlands", 2, 3),
    ("awoken", 2, 1),
    ("wrath", 3, 6),
    ("war", 4, 5),
    ("arcadia", 2, 3),
    ("northgard", 2, 1),
]


@pytest.mark.parametrize(("game", "seats", "seed"), TAKEN)
def test_an_only_answer_is_taken_said_and_undone_with_the_move_before_it(
    store: Any, clock: FakeClock, game: str, seats: int, seed: int
) -> None:
    service = new_game(store, clock, game, seats, seed)
    engine = registry.get(game)
    game_id = service.table(CH).id
    for _ in range(CAP):
        before = service.table(CH)
        user, update = pick(service, seed)
        moves = service.store.effective_actions(game_id)[before.seq :]
        seat = moves[0].mover
        taken = only_answers(moves)
        if len(moves) > 1 and taken == moves[1:] and {m.seat for m in taken} == {seat}:
            states = hidden_kept(engine, engine.decode_state(before.state), moves)
            if states is not None:
                break
    else:
        pytest.fail(f"no move of a person's own led to their only answer in {CAP} moves")

    # Each move taken is stored as the seat's, in its player's name, and said in words.
    name = NAMES[user - 1]
    for move, state in zip(moves[1:], states[1:-1], strict=True):
        assert (move.seat, move.user_id) == (seat, user)
        label = engine.describe(engine.decode_action(move.action), state)
        said = f'{name}: "{label}" (the only move).'
        assert said in update.lines
        assert problems(said, NAMES) == []
        assert move.events[0] == {"text": said, "to": None, "kind": ONLY_ANSWER}
    # The game stops where nobody has a single answer left to take for them.
    assert single_answer(game, state_of(service), 0) is None

    # The undo takes back the person's own move and the moves taken for them after it.
    chosen = engine.describe(engine.decode_action(moves[0].action), states[0])
    undone = service.undo(CH, user)
    row = service.table(CH)
    assert row.state == before.state
    assert len(service.store.effective_actions(game_id)) == before.seq
    assert undone.lines[0].startswith(f"{name} takes back: {chosen}, then ")
    assert undone.lines[0].count("(the only move)") == len(moves) - 1
    assert problems(undone.lines[0], NAMES) == []
    assert user in {w.user_id for w in undone.waiting}


@pytest.mark.parametrize(("game", "seats", "seed"), TAKEN)
def test_no_answer_taken_for_a_player_tells_another_what_they_cannot_see(
    game: str, seats: int, seed: int
) -> None:
    """Whether a decision has one answer the table takes is the same in every re-deal of
    what another seat cannot see (``determinize``: hands, decks, secret picks), so taking
    it at once tells them nothing. Played on the engine alone, the table's rule applied."""
    engine = registry.get(game)
    state = engine.setup([Seat(k, NAMES[k]) for k in range(seats)], parse_options(engine, {}), seed)
    taken = 0
    for n in range(CAP):
        if engine.outcome(state) is not None:
            break
        only = single_answer(game, state, n)
        if only is None:
            seat = min(engine.to_act(state))
            legal = engine.legal_actions(state, seat)
            action = Rng(seed_from(seed, n)).choice(
                [a for a in legal if engine.group(a, state) != STANDING_ORDERS]
            )
        else:
            seat, action = only
            taken += 1
            for viewer in set(range(seats)) - {seat}:
                for k in range(3):
                    world = engine.determinize(state, viewer, seed_from(seed, n, viewer, k))
                    again = single_answer(game, world, n)
                    assert again is not None, (n, engine.describe(action, state), viewer)
                    assert again[0] == seat
                    assert engine.encode_action(again[1]) == engine.encode_action(action)
        state = engine.apply(state, seat, action).state
    assert taken


@pytest.mark.parametrize(
    ("game", "seats", "seed", "only"),
    [
        # The Encounter while the seat holds Feat cards: "roll" alone would tell the table
        # that none of them can be played.
        ("att", 2, 3, "Roll the dice"),
        # An interrupt window (a quick prompt) and a defence: answered with the hand.
        ("wildlands", 2, 2, "Pass"),
        ("awoken", 2, 3, "Take the hit on Lunk"),
        ("wrath", 3, 6, "Pass"),
        # The start cards, chosen in secret.
        ("war", 4, 1, "Lunk starts in space 6"),
        # The waylays selected into a hidden hand.
        ("arcadia", 2, 3, "Done selecting"),
        # A lightning play down to one card: the rest of the hand cannot be played.
        ("northgard", 2, 3, "play Builder's Oath (⚡)"),
    ],
)
def test_a_decision_the_game_must_ask_is_asked_with_one_answer(
    store: Any, clock: FakeClock, game: str, seats: int, seed: int, only: str
) -> None:
    service = new_game(store, clock, game, seats, seed)
    entry = registry.entry(game)

    def single() -> bool:
        return any(
            w.user_id is not None and len(answers(service, w.user_id)) == 1
            for w in service.waiting(CH)
        )

    play_until(service, seed, single)
    (asked,) = [w for w in service.waiting(CH) if len(answers(service, w.user_id or 0)) == 1]
    assert asked.user_id is not None
    assert entry.must_ask is not None and entry.must_ask(state_of(service), asked.seat)
    assert [c.label for c in answers(service, asked.user_id)] == [only]
    # Asked like any decision: answered by hand, stored as the person's own choice.
    game_id = service.table(CH).id
    seq = service.table(CH).seq
    service.act(CH, asked.user_id, answers(service, asked.user_id)[0].ref)
    mine = service.store.effective_actions(game_id)[seq]
    assert (mine.user_id, only_answers([mine])) == (asked.user_id, [])


def test_a_move_taken_after_another_players_move_goes_back_with_it_for_them(
    store: Any, clock: FakeClock
) -> None:
    """The Awoken's collective turn: Bob's move leaves Ann only "done"; Ann cannot take back
    Bob's move under the table's "mover" rule, Bob takes back both."""
    seed = 2
    service = new_game(store, clock, "awoken", 2, seed)
    game_id = service.table(CH).id
    for _ in range(CAP):
        before = service.table(CH)
        user, update = pick(service, seed)
        moves = service.store.effective_actions(game_id)[before.seq :]
        if user == 2 and len(moves) == 2 and [m.seat for m in only_answers(moves)] == [0]:
            break
    else:
        pytest.fail(f"Bob's move never left Ann a single answer in {CAP} moves")
    assert any(line.startswith('Ann: "Done for this turn') for line in update.lines)
    with pytest.raises(GameError, match="only your own last move"):
        service.undo(CH, 1)
    undone = service.undo(CH, 2)
    assert service.table(CH).state == before.state
    assert undone.lines[0].startswith("Bob takes back: ")
    assert undone.lines[0].endswith(
        ', then "Done for this turn (the Ancients act when every player is done)" (the only move).'
    )


def test_root_takes_its_own_single_answers_and_the_table_none(store: Any, clock: FakeClock) -> None:
    """Root's engine takes a single answer itself and never one of its secret windows; the
    table, asking every Root decision, never adds its own."""
    assert registry.entry("root").must_ask is None
    seed = 1
    service = new_game(store, clock, "root", 2, seed)
    said = []
    for _ in range(60):
        said += [line for line in pick(service, seed)[1].lines if "(the only move)" in line]
    assert said  # the engine's own words
    moves = service.store.effective_actions(service.table(CH).id)
    assert only_answers(moves) == []


def row(seq: int, seat: int, only: bool) -> LogRow:
    events = [{"text": "", "to": None, "kind": ONLY_ANSWER}] if only else []
    return LogRow(seq, seat, 1, "act", {}, events, 0.0)


def test_what_an_undo_takes_back() -> None:
    chosen, taken = row(1, 0, False), row(2, 0, True)
    assert taken_back([chosen]) == [chosen]
    assert taken_back([chosen, taken]) == [chosen, taken]
    other = row(3, 1, False)
    assert taken_back([chosen, taken, other]) == [other]
    # Nothing anyone chose stands before moves that were all single answers.
    assert taken_back([taken, row(4, 1, True)]) is None
