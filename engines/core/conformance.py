"""The conformance checks every registered engine must pass (DESIGN.md "Tests").

``check_random_game`` plays one seeded random game and asserts, along the way, that

- the game ends within ``engine.max_decisions`` decisions and raises nothing unexpected;
- state and actions round-trip through JSON;
- an action from a seat that is not asked, or an action that is no longer legal, raises
  ``IllegalAction`` and leaves the state exactly as it was;
- every legal ``apply`` leaves the state it was given exactly as it was (engines copy the
  state, and AI search and the memo caches rely on that);
- no view shows another seat's private items;
- a re-deal of hidden information depends only on what the seat knows: re-dealing a state
  and re-dealing any re-deal of it (same seed) give the same world;
- replaying the action log from the seed rebuilds the final state exactly.

It lives in the engine package (not only in tests) so benchmarks and new engines can run it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engines.core.errors import IllegalAction
from engines.core.protocol import Engine, Seat, SeatId, parse_options
from engines.core.replay import replay
from engines.core.rng import Rng, seed_from


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def seats_for(n: int) -> list[Seat]:
    return [Seat(i, f"Player {i + 1}") for i in range(n)]


def json_strings(data: Any) -> Iterator[str]:
    """Every string (keys included) anywhere in a JSON-like tree, in no particular order
    (walked with a stack: a recursive generator per node was over a quarter of the arcadia-5
    conformance case's profile)."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, Mapping):
            for k, v in item.items():
                yield str(k)
                stack.append(v)
        elif isinstance(item, list | tuple):
            stack.extend(item)


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
        if step < check_first or (check_every and step % check_every == 0):
            check_state(engine, state, seats, action, seat, log)
        before = engine.encode_state(state) if check_purity else None
        after = engine.apply(state, seat, action).state
        if before is not None and engine.encode_state(state) != before:
            raise AssertionError(f"{engine.name}: applying {action!r} changed the state given")
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
) -> None:
    """All per-position checks, for one state and the action about to be taken."""
    encoded = canonical(engine.encode_state(state))
    again = engine.decode_state(json.loads(encoded))
    assert canonical(engine.encode_state(again)) == encoded, "state JSON round trip differs"
    enc_action = engine.encode_action(action)
    assert engine.encode_action(engine.decode_action(json.loads(canonical(enc_action)))) == (
        enc_action
    ), "action JSON round trip differs"

    asked = engine.to_act(state)
    for seat in seats:
        if seat.id not in asked:
            _expect_illegal(engine, state, seat.id, action, encoded, "a seat that is not asked")
    if log:
        old_seat, old_action = log[-1]
        still_legal: set[str] = set()
        if old_seat in asked:
            still_legal = {
                canonical(engine.encode_action(a)) for a in engine.legal_actions(state, old_seat)
            }
        if canonical(engine.encode_action(old_action)) not in still_legal:
            _expect_illegal(engine, state, old_seat, old_action, encoded, "a stale action")

    for seat in seats:
        world = canonical(engine.encode_state(engine.determinize(state, seat.id, 7)))
        other = engine.determinize(state, seat.id, 99)
        again = canonical(engine.encode_state(engine.determinize(other, seat.id, 7)))
        assert world == again, f"seat {seat.id}'s re-deal depends on hidden information"

    shown: dict[SeatId | None, set[str]] = {}  # each viewer's view, read once for all owners
    for owner in seats:
        secret = engine.private_items(state, owner.id)
        if not secret:
            continue
        for viewer in [None, *(s.id for s in seats if s.id != owner.id)]:
            if viewer not in shown:
                shown[viewer] = set(json_strings(dict(engine.view(state, viewer).data)))
            leaked = secret & shown[viewer]
            assert not leaked, f"view for {viewer} shows seat {owner.id}'s {sorted(leaked)}"


def _expect_illegal(
    engine: Engine[Any, Any], state: Any, seat: SeatId, action: Any, before: str, what: str
) -> None:
    try:
        engine.apply(state, seat, action)
    except IllegalAction as exc:
        assert str(exc).strip(), "IllegalAction needs a message a player can read"
    else:
        raise AssertionError(f"{engine.name}: {what} was accepted: {action!r}")
    assert canonical(engine.encode_state(state)) == before, f"{what} changed the state"


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
    rebuilt = replay(engine, seats_for(n_seats), options or {}, seed, result.actions)
    assert canonical(engine.encode_state(rebuilt)) == canonical(
        engine.encode_state(result.state)
    ), "replay from the seed does not rebuild the live state"
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
