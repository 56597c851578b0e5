"""The layers (docs/architecture.md "Layers"): imports point one way, discord -> tables ->
store, and tables -> engines; ``bot/`` knows no particular game (it reaches games through
``engines.registry`` and ``engines.core``, issue 31). Every module under bot/ and engines/
is imported, and every import statement in it (at the top or inside a function) is checked
against the rule."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# A module whose name starts with the key may not import a module starting with any value.
GAMES = ("engines.att", "engines.wildlands", "engines.arcadia", "engines.root", "engines.northgard")
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "bot": GAMES,
    "engines": ("bot", "discord"),
    "bot.store": ("bot.tables", "bot.discord", "discord"),
    "bot.tables": ("bot.discord", "discord"),
}


def module_names() -> list[str]:
    names = []
    for package in ("bot", "engines"):
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            names.append(".".join(parts))
    return names


def imported(name: str) -> set[str]:
    """Every module ``name`` imports, resolved to absolute names."""
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    package = name if spec.origin.endswith("__init__.py") else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            out.add(module)
            out.update(f"{module}.{alias.name}" for alias in node.names)
    return out


def within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


MODULES = module_names()


def test_every_module_is_found() -> None:
    assert {"bot.discord.app", "bot.tables.service", "bot.store", "engines.core.protocol"} <= set(
        MODULES
    )


@pytest.mark.parametrize("name", MODULES)
def test_a_module_imports_and_respects_the_layers(name: str) -> None:
    importlib.import_module(name)
    for layer, banned in FORBIDDEN.items():
        if not within(name, layer):
            continue
        wrong = sorted(t for t in imported(name) if any(within(t, b) for b in banned))
        assert not wrong, f"{name} (layer {layer}) imports {wrong}"


def test_the_rule_catches_a_wrong_import() -> None:
    """The checker itself: bot.tables.service importing discord would be reported."""
    fake = {"discord.ui", "bot.store"}
    assert [t for t in fake if any(within(t, b) for b in FORBIDDEN["bot.tables"])] == ["discord.ui"]


def test_the_rule_catches_a_game_imported_by_the_bot() -> None:
    """The character cog reading Arcadia's content directly would be reported."""
    fake = {"engines.arcadia.content", "engines.registry", "engines.core.records"}
    assert [t for t in fake if any(within(t, b) for b in FORBIDDEN["bot"])] == [
        "engines.arcadia.content"
    ]
