"""The scheduler loop and the timing of reminders and deadlines (issue "Async play across
days"): each item fires once at its time, missed items once at start-up, reminders after 12 h
then every 24 h, and the ``skip`` and ``ai`` deadline policies as ordinary logged actions."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.discord.presentation import notice_text
from bot.store import Reminder, Store
from bot.tables.absence import change_settings
from bot.tables.durations import HOUR
from bot.tables.scheduler import Fired, Scheduler
from bot.tables.service import TableService
from bot.tables.stand_in import Outcome, on_due
from bot.tables.updates import Update
from bot.tables.waits import on_update
from engines import registry
from engines.core.replay import GameRecord, replay_record
from tests.conftest import FakeClock

CH, GUILD = 100, 9
ANN, BOB = 1, 2


def pending(store: Store) -> list[tuple[str, int | None, float]]:
    rows = store.db.execute(
        "SELECT kind, user_id, due_at FROM reminders WHERE fired_at IS NULL ORDER BY due_at, id"
    ).fetchall()
    return [(r["kind"], r["user_id"], r["due_at"]) for r in rows]


def deadlines(store: Store, service: TableService, clock: FakeClock) -> Scheduler[Outcome]:
    """The bot's scheduler without Discord: boards it would publish go to ``on_update``,
    as the ``gm_update`` listener does."""

    def handle(reminder: Reminder) -> Outcome:
        outcome = on_due(store, service, reminder, clock())
        if outcome.update is not None:
            on_update(store, service, outcome.update, clock())
        return outcome

    return Scheduler(store, clock, handle)


def bob_to_move(service: TableService, clock: FakeClock, **settings: object) -> Update:
    """Ann and Bob at High Card; Ann has played, so the game waits for Bob."""
    service.new_table(CH, GUILD, ANN, "Ann", "toy")
    service.join(CH, BOB, "Bob")
    if settings:
        change_settings(service, CH, ANN, False, settings)
    on_update(service.store, service, service.start(CH, ANN), clock())
    update = service.act(CH, ANN, service.choices(CH, ANN)[0].ref)
    on_update(service.store, service, update, clock())
    return update


def notices(fired: list[Fired[Outcome]]) -> list[str]:
    return [notice_text(n) for f in fired if f.result for n in f.result.notices]


def test_an_item_fires_once_at_its_time(store: Store, clock: FakeClock) -> None:
    game = store.create_game(
        channel_id=CH,
        guild_id=GUILD,
        game="toy",
        seed=1,
        options={},
        seats=[],
        state={},
        created_by=ANN,
        now=clock(),
    )
    store.add_reminder(
        game_id=game.id, channel_id=CH, user_id=ANN, kind="x", due_at=clock() + 60, payload={}
    )
    seen: list[int] = []
    scheduler = Scheduler(store, clock, lambda r: seen.append(r.id))
    assert scheduler.fire_due(clock()) == []
    assert scheduler.next_due_at() == clock() + 60
    clock.advance(60)
    assert len(scheduler.fire_due(clock())) == 1
    assert scheduler.fire_due(clock()) == [] and len(seen) == 1
    assert scheduler.next_due_at() is None


def test_a_failing_handler_or_a_damaged_item_neither_repeats_nor_blocks(
    store: Store, clock: FakeClock
) -> None:
    game = store.create_game(
        channel_id=CH,
        guild_id=GUILD,
        game="toy",
        seed=1,
        options={},
        seats=[],
        state={},
        created_by=ANN,
        now=clock(),
    )
    ids = [
        store.add_reminder(
            game_id=game.id, channel_id=CH, user_id=ANN, kind=k, due_at=clock(), payload={}
        )
        for k in ("boom", "damaged", "fine")
    ]
    store.db.execute("UPDATE reminders SET payload = '{' WHERE id = ?", (ids[1],))

    def handler(reminder: Reminder) -> str:
        if reminder.kind == "boom":
            raise RuntimeError("handler bug")
        return reminder.kind

    scheduler = Scheduler(store, clock, handler)
    fired = scheduler.fire_due(clock())
    assert [(f.reminder.kind, f.result) for f in fired] == [("boom", None), ("fine", "fine")]
    assert scheduler.fire_due(clock() + 1) == []
    assert pending(store) == []


def test_reminders_come_after_12_hours_then_every_24(
    store: Store, service: TableService, clock: FakeClock
) -> None:
    bob_to_move(service, clock)
    start = clock()
    assert pending(store) == [("remind", BOB, start + 12 * HOUR)]
    scheduler = deadlines(store, service, clock)
    clock.advance(12 * HOUR - 1)
    assert scheduler.fire_due(clock()) == []
    sent = []
    for at in (12, 36, 60):
        clock.now = start + at * HOUR
        sent += notices(scheduler.fire_due(clock()))
        assert len(sent) == at // 24 + 1
        assert pending(store) == [("remind", BOB, start + (at + 24) * HOUR)]
    assert all(text.startswith(f"<@{BOB}>") and "Bob" in text for text in sent)


def test_a_move_cancels_the_reminders_of_whoever_was_waiting(
    store: Store, service: TableService, clock: FakeClock
) -> None:
    bob_to_move(service, clock)
    clock.advance(HOUR)
    on_update(store, service, service.act(CH, BOB, service.choices(CH, BOB)[0].ref), clock())
    assert pending(store) == [("remind", ANN, clock() + 12 * HOUR)]


def test_updates_handled_late_or_out_of_order_leave_the_current_wait_only(
    store: Store, service: TableService, clock: FakeClock
) -> None:
    service.new_table(CH, GUILD, ANN, "Ann", "toy")
    service.join(CH, BOB, "Bob")
    service.start(CH, ANN)
    first = service.act(CH, ANN, service.choices(CH, ANN)[0].ref)  # waits for Bob
    second = service.act(CH, BOB, service.choices(CH, BOB)[0].ref)  # waits for Ann
    on_update(store, service, second, clock())
    on_update(store, service, first, clock())
    assert pending(store) == [("remind", ANN, clock() + 12 * HOUR)]
    update = second
    while update.status == "active":
        user = update.waiting[0].user_id
        assert user is not None
        update = service.act(CH, user, service.choices(CH, user)[0].ref)
    on_update(store, service, update, clock())
    assert pending(store) == []  # the game is over: nobody is reminded


def test_a_late_bot_sends_one_reminder_not_one_per_missed_slot(
    store: Store, service: TableService, clock: FakeClock
) -> None:
    bob_to_move(service, clock)
    start = clock()
    clock.advance(100 * HOUR)  # slots at 12, 36, 60 and 84 h all missed
    assert len(notices(deadlines(store, service, clock).fire_due(clock()))) == 1
    assert pending(store) == [("remind", BOB, start + 108 * HOUR)]


def test_skip_plays_the_rules_default_as_a_logged_action_that_replays(
    store: Store, service: TableService, clock: FakeClock
) -> None:
    before = bob_to_move(service, clock, policy="skip", deadline=2 * HOUR)
    assert [k for k, _, _ in pending(store)] == ["deadline", "remind"]
    engine = registry.get("toy")
    state = engine.decode_state(service.table(CH).state)
    expected = engine.describe(engine.default_action(state, 1), state)
    clock.advance(2 * HOUR)
    (fired,) = deadlines(store, service, clock).fire_due(clock())
    assert fired.result is not None and fired.result.update is not None
    update = fired.result.update
    assert update.seq == before.seq + 1 and [w.name for w in update.waiting] == ["Ann"]
    note = "⏰ Bob's time ran out: the rules' default move is played for them."
    assert update.header == [note]  # who moved heads the board, never trimmed
    assert any(expected.split()[-1] in line for line in update.lines)
    (row,) = store.log(update.game_id, 1)
    assert row.seat == 1 and row.user_id is None
    assert row.events[0] == {"text": note, "to": None, "kind": "stand-in"}
    assert note in service.recent_log(CH)[-1]
    rebuilt = replay_record(engine, GameRecord.from_json(service.export(CH)))
    assert engine.encode_state(rebuilt) == service.table(CH).state
    # The game went on: Ann now waits, with her own fresh items.
    assert pending(store) == [
        ("deadline", ANN, clock() + 2 * HOUR),
        ("remind", ANN, clock() + 12 * HOUR),
    ]


def test_ai_stand_in_moves_for_the_absent_seat_and_replays(
    store: Store, service: TableService, clock: FakeClock
) -> None:
    bob_to_move(service, clock, policy="ai", deadline=HOUR)
    clock.advance(HOUR)
    (fired,) = deadlines(store, service, clock).fire_due(clock())
    assert fired.result is not None and fired.result.update is not None
    assert fired.result.update.header == ["⏰ Bob's time ran out: an AI stand-in moves for them."]
    (row,) = store.log(fired.result.update.game_id, 1)
    assert row.seat == 1 and row.events[0]["kind"] == "stand-in"
    engine = registry.get("toy")
    rebuilt = replay_record(engine, GameRecord.from_json(service.export(CH)))
    assert engine.encode_state(rebuilt) == service.table(CH).state
    assert service.table(CH).seats[1].kind == "human"  # Bob keeps his seat


def test_a_deadline_does_nothing_once_the_player_has_moved(
    store: Store, service: TableService, clock: FakeClock
) -> None:
    bob_to_move(service, clock, policy="skip", deadline=HOUR)
    deadline = next(r for r in store.due(clock() + 12 * HOUR) if r.kind == "deadline")
    service.act(CH, BOB, service.choices(CH, BOB)[0].ref)  # no listener ran: item still stored
    seq = service.table(CH).seq
    clock.advance(HOUR)
    assert on_due(store, service, deadline, clock()) == Outcome()
    assert service.table(CH).seq == seq


def test_the_clock_restarts_when_the_game_moves_but_the_same_seat_still_waits(
    store: Store, service: TableService, clock: FakeClock
) -> None:
    bob_to_move(service, clock, policy="skip", deadline=HOUR)
    moved = clock()
    store.cancel_reminders(service.table(CH).id)
    row = service.table(CH)
    # An item from before Bob's latest move: his wait then began ten hours earlier.
    store.add_reminder(
        game_id=row.id,
        channel_id=CH,
        user_id=BOB,
        kind="deadline",
        due_at=moved - 9 * HOUR,
        payload={"seat": 1, "seq": row.seq - 1, "since": moved - 10 * HOUR},
    )
    clock.advance(30 * 60)
    fired = deadlines(store, service, clock).fire_due(clock())
    assert [f.result for f in fired] == [Outcome()]
    assert service.table(CH).seq == row.seq
    assert pending(store) == [("deadline", BOB, moved + HOUR)]


def test_after_a_restart_missed_items_fire_once_never_twice(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "gm.sqlite3"
    first = Store(path)
    service = TableService(first, clock=clock, seed_source=lambda: 7)
    bob_to_move(service, clock, policy="skip", deadline=24 * HOUR)
    first.close()  # the bot goes down for five days
    clock.advance(5 * 24 * HOUR)

    stores = [Store(path), Store(path)]  # the bot comes back; a second process races it
    services = [TableService(s, clock=clock, seed_source=lambda: 7) for s in stores]
    schedulers = [deadlines(s, sv, clock) for s, sv in zip(stores, services, strict=True)]
    fired = schedulers[0].fire_due(clock()) + schedulers[1].fire_due(clock())
    assert sorted(f.reminder.kind for f in fired) == ["deadline", "remind"]
    assert len({f.reminder.id for f in fired}) == 2
    assert schedulers[0].fire_due(clock()) == [] and schedulers[1].fire_due(clock()) == []
    # The deadline was applied once: one stand-in row in the log.
    log = stores[0].log(services[0].table(CH).id, 50)
    assert sum(1 for r in log if r.events and r.events[0]["kind"] == "stand-in") == 1
    for s in stores:
        s.close()


async def test_run_sleeps_until_poked_then_fires_and_stops(
    store: Store, service: TableService, clock: FakeClock
) -> None:
    bob_to_move(service, clock)
    start = clock()
    clock.advance(12 * HOUR)  # the first reminder is due when the loop starts
    batches: list[list[Fired[Outcome]]] = []
    fired = asyncio.Event()

    async def on_fired(batch: list[Fired[Outcome]]) -> None:
        batches.append(batch)
        fired.set()

    scheduler = Scheduler(
        store, clock, lambda r: on_due(store, service, r, clock()), on_fired=on_fired
    )
    task = asyncio.create_task(scheduler.run())
    await asyncio.wait_for(fired.wait(), 5)
    fired.clear()
    # The loop now sleeps until the next reminder, a day away in real time. Fake time
    # passes, and only the poke wakes it: no polling.
    clock.advance(24 * HOUR)
    scheduler.poke()
    await asyncio.wait_for(fired.wait(), 5)
    assert [[f.reminder.due_at for f in batch] for batch in batches] == [
        [start + 12 * HOUR],
        [start + 36 * HOUR],
    ]
    scheduler.stop()
    await asyncio.wait_for(task, 5)


def test_fired_items_are_pruned_after_a_week(service: TableService, clock: FakeClock) -> None:
    from bot.tables.scheduler import KEEP_FIRED

    store = service.store
    game = service.new_table(77, None, 1, "Ann", "toy").id

    def remind() -> int:
        return store.add_reminder(
            game_id=game, channel_id=77, user_id=1, kind="remind", due_at=clock(), payload={}
        )

    old = remind()
    Scheduler(store, clock, lambda r: None).fire_due(clock())
    clock.advance(KEEP_FIRED + 60)
    new = remind()
    Scheduler(store, clock, lambda r: None).fire_due(clock())
    ids = [r["id"] for r in store.db.execute("SELECT id FROM reminders").fetchall()]
    assert ids == [new] and old != new
