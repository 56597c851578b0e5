"""Menu hints for Root (engines.core.menus; issue 13 "Discord flow", issue 29 "Fewer taps").

- A seat with no more moves than one menu holds picks each from a menu, in one tap; with
  more, each kind of move (``describe.group_of``: build, aid, quest, move...) that fits one
  menu keeps its own, and the larger kinds are drill-downs:
- A Decree move is a drill-down: where from and to, then how many (with the card where
  cards of several suits could make it); a Decree battle: the card, then the battle.
- The Vagabond's actions are a drill-down: the action, then its target, then the item or
  payment.
- Map moves more than one menu holds are listed in menus of the clearings they leave (a
  clearing with more split by where they go), one pick each, where the panel has rows for
  them; else they are a drill-down: from, to, how many.
- The Marquise builds in a drill-down: the building (its wood cost and VP), then the
  clearing.
- Several cards or items taken in one decision are one multi-select (``PickSet``): the
  Decree's one or two cards with their columns (a drill-down when the hand is too large),
  the cards the Alliance mobilize, the Vagabond's items refreshed, damaged, repaired or
  removed.
- Ambush, counter-ambush and Field Hospitals are quick timed prompts; no answer is "no".
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engines.core.menus import Path, PickSet, QuickPrompt
from engines.core.words import count, joined
from engines.root import eyrie
from engines.root.actions import Fight, Move, Pick
from engines.root.board import count_on_map, graph
from engines.root.choices import options_for
from engines.root.describe import PAY, cname, group_of, item_words
from engines.root.eyrie import COLUMNS, card_suit
from engines.root.hints import hint as move_hint
from engines.root.marquise import BUILD_VP, WOOD_COST
from engines.root.state import FACTION_NAMES, State
from engines.root.words import piece, place, quest

V_ACTIONS = {
    "v_move": "Move",
    "slip": "Slip",
    "aid": "Aid",
    "quest": "Quest",
    "strike": "Strike",
    "repair": "Repair",
    "explore": "Explore",
    "steal": "Steal",
    "day_labor": "Day Labor",
    "hideout": "Hideout",
}
QUICK = {
    "ambush": "the ambush window",
    "counter": "the counter-ambush window",
    "hospital": "Field Hospitals",
}


class RootMenus:
    def pick_set(self, action: Any, state: State) -> PickSet | None:
        """Several cards or items taken in one decision are one multi-select (issue 29
        "Fewer taps"): tick the cards to mobilize, the cards for the Decree with their
        columns, the items to refresh, damage, repair or remove."""
        if not (isinstance(action, Pick) and action.picks):
            return None
        w = action.what
        if w == "mobilize":
            return PickSet("Mobilize cards as supporters", _card_items(action.picks))
        if w == "spread":
            suits = graph(state).suit
            return PickSet(
                "Spread sympathy to several clearings (as few birds as pay)",
                tuple((x, f"Clearing {x} ({suits[int(x)]})") for x in action.picks),
            )
        if w == "decree":
            if _pending_hand(state) * len(COLUMNS) > MENU_ROOM:
                return None  # too many to tick from one list: a drill-down instead
            return PickSet(
                "Add 1 or 2 cards to the Decree (at most one bird)", _card_items(action.picks)
            )
        if w in ITEM_MENUS and state.pending:
            n = sum(1 for x in action.picks if x.isdigit())
            menu = f"{ITEM_MENUS[w]} ({count(n, 'item')})"
            if w == "v_refresh" and state.turn.step == "v_slip" and len(state.pending) == 1:
                menu += "; tick where to Slip too, to take it now"
            return PickSet(menu, _item_rows(state, action))
        return None

    def same(self, action: Any, state: State) -> str | None:
        """Two copies of one card lead to the same outcome: one menu entry."""
        if isinstance(action, Pick) and (action.card or action.card2 or action.picks):
            base = action.model_copy(
                update={
                    "card": action.card.split(".")[0],
                    "card2": action.card2.split(".")[0],
                    "picks": tuple(_uncopied(x) for x in action.picks),
                }
            )
            return base.model_dump_json()
        return None

    def path(self, action: Any, state: State) -> Path | None:
        """The drill-down of a move, when the seat has more moves than one menu holds; with
        fewer, every move is one entry of a menu: one tap (issue 29 "Fewer taps")."""
        groups = _listing(state).groups
        if sum(groups.values()) <= MENU_ROOM:
            return None
        if _fits(groups) and groups.get(menu_group(action, state), 0) <= MENU_ROOM:
            return None  # a menu of its own kind: one tap
        return self._path(action, state)

    def _path(self, action: Any, state: State) -> Path | None:
        if self.pick_set(action, state) is not None:
            return None
        t = state.turn
        if isinstance(action, Move):
            return _move_path(action, state)
        if isinstance(action, Fight) and action.card:
            return Path(
                "Resolve the Decree", (f"Battle: {cname(action.card)}", _target(action, state))
            )
        if not isinstance(action, Pick):
            return None
        w = action.what
        if w == "build":  # the building, then where: one short list each (issue 29)
            placed = count_on_map(state, action.card)
            kind = (
                f"{piece(action.card).capitalize()}: {WOOD_COST[placed]} wood, "
                f"{BUILD_VP[action.card][placed]} VP"
            )
            return Path("Build", (kind, f"Clearing {action.clearing}"))
        if w == "decree":  # a hand too large for one multi-select
            adds = [x.split("@") for x in action.picks]
            steps = [f"{cname(adds[0][0])} to {adds[0][1]}"]
            steps += [f"and {cname(card)} to {col}" for card, col in adds[1:]]
            return Path("Add to the Decree", tuple(steps))
        if w == "d_recruit" and action.picks:
            where = sorted(int(x.split("@")[1]) for x in action.picks)
            return Path(
                "Resolve the Decree",
                ("Recruit: every card", f"Clearings {joined([str(c) for c in where])}"),
            )
        if w in ("d_recruit", "d_build"):
            col = "Recruit" if w == "d_recruit" else "Build"
            return Path(
                "Resolve the Decree",
                (f"{col}: {cname(action.card)}", f"Clearing {action.clearing}"),
            )
        if w in V_ACTIONS and t is not None:
            return Path("Vagabond action", self._v_steps(action, state))
        return None

    def _v_steps(self, a: Pick, s: State) -> tuple[str, ...]:
        """The action and its target in one step, then the item or payment."""
        w = a.what
        act = V_ACTIONS[w]
        if w in ("v_move", "slip"):
            to = f"clearing {a.card}" if a.card.isdigit() else f"forest {a.card}"
            pay = {
                "none": "no trail to open",
                "water": "open the trail with 1 WATER",
                "item": f"open the trail: damage {item_words(s, a.n)}",
            }[a.card2]
            return (f"{act} to {to}", pay)
        if w == "aid":
            who = FACTION_NAMES[s.players[a.clearing].faction]
            take = f"take their {a.card2}" if a.card2 else "take nothing"
            # Two steps: whom and with what, then the item spent and the one taken.
            return (f"Aid {who}: give {cname(a.card)}", f"Exhaust {item_words(s, a.n)}, {take}")
        if w == "quest":
            return (f"Quest: {quest(a.card)}", "Score VP" if a.n == 0 else "Draw 2 cards")
        if w == "strike":
            who = FACTION_NAMES[s.players[a.clearing].faction]
            return (f"Strike {who}", piece(a.card).capitalize())
        if w == "repair":
            return (f"Repair {item_words(s, a.n)}",)
        if w == "steal":
            return (f"Steal from {FACTION_NAMES[s.players[a.clearing].faction]}",)
        if w == "day_labor":
            return (f"Day Labor: {cname(a.card)}",)
        return (act,)

    def hint(self, action: Any, state: State) -> str | None:
        return move_hint(action, state)


# The options of one Discord select menu.
MENU_ROOM = 25


class Listing(NamedTuple):
    """What the menus of one decision hold: how many moves of each kind (``menu_group``),
    the most warriors each way (from, to, payment) may move, and the menu of the moves out
    of each clearing where they share several menus."""

    groups: dict[str, int]
    most: dict[tuple[int, int, str], int]
    move_menus: dict[tuple[int, int], str]


# The last state counted and its listing: a panel asks for the path of every move of one
# state in turn, and counting them again for each would cost as many listings.
_counted: list[tuple[State, str, Listing]] = []


def _listing(s: State) -> Listing:
    """The listing of the seat owing a decision in ``s``: moves that differ only by a copy
    of a card count once, and the ones ticked in a multi-select are not among them."""
    key = s.model_dump_json()  # the whole position: a state changed in place counts again
    if _counted and _counted[0][0] is s and _counted[0][1] == key:
        return _counted[0][2]
    seat = s.pending[0].seat if s.pending else s.turn.active
    menus = RootMenus()
    listed: dict[str, set[str]] = {}
    most: dict[tuple[int, int, str], int] = {}
    ways: dict[tuple[int, int], set[str]] = {}
    for a in options_for(s, seat):
        if isinstance(a, Move):
            ways.setdefault((a.src, a.dst), set()).add(a.model_dump_json())
            way = (a.src, a.dst, a.pay)
            most[way] = max(most.get(way, 0), a.n)
        elif menus.pick_set(a, s) is None:
            listed.setdefault(group_of(a), set()).add(menus.same(a, s) or a.model_dump_json())
    move_menus = _move_menus({way: len(v) for way, v in ways.items()})
    for way, v in ways.items():
        listed.setdefault(move_menus.get(way, "Move"), set()).update(v)
    found = Listing({g: len(v) for g, v in listed.items()}, most, move_menus)
    _counted[:] = [(s, key, found)]
    return found


def menu_group(a: Pick | Move | Fight, s: State) -> str:
    """The menu a move is listed in: its kind (``group_of``), and for a map move among more
    than one menu holds, the menu of the clearing it leaves (``_move_menus``)."""
    if isinstance(a, Move):
        return _listing(s).move_menus.get((a.src, a.dst), "Move")
    return group_of(a)


def _move_menus(moves: dict[tuple[int, int], int]) -> dict[tuple[int, int], str]:
    """Where more map moves are open than one menu holds (``moves``: how many go each way,
    from and to), the moves out of clearings next in number share a menu up to its room
    ("Move from clearings 3 and 8"), and a clearing with more moves than that is split by
    where they go ("Move from clearing 3 to 4 or 7"), so each move is still one pick from a
    menu (issue 29 "Fewer taps"). None where the moves fit one menu, or where one way alone
    has more (they stay a drill-down)."""
    if sum(moves.values()) <= MENU_ROOM or max(moves.values()) > MENU_ROOM:
        return {}
    by_src: dict[int, dict[int, int]] = {}
    for (src, dst), n in sorted(moves.items()):
        by_src.setdefault(src, {})[dst] = n
    # The parts a menu may hold: a clearing's moves whole where they fit, else each way.
    parts: list[tuple[int, tuple[int, ...], int]] = []
    for src, ways in by_src.items():
        if sum(ways.values()) <= MENU_ROOM:
            parts.append((src, tuple(ways), sum(ways.values())))
        else:
            parts += [(src, (dst,), n) for dst, n in ways.items()]
    runs: list[list[tuple[int, tuple[int, ...], int]]] = [[]]
    held = 0
    for part in parts:
        if held + part[2] > MENU_ROOM:
            runs.append([])
            held = 0
        runs[-1].append(part)
        held += part[2]
    out = {}
    for run in runs:
        heading = _menu_heading(run, by_src)
        for src, dsts, _ in run:
            out.update({(src, dst): heading for dst in dsts})
    return out


def _menu_heading(
    run: list[tuple[int, tuple[int, ...], int]], by_src: dict[int, dict[int, int]]
) -> str:
    """A menu's heading: "Move from clearings 3 and 8", or with a clearing split by where
    its moves go, "Move from clearing 3 to 4 or 7; from clearing 8"."""
    whole = [src for src, dsts, _ in run if len(dsts) == len(by_src[src])]
    if len(whole) == len(run):
        where = "clearing " if len(run) == 1 else "clearings "
        return f"Move from {where}{joined([str(src) for src in whole])}"
    said: dict[int, list[int]] = {}
    for src, dsts, _ in run:
        said.setdefault(src, []).extend(dsts)
    parts = [
        f"from clearing {src}"
        + ("" if len(dsts) == len(by_src[src]) else f" to {' or '.join(map(str, dsts))}")
        for src, dsts in said.items()
    ]
    return "Move " + "; ".join(parts)


def _move_path(a: Move, s: State) -> Path:
    """Moving every warrior that may go along one way (from, to, payment) is one step, and
    moving one or all but one where the menu has room; the other moves are a second step
    under the way, or under the clearing they leave where the ways are many (or, with more
    still, every move is where from and to, then how many). A Decree move is made with the
    card of the clearing's own suit where there is one (a bird card can do whatever it
    does, so it is kept for later); the other cards that could make it are second-step
    moves, named."""
    heading = "Resolve the Decree" if a.card else "Move"
    way = f"from clearing {a.src} to {a.dst}{PAY[a.pay]}"
    most = _listing(s).most
    best = not a.card or a.card == _decree_card(s, a.src)
    card = "" if best else f", with {cname(a.card)}"
    sources = len({src for src, _, _ in most})
    if len(most) + sources > MENU_ROOM:
        return Path(
            heading, (f"From clearing {a.src} to {a.dst}{PAY[a.pay]}", count(a.n, "warrior") + card)
        )
    # Where the menu has room for them, one warrior and all but one along each way are
    # one step too (each way also keeps a step for its other moves).
    k = most[(a.src, a.dst, a.pay)]
    room = max(
        (
            level
            for level in (0, 1, 2)
            if sum(len(_counts(n, level)) + 1 for n in most.values()) <= MENU_ROOM
        ),
        default=0,
    )
    if best and a.n in _counts(k, room):
        all_ = "All " if a.n == k and a.n > 1 else ""
        return Path(heading, (f"{all_}{count(a.n, 'warrior')} {way}",))
    if 2 * len(most) > MENU_ROOM:
        return Path(
            heading,
            (
                f"Other moves from clearing {a.src}",
                f"{count(a.n, 'warrior')} to {a.dst}{PAY[a.pay]}{card}",
            ),
        )
    return Path(heading, (f"Other moves {way}", count(a.n, "warrior") + card))


def _counts(most: int, level: int) -> set[int]:
    """How many warriors a way's own steps move: all of them, and at ``level`` 1 one too,
    at 2 all but one as well."""
    return {n for n in (most, 1 if level else most, most - 1 if level > 1 else most) if n}


def _decree_card(s: State, src: int) -> str:
    """The Decree card a move out of ``src`` is best made with: of the clearing's suit
    before a bird."""
    fits = [x for x in eyrie.pending_cards(s) if eyrie.matches_any(x, graph(s).suit[src])]
    return next((x for x in fits if card_suit(x) != "bird"), fits[0] if fits else "")


def _fits(groups: dict[str, int]) -> bool:
    """Whether the panel's five rows hold a menu for each kind of move of at most
    ``MENU_ROOM`` (the larger kinds sharing one drill-down row, lone moves as buttons)."""
    small = [n for n in groups.values() if n <= MENU_ROOM]
    buttons = sum(1 for n in small if n == 1)
    rows = int(len(small) < len(groups)) + sum(1 for n in small if n > 1) + -(-buttons // 5)
    return rows <= PANEL_ROWS


# Discord's rows of components in one message.
PANEL_ROWS = 5


def _uncopied(pick: str) -> str:
    """A card of a pick without its copy number ("anvil.2@move" -> "anvil@move")."""
    card, at, col = pick.partition("@")
    return card.split(".")[0] + at + col


# The multi-selects of the Vagabond's items, by the decision they answer.
ITEM_MENUS = {
    "v_refresh": "Refresh items",
    "v_damage": "Items to damage",
    "v_repair": "Items to repair",
    "v_drop": "Items to remove (item limit)",
}


def _pending_hand(s: State) -> int:
    seat = s.pending[0].seat if s.pending else s.turn.active
    return len(s.players[seat].hand)


def _card_items(picks: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Each card of a pick as a tickable item: its name (and column), a second copy of one
    card named so."""
    out = []
    seen: dict[str, int] = {}
    for x in picks:
        card, _, col = x.partition("@")
        base = card.split(".")[0]
        seen[base] = seen.get(base, 0) + 1
        copy = " (second copy)" if seen[base] > 1 else ""
        value = f"{base}#{seen[base]}" + (f"@{col}" if col else "")
        out.append((value, f"{cname(card)}{copy}" + (f" to {col}" if col else "")))
    return tuple(out)


def _item_rows(s: State, a: Pick) -> tuple[tuple[str, str], ...]:
    """Each item of a pick as a tickable item; one like an earlier one says so."""
    v = s.vagabond
    out = []
    for x in a.picks:
        if not x.isdigit():  # the Slip taken with a Refresh
            out.append(
                (x, "Then stay put (no Slip)" if x == "stay" else f"Then slip to {place(x[5:])}")
            )
            continue
        i = int(x)
        like = 1
        if v is not None:
            it = v.items[i]
            like += sum(
                1
                for j in range(i)
                if (v.items[j].kind, v.items[j].exhausted, v.items[j].damaged, v.items[j].track)
                == (it.kind, it.exhausted, it.damaged, it.track)
            )
        out.append((x, item_words(s, i) + (f" (another, {like} of them)" if like > 1 else "")))
    return tuple(out)


def _target(a: Fight, s: State) -> str:
    return f"Battle {FACTION_NAMES[s.players[a.defender].faction]} in clearing {a.clearing}"


def quick_prompt(state: State) -> QuickPrompt | None:
    """Ambush and Field Hospitals are short timed prompts to the seat asked."""
    if state.pending and state.pending[0].kind in QUICK and not state.winners:
        return QuickPrompt(QUICK[state.pending[0].kind], fresh=True)
    return None
