"""How heavy a turn is for players (issue 19): seeded games played through the fake Discord
the way a player would, with the panel kept open, counting taps and public messages.

Targets: an ATT turn in at most 10 taps on average, a Wildlands card play in at most 4,
and at most 2 public messages per turn per player in ATT and Wildlands; a solo game of The
Awoken posts one a round (issue 35)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bot.discord.flow import LATE_BOARD
from bot.tables.updates import Choice, view_round
from engines import registry
from engines.core.rng import Rng
from tests.e2e.conftest import Table
from tests.e2e.driver import REPLY_TIMEOUT, first_choice, slash
from tests.fakediscord import MessageRecord, ResponseRecord

pytestmark = pytest.mark.e2e


@dataclass
class Counts:
    turn_taps: list[int] = field(default_factory=list)  # taps per turn (one seat's run)
    path_taps: list[int] = field(default_factory=list)  # taps per move made in steps
    turns: int = 0
    public: int = 0  # public messages posted (edits not counted)


def live_board(table: Table) -> MessageRecord:
    boards = [
        m
        for m in table.fake.channel(table.channel.id).messages
        if not m.ephemeral and m.png() is not None and m.components
    ]
    assert boards, "no live board"
    return boards[-1]


def finished(content: str | None) -> bool:
    """A panel answer that confirms a made move (not a drill-down step)."""
    return bool(content) and (content or "").startswith(("Done", LATE_BOARD))


async def settled(table: Table, ix_responses: list[ResponseRecord]) -> ResponseRecord:
    await table.fake.wait_until(
        lambda: any(r.content and not r.content.startswith("Playing") for r in ix_responses),
        timeout=REPLY_TIMEOUT,
        what="an answer to a pick",
    )
    return [r for r in ix_responses if r.content and not r.content.startswith("Playing")][-1]


def wanted(table: Table, user: int, policy: str | None) -> Choice | None:
    """The move a player with the game's ``policy`` would make (None: the first offered)."""
    if policy is None:
        return None
    service = table.bot.service
    row = service.table(table.channel.id)
    engine = registry.get(row.game)
    state = engine.decode_state(row.state)
    seat = row.seat_of(user)
    assert seat is not None
    action = registry.entry(row.game).policy(policy).choose(engine, state, seat.id, Rng(row.seq))
    index = list(engine.legal_actions(state, seat.id)).index(action)
    return service.choices(table.channel.id, user)[index]


def component_for(components: list[dict], choice: Choice | None) -> tuple[str, dict, list[str]]:
    """Where the panel offers ``choice``: ("button" | "select", component, values); the
    "More…" option of a menu when it is on a later page; the first move for None."""
    if choice is None:
        kind, comp = first_choice(components)
        return kind, comp, [] if kind == "button" else [comp["options"][0]["value"]]
    flat = [c for row in components for c in row.get("components", [])]
    for comp in flat:
        cid = comp.get("custom_id", "")
        if cid.startswith("gm:act:") and cid.endswith(f":{choice.index}"):
            return "button", comp, []
        options = comp.get("options", [])
        values = [o["value"] for o in options]
        if cid.startswith("gm:sel:") and str(choice.index) in values:
            return "select", comp, [str(choice.index)]
        if cid.startswith("gm:pick:") and choice.pick is not None:
            items = [v for v, _ in choice.pick.items]
            if set(items) <= set(values):
                return "select", comp, items
        if cid.startswith("gm:path:") and choice.path is not None:
            labels = {o["label"]: o["value"] for o in options}
            step = next((labels[x[:100]] for x in choice.path.steps if x[:100] in labels), None)
            if step is not None:
                return "select", comp, [step]
    for comp in flat:
        more = [o["value"] for o in comp.get("options", []) if o["value"].startswith("page:")]
        if more:
            return "select", comp, more[:1]
    raise AssertionError(f"the panel does not offer {choice.label!r}")


async def play(table: Table, turns: int, max_taps: int = 400, policy: str | None = None) -> Counts:
    """Play ``turns`` turns, each player making the move ``policy`` picks (the first move
    offered for None), through "Your move" and then the panel that stays open."""
    fake, ch, service = table.fake, table.channel.id, table.bot.service
    first_message = live_board(table).id
    counts = Counts()
    current: int | None = None
    panel: ResponseRecord | None = None
    taps = 0
    move_taps = 0
    choice: Choice | None = None
    for _ in range(max_taps):
        if service.table(ch).status != "active" if service.store.open_game(ch) else True:
            break
        user = service.waiting(ch)[0].user_id
        assert user is not None
        if user != current:
            if current is not None:
                counts.turn_taps.append(taps)
                counts.turns += 1
                if counts.turns >= turns:
                    break
            current, panel, taps = user, None, 0
        if panel is None:
            ix = await fake.user(user).click(live_board(table), "Your move")
            taps += 1
            move_taps += 1
            panel = await settled(table, ix.responses)
            assert panel.components, panel.content
        if move_taps <= 1:
            choice = wanted(table, user, policy)
        kind, comp, values = component_for(panel.components, choice)
        assert panel.message_id is not None
        if kind == "button":
            ix = await fake.user(user).click(panel.message_id, comp["custom_id"])
        else:
            ix = await fake.user(user).select(panel.message_id, comp["custom_id"], values)
        taps += 1
        move_taps += 1
        reply = await settled(table, ix.responses)
        paging = any(v.startswith("page:") for v in values)
        if comp["custom_id"].startswith("gm:sel:") and not paging:
            # The pick is confirmed by its label at once (issue 35), from a menu rebuilt
            # from its custom id.
            label = next(o["label"] for o in comp["options"] if o["value"] == values[0])
            playing = [r.content for r in ix.responses if (r.content or "").startswith("Playing")]
            assert playing[:1] == [f"Playing: {label} …"], playing
        if (paging or comp["custom_id"].startswith("gm:path:")) and not finished(reply.content):
            assert reply.components, reply.content  # the next step of the move
            panel = reply
            continue
        assert finished(reply.content), reply.content
        if comp["custom_id"].startswith("gm:path:"):
            counts.path_taps.append(move_taps)
        move_taps = 0
        panel = reply if reply.components else None
    messages = fake.channel(ch).messages
    counts.public = sum(1 for m in messages if not m.ephemeral and m.id > first_message)
    return counts


async def start(table: Table, game: str, seats: int, options: str = "") -> None:
    fake, ch = table.fake, table.channel.id
    extra = {"options": options} if options else {}
    await slash(fake, table.ann.id, ch, "game new", game=game, seats=seats, **extra)
    if seats > 1:
        await slash(fake, table.bob.id, ch, "game join")
    await slash(fake, table.ann.id, ch, "game start")
    await fake.wait_until(
        lambda: any(m.components and m.png() for m in fake.channel(ch).messages),
        timeout=REPLY_TIMEOUT,
        what="the first board",
    )


def report(name: str, counts: Counts) -> None:
    taps = sum(counts.turn_taps) / max(1, len(counts.turn_taps))
    path = sum(counts.path_taps) / max(1, len(counts.path_taps))
    print(
        f"{name}: {counts.turns} turns, {taps:.1f} taps a turn, {path:.1f} taps a move in "
        f"steps ({len(counts.path_taps)}), {counts.public} public messages "
        f"({counts.public / max(1, counts.turns):.2f} a turn)"
    )


async def test_an_att_turn_takes_at_most_ten_taps_and_two_messages(table: Table) -> None:
    await start(table, "att", 2)
    counts = await play(table, turns=6, policy="greedy")
    report("att", counts)
    assert counts.turns == 6
    assert sum(counts.turn_taps) / len(counts.turn_taps) <= 10
    assert counts.public <= 2 * counts.turns


async def test_a_wildlands_card_play_takes_at_most_four_taps(table: Table) -> None:
    await start(table, "wildlands", 2)
    counts = await play(table, turns=12)
    report("wildlands", counts)
    assert counts.path_taps, "no card was played"
    assert sum(counts.path_taps) / len(counts.path_taps) <= 4
    assert counts.public <= 2 * counts.turns


def round_now(table: Table) -> int:
    """The round the game's public view shows (the channel's latest game, over or not)."""
    service = table.bot.service
    row = service.store.get_game(service.table(table.channel.id).id)
    engine = registry.get(row.game)
    found = view_round(engine.view(engine.decode_state(row.state), None))
    assert found is not None
    return found


async def test_a_solo_awoken_game_posts_one_message_a_round(table: Table) -> None:
    """One person against the game: their turn never passes, so the board is edited in
    place, and a fresh one comes each round (issue 35), not one per move."""
    await start(table, "awoken", 1, options="scenarios=[1]")
    first = round_now(table)
    counts = await play(table, turns=1, max_taps=120)
    report("awoken", counts)
    rounds = round_now(table) - first
    assert rounds >= 3
    assert counts.public <= rounds + 1
