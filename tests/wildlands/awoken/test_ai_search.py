"""The Awoken AI's determinized defence search (engines/wildlands/awoken/ai_search.py)."""

from __future__ import annotations

from engines.core.rng import Rng
from engines.wildlands.actions import Defend
from engines.wildlands.awoken.ai_search import SearchingAwokenAI, value
from engines.wildlands.awoken.state import AwokenState

from .builder import ENGINE, Table, act

OWL, LUNK = "mages.1", "mages.5"
SEARCH = SearchingAwokenAI(worlds=3)


def _ranged_hit(damage: int) -> AwokenState:
    """A Wildfyre shoots Owl-Sage (``damage`` already taken), who holds a cover card."""
    t = Table(auto_defend="ask").place(OWL, 30, damage=damage).place(LUNK, 12)
    t.hand(0, "mages.02", "mages.20")
    wildfyre = t.minion("wildfyre", 30)
    s = act(t.state(), wildfyre, "rng")
    assert s.pending is not None and s.pending.kind == "defence"
    return s


def test_it_covers_a_hit_that_would_knock_its_character_out() -> None:
    s = _ranged_hit(damage=Table().s.figures[OWL].health - 1)
    assert SEARCH.choose(ENGINE, s, 0, Rng(7)) == Defend(card="mages.02")


def test_its_choice_does_not_depend_on_the_real_deck_order() -> None:
    # The search only sees re-dealt worlds: reversing the real decks changes nothing.
    s = _ranged_hit(damage=1)
    first = SEARCH.choose(ENGINE, s, 0, Rng(7))
    s.seats[0].deck.reverse()
    s.minion_decks[1].reverse()
    assert SEARCH.choose(ENGINE, s, 0, Rng(7)) == first


def test_a_knock_out_weighs_more_than_the_card_that_prevents_it() -> None:
    s = _ranged_hit(damage=1)
    kept = ENGINE.apply(s, 0, Defend(card="mages.02")).state
    out = s.model_copy(deep=True)
    out.figures[OWL].ko = True
    out.figures[OWL].space = None
    assert value(kept, 0) > value(out, 0)
