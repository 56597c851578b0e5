"""Shared rule helpers (northgard.md §2.3, §0): who controls what, units in and out of the
reserve, the task stack and pending decisions, the combat die."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from engines.core.context import Ctx
from engines.core.trusted import trusted
from engines.northgard.content import content
from engines.northgard.geometry import Map, grown, map_of, piece_key
from engines.northgard.names import piece_name
from engines.northgard.state import Pending, State, Task

Handler = Callable[[State, Task, Ctx], None]
Answer = Callable[[State, int, str, Ctx], None]
HANDLERS: dict[str, Handler] = {}
ANSWERS: dict[str, Answer] = {}


def handler(kind: str) -> Callable[[Handler], Handler]:
    def deco(fn: Handler) -> Handler:
        HANDLERS[kind] = fn
        return fn

    return deco


def answer(kind: str) -> Callable[[Answer], Answer]:
    def deco(fn: Answer) -> Answer:
        ANSWERS[kind] = fn
        return fn

    return deco


def push(s: State, *tasks: Task) -> None:
    """Schedule tasks so that the first one given runs first."""
    s.tasks.extend(reversed(tasks))


# Tasks and decisions are made from values the rules computed themselves, many times a
# move, so without validating each field again (``engines.core.trusted``, issue 33).


def task(kind: str, seat: int = -1, **data: Any) -> Task:
    return trusted(Task, kind=kind, seat=seat, data=data)


@cache
def shared_task(kind: str, seat: int = -1, **data: int | str) -> Task:
    """A task whose data are plain values, made once and then shared by every state that
    schedules it (tasks are never changed)."""
    return task(kind, seat, **data)


def ask(
    s: State,
    kind: str,
    seats: list[int],
    options: list[tuple[str, str]],
    **data: Any,
) -> None:
    s.pending = decision(kind, seats, options, **data)


def decision(
    kind: str, seats: Sequence[int], options: Sequence[tuple[str, str]], **data: Any
) -> Pending:
    """The decision ``ask`` sets: ``seats`` pick one of ``options`` (code, words)."""
    codes, labels = zip(*options, strict=True) if options else ((), ())
    return trusted(
        Pending,
        kind=kind,
        seats=tuple(seats),
        options=codes,
        labels=labels,
        data=data,
        answers={},
    )


def run(s: State, ctx: Ctx) -> None:
    """Work through the task stack until a decision is needed or the game ends."""
    while s.pending is None and s.tasks and not s.over:
        t = s.tasks.pop()
        HANDLERS[t.kind](s, t, ctx)


def gmap(s: State) -> Map:
    """The map of the placed tiles, kept on the state while its tiles stay the same (read
    from the private attributes' dict: pydantic's attribute path for them is slow)."""
    private = s.__pydantic_private__
    assert private is not None
    held = private["_map"]
    tiles = s.tiles
    if held is not None and held[0] is tiles and held[1] == len(tiles):
        kept: Map = held[2]
        return kept
    if held is not None and held[0] is tiles and held[1] == len(tiles) - 1:
        # One tile placed since: the map grows by it (tiles are only ever appended).
        t = tiles[-1]
        m = grown(held[2], (t.tile, t.x, t.y, t.rot))
    else:
        m = map_of(tiles)
    private["_map"] = (tiles, len(tiles), m)
    return m


def order(s: State) -> tuple[int, ...]:
    """Turn order: clockwise from the first player (§0)."""
    return _order(s.first, len(s.players))


@cache
def _order(first: int, n: int) -> tuple[int, ...]:
    return tuple((first + i) % n for i in range(n))


def place(s: State, terr: str) -> str:
    """A territory's name, as the picture labels it (names.py)."""
    names = gmap(s).names
    name = names.get(terr)
    if name is None:
        idx, letter = piece_key(terr)
        t = s.tiles[idx]
        name = names[terr] = piece_name(t.tile, t.rot, letter)
    return name


def who(s: State, seat: int) -> str:
    return s.players[seat].name


def units_in(s: State, terr: str) -> dict[int, int]:
    return {int(k): v for k, v in s.units.get(terr, {}).items() if v > 0}


def add_units(s: State, terr: str, seat: int, n: int) -> int:
    """Place up to n units from the reserve; returns how many were placed."""
    n = min(n, s.players[seat].reserve)
    if n <= 0:
        return 0
    s.player_to_change(seat).reserve -= n
    _set_down(s, terr, seat, n)
    return n


def remove_units(s: State, terr: str, seat: int, n: int) -> int:
    """Return up to n of a player's units in a territory to their reserve (§1)."""
    n = _lift(s, terr, seat, n)
    if n:
        s.player_to_change(seat).reserve += n
    return n


def take_units(s: State, terr: str, seat: int, n: int) -> None:
    """Lift units off the map without returning them (they are moving)."""
    _lift(s, terr, seat, n)


def put_units(s: State, terr: str, seat: int, n: int) -> None:
    """Set moving units down (they never went to the reserve)."""
    if n > 0:
        _set_down(s, terr, seat, n)


# The map's side of the four above: moving units leave the reserve as it is, so the player,
# which copies of the state share until one changes it, is not copied for them.


def _set_down(s: State, terr: str, seat: int, n: int) -> None:
    here = s.units.setdefault(terr, {})
    here[str(seat)] = here.get(str(seat), 0) + n


def _lift(s: State, terr: str, seat: int, n: int) -> int:
    """Up to n of a player's units off a territory; returns how many."""
    here = s.units.get(terr, {})
    have = here.get(str(seat), 0)
    n = min(n, have)
    if n <= 0:
        return 0
    if have == n:
        del here[str(seat)]
        if not here:
            del s.units[terr]
    else:
        here[str(seat)] = have - n
    return n


def beasts_at(s: State, terr: str) -> list[str]:
    return [b.card for b in s.beasts if b.at == terr]


def shares(s: State, card: str) -> bool:
    """Does this creature share its territory with players (§10)? Each card's own flag,
    unless the table set it per card (option sharing_per_card)."""
    cid = card.split(".", 1)[0]
    return s.options.sharing_per_card.get(cid, content().creature_of(card).shares)


def hostile_at(s: State, terr: str) -> bool:
    """A non-sharing creature stands here."""
    return any(not shares(s, c) for c in beasts_at(s, terr))


def spectral_at(s: State, terr: str) -> bool:
    return any(b.at == terr and b.card.startswith("CR8") for b in s.beasts)


def controller(s: State, terr: str) -> int | None:
    """The player with units here (§2.3); never two at once."""
    here = units_in(s, terr)
    return next(iter(here)) if here else None


def controlled(s: State, seat: int) -> list[str]:
    """The territories where the player has units, in map order."""
    rank, key = gmap(s).rank, str(seat)
    mine = [t for t, here in s.units.items() if here.get(key, 0) > 0 and t in rank]
    mine.sort(key=rank.__getitem__)
    return mine


def effective_buildings(s: State, terr: str) -> tuple[str, ...]:
    """Buildings that work: none where a Spectral Warrior stands (§10.4)."""
    return () if spectral_at(s, terr) else s.buildings.get(terr, ())


def building_points(s: State, terr: str) -> int:
    c = content()
    return sum(c.buildings[b].points for b in s.buildings.get(terr, []))


def resource_count(s: State, terr: str) -> int:
    """Printed resource icons plus production buildings (§9.3 step 4)."""
    t = gmap(s).territories[terr]
    prod = sum(1 for b in s.buildings.get(terr, []) if b in ("B1", "B2", "B3"))
    return t.food + t.wood + t.lore + prod


def roll(s: State, ctx: Ctx) -> int:
    """One combat die face index: a scripted face first (tests), else the generator."""
    if s.dice_script:
        face, s.dice_script = s.dice_script[0], s.dice_script[1:]
        return face
    with ctx.rng(s) as rng:
        return rng.below(6)


def face_text(s: State, face: int) -> str:
    axes, skull = s.options.die_face(face)
    words = "blank" if axes == 0 else f"{axes} axe" + ("s" if axes > 1 else "")
    return words + (" + skull" if skull else "")


def gain_fame(s: State, seat: int, n: int, why: str, ctx: Ctx) -> None:
    if n:
        s.player_to_change(seat).fame += n
        ctx.say(f"{who(s, seat)} gains {n} fame ({why}).")


def draw_cards(s: State, seat: int, n: int, ctx: Ctx) -> None:
    """Draw, refilling the deck from the discard pile when it runs out (§4)."""
    p = s.player_to_change(seat)
    hand, deck, discard = list(p.hand), list(p.deck), p.discard
    drawn = 0
    while drawn < n and (deck or discard):
        if not deck:
            with ctx.rng(s) as rng:
                deck = rng.shuffled(sorted(discard))
            discard = ()
        hand.append(deck.pop(0))
        drawn += 1
    p.hand, p.deck = tuple(hand), tuple(deck)
    if discard is not p.discard:  # shuffled into the deck
        p.discard = tuple(discard)
    if drawn == n:
        ctx.reveal()


def without(pile: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The pile less one copy of ``card`` (the first)."""
    i = pile.index(card)
    return (*pile[:i], *pile[i + 1 :])


@cache
def card_name(inst: str) -> str:
    if inst.startswith("AC"):
        return content().achievements[inst].name
    if inst.startswith("CR"):
        return content().creature_of(inst).name
    return content().card_of(inst).name
