"""Discord's documented limits on what a bot may send, checked the way the API checks them.

A message or command that the real API would refuse with 400 is refused here too, so a test
catches the 26-option select or the 2001-character log before a player does.
"""

from __future__ import annotations

from collections.abc import Iterator

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECTS = {3, 5, 6, 7, 8}
COMPONENTS_V2 = 1 << 15
LINK_STYLE, PREMIUM_STYLE = 5, 6


def walk_components(components: list[dict]) -> Iterator[dict]:
    """Every component, depth first, through rows, sections and containers."""
    for component in components:
        yield component
        yield from walk_components(component.get("components", []))
        if "accessory" in component:
            yield from walk_components([component["accessory"]])


def _too_long(problems: list[str], where: str, value: object, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        problems.append(f"{where}: must be {limit} or fewer in length")


def embed_problems(embeds: list[dict]) -> list[str]:
    problems: list[str] = []
    if len(embeds) > 10:
        problems.append("embeds: must be 10 or fewer in length")
    total = 0
    for n, embed in enumerate(embeds):
        where = f"embeds.{n}"
        texts = [
            (embed.get("title"), 256, "title"),
            (embed.get("description"), 4096, "description"),
            ((embed.get("footer") or {}).get("text"), 2048, "footer.text"),
            ((embed.get("author") or {}).get("name"), 256, "author.name"),
        ]
        fields = embed.get("fields", [])
        if len(fields) > 25:
            problems.append(f"{where}.fields: must be 25 or fewer in length")
        for i, item in enumerate(fields):
            texts.append((item.get("name"), 256, f"fields.{i}.name"))
            texts.append((item.get("value"), 1024, f"fields.{i}.value"))
        for text, limit, name in texts:
            _too_long(problems, f"{where}.{name}", text, limit)
            total += len(text) if isinstance(text, str) else 0
    if total > 6000:
        problems.append("embeds: the text of all embeds must be 6000 or fewer characters")
    return problems


def _select_problems(select: dict, where: str) -> list[str]:
    problems: list[str] = []
    _too_long(problems, f"{where}.placeholder", select.get("placeholder"), 150)
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= low <= 25 or not 1 <= high <= 25 or low > high:
        problems.append(f"{where}: min_values/max_values must satisfy 0 <= min <= max <= 25")
    if select["type"] == STRING_SELECT:
        options = select.get("options", [])
        if not 1 <= len(options) <= 25:
            problems.append(f"{where}.options: must have between 1 and 25 options")
        if high > len(options):
            problems.append(f"{where}.max_values: more than the number of options")
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            problems.append(f"{where}.options: option values must be unique")
        for i, option in enumerate(options):
            for key in ("label", "value", "description"):
                _too_long(problems, f"{where}.options.{i}.{key}", option.get(key), 100)
    return problems


def component_problems(components: list[dict], *, rows_only: bool) -> list[str]:
    """rows_only: a classic message, whose top level holds up to 5 action rows. Messages with
    the IS_COMPONENTS_V2 flag and modals may also use sections, labels, containers..."""
    problems: list[str] = []
    if rows_only:
        if len(components) > 5:
            problems.append("components: must be 5 or fewer in length")
        for n, row in enumerate(components):
            children = row.get("components", [])
            if row.get("type") != ACTION_ROW:
                problems.append(f"components.{n}: top-level components must be action rows")
            elif not children or len(children) > 5:
                problems.append(f"components.{n}: an action row holds 1 to 5 components")
            elif any(c["type"] in SELECTS for c in children) and len(children) > 1:
                problems.append(f"components.{n}: a select must be alone in its action row")
    elif sum(1 for _ in walk_components(components)) > 40:
        problems.append("components: a message holds at most 40 components")

    custom_ids: list[str] = []
    for n, component in enumerate(walk_components(components)):
        where = f"component {n} (type {component.get('type')})"
        if "custom_id" in component:
            custom_ids.append(component["custom_id"])
            _too_long(problems, f"{where}.custom_id", component["custom_id"], 100)
        if component.get("type") == BUTTON:
            _too_long(problems, f"{where}.label", component.get("label"), 80)
            link = component.get("style") in (LINK_STYLE, PREMIUM_STYLE)
            if not link and "custom_id" not in component:
                problems.append(f"{where}: a non-link button needs a custom_id")
        elif component.get("type") in SELECTS:
            problems += _select_problems(component, where)
    if len(set(custom_ids)) != len(custom_ids):
        problems.append("components: custom_id values must be unique within a message")
    return problems


def message_problems(payload: dict, file_count: int, *, creating: bool) -> list[str]:
    """Why the API would refuse this create or edit, or [] if it would accept it."""
    problems: list[str] = []
    content = payload.get("content") or ""
    flags = payload.get("flags") or 0
    _too_long(problems, "content", content, 2000)
    problems += embed_problems(payload.get("embeds") or [])
    components = payload.get("components") or []
    problems += component_problems(components, rows_only=not flags & COMPONENTS_V2)
    if file_count > 10:
        problems.append("files: must be 10 or fewer in length")
    for i, attachment in enumerate(payload.get("attachments") or []):
        _too_long(problems, f"attachments.{i}.description", attachment.get("description"), 1024)
    if flags & COMPONENTS_V2 and (content or payload.get("embeds")):
        problems.append("content and embeds cannot be used with the IS_COMPONENTS_V2 flag")
    if creating and not (
        content
        or payload.get("embeds")
        or payload.get("components")
        or file_count
        or payload.get("sticker_ids")
        or payload.get("poll")
    ):
        problems.append("Cannot send an empty message")
    return problems


def choice_problems(choices: list[dict]) -> list[str]:
    problems: list[str] = []
    if len(choices) > 25:
        problems.append("choices: must be 25 or fewer in length")
    for n, choice in enumerate(choices):
        name = choice.get("name", "")
        if not 1 <= len(name) <= 100:
            problems.append(f"choices.{n}.name: must be between 1 and 100 in length")
    return problems


def command_problems(commands: list[dict]) -> list[str]:
    problems: list[str] = []
    if len(commands) > 100:
        problems.append("at most 100 chat input commands per scope")
    names = [(c.get("type", 1), c["name"]) for c in commands]
    if len(set(names)) != len(names):
        problems.append("command names must be unique per type")
    for command in commands:
        if command.get("type", 1) == 1:
            problems += _option_problems(command, f"/{command['name']}")
    return problems


def _label_problems(node: dict, where: str) -> list[str]:
    name, description = node["name"], node.get("description", "")
    problems = []
    if not 1 <= len(name) <= 32 or name != name.lower() or " " in name:
        problems.append(f"{where}: names are 1-32 lowercase characters without spaces")
    if not 1 <= len(description) <= 100:
        problems.append(f"{where}: descriptions are 1-100 characters")
    return problems


def _option_problems(node: dict, where: str) -> list[str]:
    problems = _label_problems(node, where)
    options = node.get("options", [])
    if len(options) > 25:
        problems.append(f"{where}: at most 25 options")
    seen_optional = False
    for option in options:
        inner = f"{where} {option['name']}"
        if option["type"] in (1, 2):
            problems += _option_problems(option, inner)
            continue
        problems += _label_problems(option, inner)
        problems += [f"{inner}: {p}" for p in choice_problems(option.get("choices", []))]
        if not option.get("required"):
            seen_optional = True
        elif seen_optional:
            problems.append(f"{where}: required options must come before optional ones")
    return problems
