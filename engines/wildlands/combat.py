"""Attacks, defence and damage (wildlands.md §6 attack rows, §7).

Melee and heavy melee hit an enemy figure in the actor's space; ranged needs line of sight
(the actor's own space included, ranged_own_space); heavy ranged also needs distance ≤ 2
(heavy_ranged_range); an area attack hits every figure in the actor's or an adjacent space,
friends and the actor included (area_friendly_fire), with no line of sight (area_needs_los).

Each hit is then a decision of the hit character's controller: defend with one linked card
showing an icon the defence matrix allows, or take the damage. Standing orders answer for
them (auto_defend); with ``ask`` the engine asks even when no card fits, so being asked
tells the attacker nothing about the defender's hand.
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.core.context import Ctx
from engines.core.words import health_left
from engines.wildlands.actions import Area, Attack
from engines.wildlands.board import Board
from engines.wildlands.cards import ICON_LABELS, HandPlan, card, card_label, card_plays, deck_of
from engines.wildlands.decks import play_card
from engines.wildlands.frozen import shared
from engines.wildlands.options import WildlandsOptions
from engines.wildlands.scoring import knock_out
from engines.wildlands.state import Figure, Hit, HitStyle, Pending, State

ATTACK_ICONS = ("melee", "heavy_melee", "ranged", "heavy_ranged")
# What dealt a hit, as a log line names it ("takes 1 damage from a heavy ranged attack").
HIT_LABELS = {
    "melee": "a melee attack",
    "heavy_melee": "a heavy melee attack",
    "ranged": "a ranged attack",
    "heavy_ranged": "a heavy ranged attack",
    "area": "an area attack",
    "thin_ice": "thin ice",
    "explosive": "an explosive trap",
    "pit": "a pit trap",
    "fumes": "Poisonous Fumes",
}


def defence_icons(style: HitStyle, options: WildlandsOptions) -> frozenset[str]:
    """The defence matrix (defence_matrix=v1): icons that cancel a hit of ``style``."""
    if style == "melee":
        parry = {"melee", "shield"}
        if options.heavy_icons_parry:
            parry |= {"heavy_melee", "heavy_ranged"}
        return frozenset(parry)
    if style == "heavy_melee":
        return frozenset({"shield"})
    if style == "ranged":
        return frozenset({"shield", "cover"})
    if style == "explosive":
        return frozenset({"shield"})
    if style == "pit":
        return frozenset()  # pit_defence=none: the trap's card test replaces a defence
    return frozenset({"cover"})  # heavy ranged, area, thin ice, Poisonous Fumes


def attack_targets(
    s: State, board: Board, actor: Figure, style: str, among: Iterable[Figure] | None = None
) -> list[Figure]:
    """Enemy figures ``actor`` may hit with a single-target attack of ``style``, out of
    ``among`` (the figures on the board, when the caller has them) or all figures."""
    assert actor.space is not None
    here, own, far = actor.space, s.options.ranged_own_space, s.options.heavy_ranged_range
    key = ("reach", here, style, own, far)
    reach = board.derived.get(key)
    if reach is None:
        reach = board.derived[key] = _reach(board, here, style, own, far)
    pool = s.figures.values() if among is None else among
    return [f for f in pool if f.space in reach and f.side != actor.side]


def _reach(
    board: Board, here: int, style: str, own_space: bool, heavy_range: int
) -> frozenset[int]:
    """The spaces a single-target attack of ``style`` from ``here`` reaches: the board's
    line of sight and distances, worked out once per board, space and options."""
    if style in ("melee", "heavy_melee"):
        return frozenset({here})
    seen = board.los[here] if own_space else board.los[here] - {here}
    if style == "heavy_ranged":
        seen &= board.within(here, heavy_range)
    return seen


def area_spaces(s: State, board: Board, actor: Figure) -> list[int]:
    """Spaces an area attack by ``actor`` may target: its own and adjacent ones holding a
    figure it would hit (an empty space is never offered)."""
    here = actor.space
    assert here is not None
    friendly_fire = s.options.area_friendly_fire
    struck = {f.space for f in s.figures.values() if friendly_fire or f.side != actor.side}
    out = []
    for space in sorted((here, *board.neighbours(here))):
        if s.options.area_needs_los and not board.sees(here, space):
            continue
        if space in struck:
            out.append(space)
    return out


def area_victims(s: State, actor: Figure, space: int) -> list[Figure]:
    return [f for f in s.figures_at(space) if s.options.area_friendly_fire or f.side != actor.side]


def attack_options(s: State, board: Board, seat: int, plan: HandPlan) -> list[Attack | Area]:
    out: list[Attack | Area] = []
    # Several cards often name the same character and icon: its targets are found once,
    # among the enemies on the board (most of an Awoken game's minions are not).
    targets: dict[tuple[str, str], list[Figure]] = {}
    attacks = plan.attacks
    if not attacks:
        return out
    # The enemies on the board of each acting side (one side, nearly always).
    enemies: dict[int, list[Figure]] = {}
    for card_id, links, icons in attacks:
        for fid in links:
            actor = s.figures[fid]
            if actor.space is None:
                continue
            for icon in icons:
                if icon in ATTACK_ICONS:
                    found = targets.get((fid, icon))
                    if found is None:
                        among = enemies.get(actor.side)
                        if among is None:
                            among = enemies[actor.side] = [
                                f
                                for f in s.figures.values()
                                if f.space is not None and f.side != actor.side
                            ]
                        found = attack_targets(s, board, actor, icon, among)
                        targets[fid, icon] = found
                    out += [
                        shared(Attack, card=card_id, figure=fid, style=icon, target=t.id)
                        for t in found
                    ]
                elif icon == "area":
                    out += [
                        shared(Area, card=card_id, figure=fid, space=sp)
                        for sp in area_spaces(s, board, actor)
                    ]
    return out


def prepare_attacks(board: Board, s: State) -> None:
    """Make, when a game is set up, the one shared action of every attack the players'
    cards can give their characters on any other figure of the game, and of every area
    attack on any space: made one by one during play, they cost a young game's attack
    lists a validation each (issue 33). Each board and set of figures is prepared once."""
    done = ("attacks", tuple(s.figures))
    if done in board.derived:
        return
    for player in s.seats:
        for card_id in deck_of(player.faction):
            entry = card_plays(card_id).attack
            if entry is None:
                continue
            _, links, icons = entry
            for fid in links:
                for icon in icons:
                    if icon in ATTACK_ICONS:
                        for target in s.figures:
                            if target != fid:
                                shared(Attack, card=card_id, figure=fid, style=icon, target=target)
                    elif icon == "area":
                        for space in board.adj:
                            shared(Area, card=card_id, figure=fid, space=space)
    board.derived[done] = True


def attack(s: State, seat: int, a: Attack, ctx: Ctx) -> None:
    play_card(s, seat, a.card)
    actor, target = s.figures[a.figure], s.figures[a.target]
    ctx.say(
        f"{actor.name} makes a {ICON_LABELS[a.style]} attack on {target.name} "
        f"in space {target.space} with {card_label(a.card)}."
    )
    s.queue.append(shared(Hit, target=a.target, style=a.style, scorer=seat, attacker=a.figure))


def area_attack(s: State, seat: int, a: Area, ctx: Ctx) -> None:
    play_card(s, seat, a.card)
    actor = s.figures[a.figure]
    ctx.say(f"{actor.name} makes an area attack on space {a.space} with {card_label(a.card)}.")
    s.queue += [
        shared(Hit, target=f.id, style="area", scorer=seat, attacker=a.figure)
        for f in area_victims(s, actor, a.space)
    ]


def defence_cards(s: State, hit: Hit) -> list[str]:
    """Cards the target's controller may defend ``hit`` with, by id (§7)."""
    target = s.figures[hit.target]
    if target.owner is None:
        return []
    allowed = defence_icons(hit.style, s.options)
    return [
        c
        for c in sorted(s.seats[target.owner].hand)
        if target.id in card(c).links() and not allowed.isdisjoint(card(c).icons)
    ]


def best_defence(s: State, hit: Hit) -> str | None:
    """auto_defend=best: the fitting card with the fewest icons, then the lowest id."""
    options = defence_cards(s, hit)
    if not options:
        return None
    return min(options, key=lambda c: (len(card(c).icons), c))


def offer_hit(s: State, hit: Hit, ctx: Ctx) -> bool:
    """Start resolving ``hit``; True when it waits for the defender's decision."""
    target = s.figures[hit.target]
    if target.space is None:
        return False  # knocked out (or moved off the board) by an earlier hit
    if target.owner is None:
        take_hit(s, hit, ctx)
        return False
    order = s.seats[target.owner].auto_defend
    if order == "ask":
        s.pending = Pending(kind="defence", seats=(target.owner,), hit=hit)
        return True
    answer_hit(s, hit, best_defence(s, hit) if order == "best" else None, ctx)
    return False


def answer_hit(s: State, hit: Hit, card_id: str | None, ctx: Ctx) -> None:
    """The defender's answer: a defence card cancels the hit, None takes it."""
    if card_id is None:
        take_hit(s, hit, ctx)
        return
    target = s.figures[hit.target]
    assert target.owner is not None
    play_card(s, target.owner, card_id)
    ctx.say(f"{target.name} blocks the hit with {card_label(card_id)}.")


def hit_damage(s: State, hit: Hit) -> int:
    """Damage one undefended hit deals (§7: options heavy_damage, damage_per_hit)."""
    heavy = hit.style in ("heavy_melee", "heavy_ranged")
    return s.options.heavy_damage if heavy else s.options.damage_per_hit


def take_hit(s: State, hit: Hit, ctx: Ctx) -> None:
    amount = hit_damage(s, hit)
    target = s.update_figure(hit.target, damage=s.figures[hit.target].damage + amount)
    ctx.say(
        f"{target.name} takes {amount} damage from {HIT_LABELS[hit.style]} "
        f"({health_left(target.damage, target.health)})."
    )
    if target.damage >= target.health:
        knock_out(s, target, hit.scorer, ctx)
