"""Scripted players for end-to-end tests: they use only what a Discord user can use
(slash commands, the buttons and menus the bot shows them) and read only what they see."""

from __future__ import annotations

from tests.fakediscord import FakeDiscord, InteractionRecord, MessageRecord, ResponseRecord

REPLY_TIMEOUT = 20.0


async def answered(fake: FakeDiscord, ix: InteractionRecord) -> ResponseRecord:
    """The interaction's final visible answer (a deferred reply counts once filled in)."""
    await fake.wait_until(
        lambda: any(r.content or r.components or r.files or r.embeds for r in ix.responses),
        timeout=REPLY_TIMEOUT,
        what=f"an answer to interaction {ix.id}",
    )
    return [r for r in ix.responses if r.content or r.components or r.files or r.embeds][-1]


async def acknowledged(fake: FakeDiscord, ix: InteractionRecord) -> None:
    """The bot's first response to the interaction is its one acknowledgement (a reply or a
    deferral, before any follow-up or edit), and it answered exactly once."""
    await fake.wait_for_ack(ix, timeout=REPLY_TIMEOUT)
    kinds = [r.kind for r in ix.responses]
    assert kinds[0] == "callback" and kinds.count("callback") == 1, kinds


async def slash(
    fake: FakeDiscord, user_id: int, channel_id: int, command: str, **options: object
) -> tuple[InteractionRecord, ResponseRecord]:
    ix = await fake.user(user_id).slash(channel_id, command, **options)
    await acknowledged(fake, ix)
    return ix, await answered(fake, ix)


def first_choice(components: list[dict]) -> tuple[str, dict]:
    """The first move offered in a panel: ("button", component) or ("select", component)."""
    for row in components:
        for comp in row.get("components", []):
            if comp["type"] == 2:
                return "button", comp
            if comp["type"] == 3:
                return "select", comp
    raise AssertionError(f"no move in panel {components!r}")


async def next_board(
    fake: FakeDiscord, channel_id: int, after: int, *, since_edits: int | None = None
) -> MessageRecord:
    """The next board: a board message newer than ``after``, or, with ``since_edits`` (the
    number of edits message ``after`` had before the move), that board edited in place (the
    live board of a turn, issue 19)."""

    def moved_on(m: MessageRecord) -> bool:
        if m.ephemeral or m.png() is None:
            return False
        if m.id > after:
            return True
        return since_edits is not None and m.id == after and len(m.edits) > since_edits

    return await fake.wait_for_message(channel_id, moved_on, timeout=REPLY_TIMEOUT)


async def take_a_move(
    fake: FakeDiscord, channel_id: int, board: MessageRecord, players: list[int]
) -> MessageRecord:
    """Whoever the board waits for opens their panel and picks its first move."""
    for user in players:
        ix = await fake.user(user).click(board, "Your move")
        await acknowledged(fake, ix)
        reply = await answered(fake, ix)
        if not reply.components:
            assert "Nothing for you to decide" in (reply.content or ""), reply.content
            continue
        assert reply.ephemeral
        panel = reply.message_id
        assert panel is not None
        return await pick_first(fake, channel_id, board, user, panel, reply.components)
    raise AssertionError(f"nobody could move on board {board.id}: {board.content!r}")


def playing(pick: InteractionRecord, comp: dict) -> None:
    """A pick that makes a move is answered at once with "Playing: <the move> …" (issue 35),
    whichever component made it: a button or menu option by the words the player clicked."""
    said = pick.responses[0].content or ""
    if not said.startswith("Playing"):
        return  # a drill-down's next step, shown in place
    assert said.startswith("Playing: ") and said.endswith(" …") and len(said) > 11, said
    kind = comp["custom_id"].split(":")[1]
    if kind == "act":
        assert said == f"Playing: {comp['label']} …", said
    elif kind == "sel":
        assert said == f"Playing: {comp['options'][0]['label']} …", said


async def pick_first(
    fake: FakeDiscord,
    channel_id: int,
    board: MessageRecord,
    user: int,
    panel: int,
    components: list[dict],
) -> MessageRecord:
    """Pick the panel's first move; through a drill-down (the panel then shows the next
    step in place), keep picking the first option until the move is made."""
    edits = len(board.edits)
    while True:
        kind, comp = first_choice(components)
        if kind == "button":
            pick = await fake.user(user).click(panel, comp["custom_id"])
        else:
            pick = await fake.user(user).select(
                panel, comp["custom_id"], [comp["options"][0]["value"]]
            )
        await acknowledged(fake, pick)
        # A pick is confirmed by its label, never a bare "Playing …" (issue 35).
        assert all(r.content != "Playing …" for r in pick.responses), comp["custom_id"]
        playing(pick, comp)
        if not comp["custom_id"].startswith("gm:path:"):
            return await next_board(fake, channel_id, board.id, since_edits=edits)
        reply = await answered(fake, pick)
        if (reply.content or "").startswith(("Playing", "Done")):
            return await next_board(fake, channel_id, board.id, since_edits=edits)
        assert reply.components, reply.content  # the next step of the drill-down
        components = reply.components


def result(board: MessageRecord) -> str | None:
    """A finished game's result as its last board's embed says it (the one place it is
    said, issue 35): the embed's words, or None while the game goes on."""
    for embed in board.embeds:
        if embed.get("title") == "Game over":
            fields = [f"{f['name']}: {f['value']}" for f in embed.get("fields", [])]
            return "\n".join([embed.get("description") or "", *fields])
    return None


async def play_to_the_end(
    fake: FakeDiscord, channel_id: int, board: MessageRecord, players: list[int], limit: int = 600
) -> MessageRecord:
    for _ in range(limit):
        if result(board) is not None:
            return board
        board = await take_a_move(fake, channel_id, board, players)
    raise AssertionError(f"no result after {limit} moves")
