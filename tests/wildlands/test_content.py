"""Content records: four base factions, five characters each, 30-card decks (§1, §3, §14)."""

from __future__ import annotations

from collections import Counter

from engines.wildlands.cards import (
    BANNER_ICONS,
    WILD_ICONS,
    CardRecord,
    cards,
    deck_of,
    factions,
)

# §14.1: health per character, in portrait order.
HEALTH = {
    "mages": [3, 2, 2, 3, 5],
    "gnomads": [3, 3, 4, 2, 2],
    "lawbringers": [4, 3, 5, 3, 3],
    "pit_fighters": [5, 4, 4, 3, 4],
}
# §14.2: wild cards per deck.
WILD = {"mages": 4, "gnomads": 5, "lawbringers": 4, "pit_fighters": 3}


def test_four_base_factions_with_public_names() -> None:
    names = {f.id: f.name for f in factions().values()}
    assert names == {
        "mages": "Guild of Mages",
        "gnomads": "Gnomads",
        "lawbringers": "Lawbringers",
        "pit_fighters": "Pit Fighters",
    }
    assert all(f.source.startswith("public:") for f in factions().values())


def test_five_characters_with_reference_health() -> None:
    for fid, health in HEALTH.items():
        chars = factions()[fid].characters
        assert [c.health for c in chars] == health
        assert all(c.source == "stand-in" for c in chars)
    lunk = factions()["mages"].characters[4]
    assert (lunk.name, lunk.name_source) == ("Lunk", "public:P14")
    assert [c.name for c in factions()["gnomads"].characters[:3]] == ["Tak", "Elsie", "Automate"]


def test_thirty_cards_per_deck_with_wild_cards_last() -> None:
    assert len(cards()) == 120
    for fid, wild in WILD.items():
        deck = deck_of(fid)
        assert len(deck) == 30
        wilds = [c for c in deck if not cards()[c].characters]
        assert wilds == list(deck[30 - wild :])
        for c in wilds:
            assert set(cards()[c].icons) == WILD_ICONS


def test_card_shapes_and_links() -> None:
    for c in cards().values():
        assert 0 <= len(c.characters) <= 2
        assert 1 <= len(c.icons) <= 3
        assert c.source == "stand-in"
        if c.characters:
            assert set(c.icons) <= BANNER_ICONS
    assert cards()["mages.06"].links() == ("mages.1", "mages.2")


def test_each_character_appears_on_six_to_eight_cards() -> None:
    for fid in WILD:
        per = Counter(n for c in deck_of(fid) for n in cards()[c].characters)
        assert all(6 <= per[n] <= 8 for n in range(1, 6)), (fid, per)


def test_design_intent_of_the_decks() -> None:
    def icons(fid: str) -> Counter[str]:
        return Counter(i for c in deck_of(fid) for i in cards()[c].icons if cards()[c].characters)

    assert icons("gnomads")["rally"] == 9
    assert icons("pit_fighters")["melee"] == 10
    assert icons("pit_fighters")["shield"] == 8


def test_bad_card_records_are_refused() -> None:
    import pytest
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        CardRecord(id="mages.99", faction="mages", characters=(), icons=("melee",), source="x")
    with pytest.raises(ValidationError):
        CardRecord(
            id="mages.99", faction="mages", characters=(1, 2, 3), icons=("melee",), source="seed"
        )
    with pytest.raises(ValidationError):
        CardRecord(id="mages.99", faction="mages", characters=(1,), icons=("draw",), source="seed")
