"""Menu hints for Root (engines.core.menus; issue 13 "Discord flow").

- A seat with no more moves than one menu holds picks each from a menu, in one tap; with
  more, the moves are drill-downs:
- The Eyrie Decree is a drill-down: the card, then the column (adding) or the card, then
  what it does (resolving).
- The Vagabond's actions are a drill-down: the action, then its target, then the item or
  payment.
- Moves are a drill-down: from, to, how many.
- The Marquise builds in a drill-down: the building (its wood cost and VP), then the
  clearing.
- Ambush, counter-ambush and Field Hospitals are quick timed prompts; no answer is "no".
"""

from __future__ import annotations

from typing import Any

from engines.core.menus import Path, PickSet, QuickPrompt
from engines.core.words import count
from engines.root.actions import Fight, Move, Pick
from engines.root.board import count_on_map
from engines.root.choices import options_for
from engines.root.describe import PAY, cname, group_of, item_words
from engines.root.eyrie import COLUMNS
from engines.root.hints import hint as move_hint
from engines.root.marquise import BUILD_VP, WOOD_COST
from engines.root.state import FACTION_NAMES, State
from engines.root.words import piece, quest

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
        if w == "decree":
            if _pending_hand(state) * len(COLUMNS) > MENU_ROOM:
                return None  # too many to tick from one list: a drill-down instead
            return PickSet(
                "Add 1 or 2 cards to the Decree (at most one bird)", _card_items(action.picks)
            )
        if w in ITEM_MENUS and state.pending:
            n = len(action.picks)
            return PickSet(f"{ITEM_MENUS[w]} ({count(n, 'item')})", _item_rows(state, action))
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
        groups = _menus(state)
        if sum(groups.values()) <= MENU_ROOM:
            return None
        if _fits(groups) and groups.get(group_of(action), 0) <= MENU_ROOM:
            return None  # a menu of its own kind: one tap
        return self._path(action, state)

    def _path(self, action: Any, state: State) -> Path | None:
        if self.pick_set(action, state) is not None:
            return None
        t = state.turn
        if isinstance(action, Move | Fight) and action.card:
            col = "move" if isinstance(action, Move) else "battle"
            return Path(
                "Resolve the Decree",
                (f"{col.title()}: {cname(action.card)}", _target(action, state)),
            )
        if isinstance(action, Move):
            return Path(
                "Move",
                (
                    f"From clearing {action.src}",
                    f"To clearing {action.dst}",
                    f"{count(action.n, 'warrior')}{PAY[action.pay]}",
                ),
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
        if w in ("d_recruit", "d_build"):
            col = "Recruit" if w == "d_recruit" else "Build"
            return Path(
                "Resolve the Decree",
                (f"{col}: {cname(action.card)}", f"Clearing {action.clearing}"),
            )
        if w in V_ACTIONS and t is not None:
            return Path("Vagabond action", (V_ACTIONS[w], *self._v_steps(action, state)))
        return None

    def _v_steps(self, a: Pick, s: State) -> tuple[str, ...]:
        w = a.what
        if w in ("v_move", "slip"):
            to = f"clearing {a.card}" if a.card.isdigit() else f"forest {a.card}"
            pay = {
                "none": "no trail to open",
                "water": "open the trail with 1 WATER",
                "item": f"open the trail: damage {item_words(s, a.n)}",
            }[a.card2]
            return (f"To {to}", pay)
        if w == "aid":
            who = FACTION_NAMES[s.players[a.clearing].faction]
            take = f"take their {a.card2}" if a.card2 else "take nothing"
            # Two steps, not four: whom and with what, then the item spent and the one taken.
            return (f"{who}: give {cname(a.card)}", f"Exhaust {item_words(s, a.n)}, {take}")
        if w == "quest":
            return (
                quest(a.card),
                "Score VP" if a.n == 0 else "Draw 2 cards",
            )
        if w == "strike":
            return (FACTION_NAMES[s.players[a.clearing].faction], piece(a.card).capitalize())
        if w == "repair":
            return (item_words(s, a.n),)
        if w == "steal":
            return (FACTION_NAMES[s.players[a.clearing].faction],)
        if w == "day_labor":
            return (cname(a.card),)
        return ("Do it",)

    def hint(self, action: Any, state: State) -> str | None:
        return move_hint(action, state)


# The options of one Discord select menu.
MENU_ROOM = 25
# The last state counted and its menus: a panel asks for the path of every move of one
# state in turn, and counting them again for each would cost as many listings.
_counted: list[tuple[State, str, dict[str, int]]] = []


def _menus(s: State) -> dict[str, int]:
    """How many moves of each kind (``group_of``) the seat owing a decision in ``s`` finds
    in its menus: moves that differ only by a copy of a card count once, and the ones
    ticked in a multi-select are not among them."""
    key = s.model_dump_json()  # the whole position: a state changed in place counts again
    if _counted and _counted[0][0] is s and _counted[0][1] == key:
        return _counted[0][2]
    seat = s.pending[0].seat if s.pending else s.turn.active
    menus = RootMenus()
    listed: dict[str, set[str]] = {}
    for a in options_for(s, seat):
        if menus.pick_set(a, s) is None:
            listed.setdefault(group_of(a), set()).add(menus.same(a, s) or a.model_dump_json())
    groups = {g: len(v) for g, v in listed.items()}
    _counted[:] = [(s, key, groups)]
    return groups


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


def _target(a: Move | Fight, s: State) -> str:
    if isinstance(a, Move):
        return f"{count(a.n, 'warrior')} from clearing {a.src} to {a.dst}{PAY[a.pay]}"
    return f"Battle {FACTION_NAMES[s.players[a.defender].faction]} in clearing {a.clearing}"


def quick_prompt(state: State) -> QuickPrompt | None:
    """Ambush and Field Hospitals are short timed prompts to the seat asked."""
    if state.pending and state.pending[0].kind in QUICK and not state.winners:
        return QuickPrompt(QUICK[state.pending[0].kind], fresh=True)
    return None
