"""What things are worth to the AI, in Secrets (reference §10 Achievements, §11 scoring).

Everything here reads only what the seat may see: stashes, score piles, Swag, Terrible
Things, the track, the Locations, the Map, Achievements, and how many Encounter cards are
left (never which). Resource tokens are worth what they usually turn into before the game
ends, so their worth shrinks as the seat's remaining turns run out. Outcomes that end the
game are valued as wins or losses (``endgame``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.att.achievements import type_counts
from engines.att.ai.endgame import decided, final_stakes, last_encounter
from engines.att.ai.spend import Rewards, Scoring
from engines.att.content import TOKENS, EncounterType, Token, catalog
from engines.att.riverboat import active_slots
from engines.att.spending import encounter_combo, scenario_rows
from engines.att.state import AttState

# Worth of one token (Secrets) while the seat has at least two turns ahead.
BASE_WORTH: dict[Token, float] = {"focus": 0.3, "treasure": 0.35, "feat": 0.35, "courage": 0.6}
# A Terrible Thing counts against ties (fewest tokens wins), so even a 0 hurts a little.
TT_COUNT_COST = 0.05
# Expected share of turns that fail, to guess how soon the track runs out.
FAIL_RATE = 0.4


@dataclass(frozen=True)
class Outlook:
    """The seat's horizon and token worths for the decision at hand."""

    seat: int
    turns_ahead: int  # the seat's turns after this one
    worth: dict[Token, float]
    rival: float  # how much an opponent's loss counts as the seat's gain

    def weights(self) -> tuple[float, ...]:
        return tuple(self.worth[t] for t in TOKENS)


def cards_ahead(s: AttState) -> int:
    """Encounter cards still to be faced after the current turn's own card."""
    live = len(active_slots(s)) + len(s.encounter_deck)
    turn = s.turn
    if turn is not None and not turn.overcome:
        here = s.current_location()
        if here is None or here.encounter is not None:
            live -= 1  # the card this turn faces (or is about to choose) is used up
    return live


def turns_ahead(s: AttState, seat: int) -> int:
    """The seat's turns after the current one, if each turn uses up one card and the track
    empties at the expected failure rate."""
    n = len(s.players)
    by_cards = cards_ahead(s)
    by_track = int(len(s.track) / FAIL_RATE)
    left = min(by_cards, by_track)
    if s.active != seat and s.turn is not None:
        left += 1  # not our turn now: our next turn is among those left
    return left // n


def outlook(s: AttState, seat: int) -> Outlook:
    ahead = turns_ahead(s, seat)
    reach = min(1.0, ahead / 2)
    worth = {
        "focus": BASE_WORTH["focus"] * reach,
        "feat": BASE_WORTH["feat"] * reach,
        "courage": max(0.02, BASE_WORTH["courage"] * reach),
        "treasure": BASE_WORTH["treasure"],
    }
    rival = 1.0 if len(s.players) == 2 else 0.5
    return Outlook(seat=seat, turns_ahead=ahead, worth=worth, rival=rival)


def _achievement_worth(count: int, holder_count: int | None, mine: bool, claim_at: int) -> float:
    """Worth of standing at ``count`` towards one Achievement (2 Secrets)."""
    if mine:
        return 2.0
    if holder_count is None:
        return 2.0 if count >= claim_at else 0.25 * count
    if count > holder_count:
        return 2.0
    return 0.15 * count


def achievement_gain(s: AttState, seat: int, types: list[EncounterType], look: Outlook) -> float:
    """What adding one card of ``types`` to the seat's pile is worth through Achievements,
    counting an Achievement taken from a rival as the rival's loss too."""
    mine = type_counts(s, seat)
    gain = 0.0
    for ach in catalog().achievements.values():
        if ach.type not in types:
            continue
        holder = s.achievements[ach.id]
        theirs = type_counts(s, holder)[ach.type] if holder is not None else None
        before = _achievement_worth(mine[ach.type], theirs, holder == seat, ach.claim_at)
        after = _achievement_worth(mine[ach.type] + 1, theirs, holder == seat, ach.claim_at)
        taken = holder is not None and holder != seat and after >= 2.0
        gain += (after - before) * ach.secrets / 2 + (look.rival * ach.secrets if taken else 0)
    return gain


def card_worth(s: AttState, seat: int, card_id: str, look: Outlook) -> float:
    """Secrets plus Achievement progress of adding an Encounter card to the seat's pile."""
    card = catalog().encounters[card_id]
    return card.secrets + achievement_gain(s, seat, list(card.types), look)


def failing_worth(s: AttState, seat: int) -> float:
    """Worth of taking the next Terrible Thing: its penalty, or, when it is the last one and
    ends the game at once, a decided win or loss."""
    penalty = s.track[0]
    if len(s.track) > 1:
        return -penalty - TT_COUNT_COST
    return decided(s, seat, -penalty, 1)


def encounter_scoring(
    s: AttState, seat: int, card_id: str | None, look: Outlook, open_to_win: bool = True
) -> Scoring:
    """How the seat values the outcomes of an Encounter phase at ``card_id``."""
    rewards = Rewards(tuple(scenario_rows(s.options)), look.weights(), s.options.highset_exact)
    if card_id is None or not open_to_win:
        return Scoring(None, 0.0, 0.0, rewards)
    if last_encounter(s, card_id):
        win, lose = final_stakes(s, seat, card_id)
    else:
        win, lose = card_worth(s, seat, card_id, look), failing_worth(s, seat)
    combo = encounter_combo(s.options, catalog().encounters[card_id])
    return Scoring(combo, win, lose, rewards, lose_ends=len(s.track) == 1)
