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
from collections.abc import Callable

# Who: a name or two ("Priya", "Uncle Dev"), "my dad", "my sister Hannah", "the Khans", or
# he/she/they.
_WHO = (
    r"(?P<who>(?:(?:[Mm]y|[Oo]ur|[Tt]he) [\w'-]+(?: [A-Z][\w'-]*)?"
    # an apostrophe only inside a name ("O'Brien"): "Priya's vegetarian" is Priya's
    r"|[A-Z][\w-]*(?:'[A-Z][\w-]*)?(?: [A-Z][\w-]*(?:'[A-Z][\w-]*)?)?|[Hh]e|[Ss]he|[Tt]hey))"
)
_IS = r"(?:'s| is| are|'re)"
_HAS = r"(?: has| have|'s got| has got| have got|'ve got)"
_NOT = r"(?:doesn't|does not|don't|do not|won't|will not|never|can't|cannot|can not)"
_CANT = r"(?:can't|cannot|can not|mustn't|must not|shouldn't|should not)"
_EATS = r"eats?"
_WHAT = r"(?P<what>[\w' -]+?)"
_END = r"[.!]?$"

# Each class: (a wording's pattern, the wording written out) for each wording it knows.
# {W}: who, said; in the written wording {who} is who and {what} the thing the class is of
# (an allergen, a medicine), when it has one.
_CLASSES: tuple[tuple[tuple[str, str], ...], ...] = (
    (  # vegetarian
        (r"{W}{IS} (?:a )?vegetarians?", "{who} is vegetarian"),
        (r"{W}{IS} (?:a )?veggies?", "{who} is a veggie"),  # a tenth trial's "Osric's a veggie"
        (r"{W} {NOT} {EATS} (?:any )?meat", "{who} doesn't eat meat"),
        (r"{W} {EATS} no meat", "{who} eats no meat"),
        # "Zara eats vegetarian food only", "Zara only eats veggie food" (an eighteenth
        # trial's went live after "Zara is vegetarian" was retracted)
        (
            r"{W} only {EATS} (?:vegetarian|veggie)(?: food| meals)?",
            "{who} only eats vegetarian food",
        ),
        (
            r"{W} {EATS} (?:vegetarian|veggie)(?: food| meals)? only",
            "{who} eats vegetarian food only",
        ),
        (r"{W} {NOT} {EATS} (?:any )?meat or fish", "{who} doesn't eat meat or fish"),
    ),
    (  # vegan
        (r"{W}{IS} (?:a )?vegans?", "{who} is vegan"),
        (r"{W} {NOT} {EATS} (?:any )?animal products", "{who} doesn't eat animal products"),
        (r"{W} {EATS} no animal products", "{who} eats no animal products"),
    ),
    (  # pescatarian
        (r"{W}{IS} (?:a )?pescatarians?", "{who} is pescatarian"),
        (r"{W} {EATS} fish but (?:not|no)(?: other)? meat", "{who} eats fish but no meat"),
    ),
    (  # halal
        (r"{W} only {EATS} halal(?: meat| food)?", "{who} only eats halal meat"),
        (r"{W} {EATS} halal(?: meat| food)? only", "{who} eats halal only"),
    ),
    (  # kosher
        (r"{W} (?:keeps?|keeps? a) kosher(?: kitchen| home)?", "{who} keeps kosher"),
        (r"{W} only {EATS} kosher(?: food)?", "{who} only eats kosher food"),
    ),
    (  # coeliac
        (r"{W}{IS} (?:a )?(?:coeliac|celiac)", "{who} is coeliac"),
        (r"{W}{HAS} (?:coeliac|celiac)(?: disease)?", "{who} has coeliac disease"),
        (r"{W} {CANT} (?:eat|have) (?:any )?gluten", "{who} can't have gluten"),
    ),
    (  # lactose
        (r"{W}{IS} lactose intolerant", "{who} is lactose intolerant"),
        (r"{W} {CANT} (?:eat|have|drink) (?:any )?(?:dairy|lactose)", "{who} can't have dairy"),
        (r"{W} (?:can't|cannot) digest (?:dairy|lactose)", "{who} can't digest lactose"),
    ),
    (  # dairy-free
        (r"{W}{IS} dairy[- ]free", "{who} is dairy-free"),
        (r"{W} {NOT} (?:eat|have) (?:any )?dairy", "{who} doesn't eat dairy"),
    ),
    (  # diabetes
        (r"{W}{IS} (?:a )?diabetic", "{who} is diabetic"),
        (r"{W}{HAS} diabetes", "{who} has diabetes"),
    ),
    (  # alcohol
        (r"{W}{IS} (?:a )?(?:teetotal|teetotaller|teetotaler)", "{who} is teetotal"),
        (r"{W} {NOT} drinks?(?: any)?(?: alcohol| booze)?", "{who} doesn't drink alcohol"),
    ),
    (  # alcohol, given up
        (r"{W}(?: has|'s)? stopped drinking(?: alcohol| booze)?", "{who} has stopped drinking"),
        (
            r"{W}(?: has|'s)? given up (?:drinking|alcohol|booze|the drink)",
            "{who} has given up alcohol",
        ),
    ),
    (  # hearing
        (r"{W}{IS} hard of hearing", "{who} is hard of hearing"),
        (r"{W} {NOT} hears? (?:very )?well", "{who} doesn't hear well"),
    ),
    (  # short sight
        (r"{W}{IS} (?:short[- ]sighted|near[- ]?sighted|myopic)", "{who} is short-sighted"),
        (r"{W}{IS} near[- ]?sighted", "{who} is nearsighted"),
    ),
    (  # long sight
        (r"{W}{IS} (?:long[- ]sighted|far[- ]?sighted)", "{who} is long-sighted"),
        (r"{W}{IS} far[- ]?sighted", "{who} is farsighted"),
    ),
    (  # blind in an eye
        (
            r"{W}{IS} blind in (?:his|her|their|the) (?P<what>left|right) eye",
            "{who} is blind in the {what} eye",
        ),
        (
            r"{W} (?:can't|cannot) see (?:out of|with) (?:his|her|their|the)"
            r" (?P<what>left|right) eye",
            "{who} can't see out of the {what} eye",
        ),
    ),
    (  # dentures
        (r"{W} (?:wears|has|uses) (?:false teeth)", "{who} has false teeth"),
        (r"{W} (?:wears|has|uses) dentures", "{who} wears dentures"),
    ),
    (  # pregnancy
        (r"{W}{IS} pregnant", "{who} is pregnant"),
        (r"{W}{IS} expecting(?: a baby)?", "{who} is expecting a baby"),
    ),
    (  # an allergen
        (r"{W}{IS} allergic to {WHAT}", "{who} is allergic to {what}"),
        (r"{W} {CANT} (?:eat|have) (?:any )?{WHAT}", "{who} can't eat {what}"),
        # a medicine: "Dai can't take penicillin" (an eighteenth trial's went live)
        (r"{W} {CANT} (?:take|be given) (?:any )?{WHAT}", "{who} can't take {what}"),
        (r"{W}{HAS} (?:an? )?{WHAT} allergy", "{who} has a {what} allergy"),
        (r"{WHAT} (?:triggers|sets off) {W}'s allergy", "{what} triggers {who}'s allergy"),
        (
            r"{WHAT} (?:gives?|causes?) {W} an allergic reaction",
            "{what} gives {who} an allergic reaction",
        ),
    ),
    (  # a medicine
        (r"{W} takes (?P<what>[\w-]+)", "{who} takes {what}"),
        (r"{W}{IS} on (?P<what>[\w-]+)", "{who} is on {what}"),
    ),
    (  # a food hated
        (r"{W} (?:hates|loathes|detests) {WHAT}", "{who} hates {what}"),
        (r"{W} (?:can't|cannot) stand {WHAT}", "{who} can't stand {what}"),
    ),
    (  # a food disliked: a tenth trial's "Maggie really doesn't like cilantro" after "Maggie
        # hates coriander"; a class of its own, since read as "hates" a "dislikes" held a
        # refused "Leo likes apples"
        (
            r"{W} (?:really )?(?:doesn't|does not|don't|do not) like {WHAT}",
            "{who} doesn't like {what}",
        ),
        (r"{W} (?:really )?dislikes {WHAT}", "{who} dislikes {what}"),
    ),
)


def _pattern(wording: str) -> re.Pattern[str]:
    filled = (
        wording.replace("{W}", _WHO)
        .replace("{IS}", _IS)
        .replace("{HAS}", _HAS)
        .replace("{NOT}", _NOT)
        .replace("{CANT}", _CANT)
        .replace("{EATS}", _EATS)
        .replace("{WHAT}", _WHAT)
    )
    return re.compile(rf"^{filled}{_END}", re.IGNORECASE if wording.startswith("{WHAT}") else 0)


_READ = tuple(
    tuple((_pattern(pattern), written) for pattern, written in wordings) for wordings in _CLASSES
)
# "Dad is on holiday", "Sam can't have his phone": not a medicine, not an allergen.
_NOT_A_THING_EATEN = re.compile(
    r"\b(?:holiday|leave|call|duty|time|phone|tablet|screen|friends|sleepovers|a|the|his|"
    r"her|their|it|that|this|any more|anymore|today|tonight|now|yet)\b"
)


# One thing, said in the words of one side of the Atlantic or the other, or more plainly:
# each group's other words are read as its first ("cilantro" as "coriander"). Only words
# with one sense in a household's facts; never "chips" or "biscuits", which differ.
_SAME_WORDS: tuple[tuple[str, ...], ...] = (
    ("coriander", "cilantro"),
    ("aubergine", "eggplant"),
    ("courgette", "zucchini"),
    ("rocket", "arugula"),
    ("prawns", "shrimp"),
    ("spring onions", "scallions", "green onions"),
    ("nappies", "diapers"),
    ("tablets", "pills", "tabs"),
    ("blood pressure", "bp"),
    ("under", "beneath", "underneath"),
    ("vet", "veterinarian", "vets"),
)
# Each group's words, any of them, as one pattern: compiled once, read on every statement
# a tombstone is matched against
_SAME_WORD_PATTERNS = tuple(
    (re.compile(rf"\b(?:{'|'.join(map(re.escape, group))})\b", re.IGNORECASE), group)
    for group in _SAME_WORDS
)


def in_plain_words(text: str) -> str:
    """`text` with each word of a group in _SAME_WORDS read as the group's first; the first
    itself is left as written ("Coriander …" keeps its capital)."""
    for pattern, group in _SAME_WORD_PATTERNS:
        text = pattern.sub(_as_first(group[0]), text)
    return text


def _as_first(first: str) -> Callable[[re.Match[str]], str]:
    def said(found: re.Match[str]) -> str:
        return found[0] if found[0].lower() == first else first

    return said


def _each_same_word(text: str) -> list[str]:
    """`text` with a word of a _SAME_WORDS group said as each other word of it, one group at
    a time ("…coriander" -> "…cilantro"): a tombstone keeps no words, so a refusal said in
    the rarer word is met by the new statement said in it (a review's "Maggie hates
    cilantro" refused, then "…coriander", had gone live)."""
    found: list[str] = []
    for pattern, group in _SAME_WORD_PATTERNS:
        if (hit := pattern.search(text)) is None:
            continue
        found += [pattern.sub(word, text) for word in group if word != hit.group().lower()]
    return found


def other_wordings(text: str) -> list[str]:
    """The same fact in the other wordings of its class ("Priya doesn't eat meat." ->
    ["Priya is vegetarian", "Priya eats no meat", …]), in plain words ("…cilantro" ->
    "…coriander") with that one's other wordings, and with each same word said as each
    other ("…coriander" -> "…cilantro"); [] when it is in none."""
    text = " ".join(text.split())
    plain = in_plain_words(text)
    said = [plain] if plain != text else []
    same = [other for other in _each_same_word(text) if other not in (text, *said)]
    classes = [other for one in (text, *said) for other in _class_wordings(one)]
    return list(dict.fromkeys([*said, *classes, *same]))


def _class_wordings(text: str) -> list[str]:
    said = " ".join(text.split())
    for wordings in _READ:
        for pattern, _ in wordings:
            if (match := pattern.match(said)) is None:
                continue
            what = match.groupdict().get("what")
            if what is not None and _NOT_A_THING_EATEN.search(what.lower()):
                return []
            who = match["who"]
            if what is not None and pattern.flags & re.IGNORECASE:
                what = what.lower()  # "Sesame triggers Isla's allergy": the sentence's capital
            return [
                written.format(who=who, what=what)
                for other, written in wordings
                if other is not pattern
            ]
    return []
