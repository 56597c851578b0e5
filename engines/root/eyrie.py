"""Eyrie Dynasties (root.md §13): leaders, the Decree, Turmoil and the roost track."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import product

from engines.core.context import Ctx
from engines.root.actions import Fight, Move, Pick, fight, new_pick, pick
from engines.root.battle import can_battle
from engines.root.board import count_on_map, graph, open_slots, rules, warriors_on_map
from engines.root.cards import discard, matches, suit
from engines.root.movement import moves
from engines.root.removal import name, score
from engines.root.state import SUPPLY, Eyrie, Pending, Player, State
from engines.root.water import can_use_water

LEADERS = {
    "builder": ("recruit", "move"),
    "charismatic": ("recruit", "battle"),
    "commander": ("move", "battle"),
    "despot": ("move", "build"),
}
COLUMNS = ("recruit", "move", "battle", "build")
ROOST_VP = (0, 0, 1, 2, 3, 4, 4, 5)
ROOST_DRAW = (0, 0, 0, 1, 1, 1, 2, 2)
VIZIERS = ("vizier.1", "vizier.2")


def card_suit(cid: str) -> str:
    return "bird" if cid.startswith("vizier") else suit(cid)


def set_leader(e: Eyrie, leader: str) -> None:
    e.leader = leader
    for col, vz in zip(LEADERS[leader], VIZIERS, strict=True):
        e.decree[col].append(vz)


def roosts(s: State) -> int:
    return count_on_map(s, "roost")


def decree_add_options(s: State, p: Player) -> list[Pick]:
    """Add 1 or 2 cards, at most one bird (L7.4), in one decision (issue 29 "Fewer taps"):
    each card with its column, "fox_x.1@move". Nothing else happens between the two
    additions that either could change, so taking them together loses no outcome; copies of
    one card are offered once."""
    added = s.turn.decree_added
    birds = sum(1 for x in added if suit(x) == "bird")
    return list(_additions(tuple(p.hand), 2 - len(added), birds))


@lru_cache(maxsize=4096)
def _additions(hand: tuple[str, ...], room: int, birds: int) -> tuple[Pick, ...]:
    """``decree_add_options`` for a hand: the same hand always offers the same additions,
    so they are built once (the actions are frozen)."""
    base = [x.split(".")[0] for x in hand]
    bird = [suit(x) == "bird" for x in hand]
    out: list[Pick] = []
    seen: set[tuple[tuple[str, str], ...]] = set()
    if room:
        for i, x in enumerate(hand):
            if birds + bird[i] > 1:
                continue
            for col in COLUMNS:
                if ((base[i], col),) not in seen:
                    seen.add(((base[i], col),))
                    out.append(pick(what="decree", picks=(f"{x}@{col}",)))
    if room == 2:
        for i, x in enumerate(hand):
            for j in range(i + 1, len(hand)):
                if birds + bird[i] + bird[j] > 1:
                    continue
                for key, a in _pairs(x, hand[j]):
                    if key not in seen:
                        seen.add(key)
                        out.append(a)
    return tuple(out)


@lru_cache(maxsize=4096)
def _pairs(x: str, y: str) -> tuple[tuple[tuple[tuple[str, str], ...], Pick], ...]:
    """The additions of cards ``x`` and ``y`` to any two columns, each with what it adds
    whatever the copies (a new hand shares most of its pairs of cards with the one before).
    Kept here only: there are too many pairs to keep each move in ``pick``'s cache too."""
    bx, by = x.split(".")[0], y.split(".")[0]
    out = []
    for a in COLUMNS:
        for b in COLUMNS:
            one, two = (bx, a), (by, b)
            key = (one, two) if one <= two else (two, one)
            out.append((key, new_pick(what="decree", picks=(f"{x}@{a}", f"{y}@{b}"))))
    return tuple(out)


def new_roost_spots(s: State) -> list[int]:
    """A clearing with the fewest warriors where a roost and 3 warriors fit (L7.4)."""
    fits = [c for c in s.clearings if open_slots(s, c.id) > 0 and c.id != s.keep]
    if not fits:
        return []
    fewest = min(sum(c.warriors.values()) for c in fits)
    return [c.id for c in fits if sum(c.warriors.values()) == fewest]


def place_roost(s: State, cid: int, warriors: int, ctx: Ctx) -> None:
    c = s.edit(cid)
    c.buildings.append("roost")
    n = min(warriors, SUPPLY["eyrie"] - warriors_on_map(s, "eyrie"))
    if n:
        c.warriors["eyrie"] = c.warriors.get("eyrie", 0) + n
    ctx.say(f"The Eyrie place a roost in clearing {cid}.")


def _suited(s: State, cid: str) -> list[int]:
    g = graph(s)
    return [c for c, su in g.suit.items() if matches_any(cid, su)]


def matches_any(cid: str, clearing_suit: str) -> bool:
    return cid.startswith("vizier") or matches(cid, clearing_suit)


def executions(s: State, p: Player, col: str, cid: str) -> list[Pick | Move | Fight]:
    """Every way to carry out one Decree card (L7.5.2); empty means Turmoil."""
    return list(_executions(s, p, col, cid))


def _executions(s: State, p: Player, col: str, cid: str) -> Iterator[Pick | Move | Fight]:
    """``executions``, clearing by clearing as they are asked for."""
    e = s.eyrie
    assert e is not None
    where = _suited(s, cid)
    if col == "recruit":
        need = 2 if e.leader == "charismatic" else 1
        if SUPPLY["eyrie"] - warriors_on_map(s, "eyrie") < need:
            return
        for c in where:
            if "roost" in s.clearing(c).buildings:
                yield pick(what="d_recruit", clearing=c, card=cid)
    elif col == "move":
        yield from moves(s, p, where, card=cid)
    elif col == "battle":
        for c in where:
            for en in can_battle(s, p, c):
                yield fight(clearing=c, defender=en.seat, card=cid)
    elif roosts(s) < 7:
        for c in where:
            if (
                rules(s, "eyrie", c)
                and "roost" not in s.clearing(c).buildings
                and open_slots(s, c) > 0
                and c != s.keep
            ):
                yield pick(what="d_build", clearing=c, card=cid)


def recruit_plans(s: State, cards: list[str]) -> list[Pick]:
    """Every Recruit card left resolved in one decision (issue 29 "Fewer taps"), one way per
    set of clearings: a Recruit only adds warriors at a roost, so which card recruits where
    changes nothing. Offered where the supply holds warriors for all of them; the cards one
    at a time stay on offer where a water action may come between two."""
    e = s.eyrie
    assert e is not None
    need = 2 if e.leader == "charismatic" else 1
    if len(cards) < 2 or SUPPLY["eyrie"] - warriors_on_map(s, "eyrie") < need * len(cards):
        return []
    where = [[c for c in _suited(s, x) if "roost" in s.clearing(c).buildings] for x in cards]
    out, seen = [], set()
    for spots in product(*where):
        key = tuple(sorted(spots))
        if key not in seen:
            seen.add(key)
            out.append(
                pick(
                    what="d_recruit",
                    picks=tuple(f"{x}@{c}" for x, c in zip(cards, spots, strict=True)),
                )
            )
    return out


def first_column(s: State) -> int:
    """The column the Decree's resolution starts in: the first with a card."""
    e = s.eyrie
    assert e is not None
    return next((i for i, col in enumerate(COLUMNS) if e.decree[col]), len(COLUMNS) - 1)


def executes(a: Pick | Move | Fight) -> bool:
    """Whether ``a`` carries out a Decree card."""
    if isinstance(a, Pick):
        return a.what in ("d_recruit", "d_build")
    return bool(a.card)


def decree_options(s: State, p: Player, column: int | None = None) -> Iterator[Pick | Move | Fight]:
    """The cards of the current column (or ``column``) not yet resolved, each with its
    executions, card by card as they are asked for."""
    e = s.eyrie
    assert e is not None
    col = COLUMNS[s.turn.decree_col if column is None else column]
    suits: set[str] = set()
    if col == "recruit":
        plans = recruit_plans(s, [x for x in e.decree[col] if x not in s.turn.decree_done])
        yield from plans
        if plans and not can_use_water(s, p):
            # Only a water action could come between two Recruit cards: without one, the
            # cards one at a time end where some plan does (issue 29 "Fewer taps").
            return
    for cid in e.decree[col]:
        if cid in s.turn.decree_done or card_suit(cid) in suits:
            continue  # cards of one suit in one column do the same: the first stands for all
        suits.add(card_suit(cid))
        yield from _executions(s, p, col, cid)


def can_resolve(s: State, p: Player) -> bool:
    """Whether a card of the current column can be carried out (else Turmoil, L7.7)."""
    return next(decree_options(s, p), None) is not None


def pending_cards(s: State) -> list[str]:
    e = s.eyrie
    assert e is not None
    col = COLUMNS[s.turn.decree_col]
    return [x for x in e.decree[col] if x not in s.turn.decree_done]


def turmoil(s: State, p: Player, ctx: Ctx) -> None:
    """Lose a VP per bird, discard the Decree but the Viziers, depose the leader (L7.7)."""
    e = s.eyrie
    assert e is not None
    birds = sum(1 for col in COLUMNS for x in e.decree[col] if card_suit(x) == "bird")
    ctx.say(f"The Eyrie fall into Turmoil ({name(p)} loses {birds} VP).")
    if birds:
        score(s, p, -birds, ctx, "Turmoil")
    for col in COLUMNS:
        for x in e.decree[col]:
            if not x.startswith("vizier"):
                discard(s, x)
        e.decree[col] = []
    e.spent_leaders.append(e.leader)
    if len(e.spent_leaders) >= len(LEADERS):
        e.spent_leaders = []
    e.leader = ""
    s.pending.append(Pending(seat=p.seat, kind="leader"))
