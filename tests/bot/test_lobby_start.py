"""Who starts a table (issue 19): its creator, or anyone seated once the table has waited
for its creator for the table's deadline."""

from __future__ import annotations

import pytest

from bot.tables.durations import DAY
from bot.tables.service import TableService
from engines.core.errors import GameError
from tests.conftest import FakeClock


def test_a_seated_player_starts_once_the_creator_is_past_the_deadline(
    service: TableService, clock: FakeClock
) -> None:
    service.new_table(5, 9, 1, "Ann", "toy")
    service.join(5, 2, "Bob")
    with pytest.raises(GameError, match="Only the player who opened"):
        service.start(5, 2)
    clock.advance(2 * DAY)  # the default deadline is 48 hours
    assert service.start(5, 2).status == "active"
