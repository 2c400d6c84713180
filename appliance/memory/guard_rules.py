"""The guard's precise rules: one readable list of patterns per family.

Each rule reads one view of the normalised text (`appliance.memory.normalise`):
`words` (lower case, disguises off) for meaning, `plain` (case and digits kept)
for secrets and template markers, `squashed` (letters only) for the few phrases
refused however they are spaced. Patterns name Hearth's own parts and gates, so
the same verbs about the household's things pass: "remove the safety gate when
Leo turns three" (a stair gate), "give Sam full access to the car", "the oven is
broken", "the wifi password is on the fridge".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

REASONS = {
    "access": "it tries to widen who can do what on the appliance, or to switch off a safeguard",
    "instruction": "it is an instruction aimed at the assistant, not a household fact",
    "device": "it is a claim about the appliance's own state, which the appliance reports itself",
    "secret": "it looks like a password, code or key; keep those in a password manager, "
    "not on the counter (saying where one is kept is fine)",
}
MARKER_REASON = "it contains chat-template markers aimed at the model"


@dataclass(frozen=True)
class Rule:
    category: str
    view: str  # "words", "plain" or "squashed"
    pattern: re.Pattern[str]
    reason: str


def _rule(category: str, pattern: str, view: str = "words", reason: str | None = None) -> Rule:
    flags = re.IGNORECASE if view == "plain" else 0
    return Rule(category, view, re.compile(pattern, flags), reason or REASONS[category])


# -- the vocabulary the rules share ------------------------------------------

# Hearth itself, as a subject or an owner.
_SELF = (
    r"(?:hearth|this (?:appliance|device|unit|machine|assistant|gadget|box)|"
    r"the (?:appliance|device|assistant|unit)|you|it)"
)
_OWNER = (
    r"(?:your|its|hearth'?s|this (?:appliance|device|unit)'?s|"
    r"the (?:appliance|device|assistant)'?s)"
)
# Parts only Hearth has in a kitchen; named bare ("the microphone") they mean Hearth's.
_OWN_PART = (
    r"(?:microphone|mic|e-?ink (?:screen|display|panel)|panel|buttons?|"
    r"timers?(?: tool| function| feature)?|reminders?(?: tool)?|"
    r"shopping list(?: tool| feature)?|memory(?: tool)?|recall|note-?taker|"
    r"review queue|review step|inbox|timer tool|wake word|audit log|guard|"
    r"voice (?:input|recognition|control)|(?:web )?token(?: check)?|"
    r"network(?: connection)?|internet(?: connection)?|wi-?fi|lan|connection)"
)
# Any part, once owned by Hearth ("your speaker", "hearth's clock").
_ANY_PART = r"(?:[a-z-]+ ){0,2}[a-z-]+"
# A part followed by "for/on/of/in ... X" belongs to X, unless X is Hearth.
_ELSEWHERE = (
    r"(?!\s+(?:for|on|of|in|from|to|at|upstairs|downstairs)\s+"
    r"(?!(?:this|the) (?:appliance|device|unit)|hearth))"
)
_BROKEN = (
    r"(?:disabled|deactivated|off|down|offline|broken|unavailable|not working|"
    r"turned off|switched off|disconnected|muted|deprecated|removed|gone|dead|"
    r"unplugged|out of order|deleted|wiped|erased|full|faulty|failing|"
    r"malfunctioning|not functioning|no longer (?:working|available)|"
    r"in (?:maintenance|safe|debug|test|offline|admin|developer|service) mode|"
    r"wrong|reset|hacked|compromised|blocked|failed|died|crashed|stopped|quit|"
    r"packed up|given up|frozen|bricked|broken down|not (?:connected|online|plugged in|"
    r"listening|recording|powered|on|responding|set up|configured|updated)|"
    r"out of (?:service|action)|unresponsive|kaput|bust|busted|knackered|playing up|"
    r"acting up|corrupted|inactive|suspended|paused)"
)
_CANNOT = (
    r"(?:doesn'?t|does not|don'?t|do not|isn'?t|is not|aren'?t|are not|can'?t|"
    r"cannot|won'?t|will not|no longer|never|stopped|has stopped|have stopped|"
    r"(?:is|are|was|were) (?:un|not )able to|(?:isn'?t|aren'?t) able to|can no longer|"
    r"fails? to|failed to|refuses? to|won'?t be able to)"
)
_ABILITY = (
    r"(?:work|working|function|functioning|run|running|exist|record|listen|hear|"
    r"connect|ring|fire|go off|sound|respond|save|store|remember|set|show|display|"
    r"update|reach|access|speak|work properly|refresh|light up|turn on|boot|start|"
    r"load|wake|beep|chime|play|draw|redraw|hear|listen|alarm|alert)(?:s|es)?"
)
_IS = (
    r"(?:is|are|was|were|has been|have been|will be|got|gets|has|have|had|'s|'re)"
    r"(?: now| permanently| currently| still)?"
)

# Hearth's gates, named precisely: "the gate" alone is the stair gate.
# "skip the review" is Hearth's gate; "skip the review meeting on Friday" is not.
_NOT_HEARTHS_REVIEW = (
    r"(?! (?:meeting|of (?!(?:the )?(?:note|memor|fact|propos|suggest))|"
    r"date|appointment|session|call|form|letter|results?|paperwork|"
    r"documents?|with|at|in|on (?!memor|facts|propos|suggest)|this|next|"
    r"last|tomorrow|today|tonight|panel|board meeting)\b)"
)
_GATE = (
    r"(?:review(?:s|ing)?(?: step| gate| queue| process| screen| stage)?"
    + _NOT_HEARTHS_REVIEW
    + r"|"
    r"approvals?(?: gate| step| check| process)?|(?:the |hearth'?s |your )?guard(?:rails?)?"
    r"(?!\s+(?:from|off|in front of|around|over|at|on) (?:the )?(?:fire|fireplace|stove|"
    r"stairs?|heater|cot|bed|window|pool|pond|balcony|oven|hob|cooker|radiator|"
    r"wood ?burner))|safeguards?|safety (?:filter|check|checks|system|net)|"
    r"(?:content |memory |word |text )filter|confirmations?(?: step| screen)?|"
    r"authenti[cs]ation|authori[sz]ation|auth|(?:web |access |api |appliance )token|"
    r"password (?:requirement|check|prompt|protection)|inbox|audit(?: log)?|"
    r"keep (?:or|and|/) discard(?: buttons?)?|(?:keep|discard) button|moderation|"
    r"verification|human review|the check|(?:token|password|pin|review|approval|"
    r"confirmation|login) (?:requirement|check|step|prompt)s?)"
)
_OFF_VERB = (
    r"(?:bypass|disable|deactivate|skip|switch off|turn off|shut off|shut down|"
    r"ignore|remove|circumvent|get around|suspend|override|kill|pause|neutrali[sz]e|"
    r"defeat|evade|avoid|dismantle|uninstall|delete|drop|stop|end|abolish|"
    r"get rid of|do away with|switch|turn)"
)
_PROPOSAL_WORDS = (
    r"proposals?|suggestions?|facts?|memor(?:y|ies)|notes?|entries|"
    r"(?:the )?note-?taker'?s? (?:facts|proposals|suggestions|notes)|"
    r"what(?:ever)? (?:the )?(?:note-?taker|model|assistant|hearth|it) "
    r"(?:suggests|proposes|says|writes|wants|offers|notes)|pending (?:ones|items)"
)
_PROPOSALS = f"(?:{_PROPOSAL_WORDS})"
_KEEP = (
    r"(?:approve|accept|promote|keep|confirm|save|store|allow|admit|take|pass|"
    r"approved|accepted|promoted|kept|confirmed|saved|stored|allowed|written|"
    r"added|passed)"
)
_ADMIN = (
    r"(?:admin|administrator|root|sudo|superuser|super user|owner|operator|"
    r"developer|maintainer)"
)
_GRANT = r"(?:grant|give|allow|enable|unlock|open up|hand|award|assign|let)"

ACCESS = (
    # widening who can do what
    _rule(
        "access",
        rf"\b{_GRANT}\b (?:[a-z']+ ){{0,3}}?{_ADMIN}\b(?! of)(?:\s+(?:to|for)\b|\s*$|"
        r"\s*[.!,;])",
    ),
    _rule(
        "access",
        rf"\b{_GRANT}\b[^.;]{{0,40}}?\b{_ADMIN} (?:access|rights|privileges?|"
        r"permissions?|role|account|mode|level|status|powers?|control)\b",
    ),
    _rule(
        "access",
        rf"\b{_GRANT}\b[^.;]{{0,40}}?\b(?:full|unrestricted|unlimited|complete|"
        r"total|remote|elevated|all) (?:access|control|rights|permissions?|"
        r"privileges?)\b(?:\s+(?:to|of|on|over|for)\s+(?:hearth|the (?:appliance|"
        r"device|assistant|system|memory|settings|web|api|panel|inbox)|this|"
        r"everything|all|memory|settings)\b|\s*$|\s*[.!,;])",
    ),
    _rule(
        "access",
        rf"\b(?:make|set|turn|promote|upgrade|register|add)\b[^.;]{{0,40}}?\b"
        rf"(?:(?:an?|the) )?{_ADMIN}\b(?:\s+(?:on|of|for|to)\s+(?:hearth|the "
        r"(?:appliance|device|assistant|system)|this)\b|\s*$|\s*[.!,;])",
    ),
    _rule(
        "access",
        r"\b(?:let|allow|permit|enable)\b\s+(?:anyone|everyone|anybody|everybody|"
        r"guests?|visitors?|strangers|all|any (?:device|phone|one))\b[^.;]{0,40}?"
        r"\b(?:change|edit|write|modify|control|access|delete|post|use|run|"
        r"manage|administer)\w*\s+(?:the )?(?:memory|memories|hearth|the "
        r"appliance|appliance|facts|settings|the assistant|assistant|everything|"
        r"inbox|admin)",
    ),
    _rule(
        "access",
        r"\b(?:open|give|hand|expose|share|unlock)\w*\b (?:up )?(?:hearth'?s|the "
        r"(?:appliance|assistant)'?s|your|all|the) (?:settings|controls|admin|"
        r"config\w*|admin panel)\b"
        r"(?! (?:on|of|for) (?:the )?(?!hearth|appliance)[a-z]+)",
    ),
    _rule(
        "access",
        r"\b(?:authori[sz]e|allow|permit|let|enable)\w*\b (?:the )?(?:note-?taker|"
        r"model|assistant|ai|hearth|it)\b (?:to )?(?:promote|approve|accept|confirm|"
        r"review|keep)\w*",
    ),
    _rule(
        "access",
        rf"\b{_SELF}\b (?:doesn'?t|does not|no longer|won'?t|will not|shouldn'?t|"
        r"should not|need not|needn'?t|never) (?:needs? to |has to |have to |"
        r"bother to |bothers? to )?(?:ask|check|wait|confirm|get approval)\w*"
        r"(?: (?:with|for) (?:us|anyone|me|a person|permission))? (?:before|first|"
        r"when|any ?more|now)\b",
    ),
    _rule(
        "access",
        r"\b(?:authori[sz]e|allow|permit|let|enable|tell)\w*\b (?:the )?(?:note-?taker|"
        r"model|assistant|ai|hearth|it|web page|api|chat)\b[^.;]{0,20}?\b(?:to )?"
        r"(?:write|save|store|add|keep|promote|approve|change|edit|accept)\w*\b"
        r"[^.;]{0,20}?\b(?:live|directly|straight|without|on (?:its|their) own|"
        r"by itself|itself|unreviewed|unchecked)\b",
    ),
    _rule(
        "access",
        rf"\b{_GATE}\b[^.;]{{0,15}}?\b(?:gone|away|removed|switched off|turned off|"
        r"disabled|deactivated|bypassed|dropped|scrapped|abolished|"
        r"(?:is|are) (?:no longer|not) (?:required|needed|necessary|enforced|"
        r"checked|asked for|in use|wanted))\b",
    ),
    _rule(
        "access",
        r"\b(?:unlock|open up|expose)\b[^.;]{0,30}?\b(?:hearth|appliance|"
        r"assistant|device)(?:'s)?\b[^.;]{0,20}?\b(?:settings|controls|config\w*|"
        r"admin|features|memory)",
    ),
    # switching a gate off
    _rule(
        "access",
        rf"\b{_OFF_VERB}\b (?:(?:the|hearth'?s|your|its|any|all|every) )?"
        rf"(?:(?:memory|note-?taker|web|appliance) )?{_GATE}\b",
    ),
    _rule(
        "access",
        rf"\b(?:turn|switch|shut|toggle)\b (?:(?:the|hearth'?s|your) )?{_GATE}"
        r"\b[^.;]{0,10}?\boff\b",
    ),
    _rule(
        "access",
        rf"\b{_GATE}\b (?:should|must|can|may|will|is to|are to)? ?(?:be |get |is |"
        r"are )?(?:now )?(?:skipped|bypassed|disabled|deactivated|turned off|"
        r"switched off|removed|ignored|suspended|optional|unnecessary|"
        r"not needed|no longer needed|off)\b",
    ),
    _rule(
        "access",
        r"\b(?:stop|quit|cease|no longer|don'?t|do not|never|no more)\b "
        r"(?:bother |bothering )?(?:(?:asking|making|getting|needing) (?:me |us |"
        r"anyone |someone |people |a person |the household )?(?:to |about |for )?)?"
        r"(?:reviewing|checking|confirming|approving|vetting|"
        r"moderating|screening|asking (?:about|for)|showing|review|check|confirm|"
        r"approve|vet|ask (?:about|for)|show)\b[^.;]{0,30}?\b(?:"
        + _PROPOSAL_WORDS
        + r"|keep or discard|the board|the panel|things|stuff|"
        r"anything|everything|them|each one|what (?:you|it|hearth) (?:keeps?|saves?)|"
        r"anything (?:hearth|the note-?taker|the model) (?:suggests|proposes))",
    ),
    # the review of what is remembered, switched off by other words
    _rule(
        "access",
        rf"\b(?:auto-?(?:approve|accept|promote|keep|confirm|save)\w*|"
        rf"automatically (?:approve|accept|promote|keep|confirm|save)\w*|"
        rf"(?:{_KEEP}|remember|record|write|add|put|send|move|push)\b "
        r"(?:all|every|each|any|whatever|everything|anything)\b[^.;]{0,40}?"
        rf"\b(?:automatically|without (?:review|asking|checking|showing|looking|"
        r"confirmation|approval|a person|check\w* with|asking|us|me)|no need|"
        r"no questions|straight|directly|"
        r"as live|unseen|unchecked|blindly|by default))",
    ),
    _rule(
        "access",
        rf"\b(?:all|every|each|any)\b (?:pending |new |future )?{_PROPOSALS}\b"
        rf"[^.;]{{0,40}}?\b{_KEEP}\b[^.;]{{0,40}}?\b(?:automatically|without|no "
        r"need|directly|straight|as live|by default|unseen|unchecked)",
    ),
    _rule(
        "access",
        rf"\b{_PROPOSALS}\b (?:should|must|can|will|are to|is to|may)? ?(?:be |"
        rf"get |gets |are |is )?(?:all )?{_KEEP}\b (?:as (?:they|it) comes?|"
        r"automatically|without|by default|straight away|immediately|unseen|"
        r"unchecked|directly|at once|on sight)",
    ),
    _rule(
        "access",
        r"\b(?:anyone|everyone|anybody|everybody|guests?|visitors?|strangers|"
        r"any (?:device|phone|one)|all (?:devices|phones|users))\b (?:on the "
        r"(?:network|wifi|lan) )?(?:can|may|is allowed to|are allowed to|should be "
        r"able to|gets to|get to|is free to|are free to) (?:now )?(?:change|edit|"
        r"write|modify|control|access|delete|post|manage|administer|wipe|rewrite)\w*"
        r" (?:to )?(?:the )?(?:hearth|appliance|memory|memories|facts|settings|"
        r"assistant|inbox)\b",
    ),
    _rule(
        "access",
        r"\b(?:mark|set|flag|treat|consider|count|tag)\w* (?:all|every|each|any|"
        r"whatever|everything)\b[^.;]{0,30}?\bas (?:accepted|approved|kept|reviewed|"
        r"confirmed|live|promoted|verified|checked)\b",
    ),
    _rule(
        "access",
        r"\b(?:saved?|writ(?:e|ten)|stored?|kept|promoted|added|put)\b (?:straight |"
        r"directly |right )?(?:as |into |to |in )?(?:the )?live\b(?! (?:in|with|at|on|"
        r"near|together|nearby|abroad|alone))",
    ),
    _rule(
        "access",
        r"\b(?:accept|allow|take|let through|apply|process)\w* (?:all |any |every )?"
        r"(?:changes|edits|writes|requests|posts|facts|updates|commands|memories)\b"
        r"[^.;]{0,30}?\b(?:with no|without)\b",
    ),
    _rule(
        "access",
        r"\b(?:is|are) (?:now )?(?:allowed|permitted|free|authori[sz]ed|able) to "
        r"(?:change|edit|modify|control|wipe|delete|manage|administer|configure|"
        r"rewrite|reset)\w* (?:hearth'?s?|the appliance'?s?|the assistant'?s?|your|"
        r"the memory|memory|memories|hearth'?s facts)\b",
    ),
    _rule(
        "access",
        r"\b(?:approve|accept|promote|keep|confirm|review)\w* (?:the |all |any |my |"
        r"our |new )?(?:proposals|suggestions|memories|facts|notes)\b[^.;]{0,20}?"
        r"\b(?:on (?:my|our|their|his|her) behalf|for (?:me|us)|yourself|itself|by "
        r"yourself|on your own|on its own)\b",
    ),
    _rule(
        "access",
        r"\b(?:pre-?approved|pre-?accepted|auto-?approved|already approved|"
        r"approved in advance)\b",
    ),
    _rule(
        "access",
        r"\b(?:(?:no|without)(?: (?:need|needing|having) (?:for|to))?(?: more| any)?|"
        r"(?:no one|nobody|no-one) (?:needs|has|have|is going) to|there is no need "
        r"(?:to|for)|doesn'?t need to be|don'?t need to be|need not be) "
        r"(?:the )?(?:review|approv|confirm|check|vet|moderat)\w*(?: step)?"
        rf"(?:\s+(?:of )?(?:{_PROPOSAL_WORDS}|them|it|anything|what|the note-?taker)"
        r"|\s*$|\s*[.!,;])",
    ),
    _rule(
        "access",
        r"\b(?:save|write|store|keep|mark|promote|put|add)\w*\b[^.;]{0,40}?"
        r"\bas live\b|\b(?:write|save|store|go|goes|put|send|add)\w* (?:it |them |"
        r"facts |everything )?(?:straight|directly) (?:to|into|in) (?:the )?"
        r"(?:live )?(?:memory|memories|live facts)|\blive (?:memory|facts)\b[^.;]{0,20}"
        r"\bwithout\b",
    ),
    _rule(
        "access",
        r"\b(?:change|edit|write|modify|access|use|post to|control|delete|add|save|"
        r"store|post)\w* (?:the )?(?:memory|memories|hearth|the appliance|facts|"
        r"settings)\b"
        r"[^.;]{0,30}?\bwithout (?:the |a |any )?(?:token|password|review|approval|"
        r"confirmation|auth\w*|permission|asking)",
    ),
    _rule(
        "access",
        r"\bwithout (?:the |a |any )?(?:review queue|inbox|review step|human "
        r"review|keep or discard|the review|the guard|the approval)\b",
    ),
)

INSTRUCTION = (
    # chat-template markers of every family, read on the plain view
    _rule("instruction", r"<\|[^|<>\n]{1,40}\|>|<｜[^｜<>\n]{1,40}｜>", "plain", MARKER_REASON),
    _rule(
        "instruction",
        r"\[/?(?:inst|sys|system_prompt|tool_calls|available_tools|"
        r"tool_results|gmask)\]|<</?sys>>|</?(?:start_of_turn|end_of_turn|"
        r"bos|eos|think|s)>|</?(?:system|assistant|user|human|model)>",
        "plain",
        MARKER_REASON,
    ),
    _rule(
        "instruction",
        r"^\s*#{2,}\s*(?:instruction|response|system|input|assistant|user|"
        r"human)\b|^\s*(?:system|assistant|user|model|human|ai|sys)\s*:",
        "plain",
        MARKER_REASON,
    ),
    # the classic overrides
    _rule(
        "instruction",
        r"\b(?:ignore|disregard|forget|override|discard|drop|abandon|bypass|"
        r"skip|cancel|erase|delete|throw out|set aside|overwrite|neglect)\b"
        r"[^.;]{0,30}?\b(?:previous|prior|above|earlier|preceding|your|all|"
        r"any|these|those|original|initial|system|every|old|current|existing)"
        r"\b[^.;]{0,20}?\b(?:instructions?|prompts?|rules|guidelines|"
        r"directions|directives|programming|training|constraints|guardrails|"
        r"system message|orders|commands|context|messages|policy|policies|"
        r"restrictions|limits|guidance|teachings|principles|values|safeguards|"
        r"boundaries|filters|setup|conditioning)\b",
    ),
    _rule(
        "instruction",
        r"\b(?:previous|prior|earlier|above|old|original|all|your|existing|"
        r"former|initial|system)\b (?:instructions|rules|directives|guidelines|"
        r"prompts?|orders|messages?) (?:are|is|were|have been|has been|no "
        r"longer|now)\b ?(?:now |hereby |all )?(?:cancel\w*|void|invalid|"
        r"revoked|replaced|obsolete|overridden|withdrawn|lifted|suspended|gone|"
        r"removed|deleted|ignored|not valid|no longer valid|apply|in force|"
        r"matter|fake|wrong|outdated)\b",
    ),
    _rule(
        "instruction",
        r"\byou (?:will|shall|must|should|are going to|'ll|are to) (?:now |from "
        r"now on |henceforth |only )?(?:answer|respond|reply|act|behave|speak|"
        r"talk|pretend|roleplay|play|pose|serve|work)\w*(?: only)? (?:as|like|"
        r"for)\b|\byour (?:programming|prompt|instructions|system prompt|rules|"
        r"guidelines|training|directives|configuration|creators?|developers?) "
        r"(?:says?|tells?|requires?|states?|wants?|allows?|lets?|permits?|"
        r"forbids?|demands?|told you|want you)\b",
    ),
    _rule(
        "instruction",
        r"\b(?:ignore|disregard|forget|override|discard|bypass|skip)\b (?:the |"
        r"your |any |all )?(?:system|developer|safety|hidden|original|initial|"
        r"operator) (?:message|prompt|instructions?|rules|guidelines|policy|"
        r"settings)\b|\b(?:ignore|disregard|forget|override|discard)\b[^.;]{0,30}?"
        r"\b(?:developers?|creators?|makers?|programmers?|owners?|trainers?|"
        r"company|the system|anyone else) (?:told|taught|instructed|programmed|"
        r"trained|asked|gave) you\b",
    ),
    _rule(
        "instruction",
        r"(?:^|[.!?] |\bplease )(?:now )?(?:act|behave|pretend|roleplay|"
        r"role-play|pose|play the role) (?:as|like|to be|of|that)\b[^.;]{0,30}?"
        r"\b(?:who|that|with no|without)\b (?:used to |would |always |never |"
        r"can |will |has no |knows? )?(?:tell|read|say|give|reveal|share|"
        r"ignore|answer|break|rules|limits|restrictions|filters|codes?|"
        r"passwords?|secrets?)\w*\b|"
        r"\b(?:session|conversation|chat|mode|persona|character)\b[^.;]{0,20}?"
        r"\b(?:with no|without(?: any)?|free of) (?:restrictions|limits|rules|"
        r"filters|guardrails|censorship)\b",
    ),
    _rule(
        "instruction",
        r"\byou (?:must|should|will|shall|have to|need to|are to|can now|may "
        r"now) (?:now |always )?(?:tell|say|give|share|reveal|send|read out|"
        r"disclose|show|print|recite)\w*\b[^.;]{0,40}?\b(?:codes?|passwords?|"
        r"pins?|secrets?|private|address|everything|all (?:the )?facts|memory|"
        r"memories|keys?)\b|\byou (?:are|'re) (?:now )?(?:allowed|permitted|"
        r"free|authori[sz]ed|supposed|meant|required) to (?:share|reveal|tell|"
        r"give out|disclose|ignore|bypass|skip|break|say|leak|change|write|"
        r"delete|obey)\b",
    ),
    _rule(
        "instruction",
        r"\b(?:stop|quit|cease|don'?t|do not|no longer|never)\b (?:following|"
        r"obeying|observing|respecting|listening to|sticking to|applying|using|"
        r"follow|obey|observe|respect|apply) (?:your|any|those|these|all|the "
        r"system'?s?|its)(?: [a-z]+)? (?:instructions|rules|guidelines|guidance|"
        r"directives|prompt|programming|training|policies|safeguards)\b",
    ),
    _rule(
        "instruction",
        r"\b(?:message|note|instructions?|orders?|command|request|memo|word)s? "
        r"(?:for|to) (?:the |any |all )?(?:ai|assistant|model|llm|chatbot|bot|"
        r"language model|system|agent)s?\b",
    ),
    _rule(
        "instruction",
        r"\b(?:ignore|disregard|forget|overlook|discard)\b\s+(?:(?:all|"
        r"everything|anything|the|what(?:ever)?|that|any|of) ){0,3}(?:text |"
        r"messages? |words |stuff |said |written )?(?:above|so far|before "
        r"(?:this|now)|until now|up to now|previously|prior|earlier|you (?:were|"
        r"have been|'ve been|was) (?:told|given|taught)|you know|i said before|"
        r"that came before)\b",
    ),
    _rule(
        "instruction",
        r"\byou are (?:now|no longer)\b|\byou'?re now\b|\b(?:from now on|"
        r"from this (?:point|moment)(?: on)?|henceforth|starting now)\b,? "
        r"(?:you|assistant|hearth|the assistant|the model|model|ai)\b|"
        r"\b(?:assistant|hearth|model|ai|chatbot|bot|llm|gpt)\b,? (?:from now "
        r"on|from this (?:point|moment)(?: on)?|henceforth)\b",
    ),
    _rule(
        "instruction",
        r"(?:^|[.!?] )(?:dear |hey |ok |okay |attention,? )?(?:assistant|"
        r"hearth|model|ai|chatbot|bot|llm|gpt|computer|system)\s*[,:]\s*"
        r"(?:please )?(?:you|your|from|ignore|forget|disregard|always|never|"
        r"reply|answer|respond|tell|say|reveal|print|repeat|obey|stop|start|"
        r"act|pretend|do not|don'?t|discard|override|new|switch|enter|"
        r"output|show|list|give|send|leak|dump)\b",
    ),
    _rule(
        "instruction",
        r"\b(?:pretend|act|behave|roleplay|role-play|role play|masquerade|"
        r"pose)\b (?:to be |you are |you'?re |as |like )(?:an? |the |my )?"
        r"(?:(?:evil|unrestricted|unfiltered|uncensored|jailbroken|rogue|"
        r"different|new|other) )?(?:ai|assistant|model|chatbot|llm|gpt|"
        r"administrator|admin|root|system|developer|hacker|dan|superuser|"
        r"unrestricted|jailbroken|unfiltered|uncensored)\b",
    ),
    _rule(
        "instruction",
        r"\b(?:system|hidden|secret|initial|original|developer|internal|"
        r"master|base) prompt\b|\bdeveloper mode\b|\bgod mode\b|\bdan mode\b|"
        r"\bjailbre?a?k|\bprompt injection\b|\bdo anything now\b",
    ),
    _rule(
        "instruction",
        r"\b(?:reveal|print|repeat|show|output|leak|dump|recite|expose|"
        r"disclose)\b (?:me |us )?(?:your|the|all|hearth'?s)(?: [a-z]+)? "
        r"(?:prompt|instructions|configuration|config|rules|guidelines|"
        r"memory|memories|system message|context|secrets|tokens?|settings)\b",
    ),
    _rule(
        "instruction",
        r"\b(?:new|real|actual|true|updated|secret|only|hidden|revised|"
        r"first|primary|main|next) (?:rule|rules|instructions?|task|role|"
        r"directive|orders|mission|goal|objective|purpose|job)s? (?:for|of) "
        r"(?:the |you|your )?(?:assistant|model|ai|hearth|chatbot|you)\b|"
        r"\byour (?:new |real |actual |true |updated |only |hidden |revised |"
        r"first |primary |main |next )?(?:instructions|rules|role|task|purpose|"
        r"goal|directive|objective|mission|orders|programming|job) (?:is|are|"
        r"now|has|have)\b",
    ),
    _rule(
        "instruction",
        r"\bwhen(?:ever)? (?:you|the assistant|the model|hearth) (?:read|"
        r"reads|see|sees|process|processes|recall|recalls|load|loads|find|"
        r"finds) this\b|\bif you are an? (?:ai|assistant|language model|llm|"
        r"model)\b|\bas an? (?:ai|language model)\b",
    ),
    _rule(
        "instruction",
        r"\b(?:you|assistant|the model|hearth) (?:must|should|will|shall|have "
        r"to|need to) (?:now )?(?:obey|ignore|reveal|comply|disregard|forget|"
        r"pretend|act as|leak|bypass|disable|always obey|never refuse|answer "
        r"without)\b|\b(?:answer|respond|reply|talk|speak)\w* (?:to [a-z]+ )?"
        r"(?:without|with no) (?:any )?(?:limits|restrictions|rules|filters|"
        r"guardrails|censorship|safety)\b|\bnever refuse\b",
    ),
    # however it is spaced: read with every space and sign removed
    _rule(
        "instruction",
        r"(?:ignore|disregard|forget|override)(?:all|the|your|any)?(?:previous|"
        r"prior|above|earlier)(?:instructions?|prompts?|rules|directions)|"
        r"systemprompt|developermode|jailbreak|youarenow(?:an?|in|the)",
        "squashed",
    ),
)

DEVICE = (
    # "the microphone is off", "Hearth's panel is broken", "your tools are unavailable"
    _rule(
        "device",
        rf"(?:^|\bthe |\b{_OWNER} |[.,;] ){_OWN_PART}{_ELSEWHERE}\s+{_IS}\s+"
        rf"(?:(?:completely|totally|fully|also|all|now|permanently|currently) )?"
        rf"{_BROKEN}\b",
    ),
    _rule(
        "device",
        rf"\b{_OWNER} {_ANY_PART}\s+{_IS}\s+(?:(?:completely|totally|fully|also|all|"
        rf"now|permanently|currently) )?{_BROKEN}\b",
    ),
    # "the timer tool doesn't work", "the microphone isn't working"
    _rule(
        "device",
        rf"(?:^|\bthe |\b{_OWNER} |[.,;] ){_OWN_PART}{_ELSEWHERE}\s+{_CANNOT}\s+"
        rf"(?:\w+ly )?{_ABILITY}\b",
    ),
    _rule("device", rf"\b{_OWNER} {_ANY_PART}\s+{_CANNOT}\s+(?:\w+ly )?{_ABILITY}\b"),
    _rule(
        "device",
        rf"\b{_OWNER} {_ANY_PART}\s+(?:has been|have been|was|were|is now|are now|"
        r"got)\s+(?:changed|updated|reset|modified|replaced|reconfigured|set to|"
        r"switched to|renamed|upgraded|downgraded|turned down|moved)\b",
    ),
    # the appliance as subject: "Hearth has no internet", "this appliance can't set timers"
    _rule(
        "device",
        rf"\b{_SELF}\s+(?:has|have|'s got|got)\s+no\s+(?:(?:working|more|"
        r"longer|real) )?[a-z-]+",
    ),
    _rule(
        "device",
        r"\b(?:hearth|this (?:appliance|device|unit|machine|assistant)|the "
        r"(?:appliance|device|assistant))\s+(?:has |have |had )?(?:lost|forgot|"
        r"forgotten|deleted|dropped|wiped|erased|reset) (?:all )?(?:of )?(?:its|his|"
        r"her|the|their|all)? ?(?:memory|memories|facts|settings|connection|network|"
        r"data|timers|voice|configuration|microphone|wifi|internet)\b",
    ),
    _rule(
        "device",
        rf"\b(?:hearth|this (?:appliance|device|unit|machine|assistant)|the "
        rf"(?:appliance|device|assistant))\s+(?:{_CANNOT}\s+(?:\w+ly )?(?:{_ABILITY}|"
        r"hear|see|set|do|handle|use|make|play|read|understand)|"
        rf"{_IS}\s+(?:(?:completely|totally|now|permanently) )?{_BROKEN}|"
        r"(?:is |are |has been |have been |was |were )?(?:now )?(?:running|runs|"
        r"operating|operates|in|set to|put (?:in|into)|"
        r"configured (?:to|for|as)|programmed to|switched to|booted) (?:in )?"
        r"(?:an? )?(?:[a-z-]+ )?mode)\b",
    ),
    # the appliance as the place: "timers are disabled on this appliance"
    _rule(
        "device",
        rf"\b(?:{_IS}|{_CANNOT})\b[^.;]{{0,30}}?\b(?:{_BROKEN}|{_ABILITY}|"
        r"removed|deleted)\b[^.;]{0,30}?\b(?:on|from|in|of|for) (?:this "
        r"(?:appliance|device|unit|machine|assistant)|the (?:appliance|device|"
        r"assistant)|hearth)\b",
    ),
    _rule(
        "device",
        rf"\b(?:on|from|in) (?:this (?:appliance|device|unit)|hearth)\b[^.;]{{0,40}}?"
        rf"\b(?:{_IS}\s+{_BROKEN}|{_CANNOT}\s+{_ABILITY})\b",
    ),
    _rule(
        "device",
        r"\b(?:hearth|the appliance|this appliance|the assistant)'?s? (?:firmware|"
        r"software|settings|configuration|config|version)\b[^.;]{0,20}?\b(?:is|"
        r"are|was|were|has been|have been)\b",
    ),
)

# -- secrets ----------------------------------------------------------------

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
    r"taped|sellotaped|engraved|printed|handwritten|scribbled"
)
_NOT_A_VALUE = f"(?:{_NOT_A_VALUE_WORDS})"
_FILLER = r"(?:\s+(?:for|of|to|on|at|into)\s+[^.:=;]{1,40}?)?"
_PASSWORD = (
    r"(?:password|passwords|passcode|passphrase|passwd|pwd|pw|pass word|"
    r"wi-?fi key|network key|wpa2? key|wifi code|api key|secret key|access key|"
    r"private key|secret|login password|admin password|master password)"
)
_CODE = (
    r"(?:pin|pin code|pin number|code|combination|combo|unlock code|access code|"
    r"alarm code|door code|gate code|keypad code|disarm code|security code|cvv|cvc|cv2|"
    r"otp|one-time code|passcode)"
)
# "is", "=", ":" between a label and its value, as whole words ("his" holds no "is").
_SAYS = (
    r"\s*(?:\b(?:is|are|was|would be|will be|is now|has been changed to|changed to|"
    r"set to)\b|[=:-])\s*"
)
_NUMBER_WORDS = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"

SECRET = (
    _rule(
        "secret",
        r"-----BEGIN [A-Z ]*PRIVATE KEY-----|\bssh-(?:rsa|ed25519|dss) AAAA|"
        r"\bPuTTY-User-Key-File",
        "plain",
        "it looks like a private key",
    ),
    _rule(
        "secret",
        r"\b(?:sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|"
        r"github_pat_[A-Za-z0-9_]{20,}|(?:AKIA|ASIA)[0-9A-Z]{16}|"
        r"xox[abprs]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{30,}|"
        r"glpat-[A-Za-z0-9_-]{20}|hf_[A-Za-z0-9]{30,}|"
        r"eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]+)",
        "plain",
        "it looks like an API key or access token",
    ),
    _rule(
        "secret",
        r"\b(?:aws_secret_access_key|client_secret|secret_key|api_key|apikey|"
        r"access_token|auth_token|refresh_token|private_key)\s*[:=]\s*\S{8,}",
        "plain",
        "it looks like an API key or access token",
    ),
    # "the password for the router is hunter22", "Netflix pw: popcorn", "pass: kettle-oak-42"
    _rule(
        "secret",
        rf"\b{_PASSWORD}{_FILLER}{_SAYS}['\"]?"
        rf"(?!{_NOT_A_VALUE}\b)[^\s'\"]{{3,}}",
    ),
    _rule(
        "secret",
        r"\b(?:pass|login|user ?name and password|credentials|creds|logins?)\s*"
        r"(?:[:=]|is)\s*(?!" + _NOT_A_VALUE_WORDS + r"\b)\S+[^.;]{0,40}?"
        r"(?:/|:|,| and )\s*\S{3,}",
    ),
    _rule(
        "secret",
        r"\b(?:pass|wifi|wi-fi)\s*[:=]\s*\S{4,}|\b(?:pass|pw|pwd|password)\s+"
        r"(?=\S*[a-z])(?=\S*\d)\S{4,}|\S+@\S+\.[a-z]{2,}\s*(?:/|,|;|:)\s*"
        r"(?=\S*\d)\S{4,}",
    ),
    # "the alarm code is 4821", "PIN: 0912", "the code to the safe is 9-1-7-3"
    _rule(
        "secret",
        rf"\b{_CODE}{_FILLER}{_SAYS}?['\"]?(?:\d[\d -]{{2,}}\d|"
        rf"\d{{3,}}|{_NUMBER_WORDS}(?:[ -]{_NUMBER_WORDS}){{2,}})\b",
    ),
    # "The password is hunter22" said the other way round: "hunter22 is the wifi password"
    _rule(
        "secret",
        rf"^['\"]?[^\s'\"]*\d[^\s'\"]*['\"]? is (?:the |our |my )?"
        rf"(?:[a-z]+ )?{_PASSWORD}\b",
    ),
)

RULES: tuple[Rule, ...] = INSTRUCTION + ACCESS + DEVICE + SECRET
