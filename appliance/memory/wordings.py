"""The other words a household uses for the same fact of diet or health: "Priya doesn't eat
meat" is "Priya is vegetarian", "Tom can't eat shellfish" is "Tom is allergic to shellfish".

A refused fact said again in these words had gone live: the embedding puts "doesn't eat
meat" below the same-meaning threshold from "vegetarian", and the negation in it reads as
a contrast (an eighth trial's, and the note-taker's and an import's the same way). The
tombstone log reads a new statement in each of its other wordings too (`other_wordings`),
so a refusal said one way holds the rest; matching only, nothing is rewritten or stored.

Each class lists every wording it knows; a statement in one of them (the whole of it, said
of one person or a "my/our" someone) yields the others. Said with more ("…on Fridays",
"used to be…", "isn't…") it is in none, and is read as it is.
"""

from __future__ import annotations

import re

# Who: a name or two ("Priya", "Uncle Dev"), "my dad", "our Gran", or he/she/they.
_WHO = r"(?P<who>(?:(?:[Mm]y|[Oo]ur) [\w'-]+|[A-Z][\w'-]*(?: [A-Z][\w'-]*)?|[Hh]e|[Ss]he))"
_IS = r"(?:'s| is)"
_NOT = r"(?:doesn't|does not|won't|will not|never|can't|cannot|can not)"
_CANT = r"(?:can't|cannot|can not|mustn't|must not|shouldn't|should not)"
_END = r"[.!]?$"

# (a wording's pattern, the wording written for a person) per class; {who}: the person,
# {what}: the thing a class is of (an allergen), when it has one.
_CLASSES: tuple[tuple[tuple[str, str], ...], ...] = (
    (  # vegetarian
        (rf"{_IS} (?:a )?vegetarian", "{who} is vegetarian"),
        (rf" {_NOT} eats? (?:any )?meat", "{who} doesn't eat meat"),
        (r" eats? no meat", "{who} eats no meat"),
        (rf" {_NOT} eats? (?:any )?meat or fish", "{who} doesn't eat meat or fish"),
    ),
    (  # vegan
        (rf"{_IS} (?:a )?vegan", "{who} is vegan"),
        (rf" {_NOT} eats? (?:any )?animal products", "{who} doesn't eat animal products"),
        (r" eats? no animal products", "{who} eats no animal products"),
    ),
    (  # pescatarian
        (rf"{_IS} (?:a )?pescatarian", "{who} is pescatarian"),
        (r" eats? fish but (?:not|no) meat", "{who} eats fish but not meat"),
    ),
    (  # coeliac
        (rf"{_IS} (?:a )?(?:coeliac|celiac)", "{who} is coeliac"),
        (r" (?:has|'s got|has got) (?:coeliac|celiac)(?: disease)?", "{who} has coeliac disease"),
        (rf" {_CANT} (?:eat|have) (?:any )?gluten", "{who} can't have gluten"),
    ),
    (  # lactose
        (rf"{_IS} lactose intolerant", "{who} is lactose intolerant"),
        (rf" {_CANT} (?:eat|have|drink) (?:any )?(?:dairy|lactose)", "{who} can't have dairy"),
    ),
    (  # diabetes
        (rf"{_IS} (?:a )?diabetic", "{who} is diabetic"),
        (r" (?:has|'s got|has got) diabetes", "{who} has diabetes"),
    ),
    (  # alcohol
        (rf"{_IS} (?:a )?(?:teetotal|teetotaller|teetotaler)", "{who} is teetotal"),
        (rf" {_NOT} drinks?(?: any)?(?: alcohol| booze)?", "{who} doesn't drink alcohol"),
    ),
    (  # hearing
        (rf"{_IS} hard of hearing", "{who} is hard of hearing"),
        (rf" {_NOT} hears? (?:very )?well", "{who} doesn't hear well"),
    ),
    (  # pregnancy
        (rf"{_IS} pregnant", "{who} is pregnant"),
        (rf"{_IS} expecting(?: a baby)?", "{who} is expecting a baby"),
    ),
    (  # an allergen
        (rf"{_IS} allergic to (?P<what>[\w' -]+?)", "{who} is allergic to {what}"),
        (rf" {_CANT} (?:eat|have) (?:any )?(?P<what>[\w' -]+?)", "{who} can't eat {what}"),
        (
            r" (?:has|'s got|has got) (?:an? )?(?P<what>[\w' -]+?) allergy",
            "{who} has a {what} allergy",
        ),
    ),
    (  # a medicine
        (r" takes (?P<what>[\w-]+)", "{who} takes {what}"),
        (rf"{_IS} on (?P<what>[\w-]+)", "{who} is on {what}"),
    ),
    (  # a food hated
        (r" (?:hates|loathes|detests) (?P<what>[\w' -]+?)", "{who} hates {what}"),
        (r" (?:can't|cannot) stand (?P<what>[\w' -]+?)", "{who} can't stand {what}"),
    ),
)
_READ = tuple(
    tuple((re.compile(rf"^{_WHO}{pattern}{_END}"), written) for pattern, written in wordings)
    for wordings in _CLASSES
)
# "Dad is on holiday", "Sam can't have his phone": not a medicine, not an allergen.
_NOT_A_THING_EATEN = re.compile(
    r"\b(?:holiday|leave|call|duty|time|phone|tablet|screen|friends|sleepovers|a|the|his|"
    r"her|their|it|that|this|any more|anymore|today|tonight|now|yet)\b"
)


def other_wordings(text: str) -> list[str]:
    """The same fact in the other wordings of its class ("Priya doesn't eat meat." ->
    ["Priya is vegetarian", "Priya eats no meat", …]); [] when it is in none."""
    said = " ".join(text.split())
    for wordings in _READ:
        for pattern, _ in wordings:
            if (match := pattern.match(said)) is None:
                continue
            what = match.groupdict().get("what")
            if what is not None and _NOT_A_THING_EATEN.search(what):
                return []
            who = match["who"]
            return [
                written.format(who=who, what=what)
                for other, written in wordings
                if other is not pattern
            ]
    return []
