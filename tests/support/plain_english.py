"""The checker of text players read (issue 29 "Nothing a player reads shows the engine's
words"): engine words and the common English mistakes, found line by line.

``problems(text, names)`` returns what is wrong with one text a player reads, each as a
``Problem`` (its kind and the words at fault). It knows:

- Python values: lists ``[7, 8]``, dicts ``{'a': 'F'}``, ``None``, ``True``/``False``,
  ``Ellipsis``, quoted ids ``'base_fox'``, type names ``str``, ``ChronicleCharacter``;
- engine ids: snake_case and dotted ids (``defeat_waylays``, ``A8.2``), codes (``M20``,
  ``E04``), territory ids (``0c``, ``Eldthurs@1b``), ``key=value`` and ``word:code``,
  file paths;
- English: a/an ("a Ocean", "A Eldthurs"), number agreement ("1 cards", "3 card"), doubled
  words ("wood wood"), an option said twice ("a whole number or a whole number"), empty or
  broken brackets ("()", "(Mer (female), )"), numbers run together after a name ("team 1
  0", "Player 1 9"), hedged plurals ("unit(s)"), health as "(1/3)", a mark left unexplained
  ("Hopscotch*"), a word cut by an ellipsis ("and r…");
- the wordings issues 29 and 35 name ("reach at lair", "gains 3 fame (card)", "Eyrie leader
  commander", "discards Dominance" without its suit, a turn header that names no player).

``names`` are the seats' names in the game the text comes from: a name that ends in a
number ("AI 1") followed by another number reads as one number, and a turn header must name
its player. Text between backticks is what a player types (an option's name and values) and
is left alone, as are Discord mentions and links.

Precision matters more than reach: a finding a game's owner cannot fix by writing better
English is a false positive, and a checker nobody trusts protects nothing. Every pattern
here was run over the texts of seeded games of every title (``tests.support.player_text``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

PYTHON = "Python value"
ENGINE = "engine id"
ARTICLE = "a/an"
NUMBER = "number agreement"
DOUBLED = "doubled word"
BRACKETS = "empty or broken brackets"
RUN_TOGETHER = "numbers run together"
HEDGED = "hedged plural"
FRACTION = "health as a fraction"
MARK = "unexplained mark"
CUT = "word cut short"
WORDING = "wording named in an issue"
NO_PLAYER = "turn header without its player"
TIE = "tie-break not explained"


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a text: its ``kind`` (one of the names above) and the ``words``
    at fault, as they appear."""

    kind: str
    words: str


@dataclass(frozen=True)
class Rule:
    """A pattern whose every match is a problem of ``kind``; ``pictures`` False when a
    picture may use it as a mark its legend explains (a warrior count "M3")."""

    kind: str
    pattern: re.Pattern[str]
    pictures: bool = True


def _rule(kind: str, pattern: str, flags: int = 0, pictures: bool = True) -> Rule:
    return Rule(kind, re.compile(pattern, flags), pictures)


# A quoted value or a number, as Python prints them inside a list or a tuple.
_ITEM = r"""(?:-?\d+(?:\.\d+)?|'[^'\n]*'|"[^"\n]*"|None|True|False)"""

RULES: tuple[Rule, ...] = (
    # ------------------------------------------------------------------ Python values
    _rule(PYTHON, rf"\[\s*{_ITEM}(?:\s*,\s*{_ITEM})*\s*\]"),  # [7, 8], ["a","b"]
    _rule(PYTHON, r"""\{\s*(?:'[^'\n]*'|"[^"\n]*")\s*:"""),  # {'a': 'F'}
    _rule(PYTHON, r"\{\s*\}|\bset\(\)|\bfrozenset\(|\bdefaultdict\("),
    _rule(PYTHON, rf"\(\s*'[^'\n]*'\s*,\s*{_ITEM}?"),  # ('a', 1)
    _rule(PYTHON, r"\bEllipsis\b|\bNoneType\b|\bobject at 0x|<class '"),
    # None/True/False as values: after a colon, an equals sign, a bracket or a comma, or
    # at the end of a line; "None of them" and "True Sight" are English.
    _rule(PYTHON, r"(?:[:=(\[,]\s*|^)(?:None|True|False)(?=\s*[,.;:)\]]|\s*$)"),
    _rule(PYTHON, r"(?<![\w'’])'[\w.:@-]+'(?![\w'’])"),  # 'base_fox'
    _rule(PYTHON, r"\b(?:str|int|bool|float|dict|tuple)\b(?! \w)|\b(?:str|int) or\b"),
    _rule(PYTHON, r"\b(?!Ma?c[A-Z])[A-Z][a-z]+(?:[A-Z][a-z]+)+\b"),  # ChronicleCharacter
    # ------------------------------------------------------------------ engine ids
    _rule(ENGINE, r"\b[A-Za-z]+(?:_[A-Za-z0-9]+)+\b"),  # base_fox, choose_character
    _rule(ENGINE, r"\b[a-z]+\.[a-z_]+\b(?<!\be\.g)(?<!\bi\.e)"),  # phase.setup
    _rule(ENGINE, r"(?<!§)\b[A-Z]{1,3}\d+(?:\.\d+)+\b"),  # A8.2
    # M20, E04, A1, CR6 (a die is a D6); on a picture, a mark its legend explains
    # (test_picture_text.py).
    _rule(ENGINE, r"\b(?!D\d{1,2}\b)(?:[A-Z]{1,3}\d{1,3}|[A-Z]{2}\d)[a-z]?\b", pictures=False),
    # A territory 0c, 1b; not "2s" (twos) nor "2x" (twice).
    _rule(ENGINE, r"(?<![\w.,/-])\d{1,2}[a-rt-wyz](?![\w'’-])"),
    _rule(ENGINE, r"(?<![<\w])\w+@\w+"),  # Eldthurs@1b
    _rule(ENGINE, r"\b[a-z_]+=[^\s=]"),  # basic=2
    _rule(ENGINE, r"\b[a-z]{2,}:(?!//)[A-Za-z0-9]"),  # pass:A8.2, ruins:1:2
    _rule(ENGINE, r"\b[\w-]+/[\w/-]+\.(?:toml|py|json|txt)\b"),  # a file path
    # ------------------------------------------------------------------ English
    _rule(DOUBLED, r"\b([A-Za-z]+)(?: \1\b)+", re.IGNORECASE),  # wood wood
    _rule(DOUBLED, r"\b(\w[\w ]{2,}?) or \1\b"),  # a whole number or a whole number
    _rule(BRACKETS, r"\(\s*\)|\[\s*\]|,\s*[)\]]|[(\[]\s*,|,\s*,"),
    _rule(RUN_TOGETHER, r"\b(?:Player|AI|[Tt]eam|[Ss]eat) \d+ -?\d"),
    _rule(HEDGED, r"\w\((?:e?s)\)|\w[b-df-hj-np-tv-z]ys\b|sss\b"),  # unit(s), Allys
    _rule(FRACTION, r"\(\d+/\d+"),  # health as (1/3)
    _rule(CUT, r"(?<![\w'’])\w{1,3}…"),  # "and r…", "card d…"
    # ------------------------------------------------------------------ issue 29's words
    _rule(WORDING, r"\breach at\b"),  # a quest step: "reach at lair"
    _rule(WORDING, r"\(card\)"),  # "gains 3 fame (card)": which card?
    _rule(WORDING, r"\b[Ll]eader:? (?:builder|charismatic|commander|despot)\b"),
    _rule(WORDING, r"\bdeposed: (?:builder|charismatic|commander|despot)\b"),
    _rule(WORDING, r"\bitems? (?:tea|boots?|bag|crossbow|hammer|sword|torch|coins)\b"),
    _rule(
        WORDING,
        r"\b(?:expel bandits|guard duty|escort|fend off a bear|give a speech"
        r"|errand|logistics help|repair a shed|fundraising) (?:fox|rabbit|mouse)\b",
    ),
    _rule(
        WORDING,
        r"\b(?:discards?|plays?|spends?|takes?|draws?|crafts?|activates?) "
        r"(?:a |the )?Dominance\b(?! \()",
    ),  # which suit's Dominance?
    _rule(WORDING, r"\bremoves? an? (?:enemy )?building\b(?! or)"),  # or a token (Despot)
    _rule(WORDING, r"(?<=[\w:,;] )[b-hj-z](?= [a-z]{2})"),  # "waiting: v refresh"
    _rule(WORDING, r"\b([a-z])\1\1+\b"),  # "ddd"
    _rule(WORDING, r"\bsetup build\b"),
    _rule(WORDING, r"\bfrom (?:heavy |light )?(?:ranged|melee|area)\b(?! attack)"),
    # ------------------------------------------------------------------ issue 35's words
    _rule(WORDING, r"\bwin\w* with 0 points\b"),  # a stalemate read as a bug
    _rule(WORDING, r"\bis chosen\b(?! by)|\bis placed under\b"),  # by whom?
    _rule(WORDING, r"^Which\?"),  # which what?
    _rule(WORDING, r"^Playing …"),  # playing what?
)

# One search that every line passes first: most lines break no rule, and one scan is much
# faster than forty (the rules that refer back to a group are run apart).
_SCREEN = re.compile(
    "|".join(f"(?:{r.pattern.pattern})" for r in RULES if "\\1" not in r.pattern.pattern)
)
_BACKREF = tuple(r for r in RULES if "\\1" in r.pattern.pattern)

# Words that start with a vowel letter but a consonant sound ("a unit", "a one-off"), and
# with a consonant letter but a vowel sound ("an hour").
_CONSONANT_SOUND = re.compile(r"(?:uni|use|usu|uti|ubi|ure|uro|eu|one\b|once|ewe)", re.I)
_VOWEL_SOUND = re.compile(r"(?:hour|honest|honou?r|heir)", re.I)
# After an article these are never nouns: "A or B forces a side" names a side A.
_NOT_AFTER_ARTICLE = {"or", "and", "is", "are", "as", "at", "in", "on", "of", "if", "to"}
# Capitals read letter by letter when short: "an XP", "a VP".
_VOWEL_LETTERS = set("AEFHILMNORSX")

# Countable nouns the games count: "3 card" misses its plural.
_COUNTED = (
    "card|point|unit|warrior|building|token|tile|merit|flaw|item|quest|creature|space|step"
    "|turn|round|league|shard|crystal|clearing|player|seat|character|minion|hit|die"
)
_PLURAL_MISSING = re.compile(rf"(?<![\w.,/-])(?:0|[2-9]|[1-9]\d+) (?:{_COUNTED})\b(?![-'’])", re.I)
# "1 cards": a count of one before a plural. Words before the number that make it a name
# ("Player 1", "card 1", "step 1") and words after it that are verbs ("AI 1 wins") are
# not counts.
_ONE_PLURAL = re.compile(r"(?<![\w.,/-])(\w+ )?1 ([A-Za-z]+s)\b(?![-'’])")
_LABELS = {
    "player", "ai", "seat", "team", "card", "die", "space", "step", "round", "turn", "year",
    "age", "act", "scenario", "level", "tier", "clearing", "slot", "option", "move", "row",
    "column", "page", "track", "game", "sheet", "part", "phase", "quest", "day", "pile",
    "region", "position", "number", "no", "group", "side", "face", "league", "cell",
    "chapter", "stage", "zone", "site", "territory", "tile", "figure", "box", "line", "test",
    "roll", "rank", "belt", "board", "deck", "hand", "scheme", "wave",
}  # fmt: skip
_SINGULAR_S = re.compile(r"(?:ss|us|is|os|ics)$", re.I)
_VERBS = {
    "is", "was", "has", "does", "goes", "remains", "stays", "gets", "takes", "makes",
    "costs", "counts", "needs", "means", "lies", "sits", "follows", "leaves", "shows",
    "wins", "loses", "scores", "plays", "moves", "gives", "holds", "keeps", "pays",
}  # fmt: skip

_ARTICLE = re.compile(r"(?<![\w'’-])(a|A|an|An) ([A-Za-z0-9][\w'’-]*)")
_APART = re.compile(r" {2,}| · ")
_CODE = re.compile(r"`[^`\n]*`")
_MENTION = re.compile(r"<[@#:!&t][^>\s]*>|https?://\S+")
_MARKDOWN = re.compile(r"\*\*[^*\n]+\*\*|(?<![\w*])\*[^*\s][^*\n]*\*(?![\w*])")
_STAR = re.compile(r"[\w)]\*(?![\w*])")
# A mark standing on its own and followed by words explains itself: "(* exhausted)",
# "* = exhausted", "*: exhausted".
_STAR_EXPLAINED = re.compile(r"(?:^|[\s(])\*\s*(?:=|:|\w)")
_WINS = re.compile(r"\bwins?\b")
_TIED = re.compile(r"\bti(?:e|ed|es)\b|tie-break")
_HEADER = re.compile(r"\bbegins (?:their|his|her|its) turn\b")


def _wrong_article(article: str, word: str) -> bool:
    """Whether ``article`` is the wrong one of a/an before ``word``."""
    if word[0].isdigit():
        number = word.split("-")[0]
        vowel = bool(re.fullmatch(r"8\d*|11|18|1[18]\d{3}", number))
    elif word.isupper() and len(word) <= 3:
        vowel = word[0] in _VOWEL_LETTERS
    elif _CONSONANT_SOUND.match(word):
        vowel = False
    elif _VOWEL_SOUND.match(word):
        vowel = True
    else:
        vowel = word[0].lower() in "aeiou"
    return vowel != (article.lower() == "an")


def _articles(line: str) -> Iterable[Problem]:
    for m in _ARTICLE.finditer(line):
        article, word = m.groups()
        if article == "A" and word.lower() in _NOT_AFTER_ARTICLE:
            continue  # "A or B": a side named A
        if _wrong_article(article, word):
            yield Problem(ARTICLE, m.group(0))


def _counts(line: str, names: Sequence[str]) -> Iterable[Problem]:
    for m in _PLURAL_MISSING.finditer(line):
        yield Problem(NUMBER, m.group(0))
    for m in _ONE_PLURAL.finditer(line):
        before, noun = m.group(1), m.group(2)
        head = line[: m.start(2)].rstrip()
        if before and before.strip().lower() in _LABELS:
            continue
        if any(head.endswith(name) for name in names):
            continue
        if _SINGULAR_S.search(noun) or noun.lower() in _VERBS:
            continue
        yield Problem(NUMBER, f"1 {noun}")


@lru_cache(maxsize=64)
def _numbered_names(names: tuple[str, ...]) -> re.Pattern[str] | None:
    """The seat names that end in a number, then a number: "Bob 2 3" reads as "Bob 23"."""
    numbered = [re.escape(name) for name in names if name[-1:].isdigit()]
    if not numbered:
        return None
    return re.compile(rf"(?<!\w)(?:{'|'.join(numbered)}) -?\d")


@lru_cache(maxsize=64)
def _scored_names(names: tuple[str, ...]) -> re.Pattern[str] | None:
    """A seat name and the score after it: "Player 1 9", "Ann: 3"."""
    if not names:
        return None
    either = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<!\w)({either}):? \(?(-?\d+)\b")


def _run_together(line: str, names: tuple[str, ...]) -> Iterable[Problem]:
    pattern = _numbered_names(names)
    if pattern is not None:
        yield from (Problem(RUN_TOGETHER, m.group(0)) for m in pattern.finditer(line))


def _marks(text: str) -> Iterable[Problem]:
    """A mark glued to a word ("Hopscotch*") that the text never explains."""
    bare = _MARKDOWN.sub("", text)
    if _STAR_EXPLAINED.search(bare):
        return
    for m in _STAR.finditer(bare):
        start = max(0, m.start() - 20)
        yield Problem(MARK, bare[start : m.end()].split(" ")[-1])


def _header(line: str, names: Sequence[str]) -> Iterable[Problem]:
    """A turn header ("— Eyrie Dynasties (1 VP) begins their turn —") names the player."""
    if names and _HEADER.search(line) and not any(name in line for name in names):
        yield Problem(NO_PLAYER, re.sub(r" *\([^)]*\)", "", line).strip(" —"))


def _tie(line: str, names: tuple[str, ...]) -> Iterable[Problem]:
    """A result naming a winner among tied scores says how the tie was broken."""
    pattern = _scored_names(names)
    if pattern is None or not _WINS.search(line) or _TIED.search(line):
        return
    scores: dict[str, int] = {}
    for m in pattern.finditer(line):
        scores.setdefault(m.group(1), int(m.group(2)))
    if len(scores) >= 2:
        top = max(scores.values())
        tied = [name for name, score in scores.items() if score == top]
        if len(tied) >= 2:
            yield Problem(TIE, ", ".join(f"{name} {top}" for name in tied))


def readable(text: str) -> str:
    """``text`` without what is not prose: code a player types, mentions and links."""
    return _MENTION.sub("someone", _CODE.sub("«code»", text))


def problems(text: str, names: Sequence[str] = (), picture: bool = False) -> list[Problem]:
    """Everything wrong in one text a player reads (see the module's docstring);
    ``picture`` for a text a picture draws, beside its legend."""
    text = readable(text)
    found: list[Problem] = []
    for line in text.splitlines():
        # Columns and labels set apart ("Map pile 33   Creature pile 13") are read apart.
        for part in _APART.split(line):
            if part.strip():
                found += line_problems(part, tuple(names), picture)
    found += _marks(text)
    return list(dict.fromkeys(found))


@lru_cache(maxsize=100_000)
def line_problems(
    line: str, names: tuple[str, ...] = (), picture: bool = False
) -> tuple[Problem, ...]:
    """What is wrong in one line (remembered: the same lines come back in every view)."""
    found: list[Problem] = []
    for rule in RULES if _SCREEN.search(line) else _BACKREF:
        if picture and not rule.pictures:
            continue
        found += (Problem(rule.kind, m.group(0)) for m in rule.pattern.finditer(line))
    found += _articles(line)
    found += _counts(line, names)
    found += _run_together(line, names)
    found += _header(line, names)
    found += _tie(line, names)
    return tuple(found)
