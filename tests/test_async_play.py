"""Async play across days, at the table (issue "Async play across days"): settings and who
may change them, away and back, DM reminders with their fallback, /game mine across channels,
stand-ins by vote, the board's deadline line and its one mention per change, and the cog's
installation into the /game group."""

from __future__ import annotations

import asyncio
import re

import pytest
from discord import app_commands

from bot.discord.app import GameMaster
from bot.discord.cogs.deadlines import DeadlinesCog
from bot.discord.cogs.game import GameCog
from bot.discord.presentation import (
    away_lines,
    board_link,
    clock_line,
    mine_text,
    notice_dm_text,
    notice_text,
)
from bot.store import Store, TableRecord
from bot.tables.absence import (
    away_players,
    change_settings,
    come_back,
    games_waiting_for,
    set_away,
    set_notify,
    table_settings,
    vote_replace,
)
from bot.tables.delivery import deliver
from bot.tables.durations import DAY, HOUR, MINUTE, format_duration, parse_duration
from bot.tables.presenter import board_text
from bot.tables.scheduler import Scheduler
from bot.tables.service import TableService
from bot.tables.settings import DM_BLOCKED_KEY, TableSettings
from bot.tables.stand_in import Notice, on_due
from bot.tables.updates import BadSettings, Update
from bot.tables.waits import board_clock, on_update
from engines.core.errors import GameError
from tests.conftest import FakeClock

CH, GUILD = 100, 9
ANN, BOB, CAT, DAN = 1, 2, 3, 4


def pending(store: Store) -> list[tuple[str, int | None, float]]:
    rows = store.db.execute(
        "SELECT kind, user_id, due_at FROM reminders WHERE fired_at IS NULL ORDER BY due_at, id"
    ).fetchall()
    return [(r["kind"], r["user_id"], r["due_at"]) for r in rows]


def table(service: TableService, channel: int = CH, guild: int = GUILD, *players: int) -> Update:
    """A started High Card table; the first player is Ann unless others are named."""
    names = {ANN: "Ann", BOB: "Bob", CAT: "Cat", DAN: "Dan"}
    seated = players or (ANN, BOB)
    service.new_table(channel, guild, seated[0], names[seated[0]], "toy")
    for user in seated[1:]:
        service.join(channel, user, names[user])
    update = service.start(channel, seated[0])
    on_update(service.store, service, update, service.clock())
    return update


def play(service: TableService, user: int, channel: int = CH) -> Update:
    update = service.act(channel, user, service.choices(channel, user)[0].ref)
    on_update(service.store, service, update, service.clock())
    return update


def fire(service: TableService, clock: FakeClock) -> list[str]:
    """Fire what is due; return the notices' texts."""
    store = service.store
    fired = Scheduler(store, clock, lambda r: on_due(store, service, r, clock())).fire_due(clock())
    return [notice_text(n) for f in fired if f.result for n in f.result.notices]


# ---------------------------------------------------------------------- settings
def test_durations_read_and_print_like_people_write_them() -> None:
    assert parse_duration("3d") == 3 * DAY
    assert parse_duration("12h") == 12 * HOUR
    assert parse_duration("1d12h") == 36 * HOUR
    assert parse_duration("1 day, 2 hours 30 minutes") == 26 * HOUR + 30 * MINUTE
    assert parse_duration("1.5h") == 90 * MINUTE
    for bad in ("soon", "3", "h", "3 fortnights", ""):
        with pytest.raises(BadSettings, match="like `3d`, `12h`"):
            parse_duration(bad)
    assert format_duration(36 * HOUR) == "1 day 12 hours"
    assert format_duration(2 * DAY) == "2 days"
    assert format_duration(45 * MINUTE) == "45 minutes"


def test_settings_are_validated_in_plain_sentences() -> None:
    assert TableSettings() == TableSettings.of(TableRecord())
    assert TableSettings().policy == "remind"
    with pytest.raises(BadSettings, match="deadline policy must be one of none, remind, skip"):
        TableSettings.parse({"policy": "panic"})
    with pytest.raises(BadSettings, match="The deadline must be between 10 minutes and 30 days"):
        TableSettings.parse({"deadline": 60})
    with pytest.raises(BadSettings, match="time between reminders must be between 1 hour"):
        TableSettings.parse({"remind_every": 60})
    with pytest.raises(BadSettings, match="no table setting called `colour`"):
        TableSettings.parse({"colour": "red"})


def test_only_the_creator_or_a_channel_manager_changes_settings(
    service: TableService, clock: FakeClock
) -> None:
    table(service)
    with pytest.raises(GameError, match="opened the table or someone with Manage Channel"):
        change_settings(service, CH, BOB, False, {"policy": "skip"})
    assert table_settings(service, CH) == TableSettings()
    got = change_settings(service, CH, BOB, True, {"policy": "skip", "deadline": 3 * DAY})
    assert got == TableSettings(policy="skip", deadline=3 * DAY)
    got = change_settings(service, CH, ANN, False, {"remind_after": 6 * HOUR})
    assert (got.policy, got.deadline, got.remind_after) == ("skip", 3 * DAY, 6 * HOUR)
    settings = service.table(CH).settings
    assert settings == TableRecord(seats_wanted=None, deadlines=got.model_dump())  # the rest kept
    assert "3 days after the wait begins" in got.describe()
    assert "after 6 hours, then every 1 day" in got.describe()
    with pytest.raises(BadSettings):
        change_settings(service, CH, ANN, False, {"policy": "panic"})
    assert table_settings(service, CH) == got


def test_changing_settings_restarts_the_waiting_clock(
    service: TableService, clock: FakeClock
) -> None:
    table(service)
    clock.advance(5 * HOUR)
    change_settings(service, CH, ANN, False, {"policy": "ai", "deadline": 2 * HOUR})
    assert pending(service.store) == [
        ("deadline", ANN, clock() + 2 * HOUR),
        ("remind", ANN, clock() + 12 * HOUR),
    ]
    change_settings(service, CH, ANN, False, {"policy": "none"})
    assert pending(service.store) == []


# ---------------------------------------------------------------------- away and back
def test_away_pauses_reminders_and_deadlines_and_back_restarts_them(
    service: TableService, clock: FakeClock
) -> None:
    table(service)
    change_settings(service, CH, ANN, False, {"policy": "skip", "deadline": HOUR})
    start = clock()
    until = set_away(service, BOB, parse_duration("3d"))
    assert until == start + 3 * DAY
    play(service, ANN)  # now the game waits for Bob, who is away
    assert pending(service.store) == [("resume", BOB, until)]
    assert away_lines(away_players(service, service.table(CH))) == [
        f"Bob is away until <t:{int(until)}:f> (<t:{int(until)}:R>); "
        "reminders and the deadline wait for them."
    ]
    seq = service.table(CH).seq
    clock.advance(DAY)
    assert fire(service, clock) == [] and service.table(CH).seq == seq  # no deadline fired
    assert come_back(service, BOB) is True
    assert come_back(service, BOB) is False
    assert away_lines(away_players(service, service.table(CH))) == []
    assert pending(service.store) == [
        ("deadline", BOB, clock() + HOUR),
        ("remind", BOB, clock() + 12 * HOUR),
    ]
    with pytest.raises(BadSettings, match="up to 14 days"):
        set_away(service, BOB, parse_duration("15d"))


def test_when_away_time_ends_the_clock_starts_afresh(
    service: TableService, clock: FakeClock
) -> None:
    table(service)
    change_settings(service, CH, ANN, False, {"policy": "skip", "deadline": HOUR})
    set_away(service, ANN, 12 * HOUR)  # Ann is waited for right now
    assert [k for k, _, _ in pending(service.store)] == ["resume"]
    clock.advance(12 * HOUR)
    assert fire(service, clock) == []
    assert pending(service.store) == [
        ("deadline", ANN, clock() + HOUR),
        ("remind", ANN, clock() + 12 * HOUR),
    ]


# ---------------------------------------------------------------------- delivery
class FakeNotifier:
    def __init__(self, dm: bool | Exception) -> None:
        self.dm = dm
        self.channel: list[tuple[int, str]] = []
        self.dms: list[tuple[int, str]] = []

    async def send_channel(self, notice: Notice) -> None:
        self.channel.append((notice.channel_id, notice_text(notice)))

    async def send_dm(self, notice: Notice) -> bool:
        assert notice.user_id is not None
        self.dms.append((notice.user_id, notice_dm_text(notice)))
        if isinstance(self.dm, Exception):
            raise self.dm
        return self.dm


NOTE = Notice(
    kind="reminder",
    channel_id=CH,
    guild_id=GUILD,
    user_id=BOB,
    title="High Card",
    seat_name="Bob",
    since=0,
    policy="remind",
    board_message_id=5,
)


async def test_reminders_go_where_the_player_asked(store: Store, service: TableService) -> None:
    notifier = FakeNotifier(dm=True)
    assert await deliver(store, notifier, NOTE, 0) == "channel"  # the default
    assert "by direct message" in set_notify(service, BOB, "dm")
    assert await deliver(store, notifier, NOTE, 0) == "dm"
    assert notifier.dms == [(BOB, notice_dm_text(NOTE))] and notifier.channel == [
        (CH, notice_text(NOTE))
    ]
    set_notify(service, BOB, "off")
    assert await deliver(store, notifier, NOTE, 0) == "off"
    assert len(notifier.dms) == 1 and len(notifier.channel) == 1


async def test_a_refused_dm_falls_back_to_the_channel_and_is_remembered(
    store: Store, service: TableService
) -> None:
    set_notify(service, BOB, "dm")
    notifier = FakeNotifier(dm=False)  # the player's privacy settings refuse DMs
    assert await deliver(store, notifier, NOTE, 0) == "channel"
    assert store.get_user(BOB, DM_BLOCKED_KEY) is True
    assert await deliver(store, notifier, NOTE, 0) == "channel"
    assert len(notifier.dms) == 1  # the second went to the channel directly
    assert notifier.channel == [(CH, notice_text(NOTE))] * 2
    set_notify(service, BOB, "dm")  # asking for DMs again tries them again
    assert store.get_user(BOB, DM_BLOCKED_KEY) is False


async def test_a_dm_that_fails_for_another_reason_falls_back_once(
    store: Store, service: TableService
) -> None:
    set_notify(service, BOB, "dm")
    notifier = FakeNotifier(dm=ConnectionError("network hiccup"))
    assert await deliver(store, notifier, NOTE, 0) == "channel"
    assert not store.get_user(BOB, DM_BLOCKED_KEY)
    notifier.dm = True
    assert await deliver(store, notifier, NOTE, 0) == "dm"


def test_a_reminder_tells_whom_when_and_links_the_board(
    service: TableService, clock: FakeClock
) -> None:
    update = table(service)
    change_settings(service, CH, ANN, False, {"policy": "skip"})
    service.set_board_message(update.game_id, 5551)
    clock.advance(12 * HOUR)
    store = service.store
    fired = Scheduler(store, clock, lambda r: on_due(store, service, r, clock())).fire_due(clock())
    (notice,) = [n for f in fired if f.result for n in f.result.notices]
    start = int(clock() - 12 * HOUR)
    deadline = start + 2 * DAY
    text, dm_text = notice_text(notice), notice_dm_text(notice)
    assert text.startswith(
        f"<@{ANN}>, High Card has been waiting for your move as Ann since <t:{start}:f>."
    )
    assert f"If you have not moved <t:{deadline}:R>, the rules' default move" in text
    assert f"https://discord.com/channels/{GUILD}/{CH}/5551" in dm_text


# ---------------------------------------------------------------------- /game mine
def test_mine_lists_every_game_waiting_for_me_across_channels(
    service: TableService, clock: FakeClock
) -> None:
    table(service, 101, GUILD, ANN, BOB)  # waits for Ann
    clock.advance(HOUR)
    table(service, 102, GUILD, BOB, ANN)  # waits for Bob
    clock.advance(HOUR)
    third = table(service, 103, GUILD, CAT, ANN)
    play(service, CAT, 103)  # now waits for Ann
    table(service, 104, GUILD + 1, ANN, BOB)  # another server
    service.set_board_message(third.game_id, 7777)

    entries = games_waiting_for(service, GUILD, ANN)
    assert [(e.channel_id, e.seat_name) for e in entries] == [(101, "Ann"), (103, "Ann")]
    links = [board_link(e.guild_id, e.channel_id, e.board_message_id) for e in entries]
    assert links == [
        f"https://discord.com/channels/{GUILD}/101",
        f"https://discord.com/channels/{GUILD}/103/7777",
    ]
    text = mine_text(entries)
    assert text.startswith("**2 games waiting for you:**")
    assert f"High Card in <#103> as Ann, your move since <t:{int(clock())}:f>" in text
    assert f"[latest board](https://discord.com/channels/{GUILD}/103/7777)" in text
    assert [e.channel_id for e in games_waiting_for(service, GUILD, BOB)] == [102]
    assert mine_text(games_waiting_for(service, GUILD, DAN)) == (
        "No game is waiting for you right now."
    )
    assert "… and" in mine_text(entries * 40) and len(mine_text(entries * 40)) <= 2000


# ---------------------------------------------------------------------- boards
def mentions(text: str) -> list[str]:
    return re.findall(r"<@\d+>", text)


def test_a_board_mentions_whoever_must_act_once_per_change(
    service: TableService, clock: FakeClock
) -> None:
    change = []
    boards = []
    update = table(service)
    boards.append(update)
    boards.append(service.current_update(CH))  # /game board: the same wait again
    boards.append(play(service, ANN))
    boards.append(service.current_update(CH))
    boards.append(play(service, BOB))
    for update in boards:
        line = clock_line(board_clock(service, update))
        assert line is not None and not mentions(line)  # the time line never pings
        change.append(mentions(board_text(update)))
    assert change == [[f"<@{ANN}>"], [], [f"<@{BOB}>"], [], [f"<@{ANN}>"]]


def test_the_deadline_line_says_when_and_what_happens(
    service: TableService, clock: FakeClock
) -> None:
    update = table(service)
    now = int(clock())
    assert clock_line(board_clock(service, update)) == (
        f"⏰ A reminder goes out <t:{now + 12 * HOUR}:R> if the game is still waiting for Ann."
    )
    change_settings(service, CH, ANN, False, {"policy": "ai", "deadline": DAY})
    assert clock_line(board_clock(service, update)) == (
        f"⏰ Deadline <t:{now + DAY}:R>: then an AI stand-in moves for Ann."
    )
    until = set_away(service, ANN, DAY)
    assert clock_line(board_clock(service, update)) == (
        f"Ann is away until <t:{int(until)}:f>; reminders and the deadline wait for them."
    )
    change_settings(service, CH, ANN, False, {"policy": "none"})
    assert clock_line(board_clock(service, update)) is None


# ---------------------------------------------------------------------- stand-ins
def test_a_majority_of_the_others_hands_a_seat_to_an_ai(
    service: TableService, clock: FakeClock
) -> None:
    table(service, CH, GUILD, ANN, BOB, CAT)
    set_away(service, CAT, DAY)  # only an absent player's seat can be handed over
    with pytest.raises(GameError, match="use /game leave"):
        vote_replace(service, CH, CAT, CAT)
    with pytest.raises(GameError, match="Only players at the table"):
        vote_replace(service, CH, DAN, CAT)
    with pytest.raises(GameError, match="no seat"):
        vote_replace(service, CH, ANN, DAN)
    first = vote_replace(service, CH, ANN, CAT)
    assert first.update is None and "1 of 2 needed" in first.message
    assert vote_replace(service, CH, ANN, CAT).update is None  # voting twice counts once
    # A vote for a different replacement does not add to the AI votes.
    assert "1 of 2" in vote_replace(service, CH, BOB, CAT, (DAN, "Dan")).message
    done = vote_replace(service, CH, BOB, CAT)
    assert done.update is not None
    assert done.update.lines[0] == "By vote of the table, an AI stand-in now plays Cat's seat."
    cat = service.table(CH).seats[2]
    assert (cat.kind, cat.user_id) == ("ai", None)
    assert service.table(CH).settings.replace_votes == {}
    play(service, ANN)
    update = play(service, BOB)  # the AI plays Cat's turn; the game goes on
    assert [w.name for w in update.waiting] == ["Ann"] and update.seq >= 3


def test_a_new_player_takes_over_a_seat_and_is_told_it_is_their_move(
    service: TableService, clock: FakeClock
) -> None:
    table(service, CH, GUILD, BOB, ANN)  # waits for Bob
    clock.advance(2 * DAY)  # Bob is past the table's deadline
    with pytest.raises(GameError, match="Ann already has a seat"):
        vote_replace(service, CH, ANN, BOB, (ANN, "Ann"))
    # Two people: Ann (not the creator) needs Manage Channel to hand Bob's seat over.
    done = vote_replace(service, CH, ANN, BOB, (DAN, "Dan"), is_manager=True)
    assert done.update is not None and done.update.waiting_changed
    assert done.update.lines == ["By vote of the table, Dan now plays Bob's seat."]
    assert mentions(board_text(done.update)) == [f"<@{DAN}>"]
    on_update(service.store, service, done.update, clock())
    assert pending(service.store) == [("remind", DAN, clock() + 12 * HOUR)]
    with pytest.raises(GameError, match="not playing"):
        service.act(CH, BOB, "0:0")
    play(service, DAN)


def test_a_player_who_leaves_is_followed_by_an_ai_and_their_reminders_stop(
    service: TableService, clock: FakeClock
) -> None:
    table(service)
    service.leave(CH, ANN)
    on_update(service.store, service, service.resume_ai(CH), clock())
    assert pending(service.store) == [("remind", BOB, clock() + 12 * HOUR)]


# ---------------------------------------------------------------------- the cog
async def test_the_game_cog_holds_every_command_and_the_scheduler_runs_with_its_cog(
    service: TableService, clock: FakeClock
) -> None:
    bot = GameMaster(service)
    async with bot:  # sets the client up without connecting
        await bot.add_cog(GameCog(bot))
        deadlines = DeadlinesCog(bot, bot)
        await bot.add_cog(deadlines)
        group = bot.tree.get_command("game")
        assert isinstance(group, app_commands.Group)
        names = {c.name for c in group.commands}
        assert {"settings", "away", "back", "mine", "notify", "replace", "status"} <= names
        replace = group.get_command("replace")
        assert isinstance(replace, app_commands.Command)
        assert [p.display_name for p in replace.parameters] == ["user", "with"]
        service.new_table(CH, GUILD, ANN, "Ann", "toy")
        service.join(CH, BOB, "Bob")
        await deadlines.on_gm_update(service.start(CH, ANN))
        assert pending(service.store) == [("remind", ANN, clock() + 12 * HOUR)]
        assert len([t for t in asyncio.all_tasks() if t.get_name() == "gm-scheduler"]) == 1
        await bot.remove_cog(deadlines.qualified_name)
        await asyncio.sleep(0)
        assert not [t for t in asyncio.all_tasks() if t.get_name() == "gm-scheduler"]
