"""Reference §18 cases on rule and battle (root.md §6, §8), named after their case."""

from __future__ import annotations

from bot.tables.choices import every_choice, lone_answer_note
from engines import registry
from engines.root.actions import Fight, Pick
from engines.root.board import ruler
from engines.root.hints import hint
from engines.root.state import Battle, State
from tests.root.builders import (
    E,
    act,
    blank,
    dice,
    leader,
    legal,
    pick,
    put,
    run,
    turn_of,
    whats,
    who,
)


def test_t01_eyrie_rule_ties() -> None:
    s = blank()
    put(s, 5, 2, 3, "sawmill")
    assert ruler(s, 5) == "eyrie"


def test_t04_roost_rules_and_empty_clearing_is_nobodys() -> None:
    s = blank()
    put(s, 6, 1, 0)
    put(s, 6, 0, 0, "roost")
    assert ruler(s, 6) == "eyrie"
    s.clearing(7).tokens.append("wood")
    assert ruler(s, 7) is None


def test_rule_needs_a_majority_and_tokens_never_count() -> None:
    s = blank()
    put(s, 5, 2, 0)
    put(s, 6, 0, 0, "keep", "wood", "wood")
    put(s, 6, 0, 1)
    assert ruler(s, 5) == "marquise"
    assert ruler(s, 6) == "eyrie"


def test_t05_bird_dominance_on_wastelands() -> None:
    for ruled, wins in (((1, 3), True), ((1, 2), False)):
        s = blank(bot_mode="w12")
        m = who(s, "marquise")
        m.dominance = "dominance_bird.1"
        for c in ruled:
            put(s, c, 1, 0)
        turn_of(s, "marquise", "birdsong", phase="birdsong")
        run(s)
        assert (s.winners == [m.seat]) is wins


def _m_attack(s: State, cid: int) -> State:
    turn_of(s, "marquise", "m_main", actions_left=3)
    return act(s, Fight(clearing=cid, defender=who(s, "eyrie").seat))


def test_t06_marquise_battle_hits() -> None:
    s = blank(map="autumn")
    put(s, 8, 3, 2)
    dice(s, 3, 1)
    s = _m_attack(s, 8)
    assert s.clearing(8).warriors == {"marquise": 2}
    assert [p.vp for p in s.players] == [0, 0]


def test_t07_rolled_hits_capped_by_warriors() -> None:
    s = blank(map="autumn")
    put(s, 8, 1, 4)
    dice(s, 3, 2)
    s = _m_attack(s, 8)
    assert s.clearing(8).warriors == {"eyrie": 3}


def _e_attack(s: State, cid: int, step: str = "e_after") -> State:
    turn_of(s, "eyrie", step, advance="battle")
    return act(s, Fight(clearing=cid, defender=who(s, "marquise").seat))


def test_t09_defenceless_building_and_token() -> None:
    s = blank(map="autumn")
    put(s, 8, 0, 2, "sawmill", "wood")
    dice(s, 2, 1)
    s = _e_attack(s, 8)
    c = s.clearing(8)
    assert c.buildings == [] and c.tokens == [] and c.warriors == {"eyrie": 2}
    assert who(s, "eyrie").vp == 2


def test_t09_wastelands_surrender_choice_twice() -> None:
    s = blank()
    put(s, 8, 0, 2, "sawmill", "wood")
    who(s, "marquise").water = 2
    s.supply_water = 0
    dice(s, 2, 1)
    s = _e_attack(s, 8)
    assert whats(s) == {"surrender_vp", "surrender_water"}
    s = pick(s, "surrender_water")
    s = pick(s, "surrender_vp")
    assert who(s, "eyrie").water == 1 and who(s, "eyrie").vp == 1


def test_t10_ambush_kills_attackers_and_ends_battle() -> None:
    s = blank(map="autumn")
    put(s, 8, 1, 2)  # clearing 8 is fox on Autumn
    who(s, "marquise").hand = ["ambush_fox.1"]
    s = _e_attack(s, 8)
    assert whats(s) == {"no_ambush", "ambush"}
    rng_before = s.rng
    s = pick(s, "ambush", card="ambush_fox.1")
    assert s.clearing(8).warriors == {"marquise": 1}
    assert s.battle is None and s.rng == rng_before  # no roll
    assert "ambush_fox.1" in s.discard


def test_t11_foiled_ambush_then_normal_roll() -> None:
    s = blank(map="autumn")
    put(s, 8, 2, 2)
    who(s, "marquise").hand = ["ambush_fox.1"]
    who(s, "eyrie").hand = ["ambush_bird.1"]
    dice(s, 1, 0)
    s = _e_attack(s, 8)
    s = pick(s, "ambush", card="ambush_fox.1")
    assert whats(s) == {"no_counter", "counter"}
    s = pick(s, "counter", card="ambush_bird.1")
    assert {"ambush_fox.1", "ambush_bird.1"} <= set(s.discard)
    assert s.clearing(8).warriors == {"marquise": 1, "eyrie": 2}


def test_t12_scouting_party_blocks_ambush() -> None:
    s = blank(map="autumn")
    put(s, 8, 2, 2)
    who(s, "marquise").hand = ["ambush_fox.1"]
    who(s, "eyrie").persistent = ["scouting_party.1"]
    s = _e_attack(s, 8)
    assert s.battle is None and not s.pending
    assert "ambush_fox.1" in who(s, "marquise").hand


def test_the_ambush_window_opens_whatever_the_defender_holds() -> None:
    # L4.3.1 asked of every defender with cards: a battle that paused only for a matching
    # ambush would tell the attacker the hidden hand holds one (tools.timing_probe).
    s = blank(map="autumn")
    put(s, 8, 2, 2)
    who(s, "marquise").hand = ["cobbler.1"]  # a rabbit card, no ambush
    dice(s, 1, 0)
    s = _e_attack(s, 8)
    assert s.pending[0].seat == who(s, "marquise").seat and whats(s) == {"no_ambush"}
    # The defender alone reads why passing is all there is this time.
    assert hint(Pick(what="no_ambush"), s) == (
        "No card in your hand fits this time. The battle goes on to the roll."
    )
    # The panel (and the terminal) shows that note with the lone answer.
    entry = registry.entry("root")
    panel = every_choice(E, entry.menus, s, list(E.legal_actions(s, s.pending[0].seat)), 0)
    assert lone_answer_note(panel) == hint(Pick(what="no_ambush"), s)
    s = pick(s, "no_ambush")
    assert s.clearing(8).warriors == {"marquise": 1, "eyrie": 2}  # the roll followed


def test_no_ambush_window_for_an_empty_hand() -> None:
    s = blank(map="autumn")
    put(s, 8, 2, 2)
    who(s, "marquise").hand = []
    dice(s, 1, 0)
    s = _e_attack(s, 8)
    assert not s.pending and s.clearing(8).warriors == {"marquise": 1, "eyrie": 2}


def test_field_hospitals_is_asked_whenever_the_marquise_holds_cards() -> None:
    # L6.2.3: asked only when a card matched the clearing, it told the table so.
    s = blank(map="autumn")
    put(s, 1, 1, 0, "keep")
    put(s, 8, 2, 2)
    who(s, "marquise").hand = ["cobbler.1"]  # rabbit: no match for fox clearing 8
    who(s, "eyrie").hand = []
    dice(s, 1, 1)
    turn_of(s, "marquise", "m_main", actions_left=3)
    s = act(s, Fight(clearing=8, defender=who(s, "eyrie").seat))
    assert s.pending[0].kind == "hospital" and whats(s) == {"no_hospital"}
    assert (hint(Pick(what="no_hospital"), s) or "").startswith("No card in your hand fits")
    s = pick(s, "no_hospital")
    assert s.clearing(8).warriors == {"marquise": 1, "eyrie": 1}
    assert s.clearing(1).warriors["marquise"] == 1


def test_t13_armorers_brutal_tactics_commander() -> None:
    s = blank(map="autumn")
    put(s, 8, 3, 3)
    leader(s, "commander")
    who(s, "eyrie").persistent = ["brutal_tactics.1"]
    who(s, "marquise").persistent = ["armorers.1"]
    dice(s, 3, 2)
    s = _e_attack(s, 8)
    assert s.pending[0].seat == who(s, "eyrie").seat
    s = pick(s, "effect", card="brutal_tactics")
    assert who(s, "marquise").vp == 1
    assert s.pending[0].seat == who(s, "marquise").seat
    s = pick(s, "effect", card="armorers")
    assert s.clearing(8).warriors == {"marquise": 1, "eyrie": 1}
    assert "armorers.1" in s.discard


def test_t14_field_hospitals_after_ambush() -> None:
    s = blank(map="autumn")
    put(s, 1, 1, 0, "keep")
    put(s, 8, 2, 1)
    m = who(s, "marquise")
    m.hand = ["ambush_bird.1", "foxfolk_steel.1"]
    who(s, "eyrie").hand = ["ambush_fox.1"]
    turn_of(s, "marquise", "m_main", actions_left=3)
    s = act(s, Fight(clearing=8, defender=who(s, "eyrie").seat))
    s = pick(s, "ambush", card="ambush_fox.1")
    assert s.pending[0].kind == "counter"
    s = pick(s, "no_counter")
    assert whats(s) == {"no_hospital", "hospital"}
    s = pick(s, "hospital", card="foxfolk_steel.1")
    assert s.clearing(1).warriors["marquise"] == 3
    assert "marquise" not in s.clearing(8).warriors


def test_t15_despot_scores_once_per_battle() -> None:
    s = blank(bot_mode="w12")
    put(s, 8, 0, 3, "workshop", "recruiter")
    leader(s, "despot")
    dice(s, 2, 0)
    s = _e_attack(s, 8)
    assert who(s, "eyrie").vp == 3


def test_hit_allocation_is_the_victims_choice() -> None:
    s = blank(map="autumn")
    put(s, 8, 0, 2, "sawmill", "workshop")
    dice(s, 0, 0)
    s = _e_attack(s, 8)  # no rolled hit, 1 for the defenceless Marquise
    assert s.pending[0].kind == "hit" and s.pending[0].seat == who(s, "marquise").seat
    assert {a.card for a in legal(s) if isinstance(a, Pick)} == {"sawmill", "workshop"}
    s = pick(s, "hit", clearing=8, card="workshop")
    assert s.clearing(8).buildings == ["sawmill"] and who(s, "eyrie").vp == 1


def test_battle_state_round_trips() -> None:
    b = Battle(clearing=3, attacker=0, defender=1)
    assert Battle.model_validate(b.model_dump()) == b
