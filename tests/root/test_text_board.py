"""The text board tells the whole public position (issue 29) and names the players (issue
35): the Vagabond's place, items, relationships and quests, the Alliance's officers and
supporters, cards in play, dominance, opened trails, and every player beside their faction."""

from __future__ import annotations

from engines.core.context import Ctx
from engines.core.protocol import Seat
from engines.root.options import RootOptions
from engines.root.removal import score
from engines.root.state import FACTION_NAMES, Item, Pending
from tests.root.builders import E, blank, game, put, turn_of, who


def test_the_vagabond_and_the_alliance_are_on_the_text_board() -> None:
    s = blank(seats=4)
    v, al = s.vagabond, s.alliance
    assert v is not None and al is not None
    v.character, v.where = "ranger", "7"
    v.items = [
        Item(kind="boot", exhausted=True),
        Item(kind="sword", damaged=True),
        Item(kind="tea"),
    ]
    v.relations = {"marquise": "hostile", "eyrie": "2", "alliance": "allied"}
    v.quests, v.done_quests = ["expel_bandits.mouse", "errand.fox"], ["escort.mouse"]
    al.supporters, al.officers = ["anvil.1", "anvil.2", "sappers.1"], 2
    put(s, 5, 0, 0, "base_rabbit", "sympathy", a=2)
    text = E.view(s, None).text
    assert "Vagabond: the Ranger in clearing 7." in text
    assert "Items: boot (exhausted), sword (damaged), tea." in text
    assert "Marquise hostile" in text and "Alliance allied" in text
    assert "Eyrie indifferent, 2 steps towards allied" in text
    assert "Quests: Expel Bandits (mouse), Errand (fox); 1 completed." in text
    assert "Alliance: 3 supporters (hidden), 2 officers; bases: rabbit base" in text
    assert "2 Alliance warriors; rabbit base, sympathy token" in text


def test_cards_in_play_dominance_and_opened_trails_are_on_the_text_board() -> None:
    s = blank(seats=4)
    m = who(s, "marquise")
    m.persistent, m.dominance = ["royal_claim.1"], "dominance_fox.1"
    s.available = ["dominance_mouse.1"]
    s.turn.activated = ["2-6"]
    text = E.view(s, None).text
    assert "cards in play: Royal Claim (bird)" in text
    assert "dominance activated: Dominance (fox)" in text
    assert "dominance cards to take: Dominance (mouse)" in text
    assert "opened this turn: 2-6." in text


def test_no_code_stands_for_warriors_or_pieces() -> None:
    s = blank()
    put(s, 2, 1, 2, "sawmill", "wood", "wood", "wood")
    line = next(ln for ln in E.view(s, None).text.splitlines() if ln.strip().startswith("2:"))
    assert (
        line
        == "   2: fox; 2 Eyrie warriors, 1 Marquise warrior; sawmill, 3 wood; ruled by the Eyrie"
    )


def test_the_turn_header_and_the_result_name_the_player() -> None:
    s = E.setup([Seat(0, "Ann"), Seat(1, "AI 1")], RootOptions(), 3)
    events: list[str] = []
    while not any("begins their turn" in e for e in events):
        seat = min(E.to_act(s))
        step = E.apply(s, seat, E.legal_actions(s, seat)[0])
        s, events = step.state, events + [e.text for e in step.events]
    header = next(e for e in events if "begins their turn" in e)
    p = s.players[s.turn.active]
    assert header.startswith(f"— {p.name} ({FACTION_NAMES[p.faction]}, ")
    p.vp = 29
    turn_of(s, p.faction, "m_main" if p.faction == "marquise" else "e_after")
    score(s, p, 1, Ctx(), "test")
    out = E.outcome(s)
    assert out is not None
    assert out.sides == {q.seat: FACTION_NAMES[q.faction] for q in s.players}
    assert out.summary.startswith(f"{p.name} (")


def test_the_title_names_the_player_and_what_they_wait_for() -> None:
    s = game(seats=4)
    view = E.view(s, None)
    assert "(" in view.title and "round 1" in view.title
    s.pending = []
    v = who(s, "vagabond")
    s.pending.append(Pending(seat=v.seat, kind="v_refresh", count=2))
    assert f"Waiting: {v.name} (Vagabond) chooses items to refresh." in E.view(s, None).text
