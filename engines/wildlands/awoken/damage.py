"""Hits, reactions, knock-outs and the end of an Awoken game (wildlands.md §7, §10.2,
§10.7 "Reaction", §10.8 "Carrier knocked out", §10.9 Ethereal Form).

A hit on a character asks its controller for a defence (or a defending treasure); a pit
trap's hit cannot be defended. A hit on a minion or Ancient first reveals the top card of
its own deck: if that card's reaction blocks the damage source (reaction_model=
defence_icons) no damage is taken; either way the card is discarded. Knocked-out minions go
back to the supply (minion_recycle); the Automaton only collects damage tokens
(automaton_damage=track_only). The game is won at five carried crystals or with every Ancient
faced knocked out, and lost when an event track ends or a faction has no character left.
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.core.words import count, health_left
from engines.wildlands.awoken import treasures
from engines.wildlands.awoken.content import ancient_cards, minion_cards, scenarios
from engines.wildlands.awoken.narrate import REACTIONS
from engines.wildlands.awoken.state import AwokenState, Choice
from engines.wildlands.board import load_board
from engines.wildlands.cards import card, card_label
from engines.wildlands.combat import HIT_LABELS, defence_cards, defence_icons, hit_damage
from engines.wildlands.decks import play_card, shuffle
from engines.wildlands.frozen import shared
from engines.wildlands.scoring import finish
from engines.wildlands.state import BeltOffer, Figure, Hit, Pending

WIN_CRYSTALS = 5
REACTION_ICON = {"parry": "melee", "shield": "shield", "cover": "cover"}


def scenario_of(s: AwokenState, f: Figure) -> int:
    """The scenario a minion or Ancient belongs to."""
    if f.kind == "ancient":
        return int(f.id.split(".")[1])
    return next(n for n in s.scenarios if f.faction in scenarios()[n].minion_types)


def process_hit(s: AwokenState, hit: Hit, ctx: Ctx) -> bool:
    """Resolve one hit; True when it waits for the defender's decision."""
    target = s.figures[hit.target]
    if target.space is None:
        return False  # knocked out by an earlier hit of the same action
    if target.kind != "character":
        monster_hit(s, hit, ctx)
        return False
    assert target.owner is not None
    order = s.seats[target.owner].auto_defend
    if hit.style == "pit":
        # No card defends a pit trap; a ready Ward Stone does, and its holder is asked.
        if not treasures.ward_stone_ready(s, target.id) or order == "never":
            take_character_hit(s, hit, ctx)
        elif order == "best":
            treasures.use_ward_stone(s, target.id, ctx)
        else:
            s.pending = Pending(kind="defence", seats=(target.owner,), hit=hit)
            return True
        return False
    if order == "ask":
        s.pending = Pending(kind="defence", seats=(target.owner,), hit=hit)
        return True
    best = best_card(s, hit) if order == "best" else None
    answer_character_hit(s, hit, best, ctx)
    return False


def awoken_defence_cards(s: AwokenState, hit: Hit) -> list[str]:
    """The base defence cards, plus any linked card when a Tower Shield makes it a shield."""
    target = s.figures[hit.target]
    out = defence_cards(s, hit)
    if treasures.holds(s, target.id, "tower_shield") and "shield" in defence_icons(
        hit.style, s.options
    ):
        assert target.owner is not None
        out = sorted(
            {*out, *(c for c in s.seats[target.owner].hand if target.id in card(c).links())}
        )
    return out


def best_card(s: AwokenState, hit: Hit) -> str | None:
    options = awoken_defence_cards(s, hit)
    return min(options, key=lambda c: (len(card(c).icons), c)) if options else None


def answer_character_hit(s: AwokenState, hit: Hit, card_id: str | None, ctx: Ctx) -> None:
    if card_id is None:
        take_character_hit(s, hit, ctx)
        return
    target = s.figures[hit.target]
    assert target.owner is not None
    play_card(s, target.owner, card_id)
    ctx.say(f"{target.name} blocks {HIT_LABELS[hit.style]} with {card_label(card_id)}.")


def take_character_hit(s: AwokenState, hit: Hit, ctx: Ctx) -> None:
    amount = hit_damage(s, hit)
    target = s.update_figure(hit.target, damage=s.figures[hit.target].damage + amount)
    ctx.say(
        f"{target.name} takes {amount} damage from {HIT_LABELS[hit.style]} "
        f"({health_left(target.damage, target.health)})."
    )
    if target.damage >= target.health:
        knock_out_character(s, target, ctx)


def knock_out_character(s: AwokenState, f: Figure, ctx: Ctx) -> None:
    """Off the board, damage cleared, treasures discarded, stasis removed (§7, §10.8); its
    crystals go to a character still on the board, chosen by its owner."""
    space = f.space
    f = s.update_figure(f.id, space=None, damage=0, ko=True)
    ctx.say(f"{f.name} is knocked out in space {space}.")
    treasures.discard_all(s, f)
    carried = s.crystals.pop(f.id, 0)
    assert f.owner is not None
    if all(c.ko for c in s.characters_of(f.owner)):
        lose(
            s, "faction_wiped", f"every character of {s.seats[f.owner].name}'s faction is out", ctx
        )
        return
    if carried:
        heirs = [c.id for c in s.characters()]
        if len(heirs) == 1:
            give_crystals(s, heirs[0], carried, ctx)
        else:
            s.choice = Choice(
                kind="crystal",
                seat=f.owner,
                options=tuple(heirs),
                amount=carried,
                prompt=(
                    f"{f.name} was carrying {carried} crystal{'s' * (carried > 1)}: choose the "
                    "character who takes them"
                ),
            )


def give_crystals(s: AwokenState, figure_id: str, amount: int, ctx: Ctx) -> None:
    s.crystals[figure_id] = s.crystals.get(figure_id, 0) + amount
    carried = count(s.crystals[figure_id], "crystal")
    ctx.say(f"{s.figures[figure_id].name} now carries {carried}.")


def reaction_card(s: AwokenState, f: Figure, ctx: Ctx) -> str:
    """Reveal and discard the top card of the monster's own deck (§10.7)."""
    n = scenario_of(s, f)
    deck_kind = "ancient" if f.kind == "ancient" else "minion"
    decks = s.ancient_decks if deck_kind == "ancient" else s.minion_decks
    piles = s.ancient_discards if deck_kind == "ancient" else s.minion_discards
    deck = decks[n]
    if not deck:
        fresh = list(piles[n])
        piles[n] = ()
        shuffle(s, fresh, ctx)
        deck = tuple(fresh)
        ctx.say(f"The {deck_kind} deck of scenario {n} is reshuffled.")
    c = deck[-1]
    decks[n] = deck[:-1]
    piles[n] = (*piles[n], c)
    ctx.reveal()
    return c


def monster_hit(s: AwokenState, hit: Hit, ctx: Ctx) -> None:
    f = s.figures[hit.target]
    c = reaction_card(s, f, ctx)
    reaction = (ancient_cards()[c] if f.kind == "ancient" else minion_cards()[c]).reaction
    blocked = reaction == "all" or REACTION_ICON.get(reaction, "") in defence_icons(
        hit.style, s.options
    )
    ctx.say(f"{f.name} reacts to {HIT_LABELS[hit.style]} with {REACTIONS[reaction]}.")
    if blocked:
        ctx.say(f"The reaction blocks the damage to {f.name}.")
        return
    n = scenario_of(s, f)
    sheet = scenarios()[n]
    if f.kind == "ancient" and "ethereal_form" in sheet.special_rules:
        if s.ethereal_turn == s.turn_number:
            ctx.say(f"Ethereal Form: the {f.name} cannot suffer more damage this turn.")
            return
        s.ethereal_turn = s.turn_number
    f = s.update_figure(f.id, damage=f.damage + 1)
    if f.kind == "ancient" and not sheet.knockable:
        ctx.say(
            f"The {f.name} takes a damage token; it can never be knocked out "
            f"({count(f.damage, 'token')} so far)."
        )
        return
    ctx.say(f"{f.name} takes 1 damage ({health_left(f.damage, f.health)}).")
    if f.damage >= f.health:
        knock_out_monster(s, f, hit, ctx)


def knock_out_monster(s: AwokenState, f: Figure, hit: Hit, ctx: Ctx) -> None:
    space = f.space
    # A recycled minion goes back to the supply; anything else stays knocked out.
    recycled = f.kind != "ancient" and s.options.minion_recycle
    f = s.update_figure(f.id, space=None, damage=0, ko=f.ko or not recycled)
    ctx.say(f"{f.name} is knocked out in space {space}.")
    if f.kind == "ancient" and all_ancients_down(s):
        win(s, "every Ancient is knocked out", ctx)
        return
    attacker = s.figures.get(hit.attacker or "")
    if hit.scorer is None or attacker is None or attacker.kind != "character":
        return
    if f.kind == "minion":
        treasures.vampiric_heal(s, attacker, ctx)
    if load_board(s.board).belts:
        s.queue.extend(shared(BeltOffer, seat=hit.scorer) for _ in range(s.options.belt_per_event))


def all_ancients_down(s: AwokenState) -> bool:
    """Every Ancient faced is knocked out; the Automaton never is (§10.2)."""
    return all(scenarios()[n].knockable and s.figures[s.ancient_id(n)].ko for n in s.scenarios)


def crystals_carried(s: AwokenState) -> int:
    return sum(s.crystals.values())


def check_crystal_win(s: AwokenState, ctx: Ctx) -> None:
    if crystals_carried(s) >= WIN_CRYSTALS:
        win(s, f"the players carry {WIN_CRYSTALS} ancient crystals", ctx)


def win(s: AwokenState, why: str, ctx: Ctx) -> None:
    finish(s, [p.seat for p in s.seats], f"The players win: {why}.", ctx)
    s.choice = None
    s.program = []


def stop_at_round_limit(s: AwokenState, ctx: Ctx) -> None:
    """The max_rounds safeguard (§15): not a rules loss, and said as what it is."""
    s.loss_reason = "round_limit"
    limit = s.options.max_rounds
    finish(s, [], f"The game stops at the round limit ({limit} rounds): nobody wins.", ctx)
    s.choice = None
    s.program = []


def lose(s: AwokenState, reason: str, why: str, ctx: Ctx) -> None:
    """``reason`` names the loss condition for statistics: event_track or faction_wiped."""
    s.loss_reason = reason
    finish(s, [], f"The players lose: {why}.", ctx)
    s.choice = None
    s.program = []
