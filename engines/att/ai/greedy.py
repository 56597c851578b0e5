"""``GreedyPolicy``: a one-ply Ancient Terrible Things baseline for measuring ``AttPolicy``.

It plays the obvious way and looks no further than the move at hand: it goes where
(chance to overcome) x Secrets plus the tokens lying there is highest, the chance being that
of one roll of five dice given three tries; it re-rolls everything while it cannot overcome,
overcomes as soon as it can, then spends on the row that pays the most tokens; it pays Courage
for an Encounter it is more likely to fail than not, and buys the Swag with the most Secrets.
It reads only public information and its own stash.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engines.att.actions import (
    BuySwag,
    ChooseFirst,
    DeclineDesperateAct,
    DesperateAct,
    EndEncounter,
    Explore,
    GainToken,
    RemoteDesperateAct,
    Roll,
    SkipLocationAction,
    Spend,
    TakeMap,
    UnfocusedReroll,
)
from engines.att.ai.characters import choose_character
from engines.att.ai.dice import roll_odds
from engines.att.ai.spend import value_spends
from engines.att.content import Combo, catalog
from engines.att.spending import encounter_combo
from engines.att.state import AttState
from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng

TRIES = 3  # the initial roll and two re-rolls
TOKEN_WORTH = 0.5
GAIN_ORDER = ("focus", "courage", "feat", "treasure")


@cache
def one_roll_chance(combo: Combo, exact: bool) -> float:
    """The chance that one roll of five dice meets ``combo``."""
    return sum(p for hand, p in roll_odds(5) if value_spends(combo, hand, exact))


def success_chance(s: AttState, card_id: str) -> float:
    combo = encounter_combo(s.options, catalog().encounters[card_id])
    return 1 - (1 - one_roll_chance(combo, s.options.highset_exact)) ** TRIES


class GreedyPolicy:
    """One-ply heuristic play; deterministic (it never needs ``rng``)."""

    def choose(self, engine: Engine[Any, Any], state: AttState, seat: SeatId, rng: Rng) -> Any:
        legal = list(engine.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        s = state
        encounters = catalog().encounters
        if s.phase == "choose_character":
            return choose_character(legal)
        if s.phase == "choose_first":
            return ChooseFirst(seat=seat)
        if s.phase == "explore":

            def visit(a: Explore) -> float:
                loc = s.locations[a.slot - 1]
                assert loc.encounter is not None
                chance = success_chance(s, loc.encounter)
                return chance * encounters[loc.encounter].secrets + TOKEN_WORTH * sum(
                    loc.tokens.values()
                )

            return max((a for a in legal if isinstance(a, Explore)), key=visit)
        if s.phase == "location_action":
            remote = [a for a in legal if isinstance(a, RemoteDesperateAct)]
            if remote:
                return max(
                    remote,
                    key=lambda a: encounters[s.locations[a.slot - 1].encounter or ""].secrets,
                )
            gains = [a for a in legal if isinstance(a, GainToken)]
            if gains:
                return min(gains, key=lambda a: GAIN_ORDER.index(a.token))
            if TakeMap() in legal:
                return TakeMap()
            return SkipLocationAction()
        if s.phase == "desperation":
            here = s.current_location()
            assert here is not None and here.encounter is not None
            likely = success_chance(s, here.encounter) >= 0.5
            return DeclineDesperateAct() if likely else DesperateAct()
        if s.phase == "encounter":
            return self._encounter(s, legal)
        buys = [a for a in legal if isinstance(a, BuySwag) and catalog().swag[a.card].secrets]
        if buys:
            swag = catalog().swag
            return max(buys, key=lambda a: (swag[a.card].secrets, -swag[a.card].cost))
        return legal[-1]

    def _encounter(self, s: AttState, legal: list[Any]) -> Any:
        if Roll() in legal:
            return Roll()
        spends = [a for a in legal if isinstance(a, Spend)]
        overcome = [a for a in spends if a.row is None]
        if overcome:
            return overcome[0]
        assert s.turn is not None and s.dice is not None
        if not s.turn.overcome and not s.dice.desperate and UnfocusedReroll() in legal:
            return UnfocusedReroll()
        if spends:
            return max(spends, key=lambda a: len(a.dice))
        return EndEncounter()
