"""Look for moves whose effect on who acts next depends on what another seat cannot see
(DESIGN "hidden information": a table that pauses for one answer only when a hidden hand
holds a card tells everyone that it does).

Seeded random playouts; at every move, for every other seat (the observer), the position is
re-dealt from the observer's knowledge (``engine.determinize``) and the same move is played
there. Where the seats to act next differ, the case is printed with the last lines each
world logged, for a person to judge: a deck draw or a simultaneous reveal (the top card,
the shards turned over) legitimately decides who acts, a window opened only for a playable
hidden card does not. Found this way: Arcadia's waylay window, Root's ambush, counter-ambush
and Field Hospitals windows (all fixed), and Root's End Daylight taken as the only move when
the hand holds nothing that could extend the Daylight (open: asking it whenever a hand holds
cards costs a prompt a turn).

    python -m tools.timing_probe root [--seats 2] [--games 4] [--show 8]
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from engines import registry
from engines.core.errors import GameError
from engines.core.protocol import Seat, parse_options
from engines.core.rng import Rng, seed_from


def texts(result: Any) -> list[str]:
    return [e.text for e in result.events][-4:]


def probe(game: str, seats: int, games: int, show: int) -> Counter[str]:
    """Print up to ``show`` cases and return how many there were by action kind."""
    engine = registry.get(game)
    found: Counter[str] = Counter()
    for g in range(games):
        s = engine.setup(
            [Seat(i, f"P{i + 1}") for i in range(seats)], parse_options(engine, None), 100 + g
        )
        rng = Rng(seed_from(100 + g, "timing-probe"))
        for _ in range(400):
            if engine.outcome(s) is not None:
                break
            actor = min(engine.to_act(s))
            legal = list(engine.legal_actions(s, actor))
            action = legal[rng.below(len(legal))]
            real = engine.apply(s, actor, action)
            for observer in range(seats):
                if observer == actor:
                    continue
                world = engine.determinize(s, observer, rng.next_u64())
                if hasattr(world, "rng"):
                    # The same dice as the real game: a roll legitimately decides who
                    # acts next, and the re-deal is about the cards, not the dice.
                    world.rng = s.rng
                try:
                    other = engine.apply(world, actor, action)
                except GameError:
                    continue  # not a move in that deal (it hangs on what was re-dealt)
                if engine.to_act(other.state) == engine.to_act(real.state):
                    continue
                kind = type(action).__name__
                found[kind] += 1
                if sum(found.values()) <= show:
                    print(f"game {g}, seat {actor} plays {action!r}; seat {observer} observes")
                    print(f"  real:     next {sorted(engine.to_act(real.state))} {texts(real)}")
                    print(f"  re-dealt: next {sorted(engine.to_act(other.state))} {texts(other)}")
            s = real.state
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=registry.names())
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--show", type=int, default=8, help="cases printed in full")
    args = parser.parse_args()
    found = probe(args.game, args.seats, args.games, args.show)
    print(f"{args.game}: {sum(found.values())} cases", dict(found))


if __name__ == "__main__":
    main()
