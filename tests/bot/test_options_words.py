"""A refused table option said in a player's words (issue 29): the option as typed, what it
takes in the words ``/game options`` uses, and the value typed, never pydantic's "input
should be a valid boolean, unable to interpret input" or a type name ("valid tuple",
"instance of ChronicleCharacter")."""

from __future__ import annotations

import pytest

from bot.tables.options import checked_options
from engines import registry
from engines.core.errors import BadOptions
from tests.support.plain_english import problems

# A wrong value of every shape a player might type.
WRONG: tuple[object, ...] = ("?", 1.5, -3, 999, [1, "a"], [[1], 2], {"a": 1}, None, [])
# pydantic's words, which no player should read.
JARGON = ("input should be a valid", "unable to", "less than or equal", "greater than or equal")


def refusal(game: str, raw: dict[str, object]) -> str:
    with pytest.raises(BadOptions) as refused:
        checked_options(game, raw)
    return str(refused.value)


@pytest.mark.parametrize(
    ("game", "raw", "says"),
    [
        (
            "wildlands",
            {"pregame_reveal": "maybe"},
            "`pregame_reveal` takes `true` or `false`, not `maybe`",
        ),
        (
            "wildlands",
            {"heavy_damage": 999},
            "`heavy_damage` takes a whole number from 1 to 3, not `999`",
        ),
        (
            "wildlands",
            {"target_score": 1.5},
            "`target_score` takes a whole number from 1 to 20, not `1.5`",
        ),
        (
            "northgard",
            {"combat_die_faces": [1, 2]},
            "`combat_die_faces` takes 6 whole numbers in square brackets, not `[1,2]`",
        ),
        (
            "northgard",
            {"jotunn_must_pay": None},
            "`jotunn_must_pay` takes `true` or `false`; it cannot be unset",
        ),
        (
            "war",
            {"teams": [[0, "a"], [1]]},
            "`teams` (item 1) takes a list of whole numbers in square brackets, not `a`",
        ),
        ("arcadia", {"characters": {"a": 1}}, "`characters` is set by the table, not typed"),
        (
            "wildlands",
            {"pregame_reveall": True},
            "there is no option `pregame_reveall` (did you mean `pregame_reveal`?)",
        ),
        (
            "att",
            {"characters": ["wizard"]},
            "`characters` (item 1): input should be `captain`, `heiress`, `scholar` or `hunter`",
        ),
        (
            "att",
            {"slot_order": ["shrine"] * 6},
            "`slot_order`: must list each of the six Locations exactly once",
        ),
    ],
)
def test_a_refused_option_says_what_it_takes(game: str, raw: dict[str, object], says: str) -> None:
    assert says in refusal(game, raw)


@pytest.mark.parametrize("game", registry.names())
def test_no_refusal_speaks_pydantic(game: str) -> None:
    """Every option of every game, given each wrong shape: the sentence has no jargon and
    nothing the text check finds, apart from what a game's own check says in its words."""
    model = registry.get(game).options_model
    for name in model.model_fields:
        for value in WRONG:
            try:
                checked_options(game, {name: value})
            except BadOptions as refused:
                said = str(refused)
                assert not any(words in said for words in JARGON), said
                assert problems(said) == [] or "(creatures are" in said, said
