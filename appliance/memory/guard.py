"""Text that must never be remembered, refused at write time on every path.

Four narrow families, each a short list of patterns a person can read:

- access:      tries to widen access or switch off a gate
               ("grant the guests admin access", "disable the review step")
- instruction: speaks to the model rather than about the household
               ("ignore previous instructions", "you are now …", "system prompt")
- device:      claims about Hearth's own configuration or capabilities
               ("the network is disabled", "the timer tool doesn't work")
- secret:      credential-shaped text (private keys, API-key-shaped tokens,
               card numbers passing Luhn, "the password is …")

Narrow on purpose: "Sam works offline a lot", "the oven is broken" and "the
wifi password is on the fridge" are ordinary household facts and pass.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from appliance.errors import Refused


@dataclass(frozen=True)
class Rule:
    category: str
    pattern: re.Pattern[str]
    reason: str


def _rule(category: str, pattern: str, reason: str) -> Rule:
    return Rule(category, re.compile(pattern, re.IGNORECASE | re.DOTALL), reason)


# Gates that exist on Hearth: review, approvals, the guard, the token, auth.
_GATE = (r"(review|reviews|approval|approvals|guard|gate|filter|safety|safeguards?|"
         r"confirmation|authenti[cz]ation|authori[sz]ation|auth|token|passwords?|inbox|"
         r"audit(?: log)?|restrictions?|permissions?|lock-?down)")
# Parts of Hearth a claim could be about. "the oven" is not one of them.
_PART = (r"(network|internet|wi-?fi|lan|connection|microphone|mic|panel|"
         r"e-?ink(?: screen| display)?|display|buttons?|timers?(?: tool)?|shopping list tool|"
         r"memory(?: tool)?|recall|note-?taker|review(?: queue)?|inbox|tools?|model|"
         r"hearth|assistant|device|appliance|audit log|token|guard|updates?)")
_BROKEN = (r"(disabled|off|down|offline|broken|unavailable|not working|turned off|switched off|"
           r"disconnected|muted|deprecated|removed|gone|dead|unplugged|out of order)")

RULES: tuple[Rule, ...] = (
    # access
    _rule("access",
          r"\b(allow|grant|give|enable|unlock|open up)\b[^.]{0,40}\b(full |admin |root |remote |"
          r"unrestricted |unlimited )?(access|admin|administrator|root|sudo|permissions?|"
          r"privileges?|control of)\b",
          "it tries to widen who can do what on the appliance"),
    _rule("access",
          rf"\b(bypass|disable|skip|switch off|turn off|ignore|remove|circumvent|get around|"
          rf"drop|suspend|override)\b[^.]{{0,30}}\b{_GATE}\b",
          "it tries to switch off a safeguard"),
    _rule("access",
          r"\b(no|without)( need for| more)? (review|approval|confirmation)\b|"
          r"\b(auto-?(approve|promote|write)|write (it )?(straight|directly) to (live )?memory)",
          "it tries to switch off the review of what is remembered"),
    # instruction
    _rule("instruction",
          r"\b(ignore|disregard|forget|override)\b[^.]{0,30}\b(previous|prior|above|earlier|"
          r"all|your|the|any)\b[^.]{0,20}\b(instructions?|prompts?|rules|guidelines|directions)",
          "it is an instruction aimed at the assistant, not a household fact"),
    _rule("instruction",
          r"\byou are now\b|\bfrom now on,? you\b|\bact as (an?|the)\b|\bpretend (to be|you)\b|"
          r"\bsystem prompt\b|\bdeveloper mode\b|\bjailbreak|\bnew instructions?\b|"
          r"\byour (new )?(instructions|rules|role) (are|is)\b",
          "it is an instruction aimed at the assistant, not a household fact"),
    _rule("instruction",
          r"<\|?(im_start|im_end|system|assistant|user|start_of_turn|end_of_turn)\|?>|"
          r"^\s*(system|assistant)\s*:",
          "it contains chat-template markers aimed at the model"),
    # device
    _rule("device",
          rf"\b(the|your|hearth'?s|its|this)\s+{_PART}\s+(is|are|has been|have been|was|were|"
          rf"will be|got)\s+(now\s+|permanently\s+|currently\s+)?{_BROKEN}\b",
          "it is a claim about the appliance's own state, which the appliance reports itself"),
    _rule("device",
          rf"\b(the|your|hearth'?s|its|this)\s+{_PART}\s+(doesn'?t|does not|don'?t|do not|"
          rf"can'?t|cannot|won'?t|no longer)\s+(work|function|run|exist|record|listen|connect)",
          "it is a claim about the appliance's own state, which the appliance reports itself"),
    _rule("device",
          r"\b(hearth|the assistant|the appliance|this device|you)\s+(has|have)\s+no\s+"
          r"(internet|network|microphone|memory|tools?|timers?|access)\b",
          "it is a claim about the appliance's own state, which the appliance reports itself"),
    # secret
    _rule("secret", r"-----BEGIN [A-Z ]*PRIVATE KEY-----|\bssh-(rsa|ed25519) AAAA",
          "it looks like a private key"),
    _rule("secret",
          r"\b(sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|"
          r"AKIA[0-9A-Z]{16}|xox[abprs]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{30,}|"
          r"eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]+)",
          "it looks like an API key or access token"),
    _rule("secret",
          r"\b(password|passcode|passphrase|pin|pin code|secret|api key)\s*(is|was|=|:)\s*"
          r"(?!(on|in|under|at|behind|inside|written|taped|stuck|kept|stored|the|a|an|"
          r"printed|somewhere|also|not|on the)\b)['\"]?[^\s'\"]{3,}",
          "it looks like a password; keep those in a password manager, not on the counter"),
)

_LONG_TOKEN = re.compile(r"[A-Za-z0-9+/_=-]{32,}")
_CARD = re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])")


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


def find_refusal(text: str) -> Refused | None:
    """The refusal for this text, or None if it may be remembered."""
    for rule in RULES:
        if rule.pattern.search(text):
            return Refused(rule.category, rule.reason)
    for token in _LONG_TOKEN.findall(text):
        if _looks_random(token):
            return Refused("secret", "it looks like an API key or access token")
    for match in _CARD.finditer(text):
        digits = re.sub(r"\D", "", match.group())
        if 13 <= len(digits) <= 19 and luhn_valid(digits):
            return Refused("secret", "it looks like a payment card number")
    return None
