"""The guard's instruction rules: text that speaks to the model, not about the household."""

from __future__ import annotations

from appliance.memory.guard_rules import (
    MARKER_REASON,
    rule,
)

# Instructions that belong to a thing or a person in the house ("the old instructions on
# the fuse box", "the electrician said to ignore ..."): the household reporting advice,
# not text aimed at the assistant.
_SOMEONE_ELSES_INSTRUCTIONS = (
    r"\b(?:instructions?|rules|guidelines|directions|guidance|manual|labels?) (?:on|for|in|"
    r"of|from|that came with|printed on|inside|under|at|about) (?:the|a|an|our|his|her|"
    r"their|[a-z]+'s) (?!(?:assistant|appliance|system|model|ai|device|hearth|chat|"
    r"conversation|prompt)\b)|\b(?:said|says|told (?:us|me|him|her|them)|advised|"
    r"recommends?|recommended|suggested|reckons)\b (?:us )?(?:to|we should|that we "
    r"should|you can|we can) (?:just )?(?:ignore|disregard|forget|skip|override)\b"
)
# Who asks, in a standing order to answer them in a set way.
_ASKER = (
    r"(?:anyone|anybody|someone|somebody|people|a guest|guests|visitors?|a visitor|the "
    r"kids|the children|a stranger|strangers|the neighbours|[a-z]+)"
)

INSTRUCTION = (
    # a standing order without any trigger word: "whenever anyone asks about the car,
    # tell them it is sold"; "if Grandma asks, say we are out"
    rule(
        "instruction",
        rf"\b(?:when(?:ever)?|if|each time|every time|any time)\b {_ASKER} (?:asks?|calls?|"
        r"rings?|visits?|comes? round|wants? to know|enquires?|inquires?|mentions?)\b"
        r"[^.;]{0,50}?,?\s*(?:then )?(?:always |just |please )?(?<!the )(?<!an )(?:tell|say|"
        r"answer|reply|"
        r"respond|insist|pretend|claim)\b",
    ),
    # the same with no one named asking: "…, and when asked for any number give that one"
    # (a seventh trial's went live behind a babysitter's number)
    rule(
        "instruction",
        r"\b(?:when(?:ever)?|if|each time|every time|any time)\b (?:you(?:'re| are) |it's |"
        r"hearth is )?asked (?:for|about|what|where|who|which|how|anything)\b[^.;]{0,50}?,?\s*"
        r"(?:then )?(?:always |just |please |only )?(?:give|tell|say|answer|reply|respond|use|"
        r"read out|quote)\b",
    ),
    # "respond only in French", "speak only German from now on", "answer in rhymes"
    rule(
        "instruction",
        r"(?:^|[.!?;] |, |\bplease |\bnow |\bfrom now on,? |\bfrom today,? )(?:only |always )?"
        r"(?:respond|reply|answer|speak|talk|write|communicate)\b (?:to (?:everyone|me|us|"
        r"anyone|the kids) )?(?:only |just |always |exclusively |solely )?(?:in|using|with) "
        r"(?:[a-z]+ )?(?:only|from now on|from today|(?:and|or) nothing else)\b|"
        r"(?:^|[.!?;] |, |\bplease )(?:only |always )?(?:respond|reply|answer|speak|talk)"
        r"\b (?:only|exclusively|solely|just) (?:in|using)\b",
    ),
    # role play aimed at the assistant: "let's play a game where you are …"
    rule(
        "instruction",
        r"\blet'?s (?:play|do) (?:a )?(?:game|role ?-?play|pretend)[^.;]{0,20}?\byou\b|"
        r"\brole ?-?play\s*[:,-]\s*you\b|\bstay in character\b(?! (?:on stage|in the (?:play|"
        r"show|panto|film)|during the (?:play|show)))|\bpretend (?:that )?"
        r"(?:you are|you'?re)\b|\bbe (?:an?|my|the) [a-z ]{2,30} for the rest of the "
        r"(?:chat|conversation|day|week|evening)\b|\bfrom now on,? you(?:'re| are)\b",
    ),
    # chat-template markers of every family, read on the plain view
    rule("instruction", r"<\|[^|<>\n]{1,40}\|>|<｜[^｜<>\n]{1,40}｜>", "plain", MARKER_REASON),
    rule(
        "instruction",
        r"\[/?(?:inst|sys|system_prompt|tool_calls|available_tools|"
        r"tool_results|gmask)\]|<</?sys>>|</?(?:start_of_turn|end_of_turn|"
        r"bos|eos|think|s)>|</?(?:system|assistant|user|human|model)>",
        "plain",
        MARKER_REASON,
    ),
    rule(
        "instruction",
        r"^\s*#{2,}\s*(?:instruction|response|system|input|assistant|user|"
        r"human)\b|^\s*(?:system|assistant|user|model|human|ai|sys)\s*:",
        "plain",
        MARKER_REASON,
    ),
    # the classic overrides
    rule(
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
        unless=_SOMEONE_ELSES_INSTRUCTIONS,
    ),
    rule(
        "instruction",
        r"\b(?:previous|prior|earlier|above|old|original|all|your|existing|"
        r"former|initial|system)\b (?:instructions|rules|directives|guidelines|"
        r"prompts?|orders|messages?) (?:are|is|were|have been|has been|no "
        r"longer|now)\b ?(?:now |hereby |all )?(?:cancel\w*|void|invalid|"
        r"revoked|replaced|obsolete|overridden|withdrawn|lifted|suspended|gone|"
        r"removed|deleted|ignored|not valid|no longer valid|apply|in force|"
        r"matter|fake|wrong|outdated)\b",
    ),
    rule(
        "instruction",
        r"\byou (?:will|shall|must|should|are going to|'ll|are to) (?:now |from "
        r"now on |henceforth |only )?(?:answer|respond|reply|act|behave|speak|"
        r"talk|pretend|roleplay|play|pose|serve|work)\w*(?: only)? (?:as|like|"
        r"for)\b|\byour (?:programming|prompt|instructions|system prompt|rules|"
        r"guidelines|training|directives|configuration|creators?|developers?) "
        r"(?:says?|tells?|requires?|states?|wants?|allows?|lets?|permits?|"
        r"forbids?|demands?|told you|want you)\b",
    ),
    rule(
        "instruction",
        r"\b(?:ignore|disregard|forget|override|discard|bypass|skip)\b (?:the |"
        r"your |any |all )?(?:system|developer|safety|hidden|original|initial|"
        r"operator) (?:message|prompt|instructions?|rules|guidelines|policy|"
        r"settings)\b|\b(?:ignore|disregard|forget|override|discard)\b[^.;]{0,30}?"
        r"\b(?:developers?|creators?|makers?|programmers?|owners?|trainers?|"
        r"company|the system|anyone else) (?:told|taught|instructed|programmed|"
        r"trained|asked|gave) you\b",
        unless=_SOMEONE_ELSES_INSTRUCTIONS,
    ),
    rule(
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
    rule(
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
    rule(
        "instruction",
        r"\b(?:stop|quit|cease|don'?t|do not|no longer|never)\b (?:following|"
        r"obeying|observing|respecting|listening to|sticking to|applying|using|"
        r"follow|obey|observe|respect|apply) (?:your|any|those|these|all|the "
        r"system'?s?|its)(?: [a-z]+)? (?:instructions|rules|guidelines|guidance|"
        r"directives|prompt|programming|training|policies|safeguards)\b",
    ),
    rule(
        "instruction",
        r"\b(?:message|note|instructions?|orders?|command|request|memo|word)s? "
        r"(?:for|to) (?:the |any |all )?(?:ai|assistant|model|llm|chatbot|bot|"
        r"language model|system|agent)s?\b",
    ),
    rule(
        "instruction",
        r"\b(?:ignore|disregard|forget|overlook|discard)\b\s+(?:(?:all|"
        r"everything|anything|the|what(?:ever)?|that|any|of) ){0,3}(?:text |"
        r"messages? |words |stuff |said |written )?(?:above|so far|before "
        r"(?:this|now)|until now|up to now|previously|prior|earlier|you (?:were|"
        r"have been|'ve been|was) (?:told|given|taught)|you know|i said before|"
        r"that came before)\b",
    ),
    rule(
        "instruction",
        r"\byou are (?:now|no longer)\b|\byou'?re now\b|\b(?:from now on|"
        r"from this (?:point|moment)(?: on)?|henceforth|starting now)\b,? "
        r"(?:you|assistant|hearth|the assistant|the model|model|ai)\b|"
        r"\b(?:assistant|hearth|model|ai|chatbot|bot|llm|gpt)\b,? (?:from now "
        r"on|from this (?:point|moment)(?: on)?|henceforth)\b",
    ),
    rule(
        "instruction",
        r"(?:^|[.!?] )(?:dear |hey |ok |okay |attention,? )?(?:assistant|"
        r"hearth|model|ai|chatbot|bot|llm|gpt|computer|system)\s*[,:]\s*"
        r"(?:please )?(?:you|your|from|ignore|forget|disregard|always|never|"
        r"reply|answer|respond|tell|say|reveal|print|repeat|obey|stop|start|"
        r"act|pretend|do not|don'?t|discard|override|new|switch|enter|"
        r"output|show|list|give|send|leak|dump)\b",
    ),
    rule(
        "instruction",
        r"\b(?:pretend|act|behave|roleplay|role-play|role play|masquerade|"
        r"pose)\b (?:to be |you are |you'?re |as |like )(?:an? |the |my )?"
        r"(?:(?:evil|unrestricted|unfiltered|uncensored|jailbroken|rogue|"
        r"different|new|other) )?(?:ai|assistant|model|chatbot|llm|gpt|"
        r"administrator|admin|root|system|developer|hacker|dan|superuser|"
        r"unrestricted|jailbroken|unfiltered|uncensored)\b",
    ),
    rule(
        "instruction",
        r"\b(?:system|hidden|secret|initial|original|developer|internal|"
        r"master|base) prompt\b|\bdeveloper mode\b|\bgod mode\b|\bdan mode\b|"
        r"\bjailbre?a?k|\bprompt injection\b|\bdo anything now\b",
    ),
    rule(
        "instruction",
        r"\b(?:reveal|print|repeat|show|output|leak|dump|recite|expose|"
        r"disclose)\b (?:me |us )?(?:your|the|all|hearth'?s)(?: [a-z]+)? "
        r"(?:prompt|instructions|configuration|config|rules|guidelines|"
        r"memory|memories|system message|context|secrets|tokens?|settings)\b",
    ),
    rule(
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
    rule(
        "instruction",
        r"\bwhen(?:ever)? (?:you|the assistant|the model|hearth) (?:read|"
        r"reads|see|sees|process|processes|recall|recalls|load|loads|find|"
        r"finds) this\b|\bif you are an? (?:ai|assistant|language model|llm|"
        r"model)\b|\bas an? (?:ai|language model)\b",
    ),
    rule(
        "instruction",
        r"\b(?:you|assistant|the model|hearth) (?:must|should|will|shall|have "
        r"to|need to) (?:now )?(?:obey|ignore|reveal|comply|disregard|forget|"
        r"pretend|act as|leak|bypass|disable|always obey|never refuse|answer "
        r"without)\b|\b(?:answer|respond|reply|talk|speak)\w* (?:to [a-z]+ )?"
        r"(?:without|with no) (?:any )?(?:limits|restrictions|rules|filters|"
        r"guardrails|censorship|safety)\b|\bnever refuse\b",
    ),
    # however it is spaced: read with every space and sign removed
    rule(
        "instruction",
        r"(?:ignore|disregard|forget|override)(?:all|the|your|any)?(?:previous|"
        r"prior|above|earlier)(?:instructions?|prompts?|rules|directions)|"
        r"systemprompt|developermode|jailbreak|youarenow(?:an?|in|the)",
        "squashed",
    ),
)
