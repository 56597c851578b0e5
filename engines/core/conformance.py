"""The conformance checks every registered engine must pass (DESIGN.md "Tests").

``check_random_game`` plays one seeded random game and asserts, along the way, that

- the game ends within ``engine.max_decisions`` decisions and raises nothing unexpected;
- state and actions round-trip through JSON;
- an action from a seat that is not asked, or an action that is no longer legal, raises
  ``IllegalAction`` and leaves the state exactly as it was;
- a seat that is not asked, and every seat once the game is over, is offered no moves
  (``PydanticEngine.apply`` takes a move just offered as made in turn before the end);
- every legal ``apply`` leaves the state it was given exactly as it was (engines copy the
  state, and AI search and the memo caches rely on that), and so do the views, re-deals
  and move lists the checks ask of a position;
- no view shows another seat's private items;
- a re-deal of hidden information depends only on what the seat knows: re-dealing a state
  and re-dealing any re-deal of it (same seed) give the same world;
- replaying the action log from the seed rebuilds the final state exactly.

It lives in the engine package (not only in tests) so benchmarks and new engines can run it.
What a position costs to work out (its encoding, the actor's moves) is worked out once and
shared by its checks.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from pydantic_core import to_json

from engines.core.errors import IllegalAction
from engines.core.protocol import Engine, Seat, SeatId, parse_options
from engines.core.replay import replay
from engines.core.rng import Rng, seed_from

# Built once: ``json.dumps`` builds an encoder per call. Encoded states are trees, never
# circular, so the encoder need not track what it is inside.
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), check_circular=False)
# pydantic's serializer writes JSON in native code, in the tree's own key order, several
# times faster than the canonical form; NaN stays NaN as in ``json``.
_text = partial(to_json, inf_nan_mode="constants")


# JSON values that hold no string.
_NO_STRINGS = frozenset({int, float, bool, type(None)})


def canonical(data: Any) -> str:
    return _CANONICAL.encode(data)


def same_json(a: Any, b: Any) -> bool:
    """Whether two JSON trees with string keys (encoded states) are equal, key order aside:
    ``canonical(a) == canonical(b)``. Trees written the same in their own key order are
    equal; nearly every pair the checks compare is (a state before and after a refused move,
    two re-deals by the same code), so only the others are sorted to compare."""
    return _text(a) == _text(b) or canonical(a) == canonical(b)


@dataclass(frozen=True)
class Encoded:
    """A state's encoding at one position, kept to prove later that the state is unchanged
    (``same_json`` with the texts of the kept side worked out once)."""

    canonical: str
    text: bytes

    @classmethod
    def of(cls, data: Any) -> Encoded:
        return cls(canonical(data), _text(data))

    def same(self, data: Any) -> bool:
        return _text(data) == self.text or canonical(data) == self.canonical


def seats_for(n: int) -> list[Seat]:
    return [Seat(i, f"Player {i + 1}") for i in range(n)]


def json_strings(data: Any) -> set[str]:
    """Every string (keys included) anywhere in a JSON-like tree (walked with a stack: a
    recursive generator per node was over a quarter of the arcadia-5 conformance case's
    profile). Plain dicts, lists, strings and numbers, nearly all of a view, are told by
    their exact type: an ``isinstance`` test against ``Mapping`` for every number cost as
    much as the rest of the walk."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str:
            found.add(item)
        elif kind is dict:
            found.update(map(str, item))
            stack.extend(item.values())
        elif kind is list or kind is tuple:
            stack.extend(item)
        elif kind in _NO_STRINGS:
            continue
        elif isinstance(item, str):
            found.add(item)
        elif isinstance(item, Mapping):
            found.update(map(str, item))
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


@dataclass
class Playout:
    state: Any
    actions: list[tuple[SeatId, Any]]
    finished: bool


def random_playout(
    engine: Engine[Any, Any],
    n_seats: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    check_every: int = 0,
    check_first: int = 0,
    check_purity: bool = False,
) -> Playout:
    """Play random legal actions until the game ends; run the per-step checks on each of the
    first ``check_first`` decisions and then every ``check_every`` decisions (0: never), and
    with ``check_purity`` prove that every ``apply`` left its input untouched."""
    seats = seats_for(n_seats)
    state = engine.setup(seats, parse_options(engine, options), seed)
    rng = Rng(seed_from(seed, "playout"))
    log: list[tuple[SeatId, Any]] = []
    for step in range(engine.max_decisions):
        asked = sorted(engine.to_act(state))
        if not asked or engine.outcome(state) is not None:
            return Playout(state, log, True)
        seat = rng.choice(asked)
        legal = list(engine.legal_actions(state, seat))
        assert legal, f"{engine.name}: seat {seat} is asked to act but has no legal action"
        action = rng.choice(legal)
        checked = step < check_first or bool(check_every and step % check_every == 0)
        # One encoding serves the position's checks and the proof that ``apply`` left the
        # state alone; taken before the checks, it also catches a query that changed it.
        before = engine.encode_state(state) if check_purity or checked else None
        if checked:
            check_state(engine, state, seats, action, seat, log, legal, before)
        after = engine.apply(state, seat, action).state
        if check_purity and engine.encode_state(state) != before:
            what = "the checks of this position or applying" if checked else "applying"
            raise AssertionError(f"{engine.name}: {what} {action!r} changed the state given")
        state = after
        log.append((seat, action))
    return Playout(state, log, False)


def check_state(
    engine: Engine[Any, Any],
    state: Any,
    seats: list[Seat],
    action: Any,
    actor: SeatId,
    log: list[tuple[SeatId, Any]],
    legal: Sequence[Any],
    encoded_state: Any,
) -> None:
    """All per-position checks, for one state and the action about to be taken. ``legal``
    (what ``actor`` is offered) and ``encoded_state`` (the state encoded) are the caller's,
    worked out once for the position."""
    encoded = Encoded.of(encoded_state)
    again = engine.decode_state(json.loads(encoded.canonical))
    # Read back from the sorted text, as a store that orders keys its own way would give it.
    assert canonical(engine.encode_state(again)) == encoded.canonical, (
        "state JSON round trip differs"
    )
    enc_action = engine.encode_action(action)
    assert engine.encode_action(engine.decode_action(json.loads(canonical(enc_action)))) == (
        enc_action
    ), "action JSON round trip differs"

    asked = engine.to_act(state)
    for seat in seats:
        if seat.id not in asked:
            assert not engine.legal_actions(state, seat.id), (
                f"{engine.name}: seat {seat.id} is offered moves but is not asked"
            )
            _expect_illegal(engine, state, seat.id, action, encoded, "a seat that is not asked")
    if log:
        old_seat, old_action = log[-1]
        still_legal: set[str] = set()
        if old_seat in asked:
            offered = legal if old_seat == actor else engine.legal_actions(state, old_seat)
            still_legal = {canonical(engine.encode_action(a)) for a in offered}
        if canonical(engine.encode_action(old_action)) not in still_legal:
            _expect_illegal(engine, state, old_seat, old_action, encoded, "a stale action")

    for seat in seats:
        world = engine.encode_state(engine.determinize(state, seat.id, 7))
        other = engine.determinize(state, seat.id, 99)
        again = engine.encode_state(engine.determinize(other, seat.id, 7))
        assert same_json(world, again), f"seat {seat.id}'s re-deal depends on hidden information"

    shown: dict[SeatId | None, set[str]] = {}  # each viewer's view, read once for all owners
    for owner in seats:
        secret = engine.private_items(state, owner.id)
        if not secret:
            continue
        for viewer in [None, *(s.id for s in seats if s.id != owner.id)]:
            if viewer not in shown:
                shown[viewer] = json_strings(engine.view(state, viewer).data)
            leaked = secret & shown[viewer]
            assert not leaked, f"view for {viewer} shows seat {owner.id}'s {sorted(leaked)}"


def _expect_illegal(
    engine: Engine[Any, Any], state: Any, seat: SeatId, action: Any, before: Encoded, what: str
) -> None:
    try:
        engine.apply(state, seat, action)
    except IllegalAction as exc:
        assert str(exc).strip(), "IllegalAction needs a message a player can read"
    else:
        raise AssertionError(f"{engine.name}: {what} was accepted: {action!r}")
    assert before.same(engine.encode_state(state)), f"{what} changed the state"


def check_random_game(
    engine: Engine[Any, Any], n_seats: int, seed: int, options: Mapping[str, Any] | None = None
) -> Playout:
    """One full conformance game; returns the playout for further assertions."""
    # Every early position (setup and first turns, where most slips show), then a sample:
    # long games (Wildlands runs near a thousand decisions) stay quick to check.
    result = random_playout(
        engine, n_seats, seed, options, check_every=29, check_first=14, check_purity=True
    )
    assert result.finished, (
        f"{engine.name}: seed {seed} did not end within {engine.max_decisions} decisions"
    )
    assert engine.outcome(result.state) is not None, "finished game has no outcome"
    assert not engine.to_act(result.state), "finished game still asks someone to act"
    for seat in range(n_seats):
        assert not engine.legal_actions(result.state, seat), (
            f"{engine.name}: seat {seat} is offered moves in a finished game"
        )
    rebuilt = replay(engine, seats_for(n_seats), options or {}, seed, result.actions)
    assert same_json(engine.encode_state(rebuilt), engine.encode_state(result.state)), (
        "replay from the seed does not rebuild the live state"
    )
    return result


def check_random_games(
    engine: Engine[Any, Any],
    n_seats: int,
    decisions: int,
    options: Mapping[str, Any] | None = None,
    max_games: int = 50,
    min_games: int = 2,
) -> int:
    """Conformance games from seed 0 up until they have made ``decisions`` decisions (at
    least ``min_games``, at most ``max_games`` games); returns how many were played.

    Sizing by decisions rather than games gives each case about the same cost and matches
    what the checks find: long games (Wildlands, several hundred decisions) reach everything
    random play reaches within a few games, while short ones (ATT, the Awoken) keep meeting
    rare card and monster interactions for dozens of games."""
    made = games = 0
    while games < min_games or (made < decisions and games < max_games):
        made += len(check_random_game(engine, n_seats, games, options).actions)
        games += 1
    return games
