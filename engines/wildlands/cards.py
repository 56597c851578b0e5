"""Factions, characters and action cards as data (wildlands.md §1, §3, §14.1, §14.2).

A card shows 0-2 character portraits (its *links*) and 1-3 action icons. Character cards
carry Banner icons; wild cards carry no portrait and the three Wild icons (interrupt, draw,
move). The records are validated here and looked up by id through cached tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, cached_property, lru_cache
from typing import Final, Literal, NamedTuple

from pydantic import model_validator

from engines.core.content import Record, load_records
from engines.core.errors import BadOptions, CorruptRecord

Icon = Literal[
    "melee",
    "heavy_melee",
    "ranged",
    "heavy_ranged",
    "area",
    "shield",
    "cover",
    "climb",
    "rally",
    "move",
    "interrupt",
    "draw",
]
WILD_ICONS: frozenset[str] = frozenset({"move", "interrupt", "draw"})
BANNER_ICONS: frozenset[str] = frozenset(
    {"melee", "heavy_melee", "ranged", "heavy_ranged", "area", "shield", "cover", "climb", "rally"}
)
# Short labels for menus and pictures, in the order icons are listed on a card.
ICON_LABELS: dict[str, str] = {
    "melee": "melee",
    "heavy_melee": "heavy melee",
    "ranged": "ranged",
    "heavy_ranged": "heavy ranged",
    "area": "area",
    "shield": "shield",
    "cover": "cover",
    "climb": "climb",
    "rally": "rally",
    "move": "move",
    "interrupt": "interrupt",
    "draw": "draw",
}

FACTIONS_FILE = "wildlands/factions.toml"
DECKS_FILE = "wildlands/action_decks.toml"
# Factions of the Ancients box (§11, §12, §14.2), each file holding its faction and its deck.
# They are looked up by id like the base factions but never listed among them, so a base
# game's factions and defaults stay the same.
BOX_FILES = ("wildlands/ancients.toml", "wildlands/wayfarers.toml")
DECK_SIZE = 30
CHARACTERS_PER_FACTION = 5


class CharacterRecord(Record):
    """One character card: its portrait number, name and health (§14.1)."""

    number: int
    name: str
    health: int
    name_source: str = ""

    @model_validator(mode="after")
    def _sane(self) -> CharacterRecord:
        if not 1 <= self.number <= CHARACTERS_PER_FACTION:
            raise ValueError(f"character number {self.number} must be 1 to 5")
        if not 2 <= self.health <= 6:
            raise ValueError(f"{self.name} has health {self.health}; it must be 2 to 6")
        return self


class FactionRecord(Record):
    """A playable faction with its five characters in portrait order."""

    id: str
    name: str
    characters: tuple[CharacterRecord, ...]

    @model_validator(mode="after")
    def _five(self) -> FactionRecord:
        numbers = [c.number for c in self.characters]
        if numbers != list(range(1, CHARACTERS_PER_FACTION + 1)):
            raise ValueError(f"{self.name} must list characters 1 to 5 in order, not {numbers}")
        return self

    def character_id(self, number: int) -> str:
        return f"{self.id}.{number}"


class CardRecord(Record):
    """One action card (§3): ``characters`` are portrait numbers of its faction."""

    id: str
    faction: str
    characters: tuple[int, ...]
    icons: tuple[Icon, ...]

    @model_validator(mode="after")
    def _shape(self) -> CardRecord:
        if len(self.characters) > 2 or len(set(self.characters)) != len(self.characters):
            raise ValueError(f"card {self.id} must show 0-2 different characters")
        if not 1 <= len(self.icons) <= 3 or len(set(self.icons)) != len(self.icons):
            raise ValueError(f"card {self.id} must show 1-3 different action icons")
        if not all(1 <= n <= CHARACTERS_PER_FACTION for n in self.characters):
            raise ValueError(f"card {self.id} shows a character number outside 1-5")
        wild = set(self.icons) <= WILD_ICONS
        if wild == bool(self.characters):
            raise ValueError(
                f"card {self.id}: wild icons go on cards without portraits, banner icons on "
                "cards with them"
            )
        if not self.id.startswith(f"{self.faction}."):
            raise ValueError(f"card {self.id} must be named {self.faction}.NN")
        return self

    @property
    def number(self) -> int:
        """The printed card number (the NN of its id)."""
        return int(self.id.rsplit(".", 1)[1])

    def links(self) -> tuple[str, ...]:
        """Ids of the characters this card is linked to (§3)."""
        return self._links

    # Built once per card: every list of legal moves asks for the links of every card in
    # hand (issue 33).
    @cached_property
    def _links(self) -> tuple[str, ...]:
        return tuple(f"{self.faction}.{n}" for n in self.characters)


@cache
def factions() -> dict[str, FactionRecord]:
    """Every faction by id, in file order."""
    out: dict[str, FactionRecord] = {}
    for record in load_records(FACTIONS_FILE, "faction", FactionRecord):
        if record.id in out:
            raise CorruptRecord(f"{FACTIONS_FILE} lists faction {record.id!r} twice.")
        out[record.id] = record
    return out


@cache
def cards() -> dict[str, CardRecord]:
    """Every action card by id."""
    out: dict[str, CardRecord] = {}
    known = factions()
    for record in load_records(DECKS_FILE, "card", CardRecord):
        if record.id in out:
            raise CorruptRecord(f"{DECKS_FILE} lists card {record.id!r} twice.")
        if record.faction not in known:
            raise CorruptRecord(f"{DECKS_FILE}: card {record.id} names unknown faction.")
        out[record.id] = record
    return out


@cache
def box_factions() -> dict[str, FactionRecord]:
    """The Ancients box's playable factions by id (the Ancients, the sixth faction)."""
    out: dict[str, FactionRecord] = {}
    for file in BOX_FILES:
        for record in load_records(file, "faction", FactionRecord):
            if record.id in out or record.id in factions():
                raise CorruptRecord(f"{file} lists faction {record.id!r} twice.")
            out[record.id] = record
    return out


@cache
def box_cards() -> dict[str, CardRecord]:
    """The action cards of the box's factions by id."""
    out: dict[str, CardRecord] = {}
    for file in BOX_FILES:
        for record in load_records(file, "card", CardRecord):
            if record.id in out or record.id in cards():
                raise CorruptRecord(f"{file} lists card {record.id!r} twice.")
            if record.faction not in box_factions():
                raise CorruptRecord(f"{file}: card {record.id} names unknown faction.")
            out[record.id] = record
    return out


def faction(faction_id: str) -> FactionRecord:
    """A base or box faction by id."""
    found = factions().get(faction_id) or box_factions().get(faction_id)
    if found is None:
        known = ", ".join([*factions(), *box_factions()])
        raise BadOptions(f"There is no faction called {faction_id!r}. Factions: {known}.")
    return found


@cache
def deck_of(faction_id: str) -> tuple[str, ...]:
    """The card ids of one faction's action deck, sorted by id."""
    faction(faction_id)
    table = cards() if faction_id in factions() else box_cards()
    deck = tuple(sorted(c.id for c in table.values() if c.faction == faction_id))
    if len(deck) != DECK_SIZE:
        raise CorruptRecord(f"The {faction_id} deck has {len(deck)} cards instead of 30.")
    return deck


# Cached per id (an unknown id raises and is not kept): the rules look a dozen cards up
# for every decision (issue 33).
@cache
def card(card_id: str) -> CardRecord:
    return cards().get(card_id) or box_cards()[card_id]


# Cards paid for a claim (§6 "Claim shard").
CLAIM_COST: Final = 3

ATTACK_AND_AREA: frozenset[str] = frozenset(
    {"melee", "heavy_melee", "ranged", "heavy_ranged", "area"}
)


class HandPlan(NamedTuple):
    """A hand's cards by what they can do, each group in card id order (the order moves
    are listed in): the legal-move lists read this instead of looking every card up again
    for every kind of play (issue 33).

    ``moves``: (card, moves any own character (move icon), linked characters) for every
    card that moves someone; ``attacks``: (card, linked characters, attack and area icons
    in the card's order); ``rallies``: (card, linked characters); ``draws`` and
    ``interrupts``: the cards showing those icons; ``claimers``: the characters linked to
    at least three of the cards (only they can pay for a claim, §6)."""

    cards: tuple[str, ...]
    moves: tuple[tuple[str, bool, tuple[str, ...]], ...]
    attacks: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]
    rallies: tuple[tuple[str, tuple[str, ...]], ...]
    draws: tuple[str, ...]
    interrupts: tuple[str, ...]
    claimers: frozenset[str]


class CardPlays(NamedTuple):
    """One card's entries in a ``HandPlan`` (None or False: the card has no such play), and
    the characters it shows."""

    move: tuple[str, bool, tuple[str, ...]] | None
    attack: tuple[str, tuple[str, ...], tuple[str, ...]] | None
    rally: tuple[str, tuple[str, ...]] | None
    draw: bool
    interrupt: bool
    links: tuple[str, ...]


@cache
def card_plays(card_id: str) -> CardPlays:
    c = card(card_id)
    links = c.links()
    attacks = tuple(i for i in c.icons if i in ATTACK_AND_AREA)
    return CardPlays(
        move=(card_id, "move" in c.icons, links) if "move" in c.icons or links else None,
        attack=(card_id, links, attacks) if attacks and links else None,
        rally=(card_id, links) if "rally" in c.icons and links else None,
        draw="draw" in c.icons,
        interrupt="interrupt" in c.icons,
        links=links,
    )


# Keyed by the hand as it lies in the state: a hand comes back decision after decision
# (every other seat's, and one's own until a card is played); a new hand (one decision in
# three) is put together from its cards' entries, each unpacked at once.
@lru_cache(maxsize=4096)
def hand_plan(hand: tuple[str, ...]) -> HandPlan:
    ids = tuple(sorted(hand))
    moves, attacks, rallies, draws, interrupts = [], [], [], [], []
    shown: dict[str, int] = {}
    for card_id in ids:
        move, attack, rally, draw, interrupt, links = card_plays(card_id)
        if move:
            moves.append(move)
        if attack:
            attacks.append(attack)
        if rally:
            rallies.append(rally)
        if draw:
            draws.append(card_id)
        if interrupt:
            interrupts.append(card_id)
        for figure_id in links:
            shown[figure_id] = shown.get(figure_id, 0) + 1
    claimers = frozenset(f for f, n in shown.items() if n >= CLAIM_COST)
    return HandPlan(
        ids, tuple(moves), tuple(attacks), tuple(rallies), tuple(draws), tuple(interrupts), claimers
    )


def icon_words(icons: Sequence[str]) -> str:
    """A card's icons as words: "ranged", "ranged and cover", "interrupt, draw and move"."""
    words = [ICON_LABELS[i] for i in icons]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


@cache
def card_label(card_id: str) -> str:
    """'card 12 (ranged and cover)' for menus and logs."""
    c = card(card_id)
    return f"card {c.number} ({icon_words(c.icons)})"
