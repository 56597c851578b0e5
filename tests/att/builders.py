"""Put an Ancient Terrible Things game in a chosen position for rules tests.

Builders start from a real set-up and move cards between piles (never creating or losing a
card), then set the phase, the stash and the dice directly: the reference's tests inject die
results rather than rolling them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.att.actions import Action, ChooseCharacter, ChooseFirst, Spend
from engines.att.content import DieKind, catalog
from engines.att.dice import new_pool
from engines.att.engine import AttEngine
from engines.att.options import AttOptions
from engines.att.state import AttState, Die, TurnState
from engines.core.conformance import seats_for
from engines.core.trusted import replaced

ENGINE = AttEngine()
BAD_EGG = "enc-g08"
OCCULTIST = "enc-o07"
BOOK = "enc-r07"


def new_game(n: int = 2, seed: int = 1, **options: Any) -> AttState:
    """A game after set-up; when the players choose their characters, seat 0 takes the
    first in the catalogue (the Captain), seat 1 the next, and so on."""
    s = ENGINE.setup(seats_for(n), AttOptions(**options), seed)
    while s.phase == "choose_character":
        (seat,) = ENGINE.to_act(s)
        pick = next(a for a in ENGINE.legal_actions(s, seat) if isinstance(a, ChooseCharacter))
        s = ENGINE.apply(s, seat, pick).state
    return s


def act(s: AttState, a: Action, seat: int | None = None) -> AttState:
    """Apply ``a`` for ``seat`` (default: the only seat asked)."""
    if seat is None:
        (seat,) = ENGINE.to_act(s)
    return ENGINE.apply(s, seat, a).state


def start_turn(n: int = 2, seed: int = 1, first: int = 0, **options: Any) -> AttState:
    """A fresh game where ``first`` has just started round 1 (Locations dealt, explore)."""
    s = new_game(n, seed, **options)
    return act(s, ChooseFirst(seat=first), s.map_holder)


def place_encounter(s: AttState, slot: int, card: str) -> None:
    """Put ``card`` at Location ``slot`` (1..6), swapping it with wherever it was."""
    loc = s.locations[slot - 1]
    old = loc.encounter
    if old == card:
        return
    for name in ("encounter_deck", "encounter_box", "rumours"):
        pile = list(getattr(s, name))
        if card in pile:
            i = pile.index(card)
            if old is None:
                del pile[i]
            else:
                pile[i] = old
            # The deck is a list, the box and Rumours are tuples: the pile keeps its kind.
            setattr(s, name, type(getattr(s, name))(pile))
            break
    else:
        for i, other in enumerate(s.locations):
            if other.encounter == card:
                s.locations[i] = replaced(other, encounter=old)
    s.locations[slot - 1] = replaced(loc, encounter=card)


def give_cards(s: AttState, seat: int, feats: Sequence[str]) -> None:
    """Make ``feats`` the seat's whole hand; the old hand goes back into the Feat deck."""
    player = s.players[seat]
    s.feat_deck.extend(player.hand)
    player.hand = []
    for card in feats:
        for pile in [s.feat_deck, s.feat_discard, *(p.hand for p in s.players)]:
            if card in pile:
                pile.remove(card)
                break
        player.hand.append(card)


def give_swag(s: AttState, seat: int, swag: Sequence[str]) -> None:
    """Move these Swag cards from the deck, slots or Old Stock to the seat."""
    for card in swag:
        if card in s.swag_deck:
            s.swag_deck.remove(card)
        elif card in s.old_stock:
            s.old_stock.remove(card)
        else:
            s.swag_slots[s.swag_slots.index(card)] = s.swag_deck.pop()
        s.players[seat].swag += (card,)


def set_tokens(s: AttState, seat: int, **tokens: int) -> None:
    for token, n in tokens.items():
        s.players[seat].tokens[token] = n  # type: ignore[index]


def at_location(
    card: str = BAD_EGG, seat: int = 0, n: int = 2, slot: int = 1, **options: Any
) -> AttState:
    """``seat``'s turn, its pawn at ``slot`` holding ``card``, at the Location action."""
    s = start_turn(n=n, first=seat, **options)
    place_encounter(s, slot, card)
    loc = s.locations[slot - 1] = replaced(
        s.locations[slot - 1], tokens={"focus": 0, "treasure": 0, "feat": 0, "courage": 0}
    )
    s.players[seat].pawn = loc.id
    s.turn = TurnState(slot=slot - 1)
    s.phase = "location_action"
    return s


def at_encounter(
    card: str = BAD_EGG,
    values: Sequence[int] | None = None,
    kinds: Sequence[DieKind] | None = None,
    seat: int = 0,
    n: int = 2,
    desperate: bool = False,
    **options: Any,
) -> AttState:
    """The Encounter phase at ``card`` with an injected pool: ``values`` None means the pool
    is still being built (before the initial roll)."""
    s = at_location(card, seat, n, **options)
    s.phase = "encounter"
    d = new_pool(seat, desperate)
    size = len(values) if values is not None else len(kinds or d.pool)
    d.pool = [
        Die(kind=(kinds[i] if kinds else "basic"), value=(values[i] if values else None))
        for i in range(size)
    ]
    d.rolled = values is not None
    if desperate:
        assert s.turn is not None
        s.turn.overcome = True
        s.players[seat].score_pile += (card,)
        s.locations[0] = replaced(s.locations[0], encounter=None)
    s.dice = d
    return s


def set_values(s: AttState, values: Sequence[int | None]) -> None:
    """Inject die results into the current pool, in index order."""
    assert s.dice is not None
    pool = zip(s.dice.pool, values, strict=True)
    s.dice.pool = [replaced(die, value=value) for die, value in pool]


def find_spend(s: AttState, values: Sequence[int], target: str) -> Spend:
    """The legal spend using dice showing exactly ``values`` on ``target`` ("encounter" or
    a Scenario row kind: "high", "pair", "block", "run")."""
    from engines.att.spending import scenario_rows

    rows = [r.combo.kind for r in scenario_rows(s.options)]
    assert s.dice is not None
    for a in ENGINE.legal_actions(s, s.dice.owner):
        if not isinstance(a, Spend):
            continue
        shown = sorted(s.dice.pool[i].value or 0 for i in a.dice)
        where = "encounter" if a.row is None else rows[a.row]
        if shown == sorted(values) and where == target:
            return a
    raise AssertionError(f"no legal spend of {values} on {target}")


def spend_options(s: AttState) -> set[tuple[str, tuple[int, ...]]]:
    """The legal spends as (target, sorted values), ignoring which equal die is used."""
    from engines.att.spending import scenario_rows

    rows = [r.combo.kind for r in scenario_rows(s.options)]
    assert s.dice is not None
    out = set()
    for a in ENGINE.legal_actions(s, s.dice.owner):
        if isinstance(a, Spend):
            values = tuple(sorted(s.dice.pool[i].value or 0 for i in a.dice))
            out.add(("encounter" if a.row is None else rows[a.row], values))
    return out


def feat_with(op: str, **fields: Any) -> str:
    """The id of the first Feat card whose effect is ``op`` with these fields."""
    for card in catalog().feats.values():
        effect = card.effect.model_dump()
        if effect["op"] == op and all(effect.get(k) == v for k, v in fields.items()):
            return card.id
    raise AssertionError(f"no Feat card {op} {fields}")


def swag_where(**fields: Any) -> list[str]:
    """Ids of Swag cards matching these fields (``exhaust_op`` matches the effect's op)."""
    out = []
    for card in catalog().swag.values():
        data = card.model_dump()
        op = data["exhaust"]["op"] if data["exhaust"] else None
        if all((op if k == "exhaust_op" else data.get(k)) == v for k, v in fields.items()):
            out.append(card.id)
    return out


def all_feats(s: AttState) -> list[str]:
    return sorted(s.feat_deck + s.feat_discard + [c for p in s.players for c in p.hand])


def all_encounters(s: AttState) -> list[str]:
    placed = [loc.encounter for loc in s.locations if loc.encounter is not None]
    piles = [c for p in s.players for c in p.score_pile]
    return sorted([*s.encounter_deck, *s.encounter_box, *s.rumours, *placed, *piles])


def all_swag(s: AttState) -> list[str]:
    slots = [c for c in s.swag_slots if c is not None]
    owned = [c for p in s.players for c in p.swag]
    return sorted(s.swag_deck + s.old_stock + slots + owned)


def at_trading_post(seat: int = 0, n: int = 2, treasure: int = 0, **options: Any) -> AttState:
    """``seat`` has just finished an Encounter (overcome) and stands at the Trading Post."""
    from engines.att.trading_post import enter
    from engines.core.context import Ctx

    s = at_location(BAD_EGG, seat, n, **options)
    assert s.turn is not None
    s.turn.overcome = True
    s.players[seat].score_pile += (BAD_EGG,)
    s.locations[0] = replaced(s.locations[0], encounter=None)
    enter(s, Ctx())
    set_tokens(s, seat, treasure=treasure)
    return s


def drive(s: AttState, until: Any, limit: int = 500) -> AttState:
    """Play every seat's default action until ``until(state)`` holds."""
    for _ in range(limit):
        if until(s):
            return s
        (seat,) = ENGINE.to_act(s)
        action = ENGINE.default_action(s, seat)
        assert action is not None
        s = act(s, action, seat)
    raise AssertionError("the position was never reached")


def clear_locations(s: AttState, keep: Sequence[int]) -> None:
    """Send every Encounter except those at the ``keep`` slots (1..6) to Rumours."""
    for slot, loc in enumerate(s.locations, start=1):
        if slot not in keep and loc.encounter is not None:
            s.rumours += (loc.encounter,)
            s.locations[slot - 1] = replaced(loc, encounter=None)


def put_swag_in_slot(s: AttState, slot: int, card: str) -> None:
    """Show ``card`` in Trading Post ``slot`` (1..3), swapping it with wherever it was."""
    old = s.swag_slots[slot - 1]
    if card in s.swag_slots:
        s.swag_slots[s.swag_slots.index(card)] = old
    else:
        pile = s.swag_deck if card in s.swag_deck else s.old_stock
        if old is None:
            pile.remove(card)
        else:
            pile[pile.index(card)] = old
    s.swag_slots[slot - 1] = card
