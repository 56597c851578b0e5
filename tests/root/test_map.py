"""Map data checks (root.md §17) and the setup and map-mode cases T43, T45, T47."""

from __future__ import annotations

from engines.root.board import Graph
from engines.root.content import card_records, deck_ids, load_map
from engines.root.movement import moves
from tests.root.builders import blank, game, put, turn_of, who


def test_wastelands_layout_checks() -> None:
    m = load_map("wastelands")
    assert len(m.clearings) == 12 and len(m.paths) == 18
    kinds = [k for _, _, k in m.paths]
    assert kinds.count("normal") == 13 and kinds.count("barren") == 5
    assert 12 - 18 + len(m.forests) + 2 == 2
    suits = {s: {c.id for c in m.clearings if c.suit == s} for s in ("rabbit", "fox", "mouse")}
    assert suits == {"rabbit": {1, 5, 8, 11}, "fox": {2, 3, 7, 12}, "mouse": {4, 6, 9, 10}}
    assert sum(c.slots for c in m.clearings) == 21
    assert {c.id for c in m.clearings if c.ruin} == {8, 10, 11, 12}
    normal = Graph(m, barren_open=False)
    for corner in (1, 2, 3, 4):
        links = [normal.is_barren(corner, n) for n in normal.adj[corner]]
        assert sorted(links) == [False, True]


def test_normal_paths_alone_connect_every_clearing() -> None:
    g = Graph(load_map("wastelands"), barren_open=False)
    seen, todo = {1}, [1]
    while todo:
        cur = todo.pop()
        for n in g.adj[cur]:
            if n not in seen and not g.is_barren(cur, n):
                seen.add(n)
                todo.append(n)
    assert seen == set(range(1, 13))


def test_t43_rivers_carry_no_moves() -> None:
    s = blank()
    put(s, 10, 3, 0)
    put(s, 8, 3, 0)
    turn_of(s, "marquise", "march")
    dests = {(mv.src, mv.dst) for mv in moves(s, who(s, "marquise"))}
    assert (10, 8) not in dests and (8, 10) not in dests  # the drain is no path
    m = load_map("wastelands")
    assert all(11 not in r and 12 not in r for r in m.rivers)


def test_t45_setup_four_corners_keep_at_1() -> None:
    s = game()
    assert s.keep == 1  # the first corner offered
    far = 3
    cats = {c.id: c.warriors.get("marquise", 0) for c in s.clearings}
    assert sum(cats.values()) == 11 and cats[far] == 0
    assert "roost" in s.clearing(far).buildings and s.clearing(far).warriors["eyrie"] == 6
    placed = [c.id for c in s.clearings for b in c.buildings if b not in ("ruin", "roost")]
    assert len(placed) == 3 and set(placed) <= {1, 5, 9}


def test_t47_autumn_map() -> None:
    m = load_map("autumn")
    assert len(m.paths) == 18 and len(m.forests) == 7 and len(m.forest_adjacency) == 9
    assert sum(c.slots for c in m.clearings) == 22
    s = game(map="autumn")
    assert s.supply_water == 0 and all(p.water == 0 for p in s.players)
    assert not Graph(m, barren_open=False).barren


def test_deck_has_54_cards_each_with_a_source() -> None:
    assert len(deck_ids()) == 54
    assert all(r.source.startswith("public") for r in card_records().values())
    suits = [card_records()[c.split(".")[0]].suit for c in deck_ids()]
    assert [suits.count(x) for x in ("bird", "fox", "rabbit", "mouse")] == [14, 14, 13, 13]
