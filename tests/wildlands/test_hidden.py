"""Hidden information: private items, views and determinization (§4, §8.1)."""

from __future__ import annotations

from engines.core.conformance import json_strings, random_playout
from engines.wildlands.actions import Interrupt, Move
from engines.wildlands.state import State
from engines.wildlands.view import map_card_id

from .builder import ENGINE, Position, play


def midgame(seats: int = 3, seed: int = 4, decisions: int = 150) -> State:
    from engines.core.conformance import seats_for
    from engines.core.replay import replay

    game = random_playout(ENGINE, seats, seed)
    return replay(ENGINE, seats_for(seats), {}, seed, game.actions, upto=decisions)


def test_private_items_are_the_hand_and_hidden_map_cards() -> None:
    s = midgame()
    for player in s.seats:
        expected = set(player.hand) | {map_card_id(sp) for sp in player.hidden_starts.values()}
        assert ENGINE.private_items(s, player.seat) == expected


def test_only_the_owner_sees_hand_and_hidden_starts() -> None:
    s = midgame()
    for player in s.seats:
        secret = ENGINE.private_items(s, player.seat)
        own = set(json_strings(dict(ENGINE.view(s, player.seat).data)))
        assert secret <= own
        for viewer in [None, *(x.seat for x in s.seats if x.seat != player.seat)]:
            assert not secret & set(json_strings(dict(ENGINE.view(s, viewer).data)))
    data = ENGINE.view(s, 0).data
    assert {h["id"] for h in data["hand"]} == set(s.seats[0].hand)
    assert len(data["hidden_starts"]) == len(s.seats[0].hidden_starts)


def test_public_view_fields() -> None:
    s = midgame()
    data = ENGINE.view(s, None).data
    assert data["board"] == "dungeon" and "hand" not in data
    f = data["figures"][0]
    assert set(f) == {"id", "name", "owner", "faction", "colour", "space", "damage", "health", "ko"}
    seat = data["seats"][0]
    assert {"score", "hand_count", "deck_count", "discard", "revealed", "ko"} <= set(seat)
    assert data["pending"]["kind"] in {"turn", "reveal", "window", "defence", "interrupting"}


def test_determinize_redeals_only_what_the_seat_cannot_know() -> None:
    s = midgame()
    me = 1
    world = ENGINE.determinize(s, me, 99)
    assert world.seats[me].hand == s.seats[me].hand
    assert sorted(world.seats[me].deck) == sorted(s.seats[me].deck)
    assert world.seats[me].hidden_starts == s.seats[me].hidden_starts
    seen = {sh.origin for sh in s.shards} | set(s.seats[me].hidden_starts.values())
    seen |= {f.start for f in s.figures.values() if f.start is not None}
    redealt = []
    for before, after in zip(s.seats, world.seats, strict=True):
        assert after.discard == before.discard and after.score == before.score
        assert len(after.hand) == len(before.hand)
        assert sorted(after.hand + after.deck) == sorted(before.hand + before.deck)
        if before.seat != me:
            assert sorted(after.hidden_starts) == sorted(before.hidden_starts)
            redealt += list(after.hidden_starts.values())
    assert len(set(redealt)) == len(redealt) and not set(redealt) & seen
    assert [f.space for f in world.figures.values()] == [f.space for f in s.figures.values()]
    assert ENGINE.determinize(s, me, 99).seats[0].hand == world.seats[0].hand
    assert world.rng != s.rng


def test_determinize_forgets_other_players_window_answers() -> None:
    p = Position(seats=3).place("mages.1", 4).hand(0, "mages.01")
    p.hand(1, "gnomads.26").hand(2, "lawbringers.27")
    s = play(p.state(), 0, Move(card="mages.01", figure="mages.1", to=5))
    s = play(s, 1, Interrupt(card="gnomads.26"))
    world = ENGINE.determinize(s, 2, 5)
    assert world.pending is not None and world.pending.answers == {}
    assert ENGINE.to_act(world) == {1, 2}
    mine = ENGINE.determinize(s, 1, 5)
    assert mine.pending is not None and mine.pending.answers == {1: "gnomads.26"}


def test_determinize_during_setup_redeals_other_players_map_cards() -> None:
    from engines.core.conformance import seats_for
    from engines.wildlands.options import WildlandsOptions

    s = ENGINE.setup(seats_for(3), WildlandsOptions(), 6)
    s = play(s, 2, ENGINE.legal_actions(s, 2)[4])
    world = ENGINE.determinize(s, 0, 3)
    assert world.seats[0].dealt == s.seats[0].dealt
    mine = set(s.seats[0].dealt)
    others = [sp for p in world.seats[1:] for sp in [*p.dealt, *p.hidden_starts.values()]]
    assert len(others) == 20 and len(set(others)) == 20 and not mine & set(others)
    assert len(world.seats[2].hidden_starts) == 1 and len(world.seats[2].dealt) == 9
    assert ENGINE.to_act(world) == ENGINE.to_act(s)
