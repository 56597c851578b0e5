"""The AI's Encounter phase: roll, re-roll, play cards, spend (reference §5.4, §7, §8).

Every legal action gets an expected worth in Secrets, computed exactly over the dice it
throws with the expectimax of ``reroll``, and the best one is chosen:

- a re-roll is worth the expected value of the dice it leaves, less the Focus it costs;
- a card or Swag play is worth the value of the pool and kit it leaves, less its price;
- a spend is worth its reward plus the best spend of the dice that remain.

While track re-rolls remain, die-changing and re-roll cards are left in hand: the plan
already counts on them after the re-rolls, when the AI knows whether they are needed.
"""

from __future__ import annotations

from dataclasses import replace

from engines.att import dice as pool
from engines.att.actions import (
    Action,
    BumpFeatDie,
    EndEncounter,
    ExhaustSwag,
    FocusedReroll,
    LuckStart,
    PlayFeat,
    Roll,
    Spend,
    UnfocusedReroll,
)
from engines.att.ai.dice import MAX_TABLE_DICE, Hand, merge, remove, roll_odds
from engines.att.ai.kit import Kit, card_price, kit_of, plan_for
from engines.att.ai.reroll import Reroller, reroller
from engines.att.ai.spend import Scoring, finisher
from engines.att.ai.values import Outlook, encounter_scoring
from engines.att.content import (
    AddDie,
    Bump,
    CardReroll,
    Effect,
    ExtraReroll,
    Flip,
    Gain,
    SwapDie,
    catalog,
)
from engines.att.state import AttState

# A Luck die re-rolls for free in a Focused re-roll; the expectimax counts it as a Basic die,
# so a Luck die is credited this much per track re-roll to come.
LUCK_BONUS = 0.1
NEVER = float("-inf")


class EncounterMind:
    """Values the actions of one Encounter decision for the active seat."""

    def __init__(self, s: AttState, seat: int, look: Outlook) -> None:
        d = pool.dice_of(s)
        self.s = s
        self.d = d
        self.look = look
        assert s.turn is not None
        here = s.current_location()
        card = here.encounter if here is not None else None
        open_to_win = not d.desperate and not s.turn.overcome
        self.scoring: Scoring = encounter_scoring(s, seat, card, look, open_to_win)
        self.kit = kit_of(s, seat)
        self.rolling = d.rolled and not d.spending
        live = [i for i in range(len(d.pool)) if self._live(i)]
        # Panic dice never re-roll; past the table size, further dice are held fixed too.
        self.hand_dice = [i for i in live if d.pool[i].kind != "panic"][:MAX_TABLE_DICE]
        self.fixed_dice = [i for i in live if i not in self.hand_dice]
        self.fv = look.worth["focus"]

    def _live(self, i: int) -> bool:
        die = self.d.pool[i]
        return not die.spent and die.value is not None

    def _values(self, indices: list[int], changed: dict[int, int] | None = None) -> Hand:
        changed = changed or {}
        return tuple(sorted(changed.get(i, self.d.pool[i].value or 0) for i in indices))

    def hand(self, changed: dict[int, int] | None = None) -> Hand:
        return self._values(self.hand_dice, changed)

    def fixed(self, changed: dict[int, int] | None = None) -> Hand:
        return self._values(self.fixed_dice, changed)

    def reroller(self, kit: Kit, size: int | None = None, fixed: Hand | None = None) -> Reroller:
        plan = plan_for(
            kit,
            self.scoring,
            len(self.hand_dice) if size is None else size,
            self.look,
            self.fixed() if fixed is None else fixed,
            rolling=self.rolling or not self.d.rolled,
        )
        return reroller(plan)

    def now(self, kit: Kit, changed: dict[int, int] | None = None) -> float:
        """Value of going on from the current dice (after ``changed``) with ``kit``."""
        r = self.reroller(kit, fixed=self.fixed(changed))
        return r.value(0, self.hand(changed), kit.focus)

    def track_ahead(self) -> bool:
        return self.rolling and self.kit.rerolls > 0

    # Each action's worth.

    def worth(self, a: Action) -> float:
        match a:
            case Roll():
                return self.before_roll(self.kit)
            case LuckStart():
                return self.before_roll(self.kit) + LUCK_BONUS * self.kit.rerolls
            case UnfocusedReroll():
                return self.unfocused()
            case FocusedReroll(dice=pick):
                return self.focused(pick)
            case Spend():
                return self.spend(a)
            case EndEncounter():
                return self.scoring.lose if self.scoring.combo is not None else 0.0
            case BumpFeatDie(die=i):
                if self.track_ahead():
                    return NEVER
                kit = replace(self.kit, feat=self.kit.feat - 1)
                bumped = {i: (self.d.pool[i].value or 0) + 1}
                return self.now(kit, bumped) - self.look.worth["feat"]
            case PlayFeat(card=card, dice=dice):
                feat = catalog().feats[card]
                kit = replace(self.kit.without_card(card), feat=self.kit.feat - feat.cost)
                price = card_price(self.look, feat.cost)
                return self.effect(feat.effect, dice, kit) - price
            case ExhaustSwag(card=card, dice=dice):
                swag = catalog().swag[card]
                assert swag.exhaust is not None
                kit = self.kit.without_swag(card)
                price = 0.0
                for token, n in swag.exhaust_cost.items():
                    price += n * self.look.worth[token]
                    if token == "focus":
                        kit = replace(kit, focus=kit.focus - n)
                    if token == "feat":
                        kit = replace(kit, feat=kit.feat - n)
                return self.effect(swag.exhaust, dice, kit) - price
        raise AssertionError(a)

    def before_roll(self, kit: Kit) -> float:
        return self.reroller(kit, size=len(self.d.pool), fixed=()).before_roll(kit.focus)

    def unfocused(self) -> float:
        kept_dice = [i for i in self.hand_dice if i not in pool.unfocused_targets(self.s)]
        kept = self._values(kept_dice)
        return self.reroller(self.kit).expect_kept(1, kept, self.kit.focus)

    def focused(self, pick: tuple[int, ...]) -> float:
        cost = pool.focus_cost(self.d, pick)
        kept = remove(self.hand(), self._values(list(pick)))
        r = self.reroller(self.kit)
        return r.expect_kept(1, kept, self.kit.focus - cost) - self.fv * cost

    def spend(self, a: Spend) -> float:
        fin = finisher(self.scoring)
        live = [i for i in range(len(self.d.pool)) if self._live(i)]
        rest = self._values([i for i in live if i not in a.dice])
        if a.row is None:
            return self.scoring.win + fin.resources(rest)
        return fin.after_row(self.scoring.rewards.row_value(a.row, len(a.dice)), rest)

    def effect(self, effect: Effect, dice: tuple[int, ...], kit: Kit) -> float:
        """Worth of the position a card effect leaves (its price is charged by the caller)."""
        if not self.d.rolled:
            if isinstance(effect, SwapDie) and effect.die == "luck":
                return self.before_roll(kit) + LUCK_BONUS * kit.rerolls
            return NEVER  # adding dice waits for the roll; other swaps do not pay
        if isinstance(effect, Gain):
            more = {"focus": effect.n if effect.token == "focus" else 0}
            gained = replace(kit, focus=kit.focus + more["focus"])
            if effect.token == "feat":
                gained = replace(gained, feat=gained.feat + effect.n)
            return effect.n * self.look.worth[effect.token] + self.now(gained)
        if self.track_ahead():
            return NEVER
        match effect:
            case Bump(amount=amount):
                changed = {i: min(6, (self.d.pool[i].value or 0) + amount) for i in dice}
                return self.now(kit, changed)
            case Flip():
                return self.now(kit, {i: 7 - (self.d.pool[i].value or 0) for i in dice})
            case ExtraReroll(n=n):
                return self.now(replace(kit, rerolls=kit.rerolls + n))
            case CardReroll():
                thrown = [i for i in dice if i in self.hand_dice]
                kept = remove(self.hand(), self._values(thrown))
                return self.reroller(kit).expect_kept(0, kept, kit.focus)
            case AddDie(die="panic"):
                hand = self.hand()
                return sum(
                    p * self.reroller(kit, fixed=merge(self.fixed(), v)).value(0, hand, kit.focus)
                    for v, p in roll_odds(1)
                )
            case AddDie():
                if len(self.hand_dice) >= MAX_TABLE_DICE:
                    return NEVER
                r = self.reroller(kit, size=len(self.hand_dice) + 1)
                return r.expect_kept(0, self.hand(), kit.focus)
        return NEVER


def tie_break(a: Action) -> float:
    """Among moves of equal worth: stop first, then overcome, then other spends, and last
    the re-rolls, cards and Swag, which must earn their keep."""
    if isinstance(a, EndEncounter):
        return 2e-6
    if isinstance(a, Spend):
        return 1e-6 if a.row is None else 0.0
    return -1e-6


def choose_encounter(s: AttState, seat: int, legal: list[Action], look: Outlook) -> Action:
    mind = EncounterMind(s, seat, look)
    return max(legal, key=lambda a: mind.worth(a) + tie_break(a))
