"""The table service: seats, turns, sequence numbers, AI seats, undo, errors (issue: platform)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.tables.service import TableService
from bot.tables.steps import drill
from bot.tables.updates import NoGameHere, NotYourTurn
from engines import registry
from engines.core.errors import BadOptions, GameError, IllegalAction, UnknownGame

CH = 100
ANN, BOB, CAT = 1, 2, 3


def two_player(service: TableService, **options: object):
    service.new_table(CH, 9, ANN, "Ann", "toy", options)
    service.join(CH, BOB, "Bob")
    return service.start(CH, ANN)


def snapshot(service: TableService) -> tuple[int, dict]:
    row = service.table(CH)
    return row.seq, row.state


def test_a_game_runs_from_lobby_to_result(service: TableService) -> None:
    update = two_player(service)
    assert update.status == "active"
    assert [w.name for w in update.waiting] == ["Ann"]
    while update.status == "active":
        user = update.waiting[0].user_id
        assert user is not None
        update = service.act(CH, user, service.choices(CH, user)[0].ref)
    assert update.status == "finished"
    assert update.outcome is not None and update.outcome.winners
    assert service.store.get_game(update.game_id).result["winners"]


def test_wrong_user_wrong_turn_stale_seq_change_nothing(service: TableService) -> None:
    two_player(service)
    before = snapshot(service)
    with pytest.raises(NotYourTurn, match="not playing"):
        service.act(CH, CAT, "0:0")
    with pytest.raises(NotYourTurn, match="waiting for Ann"):
        service.act(CH, BOB, "0:0")
    seq = service.table(CH).seq
    with pytest.raises(IllegalAction, match="older board"):
        service.act(CH, ANN, f"{seq + 5}:0")
    with pytest.raises(IllegalAction, match="not on offer"):
        service.act(CH, ANN, f"{seq}:99")
    with pytest.raises(IllegalAction, match="could not match"):
        service.act(CH, ANN, "fly to the moon")
    assert snapshot(service) == before


def test_a_button_from_an_earlier_game_is_refused(service: TableService) -> None:
    old = two_player(service)
    service.end(CH, ANN, is_manager=False)
    two_player(service)
    with pytest.raises(IllegalAction, match="earlier game"):
        service.act(CH, ANN, f"{old.seq}:0", game_id=old.game_id)


def test_typed_labels_match_a_unique_legal_move(service: TableService) -> None:
    two_player(service)
    label = service.choices(CH, ANN)[0].label
    update = service.act(CH, ANN, label.upper())
    assert any(label.split()[-1] in line for line in update.lines)


def test_unknown_game_and_bad_options_are_clear(service: TableService) -> None:
    with pytest.raises(UnknownGame, match="no game called `chess`"):
        service.new_table(CH, 9, ANN, "Ann", "chess")
    with pytest.raises(BadOptions, match="hand_size"):
        service.new_table(CH, 9, ANN, "Ann", "toy", {"hand_size": 9})
    with pytest.raises(GameError, match="2 to 3 players"):
        service.new_table(CH, 9, ANN, "Ann", "toy", seats=7)
    with pytest.raises(NoGameHere):
        service.table(CH)


def test_lobby_rules(service: TableService) -> None:
    service.new_table(CH, 9, ANN, "Ann", "toy", seats=2)
    with pytest.raises(GameError, match="at least 2"):
        service.start(CH, ANN)
    with pytest.raises(GameError, match="already have a seat"):
        service.join(CH, ANN, "Ann")
    service.join(CH, BOB, "Bob")
    with pytest.raises(GameError, match="full"):
        service.join(CH, CAT, "Cat")
    with pytest.raises(GameError, match="already has a game"):
        service.new_table(CH, 9, CAT, "Cat", "toy")


def test_ai_seats_play_until_a_human_must_decide(service: TableService) -> None:
    service.new_table(CH, 9, ANN, "Ann", "toy")
    service.add_bot(CH, ANN)
    service.add_bot(CH, ANN, "random")
    update = service.start(CH, ANN)
    update = service.act(CH, ANN, service.choices(CH, ANN)[0].ref)
    # Both AI seats moved and it is Ann's turn again, or the game ended.
    assert update.status == "finished" or [w.name for w in update.waiting] == ["Ann"]
    kinds = {e.seat for e in service.store.effective_actions(update.game_id)}
    assert kinds == {0, 1, 2}


def test_private_events_go_only_to_their_owner(service: TableService) -> None:
    two_player(service)
    update = service.act(CH, ANN, service.choices(CH, ANN)[0].ref)
    assert set(update.private) == {ANN}
    assert all("draw" in line for line in update.private[ANN])
    assert not any("draw" in line for line in update.lines)


def test_undo_only_for_moves_that_revealed_nothing(service: TableService) -> None:
    two_player(service)
    play, pass_ = service.choices(CH, ANN)[0], service.choices(CH, ANN)[-1]
    assert pass_.label == "Pass"
    before = snapshot(service)[1]
    service.act(CH, ANN, pass_.ref)
    with pytest.raises(GameError, match="own last move"):
        service.undo(CH, BOB)
    update = service.undo(CH, ANN)
    assert "takes back: Pass" in update.lines[0]
    assert service.table(CH).state == before
    assert [w.name for w in update.waiting] == ["Ann"]
    service.act(CH, ANN, service.choices(CH, ANN)[0].ref)
    assert play.label.startswith("Play")
    with pytest.raises(GameError, match="revealed"):
        service.undo(CH, ANN)


def test_table_undo_needs_every_player(service: TableService) -> None:
    two_player(service)
    row = service.table(CH)
    service.store.update_game(
        row.id,
        expected_seq=row.seq,
        now=0.0,
        settings=row.settings.model_copy(update={"undo": "table"}),
    )
    service.act(CH, ANN, service.choices(CH, ANN)[-1].ref)
    with pytest.raises(GameError, match="waiting for Bob"):
        service.undo(CH, ANN)
    update = service.undo(CH, BOB)
    assert "takes back" in update.lines[0]


def test_table_undo_agreement_is_spent_even_when_the_undo_is_cut_short(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The votes are spent with the undo: a crash right after the undo is stored leaves no
    agreement behind for a later move."""
    two_player(service)
    row = service.table(CH)
    service.store.update_game(
        row.id,
        expected_seq=row.seq,
        now=0.0,
        settings=row.settings.model_copy(update={"undo": "table"}),
    )
    service.act(CH, ANN, service.choices(CH, ANN)[-1].ref)
    with pytest.raises(GameError, match="waiting for Bob"):
        service.undo(CH, ANN)

    real_undo = service.store.undo

    def dies_after_the_undo(*args: Any, **kwargs: Any) -> None:
        real_undo(*args, **kwargs)
        raise RuntimeError("killed right after the undo was stored")

    monkeypatch.setattr(service.store, "undo", dies_after_the_undo)
    with pytest.raises(RuntimeError):
        service.undo(CH, BOB)
    monkeypatch.undo()
    assert service.table(CH).settings.undo_votes == ()
    service.act(CH, ANN, service.choices(CH, ANN)[-1].ref)
    with pytest.raises(GameError, match="waiting for Ann"):
        service.undo(CH, BOB)  # Ann's agreement was for the move already taken back


def test_leaving_mid_game_hands_the_seat_to_an_ai(service: TableService) -> None:
    two_player(service)
    service.act(CH, ANN, service.choices(CH, ANN)[0].ref)
    row = service.leave(CH, BOB)
    assert row.seats[1].kind == "ai" and row.seats[1].user_id is None
    update = service.resume_ai(CH)
    assert update.status == "finished" or [w.name for w in update.waiting] == ["Ann"]


def test_concede_with_one_opponent_ends_the_game(service: TableService) -> None:
    two_player(service)
    update = service.concede(CH, BOB)
    assert update.status == "finished"
    assert update.outcome is not None and update.outcome.winners == {0}


def test_only_creator_or_manager_ends(service: TableService) -> None:
    two_player(service)
    with pytest.raises(GameError, match="Manage Channel"):
        service.end(CH, BOB, is_manager=False)
    assert service.end(CH, BOB, is_manager=True).status == "ended"


def test_export_import_rebuilds_the_same_state(service: TableService) -> None:
    two_player(service)
    for _ in range(3):
        user = service.waiting(CH)[0].user_id
        service.act(CH, user, service.choices(CH, user)[0].ref)
    data = service.export(CH)
    state = service.table(CH).state
    update = service.import_game(CH + 1, 9, ANN, data)
    assert service.store.get_game(update.game_id).state == state
    service.join(CH + 1, BOB, "Bob")
    assert service.table(CH + 1).seats[0].user_id == BOB


def test_restart_loses_nothing(service: TableService, store, clock) -> None:
    two_player(service)
    service.act(CH, ANN, service.choices(CH, ANN)[0].ref)
    fresh = TableService(store, clock=clock)
    assert fresh.table(CH).state == service.table(CH).state
    user = fresh.waiting(CH)[0].user_id
    assert fresh.act(CH, user, fresh.choices(CH, user)[0].ref).seq == service.table(CH).seq


def test_an_imported_game_can_still_undo_its_first_moves(service: TableService) -> None:
    two_player(service)
    service.act(CH, ANN, service.choices(CH, ANN)[-1].ref)  # Ann passes
    data = service.export(CH)
    service.import_game(CH + 1, 9, ANN, data)
    service.join(CH + 1, BOB, "Bob")
    service.store.update_game(
        service.table(CH + 1).id,
        expected_seq=service.table(CH + 1).seq,
        now=0.0,
        seats=[
            s.model_copy(update={"user_id": ANN if s.id == 0 else BOB})
            for s in service.table(CH + 1).seats
        ],
    )
    update = service.undo(CH + 1, ANN)
    assert "takes back: Pass" in update.lines[0]


def test_a_finished_game_can_still_be_exported(service: TableService) -> None:
    two_player(service)
    service.concede(CH, BOB)
    data = service.export(CH)
    assert data["game"] == "toy" and data["meta"]["status"] == "finished"
    with pytest.raises(NoGameHere, match="to export"):
        service.export(CH + 5)


def test_copies_of_one_market_card_are_one_move_to_pick_and_to_type(store: Any, clock: Any) -> None:
    """Issue 35, the stuck Northgard panel: the engine offers two copies of one market card
    (one label, one path) as two legal moves. The player gets one choice for them: a
    drill-down that ends in one move, and a typed name that matches (it was "I could not
    match" with two moves of that name)."""
    service = TableService(store, clock=clock, seed_source=lambda: 3)
    service.new_table(CH, 9, ANN, "Ann", "northgard", {})
    service.join(CH, BOB, "Bob")
    service.start(CH, ANN)
    engine = registry.get("northgard")
    users = {0: ANN, 1: BOB}
    rng = random.Random(3)
    for _ in range(200):
        row = service.table(CH)
        state = engine.decode_state(row.state)
        seat = rng.choice(sorted(engine.to_act(state)))
        labels = [engine.describe(a, state) for a in engine.legal_actions(state, seat)]
        copies = [label for label in labels if labels.count(label) > 1]
        if copies:
            break
        service.act(CH, users[seat], f"{row.seq}:{rng.randrange(len(labels))}")
    else:
        pytest.fail("no seeded position offers two copies of a move")
    choices = service.choices(CH, users[seat])
    assert [c.label for c in choices].count(copies[0]) == 1
    (move,) = [c for c in choices if c.label == copies[0]]
    assert move.path is not None
    # The panel's drill-down, step by step, ends in that move.
    at = drill(choices, ())
    while at is not None and at.complete is None:
        at = drill(choices, (*at.prefix, at.options.index(move.path.steps[len(at.taken)])))
    assert at is not None and at.complete == move
    update = service.act(CH, users[seat], copies[0])
    assert update.chosen == copies[0]
