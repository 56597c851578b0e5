"""Root AI plans (issue 13 "AI seats"; engines/root/ai_*.py) on seeded positions: what each
faction's plan does, never how often it wins."""

from __future__ import annotations

from engines.core.rng import Rng
from engines.root import ai_vagabond
from engines.root.actions import Fight, Pick
from engines.root.ai import RootAI
from engines.root.ai_search import simulate
from engines.root.state import Item, State
from tests.root.builders import E, blank, dice, put, turn_of, who

AI = RootAI()


def eyrie_with(hand: list[str]) -> State:
    """The Builder with the Viziers in Recruit and Move, one roost and three warriors in fox
    clearing 2 and no enemy piece on the map: a Battle card could never be carried out."""
    s = blank(3, factions=["eyrie", "marquise"])
    e = s.eyrie
    assert e is not None
    e.leader = "builder"
    e.decree = {"recruit": ["vizier.1"], "move": ["vizier.2"], "battle": [], "build": []}
    put(s, 2, 0, 3, "roost")
    who(s, "eyrie").hand = hand
    turn_of(s, "eyrie", "decree_add", phase="birdsong")
    return s


def play_own_daylight(s: State, faction: str, seed: int) -> State:
    """The AI plays ``faction``'s turn until its Evening (or Turmoil) begins."""
    me = who(s, faction).seat
    rng = Rng(seed)
    while s.turn.active == me and s.turn.phase != "evening" and not s.winners:
        if s.eyrie is not None and not s.eyrie.leader:
            break
        seat = min(E.to_act(s))
        s = E.apply(s, seat, AI.choose(E, s, seat, rng)).state
    return s


def test_eyrie_never_adds_a_card_it_cannot_carry_out() -> None:
    for seed, hand in enumerate((["anvil.1"], ["anvil.1", "crossbow_mouse.1"], ["bake_sale.1"])):
        s = eyrie_with(hand)
        first = AI.choose(E, s, who(s, "eyrie").seat, Rng(seed))
        assert isinstance(first, Pick) and first.what == "decree"
        assert first.card2 != "battle"  # nobody to fight anywhere: certain Turmoil


def test_eyrie_plays_its_decree_through_without_turmoil() -> None:
    for seed, hand in enumerate((["anvil.1", "crossbow_mouse.1"], ["bake_sale.1", "sappers.1"])):
        s = play_own_daylight(eyrie_with(hand), "eyrie", seed)
        e = s.eyrie
        assert e is not None
        assert e.leader == "builder", "the Eyrie fell into Turmoil"
        assert sum(len(c) for c in e.decree.values()) >= 3  # the additions are kept
        assert who(s, "eyrie").vp >= 0 and s.clearing(2).buildings == ["roost"]


def test_marquise_takes_a_scoring_craft() -> None:
    s = blank(4, factions=["marquise", "eyrie"])
    put(s, 4, 2, 0, "workshop")  # mouse clearing, ruled by the Marquise
    put(s, 1, 1, 0, "keep")
    who(s, "marquise").hand = ["root_tea_fox.1", "ambush_bird.1", "travel_gear_fox.1"]
    turn_of(s, "marquise", "m_craft", actions_left=3)
    a = AI.choose(E, s, who(s, "marquise").seat, Rng(1))
    assert a == Pick(what="craft", card="root_tea_fox.1")  # tea costs a mouse: 2 VP


def test_vagabond_explores_a_ruin_in_his_daylight() -> None:
    s = blank(5, factions=["vagabond", "marquise"])
    v = s.vagabond
    assert v is not None
    v.where = "8"
    assert "8" in s.ruin_items and any(it.kind == "torch" for it in v.items)
    turn_of(s, "vagabond", "v_daylight")
    s = play_own_daylight(s, "vagabond", 2)
    assert len(s.ruin_items) == 3  # one of the four ruins (8 or a neighbour) explored
    assert who(s, "vagabond").vp >= 1


def test_every_plan_takes_the_offered_water() -> None:
    for faction in ("marquise", "eyrie", "alliance", "vagabond"):
        other = "eyrie" if faction == "marquise" else "marquise"
        s = blank(6, factions=[faction, other])
        turn_of(s, faction, "water_take", phase="birdsong")
        a = AI.choose(E, s, who(s, faction).seat, Rng(3))
        assert a == Pick(what="take_water")


def test_vagabond_battles_undefended_marquise_buildings() -> None:
    """Her buildings are her score: with his sword ready he battles the workshop and
    recruiter she left without warriors in his clearing (defenceless, L4.3.5.2), even with
    rabbit cards in hand to Aid her towards Allied there instead."""
    s = blank(5, factions=["vagabond", "marquise"])
    v = s.vagabond
    assert v is not None
    v.where = "8"  # a rabbit clearing
    v.relations["marquise"] = "2"
    assert any(it.kind == "sword" for it in v.items)
    who(s, "vagabond").hand = ["bake_sale.1", "command_warren.1", "cobbler.1"]
    put(s, 8, 0, 0, "workshop", "recruiter")
    put(s, 1, 2, 0, "keep")
    turn_of(s, "vagabond", "v_daylight")
    s = play_own_daylight(s, "vagabond", 3)
    assert not {"workshop", "recruiter"} & set(s.clearing(8).buildings)


def test_vagabond_teas_on_their_track_are_never_over_his_item_limit() -> None:
    """The item limit counts his Satchel and Damaged box only (L9.6): with six items in the
    Satchel, three teas on the track still add their full worth to his plan's value."""
    s = blank(5, factions=["vagabond", "marquise"])
    v = s.vagabond
    assert v is not None
    v.where = "8"
    v.items = [Item(kind="boot") for _ in range(6)]
    seat = who(s, "vagabond").seat
    before = ai_vagabond.value(s, seat)
    v.items += [Item(kind="tea", track=True) for _ in range(3)]
    assert ai_vagabond.value(s, seat) - before >= 3 * ai_vagabond.TRACK["tea"]


def test_vagabond_counts_her_coming_wood_alike_before_and_after_her_birdsong() -> None:
    """His roll-outs stop at the Marquise's first decision: before her Birdsong wood when
    the supply offers her WATER, after it when not. Her wood to come is the same either
    way, so spending WATER (which refills the supply) never looks like keeping her wood
    from her; it did, and bench games paid 2 WATER for Advances that bought nothing."""
    s = blank(5, factions=["vagabond", "marquise"])
    for cid in (1, 3, 7, 11):
        put(s, cid, 1, 0, "sawmill")
    put(s, 4, 4, 0, "recruiter", "keep", "wood")
    seat = who(s, "vagabond").seat
    turn_of(s, "marquise", "water_take", phase="birdsong")
    before = ai_vagabond.value(s, seat)
    for cid in (1, 3, 7, 11):
        s.clearing(cid).tokens.append("wood")
    turn_of(s, "marquise", "birdsong_cards", phase="birdsong")
    assert ai_vagabond.value(s, seat) == before


def aid_invited(factions: list[str]) -> State:
    """The Vagabond Allied with the Marquise, in her rabbit clearing with three rabbit
    cards: every Aid scores him 2 VP (L9.2.9.2)."""
    s = blank(5, len(factions), factions=factions)
    v = s.vagabond
    assert v is not None
    v.where = "8"
    v.relations["marquise"] = "allied"
    who(s, "vagabond").hand = ["bake_sale.1", "command_warren.1", "cobbler.1"]
    put(s, 8, 2, 0)
    put(s, 1, 2, 0, "keep")
    turn_of(s, "vagabond", "v_daylight")
    return s


def test_vagabond_never_aids_his_only_rival() -> None:
    """In a two-seat game the Marquise is his whole race: a card he gives her is hers to
    build and craft with, so he does not aid her even for 2 VP a card. With a third seat
    the same Aid is his to take."""
    alone = play_own_daylight(aid_invited(["vagabond", "marquise"]), "vagabond", 4)
    assert len(who(alone, "marquise").hand) == 0
    three = play_own_daylight(aid_invited(["vagabond", "marquise", "eyrie"]), "vagabond", 4)
    assert len(who(three, "marquise").hand) > 0


def test_a_fight_is_judged_past_the_defenders_ambush_window() -> None:
    # The defender is asked for an ambush whenever they hold cards; the AI's one-step
    # judgement plays on past that window (the defender declining) to the roll's hits,
    # rather than judging a battle that has not happened yet.
    s = blank(map="autumn")
    put(s, 8, 2, 2)
    who(s, "marquise").hand = ["cobbler.1"]
    dice(s, 1, 0)
    turn_of(s, "eyrie", "e_after", advance="battle")
    fight = Fight(clearing=8, defender=who(s, "marquise").seat)
    t = simulate(E, s, who(s, "eyrie").seat, fight)
    assert not t.pending and t.clearing(8).warriors == {"marquise": 1, "eyrie": 2}


def test_vagabond_battles_the_lone_warrior_holding_her_next_build() -> None:
    """Her wood at the keep would build in the open slots of clearing 5, which one warrior
    holds for her (L6.5.4): with her his only rival he battles it, though it scores him
    nothing and makes her Hostile (her race, ``ai_vagabond_race``; W.11.1)."""
    for seed in range(3):
        s = blank(5, factions=["vagabond", "marquise"])
        v = s.vagabond
        assert v is not None
        v.where = "5"
        put(s, 1, 2, 0, "sawmill", "keep", "wood", "wood")
        put(s, 5, 1, 0)
        turn_of(s, "vagabond", "v_daylight")
        s = play_own_daylight(s, "vagabond", seed)
        assert s.clearing(5).warriors.get("marquise", 0) == 0


def test_vagabond_roll_out_gives_up_a_quest_for_a_strike_and_battle_pair() -> None:
    """Inside his roll-outs each Daylight action is judged with the best one after it. Her
    workshop has one warrior guarding it; the quest on offer scores a VP but takes his only
    sword (Guard Duty: torch, sword), and judged alone it looks better than the Battle
    (which, his one sword capping its hits, kills only the warrior) or the Strike. Together
    a Battle and a Strike remove the warrior and the workshop (L9.5.6), and he plays them."""
    for seed in range(3):
        s = blank(5, factions=["vagabond", "marquise"])
        v = s.vagabond
        assert v is not None
        v.where = "5"
        v.items.append(Item(kind="crossbow"))
        v.relations["marquise"] = "hostile"
        v.quests = ["guard_duty.rabbit", "escort.mouse", "errand.fox"]
        put(s, 5, 1, 0, "workshop")
        put(s, 1, 2, 0, "keep")
        turn_of(s, "vagabond", "v_daylight")
        seat = who(s, "vagabond").seat
        rng = Rng(seed)
        for _ in range(3):
            legal = ai_vagabond.worth_trying(s, E.legal_actions(s, seat))
            a = ai_vagabond._rollout_choice(E, s, seat, legal, rng, pairs=True)
            assert a is not None
            s = simulate(E, s, seat, a)
        assert s.clearing(5).buildings == [] and s.clearing(5).warriors == {}
