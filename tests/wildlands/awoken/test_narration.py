"""Plain narration (issue 10; wildlands.md §10): one full solo game per scenario, played by
the AI, and no internal code in any event a player is shown, in the text of any view, or
in any menu label; articles and plurals agree with their nouns."""

from __future__ import annotations

import re

import pytest

from engines.core.conformance import seats_for
from engines.core.context import Ctx
from engines.core.protocol import parse_options
from engines.core.rng import Rng
from engines.core.words import article, count
from engines.wildlands.awoken.ai import AwokenAI
from engines.wildlands.awoken.codes import Movement, Strike, SummonMinion
from engines.wildlands.awoken.narrate import actions, effect
from engines.wildlands.awoken.summon import summon

from .builder import ENGINE, Table

CODES = [
    re.compile(p)
    for p in (
        r"\beffect [A-Za-z]",
        r"\badv\b",
        r"\bS:[a-z]",
        r"step \d+: [A-Z-]\b",
        r"\breaction (none|parry|shield|cover|all)\b",
        r"\b(mv|rep|mel|hmel|rng|hrng|haunt_step)\b",
        r"\(s\)",
        r"\b[Aa] [AEIOU]",
        r"\b1 (points|cards|crystals|rounds|spaces)\b",
        r"\b(minion|ancient|object|treasure)\.[a-z0-9]",
        r"\b[a-z]+_[a-z_]+\b",
        r"\b[a-z]+\.\d+\b",
    )
]


def _codes_in(text: str) -> list[str]:
    return [m.group(0) for p in CODES for m in p.finditer(text)]


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_a_whole_ai_game_speaks_plain_words(scenario: int) -> None:
    options = parse_options(ENGINE, {"scenarios": [scenario]})
    s = ENGINE.setup(seats_for(1), options, scenario)
    ai, rng = AwokenAI(), Rng(scenario)
    seen: list[str] = []
    for _ in range(ENGINE.max_decisions):
        if ENGINE.outcome(s) is not None:
            break
        seat = min(ENGINE.to_act(s))
        for viewer in (None, seat):
            seen.append(ENGINE.view(s, viewer).text)
        legal = ENGINE.legal_actions(s, seat)
        seen += [ENGINE.describe(a, s) for a in legal]
        done = ENGINE.apply(s, seat, ai.choose(ENGINE, s, seat, rng))
        seen += [e.text for e in done.events]
        s = done.state
    assert ENGINE.outcome(s) is not None
    seen.append(ENGINE.view(s, None).text)
    found = sorted({(code, text) for text in seen for code in _codes_in(text)})
    assert found == []


def test_words_for_codes() -> None:
    assert article("Aberration") == "an Aberration" and article("Shade") == "a Shade"
    assert article("Aberration", capital=True) == "An Aberration"
    assert count(1, "crystal") == "1 crystal" and count(2, "card") == "2 cards"
    assert actions("each Tempest", (Movement(kind="fly"), Strike(kind="rng"))) == (
        "each Tempest flies, then makes a ranged attack"
    )
    assert effect(3, SummonMinion(mtype="aberrations")) == "summon an Aberration"


def test_a_summon_names_the_minion_with_its_capital() -> None:
    t = Table(scenarios=[3])
    ctx = Ctx()
    summon(t.state(), "aberrations", ctx, into=12)
    (line,) = [e.text for e in ctx.events]
    assert line.startswith("An Aberration (health ") and line.endswith("in space 12.")


@pytest.mark.parametrize("board", ["dungeon", "ruins"])
def test_the_view_names_the_board_not_its_id(board: str) -> None:
    options = parse_options(ENGINE, {"board": board})
    first = ENGINE.view(ENGINE.setup(seats_for(1), options, 3), None).text.splitlines()[0]
    assert first.startswith("Board: ") and f"Board: {board}." not in first
    assert first.split(". ")[0] != f"Board: {board}"
