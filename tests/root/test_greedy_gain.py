"""Root's immediate gain for the ``greedy`` baseline (issue 32, ``engines.root.ai_greedy``):
the VP scored now first, then the seat's pieces on the map against its rivals'."""

from __future__ import annotations

from engines import registry
from engines.root.ai_greedy import gain
from engines.root.state import Item
from tests.root.builders import blank, put, who


def test_the_registry_s_greedy_judges_root_by_this_gain() -> None:
    assert registry.entry("root").gain is gain


def test_a_battle_that_kills_warriors_is_a_gain_and_losing_them_a_loss() -> None:
    s = blank(factions=["marquise", "eyrie"])
    cat, bird = who(s, "marquise").seat, who(s, "eyrie").seat
    put(s, 1, 3, 2)
    cat_before, bird_before = gain(s, cat), gain(s, bird)
    s.clearing(1).warriors["eyrie"] = 1  # one bird killed, no VP scored
    assert gain(s, cat) > cat_before
    assert gain(s, bird) < bird_before


def test_a_vp_now_outweighs_the_pieces_on_the_map() -> None:
    s = blank(factions=["marquise", "eyrie"])
    cat = who(s, "marquise").seat
    put(s, 1, 9, 0)  # nine pieces of hers, none scored
    t = blank(factions=["marquise", "eyrie"])
    who(t, "marquise").vp = 1  # one VP, nothing on the map
    assert gain(t, cat) > gain(s, cat) > 0


def test_a_damaged_item_is_a_piece_the_vagabond_lost() -> None:
    s = blank(factions=["vagabond", "marquise"])
    vb, cat = who(s, "vagabond").seat, who(s, "marquise").seat
    assert s.vagabond is not None
    s.vagabond.items = [Item(kind="sword"), Item(kind="boot")]
    whole_v, whole_c = gain(s, vb), gain(s, cat)
    s.vagabond.items[0].damaged = True
    assert gain(s, vb) < whole_v and gain(s, cat) > whole_c
