"""The guard's secret rules: credentials stated, by their label or by their shape."""

from __future__ import annotations

import re
from functools import cache

from appliance.memory.guard_rules import (
    rule,
)
from appliance.memory.normalise import Normalised

# -- labels: a credential stated after the word that names it ---------------------

# Words that say where a secret is, or describe it, rather than being it.
_NOT_A_VALUE_WORDS = (
    r"on|in|under|at|behind|inside|written|taped|stuck|kept|stored|saved|"
    r"printed|somewhere|also|not|with|the|a|an|my|his|her|their|our|your|its|same|"
    r"different|changed|changing|new|old|easy|hard|long|short|secret|known|"
    r"available|expired|wrong|required|needed|case|too|very|being|now|still|only|"
    r"just|pinned|labelled|labeled|listed|noted|by|near|next|above|below|beside|"
    r"over|here|there|attached|shown|displayed|reset|sent|given|shared|managed|"
    r"held|forgotten|lost|unknown|what|that|this|which|who|why|how|where|"
    r"whatever|something|nothing|empty|blank|off|for|to|from|of|and|or|it|one|"
    r"kept|going|hidden|protected|encrypted|set|due|needed|updated|inside|"
    r"written|memorised|memorized|each|every|usually|always|never|probably|"
    r"mum's|dad's|sam's|in|ask|check|see|look|top|back|bottom|front|side|"
    r"taped|sellotaped|engraved|printed|handwritten|scribbled|needs|has|have|had|"
    r"must|should|will|can|expires|starts|ends|changes|is|was|were|gets|got|goes|"
    r"manager|managers|hint|reset|resets|sticker|card|book|list|rules?|requirements?|"
    r"stopped|works|worked|doesn't|does|did|isn't|won't|expired|locked|default|"
    r"protection|prompt|field|box|screen|page|app|machine|pad|reader|digits?|letters?|"
    r"characters?|long|strong|weak|ok|fine|too|face|fingerprint|touch|pattern|biometric|"
    r"sul|sulla|nel|nella|sotto|auf|im|am|unter|dans|sur|sous|en|el|la|le|den|dem|op|onder|"
    r"na|no|em|debajo|encima|bajo|dentro"
)
_NOT_A_VALUE = f"(?:{_NOT_A_VALUE_WORDS})"
# "for the router", "from the bank", "to the shed": what the credential opens.
_FILLER = (
    r"(?:\s+(?:for|of|to|on|at|into|from|in|du|de|del|della|dello|des|der|die|das|vom|von|"
    r"fur|van|voor|do|da|dla|till|pour|para|per)\s+[^.:=;,]{1,40}?)?"
)
# The words for a password in the languages a household here writes in (accents are
# gone by the time a rule reads the text: "contraseña" is "contrasena").
_PASSWORD = (
    r"(?:password|passwords|passcode|passphrase|passwd|pwd|pw|pass word|"
    r"wi-?fi key|network key|wpa2? key|wifi code|api key|secret key|access key|"
    r"private key|secret|login password|admin password|master password|memorable word|"
    r"security answer|secret answer|passwort|kennwort|wlan-?schlussel|zugangsdaten|"
    r"mot de passe|mdp|contrasena|clave|parola d'ordine|wachtwoord|senha|haslo|"
    r"losenord|adgangskode|salasana|sifre|heslo|lozinka|jelszo)"
)
# Codes that open something. Postal, dialling, error and dress codes open nothing:
# `_NOT_A_SECRET_CODE` names them, and a code after one of them is no secret.
_CODE = (
    r"(?:pin|pins|pin code|pin number|pincode|code|codes|combination|combo|unlock code|"
    r"access code|alarm code|door code|gate code|keypad code|disarm code|security code|"
    r"cvv|cvc|cv2|otp|one-time code|one time code|passcode|verification code|login code|"
    r"2fa code|auth code|authentication code|sms code|backup codes?|recovery codes?|"
    r"geheimzahl|zahlencode|turcode|code secret|digicode|combinaison|codigo|combinacion|"
    r"codice|combinazione|kod|koden|pinkod|pin-code|pin-koden)"
)
_NOT_A_SECRET_CODE = (
    r"(?:post|postal|zip|postcode|dialling|dialing|dial|area|country|international|"
    r"dress|colour|color|error|fault|product|promo|promotional|discount|voucher|coupon|"
    r"tracking|bar|qr|morse|tax|booking|reference|course|module|class|room|house|"
    r"paint|sort|source|zip|airport|station|flight|iata|swift|bic|iso|language|"
    r"vestimentaire|vestimenta|postale|prefisso|vorwahl|fehler|referral|gift|"
    r"coupon|offer|sale|bonus|invite|invitation|meeting|conference|wifi network|"
    r"ordering|order|part|model|serial|item|product|sku|article|colour|css|html)"
)
# "is", "=", ":" between a label and its value, as whole words ("his" holds no "is"),
# in the languages of `_PASSWORD` (not Finnish "on" or Polish "to": in English they are
# where a password is kept, "passwords on paper"); or only a space ("bike pin 7781").
_SAYS = (
    r"\s*(?:\b(?:is|are|was|would be|will be|is now|has been changed to|changed to|"
    r"set to|now|ist|lautet|est|c'est|es|e|er|ar|je|sind|sont|son|sono|"
    r"zijn|era|wird)\b|[=:-])\s*"
)
_SAYS_OR_SPACE = rf"(?:{_SAYS}|\s+)"
# The number words, spelled once: these rules and guard_heard.py read numbers said aloud.
DIGIT_WORDS = ("zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
TENS_WORDS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
TEENS_WORDS = (
    "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
)
_NUMBER_WORDS = rf"(?:{'|'.join(DIGIT_WORDS)})"
_TENS = rf"(?:{'|'.join(TENS_WORDS)})"
_TEENS = rf"(?:{'|'.join(TEENS_WORDS)})"
# A value that looks chosen, not a word of the sentence: a digit, a capital after the
# first letter, or a sign in it ("Marmalade55", "BlueKettle", "kettle-oak-42").
# A year alone ("in March 2024") is when, not what.
_CHOSEN = r"(?!(?:19|20)\d\d\b)(?=[^\s'\"]*(?:\d|(?-i:[a-z][A-Z])|[!#$%&*?@_+]))[^\s'\"]{4,}"
# A number people key in: three or more digits, spaced or dashed, or said as words.
_DIGITS = rf"(?:\d(?:[ -]?\d){{2,}}|{_NUMBER_WORDS}(?:[ ,-]+{_NUMBER_WORDS}){{2,}})"
# Every word that names a credential, for a rule that looks only for the name
# (guard_heard.py); "secret" alone is as often a recipe's ("the secret is more butter").
CREDENTIAL_LABEL = rf"(?!secret\b)(?:{_PASSWORD}|{_CODE})"
NOT_A_SECRET_CODE = _NOT_A_SECRET_CODE
_NOT_A_SECRET_BEFORE = (
    rf"(?<![a-z])(?:{_NOT_A_SECRET_CODE})[ -](?:{_CODE})|(?:{_NOT_A_SECRET_CODE}) number"
)
# What a password is made of, said instead of the password: "the dog's name followed
# by the year we moved in", "his birthday backwards", "Grandma's birth year".
_RECIPE = (
    r"(?:(?:our|my|his|her|their|the|[a-z]+'s) (?:[a-z]+'s )?(?:first )?(?:name|surname|"
    r"birthday|birth ?year|year of birth|date of birth|maiden name|house number|"
    r"phone number|street|street name|postcode|initials|anniversary|wedding date|"
    r"pet'?s? name|dog'?s? name|cat'?s? name|middle name|favourite [a-z]+)"
    r"|the year (?:we|i|he|she|they|[a-z]+) (?:moved|got|was|were|met|bought)[a-z ]{0,20})"
)
_RECIPE_TAIL = (
    r"(?:followed by|plus|then|and then|with|backwards|reversed|twice|in capitals|"
    r"and the|and our|and his|and her|and \d|without|\d|!|$|\.)"
)

# A speech recogniser writes "hunter22" as "Hunter 22": a word, a space and a short
# number is a value too, unless the word says what the number counts, where it is kept
# ("drawer 2", "page 12") or when ("March 2024").
_LINKING = (
    r"is|are|was|were|at|in|on|by|for|of|to|the|and|under|over|about|around|only|just|"
    r"from|until|till|after|before|every|than|plus|minus|since"
)
COUNTED_OR_PLACED = (
    r"aged?|number|no|room|flat|house|bus|"
    r"route|page|platform|gate|size|year|years|times|step|day|week|month|chapter|"
    r"level|grade|class|team|channel|door|locker|seat|row|table|bed|ward|floor|junction|"
    r"exit|line|unit|apartment|apt|suite|lane|road|street|avenue|mark|gas|pm|am|drawer|"
    r"folder|box|binder|notebook|book|file|envelope|tin|jar|shelf|cupboard|cabinet|safe|"
    r"tab|section|sheet|column|cell|slot|tray|volume|part|item|note|notes|january|"
    r"february|march|april|may|june|july|august|september|october|november|december|"
    r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday|spring|summer|autumn|fall|winter|since|version|v|"
    r"manager|managers|hint|app|vault|generator|reset"
)
_SPOKEN_VALUE_SHAPE = (
    rf"(?<![\w'])(?!(?:{_LINKING}|{COUNTED_OR_PLACED})\b)[A-Za-z]{{3,}} (?:\d{{1,4}}(?!\d|[.,:]\d)|"
    rf"{_TENS}(?:[ -]{_NUMBER_WORDS})?|{_TEENS}|{_NUMBER_WORDS})"
    r"(?! ?(?:st|nd|rd|th|am|pm|s|kg|g|ml|km|m|cm|mm|h|min|mins|minutes|hours|days|weeks|"
    r"months|years|pounds|quid|p|percent|degrees|times|letters|characters|digits|numbers|"
    r"words|symbols)\b)"
)
# The word between a label and its value as a recogniser writes "is": "password in
# Hunter 22", "password his Hunter 22", "password's Hunter 22", "password, Hunter 22".
_HEARD_SAYS = r"(?:'s|\s*[,:=-]|\s+(?:is|in|as|his|was|it's|its|ease|iz))?\s+"

# A value said after the label, its "is" lost or misheard by the recogniser: "wifi
# password Hunter 22", "password in Hunter 22", "password's Hunter 22" (a CI run heard
# "the wifi password is hunter twenty two" as "the wife I password in Hunter 22").
HEARD_VALUE = rule(
    "secret",
    rf"\b{_PASSWORD}{_HEARD_SAYS}['\"]?(?!{_NOT_A_VALUE}\b){_SPOKEN_VALUE_SHAPE}",
    "plain",
)

SECRET = (
    rule(
        "secret",
        r"-----BEGIN [A-Z ]*PRIVATE KEY-----|\bssh-(?:rsa|ed25519|dss) AAAA|"
        r"\bPuTTY-User-Key-File",
        "plain",
        "it looks like a private key",
    ),
    rule(
        "secret",
        r"\b(?:sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|"
        r"github_pat_[A-Za-z0-9_]{20,}|(?:AKIA|ASIA)[0-9A-Z]{16}|"
        r"xox[abprs]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{30,}|"
        r"glpat-[A-Za-z0-9_-]{20}|hf_[A-Za-z0-9]{30,}|"
        r"eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]+)",
        "plain",
        "it looks like an API key or access token",
    ),
    rule(
        "secret",
        r"\b(?:aws_secret_access_key|client_secret|secret_key|api_key|apikey|"
        r"access_token|auth_token|refresh_token|private_key)\s*[:=]\s*\S{8,}",
        "plain",
        "it looks like an API key or access token",
    ),
    # "the password for the router is hunter22", "Netflix pw: popcorn", "Passwort: Igel7"
    rule(
        "secret",
        rf"\b{_PASSWORD}{_FILLER}{_SAYS}['\"]?(?!{_NOT_A_VALUE}\b)[^\s'\"]{{3,}}",
        unless=rf"\b{_PASSWORD}{_FILLER}{_SAYS}['\"]?(?:{_NOT_A_VALUE}\b|[a-z]+ing\b|"
        r"[a-z]{3,}ed\b)",
    ),
    HEARD_VALUE,
    # "wifi password Marmalade55": no "is", but a value that looks chosen (read with
    # case and digits kept, so the leet-folding of the `words` view cannot hide them)
    rule("secret", rf"\b(?:{_PASSWORD}|pass){_FILLER}\s+['\"]?{_CHOSEN}", "plain"),
    rule(
        "secret",
        r"\b(?:pass|login|user ?name and password|credentials|creds|logins?)\s*"
        r"(?:[:=]|is)\s*(?!" + _NOT_A_VALUE_WORDS + r"\b)\S+[^.;]{0,40}?"
        r"(?:/|:|,| and )\s*\S{3,}",
    ),
    rule("secret", r"\b(?:pass|wifi|wi-fi)\s*[:=]\s*\S{4,}"),
    # an e-mail address and its password: "sam@example.com / Tulip", "… : hunter22"
    rule(
        "secret",
        r"[\w.+-]+@[\w-]+\.[\w.]+\s*[/|:;,]\s*['\"]?(?!(?:and|or|the|his|her|for|work|"
        r"home|personal|school|old|new|main)\b)(?:" + _CHOSEN + r"|[^\s'\"]{4,}['\"]?\s*[.!]?$)",
        "plain",
    ),
    # "username kofi.m password Plantain!8", "user: sam_k pass: …"
    rule(
        "secret",
        r"\b(?:user(?:name)?|login|id)\s*[:=]?\s*\S+[ ,;/]+(?:and )?(?:password|pass|pw|pwd)"
        r"\s*[:=]?\s*\S{3,}",
    ),
    # "the alarm code is 4821", "PIN: 0912", "locker code 3390", "the code to the safe is
    # 9-1-7-3", "Le code du portail : 2580"; not a postal, dialling or error code
    rule(
        "secret",
        rf"\b{_CODE}{_FILLER}{_SAYS_OR_SPACE}['\"]?{_DIGITS}\b",
        unless=rf"{_NOT_A_SECRET_BEFORE}",
    ),
    # the thing it opens, a colon, the number: "Back door: 19-84", "garage = 5521"
    rule(
        "secret",
        r"\b(?:door|front door|back door|side door|gate|side gate|garage|shed|locker|safe|"
        r"padlock|lock|bike lock|bike|alarm|keypad|lockbox|key ?safe|key ?box|storage unit|"
        rf"building|entrance|lift|cabinet|suitcase)\s*[:=]\s*['\"]?{_DIGITS}\b",
    ),
    # "4821 is the alarm code", "The password is hunter22" said the other way round
    rule(
        "secret",
        rf"^['\"]?[^\s'\"]*\d[^\s'\"]*['\"]? is (?:the |our |my )?"
        rf"(?:[a-z]+ )?(?:{_PASSWORD}|{_CODE})\b",
        unless=rf"{_NOT_A_SECRET_BEFORE}",
    ),
    # a combination said in turns: "left 22, right 8, left 31", "14 left, 43 right"
    rule(
        "secret",
        r"\b(?:(?:left|right|clockwise|anti-?clockwise|counter-?clockwise)\s+(?:to\s+)?"
        r"\d{1,3}|\d{1,3}\s+(?:left|right|clockwise|anti-?clockwise|counter-?clockwise))"
        r"\b[^.;]{0,25}?\b(?:(?:left|right|clockwise|anti-?clockwise|counter-?clockwise)"
        r"\s+(?:to\s+)?\d{1,3}|\d{1,3}\s+(?:left|right|clockwise|anti-?clockwise))\b",
    ),
    rule(
        "secret",
        r"\b(?:dial|turn|spin|rotate)\b[^.;]{0,20}?\b\d{1,3}\b[^.;]{0,15}?\bthen\b[^.;]{0,12}?"
        r"\b\d{1,3}\b",
    ),
    # the password said by how it is made: "the wifi password is the dog's name followed
    # by the year we moved in", "Dad's PIN is his birthday backwards"
    rule(
        "secret",
        rf"\b(?:{_PASSWORD}|{_CODE}){_FILLER}\s+(?:is|=|:)\s+{_RECIPE}\s*{_RECIPE_TAIL}",
        unless=rf"{_NOT_A_SECRET_BEFORE}|\bhint\b",
    ),
    rule(
        "secret",
        rf"\b(?:{_PASSWORD}|{_CODE}) for everything is\b",
    ),
)


# -- values: is anything here a credential could be? ---------------------------------

# Something a person could type in: a number of three digits or more (spaced, dashed or
# in words), a word with digits or signs in it, a quoted word, an e-mail address, a
# word with a capital inside ("BlueKettle"), or a recipe for one ("the dog's name and
# the year we moved in").
_VALUE = re.compile(
    r"(?<![\w'])(?=[A-Za-z]*\d)(?=\d*[A-Za-z])(?![0-9]+(?:st|nd|rd|th|am|pm|s|kg|g|ml|km|m|"
    r"cm|mm|h|min|mins)\b)[A-Za-z0-9]{3,}|\w[!#$%&*?@_+]\w|\w-\d|['\"][^'\"\s]{3,}['\"]|"
    rf"(?-i:[a-z][A-Z])|{_NUMBER_WORDS}(?:[ ,-]+{_NUMBER_WORDS}){{2,}}|{_RECIPE}",
    re.IGNORECASE,
)
_SPOKEN_VALUE = re.compile(_SPOKEN_VALUE_SHAPE, re.IGNORECASE)
# A number keyed in is 3 to 8 digits (a PIN, a code, a one-time code); a phone number
# or an account number is longer, and the shapes above judge cards and IBANs.
_DIGIT_RUN = re.compile(r"(?<![\d+])\d(?:[ -]?\d)*(?![\d])")


def states_a_value(text: Normalised) -> bool:
    """True if the text holds something a credential could be, not only its label.

    The classifier hears "password", "PIN" and "code" in a sentence; whether one is
    stated it cannot always tell ("Mum changed the alarm code last week"). So a secret
    only the classifier found must also hold a value-like word.
    """
    if _VALUE.search(text.plain) is not None or _SPOKEN_VALUE.search(text.plain) is not None:
        return True
    return any(
        3 <= sum(c.isdigit() for c in run.group()) <= 8 for run in _DIGIT_RUN.finditer(text.plain)
    )


# -- shapes: a secret recognised by what it looks like, not by its label ---------

_LONG_TOKEN = re.compile(r"[A-Za-z0-9+/_=-]{32,}")
_CARD = re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])")
_IBAN = re.compile(r"\b([A-Z]{2})(\d{2})((?: ?[A-Z0-9]){11,30})")
# ISO 13616's registry: each country's IBANs have one length. An IBAN followed by more
# words ("GB29 NWBK 6016 1331 9268 19 for the rent") is read to its country's length,
# not to the end of the run, whose checksum would then fail.
_IBAN_LENGTHS = {
    code[:2]: int(code[2:])
    for code in (
        "AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BR29 BY28 CH21 CR22 CY28 CZ24 "
        "DE22 DK18 DO28 EE20 EG29 ES24 FI18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 "
        "HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 "
        "LV21 MC27 MD24 ME22 MK19 MR27 MT31 MU30 NL18 NO15 PK24 PL28 PS29 PT25 QA29 "
        "RO24 RS22 SA24 SC31 SE24 SI19 SK24 SM27 ST25 SV28 TL23 TN24 TR26 UA29 VA22 "
        "VG24 XK20"
    ).split()
}
_WORDS = re.compile(r"[a-z]+")
_SEED_LABEL = re.compile(
    r"\b(?:seed|recovery|backup|mnemonic|secret|wallet)\b[^.]{0,20}?"
    r"\b(?:phrase|words|sentence|mnemonic|key|seed)\b"
)


def _looks_random(token: str) -> bool:
    """A long run mixing digits and letters of both cases (or long hex): a key, not a word."""
    has_digit = any(c.isdigit() for c in token)
    is_hex = all(c in "0123456789abcdefABCDEF" for c in token)
    mixed_case = any(c.islower() for c in token) and any(c.isupper() for c in token)
    return has_digit and (is_hex or mixed_case)


def luhn_valid(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2 == 1:
            value *= 2
            if value > 9:
                value -= 9
        total += value
    return total % 10 == 0


def _iban_candidate(match: re.Match[str]) -> str:
    """The IBAN a match starts: its country's length of characters, or the whole run."""
    country, check, rest = match.groups()
    length = _IBAN_LENGTHS.get(country)
    characters = rest.replace(" ", "")
    if length is not None and len(characters) >= length - 4:
        characters = characters[: length - 4]
    return country + check + characters


def iban_valid(candidate: str) -> bool:
    """ISO 13616: move the first four characters to the end, letters to numbers, mod 97 is 1."""
    text = candidate.replace(" ", "").upper()
    if not 15 <= len(text) <= 34:
        return False
    rearranged = text[4:] + text[:4]
    return int("".join(str(int(c, 36)) for c in rearranged)) % 97 == 1


@cache
def _bip39_words() -> frozenset[str]:
    """The BIP-39 English word list every wallet's seed phrase is drawn from."""
    from mnemonic import Mnemonic

    return frozenset(Mnemonic("english").wordlist)


def _seed_phrase(words_view: str) -> bool:
    """Twelve wallet words in a row, or eight after a label saying what they are."""
    words = _WORDS.findall(words_view)
    if len(words) < 8:  # most facts: the word list is not even loaded
        return False
    wordlist = _bip39_words()
    longest = run = 0
    for word in words:
        run = run + 1 if word in wordlist else 0
        longest = max(longest, run)
    return longest >= 12 or (longest >= 8 and _SEED_LABEL.search(words_view) is not None)


def shape_reason(text: Normalised) -> str | None:
    """The reason a secret is recognised by its shape rather than by its words."""
    for token in _LONG_TOKEN.findall(text.plain):
        if _looks_random(token):
            return "it looks like an API key or access token"
    for match in _CARD.finditer(text.plain):
        digits = re.sub(r"\D", "", match.group())
        if 13 <= len(digits) <= 19 and luhn_valid(digits):
            return "it looks like a payment card number"
    for match in _IBAN.finditer(text.plain.upper()):
        if iban_valid(_iban_candidate(match)):
            return "it looks like a bank account number (IBAN)"
    if _seed_phrase(text.words):
        return "it looks like a wallet's seed phrase"
    return None
