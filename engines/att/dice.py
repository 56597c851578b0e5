"""The Encounter dice pool: kinds, rolling and re-rolls (seed §Dice, §4; reference §7).

Basic dice are always rolled; Luck dice re-roll free in a Focused re-roll; Panic dice are
never re-rolled by any means; Feat dice cannot be picked for a Focused re-roll but may be
raised by 1 for a Feat token.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations

from engines.att.actions import FocusedReroll, focused_reroll_move
from engines.att.content import DieKind
from engines.att.stash import pay
from engines.att.state import AttState, DiceState, LastRoll, die
from engines.core.context import Ctx
from engines.core.trusted import trusted
from engines.core.words import joined

# The physical dice (seed §Components); a pool never holds more (ruling dice_supply_limit).
DICE_SUPPLY: dict[DieKind, int] = {"basic": 5, "luck": 2, "panic": 2, "feat": 2}


def new_pool(owner: int, desperate: bool) -> DiceState:
    """The pool starts as the five Basic dice, not yet rolled."""
    return trusted(
        DiceState,
        owner=owner,
        pool=[die("basic")] * 5,
        rolled=False,
        spending=False,
        rerolls_made=0,
        spent=[],
        desperate=desperate,
        luck_start_used=[],
    )


def dice_of(s: AttState) -> DiceState:
    assert s.dice is not None, "no Encounter roll in progress"
    return s.dice


def live(d: DiceState) -> list[int]:
    """Indices of rolled dice not yet spent."""
    return [i for i, x in enumerate(d.pool) if not x.spent and x.value is not None]


def available(s: AttState, kind: DieKind) -> bool:
    """Whether one more die of ``kind`` can join the pool."""
    if not s.options.dice_supply_limit:
        return True
    return sum(x.kind == kind for x in dice_of(s).pool) < DICE_SUPPLY[kind]


def dice_count(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


# At most 4 kinds x 7 faces x 2 states: each phrase is written once.
@cache
def face_words(kind: str, value: int | None, spent: bool = False) -> str:
    """One die as a player reads it: "4", "5 (Luck)", "spent", "not rolled"; a Basic die
    needs no name, any other kind is named rather than marked with a letter ("5L")."""
    if spent:
        return "spent"
    face = "not rolled" if value is None else str(value)
    return face if kind == "basic" else f"{face} ({kind.capitalize()})"


def numbered(indices: list[int] | tuple[int, ...]) -> str:
    """Dice as players number them, from 1: "Die 2", "Dice 1 and 3"."""
    word = "Die" if len(indices) == 1 else "Dice"
    return f"{word} {joined([str(i + 1) for i in indices])}"


def values_text(d: DiceState, indices: list[int] | tuple[int, ...]) -> str:
    return ", ".join(str(d.pool[i].value) for i in indices)


def _record(s: AttState, ctx: Ctx, label: str) -> None:
    d = dice_of(s)
    kinds = [x.kind for x in d.pool]
    values = [x.value for x in d.pool]
    s.last_roll = trusted(LastRoll, owner=d.owner, values=values, kinds=kinds, label=label)
    shown = ", ".join(map(face_words, kinds, values, [x.spent for x in d.pool]))
    ctx.say(f"{label}: {shown}.", kind="dice")


def roll_dice(s: AttState, ctx: Ctx, indices: list[int], label: str) -> None:
    """Roll these dice (plus any die never rolled yet) and narrate the whole pool."""
    dice = dice_of(s).pool
    thrown = set(indices)
    thrown.update([i for i, x in enumerate(dice) if x.value is None and not x.spent])
    with ctx.rng(s) as rng:
        for i in sorted(thrown):
            x = dice[i]
            dice[i] = die(x.kind, rng.randint(1, 6), x.spent)
    _record(s, ctx, label)


def initial_roll(s: AttState, ctx: Ctx) -> None:
    d = dice_of(s)
    d.rolled = True
    roll_dice(s, ctx, list(range(len(d.pool))), f"{s.name(d.owner)} rolls")


def add_die(s: AttState, ctx: Ctx, kind: DieKind) -> None:
    """Add a die; after the initial roll it is rolled at once, which uses no re-roll
    (ruling added_die_rolled_immediately)."""
    d = dice_of(s)
    d.pool.append(die(kind))
    if d.rolled and s.options.added_die_rolled_immediately:
        roll_dice(s, ctx, [len(d.pool) - 1], f"{s.name(d.owner)} rolls the added {kind} die")
    else:
        ctx.say(f"{s.name(d.owner)} adds a {kind.capitalize()} die to the pool.")


def swap_basic(s: AttState, ctx: Ctx, kind: DieKind) -> None:
    """Before the roll: the last Basic die becomes a die of ``kind``."""
    d = dice_of(s)
    index = max(i for i, x in enumerate(d.pool) if x.kind == "basic")
    d.pool[index] = die(kind)
    ctx.say(f"{s.name(d.owner)} swaps a Basic die for a {kind.capitalize()} die.")


def can_reroll(s: AttState) -> bool:
    d = s.dice
    return d is not None and d.rolled and not d.spending and s.players[d.owner].rerolls_left > 0


def focus_pickable(d: DiceState) -> list[int]:
    """Dice a Focused re-roll may pick: not Panic and not Feat."""
    return [
        i
        for i, x in enumerate(d.pool)
        if x.kind in ("basic", "luck") and not x.spent and x.value is not None
    ]


def focus_cost(d: DiceState, indices: tuple[int, ...]) -> int:
    """1 Focus per picked die that is not a Luck die."""
    return sum(d.pool[i].kind != "luck" for i in indices)


def focused_rerolls(s: AttState) -> tuple[FocusedReroll, ...]:
    """Every affordable Focused re-roll, smallest pick first."""
    d = dice_of(s)
    pickable = tuple(focus_pickable(d))
    luck = tuple([i for i in pickable if d.pool[i].kind == "luck"])
    # Focus beyond one per pickable die buys nothing more: capped, the cache stays small.
    focus = min(s.players[d.owner].tokens["focus"], len(pickable))
    return _focused_rerolls(pickable, luck, focus, max(s.options.focused_min_dice, 0))


@lru_cache(maxsize=1024)
def _focused_rerolls(
    pickable: tuple[int, ...], luck: tuple[int, ...], focus: int, low: int
) -> tuple[FocusedReroll, ...]:
    picks: list[FocusedReroll] = []
    for size in range(low, len(pickable) + 1):
        for pick in combinations(pickable, size):
            # 1 Focus per picked die that is not a Luck die (``focus_cost``).
            if sum(i not in luck for i in pick) <= focus:
                picks.append(focused_reroll_move(pick))
    return tuple(picks)


def unfocused_targets(s: AttState) -> list[int]:
    """An Unfocused re-roll throws every die but Panic dice; Feat dice too unless the table
    says otherwise (ruling unfocused_includes_feat)."""
    d = dice_of(s)
    skip = _UNFOCUSED_SKIP[s.options.unfocused_includes_feat]
    return [i for i in live(d) if d.pool[i].kind not in skip]


def unfocused_throws_any(s: AttState) -> bool:
    """Whether an Unfocused re-roll would throw a die: one never rolled, or a target."""
    skip = _UNFOCUSED_SKIP[s.options.unfocused_includes_feat]
    return any(not x.spent and (x.value is None or x.kind not in skip) for x in dice_of(s).pool)


# The dice kinds an Unfocused re-roll leaves alone, by ruling unfocused_includes_feat.
_UNFOCUSED_SKIP = {True: frozenset({"panic"}), False: frozenset({"panic", "feat"})}


def _use_reroll(s: AttState) -> None:
    d = dice_of(s)
    s.players[d.owner].rerolls_left -= 1
    d.rerolls_made += 1


def focused_reroll(s: AttState, ctx: Ctx, pick: tuple[int, ...]) -> None:
    d = dice_of(s)
    cost = focus_cost(d, pick)
    pay(s, d.owner, "focus", cost)
    _use_reroll(s)
    label = f"{s.name(d.owner)} re-rolls {dice_count(len(pick))} for {cost} Focus"
    roll_dice(s, ctx, list(pick), label)


def unfocused_reroll(s: AttState, ctx: Ctx) -> None:
    _use_reroll(s)
    roll_dice(s, ctx, unfocused_targets(s), f"{s.name(dice_of(s).owner)} re-rolls everything")


def feat_die_bumps(s: AttState) -> list[int]:
    """Feat dice that 1 Feat token may raise now (ruling feat_bump_window)."""
    d = s.dice
    if d is None or not d.rolled or d.spending:
        return []
    if s.options.feat_bump_window == "before_first_reroll" and d.rerolls_made:
        return []
    if s.players[d.owner].tokens["feat"] < 1:
        return []
    return [
        i
        for i, x in enumerate(d.pool)
        if x.kind == "feat" and not x.spent and x.value is not None and (x.value or 6) < 6
    ]


def bump_feat_die(s: AttState, ctx: Ctx, index: int) -> None:
    d = dice_of(s)
    pay(s, d.owner, "feat", 1)
    old = d.pool[index]
    d.pool[index] = die(old.kind, (old.value or 0) + 1, old.spent)
    ctx.say(f"{s.name(d.owner)} pays 1 Feat token to raise a Feat die to {d.pool[index].value}.")
