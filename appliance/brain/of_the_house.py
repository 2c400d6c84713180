"""Said of the household itself: a sentence the model wrote about the family, the kids, the
house, the dog, or the person asking, where nobody is named.

Asked "how's the family?" with nothing told, the default model wrote "The family is doing
well, thank you. … They're always looking out for each other"; asked "is the house tidy?",
"no, the house is not tidy." Told (told.py) checks the sentences that name one of the
household's people; these name no one. So a sentence whose subject is the household's own
("the family", "your husband", "the kids", "our dog", "your house", "everyone" being some
way, "we" with the model speaking as one of the family, "you" always or usually doing a
thing, or loving one) may say only words the household told or the person just said.

What is not a statement of this house passes: a question back, a wish ("I hope the family is
well"), what will or might be ("the kids will love it"), advice ("the dog shouldn't have
onions"), a condition ("if the kids like pasta, …"), what it does not know ("I don't know
how the kids are"), and what families do in general ("most families…", no house's own).

    said = "The family is doing well."
    stated_of_the_house(said, statements(said))  # ("the family", "the family is doing well.")
    stated_of_the_house("Most families love a roast.", ["Most families love a roast."])  # None
"""

from __future__ import annotations

import re

from appliance.apostrophes import straight
from appliance.family import FAMILY, GROUPS

# The household's own people and animals, without a name: family.py's words and the other
# ways a family says them.
_PEOPLE = sorted(
    FAMILY
    | GROUPS
    | set(
        """
        youngest eldest oldest hubby missus fiance fiancee in-laws mum-in-law mother-in-law
        dad-in-law father-in-law stepdad stepmum carer budgie parrot goldfish chickens hens
        tortoise pony horse lizard snake ferret gerbil
        """.split()
    )
    # said in two words, each of which alone is no one ("the other half goes in later")
    | {"little one", "other half", "better half", "guinea pig"},
    key=len,
    reverse=True,
)
# The house and what is its own: said with "your" or "our" only ("the fridge" is a recipe's);
# "the house", "the home" and "the garden" are the house's whoever says them.
_HOME = (
    "house home flat apartment garden kitchen living room lounge car street neighbours "
    "neighbors neighbourhood fridge freezer cupboards pantry larder tradition traditions "
    "routine usual favourite favorite weekends weekend sundays evenings mornings bedtime "
    "holidays christmas"
).split()
_HOME_WORDS = sorted({*_HOME, "living room"}, key=len, reverse=True)
_THE_HOME = (
    r"house|home|garden|household|dining room|front room|living room|spare room|box room|"
    r"loft|attic|garage|shed|patio|greenhouse|conservatory|driveway|utility room"
)
_FEW = (
    r"(?:little|two|three|four|eldest|youngest|oldest|older|younger|lovely|whole|big|new|old|"
    r"other)"
)

_VERB = (
    r"is|are|was|were|has|have|had|'s|'re|'ve|love|loves|loved|like|likes|liked|hate|hates|"
    r"prefer|prefers|enjoy|enjoys|enjoyed|go|goes|went|get|gets|got|usually|always|normally|"
    r"never|often|still|live|lives|lived|doesn't|don't|didn't|won't|isn't|aren't|wasn't|"
    r"eat|eats|ate|drink|drinks|sleep|sleeps|slept|play|plays|played|work|works|worked|"
    r"come|comes|came|start|starts|finish|finishes|keep|keeps|adore|adores|tend|tends|"
    r"celebrate|celebrates|celebrated|spend|spends|spent|need|needs|want|wants|been|do|does|"
    # done, said the way English does it in the past
    r"put|made|took|said|told|gave|left|bought|brought|sent|rang|broke|fed|ran|met|paid|"
    r"sold|won|lost|fell|felt|forgot|grew|knew|read|saw|sat|spoke|stood|thought|wore|"
    r"wrote|can't|cannot|will|would|could|should|must|may|might"
)
_OURS = r"(?:your|ur|our|yr)"
_NOW = (
    r"(?:all|both|still|really|just|also|always|usually|normally|never|often|sometimes|only|"
    r"already)"
)
# What a kitchen also says with "the": "the fish is safe to eat" is food, "our fish" a
# pet; "the other half goes in later" is a recipe's, "your other half" someone
_ALSO_FOOD = frozenset("fish chickens hens rabbit".split()) | {"other half", "better half"}
_THE_PEOPLE = [word for word in _PEOPLE if word not in _ALSO_FOOD]
# "your husband", "our two boys": one of the household, said as theirs
_OUR_PEOPLE = rf"{_OURS} (?:{_FEW} )?(?:{'|'.join(map(re.escape, _PEOPLE))})s?"
_HOUSEHOLD_SUBJECT = re.compile(
    rf"\b(?P<who>{_OUR_PEOPLE}"
    rf"|the (?:{_FEW} )?(?:{'|'.join(map(re.escape, _THE_PEOPLE))})s?"
    rf"|{_OURS} (?:{_FEW} )?(?:{'|'.join(map(re.escape, _HOME_WORDS))})"
    rf"|the (?:{_FEW} )?(?:{_THE_HOME}))"
    rf"(?:'s| (?:{_NOW} )?(?:{_VERB}))\b"
    # "our" is the model speaking as one of the family, whatever it says is theirs: "Our
    # drive fits one car."
    rf"|\b(?P<ours>our (?:[a-z'-]+ )?[a-z'-]+) (?:{_NOW} )?(?:{_VERB}|[a-z]+s)\b"
)
# Everyone in the house being some way: "Everyone's doing well." ("everyone loves a roast"
# is said of the world)
_EVERYONE = re.compile(
    r"\b(?P<who>everyone|everybody|all of you|you all|the whole family|the lot of you)"
    r"(?:(?: (?:here|at home|in the house|in the family|there))?"
    r"(?:'s| is| are| was| were| has been| have been| seems| seem| had| did| loved| enjoyed|"
    r" ate| went| came| said| liked)"
    # "everyone here likes it hot", "everyone in this house prefers them scrambled"
    r"| (?:here|at home|in (?:this|the|our|your) (?:house|home|family)) "
    r"(?!from|of|and|for|to|with|at|in|on)[a-z]+)\b"
)
# How many the household is: "There is five of us in our house."
_HOW_MANY = re.compile(
    r"\b(?:there(?:'s| is| are)|we(?:'re| are)|that's|that is) (?:[a-z]+ )?(?P<who>of (?:us|you))\b"
)
# A habit said as this house's: "Church is at ten like always", "Eggs as usual"
_AS_ALWAYS = re.compile(
    r"\b(?P<who>(?:like|as) (?:always|usual|ever|normal|per usual)|same as always|"
    r"like every (?:week|day|sunday|year|time))\b"
)
# The person asking's health or diet said as known: "just use a corn wrap for your
# gluten-free diet" (nothing told of one)
_YOUR_HEALTH = re.compile(
    r"\b(?P<who>your) (?:[a-z'-]+ )?(?:diet|allergy|allergies|diabetes|intolerance|"
    r"medication|tablets|condition|flu|cold|cough|bad back|knee|hip)\b"
)
# The model speaking as one of the family: "We always have pizza on Fridays."
_WE = re.compile(
    r"\b(?P<who>we)(?:'ve| have| all| both)? (?:always|usually|normally|often|never|tend to|"
    r"love|loves|loved|like|liked|enjoy|enjoyed|adore|went|had|did|celebrate|celebrated|live|"
    r"lived|are a family|'re a family|are a household|has|have|got|own|keep|moved|bought|"
    r"are out of|'re out of|ran out|do\b(?! not))"
)
# The person asking, always doing a thing, loving one, living or being one way: "You usually
# have fish on Fridays.", "You love spicy food.", "You're vegetarian."
_YOU = re.compile(
    r"\b(?:normally|usually|always) (?P<now>you)\b"
    r"|\b(?P<who>you)(?:'re| are| have| last)? (?:always|usually|normally|often|never|regularly|"
    r"tend to|up|home|back|over|better|feeling|cleaned|made|bought|"
    r"love|like|hate|prefer|adore|enjoy|really love|really like|can't stand|"
    r"live|lived|work|worked|grew up|were born|went|had|did|ate|cooked|"
    r"vegetarian|vegan|coeliac|celiac|diabetic|pregnant|allergic|lactose|"
    r"(?:have|'ve got|got) (?:a|an|two|three|four|five|\d+) (?:kids?|children|child|sons?|"
    r"daughters?|dogs?|cats?|pets?|garden|house|flat|car|husband|wife|partner|boys?|girls?))\b"
)
# A thing of the house that plays up: "the back door window always sticks", "the bottom
# one has been playing up since last winter" (a held-out split's, nothing told of either)
_PLAYS_UP = re.compile(
    r"\b(?P<who>the (?:[a-z'-]+ ){0,2}?(?:door|window|oven|boiler|heating|shower|tap|fridge|"
    r"freezer|dishwasher|washing machine|car|gate|lock|radiator|toilet|wifi|router|hob|one))"
    r" (?:always |never |keeps |has been |'s been |is |still )*(?:sticks|sticking|playing up|"
    r"acting up|broken|leaking|leaks|on the blink|not working|dodgy|jams|jammed|stuck|"
    r"temperamental|tripping|trips)\b"
)
# A thing of the house where it is, said in passing: "Yes, the gas barbecue on the patio is
# all set to go.", "get the waffle maker out from under the stairs", "With the chicken and
# peppers in the fridge you could do fajitas." (a held-out split's)
_KEPT_THERE = re.compile(
    r"\b(?P<who>the (?:[a-z'-]+ ){0,3}?[a-z'-]+) (?:(?:out )?from |that's |is |are )?"
    r"(?:on|in|under|up in|out in) the (?:patio|garage|shed|loft|attic|greenhouse|"
    r"conservatory|spare room|front room|dining room|driveway|stairs|utility room|cellar)\b"
    r"|\bwith (?P<with>the (?:[a-z'-]+ ){1,4}?)in the (?:fridge|freezer|cupboards?|pantry|"
    r"larder)\b"
)
_STATED = (
    _PLAYS_UP,
    _KEPT_THERE,
    _HOUSEHOLD_SUBJECT,
    _EVERYONE,
    _WE,
    _YOU,
    _HOW_MANY,
    _AS_ALWAYS,
    _YOUR_HEALTH,
)

# Before the subject, what makes it no statement: a condition, a question inside the
# sentence, or not knowing ("I don't know how the kids are").
_NOT_STATED_BEFORE = re.compile(
    r"\b(?:if|when|whenever|unless|whether|in case|as long as|once|until|what|how|where|who|"
    r"which|why|know|tell me|let me know|ask|asking|wonder|wondering|unsure|not sure|"
    r"no idea|told|idea|so|so that|any|whatever|whichever)\W*(?:\w+\W+)?$"
)
# After the subject, what makes it none: a modal, the future of liking ("will love it"), a
# wish.
_NOT_STATED_AFTER = re.compile(
    r"^\W*(?:\w+ )?(?:can|could|might|may|should|shouldn't|must|mustn't|would|wouldn't|"
    r"shall|ought|can't|cannot|will|'ll|are going to|is going to|gonna)\b"
)
_A_WISH = re.compile(
    r"\b(?:hope|hoping|wish|wishing|say hi|say hello|send my love|give my love|hello to|"
    r"hi to|love to|"
    r"give them my|sounds|sound like|sounds like)\b"
)
_GENERAL = re.compile(
    r"\b(?:most|many|lots of|plenty of|a lot of|some|all|every|other|any) (?:families|"
    r"kids|children|households|people|parents|homes|houses|dogs|cats)\b"
)


# A sentence's clauses: "You usually have fish on Fridays, so how about salmon?" states
# its first and asks its second
_CLAUSE = re.compile(r"\s*(?:[;:]|,\s|\s[-\u2013\u2014]\s)\s*")
_ASKS = re.compile(
    r"^\W*(?:do|does|did|is|are|was|were|has|have|had|can|could|would|will|should|shall)\b"
)
_OPENS_A_QUESTION = re.compile(
    r"^\W*(?:how|what|who|where|when|why|which|whose|fancy|any|maybe|perhaps|or|shall|may|"
    r"might|ok|okay|right|so|and|or|yes|no)\b"
)
_THEY = re.compile(rf"^\W*(?P<who>they)(?:'re|'ve|'d| (?:\w+ )?(?:{_VERB}))\b")


def in_general(sentence: str) -> bool:
    """Whether a sentence speaks of families or people in general: "Lots of families have a
    roast on Sundays." is no day of this house."""
    return _GENERAL.search(_plain(sentence)) is not None


def _plain(sentence: str) -> str:
    return straight(sentence.lower())


def statements(sentence: str) -> list[str]:
    """The clauses of a sentence that state, as written: "How about rice pudding, since it's
    Hamish's favourite?" -> ["since it's Hamish's favourite?"]."""
    clauses = _CLAUSE.split(sentence.strip())
    asks = sentence.rstrip().endswith("?")
    stated = []
    for at, clause in enumerate(clauses):
        plain = _plain(clause)
        if _ASKS.match(plain) or (
            (plain.endswith("?") or (at == len(clauses) - 1 and asks))
            and _OPENS_A_QUESTION.match(plain)
        ):
            continue  # "how about porridge, like you always have?" states its second part
        stated.append(clause)
    return stated


def stated_of_the_house(
    sentence: str, stated: list[str], they: str | None = None
) -> tuple[str, str] | None:
    """Who or what of the household a sentence states something of, as Hearth says it back
    ("your family", "the house", "you"), and the clause that states it; or None. `stated`:
    its clauses that state (statements). `they` is whom an earlier sentence of the reply
    stated something of: "They're always looking out for each other." after "The family is
    doing well." is the family's."""
    said = _plain(sentence)
    if _A_WISH.search(said) or _GENERAL.search(said):
        return None
    for clause in map(_plain, stated):
        if they is not None and _THEY.match(clause):
            return they, clause
        for pattern in _STATED:
            for found in pattern.finditer(clause):
                who = next(found[g] for g in ("who", "ours", "now", "with") if _group(found, g))
                start = found.start("now") if _group(found, "now") else found.start()
                end = found.end("who") if _group(found, "who") else found.end()
                before, after = clause[:start], clause[end:]
                if _NOT_STATED_BEFORE.search(before) or _NOT_STATED_AFTER.match(after):
                    continue
                return _said_back(who), clause
    return None


# One of the household said to be there: "tell your wife I said hello", "the big pot from
# your gran" (a held-out split's, no wife nor gran told). The household itself is no one's
# guess.
_A_MEMBER = re.compile(rf"\b{_OUR_PEOPLE}\b(?!-)")
_EVERY_HOUSE_HAS = frozenset("family household folks".split())


# One of the family named by a family word, as a name: "the same week Grandpa retired"
_A_MEMBER_NAMED = re.compile(
    rf"(?<=[a-z,] )(?P<member>{'|'.join(w.title() for w in _PEOPLE if ' ' not in w)})\b(?!-)"
)


# Said in quotes: what to say, never what is so ("You'd say 'call Mum' to ring her.")
_QUOTED = re.compile(r"(?<!\w)'[^']*'(?!\w)|\"[^\"]*\"|\u201c[^\u201d]*\u201d")
# What makes a name said something of: a verb after it ("Leo has a nut allergy", "Mia
# already put her PE kit by the door"), its own thing ("Kemi's favourite"), "who" ("it was
# Finn who broke it"); never "call Mum", "Luigi's would be my pick", "Good luck, Ella."
_SAID_OF = re.compile(
    rf"^(?:'s (?!(?:would|could|will|might|should|can|been)\b)[a-z]+"
    rf"| (?:{_NOW} )?(?:{_VERB}|[a-z]+ed|(?!(?:or|and|as|is|us|this|plus|was)\b)[a-z]+s)\b"
    r"| who\b| and [A-Z][a-z]+ (?:are|were|have|had|[a-z]+ed)\b)"
)


def stated_of(clause: str, name: str) -> bool:
    """Whether a stated clause says something of `name` (as written in it), and not in quotes,
    a wish, a condition or a question within it."""
    said = _QUOTED.sub("''", straight(clause))
    if _A_WISH.search(_plain(said)):
        return False
    for found in re.finditer(rf"\b{re.escape(name)}\b", said, re.IGNORECASE):
        before = _plain(said[: found.start()])
        if not _NOT_STATED_BEFORE.search(before) and _SAID_OF.match(said[found.end() :]):
            return True
    return False


def members_said(clause: str) -> set[str]:
    """The household's people and animals a stated clause says "your" or "our" of, or names
    by a family word and says something of: "tell your wife I said hello" -> {"wife"}, "the
    same week Grandpa retired" -> {"grandpa"}."""
    plain = _plain(_QUOTED.sub("''", straight(clause)))
    if _A_WISH.search(plain):
        return set()
    found = {
        member
        for m in _A_MEMBER.finditer(plain)
        # "let me know what your kids like"
        if not _NOT_STATED_BEFORE.search(plain[: m.start()]) and (member := _one_of_them(m[0]))
    }
    found |= {
        m["member"].lower()
        for m in _A_MEMBER_NAMED.finditer(clause)
        if stated_of(clause, m["member"])
    }
    return found - _EVERY_HOUSE_HAS


def _group(found: re.Match[str], name: str) -> bool:
    """Whether the pattern has the group and it took part in the match."""
    return name in found.re.groupindex and found[name] is not None


_WHOSE = re.compile(rf"^(?:{_OURS}|the) ")
_A_FEW = re.compile(rf"^{_FEW} ")
_PEOPLE_WORDS = frozenset(_PEOPLE)


def _one_of_them(said: str) -> str | None:
    """The household word in "your two boys", "the little ones" ("boy", "little ones"), or
    None where it names a thing of the house ("the back door window")."""
    bare = _WHOSE.sub("", said)
    for word in (bare, _A_FEW.sub("", bare)):
        for each in (word, word.removesuffix("s")):
            if each in _PEOPLE_WORDS:
                return each
    return None


def _said_back(who: str) -> str:
    """The subject as Hearth names it to the household: "our dog" is "your dog"."""
    if who in ("we", "of us", "of you") or who.startswith(("like ", "as ", "same ")):
        return "the household"
    if who in ("everyone", "everybody", "all of you", "you all", "the lot of you"):
        return "everyone"
    words = who.split()
    if words[0] in ("the", "with") and _one_of_them(who) is None:
        return "the house"  # "the back door window", "the waffle maker": the house's things
    if words[0] in ("our", "ur", "yr"):
        words[0] = "your"
    return " ".join(words)
