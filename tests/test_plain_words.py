"""Text players read is plain English: no "unit(s)" or "win(s)" and no health as "(1/3)" in
any game's log, menus, hints, titles or views (the player-experience rule: correct grammar,
"1 card", "2 cards")."""

from __future__ import annotations

import random
import re

import pytest

from engines import registry
from engines.core.conformance import seats_for
from engines.core.replay import replay
from engines.core.words import article, count, health_left, joined, plural, win

SEATS = {"att": 3, "wildlands": 2, "awoken": 1, "wrath": 3, "war": 4, "arcadia": 2}
SEATS |= {"root": 4, "northgard": 3}
# "unit(s)", and plurals made by a blind "+s": "Allys", "Weaknesss".
HEDGED = re.compile(r"\w\(s\)|\(es\)|\w[b-df-hj-np-tv-z]ys\b|sss\b")
# Health as "(1/3)": damage taken or health left? The text says which ("2 of 3 health left").
FRACTION = re.compile(r"\(\d+/\d+")


def test_counted_nouns_and_names() -> None:
    assert count(1, "warrior") == "1 warrior"
    assert count(0, "warrior") == "0 warriors"
    assert count(2, "die", "dice") == "2 dice"
    assert [plural(w) for w in ("Ally", "Weakness", "day", "Enemy")] == [
        "Allies",
        "Weaknesses",
        "days",
        "Enemies",
    ]
    assert article("Aberration") == "an Aberration"
    assert article("shade", capital=True) == "A shade"
    assert joined(["Ann", "Bo", "Cy"]) == "Ann, Bo and Cy"
    assert win(["Ann"]) == "Ann wins"
    assert win(["Ann", "Bo"]) == "Ann and Bo win"
    assert health_left(1, 3) == "2 of 3 health left"
    assert health_left(0, 3) == "full health"


@pytest.mark.parametrize("game", sorted(SEATS))
def test_no_hedged_plurals_anywhere_a_player_looks(game: str) -> None:
    entry = registry.entry(game)
    engine, menus = entry.engine, entry.menus
    rng = random.Random(3)
    state = replay(engine, seats_for(SEATS[game]), {}, 3, [])
    texts: list[str] = []
    for _ in range(400):
        texts.append(engine.view(state, None).text)
        to_act = sorted(engine.to_act(state))
        if not to_act:
            break
        seat = rng.choice(to_act)
        texts.append(engine.view(state, seat).text)
        legal = list(engine.legal_actions(state, seat))
        for action in legal:
            texts.append(engine.describe(action, state))
            if menus is not None:
                texts.append(menus.hint(action, state) or "")
                path = menus.path(action, state)
                texts.extend(path.steps if path else ())
        result = engine.apply(state, seat, rng.choice(legal))
        texts.extend(e.text for e in result.events)
        state = result.state
    hedged = sorted({t for t in texts if HEDGED.search(t) or FRACTION.search(t)})
    assert not hedged, hedged[:5]
