"""Finding the button or select a test names on a message, and what a click or pick sends.

Like a player, a test can only use what is on the message now: a missing, disabled or link
button, or a value that is not among a select's options, is an AssertionError.
"""

from __future__ import annotations

from .limits import BUTTON, LINK_STYLE, PREMIUM_STYLE, SELECTS, STRING_SELECT, walk_components
from .payloads import Resolver
from .state import MessageRecord

USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 5, 6, 7, 8


def _describe(found: list[dict]) -> str:
    names = (c.get("label") or c.get("placeholder") or c.get("custom_id") for c in found)
    return ", ".join(repr(name) for name in names)


def find_button(message: MessageRecord, label_or_custom_id: str) -> dict:
    buttons = [c for c in walk_components(message.components) if c.get("type") == BUTTON]
    matches = [b for b in buttons if label_or_custom_id in (b.get("label"), b.get("custom_id"))]
    assert matches, (
        f"message {message.id} has no button {label_or_custom_id!r}; buttons: {_describe(buttons)}"
    )
    assert len(matches) == 1, f"{len(matches)} buttons match {label_or_custom_id!r}: use custom_id"
    button = matches[0]
    assert button.get("style") not in (LINK_STYLE, PREMIUM_STYLE), "link buttons send nothing"
    assert not button.get("disabled"), f"button {label_or_custom_id!r} is disabled"
    return button


def find_select(message: MessageRecord, custom_id_or_placeholder: str) -> dict:
    selects = [c for c in walk_components(message.components) if c.get("type") in SELECTS]
    wanted = custom_id_or_placeholder
    matches = [s for s in selects if wanted in (s.get("custom_id"), s.get("placeholder"))]
    assert matches, f"message {message.id} has no select {wanted!r}; selects: {_describe(selects)}"
    assert len(matches) == 1, f"{len(matches)} selects match {wanted!r}; use a custom_id"
    assert not matches[0].get("disabled"), f"select {wanted!r} is disabled"
    return matches[0]


def select_data(select: dict, values: list[str], resolver: Resolver) -> dict:
    """The `data` of a select interaction, with `resolved` for user, role and channel selects."""
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    name = select.get("placeholder") or select["custom_id"]
    assert low <= len(values) <= high, f"select {name!r} takes {low} to {high} values"
    kind = select["type"]
    if kind == STRING_SELECT:
        offered = [o["value"] for o in select.get("options", [])]
        missing = [v for v in values if v not in offered]
        assert not missing, f"select {name!r} does not offer {missing}; it offers {offered}"
    elif kind == USER_SELECT:
        values = [resolver.user(int(v)) for v in values]
    elif kind == ROLE_SELECT:
        values = [resolver.role(int(v)) for v in values]
    elif kind == MENTIONABLE_SELECT:
        values = [resolver.mentionable(int(v)) for v in values]
    elif kind == CHANNEL_SELECT:
        values = [resolver.channel(int(v), select.get("channel_types")) for v in values]
    data = {"custom_id": select["custom_id"], "component_type": kind, "values": values}
    resolved = resolver.json()
    if resolved:
        data["resolved"] = resolved
    return data
