"""``/game options`` and ``gm options`` in plain words (issue 29): what each option allows is
said with real values between backticks, never a Python type ("str", "Ellipsis"), a
placeholder example (``["a","b"]``) or the same words twice ("a whole number or a whole
number"); what a player types is read back as typed, nested lists included; an options
error names the option and its values as they are typed."""

from __future__ import annotations

import pytest

from bot.tables.options import checked_options, option_lines, options_text, parse_option_text
from engines import registry
from engines.core.errors import BadOptions
from engines.core.words import typed
from tests.support.plain_english import problems

GAMES = registry.names()


@pytest.mark.parametrize("game", GAMES)
def test_what_each_option_allows_reads_as_words(game: str) -> None:
    """The part the formatter writes (name, default, allowed values), without the game's
    own note, has nothing the text check finds."""
    for line in option_lines(game):
        if line.typed and not line.fixed:
            shown = f"`{line.name}` (default {line.default_words}; {line.allowed})"
            assert problems(shown) == [], shown


@pytest.mark.parametrize("game", GAMES)
def test_every_option_a_player_can_type_says_what_it_changes(game: str) -> None:
    """A bare name and its values tell a player nothing about the rule (Northgard listed 17
    options without a word): each one has a note from the rules book or its field."""
    choosable = [line for line in option_lines(game) if line.typed and not line.fixed]
    assert choosable, game
    assert [line.name for line in choosable if not line.note.strip()] == []


def test_lists_and_tuples_show_their_real_values() -> None:
    lines = {line.name: line for line in option_lines("northgard")}
    assert lines["wilderness"].allowed.startswith("a list of `jotunn` | `eldthurs`")
    assert '`["jotunn","eldthurs"]`' in lines["wilderness"].allowed
    assert lines["combat_die_faces"].allowed == "6 whole numbers in square brackets"
    assert lines["combat_die_faces"].default_words == "`[0,1,1,2,11,12]`"
    assert lines["sharing_per_card"].default_words == "none"
    root = {line.name: line for line in option_lines("root")}
    assert root["factions"].allowed.endswith("e.g. `eyrie+vagabond`")  # Root's own example


def test_an_option_no_one_could_type_is_set_by_the_table() -> None:
    """Arcadia's chronicle characters come from the lobby's line-up, never typed."""
    text = "\n".join(options_text("arcadia"))
    assert "`characters` is set by the table, not typed" in text
    assert "ChronicleCharacter" not in text and "str or" not in text


def test_values_in_a_note_are_shown_as_typed() -> None:
    assert typed("ruins, abyssal_lake or lost_factory picks another board.", ("ruins",)) == (
        "`ruins`, `abyssal_lake` or `lost_factory` picks another board."
    )
    assert typed("random: characters are dealt at random.", ("seat_order", "random")) == (
        "`random`: characters are dealt at random."
    )
    assert typed("A or B forces a sheet side", ("A", "B")) == "`A` or `B` forces a sheet side"


def test_a_nested_list_is_read_as_typed() -> None:
    assert parse_option_text('teams=[[0,2],[1,3]] board=ruins, x="a b"') == {
        "teams": [[0, 2], [1, 3]],
        "board": "ruins",
        "x": "a b",
    }
    with pytest.raises(BadOptions, match="could not read `moon`"):
        parse_option_text("moon board=ruins", "wildlands")


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        ({"no_such_option": 1}, "there is no option `no_such_option`"),
        ({"board": "moon"}, "`board`: input should be `dungeon`, `ruins`"),
        ({"factions": ["cat"]}, "`factions` (item 1): input should be `mages`"),
    ],
)
def test_an_options_error_names_the_option_as_typed(raw: dict[str, object], says: str) -> None:
    with pytest.raises(BadOptions) as refused:
        checked_options("wildlands", raw)
    assert says in str(refused.value)
    assert problems(str(refused.value)) == []
