"""Texts cut to Discord's limits stay words (issue 29: a menu label ended "heavy ranged and
cov…"), and a player's input repeated back is quoted as text, not as a Python repr."""

from __future__ import annotations

from bot.discord import limits

LABEL = (
    "Gnomad Tinker: heavy ranged attack on Serial Delinquent in space 16 "
    "(card 18, heavy ranged and cover)"
)


def test_a_long_label_is_cut_between_words() -> None:
    cut = limits.fit(LABEL, limits.SELECT_LABEL)
    assert len(cut) <= limits.SELECT_LABEL
    assert cut == LABEL.removesuffix(" cover)") + "…"


def test_a_long_line_break_still_wins_and_one_long_word_is_cut() -> None:
    assert limits.fit("first line here\nsecond line", 20) == "first line here…"
    assert limits.fit("x" * 30, 10) == "x" * 9 + "…"


def test_input_is_echoed_in_quotes() -> None:
    assert limits.echo("it's   mine") == "“it's mine”"
