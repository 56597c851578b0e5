"""The AI's character at set-up (seed §Setup—Players; reference §2 step 6, §14.1).

Characters differ only in their starting extras and the Captain's Map, so a seat takes the
one whose extras are worth the most: a token or a Feat card about half a Secret, the Map its
Secret plus the first choice of the first round (``MAP_WORTH``). Ties go to catalogue order.
"""

from __future__ import annotations

from engines.att.actions import Action, ChooseCharacter
from engines.att.ai.board import MAP_WORTH
from engines.att.content import catalog

EXTRA_WORTH = 0.5  # one starting token or Feat card, in Secrets


def character_worth(character: str) -> float:
    c = catalog().characters[character]
    extras = sum(c.extra_tokens.values()) + c.extra_feat_cards
    return EXTRA_WORTH * extras + (MAP_WORTH if c.takes_map else 0.0)


def choose_character(legal: list[Action]) -> Action:
    picks = [a for a in legal if isinstance(a, ChooseCharacter)]
    return max(picks, key=lambda a: character_worth(a.character))
