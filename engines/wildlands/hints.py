"""What each Wildlands move does, in one line under it in a menu (wildlands.md §5-§8, §13).

A card step says what the card can do (its icons in words) and whom it is linked to; a
target says what the move would do to it in this position (the damage an undefended hit
deals and what could cancel it, a shard in the space a move goes to).
"""

from __future__ import annotations

from engines.wildlands.actions import (
    Action,
    Area,
    Attack,
    Belt,
    Claim,
    Climb,
    Defend,
    Done,
    DrawCards,
    EndTurn,
    Interrupt,
    Move,
    Orders,
    Pass,
    PlaceStart,
    Push,
    Rally,
    Reveal,
)
from engines.wildlands.card_list import ICON_NAMES, ICON_WORDS
from engines.wildlands.cards import card, factions
from engines.wildlands.combat import defence_icons, hit_damage
from engines.wildlands.state import Hit, HitStyle, State


def card_note(card_id: str) -> str:
    """A card in a menu: what it can do and whom it is linked to."""
    c = card(card_id)
    faction = factions().get(c.faction)  # the Ancients' deck has no faction sheet
    names = [faction.characters[n - 1].name for n in c.characters] if faction else []
    does = "; or ".join(ICON_WORDS[i] for i in c.icons)
    linked = f" Linked to {' & '.join(names)}." if names else ""
    return f"{does[:1].upper()}{does[1:]}.{linked}"


def _shard_in(s: State, space: int) -> str:
    here = [sh for sh in s.shards if sh.space == space]
    if not here:
        return ""
    return " A shard lies there." if len(here) == 1 else f" {len(here)} shards lie there."


def _blocked_by(s: State, style: HitStyle) -> str:
    icons = sorted(defence_icons(style, s.options))
    if not icons:
        return "nothing cancels it"
    return "a linked " + " or ".join(ICON_NAMES[i] for i in icons) + " card cancels it"


def _attack(s: State, a: Attack) -> str:
    target = s.figures[a.target]
    damage = hit_damage(s, Hit(target=a.target, style=a.style, scorer=None))
    left = target.health - target.damage
    outcome = "knocking it out" if damage >= left else f"leaving {left - damage} health"
    return f"{damage} damage to {target.name}, {outcome}, unless {_blocked_by(s, a.style)}."


def _area(s: State, a: Area) -> str:
    hit = [f.name for f in s.figures.values() if f.space == a.space and not f.ko]
    if not hit:
        return f"Hits every figure in space {a.space}: nobody is there now."
    return f"Hits everyone in space {a.space}, friends too: {', '.join(hit)}."


def hint(a: Action, s: State) -> str | None:
    match a:
        case Move(to=to) | Climb(to=to):
            name = s.figures[a.figure].name
            return f"{name} goes to space {to}.{_shard_in(s, to)}"
        case Attack():
            return _attack(s, a)
        case Area():
            return _area(s, a)
        case DrawCards():
            return f"Discard this card and draw {s.options.draw_icon_amount} cards."
        case Rally():
            return f"Pull your characters from adjacent spaces into {s.figures[a.figure].name}'s."
        case Claim():
            return "Spend these 3 cards: the shard leaves the board and scores 1 point."
        case Interrupt():
            return "Take an interrupting turn now: play cards before this turn goes on."
        case Defend(card=None):
            return "Take the damage."
        case Defend(card=c):
            return f"Cancel the hit with this card. {card_note(c)}"
        case Pass():
            return "Let the window go by: the turn goes on."
        case Done():
            return "End your interrupting turn; the interrupted turn goes on."
        case EndTurn():
            return "End your turn and draw up to 3 cards (7 at most in hand)."
        case Reveal():
            return "Put this character on its secret start space, where everyone can see it."
        case PlaceStart(space=space):
            return f"This character's hidden start is space {space}; nobody else knows it."
        case Push(figure=None):
            return "Leave everyone where they are."
        case Push(to=to):
            return f"Push them to space {to}."
        case Belt(colour=None):
            return "Leave the conveyor belts as they are."
        case Belt(colour=colour):
            return f"Run the {colour} conveyor belt."
        case Orders(auto_pass=None):
            return "How hits on your characters are answered; you can change it any time."
        case Orders():
            return "Which interrupt windows you let go by without being asked."
    return None
