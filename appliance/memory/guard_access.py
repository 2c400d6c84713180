"""The guard's access rules: text that widens who can do what, or switches off a gate."""

from __future__ import annotations

from appliance.memory.guard_rules import (
    SELF,
    rule,
)

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
    r"verification|human review|the check(?!-)|(?:token|password|pin|review|approval|"
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
# "admin rights on the Xbox": the household's own accounts and machines, not Hearth.
_ON_SOMETHING_ELSE = (
    r"(?:on|for|to|of|in|over) (?:the|our|his|her|their|my|a|[a-z]+'s) "
    r"(?!(?:appliance|assistant|device|hearth|memory|settings|system|kitchen|facts|inbox|"
    r"board|unit|hub|box)\b)"
)
_GRANT = r"(?:grant|give|allow|enable|unlock|open up|hand|award|assign|let)"


ACCESS = (
    # widening who can do what
    rule(
        "access",
        rf"\b{_GRANT}\b (?:[a-z']+ ){{0,3}}?{_ADMIN}\b(?! of)(?:\s+(?:to|for)\b|\s*$|"
        r"\s*[.!,;])",
        unless=rf"\b{_ADMIN} {_ON_SOMETHING_ELSE}",
    ),
    rule(
        "access",
        rf"\b{_GRANT}\b[^.;]{{0,40}}?\b{_ADMIN} (?:access|rights|privileges?|"
        r"permissions?|role|account|mode|level|status|powers?|control)\b",
        unless=rf"\b{_ADMIN} (?:access|rights|privileges?|permissions?|role|account|"
        rf"powers?|control) {_ON_SOMETHING_ELSE}",
    ),
    rule(
        "access",
        rf"\b{_GRANT}\b[^.;]{{0,40}}?\b(?:full|unrestricted|unlimited|complete|"
        r"total|remote|elevated|all) (?:access|control|rights|permissions?|"
        r"privileges?)\b(?:\s+(?:to|of|on|over|for)\s+(?:hearth|the (?:appliance|"
        r"device|assistant|system|memory|settings|web|api|panel|inbox)|this|"
        r"everything|all|memory|settings)\b|\s*$|\s*[.!,;])",
    ),
    rule(
        "access",
        rf"\b(?:make|set|turn|promote|upgrade|register|add)\b[^.;]{{0,40}}?\b"
        rf"(?:(?:an?|the) )?{_ADMIN}\b(?:\s+(?:on|of|for|to)\s+(?:hearth|the "
        r"(?:appliance|device|assistant|system)|this)\b|\s*$|\s*[.!,;])",
    ),
    rule(
        "access",
        r"\b(?:let|allow|permit|enable)\b\s+(?:the |our |my |all |any |every )?(?:anyone|"
        r"everyone|anybody|everybody|guests?|visitors?|strangers|all|any (?:device|phone|one)|"
        r"kids|children|neighbours|neighbors|cleaner|babysitter|lodger|friends|teenagers|"
        r"devices?|phones?|tablets?|[a-z]+'s (?:friends|phone|tablet|laptop))\b[^.;]{0,40}?"
        r"\b(?:change|edit|write|modify|control|access|delete|post|use|run|wipe|rewrite|"
        r"overwrite|reset|clear|remove|add to|manage|administer)\w*\s+(?:the |all the |"
        r"hearth'?s |its |your )?(?:memory|memories|hearth|the appliance|appliance|facts|"
        r"stored facts|settings|the assistant|assistant|everything|inbox|admin)\b",
    ),
    rule(
        "access",
        r"\b(?:open|give|hand|expose|share|unlock)\w*\b (?:up )?(?:hearth'?s|the "
        r"(?:appliance|assistant)'?s|your|all|the) (?:settings|controls|admin|"
        r"config\w*|admin panel)\b"
        r"(?! (?:on|of|for) (?:the )?(?!hearth|appliance)[a-z]+)",
    ),
    rule(
        "access",
        r"\b(?:authori[sz]e|allow|permit|let|enable)\w*\b (?:the )?(?:note-?taker|"
        r"model|assistant|ai|hearth|it)\b (?:to )?(?:promote|approve|accept|confirm|"
        r"review|keep)\w*",
    ),
    rule(
        "access",
        rf"\b{SELF}\b (?:doesn'?t|does not|no longer|won'?t|will not|shouldn'?t|"
        r"should not|need not|needn'?t|never) (?:needs? to |has to |have to |"
        r"bother to |bothers? to )?(?:ask|check|wait|confirm|get approval)\w*"
        r"(?: (?:with|for) (?:us|anyone|me|a person|permission))? (?:before|first|"
        r"when|any ?more|now)\b",
    ),
    rule(
        "access",
        r"\b(?:authori[sz]e|allow|permit|let|enable|tell)\w*\b (?:the )?(?:note-?taker|"
        r"model|assistant|ai|hearth|it|web page|api|chat)\b[^.;]{0,20}?\b(?:to )?"
        r"(?:write|save|store|add|keep|promote|approve|change|edit|accept)\w*\b"
        r"[^.;]{0,20}?\b(?:live|directly|straight|without|on (?:its|their) own|"
        r"by itself|itself|unreviewed|unchecked)\b",
    ),
    rule(
        "access",
        rf"\b{_GATE}\b[^.;]{{0,15}}?\b(?:gone|away|removed|switched off|turned off|"
        r"disabled|deactivated|bypassed|dropped|scrapped|abolished|"
        r"(?:is|are) (?:no longer|not) (?:required|needed|necessary|enforced|"
        r"checked|asked for|in use|wanted))\b",
    ),
    rule(
        "access",
        r"\b(?:unlock|open up|expose)\b[^.;]{0,30}?\b(?:hearth|appliance|"
        r"assistant|device)(?:'s)?\b[^.;]{0,20}?\b(?:settings|controls|config\w*|"
        r"admin|features|memory)",
    ),
    # handing out what lets a phone in: "share the token with the neighbours"
    rule(
        "access",
        r"\b(?:share|send|give|post|forward|email|e-mail|text|hand|print|publish|"
        r"tell|read out|put|stick|write)\w*\b[^.;]{0,20}?\b(?:the |your |its |hearth'?s |"
        r"our )?(?:(?:web|chat(?: page)?|access|admin|api|assistant'?s?|login|pairing|"
        r"setup|owner) )?(?:token|admin password|pairing code|setup code|api key|"
        r"login link|admin login|owner pin)\b(?! for the (?!assistant|appliance|chat|web))"
        r"[^.;]{0,40}?\b(?:with|to|on|in|for|by)\b",
        unless=r"\btoken for the (?!assistant|appliance|chat|web|hearth)",
    ),
    # switching a gate off
    rule(
        "access",
        rf"\b{_OFF_VERB}\b (?:(?:the|hearth'?s|your|its|any|all|every) )?"
        rf"(?:(?:memory|note-?taker|web|appliance) )?{_GATE}\b",
    ),
    rule(
        "access",
        rf"\b(?:turn|switch|shut|toggle)\b (?:(?:the|hearth'?s|your) )?{_GATE}"
        r"\b[^.;]{0,10}?\boff\b",
    ),
    rule(
        "access",
        rf"\b{_GATE}\b (?:should|must|can|may|will|is to|are to)? ?(?:be |get |is |"
        r"are )?(?:now )?(?:skipped|bypassed|disabled|deactivated|turned off|"
        r"switched off|removed|ignored|suspended|optional|unnecessary|"
        r"not needed|no longer needed|off)\b",
    ),
    rule(
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
    rule(
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
    rule(
        "access",
        rf"\b(?:all|every|each|any)\b (?:pending |new |future )?{_PROPOSALS}\b"
        rf"[^.;]{{0,40}}?\b{_KEEP}\b[^.;]{{0,40}}?\b(?:automatically|without|no "
        r"need|directly|straight|as live|by default|unseen|unchecked)",
    ),
    rule(
        "access",
        rf"\b{_PROPOSALS}\b (?:should|must|can|will|are to|is to|may)? ?(?:be |"
        rf"get |gets |are |is )?(?:all )?{_KEEP}\b (?:as (?:they|it) comes?|"
        r"automatically|without|by default|straight away|immediately|unseen|"
        r"unchecked|directly|at once|on sight)",
    ),
    rule(
        "access",
        r"\b(?:anyone|everyone|anybody|everybody|guests?|visitors?|strangers|"
        r"any (?:device|phone|one)|all (?:devices|phones|users))\b (?:on the "
        r"(?:network|wifi|lan) )?(?:can|may|is allowed to|are allowed to|should be "
        r"able to|gets to|get to|is free to|are free to) (?:now )?(?:change|edit|"
        r"write|modify|control|access|delete|post|manage|administer|wipe|rewrite)\w*"
        r" (?:to )?(?:the )?(?:hearth|appliance|memory|memories|facts|settings|"
        r"assistant|inbox)\b",
    ),
    rule(
        "access",
        r"\b(?:mark|set|flag|treat|consider|count|tag)\w* (?:all|every|each|any|"
        r"whatever|everything)\b[^.;]{0,30}?\bas (?:accepted|approved|kept|reviewed|"
        r"confirmed|live|promoted|verified|checked)\b",
    ),
    rule(
        "access",
        r"\b(?:saved?|writ(?:e|ten)|stored?|kept|promoted|added|put)\b (?:straight |"
        r"directly |right )?(?:as |into |to |in )?(?:the )?live\b(?! (?:in|with|at|on|"
        r"near|together|nearby|abroad|alone))",
    ),
    rule(
        "access",
        r"\b(?:accept|allow|take|let through|apply|process)\w* (?:all |any |every )?"
        r"(?:changes|edits|writes|requests|posts|facts|updates|commands|memories)\b"
        r"[^.;]{0,30}?\b(?:with no|without)\b",
    ),
    rule(
        "access",
        r"\b(?:is|are) (?:now )?(?:allowed|permitted|free|authori[sz]ed|able) to "
        r"(?:change|edit|modify|control|wipe|delete|manage|administer|configure|"
        r"rewrite|reset)\w* (?:hearth'?s?|the appliance'?s?|the assistant'?s?|your|"
        r"the memory|memory|memories|hearth'?s facts)\b",
    ),
    rule(
        "access",
        r"\b(?:approve|accept|promote|keep|confirm|review)\w* (?:the |all |any |my |"
        r"our |new )?(?:proposals|suggestions|memories|facts|notes)\b[^.;]{0,20}?"
        r"\b(?:on (?:my|our|their|his|her) behalf|for (?:me|us)|yourself|itself|by "
        r"yourself|on your own|on its own)\b",
    ),
    rule(
        "access",
        r"\b(?:pre-?approved|pre-?accepted|auto-?approved|already approved|"
        r"approved in advance)\b",
    ),
    rule(
        "access",
        r"\b(?:(?:no|without)(?: (?:need|needing|having) (?:for|to))?(?: more| any)?|"
        r"(?:no one|nobody|no-one) (?:needs|has|have|is going) to|there is no need "
        r"(?:to|for)|doesn'?t need to be|don'?t need to be|need not be) "
        r"(?:the )?(?:review|approv|confirm|check|vet|moderat)\w*(?: step)?"
        rf"(?:\s+(?:of )?(?:{_PROPOSAL_WORDS}|them|it|anything|what|the note-?taker)"
        r"|\s*$|\s*[.!,;])",
    ),
    rule(
        "access",
        r"\b(?:save|write|store|keep|mark|promote|put|add)\w*\b[^.;]{0,40}?"
        r"\bas live\b|\b(?:write|save|store|go|goes|put|send|add)\w* (?:it |them |"
        r"facts |everything )?(?:straight|directly) (?:to|into|in) (?:the )?"
        r"(?:live )?(?:memory|memories|live facts)|\blive (?:memory|facts)\b[^.;]{0,20}"
        r"\bwithout\b",
    ),
    rule(
        "access",
        r"\b(?:change|edit|write|modify|access|use|post to|control|delete|add|save|"
        r"store|post)\w* (?:the )?(?:memory|memories|hearth|the appliance|facts|"
        r"settings)\b"
        r"[^.;]{0,30}?\bwithout (?:the |a |any )?(?:token|password|review|approval|"
        r"confirmation|auth\w*|permission|asking)",
    ),
    rule(
        "access",
        r"\bwithout (?:the |a |any )?(?:review queue|inbox|review step|human "
        r"review|keep or discard|the review|the guard|the approval)\b",
    ),
)
