"""Spending dice: overcoming the Encounter or gaining Scenario resources (seed §4
"Spending the dice", §Dice Combinations; reference §8).

One combination at a time; each die serves at most one combination and is then spent.
Overcoming is possible once, and never after a Desperate Act. A Scenario row pays one token
of its type per die spent, and rows may be used again and again.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import repeat

from engines.att import dice as pool
from engines.att.achievements import check as check_achievements
from engines.att.actions import Spend, spend_move
from engines.att.combos import by_value, effective, grouped_spends, kind_name
from engines.att.content import Combo, Encounter, ScenarioRow, catalog
from engines.att.options import AttOptions
from engines.att.stash import gain
from engines.att.state import AttState, SpentCombo, die
from engines.core.context import Ctx
from engines.core.trusted import replaced, trusted


def scenario_rows(options: AttOptions) -> tuple[ScenarioRow, ...]:
    """The table's Scenario face; face I takes its block and run minimums from the options
    (rulings scenario1_block_min, scenario1_run_min)."""
    return _rows(options.scenario, options.scenario1_block_min, options.scenario1_run_min)


@cache
def _rows(face: str, block_min: int, run_min: int) -> tuple[ScenarioRow, ...]:
    rows = catalog().scenarios[face].rows
    if face != "I":
        return tuple(rows)
    mins = {"block": block_min, "run": run_min}
    return tuple(
        row.model_copy(update={"combo": row.combo.model_copy(update={"min": mins[kind]})})
        if (kind := row.combo.kind) in mins
        else row
        for row in rows
    )


def encounter_combo(options: AttOptions, card: Encounter) -> Combo:
    return _encounter_combo(card.id, options.run_to_six_is_highset)


@cache
def _encounter_combo(card: str, run_to_six_is_highset: bool) -> Combo:
    return effective(catalog().encounters[card].combo, run_to_six_is_highset)


def row_reward_label(row: ScenarioRow) -> str:
    """The reward as a player reads it: "1 Focus", "2 Feat", "1 Courage per die"."""
    if row.combo.kind in ("high", "pair"):
        return f"{row.combo.count} {row.reward.capitalize()}"
    return f"1 {row.reward.capitalize()} per die"


def claim_encounter(s: AttState, ctx: Ctx, seat: int, slot: int, how: str) -> None:
    """Move the Encounter at Location ``slot`` (0..5) into ``seat``'s score pile."""
    loc = s.locations[slot]
    assert loc.encounter is not None
    card = catalog().encounters[loc.encounter]
    player = s.players[seat]
    player.score_pile = (*player.score_pile, card.id)
    s.locations[slot] = replaced(loc, encounter=None)
    if s.turn is not None and s.turn.slot == slot:
        s.turn.overcome = True
    ctx.say(f"{s.name(seat)} {how} {card.name} (+{card.secrets} Secrets).")
    if s.options.achievement_check == "immediate_active_player":
        check_achievements(s, ctx, seat)


def legal_spends(s: AttState) -> tuple[Spend, ...]:
    """Every (target, dice subset) that meets a combination now: the Encounter first, then
    each Scenario row in order (ruling spend_enumeration="all_subsets")."""
    d = s.dice
    if d is None or not d.rolled:
        return ()
    loc = s.current_location()
    card = None if d.desperate or loc is None else loc.encounter
    o = s.options
    return _legal_spends(
        card,
        # Each die's value, None when spent or not rolled: a flat key hashes fast.
        tuple([None if x.spent else x.value for x in d.pool]),
        (o.scenario, o.scenario1_block_min, o.scenario1_run_min),
        o.highset_exact,
        o.run_to_six_is_highset,
    )


@lru_cache(maxsize=4096)
def _legal_spends(
    card: str | None,
    values: tuple[int | None, ...],
    face: tuple[str, int, int],
    exact: bool,
    run_to_six_is_highset: bool,
) -> tuple[Spend, ...]:
    """``legal_spends`` by what it depends on. The same pool is asked for twice in a row
    (the phase's end after a move, then the next list of moves), and equal pools recur."""
    dice = [(i, v) for i, v in enumerate(values) if v is not None]
    groups = by_value(dice)
    out: list[Spend] = []
    if card is not None:
        combo = _encounter_combo(card, run_to_six_is_highset)
        out += map(spend_move, grouped_spends(combo, dice, groups, exact), repeat(None))
    for r, row in enumerate(_rows(*face)):
        out += map(spend_move, grouped_spends(row.combo, dice, groups, exact), repeat(r))
    return tuple(out)


def shown(s: AttState, dice: tuple[int, ...]) -> str:
    """Die values as a player reads them: "3-4-5"."""
    d = pool.dice_of(s)
    return "-".join(str(v) for v in sorted(d.pool[i].value or 0 for i in dice))


def spend_label(s: AttState, a: Spend, values: str) -> str:
    """How a spent combination reads beside the dice (``values``, as ``shown`` reads them):
    "Run 4-5-6 overcomes The Bad Egg", "Pair 5-5 for 2 Feat"."""
    if a.row is None:
        loc = s.current_location()
        if loc is None or loc.encounter is None:
            return f"{values} overcomes the Encounter"
        card = catalog().encounters[loc.encounter]
        return f"{kind_name(encounter_combo(s.options, card))} {values} overcomes {card.name}"
    row = scenario_rows(s.options)[a.row]
    return f"{kind_name(row.combo)} {values} for {len(a.dice)} {row.reward.capitalize()}"


def spend(s: AttState, ctx: Ctx, a: Spend) -> None:
    d = pool.dice_of(s)
    values = shown(s, a.dice)
    label = spend_label(s, a, values)
    for i in a.dice:
        d.pool[i] = die(d.pool[i].kind, d.pool[i].value, True)
    d.spending = True
    d.spent.append(trusted(SpentCombo, dice=list(a.dice), label=label))
    who = s.name(d.owner)
    if a.row is None:
        assert s.turn is not None and s.turn.slot is not None
        claim_encounter(s, ctx, d.owner, s.turn.slot, f"spends {values} and overcomes")
        return
    row = scenario_rows(s.options)[a.row]
    got = gain(s, d.owner, row.reward, len(a.dice))
    ctx.say(f"{who} spends {values} ({kind_name(row.combo)}) for {got} {row.reward.capitalize()}.")
