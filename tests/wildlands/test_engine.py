"""The engine contract around the rules: JSON, errors, labels, defaults (DESIGN.md)."""

from __future__ import annotations

import pytest

from engines.core.conformance import random_playout, seats_for
from engines.core.errors import CorruptRecord, IllegalAction
from engines.core.protocol import Engine, parse_options
from engines.core.replay import replay
from engines.wildlands.actions import Attack, DrawCards, EndTurn, Move, Pass

from .builder import ENGINE, Position, play, step


def test_satisfies_the_engine_protocol() -> None:
    assert isinstance(ENGINE, Engine)
    assert (ENGINE.name, ENGINE.title, ENGINE.min_seats, ENGINE.max_seats) == (
        "wildlands",
        "Wildlands",
        2,
        4,
    )


def test_apply_never_changes_its_input() -> None:
    s = Position().place("mages.1", 4).hand(0, "mages.01", "mages.27").state()
    before = ENGINE.encode_state(s)
    play(s, 0, Move(card="mages.01", figure="mages.1", to=5))
    play(s, 0, DrawCards(card="mages.27"))
    assert ENGINE.encode_state(s) == before


def test_refusals_are_sentences_and_change_nothing() -> None:
    s = Position().place("mages.1", 4).place("gnomads.1", 12).hand(0, "mages.01").state()
    before = ENGINE.encode_state(s)
    with pytest.raises(
        IllegalAction, match="not Player 2's decision now; the game is waiting for Player 1 to play"
    ):
        play(s, 1, EndTurn())
    with pytest.raises(IllegalAction, match="You do not hold card 2"):
        play(s, 0, Move(card="mages.02", figure="mages.1", to=5))
    with pytest.raises(IllegalAction, match="There is no interrupt window open"):
        play(s, 0, Pass())
    with pytest.raises(IllegalAction, match="Tak is not one of your characters"):
        play(s, 0, Move(card="mages.01", figure="gnomads.1", to=5))
    assert ENGINE.encode_state(s) == before


def test_reveals_flag_marks_randomness_and_secrets() -> None:
    s = Position().place("mages.1", 4).hand(0, "mages.01", "mages.27").state()
    assert not step(s, 0, Move(card="mages.01", figure="mages.1", to=5)).reveals
    assert step(s, 0, DrawCards(card="mages.27")).reveals
    assert step(s, 0, EndTurn()).reveals


def test_json_round_trips_and_corrupt_records() -> None:
    game = random_playout(ENGINE, 2, 3)
    s = replay(ENGINE, seats_for(2), {}, 3, game.actions, upto=60)
    assert ENGINE.encode_state(ENGINE.decode_state(ENGINE.encode_state(s))) == ENGINE.encode_state(
        s
    )
    for _, a in game.actions[:60]:
        assert ENGINE.decode_action(ENGINE.encode_action(a)) == a
    with pytest.raises(CorruptRecord):
        ENGINE.decode_state({"version": 1, "board": 3})
    with pytest.raises(CorruptRecord):
        ENGINE.decode_action({"kind": "teleport"})


def test_labels_and_groups() -> None:
    s = Position().place("mages.1", 4).place("gnomads.1", 7).hand(0, "mages.01").state()
    a = Attack(card="mages.01", figure="mages.1", style="ranged", target="gnomads.1")
    assert ENGINE.describe(a, s) == "Owl-Sage: ranged attack on Tak in space 7 (card 1, ranged)"
    assert ENGINE.group(a, s) == "Attack"
    game = random_playout(ENGINE, 4, 8)
    state = ENGINE.setup(seats_for(4), parse_options(ENGINE, {}), 8)
    groups = set()
    for seat, action in game.actions[:400]:
        for option in ENGINE.legal_actions(state, seat):
            assert 0 < len(ENGINE.describe(option, state)) < 100
            groups.add(ENGINE.group(option, state))
        state = ENGINE.apply(state, seat, action).state
    assert {"Reveal", "Move", "Attack", "End turn", "Interrupt", "Defend"} <= groups


def test_default_action_is_the_first_canonical_option() -> None:
    s = Position().place("mages.1", 4).hand(0, "mages.01").state()
    assert ENGINE.default_action(s, 0) == EndTurn()
    assert ENGINE.default_action(s, 1) is None


def test_game_entry_and_menu_hints() -> None:
    from engines.wildlands.actions import Claim, Rally
    from engines.wildlands.ai import WildlandsAI
    from engines.wildlands.game import GAME

    assert GAME.engine.name == "wildlands" and isinstance(GAME.policy("ai"), WildlandsAI)
    assert GAME.menus is not None
    p = Position().place("mages.4", 5).place("mages.1", 4).place("mages.5", 6).shard(0, 5)
    s = p.hand(0, "mages.16", "mages.15", "mages.17", "mages.19").state()
    rally = Rally(card="mages.16", figure="mages.4", pulled=("mages.1", "mages.5"))
    pick = GAME.menus.pick_set(rally, s)
    assert pick is not None and pick.items == (("mages.1", "Owl-Sage"), ("mages.5", "Lunk"))
    claim = next(a for a in ENGINE.legal_actions(s, 0) if isinstance(a, Claim))
    pick = GAME.menus.pick_set(claim, s)
    assert pick is not None and "claims the shard in space 5" in pick.menu
    assert [c for c, _ in pick.items] == list(claim.cards)
    assert GAME.menus.pick_set(EndTurn(), s) is None and GAME.menus.same(EndTurn(), s) is None
