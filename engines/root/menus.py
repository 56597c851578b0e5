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
from engines.root.describe import PAY, cname, item_words
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
        return None

    def same(self, action: Any, state: State) -> str | None:
        """Two copies of one card lead to the same outcome: one menu entry."""
        if isinstance(action, Pick) and (action.card or action.card2):
            base = action.model_copy(
                update={"card": action.card.split(".")[0], "card2": action.card2.split(".")[0]}
            )
            return base.model_dump_json()
        return None

    def path(self, action: Any, state: State) -> Path | None:
        """The drill-down of a move, when the seat has more moves than one menu holds; with
        fewer, every move is one entry of a menu: one tap (issue 29 "Fewer taps")."""
        if _moves(state) <= MENU_ROOM:
            return None
        return self._path(action, state)

    def _path(self, action: Any, state: State) -> Path | None:
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
        if w == "decree":
            return Path("Add to the Decree", (cname(action.card), f"{action.card2} column"))
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
# The last state counted and its number of moves: a panel asks for the path of every move
# of one state in turn, and counting them again for each would cost as many listings.
_counted: list[tuple[State, str, int]] = []


def _moves(s: State) -> int:
    """How many moves the seat owing a decision in ``s`` has."""
    key = s.model_dump_json()  # the whole position: a state changed in place counts again
    if _counted and _counted[0][0] is s and _counted[0][1] == key:
        return _counted[0][2]
    seat = s.pending[0].seat if s.pending else s.turn.active
    n = len(options_for(s, seat))
    _counted[:] = [(s, key, n)]
    return n


def _target(a: Move | Fight, s: State) -> str:
    if isinstance(a, Move):
        return f"{count(a.n, 'warrior')} from clearing {a.src} to {a.dst}{PAY[a.pay]}"
    return f"Battle {FACTION_NAMES[s.players[a.defender].faction]} in clearing {a.clearing}"


def quick_prompt(state: State) -> QuickPrompt | None:
    """Ambush and Field Hospitals are short timed prompts to the seat asked."""
    if state.pending and state.pending[0].kind in QUICK and not state.winners:
        return QuickPrompt(QUICK[state.pending[0].kind], fresh=True)
    return None
