"""Content counts and the constraints of reference §14."""

from __future__ import annotations

from collections import Counter

from engines.att.combos import effective, satisfies
from engines.att.content import BACKS, ENCOUNTER_TYPES, Combo, catalog

SOURCES = {"seed", "stand-in", "public:S2", "public:S4"}


def _best_roll(combo: Combo) -> list[int]:
    """The smallest dice set that meets a combination."""
    if combo.kind == "run":
        return list(range(combo.min, combo.min + combo.count))
    return [combo.min] * combo.count


def test_counts() -> None:
    c = catalog()
    regular = [e for e in c.encounters.values() if not e.promo]
    assert len(regular) == 36
    assert Counter(e.back for e in regular) == {"green": 12, "orange": 12, "red": 12}
    assert len(c.feats) == 37
    assert len(c.swag) == 26
    assert len(c.characters) == 4
    assert set(c.scenarios) == {"I", "II"}
    assert len(c.achievements) == 4
    assert len(c.terrible_things) == 16
    assert len(c.locations) == 6


def test_every_record_says_where_it_came_from() -> None:
    c = catalog()
    records = [
        *c.encounters.values(),
        *c.feats.values(),
        *c.swag.values(),
        *c.characters.values(),
        *c.locations.values(),
        *c.scenarios.values(),
        *c.achievements.values(),
        *c.terrible_things,
    ]
    assert {r.source for r in records} <= SOURCES | {"public:S3"}


def test_public_cards_keep_their_public_facts() -> None:
    e = catalog().encounters
    egg = e["enc-g08"]
    assert (egg.name, egg.types, egg.secrets, egg.source) == ("The Bad Egg", ["villain"], 4, "seed")
    assert (egg.combo.kind, egg.combo.count, egg.combo.min) == ("run", 3, 3)
    occultist = e["enc-o07"]
    assert (occultist.name, occultist.secrets, occultist.source) == (
        "The Occultist",
        5,
        "public:S2",
    )
    book = e["enc-r07"]
    assert (book.name, book.types, book.secrets) == ("Book of Unspeakable Truth", ["artefact"], 8)
    promo = [x for x in e.values() if x.promo]
    assert [(p.name, p.back, p.combo) for p in promo] == [
        ("The Harbinger", "orange", occultist.combo)
    ]


def test_every_encounter_combo_is_achievable_with_five_dice() -> None:
    for card in catalog().encounters.values():
        for reading in (True, False):
            combo = effective(card.combo, reading)
            roll = _best_roll(combo)
            assert len(roll) <= 5, card.name
            assert satisfies(combo, roll), card.name


def test_encounter_types_per_colour() -> None:
    expected = {
        "green": ({"pitfall": 3, "villain": 3, "artefact": 2, "horror": 2}, {
            ("pitfall", "horror"), ("villain", "artefact")}),
        "orange": ({"pitfall": 2, "villain": 3, "artefact": 2, "horror": 3}, {
            ("pitfall", "villain"), ("artefact", "horror")}),
        "red": ({"pitfall": 3, "villain": 2, "artefact": 3, "horror": 2}, {
            ("pitfall", "artefact"), ("villain", "horror")}),
    }  # fmt: skip
    cards = [e for e in catalog().encounters.values() if not e.promo]
    for back in BACKS:
        mine = [e for e in cards if e.back == back]
        single = Counter(e.types[0] for e in mine if len(e.types) == 1)
        dual = {tuple(e.types) for e in mine if len(e.types) == 2}
        assert dict(single) == expected[back][0], back
        assert dual == expected[back][1], back


def test_encounter_combos_and_secrets_per_colour() -> None:
    cards = [e for e in catalog().encounters.values() if not e.promo]
    families: dict[str, Counter[tuple[str, int]]] = {b: Counter() for b in BACKS}
    for e in cards:
        combo = effective(e.combo, True)
        families[e.back][(combo.kind, combo.count)] += 1
    assert families["green"] == {("high", 1): 2, ("pair", 2): 3, ("run", 3): 4, ("block", 3): 3}
    assert families["orange"] == {
        ("pair", 2): 3, ("block", 3): 3, ("highset", 3): 3, ("run", 4): 3,
    }  # fmt: skip
    assert families["red"] == {
        ("block", 3): 3, ("highset", 4): 3, ("block", 4): 3, ("run", 5): 3,
    }  # fmt: skip
    ranges = {"green": (2, 4), "orange": (4, 6), "red": (6, 9)}
    for e in cards:
        low, high = ranges[e.back]
        assert low <= e.secrets <= high, e.name


def test_harder_parameters_never_score_less_within_a_family() -> None:
    cards = [e for e in catalog().encounters.values() if not e.promo]
    for a in cards:
        for b in cards:
            ca, cb = effective(a.combo, True), effective(b.combo, True)
            same = a.back == b.back and (ca.kind, ca.count) == (cb.kind, cb.count)
            if same and ca.min > cb.min:
                assert a.secrets >= b.secrets, (a.name, b.name)


def test_feat_mix() -> None:
    by_op = Counter(f.effect.op for f in catalog().feats.values())
    assert by_op == {
        "bump": 9, "flip": 2, "add_die": 11, "swap_die": 5,
        "extra_reroll": 4, "card_reroll": 2, "gain": 4,
    }  # fmt: skip
    assert all(1 <= f.cost <= 2 for f in catalog().feats.values())
    gains = {f.effect.token for f in catalog().feats.values() if f.effect.op == "gain"}
    assert gains == {"focus", "treasure", "courage", "feat"}


def test_swag_mix() -> None:
    swag = list(catalog().swag.values())
    assert all(2 <= s.cost <= 6 for s in swag)
    assert sorted(s.counts_as for s in swag if s.counts_as) == sorted(ENCOUNTER_TYPES)
    assert sum(s.luck_start for s in swag) == 2
    assert Counter(s.exhaust.op for s in swag if s.exhaust) == {
        "swap_die": 2, "add_die": 2, "bump": 3, "extra_reroll": 2, "card_reroll": 2, "gain": 3,
    }  # fmt: skip
    assert sorted(s.secrets for s in swag if s.secrets and not s.counts_as) == [1, 1, 2, 2, 3, 3]
    assert [s.exhaust_cost for s in swag if s.exhaust_cost] == [{"focus": 1}]


def test_characters_scenarios_achievements_and_tokens() -> None:
    c = catalog()
    assert [ch.id for ch in c.characters.values()] == ["captain", "heiress", "scholar", "hunter"]
    assert [ch.id for ch in c.characters.values() if ch.takes_map] == ["captain"]
    rows = {face: [(r.combo.kind, r.combo.min, r.reward) for r in s.rows]
            for face, s in c.scenarios.items()}  # fmt: skip
    assert rows["I"] == [
        ("high", 4, "focus"), ("pair", 3, "feat"), ("block", 1, "courage"), ("run", 1, "treasure")
    ]  # fmt: skip
    assert rows["II"] == [
        ("high", 5, "focus"), ("pair", 4, "feat"), ("block", 3, "courage"), ("run", 2, "treasure")
    ]  # fmt: skip
    assert sorted(a.type for a in c.achievements.values()) == sorted(ENCOUNTER_TYPES)
    assert all(a.secrets == 2 and a.claim_at == 3 for a in c.achievements.values())
    assert Counter(t.penalty for t in c.terrible_things) == {0: 4, 1: 4, 2: 4, 3: 4}
    assert [loc.name for loc in c.locations.values()] == [
        "Accursed Shrine", "Ghastly Gorge", "Sinister Chateau",
        "Yawning Chasm", "Rusted Gunsloop", "Crumbling Ruin",
    ]  # fmt: skip


def test_stand_in_names_are_plain_and_name_one_card_each() -> None:
    """Copies of a card share its name and nothing tells them apart but their id; a name
    never carries a copy number ("Feat: +1 to one die", not "... #4")."""
    c = catalog()
    names = [r.name for r in c.encounters.values()]
    assert len(set(names)) == len(names)
    for group in (c.feats, c.swag):
        faces: dict[str, object] = {}
        for r in group.values():
            assert "#" not in r.name, r.name
            face = r.model_dump(exclude={"id"})
            assert faces.setdefault(r.name, face) == face, r.name
    assert len({f.name for f in c.feats.values()}) < len(c.feats)
    assert all(f.name.startswith("Feat: ") for f in c.feats.values())
    assert all(s.name.startswith("Swag: ") for s in c.swag.values())
