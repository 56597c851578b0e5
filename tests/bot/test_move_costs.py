"""What a move costs the bot, kept equal in what it does (issue 20): the panel and the click
each read the table in one call, a state's public view and a seat's menu are worked out once,
and a move that keeps the same seats waiting skips the reminder bookkeeping it cannot change."""

from __future__ import annotations

from bot.store import Store
from bot.tables.service import TableService
from bot.tables.updates import Update
from bot.tables.waits import keeps_waits, on_update
from engines import registry
from tests.conftest import FakeClock

CH, GUILD = 300, 9
ANN, BOB = 1, 2


def pending(store: Store) -> list[tuple[str, int | None, float, str]]:
    rows = store.db.execute(
        "SELECT kind, user_id, due_at, payload FROM reminders WHERE fired_at IS NULL ORDER BY id"
    ).fetchall()
    return [(r["kind"], r["user_id"], r["due_at"], r["payload"]) for r in rows]


def att_table(service: TableService) -> None:
    service.new_table(CH, GUILD, ANN, "Ann", "att", None, 2)
    service.join(CH, BOB, "Bob")
    update = service.start(CH, ANN)
    on_update(service.store, service, update, service.clock())


def mover(service: TableService) -> int:
    return next(u for u in (ANN, BOB) if service.choices(CH, u))


def test_a_panel_reads_the_table_its_choices_and_whom_it_waits_for_at_once(
    service: TableService,
) -> None:
    att_table(service)
    user = mover(service)
    other = BOB if user == ANN else ANN
    row, choices, waiting = service.panel(CH, user)
    assert row == service.table(CH)
    assert choices == service.choices(CH, user) and choices
    assert waiting == []
    _, none, waiting = service.panel(CH, other)
    assert none == [] and waiting == service.waiting(CH) and waiting


def test_play_is_the_move_then_the_movers_next_choices(service: TableService) -> None:
    att_table(service)
    for _ in range(12):
        user = mover(service)
        update, choices = service.play(CH, user, service.choices(CH, user)[0].ref)
        assert update.seq == service.table(CH).seq
        assert choices == service.choices(CH, user)
        assert all(c.ref.startswith(f"{update.seq}:") for c in choices)


def test_cached_views_and_menus_are_what_the_engine_says_of_the_state(
    service: TableService,
) -> None:
    att_table(service)
    engine = registry.get("att")
    for _ in range(12):
        user = mover(service)
        update = service.act(CH, user, service.choices(CH, user)[-1].ref)
        state = engine.decode_state(service.table(CH).state)  # fresh from the store
        assert update.view == engine.view(state, None)
        seat = service.table(CH).seat_of(user)
        assert seat is not None
        labels = [engine.describe(a, state) for a in engine.legal_actions(state, seat.id)]
        choices = service.choices(CH, user)
        assert [c.label for c in choices] == [labels[c.index] for c in choices]


def test_a_move_that_keeps_the_same_seats_waiting_leaves_every_reminder_as_it_was(
    store: Store, service: TableService, clock: FakeClock
) -> None:
    att_table(service)
    kept = changed = 0
    for _ in range(30):
        user = mover(service)
        update = service.act(CH, user, service.choices(CH, user)[0].ref)
        clock.now += 60
        if keeps_waits(update):
            before = pending(store)
            on_update(store, service, update, clock())
            assert pending(store) == before
            kept += 1
        else:
            on_update(store, service, update, clock())
            changed += 1
    assert kept and changed  # both kinds of move were seen


def test_only_a_running_game_without_quick_prompts_and_the_same_seats_waiting_skips_it() -> None:
    def update(game: str, status: str = "active", changed: bool = False) -> Update:
        return Update(
            game_id=1, channel_id=CH, game=game, seq=5, status=status, waiting_changed=changed
        )

    assert keeps_waits(update("att"))
    assert not keeps_waits(update("att", changed=True))
    assert not keeps_waits(update("att", status="finished"))
    for game in ("wildlands", "root", "arcadia"):  # their interrupt windows are timed
        assert not keeps_waits(update(game))


def test_the_sender_reads_the_pending_board_and_the_turn_so_far_in_one_call_each(
    store: Store, service: TableService, clock: FakeClock
) -> None:
    service.owes_posts = True
    service.new_table(CH, GUILD, ANN, "Ann", "att", None, 2)
    service.join(CH, BOB, "Bob")
    service.owe_board(service.start(CH, ANN))  # the deal's board, unless owed with the deal
    row = service.table(CH)
    first, board = service.pending_board(row.id)
    assert [p.seq for p in first] == [row.seq]
    assert board == service.board_update(row.id, [p.payload for p in first])
    store.posts_sent([p.id for p in first], message_id=777, now=clock())
    service.set_board_message(row.id, 777)
    assert service.pending_board(row.id) == ([], None)
    user = mover(service)
    update = service.act(CH, user, service.choices(CH, user)[0].ref)
    posts, board = service.pending_board(row.id)
    assert [p.seq for p in posts] == [update.seq]
    assert board == service.board_update(row.id, [p.payload for p in posts])
    assert service.turn_board(row.id, posts, continues=False) == (777, None)
    previous, turn = service.turn_board(row.id, posts, continues=True)
    payloads = [p.payload for p in [*first, *posts]]
    assert previous == 777 and turn == service.board_update(row.id, payloads)


def test_the_move_that_ends_the_game_offers_nothing_more(service: TableService) -> None:
    service.new_table(CH, GUILD, ANN, "Ann", "toy")
    service.join(CH, BOB, "Bob")
    service.start(CH, ANN)
    for _ in range(200):
        user = mover(service)
        update, choices = service.play(CH, user, service.choices(CH, user)[0].ref)
        if update.status != "active":
            break
        assert choices == service.choices(CH, user)
    assert update.status == "finished" and update.outcome is not None
    assert choices == []
