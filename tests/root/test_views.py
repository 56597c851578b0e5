"""Pictures, menus, quick prompts and the AI seat (issue 13: pictures, Discord flow, AI)."""

from __future__ import annotations

import io

from PIL import Image

from engines.core.protocol import View
from engines.core.render_kit import Box, clear_caches, tracing
from engines.core.rng import Rng
from engines.root.actions import Fight, Move, Pick
from engines.root.ai import RootAI
from engines.root.menus import RootMenus, quick_prompt
from engines.root.render import render
from engines.root.render.geometry import CH, CW
from engines.root.state import Item
from tests.root.builders import E, blank, game, legal, put, turn_of, who
from tests.test_picture_text import SEEDS, positions


def test_render_is_1100_wide_for_every_seat_count_and_map() -> None:
    for seats, m in ((2, "wastelands"), (3, "autumn"), (4, "wastelands")):
        s = game(seats=seats, map=m)
        for viewer in (None, 0):
            img = Image.open(io.BytesIO(render(E.view(s, viewer))))
            assert img.width == 1100 and 1400 < img.height < 2400


def _clearing_texts(view: View) -> list[tuple[str, Box, Box]]:
    """The texts drawn in clearings (those whose panel is a clearing's box), from empty
    caches, in the patch's own coordinates."""
    clear_caches()
    with tracing() as trace:
        render(view)
    sizes = {(w, h) for w in (CW, CW + 1) for h in (CH, CH + 1)}
    return [t for t in trace.texts if (t[2][2] - t[2][0], t[2][3] - t[2][1]) in sizes]


def test_every_label_and_marker_stays_inside_its_clearing() -> None:
    """Issue 35: over the seeded positions (and a crowded clearing) every number, building,
    token and warrior label, with the pill around it, lies inside its clearing's box."""
    crowded = blank(seats=4)
    put(crowded, 10, 12, 9, "sawmill", "workshop", "recruiter", "wood", "wood", "keep", a=3)
    crowded.clearing(10).tokens.append("sympathy")
    assert crowded.vagabond is not None
    crowded.vagabond.where = "10"
    views = [*positions("root", SEEDS["root"]), E.view(crowded, None)]
    for view in views:
        texts = _clearing_texts(view)
        assert len(texts) >= 12, view.title
        for text, (x0, y0, x1, y1), (px0, py0, px1, py1) in texts:
            # The pill around a label reaches 7 px beyond its glyphs and its frame is 6 px.
            inside = px0 + 6 <= x0 - 7 and x1 + 7 <= px1 - 6 and py0 + 6 <= y0 and y1 <= py1 - 6
            assert inside, (view.title, text)
    crowded_labels = [t for t, _, _ in _clearing_texts(E.view(crowded, None))]
    assert {"M×12", "E×9", "A×3", "wd×2", "K", "Sy", "V"} <= set(crowded_labels)


def test_views_hide_hands_and_supporters() -> None:
    s = game(seats=4)
    al = who(s, "alliance")
    assert s.alliance is not None and s.alliance.supporters
    other = next(p.seat for p in s.players if p.seat != al.seat)
    shown = str(E.view(s, other).data)
    assert not any(x in shown for x in s.alliance.supporters)
    assert not any(x in shown for x in al.hand)
    assert all(x in str(E.view(s, al.seat).data) for x in s.alliance.supporters)


def test_decree_menus_drill_down() -> None:
    s = blank()
    turn_of(s, "eyrie", "decree_add", phase="birdsong")
    who(s, "eyrie").hand = ["anvil.1"]
    a = next(x for x in legal(s) if isinstance(x, Pick) and x.what == "decree")
    assert RootMenus().path(a, s) is None  # four columns: one menu, one tap
    hand = ["anvil.1", "cobbler.1", "sappers.1", "bake_sale.1", "armorers.1", "royal_claim.1"]
    who(s, "eyrie").hand = hand  # both cards in one multi-select (issue 29 "Fewer taps")
    two = next(x for x in legal(s) if isinstance(x, Pick) and len(x.picks) == 2)
    assert two.picks == ("anvil.1@recruit", "cobbler.1@recruit")
    ticks = RootMenus().pick_set(two, s)
    assert ticks is not None and RootMenus().path(two, s) is None
    assert [label for _, label in ticks.items] == [
        "Anvil (fox) to recruit",
        "Cobbler (rabbit) to recruit",
    ]
    who(s, "eyrie").hand = [*hand, "tax_collector.1"]  # 7 cards, 28 ticks: a drill-down
    two = next(x for x in legal(s) if isinstance(x, Pick) and len(x.picks) == 2)
    path = RootMenus().path(two, s)
    assert RootMenus().pick_set(two, s) is None
    assert path is not None and path.heading == "Add to the Decree"
    assert path.steps == ("Anvil (fox) to recruit", "and Cobbler (rabbit) to recruit")


def test_the_marquise_builds_by_building_then_clearing() -> None:
    """Issue 29: the build menu is grouped, the building (with its cost and VP) first."""
    s = blank()
    for c in range(1, 13):
        put(s, c, 1, 0)
    put(s, 5, 0, 0, "wood", "wood")
    turn_of(s, "marquise", "m_main", actions_left=3)
    assert len(legal(s)) > 25  # more than one menu holds
    builds = [a for a in legal(s) if isinstance(a, Pick) and a.what == "build"]
    paths = {RootMenus().path(a, s) for a in builds}
    assert {p.heading for p in paths if p is not None} == {"Build"}
    steps = {p.steps for p in paths if p is not None}
    assert ("Sawmill: 0 wood, 0 VP", "Clearing 5") in steps
    assert {first for first, _ in steps} == {
        "Sawmill: 0 wood, 0 VP",
        "Workshop: 0 wood, 0 VP",
        "Recruiter: 0 wood, 0 VP",
    }


def test_a_crowded_decree_moves_from_menus_of_the_clearings_they_leave() -> None:
    """Issue 29: more Decree moves than one menu holds are each one pick, from menus of the
    clearings they leave (each within Discord's 25), not a drill-down."""
    s = blank(map="autumn")
    for c in (1, 2, 3, 4, 5, 6):
        put(s, c, 0, 3)  # the Eyrie rule them all
    assert s.eyrie is not None
    s.eyrie.decree = {"recruit": [], "move": ["vizier.1"], "battle": [], "build": []}
    turn_of(s, "eyrie", "decree", decree_col=1)
    moves = [a for a in legal(s) if isinstance(a, Move)]
    assert len(moves) > 25
    menus: dict[str, list[Move]] = {}
    for a in moves:
        assert RootMenus().path(a, s) is None  # one pick
        menus.setdefault(E.group(a, s), []).append(a)
    assert 1 < len(menus) <= 4 and all(len(v) <= 25 for v in menus.values())
    for heading, listed in menus.items():
        assert heading.startswith("Move from clearing")
        assert all(str(a.src) in heading for a in listed)


def test_vagabond_menus_drill_down() -> None:
    s = blank(seats=4)
    assert s.vagabond is not None
    s.vagabond.where = "FA"
    turn_of(s, "vagabond", "v_slip", phase="birdsong")
    a = next(x for x in legal(s) if isinstance(x, Pick) and x.what == "slip")
    assert len(legal(s)) <= 25 and RootMenus().path(a, s) is None  # one menu, one tap
    path = RootMenus()._path(a, s)  # the drill-down a crowded panel shows
    assert path is not None and path.heading == "Vagabond action"
    assert path.steps[0].startswith("Slip to ")  # the action and where in one step


def test_ambush_is_a_quick_prompt_and_timing_out_passes() -> None:
    s = blank(map="autumn")
    put(s, 8, 1, 2)
    who(s, "marquise").hand = ["ambush_fox.1"]
    turn_of(s, "eyrie", "e_after", advance="battle")
    s = E.apply(s, who(s, "eyrie").seat, Fight(clearing=8, defender=who(s, "marquise").seat)).state
    q = quick_prompt(s)
    assert q is not None and q.fresh and "ambush" in q.label
    assert E.default_action(s, who(s, "marquise").seat) == Pick(what="no_ambush")


def test_ai_picks_a_legal_move_without_reading_hidden_cards() -> None:
    s = game(seats=4)
    seat = next(iter(E.to_act(s)))
    a = RootAI().choose(E, s, seat, Rng(5))
    assert a in E.legal_actions(s, seat)
    # Swap two other players' hands: nothing the seat can see changes, nor its choice.
    others = [p for p in s.players if p.seat != seat and len(p.hand) == 3]
    t = E.copy(s)
    t.players[others[0].seat].hand, t.players[others[1].seat].hand = (
        list(others[1].hand),
        list(others[0].hand),
    )
    assert RootAI().choose(E, t, seat, Rng(5)) == a


def test_aid_takes_two_steps_whom_with_what_then_the_items() -> None:
    """Issue 29: a crowded panel's Aid asks whom and with which card, then which item is
    spent and which is taken: two steps, the action named in the first."""
    s = blank(seats=4)
    assert s.vagabond is not None
    s.vagabond.where = "5"
    s.vagabond.items = [Item(kind="boot"), Item(kind="sword")]
    put(s, 5, 2, 0)
    who(s, "vagabond").hand = ["root_tea_rabbit.1", "sappers.1"]
    who(s, "marquise").items = ["tea"]
    turn_of(s, "vagabond", "v_daylight")
    aids = [a for a in legal(s) if isinstance(a, Pick) and a.what == "aid"]
    steps = {p.steps for a in aids if (p := RootMenus()._path(a, s)) is not None}
    assert len(steps) == len(aids) == 8
    assert ("Aid Marquise de Cat: give Sappers (bird)", "Exhaust boot, take their tea") in steps
