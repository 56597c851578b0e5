"""What players read (issues 29 and 35): leagues by name, told apart by their place when
two copies lie on the map (reference §3.1); quest items said with who chooses and who
places them (§4 step 4); a move's crossing terrain explained (§5 D3, D4); a tied court
chosen as the character's finishing step (§2.6); the text board in words, not ids."""

from __future__ import annotations

from collections.abc import Callable

from engines.arcadia import actions as A
from engines.arcadia.chronicle import QuestRecord, create_character
from engines.arcadia.common import set_character
from engines.arcadia.describe import describe_action
from engines.arcadia.menus import ArcadiaMenus
from engines.arcadia.render import chronicle_sheet, render_sheets
from engines.arcadia.state import MeritSlot
from engines.arcadia.wording import league_label
from engines.core.protocol import Seat, parse_options
from engines.core.render_kit import clear_caches, tracing
from engines.core.rng import Rng

from .builder import ENGINE, annoyicus, day_state, events, play, winerdria

TWINS = {"0,0": "irondew_road", "1,0": "crossroads_inn", "2,0": "crossroads_inn"}
CASTLE = {"0,0": "irondew_road", "1,0": "kyrrian_tower", "2,0": "highcrown_castle"}


def test_a_league_with_a_twin_on_the_map_is_named_with_its_place() -> None:
    s = day_state([winerdria(), annoyicus()], TWINS, ["0,0", "0,0"])
    assert league_label(s, "0,0") == "Irondew Road"
    assert league_label(s, "1,0") == "Crossroads Inn (1,0)"
    move = next(a for a in ENGINE.legal_actions(s, 0) if isinstance(a, A.Move) and a.cell == "1,0")
    _, said = events(s, 0, move)
    assert "Winerdria enters Crossroads Inn (1,0)." in said


def test_quest_items_say_who_chooses_and_who_places_them() -> None:
    # Conscription (§12 quest 11): the quester chooses each conscript, the opponent hides it.
    s = ENGINE.setup([Seat(0, "Ann"), Seat(1, "Bob")], parse_options(ENGINE, {}), 4)
    rng, said = Rng(3), []
    while s.phase != "day":
        seat = min(ENGINE.to_act(s))
        legal = list(ENGINE.legal_actions(s, seat))
        conscription = [a for a in legal if isinstance(a, A.PickQuest) and a.quest == "q11"]
        s, text = events(s, seat, conscription[0] if conscription else rng.choice(legal))
        said += text
    chose = [t for t in said if " as a conscript of " in t]
    placed = [t for t in said if "'s conscript " in t]
    assert chose and placed
    assert all(t.startswith(("Ann chooses ", "Bob chooses ")) for t in chose)
    assert all(t.startswith(("Bob places Ann's ", "Ann places Bob's ")) for t in placed)
    assert not any("quest item" in t for t in said)


def test_the_move_menu_explains_the_crossing_terrain_and_its_trial() -> None:
    # Highcrown Castle: entering by Road needs a Savvy 5 trial; by Fields none.
    s = day_state([winerdria(), annoyicus()], CASTLE, ["1,0", "1,0"])
    menus = ArcadiaMenus()
    notes = {
        a.via: menus.path(a, s)
        for a in ENGINE.legal_actions(s, 0)
        if isinstance(a, A.Move) and a.merit is None and a.cell == "2,0"
    }
    road, fields = notes["Road"], notes["Fields"]
    assert road is not None and fields is not None
    assert road.steps == ("Move to Highcrown Castle (2,0)", "Cross by Road")
    assert road.notes[1] == (
        "The facing edges of both leagues show Road: crossing by it meets a Savvy 5 trial "
        "to enter Highcrown Castle."
    )
    assert fields.notes[1] is not None and fields.notes[1].endswith("meets no trial.")


def test_a_tied_court_is_the_finishing_step_of_the_character() -> None:
    s = ENGINE.setup([Seat(0, "Ann"), Seat(1, "Bob")], parse_options(ENGINE, {}), 4)
    s = play(s, 0, A.PickIcon(icon="human_male"))
    paths = {
        a.court: ArcadiaMenus().path(a, s)
        for a in ENGINE.legal_actions(s, 0)
        if isinstance(a, A.ChooseCourt)
    }
    seelie = paths["Seelie"]
    assert seelie is not None and seelie.heading == "Finish the character"
    assert seelie.steps == (
        "Finish the character: choose its court (tied 0 to 0)",
        "Join the Seelie court",
    )
    board = ENGINE.view(s, None).text
    assert "Ann: Human (male), courts tied 0 to 0 (chosen on finishing)" in board
    assert "not on the map" not in board and ", )" not in board


def test_the_text_board_says_quests_and_tests_in_words() -> None:
    s = day_state([winerdria(), annoyicus()], CASTLE, ["0,0", "0,0"], quests=["q101", "q1"])
    board = ENGINE.view(s, None).text
    assert "Quest 101 (Clear the Old Road): step 1 of 1, defeat 0 of 3 waylays" in board
    assert "Quest 1 (Prove Yourself): step 1 of 1, enter 0 of 4 leagues." in board
    assert "defeat_waylays" not in board and "base_camp" not in board
    rider = create_character("Rider", "human_male", ("warhorse",), court_choice="Seelie")
    s = day_state([rider, annoyicus()], CASTLE, ["0,0", "0,0"])
    assert "Rider: Human (male), Seelie court;" in ENGINE.view(s, 1).text


def _sheet_texts(png: Callable[[], bytes]) -> str:
    clear_caches()
    with tracing() as trace:
        png()
    return " | ".join(text for text, _, _ in trace.texts)


def test_the_character_sheets_name_who_holds_the_flaws_and_the_tied_court() -> None:
    s = ENGINE.setup([Seat(0, "Ann"), Seat(1, "Bob")], parse_options(ENGINE, {}), 4)
    s = play(s, 0, A.PickIcon(icon="human_male"))
    view = ENGINE.view(s, None)
    drawn = _sheet_texts(lambda: render_sheets(view))
    assert "Flaws (held by Bob; ✗ exhausted)" in drawn
    assert "Flaws (held by Ann; ✗ exhausted)" in drawn
    assert "Court: courts tied 0 to 0 (chosen on finishing)" in drawn
    assert "?" not in drawn and "the opponent" not in drawn


def test_a_chronicle_sheet_shows_the_background_and_the_quests_played() -> None:
    quest = QuestRecord(
        quest="q1", name="Prove Yourself", completed=True, won=True, solo=False, xp=3
    )
    ch = winerdria().model_copy(
        update={"background": "A wanderer of the Wyld.", "quest_history": (quest,)}
    )
    drawn = _sheet_texts(lambda: chronicle_sheet(ch))
    assert "Winerdria — Sidhe (female)" in drawn and "1. Winerdria" not in drawn
    assert "Background: A wanderer of the Wyld." in drawn
    assert "Quests played: Prove Yourself (completed, won, 3 XP)." in drawn
    assert "Flaws (in a game the opponent holds them; ✗ exhausted)" in drawn


def test_base_camps_and_quest_sites_are_chosen_for_someone_named() -> None:
    # §4 steps 5 and 6: each opponent picks the base camp and names the quest's sites.
    s = ENGINE.setup([Seat(0, "Ann"), Seat(1, "Bob")], parse_options(ENGINE, {}), 4)
    rng, labels = Rng(3), {}
    while s.phase != "day":
        seat = min(ENGINE.to_act(s))
        legal = list(ENGINE.legal_actions(s, seat))
        taxes = [a for a in legal if isinstance(a, A.PickQuest) and a.quest == "q7"]
        if isinstance(legal[0], A.ChooseBase | A.Designate):
            labels.setdefault(type(legal[0]), []).append((seat, describe_action(legal[0], s)))
        s = play(s, seat, taxes[0] if taxes else rng.choice(legal))
    names = {0: "Ann", 1: "Bob"}
    bases = labels[A.ChooseBase]
    assert sorted(seat for seat, _ in bases) == [0, 1]
    assert all(
        t.startswith("Make ") and t.endswith(f" {names[1 - seat]}'s base camp") for seat, t in bases
    )
    sites = labels[A.Designate]
    assert sites and all(
        f" the lair of {names[1 - seat]}'s quest Even Dragons Pay Taxes" in t for seat, t in sites
    )


def test_every_kind_of_move_is_said_in_words_even_out_of_its_moment() -> None:
    # A refusal names the move the player tried ("You can't do that now (...)"): a move of
    # another phase is still said in words, never as the engine's record.
    s = ENGINE.setup([Seat(0, "Ann"), Seat(1, "Bob")], parse_options(ENGINE, {}), 4)
    rng, kinds, states = Rng(3), {}, [s]
    while ENGINE.to_act(s) and len(states) < 400:
        seat = min(ENGINE.to_act(s))
        legal = list(ENGINE.legal_actions(s, seat))
        for a in legal:
            kinds.setdefault(type(a), a)
        s = play(s, seat, rng.choice(legal))
        states.append(s)
    assert len(kinds) >= 20
    for state in (states[0], states[60], states[-1]):
        for a in kinds.values():
            words = describe_action(a, state)
            assert "kind=" not in words and "=" not in words, words


def test_quests_are_offered_in_number_order() -> None:
    s = ENGINE.setup([Seat(0, "Ann"), Seat(1, "Bob")], parse_options(ENGINE, {}), 4)
    while s.phase == "build":
        seat = min(ENGINE.to_act(s))
        s = play(s, seat, ENGINE.legal_actions(s, seat)[0])
    offered = [describe_action(a, s).split(":")[0] for a in ENGINE.legal_actions(s, s.cursor)]
    assert offered[:4] == ["Quest 1", "Quest 2", "Quest 4", "Quest 5"]
    assert offered[-1] == "Quest 105"


def test_a_picked_up_copy_of_a_merit_is_told_from_the_own_one() -> None:
    # §9: a treasure picked up does not come back next game, the character's own copy does;
    # the two moves must not look alike (the panel would offer only the first).
    s = day_state([winerdria(), annoyicus()], CASTLE, ["0,0", "0,0"])
    merits = s.players[0].character.merits
    set_character(
        s.players[0],
        merits=(
            *merits,
            MeritSlot(id=merits[0].id, origin="treasure"),
            MeritSlot(id="pixie_dust", origin="item:conscript"),
        ),
    )
    own, picked, item = (describe_action(A.Recover(slot=i), s) for i in (0, 3, 4))
    assert own == "Recover Fae Armor"
    assert picked == "Recover Fae Armor (picked up)"
    assert item == "Recover Pixie Dust (quest item)"


def test_the_board_and_sheet_say_where_a_merit_came_from() -> None:
    s = day_state([winerdria(), annoyicus()], CASTLE, ["0,0", "0,0"])
    picked = (
        MeritSlot(id="pixie_dust", origin="treasure"),
        MeritSlot(id="pony", origin="item:conscript"),
    )
    set_character(s.players[0], merits=(*s.players[0].character.merits, *picked))
    view = ENGINE.view(s, None)
    assert "Pixie Dust (Treasure, picked up)" in view.text
    assert "Pony (Ally, quest item)" in view.text
    drawn = _sheet_texts(lambda: render_sheets(view))
    assert "Pixie Dust (Treasure 1, picked up)" in drawn
    assert "quest item)" in drawn and "for a quest" not in view.text
