"""A recipe as people paste it, read into a `Recipe`, or refused with what was missing.

    parse_pasted(text) -> Recipe      # raises NotARecipe(missing=("steps",))

The shapes it reads: a title line (perhaps after a chatty paragraph), "Serves 4",
"Makes 12", "Yield: 2 loaves"; an ingredients heading of many names ("Ingredients",
"You will need", …) or none; bullets, numbers or bare lines; sub-headings in the list
("For the icing:"); a method heading ("Method", "Steps", "Directions", …) or none;
steps numbered ("1.", "1)", "Step 1:") or written as paragraphs; "Notes"/"Tips" and a
"Source:" line after. Without headings, a block of short lines that start with an
amount is the ingredients, and what follows is the method.

A recipe with no ingredients or no steps is refused whole: nothing of it is kept.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from appliance.cookbook.amounts import Ingredient, read_ingredient
from appliance.cookbook.recipe import Recipe
from appliance.cookbook.timing import step_seconds
from appliance.errors import HearthError
from appliance.numbers import ONES

MAX_PASTE_CHARS = 40_000  # a long recipe is 5 000; a pasted web page is not a recipe

NUMBER_WORDS = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_MARKUP = re.compile(r"^[#*_=\s>]+|[*_=:\s]+$")
_INGREDIENTS = re.compile(
    r"^(?:ingredients?(?: list)?|you(?:'ll| will)? need|what you(?:'ll| will)? need|"
    r"what you need|shopping list|for the recipe)(?:\s*\((?P<aside>[^)]*)\))?$",
    re.IGNORECASE,
)
_METHOD = re.compile(
    r"^(?:method|steps|directions|instructions|preparation|how to make(?: it| them)?|"
    r"how to cook(?: it)?|what to do|to make|making it|the method|cooking|recipe steps)$",
    re.IGNORECASE,
)
_NOTES = re.compile(
    r"^(?:notes?|tips?|cook'?s notes?|cook'?s tips?|variations?|to serve|serving "
    r"suggestions?|storage|make ahead)$",
    re.IGNORECASE,
)
_SOURCE = re.compile(
    r"^(?:source|recipe from|adapted from|from|via|credit|courtesy of)\s*[:\-–]?\s+(?P<who>.+)$",
    re.IGNORECASE,
)
_SERVES = re.compile(
    r"\b(?P<word>serves|serving|servings|makes|yield|yields|feeds|portions|quantity)\b"
    r"\s*[:\-–]?\s*(?:about\s+|approx\.?\s+)?(?P<n>\d+|" + NUMBER_WORDS + r")\b",
    re.IGNORECASE,
)
_SERVES_AFTER = re.compile(
    r"^(?:for\s+)?(?P<n>\d+|" + NUMBER_WORDS + r")\s*(?:[-–]\s*\d+\s*)?"
    r"(?:servings|portions|people|persons)\b",
    re.IGNORECASE,
)
_TIMING_LINE = re.compile(
    r"^(?:prep|preparation|cook|cooking|total|bake|baking|active|ready in|takes)"
    r"(?:\s+time)?\s*[:\-–]",
    re.IGNORECASE,
)
# A step's mark: "Step 1:", "1.", "1)", "1 -" or a bullet ("2 eggs" is no mark).
_STEP_MARK = re.compile(
    r"^\s*(?:step\s*(?:\d+|" + NUMBER_WORDS + r")\b\s*[:.)\-–]?|\d+\s*[.)](?!\d)|"
    r"\(\d+\)|\d+/(?!\d)|[①-⑳]|\d+\s+[-–:]\s|[-*•·▪◦‣]|\[\s?[xX]?\]|▢)\s*",
    re.IGNORECASE,
)
# A magazine numbers its steps with a bare number before a capital: "1 Heat the oven".
_BARE_NUMBER = re.compile(r"^\s*(\d{1,2})\s+(?=[A-Z][a-z])")
# "Cheers, Pete", "Enjoy!", "xx": the end of a message, not a step.
_SIGN_OFF = re.compile(
    r"^(?:cheers|thanks|thank you|ta|love|lots of love|enjoy|happy (?:cooking|baking|eating)|"
    r"bon app[ée]tit|best|speak soon|x+)\b[\w\s,.!'-]{0,20}$|^x+$|"
    r"^(?:let me know how|hope you (?:enjoy|like)|have fun|any questions)\b.{0,40}$",
    re.IGNORECASE,
)
_BULLET = re.compile(r"^\s*(?:(?:[-*•·▪◦‣]|\[\s?[xX]?\]|▢)\s*)+")
_STARTS_WITH_AMOUNT = re.compile(
    r"^\s*(?:\d|[½¼¾⅓⅔⅛⅜⅝⅞]|an?\s+(?:pinch|handful|knob|dash|splash|bunch|sprig)|"
    r"(?:pinch|handful|knob|dash|splash) of\b|" + NUMBER_WORDS + r"\s)",
    re.IGNORECASE,
)
# Lines that are about the recipe, not of it: an aside in brackets, a PDF's page footer,
# a web address, a nutrition line.
_NOT_RECIPE_TEXT = re.compile(
    r"^\(.*\)$|^.*\bpage \d+ of \d+$|^(?:https?://|www\.)\S+$|"
    r"^(?:per serving|nutrition|nutritional info)\b",
    re.IGNORECASE,
)
# "200g", "3", "1 ½ tbsp": an amount alone, its ingredient on the next line.
_ONLY_AMOUNT = re.compile(
    r"[\d½¼¾⅓⅔⅛.,/ -]+\s*(?:g|kg|ml|l|oz|lb|tsp|tbsp|cups?)?\.?", re.IGNORECASE
)
# "Butter ........ 4 oz": the amount after dotted leaders.
_LEADER = re.compile(r"^\s*(?P<item>[^.].*?)\s*\.{3,}\s*(?P<amount>\S.*)$")
# "*For the cake*": an emphasised line in a method heads a part of it; it is no step.
_EMPHASISED = re.compile(r"^\s*[*_](?P<words>[^*_]+)[*_]\s*$")
# "1.  2 tbsp butter": a list's own number before the amount.
_LIST_NUMBER = re.compile(r"^\s*(\d{1,2})[.)]\s+(?=\S)")
# "Notes: don't overbake it", "👉 tip: works with rocket too": a note on the step's line.
_INLINE_NOTE = re.compile(
    r"^\W*(?:notes?|tips?|cook'?s notes?|nb|n\.b\.)\s*:\s*\S|^\W*(?-i:TIPS?|NOTES?|NB)\s+\S",
    re.IGNORECASE,
)


class NotARecipe(HearthError):
    """The text is not a whole recipe; `missing` names what could not be found."""

    def __init__(self, missing: tuple[str, ...], why: str | None = None) -> None:
        self.missing = missing
        super().__init__(
            why
            or (
                "not kept: no "
                + " and no ".join(missing)
                + " found. A recipe needs its ingredients (a list, one per line) and its "
                "steps (numbered, or a paragraph each); nothing was written"
            )
        )


@dataclass
class _Sections:
    header: list[str] = field(default_factory=list)
    ingredients: list[str] | None = None  # None: no heading seen
    method: list[str] | None = None
    notes: list[str] = field(default_factory=list)
    source: str | None = None


def _normalised(text: str) -> list[str]:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("⁄", "/")
    text = unicodedata.normalize("NFC", text).replace("\u00a0", " ")
    text = re.sub(r"\*\*|__", "", text)  # markdown's bold never changes what a line is
    return [_amount_first(_table_row(line)).rstrip() for line in text.split("\n")]


def _table_row(line: str) -> str:
    """A spreadsheet's row, copied as tab-separated cells, as the line it stands for:
    "Butter<TAB>225<TAB>g" -> "225 g Butter", "1<TAB>Heat the oven" -> "1. Heat the oven",
    "Ingredient<TAB>Amount<TAB>Unit" -> "Ingredients", "Serves<TAB>12" -> "Serves 12"."""
    if "\t" not in line:
        return line
    cells = [c.strip() for c in line.split("\t")]
    first = cells[0].lower()
    if first in ("ingredient", "ingredients", "item"):
        return "Ingredients"
    if first in ("step", "steps", "method", "#", "no", "no."):
        return "Method"
    if re.fullmatch(r"\d{1,2}", cells[0]) and len(cells) > 1 and cells[1]:
        return f"{cells[0]}. {' '.join(cells[1:])}"
    if first not in ("serves", "makes") and re.fullmatch(r"[\d.,/½¼¾⅓⅔ -]+", cells[1] or "x"):
        return " ".join([*cells[1:], cells[0]]).strip()
    return " ".join(cells)


def _amount_first(line: str) -> str:
    """A parish cookbook's "Butter ........ 4 oz" as "4 oz Butter"."""
    if (leader := _LEADER.match(line)) is not None:
        return f"{leader['amount']} {leader['item']}"
    return line


def _bare(line: str) -> str:
    """A line without markdown's marks around it: "## Method:" -> "Method"."""
    return _MARKUP.sub("", line).strip()


def _sections(lines: list[str]) -> _Sections:
    found = _Sections()
    current = found.header
    for line in lines:
        bare = _bare(line)
        if _NOT_RECIPE_TEXT.match(bare):
            continue  # "(she never wrote down what to do)", "Page 1 of 2", a web address
        if (heading := _INGREDIENTS.match(bare)) and found.ingredients is None:
            found.ingredients = current = []
            if heading["aside"] and (serves := _SERVES_AFTER.match(heading["aside"])):
                found.header.append(f"Serves {serves['n']}")
        elif _METHOD.match(bare) and found.method is None:
            found.method = current = []
        elif _NOTES.match(bare) and (found.method is not None or found.ingredients is not None):
            current = found.notes
        elif _INLINE_NOTE.match(bare):  # the one line; what follows is what it was
            found.notes.append(re.sub(r"^\W*\w+'?\w*\s*:?\s*", "", bare))
        elif (source := _SOURCE.match(bare)) and _is_source(bare, current is found.header):
            found.source = source["who"].strip()
        else:
            current.append(line)
    return found


def _is_source(bare: str, in_header: bool) -> bool:
    """ "Source: …" anywhere; "From Nana's recipe box" only as a short line of its own."""
    if re.match(r"^(?:source|recipe from|adapted from|credit|courtesy of)\b", bare, re.I):
        return True
    return not in_header and len(bare.split()) <= 8 and not bare.endswith(".")


def _is_ingredient_like(line: str) -> bool:
    bare = line.strip()
    if not bare or (_STEP_MARK.match(bare) and not _BULLET.match(bare)):
        return False
    text = _BULLET.sub("", bare)
    if _STARTS_WITH_AMOUNT.match(text) and len(text.split()) <= 12:
        return True
    return bool(_BULLET.match(bare)) and len(text.split()) <= 10 and not text.endswith(".")


def _is_step_like(line: str) -> bool:
    bare = line.strip()
    if re.match(r"^\s*(?:step\s*\d+|\d+\s*[.)]\s)", bare, re.IGNORECASE):
        return True
    return len(bare.split()) >= 8 and bare.endswith((".", "!", ")"))


def _title_and_serves(header: list[str]) -> tuple[str | None, int | None, bool, list[str]]:
    """The title line, the serves count, and the header lines left over (the list, maybe)."""
    title: str | None = None
    serves: int | None = None
    makes = False
    rest: list[str] = []
    for line in header:
        bare = _bare(line)
        if not bare:
            rest.append(line)
            continue
        said = None if serves is not None else _SERVES.search(bare) or _SERVES_AFTER.match(bare)
        meta = len(bare.split()) <= 8 or "|" in bare or _SERVES.match(bare)
        if said is not None and meta:  # "Prep 10 mins | Cook 20 mins | Servings: 3" too
            serves = _count(said["n"])
            makes = (said.groupdict().get("word") or "").lower() in ("makes", "yield", "yields")
            continue
        if _TIMING_LINE.match(bare):
            continue
        if title is None and _could_be_title(bare) and not _is_ingredient_like(line):
            title = re.sub(r"^(?:recipe|title)\s*:\s*", "", bare, flags=re.IGNORECASE)
            continue
        rest.append(line)
    return title, serves, makes, rest


def _could_be_title(bare: str) -> bool:
    words = bare.split()
    return 0 < len(words) <= 10 and len(bare) <= 80 and not bare.endswith((".", "?", "!", ","))


def _count(said: str) -> int:
    return int(said) if said.isdigit() else ONES[said.lower()]


def _without_list_numbers(lines: list[str]) -> list[str]:
    """A word processor's numbered list ("1.  2 tbsp butter"): the numbers 1, 2, 3 … go."""
    marks = [m for line in lines if (m := _LIST_NUMBER.match(line))]
    numbers = [int(m[1]) for m in marks]
    if len(numbers) < 2 or numbers != list(range(1, len(numbers) + 1)):
        return lines
    return [_LIST_NUMBER.sub("", line) for line in lines]


def _ingredients(lines: list[str]) -> tuple[Ingredient, ...]:
    lines = _without_list_numbers(lines)
    bulleted = sum(1 for line in lines if _BULLET.match(line)) >= 2
    group: str | None = None
    found: list[Ingredient] = []
    pending = ""  # an amount alone on its line, as a web page's columns copy
    for at, line in enumerate(lines):
        bare = _bare(line) if not _BULLET.match(line) else ""
        if not line.strip():
            continue
        following = next((x for x in lines[at + 1 :] if x.strip()), None)
        if bare and _is_group_heading(line, bare, bulleted, following):
            group = bare.rstrip(":").strip()
            continue
        text = _BULLET.sub("", line).strip()
        if _ONLY_AMOUNT.fullmatch(text):  # "200g", and what it is on the next line
            pending = text
            continue
        if pending:
            text, pending = f"{pending} {text}", ""
        if text:
            found.append(read_ingredient(text, group))
    return tuple(found)


def _is_group_heading(line: str, bare: str, bulleted: bool, following: str | None) -> bool:
    """ "For the icing:", "### Sauce", or a short capitalised line of no amount over lines
    that have one ("Dough" above "100g butter")."""
    if _STARTS_WITH_AMOUNT.match(bare) or read_ingredient(bare).quantity is not None:
        return False
    if line.rstrip().endswith(":") or line.lstrip().startswith("#"):
        return True
    if re.match(r"^for (?:the |a |your )?\w", bare, re.IGNORECASE) and len(bare.split()) <= 5:
        return True
    if bulleted:
        return len(bare.split()) <= 4 and not _BULLET.match(line)
    return (
        len(bare.split()) <= 3
        and "," not in bare
        and bare[:1].isupper()
        and following is not None
        and _STARTS_WITH_AMOUNT.match(_BULLET.sub("", following)) is not None
    )


def _without_sign_off(lines: list[str]) -> list[str]:
    """A message's end ("Cheers,", "Pete") is no step: the sign-off and what follows it."""
    for at, line in enumerate(lines):
        after = [x for x in lines[at + 1 :] if x.strip()]
        if _SIGN_OFF.match(line.strip()) and all(len(x.split()) <= 3 for x in after):
            return lines[:at]
    return lines


def _steps(lines: list[str]) -> tuple[str, ...]:
    lines = [line for line in _without_sign_off(lines) if not _EMPHASISED.match(line)]
    if any(_STEP_MARK.match(line) for line in lines if line.strip()):
        return _marked_steps(lines)
    numbers = [int(m[1]) for line in lines if (m := _BARE_NUMBER.match(line))]
    if len(numbers) >= 2 and numbers == list(range(1, len(numbers) + 1)):
        return _marked_steps(lines, _BARE_NUMBER)  # a magazine's "1 Heat the oven"
    paragraphs: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            paragraphs[-1].append(line.strip())
        elif paragraphs[-1]:
            paragraphs.append([])
    paragraphs = [p for p in paragraphs if p]
    if len(paragraphs) == 1:
        # No blank lines between them: a line each.
        return tuple(" ".join(line.split()) for line in paragraphs[0])
    return tuple(" ".join(" ".join(p).split()) for p in paragraphs)


def _marked_steps(lines: list[str], marks: re.Pattern[str] | None = None) -> tuple[str, ...]:
    """Each mark starts a step; an unmarked line goes on with the step before it."""
    steps: list[str] = []
    for line in lines:
        if not line.strip():
            continue
        if (mark := (marks or _STEP_MARK).match(line)) is not None:
            steps.append(line[mark.end() :].strip())  # "Step 1" alone: its words follow
        elif steps:
            steps[-1] = f"{steps[-1]} {line.strip()}".strip()
        else:
            steps.append(line.strip())
    return tuple(" ".join(s.split()) for s in steps if s.strip())


def parse_pasted(text: str) -> Recipe:
    """The recipe in `text`, or NotARecipe naming what is missing (nothing half-read)."""
    if len(text) > MAX_PASTE_CHARS:
        raise NotARecipe(
            ("a recipe",),
            f"not kept: that is more than a recipe ({MAX_PASTE_CHARS} characters at most); "
            "paste the recipe alone. Nothing was written",
        )
    found = _sections(_normalised(text))
    title, serves, makes, header_rest = _title_and_serves(found.header)
    ingredient_lines, method_lines = _split_body(found, header_rest)
    ingredients = _ingredients(ingredient_lines)
    steps = _steps(method_lines)
    missing = tuple(
        name for name, got in (("ingredients", ingredients), ("steps", steps)) if not got
    )
    if missing:
        raise NotARecipe(missing)
    notes = "\n".join(line.strip() for line in found.notes).strip() or None
    return Recipe(title, serves, ingredients, steps, found.source, notes, makes)


def _split_body(found: _Sections, header_rest: list[str]) -> tuple[list[str], list[str]]:
    """The ingredient lines and the method lines, headings or none."""
    if found.ingredients is not None and found.method is not None:
        return found.ingredients, found.method
    if found.ingredients is not None:  # a list heading, then the steps without one
        return _until_steps(found.ingredients)
    if found.method is not None:  # the list sits in the header, unheaded
        return [line for line in header_rest if _is_ingredient_like(line)], found.method
    return _until_steps(header_rest)


def _is_listed(line: str) -> bool:
    """A line of an unheaded list: an amount, a bullet, or a few words that are no sentence."""
    bare = line.strip()
    if not bare:
        return False
    return _is_ingredient_like(line) or (len(bare.split()) <= 8 and not bare.endswith("."))


def _until_steps(lines: list[str]) -> tuple[list[str], list[str]]:
    """An unheaded list and its method: the list starts at the first ingredient line (a
    chatty paragraph before it is no step) and ends at the first line that reads as a
    step, or at a blank line followed by a sentence."""
    start = next((at for at, line in enumerate(lines) if _is_ingredient_like(line)), None)
    if start is None:  # no list: only numbered lines say for sure that they are steps
        numbered = any(_STEP_MARK.match(x) and not _BULLET.match(x) for x in lines)
        return [], lines if numbered else []
    before = [x for x in lines[:start] if x.strip()]
    if before and before[-1].rstrip().endswith(":") and len(before[-1].split()) <= 5:
        start = lines.index(before[-1])  # "For the cake:" heads the list's first group
    lines = lines[start:]
    for at, line in enumerate(lines):
        if line.strip() and _is_step_like(line) and not _is_ingredient_like(line):
            return [x for x in lines[:at] if _is_listed(x)], lines[at:]
        if not line.strip():
            block = _block_at(lines, at + 1)
            if not block or not _is_listed(block[0]) or _reads_as_method(block):
                return [x for x in lines[:at] if _is_listed(x)], lines[at:]
    return [x for x in lines if _is_listed(x)], []


def _block_at(lines: list[str], at: int) -> list[str]:
    """The lines from `at` (blank lines skipped first) up to the next blank line."""
    while at < len(lines) and not lines[at].strip():
        at += 1
    block = []
    while at < len(lines) and lines[at].strip():
        block.append(lines[at])
        at += 1
    return block


_COOKING_VERBS = frozenset(
    "add bake beat blend boil bring brown chill chop combine cook cool cover crack cut "
    "divide drain fold fry grate grease grill heat knead leave let line melt mix place "
    "pour preheat put remove rest roast roll season serve simmer slice soak spoon spread "
    "sprinkle stir strain tip toast toss transfer turn whisk".split()
)


def _reads_as_method(block: list[str]) -> bool:
    """Short unpunctuated lines that are still steps ("fry onions till soft about 10
    mins"): most start with a cooking verb or say how long."""
    said = [x.strip().lower() for x in block]
    steps = sum(1 for x in said if x.split()[0] in _COOKING_VERBS or step_seconds(x) is not None)
    return steps * 2 > len(said)
