"""docs/architecture.md stays true to the code: every file or folder it names in backticks
exists, and every module under bot/ has a row in its module tables."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
# A path-like name in backticks: word characters, dots, dashes and slashes only, with a
# slash or a .py ending; placeholders such as `engines/<game>/` and commands such as
# `/game board` do not match.
PATH = re.compile(r"`([\w.-]+(?:/[\w.*-]*)*)`")
FOLDER_HEADING = re.compile(r"^### ([\w/]+/)$")


def named_paths() -> list[tuple[str, str]]:
    """(name, folder of the section it appears in) for every path-like name in the doc."""
    out, folder = [], ""
    for line in DOC.read_text().splitlines():
        if line.startswith("#"):
            heading = FOLDER_HEADING.match(line)
            folder = heading.group(1) if heading else ""
        for name in PATH.findall(line):
            if ("/" in name or name.endswith(".py")) and not name.startswith("/"):
                out.append((name, folder))
    return out


def exists(name: str, folder: str) -> bool:
    if "*" in name:
        return any(ROOT.glob(name))
    return (ROOT / name).exists() or bool(folder and (ROOT / folder / name).exists())


def test_the_doc_names_paths() -> None:
    names = {name for name, _ in named_paths()}
    assert {"engines/registry.py", "bot/discord/", "tests/e2e/driver.py"} <= names


def test_every_named_path_exists() -> None:
    missing = [name for name, folder in named_paths() if not exists(name, folder)]
    assert not missing, f"docs/architecture.md names paths that do not exist: {missing}"


def test_every_bot_module_is_in_a_table() -> None:
    listed = {
        (ROOT / folder / name).resolve()
        for name, folder in named_paths()
        if folder and (ROOT / folder / name).is_file()
    }
    listed |= {(ROOT / name).resolve() for name, _ in named_paths() if (ROOT / name).is_file()}
    modules = [
        p
        for p in (ROOT / "bot").rglob("*.py")
        if p.name != "__init__.py" and p.parent != ROOT / "bot"
    ]
    missing = sorted(str(p.relative_to(ROOT)) for p in modules if p.resolve() not in listed)
    assert not missing, f"bot modules missing from docs/architecture.md: {missing}"
