"""Treasure cards (wildlands.md §10.8 "Treasures", §14.6).

A treasure lies next to the character who revealed it. Once-only (×1) cards are discarded
after use; lasting (∞) cards stay. Using one is not a card play (treasure_is_card_play).
"Own turn" uses are offered in the players' turn and in an interrupting turn; Smoke Flask
and Ward Stone answer a hit in place of a defence card; the others work by themselves.
A moving treasure works while ensnared and frees the holder from stasis (§14.6).
"""

from __future__ import annotations

from itertools import combinations

from engines.core.context import Ctx
from engines.core.words import health_left
from engines.wildlands.awoken.actions import UseTreasure
from engines.wildlands.awoken.content import minion_cards, minion_types, treasures
from engines.wildlands.awoken.narrate import actions, effect
from engines.wildlands.awoken.state import AwokenState, Choice
from engines.wildlands.board import Board
from engines.wildlands.combat import area_spaces, area_victims, attack_targets
from engines.wildlands.decks import draw, shuffle
from engines.wildlands.movement import rally_candidates
from engines.wildlands.state import Enter, Figure, Hit, Relocate

OWN_TURN = (
    "blink_charm",
    "winged_boots",
    "healing_draught",
    "fire_bomb",
    "throwing_axes",
    "lucky_coin",
    "war_horn",
    "seeing_stone",
)


def key(treasure_id: str) -> str:
    return treasure_id.split(".", 1)[1]


def holds(s: AwokenState, figure_id: str, name: str) -> bool:
    return f"treasure.{name}" in s.treasures.get(figure_id, ())


def gain(s: AwokenState, figure_id: str, treasure_id: str, ctx: Ctx) -> None:
    f = s.figures[figure_id]
    s.treasures.setdefault(figure_id, []).append(treasure_id)
    if key(treasure_id) == "stout_armour":
        f = s.update_figure(figure_id, health=f.health + 1)
    ctx.say(f"{f.name} takes the treasure {treasures()[treasure_id].name}.")


def draw_treasure(s: AwokenState, ctx: Ctx) -> str | None:
    if not s.treasure_deck and s.treasure_discard:
        s.treasure_deck, s.treasure_discard = s.treasure_discard, []
        shuffle(s, s.treasure_deck, ctx)
    if not s.treasure_deck:
        return None
    ctx.reveal()
    return s.treasure_deck.pop()


def spend(s: AwokenState, figure_id: str, name: str) -> None:
    """A ×1 card goes to the treasure discard; a lasting one stays."""
    tid = f"treasure.{name}"
    if treasures()[tid].use == "once":
        s.treasures[figure_id].remove(tid)
        s.treasure_discard.append(tid)
    else:
        s.used_this_turn.append(f"{figure_id}:{name}")


def discard_all(s: AwokenState, f: Figure) -> None:
    """A knocked-out character's treasures are discarded (ko_cleanup=v1)."""
    for tid in s.treasures.pop(f.id, []):
        if key(tid) == "stout_armour":
            s.update_figure(f.id, health=s.figures[f.id].health - 1)
        s.treasure_discard.append(tid)


def ward_stone_ready(s: AwokenState, figure_id: str) -> bool:
    return holds(s, figure_id, "ward_stone") and f"{figure_id}:ward_stone" not in s.used_this_turn


def use_ward_stone(s: AwokenState, figure_id: str, ctx: Ctx) -> None:
    spend(s, figure_id, "ward_stone")
    ctx.say(f"{s.figures[figure_id].name}'s Ward Stone prevents the damage.")


def vampiric_heal(s: AwokenState, attacker: Figure, ctx: Ctx) -> None:
    if holds(s, attacker.id, "vampiric_blade") and attacker.damage:
        attacker = s.update_figure(attacker.id, damage=attacker.damage - 1)
        ctx.say(
            f"The Vamperic Blade heals {attacker.name} "
            f"({health_left(attacker.damage, attacker.health)})."
        )


def crystal_cost(s: AwokenState, figure_id: str) -> int:
    return 2 if holds(s, figure_id, "crystal_lens") else 3


def defence_uses(s: AwokenState, hit: Hit) -> list[UseTreasure]:
    """Treasures that answer a hit on their holder in place of a defence card."""
    out = []
    if hit.style in ("ranged", "heavy_ranged") and holds(s, hit.target, "smoke_flask"):
        out.append(UseTreasure(treasure="treasure.smoke_flask", figure=hit.target))
    if hit.style in ("area", "explosive", "pit") and ward_stone_ready(s, hit.target):
        out.append(UseTreasure(treasure="treasure.ward_stone", figure=hit.target))
    return out


def turn_uses(s: AwokenState, board: Board, seat: int) -> list[UseTreasure]:
    """Every own-turn treasure use open to ``seat``."""
    out: list[UseTreasure] = []
    if not any(s.treasures.values()):
        return out  # nobody holds a treasure
    for f in s.characters():
        if f.owner != seat:
            continue
        for tid in sorted(s.treasures.get(f.id, ())):
            name = key(tid)
            if name in OWN_TURN:
                out += _uses(s, board, f, tid, name)
    return out


def _uses(s: AwokenState, board: Board, f: Figure, tid: str, name: str) -> list[UseTreasure]:
    assert f.space is not None
    here = f.space
    if name == "blink_charm":
        return [UseTreasure(treasure=tid, figure=f.id, to=n) for n in board.neighbours(here)]
    if name == "winged_boots":
        if f"{f.id}:winged_boots" in s.used_this_turn:
            return []
        return [
            UseTreasure(treasure=tid, figure=f.id, to=n)
            for n in board.neighbours(here)
            if not board.is_climb_up(here, n)
        ]
    if name == "healing_draught":
        return [UseTreasure(treasure=tid, figure=f.id)] if f.damage else []
    if name == "fire_bomb":
        return [UseTreasure(treasure=tid, figure=f.id, to=sp) for sp in area_spaces(s, board, f)]
    if name == "throwing_axes":
        return [
            UseTreasure(treasure=tid, figure=f.id, target=t.id)
            for t in attack_targets(s, board, f, "ranged")
        ]
    if name == "lucky_coin":
        return [UseTreasure(treasure=tid, figure=f.id)]
    if name == "war_horn":
        assert f.owner is not None
        pool = [c for c in rally_candidates(s, board, f.owner, f.id) if not s.ensnared(c)]
        return [
            UseTreasure(treasure=tid, figure=f.id, pulled=group)
            for size in range(1, len(pool) + 1)
            for group in combinations(pool, size)
        ]
    return [UseTreasure(treasure=tid, figure=f.id, scenario=n) for n in s.scenarios]


def use(s: AwokenState, board: Board, seat: int, a: UseTreasure, ctx: Ctx) -> None:
    f = s.figures[a.figure]
    name = key(a.treasure)
    label = treasures()[a.treasure].name
    spend(s, f.id, name)
    if name in ("smoke_flask", "ward_stone"):
        s.pending = None
        ctx.say(f"{f.name}'s {label} prevents the damage.")
    elif name in ("blink_charm", "winged_boots"):
        ctx.say(f"{f.name} uses the {label} to go from space {f.space} to space {a.to}.")
        assert a.to is not None
        moves = f.moves + 1 if name == "winged_boots" else f.moves
        s.update_figure(f.id, space=a.to, moves=moves)
        s.queue.append(Enter(figure=f.id, counted=name == "winged_boots", trigger=seat))
    elif name == "healing_draught":
        f = s.update_figure(f.id, damage=max(0, f.damage - 2))
        ctx.say(f"{f.name} drinks the {label} ({health_left(f.damage, f.health)}).")
    elif name == "fire_bomb":
        assert a.to is not None
        ctx.say(f"{f.name} throws the {label} into space {a.to}.")
        s.queue += [
            Hit(target=v.id, style="area", scorer=seat, attacker=f.id)
            for v in area_victims(s, f, a.to)
        ]
    elif name == "throwing_axes":
        assert a.target is not None
        ctx.say(f"{f.name} hurls the {label} at {s.figures[a.target].name}.")
        s.queue.append(Hit(target=a.target, style="ranged", scorer=seat, attacker=f.id))
    elif name == "lucky_coin":
        ctx.say(f"{f.name} flips the {label}.")
        draw(s, seat, 2, ctx)
    elif name == "war_horn":
        assert f.space is not None
        ctx.say(f"{f.name} sounds the {label}.")
        s.queue += [
            Relocate(figure=fid, to=f.space, counted=True, trigger=seat) for fid in a.pulled
        ]
    else:
        _peek(s, seat, a, ctx)


def _peek(s: AwokenState, seat: int, a: UseTreasure, ctx: Ctx) -> None:
    """Seeing Stone: the top two cards of a minion deck, shown only to this seat."""
    assert a.scenario is not None
    deck = s.minion_decks[a.scenario]
    if len(deck) < 2 and s.minion_discards[a.scenario]:
        deck = s.minion_decks[a.scenario] = (*shuffle_pile(s, a.scenario, ctx), *deck)
    top = deck[-2:][::-1]
    ctx.say(f"{s.figures[a.figure].name} looks into the Seeing Stone.")
    if len(top) < 2:
        return
    s.choice = Choice(
        kind="peek",
        seat=seat,
        options=("keep", "swap"),
        scenario=a.scenario,
        prompt="Seeing Stone: keep the two minion cards in this order, or swap them",
    )
    for line in peeked(s):
        ctx.say(line, to=seat)


def peeked(s: AwokenState) -> list[str]:
    """The two minion cards a pending Seeing Stone choice is about, top card first; only
    the choosing seat may read them."""
    c = s.choice
    if c is None or c.kind != "peek":
        return []
    out = []
    for i, card_id in enumerate(s.minion_decks[c.scenario][-2:][::-1]):
        mc = minion_cards()[card_id]
        top, bottom = minion_types()[mc.top].name, minion_types()[mc.bottom].name
        out.append(
            f"Card {i + 1} from the top: {actions(f'each {top}', mc.top_actions)}; "
            f"{actions(f'each {bottom}', mc.bottom_actions)}; "
            f"then: {effect(c.scenario, mc.effect)}."
        )
    return out


def shuffle_pile(s: AwokenState, scenario: int, ctx: Ctx) -> list[str]:
    pile = list(s.minion_discards[scenario])
    s.minion_discards[scenario] = ()
    shuffle(s, pile, ctx)
    return pile


def answer_peek(s: AwokenState, c: Choice, option: str, ctx: Ctx) -> None:
    deck = s.minion_decks[c.scenario]
    if option == "swap":
        s.minion_decks[c.scenario] = (*deck[:-2], deck[-1], deck[-2])
    order = "swapped" if option == "swap" else "in the same order"
    ctx.say(f"{s.seats[c.seat].name} puts the two cards back {order}.")
