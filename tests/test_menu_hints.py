"""Menu option descriptions (issue 19 "Menus with option descriptions: what a card or move
does, 100 characters"): every game says what its moves and cards do, and the panel shows it
under each option, within Discord's limit."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.discord import limits
from bot.discord.ui.items import ActSelect, PathSelect
from bot.discord.ui.layout import MenuRow, PathRow, layout, path_row
from bot.tables.steps import drill
from bot.tables.updates import Choice
from engines import registry
from engines.core.conformance import seats_for
from engines.core.menus import MenuHints, Path
from engines.core.replay import replay

SEATS = {"att": 3, "wildlands": 2, "awoken": 1, "wrath": 3, "war": 4, "arcadia": 2}
SEATS |= {"root": 4, "northgard": 3}

# Moves whose whole point is a card or a piece of the rules: each must say what it does.
MUST_EXPLAIN = {
    "att": {"play_feat", "exhaust_swag", "buy_swag", "explore", "spend", "focused_reroll"},
    "wildlands": {"attack", "area", "move", "claim", "defend", "draw", "end_turn"},
    "awoken": {"reveal_object", "end_turn", "attack", "move"},
    "wrath": {"discard", "attack", "end_turn"},
    "root": {"fight", "pick:craft", "pick:leader", "pick:decree", "pick:ambush"}
    | {"pick:character", "pick:keep", "pick:slip", "pick:v_move", "pick:hospital"},
    "northgard": {"play", "wait", "replace", "pass", "at"},
    "arcadia": {"take_merit", "take_flaw", "waylay", "league", "use_merit", "icon"},
}


def _kind(action: Any) -> str:
    kind = str(getattr(action, "kind", type(action).__name__))
    if kind == "pick":
        return f"pick:{action.what}"
    if kind == "choose" and hasattr(action, "code"):  # Northgard's codes: "play:<card>"
        return str(action.code).split(":")[0]
    return kind


def positions(game: str, decisions: int, seed: int = 0) -> Iterator[tuple[Any, Any, int]]:
    """(state, action, seat) for every legal action along a seeded random game."""
    entry = registry.entry(game)
    engine = entry.engine
    rng = random.Random(seed)
    state = replay(engine, seats_for(SEATS[game]), {}, seed, [])
    for _ in range(decisions):
        to_act = sorted(engine.to_act(state))
        if not to_act:
            return
        seat = rng.choice(to_act)
        legal = list(engine.legal_actions(state, seat))
        for action in legal:
            yield state, action, seat
        state = engine.apply(state, seat, rng.choice(legal)).state


@pytest.mark.parametrize("game", sorted(SEATS))
def test_hints_are_one_plain_line(game: str) -> None:
    menus = registry.entry(game).menus
    assert menus is not None
    said = 0
    for state, action, _ in positions(game, 150):
        text = menus.hint(action, state)
        if text is None:
            continue
        said += 1
        assert text.strip() == text and text, (game, action)
        assert "\n" not in text, (game, action, text)
        # No engine ids or codes in front of a player.
        assert "_" not in text and "{" not in text, (game, action, text)
    assert said > 0


@pytest.mark.parametrize("game", sorted(MUST_EXPLAIN))
def test_card_and_rule_moves_say_what_they_do(game: str) -> None:
    menus = registry.entry(game).menus
    assert menus is not None
    seen: set[str] = set()
    for seed in range(3):
        for state, action, _ in positions(game, 400, seed):
            kind = _kind(action)
            if kind in MUST_EXPLAIN[game]:
                seen.add(kind)
                assert menus.hint(action, state), (game, action)
    assert seen == MUST_EXPLAIN[game], f"{game}: never offered {MUST_EXPLAIN[game] - seen}"


def hints(game: str) -> MenuHints:
    menus = registry.entry(game).menus
    assert menus is not None
    return menus


def _first(game: str, kind: str, seeds: int = 3) -> tuple[Any, Any]:
    for seed in range(seeds):
        for state, action, _ in positions(game, 400, seed):
            if _kind(action) == kind:
                return state, action
    raise AssertionError(f"{game}: no {kind} in the seeded games")


def test_att_feat_hint_is_the_card_text() -> None:
    from engines.att.content import catalog

    state, action = _first("att", "play_feat")
    text = hints("att").hint(action, state)
    assert text == f"{catalog().feats[action.card].text}. The card is then discarded."


def test_wildlands_attack_hint_counts_the_damage_and_the_defence() -> None:
    state, action = _first("wildlands", "attack")
    target = state.figures[action.target]
    text = hints("wildlands").hint(action, state)
    assert text is not None and target.name in text and "damage" in text
    assert "cancels it" in text or "nothing cancels it" in text


def test_root_craft_hint_is_the_card_and_a_battle_counts_warriors() -> None:
    from engines.root.content import card_records
    from engines.root.hand import card_words

    menus = registry.entry("root").menus
    assert menus is not None
    state, craft = _first("root", "pick:craft")
    assert menus.hint(craft, state) == card_words(card_records()[craft.card.split(".")[0]])
    state, fight = _first("root", "fight")
    assert "warrior" in (menus.hint(fight, state) or "")


def test_northgard_card_step_note_is_the_card_effect() -> None:
    from engines.northgard.content import content
    from engines.northgard.hand import card_words

    menus = registry.entry("northgard").menus
    assert menus is not None
    state, play = _first("northgard", "play")
    card = play.code.split(":")[1]
    path = menus.path(play, state)
    assert path is not None and path.notes == (card_words(content().card_of(card)),)
    assert menus.hint(play, state) == card_words(content().card_of(card))


def test_arcadia_merit_in_play_drops_its_build_cost() -> None:
    state, action = _first("arcadia", "use_merit")
    text = hints("arcadia").hint(action, state)
    assert text is not None and not text.startswith("Costs")


# ------------------------------------------------------------------ the panel


def step(i: int, steps: tuple[str, ...], notes: tuple[str | None, ...], hint: str) -> Choice:
    label = " / ".join(steps)
    return Choice(i, label, "Play", f"5:{i}", path=Path("Play", steps, notes), hint=hint)


def test_drill_down_shows_step_notes_and_last_step_hints() -> None:
    moves = [
        step(0, ("Card 6", "Elsie: move", "Space 5"), ("Move one space.",), "Elsie goes to 5."),
        step(1, ("Card 6", "Elsie: move", "Space 11"), ("Move one space.",), "Elsie goes to 11."),
        step(2, ("Card 9", "Elsie: melee", "Tak"), ("A melee attack.",), "1 damage to Tak."),
        step(3, ("Card 9", "Lunk: melee", "Tak"), ("A melee attack.",), "1 damage to Tak."),
    ]
    (first,) = layout(moves)
    assert isinstance(first, PathRow)
    assert [(label, note) for _, label, note in first.options] == [
        ("Card 6", "Move one space."),
        ("Card 9", "A melee attack."),
    ]
    at_card = drill(moves, (0,))
    assert at_card is not None
    spaces = path_row(at_card)
    assert [note for _, _, note in spaces.options] == ["Elsie goes to 5.", "Elsie goes to 11."]
    # A step with no note and more steps to come says nothing: its target decides the rest.
    actors = drill(moves, (1,))
    assert actors is not None and actors.hints == (None, None)


def test_menus_carry_descriptions_within_discords_limit() -> None:
    long = "word " * 40
    row = MenuRow(0, "Spend", 0, (Choice(0, "Spend 5", "Spend", "5:0", hint=long),), None)
    select = ActSelect(1, 5, row).item
    (option,) = select.options
    assert option.description is not None
    assert len(option.description) == limits.SELECT_LABEL and option.description.endswith("…")
    plain = MenuRow(0, "Spend", 0, (Choice(0, "Spend 5", "Spend", "5:0"),), None)
    assert ActSelect(1, 5, plain).item.options[0].description is None
    path = PathRow("Play", (), ((0, "Card 6", "Move\n one space."), (1, "Card 9", None)), 0, None)
    described = [o.description for o in PathSelect(1, 5, path).item.options]
    assert described == ["Move one space.", None]


def test_wrath_spending_a_shard_says_the_carriers_special() -> None:
    from engines.wildlands.wrath.card_list import SPECIALS

    for state, action, _ in positions("wrath", 1200, seed=3):
        if _kind(action) == "spend":
            carrier = state.figures[state.carried[action.shard]].name
            assert hints("wrath").hint(action, state) == f"{carrier}: {SPECIALS[carrier]}"
            return
    raise AssertionError("no shard spent in the seeded Wrath game")


def test_northgard_tile_placement_says_what_the_tile_holds() -> None:
    """A drawn tile is placed from a menu before anyone sees it on the map: the option
    says what it holds, piece by piece (tiles.toml M28: a = "WRg", b = "F", c = "sP")."""
    from engines.northgard.hints import tile_words

    assert tile_words("M28") == (
        "Dunmoor: wood 1, lore 1, large slot; food 1; small slot, lair; 2 rough borders."
    )
    state, place = _first("northgard", "at")
    assert hints("northgard").hint(place, state) == tile_words(state.pending.data["tile"])
