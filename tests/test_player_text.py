"""Text players read is plain English (issue 29 "Nothing a player reads shows the engine's
words", issue 35's wording): the checker (``tests/support/plain_english.py``) finds every
example the issues quote and passes correct sentences; then it reads every text of seeded
games of every title at every seat count (``tests/support/player_text.py``: log, views,
menus, hand sheets, pictures, the result, errors, the terminal table and the options help)
and finds nothing.

The whole-game tests fail until each game's owner has fixed its words: run
``python -m tests.support.player_text <game> --table`` for the findings of one game.
"""

from __future__ import annotations

import pytest

from engines import registry
from engines.core.words import article, count, health_left, joined, plural, win
from tests.support.plain_english import (
    ARTICLE,
    BRACKETS,
    DOUBLED,
    ENGINE,
    MARK,
    NO_PLAYER,
    NUMBER,
    PYTHON,
    RUN_TOGETHER,
    TIE,
    WORDING,
    problems,
)
from tests.support.player_text import check as check_texts
from tests.support.player_text import collect, report, seat_names, table_texts

NAMES = ("Player 1", "AI 1", "AI 2", "AI 3")

# Issue 29, "Found": every quoted string that shows the engine's words or broken English.
ISSUE_29 = [
    # Arcadia
    ("Test: Combat against Pirates, scores [7, 8]", PYTHON),
    ("Player 1 (Mer (female), ): not on the map", BRACKETS),
    ("step 1/1: defeat_waylays 2/3", ENGINE),
    ("reach at lair", WORDING),
    ("base_camp", ENGINE),
    ("3 merits, 1 flaws", NUMBER),
    ("enters a Ocean/Lake league", ARTICLE),
    ("Which? 1. Fields 2. Road", WORDING),
    ("at Reedbank Fen; Vigorous*, Seasoned Traveller", MARK),  # `*` unexplained
    # Northgard
    ("place Great Lake ({'a': 'F', 'b': 'W', 'c': 'F', 'd': 's'})", PYTHON),
    ("Player 1 places a tile (M20) at (-1,0)", ENGINE),
    ("A Eldthurs appears", ARTICLE),
    ("builds a Altar of Kings", ARTICLE),
    ("0c", ENGINE),
    ("1b", ENGINE),
    ("Creature line: Eldthurs@1b", ENGINE),
    ("gains 3 fame (card)", WORDING),
    ("Fame: Player 1 9, AI 1 9 … AI 1 wins", RUN_TOGETHER),
    ("Fame: Player 1 9, AI 1 9 … AI 1 wins", TIE),
    # Root
    ("1 cards", NUMBER),
    ("base_fox", ENGINE),
    ("sawmill wood wood wood", DOUBLED),
    ("Eyrie leader commander", WORDING),
    ("items tea, boot", WORDING),
    ("expel bandits mouse", WORDING),
    ("discards Dominance", WORDING),
    ("removes a building", WORDING),
    ("waiting: v refresh", WORDING),
    ("ddd", WORDING),
    ("setup build", WORDING),
    ("Leader: commander deposed: despot", WORDING),
    ("guard duty rabbit", WORDING),
    # Wildlands family
    ("1 cards in hand", NUMBER),
    ("(1 points)", NUMBER),
    ("takes 1 damage from heavy ranged", WORDING),
    ("choose_character", ENGINE),
    # gm options / /game options
    ("wyvern or Ellipsis", PYTHON),
    ("a whole number or a whole number…", DOUBLED),
    ("str or true | false", PYTHON),
    ("str or ChronicleCharacter", PYTHON),
    ('["a","b"]', PYTHON),
    # Pictures and text boards
    ("Teams: team 1 0 · team 2 0 (of 10)", RUN_TOGETHER),
]

# Issue 35's wording examples (and issue 29's "Eyrie Dynasties (1 VP)" header).
ISSUE_35 = [
    ("pass:A8.2", ENGINE),
    ("pass:A8.1", ENGINE),
    ("share the win with 1 points", NUMBER),
    ("alice and bob share the win with 0 points", WORDING),
    ("— Eyrie Dynasties (1 VP) begins their turn —", NO_PLAYER),
    ("Sellsword is chosen as a quest item", WORDING),
    ("A quest item … is placed under Mountain Falls", WORDING),
    ("Playing …", WORDING),
]

# Quoted in the issues, but right as words: what they report is behaviour, a picture or
# context the sentence does not carry, each tested where it lives (or left to the game's
# owner). A checker that flagged them would flag the same words where they are right.
RIGHT_AS_WORDS = [
    "At (-1,-1)",  # Northgard: coordinates are fine once the picture shows them
    "Turned 90°",
    "10 mouse",  # Root: a clearing's label; the issue is the overlap on the picture
    "Waiting for Player 1 to play their turn",  # wrong only during a discard
    "Flaws (held by the opponent; ✗ exhausted)",  # wrong only outside a game
    "AI 1 hides Knocker's Artifact under Crossroads Inn.",  # wrong only with two such Inns
    "Your action: Pass",  # issue 35: a panel that cannot finish, not its words
    "Those moves are not on offer any more; open your move again",
    "Done: End turn and draw.",
    "Winner AI 1",  # issue 35: the embed should add the faction beside the name
]

# Correct sentences the checker must pass (issue 35's wanted wordings among them).
CLEAN = [
    "1 card",
    "2 cards",
    "0 cards in hand",
    "an Altar of Kings",
    "A Valkyrie appears in the Frozen Lake.",
    "Player 1 (Eyrie Dynasties)",
    "— Player 1 (Eyrie Dynasties, 1 VP) begins their turn —",
    "Ranger",
    "a draw: nobody scored",
    "Discard before drawing?",
    "Draw without discarding",
    "Playing: End turn and draw …",
    "AI 1 wins the fight: 6 against 4.",
    "Fame: Player 1: 9, AI 1: 9. AI 1 wins the tie on units (5 against 3).",
    "takes 1 damage from a heavy ranged attack (1 of 3 damage)",
    "an Unseelie court, a unit, an hour, a VP, an XP bonus, an 8",
    "A or B forces a sheet side.",
    "None of your warriors can move.",
    "True Sight reveals the card.",
    "Block of 3, 2s or higher",
    "Round 1 - Player 1's turn: encounter",
    "`game_length=double_hourglass` plays a longer game.",
    "<@123> (alice), it is your move.",
    "Quest 101 (Clear the Old Road): step 1 of 1, defeat 2 of 3 waylays",
    "Elsie takes 1 damage (2 of 3 health left).",
    "AI 1 wins (8 against 6).",
    "Player 1 loses 1 unit.",
    "Saw sawmill · Wk workshop · Rec recruiter",
    "Scores: Player 1: -1, AI 1: 1.",
    "Roll a D6 for each warrior.",
    "McGregor's Farm",
    "Hopscotch*, Quick Wits (* exhausted)",
    "Your merits: Hopscotch*, Vigorous\n* marks an exhausted merit",
]


@pytest.mark.parametrize(("text", "kind"), ISSUE_29 + ISSUE_35)
def test_every_example_in_the_issues_is_found(text: str, kind: str) -> None:
    assert kind in {problem.kind for problem in problems(text, NAMES)}


@pytest.mark.parametrize("text", RIGHT_AS_WORDS + CLEAN)
def test_correct_sentences_pass(text: str) -> None:
    assert problems(text, NAMES) == []


def test_counted_nouns_and_names() -> None:
    """``engines/core/words.py``, the helpers every game's counted nouns go through."""
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
    for words in (count(1, "flaw"), count(3, "merit"), article("Ocean"), health_left(2, 3)):
        assert problems(words) == [], words


SEED = 1
GAMES = [
    (game, seats)
    for game in registry.names()
    for seats in range(registry.get(game).min_seats, registry.get(game).max_seats + 1)
]


@pytest.mark.parametrize(("game", "seats"), GAMES, ids=[f"{g}-{n}" for g, n in GAMES])
def test_nothing_a_player_reads_shows_engine_words(game: str, seats: int) -> None:
    findings = check_texts(collect(game, seats, SEED), seat_names(seats))
    assert not findings, f"{len(findings)} findings:\n{report(findings)}"


@pytest.mark.parametrize("game", registry.names())
def test_the_table_says_it_in_plain_words(game: str) -> None:
    """The terminal table, the board text, the service's refusals and the options help."""
    seats = max(2, registry.get(game).min_seats)
    findings = check_texts(table_texts(game, seats, SEED), seat_names(seats))
    assert not findings, f"{len(findings)} findings:\n{report(findings)}"
