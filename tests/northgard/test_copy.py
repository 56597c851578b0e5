"""Copies of a Northgard state (issue 33): the players are shared until one copy changes
one (``State.player_to_change``)."""

from __future__ import annotations

import inspect

from engines.core.clone import copier_source
from engines.northgard.board import gmap
from engines.northgard.state import _FLAT, _SHARED, State, copied
from tests.northgard.builder import ENGINE, table


def test_the_copy_names_every_field_of_the_state() -> None:
    # A field added to the state and not to ``copied`` would be shared by every copy.
    assert {*_FLAT, *_SHARED, "units"} == set(State.model_fields)
    # It copies flat what it says, one statement a field.
    source = inspect.getsource(copied)
    assert all(f'n["{name}"] = d["{name}"].copy()' in source for name in _FLAT)
    # What it shares, the general copy shares too (immutable by their types); what it
    # copies flat, the general copy copies flat, but for the players, which it clones.
    written = copier_source(State)
    assert not [name for name in _SHARED if f"n[{name!r}]" in written]
    flat = [name for name in _FLAT if f"n[{name!r}] = d[{name!r}].copy()" in written]
    assert flat == [name for name in _FLAT if name != "players"]


def test_a_copy_shares_its_players_until_it_changes_one() -> None:
    s = table(3)
    s.units = {"0a": {"1": 2}}
    before = ENGINE.encode_state(s)
    t = copied(s)
    assert t.players[1] is s.players[1]
    p = t.player_to_change(1)
    assert p is not s.players[1] and t.player_to_change(1) is p  # copied once, then kept
    p.food, p.hand = 4, ("ST1.1",)
    t.units["0a"]["1"] = 3
    assert t.players[1].food == 4 and t.players[0] is s.players[0]
    assert ENGINE.encode_state(s) == before
    assert t == copied(t) and t != s  # what the state holds decides equality, not what it shares


def test_a_state_changed_after_its_copy_leaves_the_copy_untouched() -> None:
    s = table(3)
    s.player_to_change(2).food = 1  # owned by s before the copy
    t = copied(s)
    before = ENGINE.encode_state(t)
    s.player_to_change(2).food = 5
    assert ENGINE.encode_state(t) == before


def test_a_copy_keeps_the_map_of_its_tiles() -> None:
    s = table(2, [("M11", 0, 0, 0), ("M03", 2, 0, 0)])
    m = gmap(s)
    assert gmap(copied(s)) is m


def test_determinizing_leaves_the_state_as_it_was() -> None:
    s = table(3)
    for k, p in enumerate(s.players):
        p.hand, p.deck, p.achievements = (f"ST1.{k}",), (f"ST2.{k}", f"ST3.{k}"), (f"AC{k + 1}",)
    before = ENGINE.encode_state(s)
    t = ENGINE.determinize(s, 0, 7)
    assert ENGINE.encode_state(s) == before
    assert t.players[0].hand == s.players[0].hand
