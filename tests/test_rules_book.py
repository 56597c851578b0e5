"""Rules topics and card look-up (engines/core/rules_book.py; issue 18 "/rules" and "/card").

Every game with a rules file must explain its setup, its turn, every action its engine
accepts and how it ends; cite sections that exist in its reference file; and name options
exactly as its options model has them, with their real defaults.
"""

from __future__ import annotations

import importlib
import importlib.util
import io
import re
from functools import cache
from pathlib import Path
from typing import Annotated, get_args, get_origin, get_type_hints

import pytest
from PIL import Image
from pydantic import BaseModel

from engines import registry
from engines.arcadia.content import content as arcadia_content
from engines.core import card_face, rules_book
from engines.core.errors import GameError
from engines.core.render_kit import font, text_width, title_lines

REPO = Path(__file__).resolve().parents[1]


def shared_dir() -> Path:
    """``shared/`` beside the repository (the CI checkout), or beside an ancestor folder (a
    git worktree nested one level deeper)."""
    for folder in REPO.parents:
        candidate = folder / "shared"
        if (candidate / "reference").is_dir():
            return candidate
    raise AssertionError(f"No shared/reference folder beside {REPO} or any folder above it.")


@cache
def headings(reference: str) -> frozenset[str]:
    """Section numbers of a reference file: '## 5. The turn' -> '5', '### 5.3 ...' -> '5.3'."""
    text = (shared_dir() / "reference" / reference).read_text(encoding="utf-8")
    return frozenset(re.findall(r"^#{2,4} (\d+(?:\.\d+)*)\.? ", text, flags=re.MULTILINE))


def action_kinds(game: str) -> set[str]:
    """Every ``kind`` value of the game's action union: the ``actions`` module of the nearest
    engine class that has one (War plays Wrath's actions), its ``Action`` or, as Wrath names
    it, its one ``...Action`` union; or the engine's one action model when it has no union
    (Northgard's ``Choose``)."""
    engine = type(registry.get(game))
    for cls in engine.__mro__:
        try:
            module = importlib.import_module(f"{cls.__module__.rsplit('.', 1)[0]}.actions")
        except ModuleNotFoundError:
            continue
        unions = [
            value
            for name, value in vars(module).items()
            if name.endswith("Action") and get_origin(value) is Annotated
        ]
        union = getattr(module, "Action", None) or unions[0]
        members = get_args(get_args(union)[0])
        return {m.model_fields["kind"].default for m in members}
    model: type[BaseModel] = get_type_hints(engine.describe)["a"]
    return {model.model_fields["kind"].default}


def options_model(game: str) -> type[BaseModel]:
    return registry.get(game).options_model


GAMES = [g for g in registry.names() if rules_book.has_rules(g)]


def test_every_shipped_game_has_rules() -> None:
    assert set(GAMES) >= {"att", "wildlands", "awoken", "root", "northgard"}


@pytest.mark.parametrize("game", GAMES)
def test_topics_cover_setup_turn_and_end(game: str) -> None:
    kinds = {t.kind for t in rules_book.topics(game)}
    assert {"setup", "turn", "action", "end"} <= kinds
    ends = " ".join(t.body for t in rules_book.topics(game) if t.kind == "end").lower()
    assert "win" in ends


@pytest.mark.parametrize("game", GAMES)
def test_every_action_kind_is_explained(game: str) -> None:
    explained: set[str] = set()
    for t in rules_book.topics(game):
        explained.update(t.actions)
    declared = action_kinds(game)
    assert declared - explained == set(), "actions without a rules topic"
    assert explained - declared == set(), "topics naming actions this game does not have"


@pytest.mark.parametrize("game", GAMES)
def test_sections_exist_in_the_reference(game: str) -> None:
    book = rules_book.book(game).book
    known = headings(book.reference)
    assert known, f"no numbered headings found in {book.reference}"
    for t in rules_book.topics(game):
        prefix, number = t.section.split(" §")
        assert prefix == book.prefix, t.id
        assert number in known, f"{t.id}: {t.section} is not a heading of {book.reference}"


@pytest.mark.parametrize("game", GAMES)
def test_options_exist_with_their_defaults(game: str) -> None:
    fields = options_model(game).model_fields
    named = 0
    for t in rules_book.topics(game):
        for o in t.option:
            assert o.name in fields, f"{t.id}: no option {o.name!r} in {game}"
            default = fields[o.name].get_default(call_default_factory=True)
            # The book writes a tuple as a list, and an empty table as unset (no default).
            if isinstance(default, tuple):
                default = list(default)
            elif isinstance(default, dict) and not default:
                default = None
            assert default == o.default, f"{t.id}: default of {o.name}"
            named += 1
    assert named >= 5


@pytest.mark.parametrize("game", GAMES)
def test_bodies_are_short_and_our_own_words(game: str) -> None:
    seeds = shared_dir() / "seeds"
    seed_text = " ".join(
        " ".join(p.read_text(encoding="utf-8", errors="replace").split())
        for p in sorted(seeds.glob("*.txt"))
    ).lower()
    for t in rules_book.topics(game):
        assert len(t.body.strip().splitlines()) <= 6, t.id
        words = " ".join(t.body.split()).lower().split(" ")
        # No run of twelve words copied from any rulebook.
        for i in range(len(words) - 11):
            run = " ".join(words[i : i + 12])
            assert run not in seed_text, f"{t.id} copies the rulebook: {run!r}"


@pytest.mark.parametrize(
    ("game", "text", "expected"),
    [
        ("att", "reroll", "rerolls"),
        ("att", "chasm", "chasm"),
        ("att", "tie", "scoring"),
        ("att", "desperate", "desperation"),
        ("wildlands", "shield", "defence"),
        ("wildlands", "interrupt", "interrupts"),
        ("wildlands", "belt", "belts"),
        ("awoken", "crystal", "collect"),
        ("awoken", "trap", "traps"),
        ("awoken", "lose", "objective"),
        ("root", "barren", "barren"),
        ("root", "decree", "eyrie"),
        ("northgard", "skull", "combat"),
        ("northgard", "upkeep", "winter"),
        ("wrath", "desperate", "desperate"),
        ("wrath", "spend", "spend"),
        ("wrath", "infamous", "infamous"),
        ("war", "tie", "game-end"),
        ("war", "team turn", "turn"),
        ("arcadia", "waylay", "waylays"),
        ("arcadia", "rest", "rest"),
        ("arcadia", "challenge", "encounters"),
    ],
)
def test_search_finds_topics_by_keyword(game: str, text: str, expected: str) -> None:
    hits = rules_book.find(game, text)
    assert hits[0].value == expected
    assert all(text.split()[0][:3] in _searchable(game, h.value) for h in hits)


def _searchable(game: str, topic_id: str) -> str:
    t = rules_book.topic(game, topic_id)
    return " ".join((t.title, *t.keywords, t.body)).lower().replace("-", "")


@pytest.mark.parametrize("game", GAMES)
def test_autocomplete_fits_discord(game: str) -> None:
    everything = rules_book.find(game, "")
    assert len(everything) == min(25, len(rules_book.topics(game)))
    for text in ("", "a", "the", "turn", "zzzz"):
        hits = rules_book.find(game, text)
        assert len(hits) <= 25
        assert all(len(h.label) <= 100 and len(h.value) <= 100 for h in hits)
    assert rules_book.find(game, "zzzz") == []


def test_answer_shows_section_option_and_the_tables_ruling() -> None:
    text = rules_book.answer("att", "round")
    assert "(att §4)" in text and "`first_player` (default `holder_chooses`)" in text
    assert "This table" not in text
    options = options_model("att").model_validate({"first_player": "holder_first"})
    ruled = rules_book.answer("att", "round", options)
    assert "This table: `holder_first`" in ruled
    assert len(ruled) < 2000


def test_a_typed_topic_name_finds_the_best_match() -> None:
    assert rules_book.topic("wildlands", "claim shard").id == "claim"


def test_a_game_without_rules_gets_a_sentence() -> None:
    assert rules_book.find("no-such-game", "turn") == []
    with pytest.raises(GameError, match="no rules topics for `no-such-game`"):
        rules_book.topics("no-such-game")
    with pytest.raises(GameError, match="no rules topic called"):
        rules_book.topic("att", "zzzz")
    with pytest.raises(GameError, match="no card list"):
        rules_book.cards("no-such-game")


# --- cards -----------------------------------------------------------------------------------

CARD_GAMES = [g for g in registry.names() if rules_book.has_cards(g)]


@pytest.mark.parametrize("game", CARD_GAMES)
def test_card_names_have_no_copy_numbers_and_are_distinct(game: str) -> None:
    entries = rules_book.cards(game)
    assert entries
    names = [c.name for c in entries]
    assert not [n for n in names if re.search(r"#\d", n)]
    assert len(set(names)) == len(names), "two different cards share a name"
    for c in entries:
        assert c.text and c.source.split(":")[0] in {"seed", "public", "stand-in", "ruling"}
        assert not re.search(r"\b[a-z]+_[a-z]+\b", c.name + c.text), f"an id shows: {c.name}"


def test_identical_copies_are_listed_once_with_their_count() -> None:
    feats = {c.name: c for c in rules_book.cards("att") if c.kind == "Feat card"}
    assert feats["Feat: +1 to one die"].count == 6
    total = sum(c.count for c in rules_book.cards("att") if c.kind == "Feat card")
    assert total == 37
    hits = rules_book.find_card("att", "+1 to one die")
    assert hits[0].label == "Feat: +1 to one die ×6"
    assert len({h.label for h in hits}) == len(hits)


def test_card_counts_match_the_components() -> None:
    def count(game: str, kind: str) -> int:
        return sum(c.count for c in rules_book.cards(game) if c.kind.startswith(kind))

    assert count("att", "Encounter") == 37  # 36 and the promotional card
    assert count("att", "Swag") == 26
    assert count("att", "Terrible Thing") == 16
    assert count("wildlands", "Action card") + count("wildlands", "Wild card") == 120
    assert count("awoken", "Minion card") == 36
    assert count("awoken", "Ancient card") == 26
    assert count("awoken", "Treasure (") == 16
    assert count("awoken", "Object counter") == 25
    assert count("root", "") == 54  # the shared deck
    assert count("root", "Bird card") == 14
    assert count("northgard", "Early") + count("northgard", "Advanced") == 52
    assert count("northgard", "Unrest") == 10
    ancients = [c for c in rules_book.cards("wrath") if c.name.startswith("The Ancients:")]
    assert sum(c.count for c in ancients) == 30
    assert count("wrath", "Action card") + count("wrath", "Wild card") == 150
    content = arcadia_content()
    assert count("arcadia", "Character Icon") == len(content.icons)
    assert sum(c.kind.endswith(" merit") for c in rules_book.cards("arcadia")) == len(
        content.merits
    )
    assert sum(c.kind.endswith(" flaw") for c in rules_book.cards("arcadia")) == len(content.flaws)
    assert sum(" waylay, rating " in c.kind for c in rules_book.cards("arcadia")) == len(
        content.waylays
    )
    assert count("arcadia", "League") == len(content.leagues)
    assert count("arcadia", "Quest") == len(content.quests) + len(content.npcs)


@pytest.mark.parametrize(
    ("game", "text", "expected"),
    [
        ("att", "chateau", "Sinister Chateau"),
        ("att", "captain", "The Captain"),
        ("wildlands", "lunk", "Lunk"),
        ("wildlands", "pit fighter", "Pit Fighters"),
        ("awoken", "vamperic", "Vamperic Blade"),
        ("awoken", "stasis", "Stasis trap"),
        ("root", "ambush mouse", "Ambush! (mouse)"),
        ("root", "royal claim", "Royal Claim"),
        ("northgard", "bear", "Bear clan"),
        ("northgard", "berserker", "Berserker Fury"),
        ("wrath", "tyrant", "Tyrant"),
        ("war", "wayfarer pathfinder", "Wayfarer Pathfinder"),
        ("arcadia", "sellsword", "Sellsword"),
        ("arcadia", "dragon breath", "Dragonkin (male) · Dragon Breath"),
        ("arcadia", "wishing bridge", "Wishing Bridge"),
    ],
)
def test_find_card_by_name(game: str, text: str, expected: str) -> None:
    hits = rules_book.find_card(game, text)
    assert rules_book.card(game, hits[0].value).name == expected


def test_printed_card_numbers_are_search_words() -> None:
    hits = rules_book.find_card("wildlands", "card 12")
    assert {h.value for h in hits} >= {"mages.12", "gnomads.12"}
    assert all(len(h.label) <= 100 for h in hits)


def test_card_text_for_discord() -> None:
    text = rules_book.card_text("att", "feat-04")
    assert text.startswith("**Feat: +1 to one die** · Feat card (6 copies)")
    assert "Source: our stand-in design" in text


# --- card pictures ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", CARD_GAMES)
def test_no_text_overflows_on_a_card_face(game: str) -> None:
    for entry in rules_book.cards(game):
        placed = card_face.layout(entry)
        shown = []
        for line in placed.lines:
            x0, y0, x1, y1 = font(line.size, line.bold).getbbox(line.text)
            left, top, right, bottom = line.panel
            box = (line.x + x0, line.y + y0, line.x + x1, line.y + y1)
            assert left <= box[0] and box[2] <= right, f"{entry.name}: {line.text!r} too wide"
            assert top <= box[1] and box[3] <= bottom, f"{entry.name}: {line.text!r} too low"
            assert bottom <= placed.height - 16
            shown.append(line.text)
        # Every word of the name, text and source is on the card: nothing was cut.
        words = " ".join((entry.name, entry.text, "Source:", rules_book.source_words(entry.source)))
        assert " ".join(shown).split() == words.split(), entry.name
        # The title bar sets a long header smaller or on two lines, never cut.
        header = card_face.header(entry)
        size, title = title_lines(header, card_face.WIDTH - 32, card_face.TITLE_BAR)
        assert " ".join(title) == header
        assert all(text_width(line, size, True) <= card_face.WIDTH - 32 for line in title)


def test_card_faces_are_phone_sized_pngs() -> None:
    for game, card_id in (("att", "feat-04"), ("wildlands", "mages.12"), ("awoken", "minion.3.03")):
        png = card_face.draw_card(rules_book.card(game, card_id))
        with Image.open(io.BytesIO(png)) as img:
            assert img.format == "PNG"
            assert img.width == 720 and 400 <= img.height <= 1000


def test_an_overlong_card_shrinks_and_stays_inside_its_panels() -> None:
    long_card = rules_book.CardEntry(
        id="x",
        name="An extraordinarily long card name, " * 2 + "longer still",
        kind="Feat card",
        text="Every word of this sentence repeats. " * 60,
        source="stand-in",
    )
    placed = card_face.layout(long_card)
    assert min(line.size for line in placed.lines) < 34
    for line in placed.lines:
        x0, y0, x1, y1 = font(line.size, line.bold).getbbox(line.text)
        left, top, right, bottom = line.panel
        assert left <= line.x + x0 and line.x + x1 <= right
        assert top <= line.y + y0 and line.y + y1 <= bottom <= placed.height
    assert placed.height <= 1000


def test_a_label_too_long_for_discord_is_cut_between_words() -> None:
    label = rules_book._label("Shuffle " * 20 + "the deck")
    assert len(label) <= 100 and label.endswith("Shuffle…")
