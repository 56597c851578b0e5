"""The AI's choices before the dice: first player, where to go, the Location action and the
Desperate Act (reference §4, §5.2, §5.3, §6, §9).

A Location is worth its tokens, plus its best action, plus the Encounter phase that follows:
the expected worth of rolling for it (the expectimax, with the tokens the visit brings), or of
paying Courage for it outright when that is worth more; a ``Judge`` computes these worths for
the seat from its own kit. Taking the Location the next player wants most (``rival``) is
also worth part of what it costs them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from engines.att.actions import (
    Action,
    ChooseFirst,
    DeclineDesperateAct,
    DesperateAct,
    ExchangeToken,
    Explore,
    GainToken,
    RedrawFeats,
    RemoteDesperateAct,
    SkipLocationAction,
    TakeMap,
)
from engines.att.ai.kit import Kit, kit_of, plan_for
from engines.att.ai.reroll import reroller
from engines.att.ai.rival import rival_worths
from engines.att.ai.values import Outlook, card_worth, encounter_scoring
from engines.att.content import TOKENS, Token, catalog
from engines.att.riverboat import active_slots
from engines.att.state import AttState

# The Map: 1 Secret at the end, and the first pick of Locations each round while held.
MAP_WORTH = 1.3
# How much of the next player's loss, when the AI takes the Location they want, it counts.
DENIAL = 0.5
# How useful each Feat card effect is to hold; below the average, the Ghastly Gorge swaps it.
FEAT_USE: dict[str, float] = {
    "bump": 0.35,
    "flip": 0.3,
    "add_die": 0.35,
    "swap_die": 0.1,
    "extra_reroll": 0.45,
    "card_reroll": 0.35,
    "gain": 0.3,
}
FEAT_AVERAGE = 0.3
POOL_SIZE = 5


@dataclass(frozen=True)
class Visit:
    """The seat's stash as it would stand during a visit: the Encounter kit and Courage."""

    kit: Kit
    courage: int


def redraw_pick(cards: tuple[str, ...]) -> tuple[str, ...]:
    """The Feat cards below the average use, which the Ghastly Gorge should swap."""
    feats = catalog().feats
    return tuple(c for c in sorted(cards) if FEAT_USE[feats[c].effect.op] < FEAT_AVERAGE)


def chateau_trades(s: AttState, seat: int) -> Iterator[ExchangeToken]:
    mine = s.players[seat].tokens
    for other in s.players:
        if other.seat == seat:
            continue
        for give in TOKENS:
            for take in TOKENS:
                if give != take and mine[give] and other.tokens[take]:
                    yield ExchangeToken(give=give, take=take, target=other.seat)


class Judge:
    """Worths of visits for ``seat``, playing from ``kit`` (cached per decision)."""

    def __init__(self, s: AttState, seat: int, look: Outlook, kit: Kit) -> None:
        self.s = s
        self.seat = seat
        self.look = look
        self.kit = kit
        self.courage = s.players[seat].tokens["courage"]
        self._phase: dict[tuple[str, Visit], float] = {}

    def visit(self, gained: dict[Token, int]) -> Visit:
        kit = replace(
            self.kit, focus=self.kit.focus + gained["focus"], feat=self.kit.feat + gained["feat"]
        )
        return Visit(kit, self.courage + gained["courage"])

    def roll(self, card_id: str, kit: Kit) -> float:
        scoring = encounter_scoring(self.s, self.seat, card_id, self.look)
        return reroller(plan_for(kit, scoring, POOL_SIZE, self.look)).before_roll(kit.focus)

    def desperate(self, card_id: str, kit: Kit) -> float:
        """Pay Courage for the card, then roll for resources only."""
        secrets = catalog().encounters[card_id].secrets
        won = encounter_scoring(self.s, self.seat, card_id, self.look).win
        scoring = encounter_scoring(self.s, self.seat, None, self.look)
        rest = reroller(plan_for(kit, scoring, POOL_SIZE, self.look)).before_roll(kit.focus)
        return won - self.look.worth["courage"] * secrets + rest

    def phase(self, card_id: str, visit: Visit) -> float:
        """The Desperation and Encounter phases at ``card_id``, whichever way is worth more."""
        key = (card_id, visit)
        if key not in self._phase:
            best = self.roll(card_id, visit.kit)
            if visit.courage >= catalog().encounters[card_id].secrets:
                best = max(best, self.desperate(card_id, visit.kit))
            self._phase[key] = best
        return self._phase[key]

    def action(self, a: Action) -> tuple[float, Visit]:
        """A Location action's own worth and the stash it leaves for the rest of the turn."""
        s, look = self.s, self.look
        gained: dict[Token, int] = dict.fromkeys(TOKENS, 0)
        worth = 0.0
        match a:
            case GainToken(token=token):
                gained[token] += 1
                worth = look.worth[token]
            case ExchangeToken(give=give, take=take):
                gained[give] -= 1
                gained[take] += 1
                worth = (1 + look.rival) * (look.worth[take] - look.worth[give])
            case RemoteDesperateAct(slot=slot):
                card_id = s.locations[slot - 1].encounter
                assert card_id is not None
                secrets = catalog().encounters[card_id].secrets
                gained["courage"] -= secrets
                worth = card_worth(s, self.seat, card_id, look) - look.worth["courage"] * secrets
            case TakeMap():
                worth = MAP_WORTH + (look.rival if s.map_holder != self.seat else 0.0)
            case RedrawFeats(discard=cards):
                feats = catalog().feats
                worth = sum(FEAT_AVERAGE - FEAT_USE[feats[c].effect.op] for c in cards)
        return worth, self.visit(gained)

    def choices_at(self, slot: int) -> list[Action]:
        """The Location action choices a visit to ``slot`` (1..6) would offer (as
        ``engines.att.locations.action_options`` will), with one Gorge redraw."""
        s = self.s
        loc = s.locations[slot - 1]
        place = catalog().locations[loc.id]
        out: list[Action] = [SkipLocationAction()]
        if place.action == "gain_choice":
            out.extend(GainToken(token=t) for t in place.gain_choices)
        elif place.action == "redraw_feats" and redraw_pick(self.kit.cards):
            out.append(RedrawFeats(discard=redraw_pick(self.kit.cards)))
        elif place.action == "exchange_token":
            out.extend(chateau_trades(s, self.seat))
        elif place.action == "remote_desperate_act":
            courage = self.courage + loc.tokens["courage"]
            encounters = catalog().encounters
            for i in active_slots(s):
                card = s.locations[i].encounter
                if i != slot - 1 and card is not None and courage >= encounters[card].secrets:
                    out.append(RemoteDesperateAct(slot=i + 1))
        elif s.map_holder != self.seat:
            out.append(TakeMap())
        return out

    def explore(self, slot: int) -> float:
        """Worth of going to ``slot``: its tokens, its best action and the phases after."""
        loc = self.s.locations[slot - 1]
        assert loc.encounter is not None
        arrival = sum(self.look.worth[t] * n for t, n in loc.tokens.items())
        best = float("-inf")
        for a in self.choices_at(slot):
            worth, visit = self.action(a)
            kit = replace(
                visit.kit,
                focus=visit.kit.focus + loc.tokens["focus"],
                feat=visit.kit.feat + loc.tokens["feat"],
            )
            visit = Visit(kit, visit.courage + loc.tokens["courage"])
            best = max(best, worth + self.phase(loc.encounter, visit))
        return arrival + best


def next_explorer(s: AttState) -> int | None:
    """The seat that explores after the current one this round, if any."""
    following = s.turns_taken + 1
    return s.turn_order[following] if following < len(s.turn_order) else None


def explore_worths(s: AttState, seat: int, legal: list[Action], look: Outlook) -> dict[int, float]:
    """Each Location ``legal`` may explore (by slot) with its worth to the seat: the visit,
    and what taking it denies the next explorer (the hard AI tries the best few)."""
    slots = [a.slot for a in legal if isinstance(a, Explore)]
    me = Judge(s, seat, look, kit_of(s, seat))
    worth = {slot: me.explore(slot) for slot in slots}
    rival = next_explorer(s)
    if rival is not None and len(slots) > 1:
        theirs = rival_worths(s, rival)
        best_theirs = max(theirs.values())
        for slot in slots:
            left = max(v for k, v in theirs.items() if k != slot)
            worth[slot] += DENIAL * look.rival * (best_theirs - left)
    return worth


def choose_explore(s: AttState, seat: int, legal: list[Action], look: Outlook) -> Action:
    worth = explore_worths(s, seat, legal, look)
    return Explore(slot=max(worth, key=lambda slot: (worth[slot], -slot)))


def choose_location_action(s: AttState, seat: int, legal: list[Action], look: Outlook) -> Action:
    here = s.current_location()
    assert here is not None and here.encounter is not None
    me = Judge(s, seat, look, kit_of(s, seat))
    wanted_redraw = redraw_pick(me.kit.cards)
    best, best_worth = legal[0], float("-inf")
    for a in legal:
        if isinstance(a, RedrawFeats) and a.discard != wanted_redraw:
            continue
        worth, visit = me.action(a)
        total = worth + me.phase(here.encounter, visit)
        if total > best_worth:
            best, best_worth = a, total
    return best


def choose_desperation(s: AttState, seat: int, legal: list[Action], look: Outlook) -> Action:
    here = s.current_location()
    assert here is not None and here.encounter is not None
    me = Judge(s, seat, look, kit_of(s, seat))
    pay = me.desperate(here.encounter, me.kit) > me.roll(here.encounter, me.kit)
    wanted = DesperateAct() if pay else DeclineDesperateAct()
    return next(a for a in legal if a == wanted)


def choose_first(s: AttState, seat: int, legal: list[Action]) -> Action:
    """Going first means the first pick of the Locations."""
    return next(a for a in legal if isinstance(a, ChooseFirst) and a.seat == seat)
