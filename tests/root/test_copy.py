"""Copies of a Root state (issue 33): the clearings are shared until one copy changes one."""

from __future__ import annotations

from engines.root.state import _FLAT, _PARTS, _VAGABOND_FLAT, State, Vagabond, copied
from tests.root.builders import E, game


def test_the_copy_names_every_field_of_the_state() -> None:
    # A field added to the state and not to ``copied`` would be shared by every copy.
    named = {*_FLAT, *_PARTS, "players", "pending"}
    named |= {"options", "supply_water", "keep", "ended", "rng"}  # plain values, shared
    assert named == set(State.model_fields) - {"vagabond"}  # the Vagabond's board below
    plain = {"character", "where", "coalition"}  # strings, shared
    assert {*_VAGABOND_FLAT, *plain} == set(Vagabond.model_fields)


def test_a_copy_shares_its_clearings_until_it_changes_one() -> None:
    s = game(seats=4)
    before = E.encode_state(s)
    t = copied(s)
    assert t.clearings[4] is s.clearings[4]
    c = t.edit(5)
    assert c is not s.clearings[4] and t.edit(5) is c  # copied once, then kept
    c.warriors["eyrie"] = 9
    c.tokens.append("wood")
    assert t.clearing(5).warriors["eyrie"] == 9
    assert E.encode_state(s) == before
    assert t == copied(t) and t != s  # what the state holds decides equality, not what it shares


def test_a_copy_replaces_the_items_it_changes() -> None:
    s = game(seats=4, factions=["marquise", "eyrie", "alliance", "vagabond"])
    before = E.encode_state(s)
    t = copied(s)
    assert t.vagabond is not None and s.vagabond is not None
    t.vagabond.set_item(0, exhausted=True)
    assert t.vagabond.items[0].exhausted and not s.vagabond.items[0].exhausted
    assert t.vagabond.items[1] is s.vagabond.items[1]
    assert E.encode_state(s) == before
