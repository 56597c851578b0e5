"""Card codes are parsed once, at load, into typed objects and saved as the same codes
(engines/wildlands/awoken/codes.py; wildlands.md §10.6, §10.7, §14.3-§14.5)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engines.wildlands.awoken.codes import (
    AreaStrike,
    Heal,
    Movement,
    NoEffect,
    Strike,
    SummonMinion,
)
from engines.wildlands.awoken.content import MinionCard, ancient_cards, minion_cards, scenarios
from engines.wildlands.awoken.state import Act, ScenarioEffect

from .builder import ENGINE, Table


def test_every_card_and_track_step_is_loaded_as_typed_codes() -> None:
    kinds = {type(a) for c in minion_cards().values() for a in c.top_actions + c.bottom_actions}
    kinds |= {type(a) for c in ancient_cards().values() for a in c.actions}
    assert kinds <= {Movement, Strike, AreaStrike, Heal}
    assert Strike in kinds and Movement in kinds
    steps = [step for sheet in scenarios().values() for step in sheet.track]
    assert any(isinstance(step, SummonMinion) for step in steps)
    assert not any(isinstance(c.effect, NoEffect) for c in minion_cards().values())


def test_codes_round_trip_as_the_printed_text() -> None:
    act = Act(scenario=1, figure="minion.01", actions=("fly", "heal(magus,tempest)", "hrng"))
    assert act.actions == (
        Movement(kind="fly"),
        Heal(types=("magus", "tempest")),
        Strike(kind="hrng"),
    )
    assert act.model_dump(mode="json")["actions"] == ["fly", "heal(magus,tempest)", "hrng"]
    effect = ScenarioEffect(scenario=2, effect="S:goblins")
    assert effect.effect == SummonMinion(mtype="goblins")
    assert ScenarioEffect.model_validate(effect.model_dump(mode="json")) == effect


def test_a_saved_game_keeps_codes_in_its_program() -> None:
    s = Table().state()
    s.program = [Act(scenario=1, figure="ancient.1", actions=("mv", "area"))]
    saved = ENGINE.encode_state(s)
    assert saved["program"][0]["actions"] == ["mv", "area"]
    assert ENGINE.decode_state(saved).program == s.program


@pytest.mark.parametrize(
    ("field", "value"),
    [("top_actions", ("teleport",)), ("top_actions", ("haunt_step",)), ("effect", "P")],
)
def test_a_card_with_an_unknown_code_is_refused_at_load(field: str, value: object) -> None:
    card = next(iter(minion_cards().values())).model_dump(mode="json")
    with pytest.raises(ValidationError):
        MinionCard.model_validate({**card, field: value})
