"""Quick timed prompts (issue "Wildlands", In Discord): an interrupt window gives every asked
player the table's window time from its opening, closes early once all have answered, and
an unanswered seat passes by the rules' default, logged as such."""

from __future__ import annotations

from bot.discord.presentation import clock_line
from bot.tables.absence import change_settings
from bot.tables.durations import parse_duration
from bot.tables.scheduler import Scheduler
from bot.tables.service import TableService
from bot.tables.settings import TableSettings
from bot.tables.stand_in import on_due
from bot.tables.updates import Update
from bot.tables.waits import board_clock, on_update
from engines import registry
from tests.conftest import FakeClock

CH = 300
ANN, BOB, CAT = 1, 2, 3
ENTRY = registry.entry("wildlands")


def window_kinds(service: TableService) -> list[tuple[int | None, float]]:
    game = service.table(CH).id
    return [(r.user_id, r.due_at) for r in service.store.reminders_for(game, "window")]


def state(service: TableService):
    return ENTRY.engine.decode_state(service.table(CH).state)


def to_first_window(service: TableService, clock: FakeClock) -> Update:
    """Three players; everyone plays the rules' default until an interrupt window opens."""
    service.new_table(CH, 9, ANN, "Ann", "wildlands")
    service.join(CH, BOB, "Bob")
    service.join(CH, CAT, "Cat")
    update = service.start(CH, ANN)
    engine = ENTRY.engine
    while ENTRY.quick_prompt(state(service)) is None:
        w = update.waiting[0]
        s = state(service)
        legal = [engine.encode_action(a) for a in engine.legal_actions(s, w.seat)]
        index = legal.index(engine.encode_action(engine.default_action(s, w.seat)))
        update = service.act(CH, w.user_id, f"{service.table(CH).seq}:{index}")
        clock.advance(5)
    on_update(service.store, service, update, clock())
    return update


def fire(service: TableService, clock: FakeClock) -> list:
    store = service.store
    return Scheduler(store, clock, lambda r: on_due(store, service, r, clock())).fire_due(clock())


def test_a_window_times_out_as_a_pass_for_whoever_did_not_answer(
    service: TableService, clock: FakeClock
) -> None:
    update = to_first_window(service, clock)
    asked = sorted(w.user_id for w in update.waiting)
    assert len(asked) == 2
    opened = clock()
    assert sorted(window_kinds(service)) == [(u, opened + 30) for u in asked]
    line = clock_line(board_clock(service, update))
    assert (
        line
        == f"⏱ The interrupt window closes <t:{int(opened + 30)}:R>; no answer counts as a pass."
    )

    # One player answers after 10 s: the other's timer keeps running from the opening.
    clock.advance(10)
    first = asked[0]
    answered = service.act(CH, first, service.choices(CH, first)[0].ref)
    on_update(service.store, service, answered, clock())
    assert window_kinds(service) == [(asked[1], opened + 30)]

    clock.advance(19)
    assert fire(service, clock) == []
    clock.advance(2)
    fired = fire(service, clock)
    assert len(fired) == 1 and fired[0].result.update is not None
    assert ENTRY.quick_prompt(state(service)) is None  # the window closed
    log = service.store.effective_actions(service.table(CH).id)
    assert log[-1].seat is not None and log[-1].user_id is None
    assert "did not answer the interrupt window in time" in log[-1].events[0]["text"]
    assert fire(service, clock) == []  # never twice


def test_a_window_closes_early_once_everyone_answered(
    service: TableService, clock: FakeClock
) -> None:
    update = to_first_window(service, clock)
    for w in update.waiting:
        answered = service.act(CH, w.user_id, service.choices(CH, w.user_id)[0].ref)
        on_update(service.store, service, answered, clock())
    assert ENTRY.quick_prompt(state(service)) is None
    assert window_kinds(service) == []
    seq = service.table(CH).seq
    clock.advance(60)
    fire(service, clock)
    assert service.table(CH).seq == seq


def test_a_table_can_switch_the_window_timer_off(service: TableService, clock: FakeClock) -> None:
    to_first_window(service, clock)
    settings = change_settings(service, CH, ANN, False, {"window": parse_duration("off")})
    assert settings.window == 0 and "wait for every answer" in settings.describe()
    update = service.current_update(CH)
    update.waiting_changed = True
    on_update(service.store, service, update, clock())
    assert window_kinds(service) == []
    assert TableSettings().window == 30 and parse_duration("45s") == 45
