"""Exports keep secrets (issue 16 finding 1): while a game runs the file holds only what
every seat may see; the full file comes after the game ends or to a channel manager."""

from __future__ import annotations

import json

from bot.tables.history import export_table, replay_text
from bot.tables.service import TableService


def played(service: TableService, moves: int = 12) -> None:
    service.new_table(7, 1, 1, "Ann", "att")
    service.join(7, 2, "Bob")
    update = service.start(7, 1)
    for _ in range(moves):
        user = update.waiting[0].user_id
        assert user is not None
        update = service.act(7, user, service.choices(7, user)[0].ref)


def test_a_running_game_exports_no_seed_no_moves_and_no_private_event(
    service: TableService,
) -> None:
    played(service)
    row = service.table(7)
    private = [
        e["text"]
        for entry in service.store.log(row.id, 100)
        for e in entry.events
        if e.get("to") is not None
    ]
    export = export_table(service, 7, is_manager=False)
    blob = json.dumps(export.data)
    assert export.redacted and "seed" not in export.data and "actions" not in export.data
    assert private and not any(text in blob for text in private)
    _, bob_view = service.seat_view(7, 2)
    hand = [card["name"] for card in bob_view.data["hand"]]
    assert hand and not any(name in export.data["board"] for name in hand)
    assert "no seed" in replay_text(export.data, 3, 1)


def test_a_manager_or_a_finished_game_gets_the_whole_file(service: TableService) -> None:
    played(service)
    export = export_table(service, 7, is_manager=True)
    assert "seed" in export.data and "every hand" in export.note
    service.end(7, 1, is_manager=False)
    export = export_table(service, 7, is_manager=False)
    assert not export.redacted and len(export.data["actions"]) == 12
