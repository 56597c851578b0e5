"""What ATT's players read, in plain words (issue 29): the dice pool in the terminal, the
Chateau's exchange, the final scores and their tie-break (seed §Unspeakable Event), and the
phase on the picture."""

from __future__ import annotations

import typing

from engines.att.actions import ExchangeToken, PlayFeat, RedrawFeats, Roll
from engines.att.render.river import PHASES
from engines.att.scoring import finish
from engines.att.state import Phase
from engines.core.context import Ctx
from tests.support.plain_english import problems

from .builders import (
    BAD_EGG,
    ENGINE,
    at_encounter,
    at_location,
    feat_with,
    give_cards,
    new_game,
    set_tokens,
)

GORGE, CHATEAU = 2, 3
NAMES = ("Player 1", "Player 2", "Player 3", "Player 4")


def dice_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("Dice:"))


def test_the_dice_read_as_numbered_faces_with_their_kind_named() -> None:
    s = at_encounter(values=[4, 1, 5, 3], kinds=["basic", "basic", "luck", "panic"])
    line = dice_line(ENGINE.view(s, None).text)
    assert line == "Dice: die 1: 4, die 2: 1, die 3: 5 (Luck), die 4: 3 (Panic); 2 re-rolls left"
    assert problems(line, NAMES) == []


def test_dice_not_yet_rolled_say_so_and_name_a_die_that_is_not_basic() -> None:
    s = at_encounter(kinds=["basic"] * 5 + ["panic"])
    s.players[0].rerolls_left = 1
    line = dice_line(ENGINE.view(s, None).text)
    assert line == "Dice: 6 dice to roll (die 6 is a Panic die); 1 re-roll left"
    assert problems(line, NAMES) == []


def test_the_roll_in_the_log_names_a_die_that_is_not_basic() -> None:
    s = at_encounter(kinds=["basic", "basic", "luck"])
    done = ENGINE.apply(s, 0, Roll())
    (line,) = [e.text for e in done.events if "rolls" in e.text]
    assert "(Luck)" in line and "L." not in line and "L," not in line


def test_the_exchange_puts_the_count_before_the_token_never_after_a_name() -> None:
    s = at_location(BAD_EGG, slot=CHATEAU, n=3)
    set_tokens(s, 0, focus=1, treasure=0, feat=0, courage=0)
    set_tokens(s, 1, focus=0, treasure=2, feat=0, courage=0)
    set_tokens(s, 2, focus=0, treasure=0, feat=0, courage=0)
    exchange = ExchangeToken(give="focus", take="treasure", target=1)
    assert ENGINE.describe(exchange, s) == "Give 1 Focus to Player 2, take 1 Treasure"
    done = ENGINE.apply(s, 0, exchange)
    (said,) = [e.text for e in done.events if "gives" in e.text]
    assert said == "Player 1 gives 1 Focus to Player 2 and takes 1 Treasure in return."
    assert problems(said, NAMES) == []


def test_a_redraw_quotes_the_cards_it_discards() -> None:
    """A card's name ("add a Luck die") would read as an order of its own after "Discard"."""
    s = at_location(BAD_EGG, slot=GORGE)
    luck, focus = feat_with("add_die", die="luck"), feat_with("gain", token="focus")
    give_cards(s, 0, [luck, focus])
    label = ENGINE.describe(RedrawFeats(discard=(luck, focus)), s)
    assert label == "Redraw “add a Luck die” and “gain 2 Focus”"


def test_a_raised_die_is_named_by_its_number() -> None:
    bump = feat_with("bump", dice=1)
    s = at_encounter(BAD_EGG, values=[2, 3, 5, 1, 1])
    give_cards(s, 0, [bump])
    set_tokens(s, 0, feat=1)
    said = [e.text for e in ENGINE.apply(s, 0, PlayFeat(card=bump, dice=(2,))).events]
    assert "Die 3 now shows 6." in said


def ended(things: list[list[int]], courage: list[int], secrets: list[int]) -> str:
    """The summary of a game ended with these Terrible Things, Courage and score piles
    (secrets as Encounters of the Bad Egg's worth, 4 each)."""
    s = new_game(len(things))
    s.map_holder = None
    for seat, player in enumerate(s.players):
        player.terrible_things = things[seat]
        player.tokens["courage"] = courage[seat]
        player.score_pile = [BAD_EGG] * secrets[seat]
    finish(s, Ctx(), "The deck is empty.")
    assert s.result is not None
    return s.result.summary


def test_scores_keep_a_colon_between_a_name_and_its_score() -> None:
    summary = ended([[3, 2], [1]], [0, 0], [0, 1])
    assert summary.endswith("Scores: Player 1: -5, Player 2: 3.")
    assert problems(summary, NAMES) == []


def test_a_tie_on_score_says_what_broke_it() -> None:
    # Both score 4 - 1 = 3; Player 2 has one Terrible Thing token to Player 1's two.
    summary = ended([[0, 1], [1]], [0, 0], [1, 1])
    assert "Player 2 survives" in summary
    assert "Player 1 and Player 2 tie on 3." in summary
    assert "Fewer Terrible Thing tokens break the tie (Player 1: 2, Player 2: 1)." in summary
    # Same tokens: more Courage decides.
    summary = ended([[1], [1]], [2, 5], [1, 1])
    assert "Player 2 survives" in summary
    assert "Then more Courage does (Player 1: 2, Player 2: 5)." in summary
    # Still tied: they share the win and the summary says so.
    summary = ended([[1], [1], [3]], [2, 2, 0], [1, 1, 1])
    assert "Player 1 and Player 2 survive" in summary
    assert "Player 1, Player 2 and Player 3 tie" not in summary
    assert "Still tied, Player 1 and Player 2 share the win." in summary
    for text in (summary, ended([[0, 1], [1]], [0, 0], [1, 1])):
        assert problems(text, NAMES) == []


def test_no_tie_no_tie_words() -> None:
    assert "tie" not in ended([[], [1]], [0, 0], [1, 1])


def test_every_phase_has_words_on_the_picture() -> None:
    assert set(PHASES) == set(typing.get_args(Phase))
