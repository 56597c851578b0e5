"""The chronicle character book (issue 12; since issue 31 behind the game's
``engines.core.records`` hook): characters per user, the lobby's line-up and its
acceptance, the snapshot a game takes, the write-back once at the end, spending between
games only."""

from __future__ import annotations

from typing import Any

import pytest

from bot.tables.chronicle import CharacterBook, RecordBook
from bot.tables.service import TableService
from engines import registry
from engines.arcadia.chronicle import GameResult
from engines.core.errors import GameError
from engines.core.rng import Rng

CH, ANN, BOB = 700, 1, 2
BUILD = {
    "icon": "dragonkin_male",
    "merits": ["lightning_quick", "perceptive_fighter", "steady_stance"],
}
PLAYING, LINEUP, DRAFT = "arcadia.playing", "arcadia.lineup", "arcadia.draft"


def book(service: TableService) -> CharacterBook:
    return CharacterBook(service.store, service.clock)


def build(b: CharacterBook, name: str, **choices: Any) -> Any:
    """A finished build of ``name``: ``BUILD`` unless ``choices`` say otherwise."""
    return b.rules.builder({"serial": 1, "name": name, **(choices or BUILD)})


def create(b: CharacterBook, user: int, name: str, **choices: Any) -> dict[str, Any]:
    return b.create(user, build(b, name, **choices))


def lobby_with_characters(service: TableService) -> CharacterBook:
    b = book(service)
    create(b, ANN, "Aelfric")
    create(b, BOB, "Brigid")
    service.new_table(CH, 9, ANN, "Ann", "arcadia", seats=2)
    service.join(CH, BOB, "Bob")
    row = service.table(CH)
    b.use(ANN, row, "Aelfric")
    b.use(BOB, row, "brigid")  # names match without regard to case
    return b


def test_a_created_character_is_stored_under_its_owner_only(service: TableService) -> None:
    b = book(service)
    ch = create(b, ANN, "Aelfric")
    assert ch["xp_unspent"] == 0 and ch["court"] == "Seelie"
    assert list(b.items(ANN)) == ["Aelfric"]
    assert b.items(BOB) == {}
    with pytest.raises(GameError, match="already have"):
        create(b, ANN, "aelfric")
    greedy = {"icon": "dragonkin_male", "merits": ["lightning_quick", "strong_arm", "vigorous"]}
    with pytest.raises(GameError, match="budget"):
        create(b, ANN, "Greedy", **greedy)


def test_the_game_starts_only_when_every_player_accepts_the_line_up(
    service: TableService,
) -> None:
    b = lobby_with_characters(service)
    row = service.table(CH)
    assert "Aelfric, XP 0 unspent / 0 earned (0 solo), fame 0 (not accepted yet)" in (
        b.lineup_text(row)
    )
    b.accept(ANN, row)
    with pytest.raises(GameError, match="waiting for Bob"):
        service.start(CH, ANN)
    b.accept(BOB, row)
    # A new pick changes the line-up: the acceptances given for the old one no longer hold.
    create(b, BOB, "Cormac")
    b.use(BOB, row, "Cormac")
    with pytest.raises(GameError, match="waiting for Ann, Bob"):
        service.start(CH, ANN)
    b.accept(ANN, row)
    b.accept(BOB, row)
    service.start(CH, ANN)
    row = service.table(CH)
    assert row.options["characters"]["0"]["name"] == "Aelfric"
    assert row.options["characters"]["1"]["name"] == "Cormac"
    assert service.store.get_user(ANN, PLAYING) == {"Aelfric": row.id}
    assert service.store.get_user(ANN, LINEUP) == {}  # the pick has served


def test_spending_is_refused_while_the_character_plays_and_xp_comes_back_once(
    service: TableService,
) -> None:
    b = lobby_with_characters(service)
    row = service.table(CH)
    b.accept(ANN, row)
    b.accept(BOB, row)
    service.start(CH, ANN)
    row = service.table(CH)
    with pytest.raises(GameError, match="running game"):
        b.spend(ANN, "Aelfric", "merit:vigorous")
    won = GameResult(won=True, solo=False, epic=False, xp=3, quests=())
    lost = GameResult(won=False, solo=False, epic=False, xp=0, quests=())
    assert b.write_back(row, {0: won, 1: lost}) == [
        "Aelfric earns 3 XP (3 unspent, 3 earned in all).",
        "Brigid earns 0 XP (0 unspent, 0 earned in all).",
    ]
    assert b.write_back(row, {0: won, 1: lost}) == []  # a second write-back awards nothing
    assert b.item(ANN, "Aelfric")["xp_earned_total"] == 3
    service.end(CH, ANN, is_manager=True)
    ch = b.spend(ANN, "Aelfric", "merit:vigorous")
    assert "vigorous" in ch["merits"] and ch["xp_unspent"] == 1 and ch["xp_earned_total"] == 3
    assert b.item(ANN, "Aelfric") == ch


def test_an_abandoned_game_leaves_the_character_as_it_was(service: TableService) -> None:
    b = lobby_with_characters(service)
    row = service.table(CH)
    b.accept(ANN, row)
    b.accept(BOB, row)
    before = b.item(ANN, "Aelfric")
    service.start(CH, ANN)
    service.end(CH, ANN, is_manager=True)
    assert b.item(ANN, "Aelfric") == before
    assert b.running_game(ANN, "Aelfric") is None  # free to spend and to sit again


def test_a_retired_character_no_longer_sits(service: TableService) -> None:
    b = book(service)
    create(b, ANN, "Aelfric")
    assert b.retire(ANN, "Aelfric")["retired"]
    service.new_table(CH, 9, ANN, "Ann", "arcadia", seats=2)
    with pytest.raises(GameError, match="retired"):
        b.use(ANN, service.table(CH), "Aelfric")


def test_a_character_retired_after_the_pick_does_not_start(service: TableService) -> None:
    b = lobby_with_characters(service)
    row = service.table(CH)
    b.accept(ANN, row)
    b.accept(BOB, row)
    b.retire(BOB, "Brigid")
    b.accept(ANN, row)
    b.accept(BOB, row)
    with pytest.raises(GameError, match="Brigid has retired; Bob picks another"):
        service.start(CH, ANN)
    assert service.table(CH).status == "lobby"


def test_a_table_without_characters_starts_as_before(service: TableService) -> None:
    service.new_table(CH, 9, ANN, "Ann", "arcadia", seats=2)
    service.add_bot(CH, ANN)
    service.start(CH, ANN)
    assert "characters" not in service.table(CH).options


def test_an_unfinished_build_is_stored_resumed_and_ended_by_create(
    service: TableService,
) -> None:
    b = book(service)
    draft, resumed = b.start_draft(ANN, "Aelfric", "A hedge knight")
    assert not resumed and draft == {"serial": 1, "name": "Aelfric", "background": "A hedge knight"}
    b.save_draft(ANN, {**draft, "icon": "dragonkin_male"})
    again, resumed = b.start_draft(ANN, "aelfric", "")
    assert resumed and again["icon"] == "dragonkin_male"
    # Another name replaces the build; the replaced one's menus are refused.
    other, resumed = b.start_draft(ANN, "Brigid", "")
    assert not resumed and other["serial"] == 2 and other["previous_name"] == "Aelfric"
    with pytest.raises(GameError, match="replaced or finished"):
        b.save_draft(ANN, {**draft, "icon": "human_male"})
    create(b, BOB, "Brigid")  # another user's character of that name is no matter
    create(b, ANN, "Brigid")
    assert service.store.get_user(ANN, DRAFT) is None  # created: the build has ended
    with pytest.raises(GameError, match="already have"):
        b.start_draft(ANN, "brigid", "")


def test_a_crash_between_the_last_move_and_the_write_back_loses_nothing(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The write-back is stored in the transaction of the game's last move: a crash between
    the two leaves neither (the move can be made again), never a finished game without its
    XP; made again, the XP comes once."""
    b = lobby_with_characters(service)
    row = service.table(CH)
    b.accept(ANN, row)
    b.accept(BOB, row)
    service.start(CH, ANN)
    entry = registry.entry("arcadia")
    policy, rng = entry.policy("ai"), Rng(5)
    real = RecordBook.write_back

    def crashing(self: RecordBook, *args: Any, save: bool = True) -> list[str]:
        if save:
            raise RuntimeError("the process died here")
        return real(self, *args, save=save)

    monkeypatch.setattr(RecordBook, "write_back", crashing)
    for _ in range(2000):
        row = service.table(CH)
        state = entry.engine.decode_state(row.state)
        (seat,) = entry.engine.to_act(state)
        user = row.seats[seat].user_id
        assert user is not None
        action = policy.choose(entry.engine, state, seat, rng)
        ref = service.choices(CH, user)[list(entry.engine.legal_actions(state, seat)).index(action)]
        try:
            service.act(CH, user, ref.ref)
        except RuntimeError:
            break
    else:
        raise AssertionError("the game never ended")
    after = service.table(CH)
    assert (after.status, after.seq) == ("active", row.seq)  # the last move is not stored
    assert b.item(ANN, "Aelfric")["xp_earned_total"] == 0
    assert b.item(BOB, "Brigid")["xp_earned_total"] == 0
    assert service.store.get_user(ANN, PLAYING) == {"Aelfric": row.id}

    monkeypatch.setattr(RecordBook, "write_back", real)
    service.act(CH, user, ref.ref)  # the same last move, made again
    done = service.store.get_game(row.id)
    assert done.status == "finished" and done.result is not None
    winner = done.seats[done.result["winners"][0]].user_id
    name = {ANN: "Aelfric", BOB: "Brigid"}[winner or 0]
    assert b.item(winner or 0, name)["xp_earned_total"] == 1
    assert service.store.get_user(ANN, PLAYING) == {}
    assert b.game_over(done, entry.engine.decode_state(done.state)) == []  # awarded once
