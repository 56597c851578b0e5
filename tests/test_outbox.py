"""The outbox in the store and the table service (issue 16): a move and the board post it
owes are one transaction; posts are handed out in order and kept until delivered."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest

from bot.discord.flow import confirmation, game_over_embed
from bot.store import CannotUndo, GameStore, StaleSequence, Store, open_store
from bot.tables.core import STANDING_ORDERS
from bot.tables.presenter import board_text
from bot.tables.service import TableService
from bot.tables.updates import Update, Waiting
from engines.core.protocol import Outcome
from tests.test_store import entry, new_game


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GameStore]:
    """The outbox in both stores: a SQLite file, or a PostgreSQL database of its own."""
    target: Path | str = tmp_path / "gm.sqlite3"
    if request.param == "postgres":
        target = request.getfixturevalue("pg_url")
    opened = open_store(target)
    yield opened
    opened.close()


def test_a_move_and_its_post_commit_together(store: Store) -> None:
    row = new_game(store)
    after = store.append(
        row.id,
        expected_seq=row.seq,
        entries=[entry(1)],
        state={"move": 1},
        now=5.0,
        post={"lines": ["Ada plays c1."], "waiting_changed": True},
    )
    (post,) = store.pending_posts(row.id)
    assert (post.seq, post.channel_id, post.attempts) == (after.seq, row.channel_id, 0)
    assert post.payload == {"lines": ["Ada plays c1."], "waiting_changed": True}
    assert store.next_post_due() == 5.0


def test_a_refused_move_owes_no_post(store: Store) -> None:
    row = new_game(store)
    with pytest.raises(StaleSequence):
        store.append(
            row.id, expected_seq=row.seq + 1, entries=[entry(1)], state={}, now=1.0, post={}
        )
    assert store.pending_posts() == []


def test_an_undo_and_its_post_commit_together_and_a_refused_one_owes_none(store: Store) -> None:
    row = new_game(store)
    row = store.append(row.id, expected_seq=row.seq, entries=[entry(1)], state={}, now=1.0)
    with pytest.raises(CannotUndo):
        store.undo(
            row.id, expected_seq=row.seq, undone_seq=7, state={}, user_id=101, now=2.0, post={}
        )
    assert store.pending_posts() == []
    after = store.undo(
        row.id,
        expected_seq=row.seq,
        undone_seq=1,
        state={"move": 0},
        user_id=101,
        now=3.0,
        post={"lines": ["Ada takes back: c1."], "waiting_changed": True},
    )
    (post,) = store.pending_posts(row.id)
    assert (post.seq, post.channel_id, post.next_at) == (after.seq, row.channel_id, 3.0)
    assert post.payload == {"lines": ["Ada takes back: c1."], "waiting_changed": True}


def test_a_change_outside_the_log_can_owe_its_post_in_its_own_transaction(store: Store) -> None:
    row = new_game(store)
    with pytest.raises(StaleSequence):
        store.update_game(row.id, expected_seq=row.seq + 1, now=2.0, status="finished", post={})
    assert store.pending_posts() == []
    after = store.update_game(
        row.id, expected_seq=row.seq, now=3.0, status="finished", post={"lines": ["Over."]}
    )
    (post,) = store.pending_posts(row.id)
    assert (post.seq, post.payload, after.status) == (after.seq, {"lines": ["Over."]}, "finished")


def test_a_concession_that_ends_the_game_owes_the_last_board_with_the_result(
    tmp_path: Path,
) -> None:
    service = TableService(Store(tmp_path / "gm.sqlite3"), seed_source=lambda: 3)
    service.owes_posts = True
    service.new_table(1, 2, 10, "Ann", "wildlands", seats=2)
    service.join(1, 11, "Bob")
    service.start(1, 10)
    update = service.concede(1, 11)
    assert update.owed and update.status == "finished" and update.view is not None
    assert update.lines == ["Bob concedes."]  # who wins: the board's embed says it, once
    assert update.outcome == Outcome(frozenset({0}), {}, "Bob conceded.")
    deal, post = service.store.pending_posts(update.game_id)  # the first board, the last
    assert deal.payload["lines"] == ["Wildlands begins."] and post.seq == update.seq
    assert post.payload["lines"] == update.lines
    # The board the sender builds from the store tells the same result.
    board = service.board_update(update.game_id, [post.payload])
    assert board.outcome == update.outcome and board.status == "finished"


def test_the_deal_owes_the_first_board_and_an_ai_opening_tells_it_once(tmp_path: Path) -> None:
    service = TableService(Store(tmp_path / "gm.sqlite3"), seed_source=lambda: 3)
    service.owes_posts = True
    service.new_table(1, 2, 10, "Ann", "wildlands", seats=2)
    service.add_bot(1, 10, "random")
    update = service.start(1, 10)
    assert update.owed and update.lines[0] == "Wildlands begins."
    posts = service.store.pending_posts(update.game_id)
    assert len(posts) == 2  # the deal's, then the AI's opening placement
    assert posts[0].payload["lines"] == ["Wildlands begins."]
    assert posts[0].payload["waiting_changed"]
    board = service.board_update(update.game_id, [p.payload for p in posts])
    assert board.lines == update.lines and board.lines.count("Wildlands begins.") == 1
    service.owe_board(update)  # the Discord layer's publish: nothing more to store
    assert len(service.store.pending_posts(update.game_id)) == len(posts)


def test_the_service_stores_an_undo_with_the_board_it_owes(tmp_path: Path) -> None:
    service = TableService(Store(tmp_path / "gm.sqlite3"), seed_source=lambda: 11)
    service.owes_posts = True
    service.new_table(1, 2, 10, "Ann", "awoken", options={"scenarios": [1]}, seats=1)
    service.start(1, 10)
    move = service.choices(1, 10)[1]  # a hero's move: it reveals nothing
    moved = service.act(1, 10, move.ref)
    service.store.posts_sent(
        [p.id for p in service.store.pending_posts()], message_id=5, now=service.clock()
    )
    update = service.undo(1, 10)
    assert update.owed
    (post,) = service.store.pending_posts(update.game_id)
    assert post.seq == update.seq == moved.seq + 1
    assert post.payload["lines"] == update.lines == [f"Ann takes back: {move.label}."]
    assert post.payload["actor"] == 10 and post.payload["waiting_changed"]
    service.owe_board(update)  # the Discord layer's publish: nothing more to store
    assert len(service.store.pending_posts(update.game_id)) == 1


def test_failed_posts_wait_for_their_next_try_and_sent_ones_leave(store: Store) -> None:
    row = new_game(store)
    ids = [
        store.owe_post(game_id=row.id, channel_id=row.channel_id, seq=0, payload={}, now=t)
        for t in (1.0, 2.0)
    ]
    store.posts_failed(ids, next_at=30.0, error="500")
    assert [p.attempts for p in store.pending_posts()] == [1, 1]
    assert store.next_post_due() == 30.0
    store.posts_sent(ids[:1], message_id=77, now=31.0)
    assert [p.id for p in store.pending_posts(row.id)] == ids[1:]
    store.posts_sent(ids[1:], message_id=78, now=31.0)
    assert store.pending_posts() == [] and store.next_post_due() is None


def test_the_service_owes_a_post_only_when_a_client_delivers_boards(tmp_path: Path) -> None:
    service = TableService(Store(tmp_path / "gm.sqlite3"), seed_source=lambda: 3)
    service.new_table(1, 2, 10, "Ann", "wildlands", seats=2)
    service.join(1, 11, "Bob")
    update = service.start(1, 10)
    assert not update.owed  # the terminal table shows boards itself
    service.owes_posts = True
    user = update.waiting[0].user_id
    assert user is not None
    moved = service.act(1, user, service.choices(1, user)[0].ref)
    assert moved.owed
    (post,) = service.store.pending_posts(moved.game_id)
    assert post.seq == moved.seq and post.payload["lines"] == moved.lines
    board = service.board_update(moved.game_id, [post.payload, post.payload])
    assert board.lines == moved.lines * 2 and board.seq == moved.seq
    service.owe_board(board)
    assert len(service.store.pending_posts(moved.game_id)) == 2


def board(**changes: object) -> Update:
    base = Update(
        game_id=1,
        channel_id=1,
        game="toy",
        seq=3,
        status="active",
        lines=["Ann plays 2."],
        waiting=[Waiting(0, "Ann", 10), Waiting(1, "Bob", 11)],
        waiting_changed=True,
    )
    return dataclasses.replace(base, **changes)


def test_a_board_pings_whom_it_starts_waiting_for_with_the_note_in_small_text() -> None:
    text = board_text(board(), deadline="⏰ A reminder goes out soon.")
    assert "<@10> (Ann)" in text and "<@11> (Bob)" in text
    assert text.endswith("\n-# ⏰ A reminder goes out soon.")


def test_no_ping_for_your_own_move_or_undo_a_quick_prompt_or_an_unchanged_wait() -> None:
    assert "<@10>" not in board_text(board(actor=10)) and "<@11>" in board_text(board(actor=10))
    note = "⏱ The window closes soon."
    quick = board_text(board(quiet=True), deadline=note)
    assert "<@" not in quick and quick.endswith("-# " + note)
    same = board_text(board(waiting_changed=False), deadline="⏰ A reminder goes out soon.")
    assert "<@" not in same and "⏰" not in same


def test_a_solo_game_gets_no_reminder_note() -> None:
    text = board_text(board(solo=True), deadline="⏰ A reminder goes out soon.")
    assert "<@10>" in text and "⏰" not in text


def test_who_moved_heads_the_board_however_long_the_stand_in_turn() -> None:
    header = "⏰ Bob's time ran out: an AI stand-in moves for them."
    lines = [f"Bob plays {i}." for i in range(40)]
    text = board_text(board(header=[header], lines=lines))
    assert text.startswith(header + "\n")
    assert "Bob plays 39." in text and "earlier lines in /game log" in text


def test_game_over_is_an_embed_with_the_winner_the_scores_and_the_export() -> None:
    over = board(
        status="finished",
        waiting=[],
        lines=["Bob plays 9.", "Bob has the most Secrets."],
        outcome=Outcome(frozenset({1}), {0: 12.0, 1: 15.5}, "Bob has the most Secrets."),
        seat_names={0: "Ann", 1: "Bob"},
    )
    embed = game_over_embed(over)
    assert embed is not None and embed.title == "Game over"
    assert embed.description == "**Bob wins.**\nBob has the most Secrets."
    fields = {f.name: f.value for f in embed.fields}
    assert fields == {"Final scores": "Bob: 15.5\nAnn: 12"}
    assert embed.footer.text is not None and "/game export" in embed.footer.text
    assert game_over_embed(board()) is None
    # The result is said once: in the embed, not again in the board's text.
    assert board_text(over) == "Bob plays 9."


def test_game_over_names_the_player_beside_what_they_played() -> None:
    """Issue 35: "Winner AI 1" where the log says Eyrie Dynasties; the embed says both."""
    outcome = Outcome(frozenset({1, 2}), {0: 9.0, 1: 30.0, 2: 30.0}, "", {1: "Eyrie Dynasties"})
    over = board(status="finished", waiting=[], outcome=outcome, seat_names={0: "Ann", 1: "AI 1"})
    embed = game_over_embed(over) or discord.Embed()
    assert embed.description == "**AI 1 (Eyrie Dynasties) and Seat 3 share the win.**"
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Final scores"].splitlines()[0] == "AI 1 (Eyrie Dynasties): 30"


def test_standing_orders_are_told_to_their_player_only(tmp_path: Path) -> None:
    """Setting auto-pass or auto-defend is never announced on the board or in the log."""
    service = TableService(Store(tmp_path / "gm.sqlite3"), seed_source=lambda: 5)
    service.new_table(1, 2, 10, "Ann", "wildlands", seats=2)
    service.join(1, 11, "Bob")
    service.start(1, 10)
    for _ in range(300):
        waiting = service.waiting(1)
        assert waiting
        user = waiting[0].user_id
        assert user is not None
        choices = service.choices(1, user)
        orders = [c for c in choices if c.group == STANDING_ORDERS]
        if orders:
            update = service.act(1, user, orders[0].ref)
            told = " ".join(update.private.get(user, []))
            assert "sets auto-" in told
            assert not any("sets auto-" in line for line in update.lines)
            assert not any("sets auto-" in line for line in service.recent_log(1))
            return
        service.act(1, user, choices[0].ref)
    raise AssertionError("no standing order was offered in 300 moves")


def test_a_confirmation_is_one_sentence_with_a_capital() -> None:
    assert confirmation("roll the dice") == "Done: roll the dice."
    assert confirmation("done trading") == "Done trading."
    assert confirmation("Done: end the interrupting turn.") == "Done: end the interrupting turn."
