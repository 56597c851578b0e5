"""Recorded games replay to the same states (issue 33): each file of ``tests/recorded``
(written by ``python -m tools.record_games``) holds seeded games of one title, every move as
stored and a digest of the state every few moves; replaying the moves must give the same
digests. A change meant only to make an engine faster never changes one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines import registry
from engines.core.protocol import Seat, parse_options
from tools.record_games import OUT, digest, titles

FILES = sorted(OUT.glob("*.json"))


def test_every_title_has_recorded_games() -> None:
    assert {f.stem for f in FILES} == set(titles())


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_the_recorded_games_replay_to_the_same_states(path: Path) -> None:
    for game in json.loads(path.read_text()):
        engine = registry.get(game["game"])
        seats = tuple(Seat(i, name, kind) for i, name, kind in game["seats"])
        state = engine.setup(seats, parse_options(engine, game["options"]), game["seed"])
        assert digest(engine, state) == game["digests"]["0"]
        for n, (seat, action) in enumerate(game["moves"], 1):
            state = engine.apply(state, seat, engine.decode_action(action)).state
            expected = game["digests"].get(str(n))
            if expected is not None:
                assert digest(engine, state) == expected, (
                    f"{game['game']} seed {game['seed']}: the state after move {n} differs"
                )
