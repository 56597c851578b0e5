"""The shipped starter set (reference §15.2, §15.3): counts, provenance and public facts."""

from __future__ import annotations

from collections import Counter

from engines.arcadia.content import TERRAINS, content


def test_starter_counts() -> None:
    c = content()
    assert (len(c.icons), len(c.merits), len(c.flaws)) == (20, 72, 24)
    assert (len(c.leagues), len(c.waylays), len(c.npcs), len(c.quests)) == (44, 31, 3, 12)
    assert Counter(m.type for m in c.merits.values()) == {
        "Ability": 18,
        "Advantage": 10,
        "Ally": 12,
        "Art": 12,
        "Treasure": 20,
    }
    treasures = Counter(m.cost for m in c.merits.values() if m.type == "Treasure")
    assert treasures == {1: 6, 2: 6, 3: 4, 4: 2, 5: 2}
    abilities = [m for m in c.merits.values() if m.type == "Ability"]
    assert Counter(m.court for m in abilities) == {"Seelie": 9, "Unseelie": 9}
    assert Counter(m.attribute for m in abilities) == {"Might": 6, "Savvy": 6, "Resolve": 6}
    assert Counter(f.type for f in c.flaws.values()) == {"Curse": 8, "Enemy": 8, "Weakness": 8}
    weak = [f for f in c.flaws.values() if f.type == "Weakness"]
    assert Counter(f.court for f in weak) == {"Seelie": 4, "Unseelie": 4}


def test_league_and_waylay_mix() -> None:
    c = content()
    leagues = list(c.leagues.values())
    assert Counter(lg.source for lg in leagues) == {"seed": 5, "public": 19, "stand-in": 20}
    assert sum("Border" in lg.terrains for lg in leagues) == 8
    assert sum("Ocean" in lg.terrains for lg in leagues) == 6
    assert sum(lg.unique for lg in leagues) == 6
    n = len(leagues)
    assert sum("Road" in lg.terrains for lg in leagues) >= n / 2
    assert sum("Fields" in lg.terrains for lg in leagues) >= 0.3 * n
    assert sum("Forest" in lg.terrains for lg in leagues) >= 0.25 * n
    waylays = list(c.waylays.values())
    assert sum(w.rating <= 2 for w in waylays) == 20
    any_terrain = [w for w in waylays if "ANY" in w.terrains]
    assert len(any_terrain) == 4 and all(w.source == "stand-in" for w in any_terrain)
    assert Counter(w.source for w in waylays) == {"seed": 3, "public": 12, "stand-in": 16}
    for t in TERRAINS:
        assert sum(t in w.terrains for w in waylays) >= 3, t


def test_provenance_on_every_record() -> None:
    c = content()
    groups = [c.icons, c.merits, c.flaws, c.leagues, c.waylays, c.npcs, c.quests]
    for group in groups:
        for r in group.values():
            assert r.source in ("seed", "public", "stand-in")
            if r.source == "public":
                assert r.url, r.id
            if r.source == "stand-in":
                assert not r.stand_in_fields, r.id


def test_public_and_seed_facts() -> None:
    c = content()
    dk = c.icons["dragonkin_male"]
    assert (dk.might, dk.savvy, dk.resolve, dk.court_lock) == (2, 1, 3, "Seelie")
    assert c.icons["human_male"].build_grants[0].points == 2
    assert c.icons["sidhe_female"].might == 2 and c.icons["imp_male"].might == 2
    es = c.merits["eloquent_speech"]
    assert (es.type, es.cost, es.court) == ("Ability", 3, "Seelie")
    assert (c.merits["fae_armor"].cost, c.merits["lord_gamine_s_backing"].cost) == (2, 5)
    assert c.flaws["indecisive"].bonus == 2 and c.flaws["indecisive"].court == "Seelie"
    spiders = c.waylays["forest_spiders"]
    assert (spiders.rating, spiders.attributes) == (2, {"Might": 2})
    assert c.waylays["manticora"].attributes == {"Combat": 4}
    assert "Savvy" not in c.waylays["hurricane"].attributes
    assert c.waylays["magical_barrier"].wins_required == 3
    assert c.leagues["balanvale"].terrains == ("Mountains", "Hills", "Road", "Ruins", "Town")
    hunt = c.leagues["huntinglane"].enter_trials[0]
    assert (hunt.attribute, hunt.difficulty, hunt.key) == ("Might", 5, "via:Forest")
    q5, q7 = c.quests["q5"], c.quests["q7"]
    assert (q5.waylay_rating, q5.treasure_rating) == (10, 3)
    assert (q7.waylay_rating, q7.treasure_rating) == (10, 5)
    assert sorted(q.number for q in c.quests.values() if q.source == "stand-in") == [
        101,
        102,
        103,
        104,
        105,
    ]
