"""Who acts next never hangs on a hidden hand (DESIGN "hidden information"), checked with
``tools.timing_probe`` in the games where no move legitimately reveals who acts: Arcadia's
waylay window used to open only when the hidden hand held a waylay that fit."""

from __future__ import annotations

import pytest

from tools.timing_probe import probe


@pytest.mark.parametrize("game", ["arcadia", "att"])
def test_no_seat_learns_a_hidden_hand_from_who_is_asked_next(game: str) -> None:
    assert probe(game, seats=2, games=4, show=0) == {}
