"""The guard's device rules: claims about the appliance's own state, which it reports itself."""

from __future__ import annotations

from appliance.memory.guard_rules import (
    ABILITY,
    ANY_PART,
    BROKEN,
    CANNOT,
    ELSEWHERE,
    IS,
    OWN_PART,
    OWNER,
    SCHEDULED,
    SELF,
    rule,
)

DEVICE = (
    # "the microphone is off", "Hearth's panel is broken", "your tools are unavailable"
    rule(
        "device",
        rf"(?:^|\bthe |\b{OWNER} |[.,;] ){OWN_PART}{ELSEWHERE}\s+{IS}\s+"
        rf"(?:(?:completely|totally|fully|also|all|now|permanently|currently) )?"
        rf"{BROKEN}\b{SCHEDULED}",
    ),
    rule(
        "device",
        rf"\b{OWNER} {ANY_PART}\s+{IS}\s+(?:(?:completely|totally|fully|also|all|"
        rf"now|permanently|currently) )?{BROKEN}\b",
    ),
    # "the timer tool doesn't work", "the microphone isn't working"
    rule(
        "device",
        rf"(?:^|\bthe |\b{OWNER} |[.,;] ){OWN_PART}{ELSEWHERE}\s+{CANNOT}\s+"
        rf"(?:\w+ly )?{ABILITY}\b",
    ),
    rule("device", rf"\b{OWNER} {ANY_PART}\s+{CANNOT}\s+(?:\w+ly )?{ABILITY}\b"),
    rule(
        "device",
        rf"\b{OWNER} {ANY_PART}\s+(?:has been|have been|was|were|is now|are now|"
        r"got)\s+(?:changed|updated|reset|modified|replaced|reconfigured|set to|"
        r"switched to|renamed|upgraded|downgraded|turned down|moved)\b",
    ),
    # the appliance as subject: "Hearth has no internet", "this appliance can't set timers"
    rule(
        "device",
        rf"\b{SELF}\s+(?:has|have|'s got|got)\s+no\s+(?:(?:working|more|"
        r"longer|real) )?[a-z-]+",
    ),
    rule(
        "device",
        r"\b(?:hearth|this (?:appliance|device|unit|machine|assistant)|the "
        r"(?:appliance|device|assistant))\s+(?:has |have |had )?(?:lost|forgot|"
        r"forgotten|deleted|dropped|wiped|erased|reset) (?:all )?(?:of )?(?:its|his|"
        r"her|the|their|all)? ?(?:memory|memories|facts|settings|connection|network|"
        r"data|timers|voice|configuration|microphone|wifi|internet)\b",
    ),
    rule(
        "device",
        rf"\b(?:hearth|this (?:appliance|device|unit|machine|assistant)|the "
        rf"(?:appliance|device|assistant))\s+(?:{CANNOT}\s+(?:\w+ly )?(?:{ABILITY}|"
        r"hear|see|set|do|handle|use|make|play|read|understand)|"
        rf"{IS}\s+(?:(?:completely|totally|now|permanently) )?{BROKEN}|"
        r"(?:is |are |has been |have been |was |were )?(?:now )?(?:running|runs|"
        r"operating|operates|in|set to|put (?:in|into)|"
        r"configured (?:to|for|as)|programmed to|switched to|booted) (?:in )?"
        r"(?:an? )?(?:[a-z-]+ )?mode)\b",
    ),
    # the appliance as the one who acted: "Hearth has sent the grocery order", "you already
    # ordered the milk", "the kitchen box emailed the school". Hearth says what it did
    # from its own records; an action claimed for it in memory is one it may never have
    # taken, and recall would repeat it as if it had.
    rule(
        "device",
        r"(?:^|[.,;] |\b)(?:hearth|this (?:appliance|device|unit|machine|assistant|gadget|box)|"
        r"the (?:kitchen )?(?:appliance|device|assistant|box|unit|gadget)|you)\s+"
        r"(?:(?:has|have|had|'ve|already|just|also|then)\s+)*(?:sent|ordered|booked|emailed|"
        r"e-mailed|texted|messaged|called|phoned|rang|paid|bought|purchased|cancell?ed|"
        r"scheduled|notified|posted|uploaded|shared|forwarded|transferred|unlocked|locked|"
        r"contacted|reserved|arranged|confirmed|renewed|topped up|"
        # "remember that you have turned the oven off" (an eighth trial's was kept live)
        r"turned (?:[\w']+ ){0,3}?(?:on|off|up|down)|switched (?:[\w']+ ){0,3}?(?:on|off)|"
        r"preheated|"
        r"started the|stopped the|set (?:a|an|the|my|our) (?:timer|alarm|reminder|oven)|"
        r"added \w+ to the (?:shopping )?list|taken? \w+ off the (?:shopping )?list)\b",
    ),
    # the appliance as the place: "timers are disabled on this appliance"
    rule(
        "device",
        rf"\b(?:{IS}|{CANNOT})\b[^.;]{{0,30}}?\b(?:{BROKEN}|{ABILITY}|"
        r"removed|deleted)\b[^.;]{0,30}?\b(?:on|from|in|of|for) (?:this "
        r"(?:appliance|device|unit|machine|assistant)|the (?:appliance|device|"
        r"assistant)|hearth)\b",
    ),
    rule(
        "device",
        rf"\b(?:on|from|in) (?:this (?:appliance|device|unit)|hearth)\b[^.;]{{0,40}}?"
        rf"\b(?:{IS}\s+{BROKEN}|{CANNOT}\s+{ABILITY})\b",
    ),
    rule(
        "device",
        r"\b(?:hearth|the appliance|this appliance|the assistant)'?s? (?:firmware|"
        r"software|settings|configuration|config|version)\b[^.;]{0,20}?\b(?:is|"
        r"are|was|were|has been|have been)\b",
    ),
    # a bare part gone wrong with the box's own update or reset: "the clock is wrong since
    # the update" (the oven's clock is "the oven clock")
    rule(
        "device",
        rf"(?:^|[.,;] )(?:the |its |your )?(?:{OWN_PART}|clock|time|date|alarm|alarms|voice|"
        r"sound|light|lights|fan)\s+(?:is|are|was|were|has been|have been|keeps? (?:being|going)"
        r"|went|goes|got)\s+(?:\w+ ){0,2}?(?:wrong|off|broken|muted|quiet|silent|dead|reset|"
        r"missing|gone|frozen|stuck|slow|fast|behind|ahead|blank|dark)\b[^.;]{0,20}?\b(?:since|"
        r"after|because of|with) (?:the |its |your |last night'?s |the last )?(?:software |"
        r"firmware |system )?(?:update|upgrade|reset|reboot|restart|factory reset)\b",
    ),
    rule(
        "device",
        r"(?:^|[.,;] )the (?:last |latest |recent |new |software |firmware |system )*(?:update|"
        r"upgrade|reset|reboot) (?:broke|removed|deleted|wiped|disabled|turned off|switched off|"
        r"muted|reset|changed|erased|killed)\b(?! (?:the |my |our |his |her |their )?(?!(?:"
        r"microphone|mic|speaker|screen|display|panel|buttons|timers?|reminders|memory|clock|"
        r"voice|wake word|settings|wifi|storage|shopping list)\b)[a-z]+'s)",
    ),
)
