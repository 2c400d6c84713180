"""The verbs of actions a household might think Hearth took, in every form it may write.

claims.py reads a model's sentence for a claim of one of these ("I've popped milk on the
list", "Setting a timer"): each verb's base, past, participle and -ing form, made by
English's regular rules from the base unless the verb is irregular; past forms in British
and American spelling ("cancelled", "canceled"), -ing forms in British ("dialling").

    DONE     # {"added", "popped", "sent", "cancelled", "canceled", …}
    DOING    # {"adding", "popping", "sending", …}
    BASE     # {"add", "pop", "send", …}
"""

from __future__ import annotations

# Action verbs as (base, past, participle): the -ing form is made from the base.
_IRREGULAR = {
    "put": ("put", "put"),
    "set": ("set", "set"),
    "let": ("let", "let"),
    "make": ("made", "made"),
    "build": ("built", "built"),
    "write": ("wrote", "written"),
    "take": ("took", "taken"),
    "send": ("sent", "sent"),
    "buy": ("bought", "bought"),
    "pay": ("paid", "paid"),
    "tell": ("told", "told"),
    "ring": ("rang", "rung"),
    "stick": ("stuck", "stuck"),
    "shut": ("shut", "shut"),
    "throw": ("threw", "thrown"),
    "begin": ("began", "begun"),
    "get": ("got", "got"),
    "keep": ("kept", "kept"),
    "wake": ("woke", "woken"),
    "light": ("lit", "lit"),
}
_REGULAR = (
    "add pop start stop cancel remove delete clear create jot note save store remember record "
    "log schedule book reserve order purchase text message email call phone notify remind "
    "alert play queue turn switch dim lock unlock open close preheat heat warm update change "
    "adjust raise lower increase decrease mute pause resume restart launch activate enable "
    "disable confirm sort arrange organise organize pin mark tick file programme program "
    "dial place bung chuck boost crank bump kick share forward post invite cue stream reset "
    "snooze extend reschedule move tweak register renew reorder transfer label sign flag "
    "handle ping nudge buzz beep count skip shuffle rewind cross deliver shift whack fire "
    "line pencil ding pass whatsapp knock check upgrade press learn"
).split()


_DOUBLED_L = ("cancel", "dial", "label", "signal", "travel", "model", "pencil")


def _ing(base: str) -> str:
    if base in _DOUBLED_L:
        return base + "ling"  # British only: "canceling" is not listed (DONE has both)
    if base.endswith("ie"):
        return base[:-2] + "ying"
    if base.endswith("e") and not base.endswith(("ee", "ye")):
        return base[:-1] + "ing"
    if _doubles(base):
        return base + base[-1] + "ing"
    return base + "ing"


def _doubles(base: str) -> bool:
    """One syllable ending consonant-vowel-consonant doubles its last letter: "stopping",
    "skipped", "setting"; "locking", "opened" do not."""
    vowels = sum(letter in "aeiou" for letter in base)
    return (
        vowels == 1
        and len(base) >= 3
        and base[-1] not in "aeiouwxy"
        and base[-2] in "aeiou"
        and base[-3] not in "aeiou"
    )


def _ed(base: str) -> str:
    if base.endswith("e"):
        return base + "d"
    if _doubles(base):
        return base + base[-1] + "ed"
    if base.endswith("y") and base[-2] not in "aeiou":
        return base[:-1] + "ied"
    return base + "ed"


FORMS: dict[str, tuple[str, str, str]] = {
    base: (*_IRREGULAR.get(base, (_ed(base), _ed(base))), _ing(base))
    for base in (*_IRREGULAR, *_REGULAR)
}
BASE = set(FORMS)
DONE = {form for past, participle, _ in FORMS.values() for form in (past, participle)}
DONE |= {base + "led" for base in _DOUBLED_L}  # British; _ed makes the American
DONE |= {"programmed", "rsvp'd", "rsvped", "learnt"}
DOING = {ing for _, _, ing in FORMS.values()}
# Every form back to its base: "popped" -> "pop".
FORMS_OF = {form: base for base, forms in FORMS.items() for form in (base, *forms)}
