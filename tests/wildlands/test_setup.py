"""Base game setup (§4): map-card deal, start-space choice, shards from the left neighbour's
cards, hands of seven, first player, pre-game reveal."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core.conformance import json_strings, seats_for
from engines.core.errors import IllegalAction
from engines.wildlands.actions import PlaceStart, Reveal
from engines.wildlands.options import WildlandsOptions
from engines.wildlands.state import State

from .builder import ENGINE, play


def fresh(n: int, seed: int = 3, **options: Any) -> State:
    return ENGINE.setup(seats_for(n), WildlandsOptions(**options), seed)


def placed(s: State, pick: int = 0) -> State:
    """Every player puts dealt card number ``pick`` (of those left) on each character."""
    while s.phase == "placing":
        seat = min(ENGINE.to_act(s))
        s = play(s, seat, ENGINE.legal_actions(s, seat)[pick])
    return s


def test_ten_distinct_map_cards_each_and_hands_of_seven() -> None:
    for n in (2, 3, 4):
        s = fresh(n)
        dealt = [sp for p in s.seats for sp in p.dealt]
        assert len(dealt) == 10 * n and len(set(dealt)) == 10 * n
        assert all(1 <= sp <= 42 for sp in dealt)
        assert all(len(p.hand) == 7 and len(p.deck) == 23 for p in s.seats)
        assert s.phase == "placing" and s.shards == []


def test_everyone_chooses_start_cards_at_once_in_secret() -> None:
    s = fresh(3)
    assert ENGINE.to_act(s) == {0, 1, 2}
    options = ENGINE.legal_actions(s, 1)
    assert options == [PlaceStart(figure="gnomads.1", space=sp) for sp in s.seats[1].dealt]
    s = play(s, 1, options[3])
    assert s.seats[1].hidden_starts == {"gnomads.1": options[3].space}
    assert ENGINE.legal_actions(s, 1)[0].figure == "gnomads.2"
    for viewer in (None, 0, 2):
        shown = set(json_strings(dict(ENGINE.view(s, viewer).data)))
        assert not ENGINE.private_items(s, 1) & shown
    with pytest.raises(IllegalAction, match="not one of the map cards you still hold"):
        play(s, 1, PlaceStart(figure="gnomads.2", space=options[3].space))
    with pytest.raises(IllegalAction, match="Choose the start space of Elsie next"):
        play(s, 1, PlaceStart(figure="gnomads.3", space=s.seats[1].dealt[0]))


def test_cards_left_are_passed_right_and_become_shards() -> None:
    s = fresh(3, seed=11)
    dealt = [list(p.dealt) for p in s.seats]
    s = placed(s, pick=-1)  # everyone keeps its five highest cards
    for i, p in enumerate(s.seats):
        assert sorted(p.hidden_starts.values()) == dealt[i][5:]
        assert sorted(sh.space for sh in s.shards if sh.side == i) == dealt[(i + 1) % 3][:5]
        assert p.dealt == ()


def test_first_player_by_lowest_shard_then_pregame_reveal_to_the_left() -> None:
    s = placed(fresh(3, seed=5))
    lowest = min(s.shards, key=lambda sh: sh.space or 0)
    first = s.first_player
    assert first == lowest.side and s.phase == "pregame"
    order = []
    while s.phase == "pregame":
        (seat,) = ENGINE.to_act(s)
        order.append(seat)
        s = play(s, seat, ENGINE.legal_actions(s, seat)[0])
    assert order == [first, (first + 1) % 3, (first + 2) % 3]
    assert all(len(p.hidden_starts) == 4 for p in s.seats)
    assert s.phase == "turn" and s.active == first and s.must_reveal
    assert all(isinstance(a, Reveal) for a in ENGINE.legal_actions(s, first))


def test_without_pregame_reveal_the_first_turn_starts_with_its_reveal() -> None:
    s = placed(fresh(2, pregame_reveal=False))
    assert s.phase == "turn" and s.must_reveal
    assert all(len(p.hidden_starts) == 5 for p in s.seats)


def test_timeout_reveal_is_the_lowest_start_space() -> None:
    s = placed(fresh(2))
    seat = s.first_player
    starts = s.seats[seat].hidden_starts
    lowest = min(starts, key=lambda f: starts[f])
    assert ENGINE.default_action(s, seat) == Reveal(figure=lowest)


def test_default_factions_in_listed_order_and_chosen_factions() -> None:
    assert [p.faction for p in fresh(4).seats] == [
        "mages",
        "gnomads",
        "lawbringers",
        "pit_fighters",
    ]
    s = fresh(2, factions=["pit_fighters", "lawbringers"])
    assert [p.faction for p in s.seats] == ["pit_fighters", "lawbringers"]


def test_same_seed_same_game() -> None:
    a, b = fresh(4, seed=9), fresh(4, seed=9)
    assert ENGINE.encode_state(a) == ENGINE.encode_state(b)
    assert ENGINE.encode_state(a) != ENGINE.encode_state(fresh(4, seed=10))
