"""Plain-English paraphrases of the CATO factors, one tuple of regexes per factor.

Built from each factor's description in ``factors.json`` and the ordinary legal words for
its concept (nondisclosure / confidentiality / secrecy agreements, security measures,
reverse engineering, public disclosure, ...), with their inflections. Patterns are
matched case-insensitively; gaps between words never cross a sentence end.
"""

from __future__ import annotations

from citeproof.bench.factors.paraphrase_words import (
    AGREEMENT,
    COMPETITORS,
    DISCLOSE,
    MATERIALS,
    MODAL,
    NEGOTIATION,
    OUTSIDERS,
    PLACE,
    PRINT,
    PRODUCT,
    PROSPECT,
    RESTRICTED,
    SAVING,
    SECRET,
    SOURCES,
    STAFF,
    TO_PROTECT,
    VENUE,
    W,
    gap,
)

PARAPHRASES: dict[str, tuple[str, ...]] = {
    "F1": (
        DISCLOSE + gap(6) + r"(?:during|in|while|when|amid|in\s+the\s+course\s+of|as\s+part"
        r"\s+of)\s+" + W + "{0,3}?" + NEGOTIATION,
        r"\bnegotiations?\s+disclosure",
        r"\bdisclosures?\s+(?:\w+\s+){0,2}?(?:during|in|amid)\s+" + W + "{0,2}?" + NEGOTIATION,
        r"\bwhile\s+(?:the\s+(?:two|parties)\s+(?:were\s+)?)?negotiat\w*",
        DISCLOSE + gap(5) + r"to\s+(?:a|an|the)\s+(?:prospective|potential|would-be)\s+" + PROSPECT,
    ),
    "F2": (
        r"\bbrib\w*",
        r"\bkickbacks?",
        r"\binducements?",
        r"\b(?:paid|pay\w*|offer\w*|induc\w*|lur\w*|entic\w*|poach\w*|solicit\w*)\b" + gap(5) + STAFF,
        r"\b(?:hired|lured|enticed|poached|recruited)\s+(?:\w+\s+){0,3}?away\b",
        r"\b(?:was|were|been)\s+(?:paid|bribed|offered\s+\w+)\s+to\s+(?:hand|pass|turn|give|"
        r"leave|switch|join|disclose|reveal|take|bring)\b",
        r"\b(?:paid|offered|promised|gave)\b" + gap(4) + r"(?:a\s+)?(?:signing\s+)?"
        r"(?:bonus|cash|payments?|raise|higher\s+(?:salary|pay|wages)|stock|equity)",
    ),
    "F3": (
        r"\b(?:sole|only|lone)\s+(?:developer|author|inventor|creator|designer|architect)",
        r"\bemployee[- ]developer",
        r"\bonly\s+(?:person|one|employee)\s+(?:who\s+)?(?:develop|creat|design|invent)\w*",
        r"\b(?:developed|created|designed|invented|wrote|written|built)\b"
        + gap(4)
        + r"(?:alone|single-handedly|by\s+(?:himself|herself)|on\s+(?:his|her)\s+own)",
        r"\bsingle-handedly",
    ),
    "F4": (
        r"\bnon-?disclosure\s+(?:agreement|contract|covenant|clause|undertaking|provision|"
        r"obligation)",
        r"\b(?:confidentiality|secrecy)\s+(?:agreement|contract|covenant|clause|undertaking|"
        r"provision|obligation|pledge)",
        r"\bNDAs?\b",
        r"\b(?:agreed|promised|undertook|undertaken|covenanted|contracted|pledged|swore)\s+"
        + W
        + r"?not\s+to\s+(?:disclose|reveal|divulge|share|use|disseminate)",
        r"\b(?:agreed|promised|undertook|pledged|contracted)\s+to\s+(?:keep|maintain|hold|"
        r"treat)\b" + gap(4) + r"(?:secret|confidential|in\s+confidence)",
        r"\b(?:promised|guaranteed|pledged|agreed\s+to)\s+(?:\w+\s+)?(?:confidentiality|"
        r"secrecy)",
        r"\bbound\s+by\s+" + W + r"{0,2}?(?:duty|duties|obligations?)\s+of\s+"
        r"(?:confidentiality|secrecy|nondisclosure)",
    ),
    "F5": (
        AGREEMENT + gap(6) + r"(?:did\s+not|didn't|does\s+not|doesn't|failed\s+to|never|"
        r"nowhere)\s+(?:\w+\s+)?(?:specif|identif|defin|describ|list|say|said|stat|designat|"
        r"spell|mention|pinpoint|delineat)\w*",
        AGREEMENT + r"\s+(?:was|were|is|are)\s+" + W + r"{0,2}?(?:vague|unspecific|"
        r"non-?specific|not\s+specific|too\s+(?:general|broad|vague)|overbroad|generic|"
        r"boilerplate|so\s+(?:general|broad|vague)|open-ended|indefinite|imprecise)",
        r"\b(?:vague|unspecific|non-?specific|generic|boilerplate|overbroad|open-ended|blanket|"
        r"catch-all|general|imprecise|indefinite)\s+(?:\w+\s+)?" + AGREEMENT,
        AGREEMENT + gap(4) + r"without\s+(?:specifying|identifying|defining|saying|listing|"
        r"describing)",
    ),
    "F6": (
        r"\bsecurity\s+(?:measures|precautions|procedures|protocols?|steps|program(?:me)?s?|"
        r"systems?|polic(?:y|ies)|arrangements|controls|guards?|regime|practices)",
        r"\b(?:physical|tight|strict)\s+security",
        r"\bsecurity\s+(?:was|were)\s+(?:tight|strict)",
        r"\b(?:restrict\w*|limit\w*|controll?\w*)\s+access",
        r"\baccess\b" + gap(3) + r"(?:was|were|is|being)\s+(?:strictly\s+|tightly\s+)?"
        r"(?:restricted|limited|controlled)",
        r"\bneed[- ]to[- ]know",
        r"\block\s+and\s+key",
        r"\bunder\s+lock\b",
        r"\blocked\s+(?:up|away)\b",
        r"\blocked\s+(?:\w+\s+)?" + PLACE,
        r"\bin\s+a\s+(?:locked\s+)?(?:safe|vault)\b",
        r"\bpassword[- ]protect\w*",
        r"\bencrypt\w*",
        r"\bclosely\s+guarded",
        r"\bguard\w*\s+(?:the|its|their)\s+\w+",
        r"\b(?:kept|keeps|keep|keeping|maintained)\b"
        + gap(3)
        + r"(?:secret|confidential|closely\s+guarded|under\s+wraps)",
        r"\b(?:took|take|taken|taking|adopted|implemented|used|employed)\s+(?:active\s+|"
        r"reasonable\s+|careful\s+|extensive\s+|strict\s+|elaborate\s+)?(?:steps|measures|"
        r"precautions|care)\s+to\s+(?:keep|protect|maintain|safeguard|secure|preserve|guard)",
        r"\b(?:reasonable|active|extensive|elaborate|strict)\s+(?:efforts|steps|measures|"
        r"precautions)",
        r"\bconfidential(?:ity)?\s+(?:markings?|legends?|stamps?)",
        r"\bmarked\s+" + W + r"{0,2}?[\"']?(?:confidential|secret|proprietary)",
        r"\bsafeguard\w*",
        r"\bsecrecy\s+(?:measures|precautions|program|polic\w*|procedures)",
        r"\bprotected\s+(?:its|the|their)\s+" + W + r"{0,2}?(?:information|secrets?|"
        r"formulas?|recipes?|designs?|data|process(?:es)?|know-how|drawings|plans)\s+"
        r"(?:with|by|through|behind)",
    ),
    "F7": (
        r"\b(?:brought|bringing|bring|brings|(?:took|taking)(?!\s+(?:\w+\s+)?(?:precautions?|steps|"
        r"measures|care|pains|action)\b)|carried|carrying|removed|"
        r"downloaded|smuggled|(?:walked|went)\s+(?:out|off|away)\s+with|left\s+with|"
        r"made\s+off\s+with|absconded\s+with)\b" + gap(5) + MATERIALS,
    ),
    "F8": (
        r"\bcompetitive\s+(?:advantage|edge)",
        r"\bhead\s+start",
        r"\bleg\s+up",
        r"\bjump[- ]start\w*",
        r"\bshort-?cut\w*",
        r"\bunfair\s+advantage",
        r"\b(?:gain\w*|got|obtain\w*|won|enjoy\w*)\s+(?:an?\s+)?(?:\w+\s+)?(?:edge|advantage)\b",
        r"\b(?:cost|expense|time|years|burden)\s+of\s+(?:doing\s+)?(?:its|their|his|her)\s+own\s+"
        r"(?:research|development|R&D|engineering)",
        r"\b(?:saved|saving|saves|save|cut|cutting|cuts|reduc\w*|shorten\w*|slash\w*|shaved|"
        r"shaving|trimmed|avoid\w*|skipp\w*|bypass\w*|spared?)\b" + gap(4) + SAVING,
        r"\b(?:got|get|gets|getting|came|reached|reach\w*|brought|bring\w*|went|entered|"
        r"rushed)\b" + gap(4) + r"(?:to\s+)?(?:the\s+)?market\s+(?:faster|sooner|earlier|"
        r"quicker|more\s+quickly|ahead|first)",
        r"\b(?:faster|cheaper|quicker|more\s+cheaply|more\s+quickly)\s+than\b"
        + gap(6)
        + r"(?:develop\w*|research|independent\w*|otherwise|from\s+scratch)",
        r"\bwithout\s+(?:\w+\s+){0,2}?(?:cost|expense|time|years)\s+of\s+(?:\w+\s+)?"
        r"(?:development|research)",
    ),
    "F10": (
        DISCLOSE + gap(5) + r"(?:to|with)\s+" + OUTSIDERS,
        r"\bdisclosures?\s+(?:of\s+(?:\w+\s+){0,3}?)?to\s+" + OUTSIDERS,
        r"\bto\s+outside\s+parties",
    ),
    "F11": (
        r"\bvertical\s+knowledge",
        r"\b(?:information|info|data|knowledge|lists?)\s+(?:about|concern\w*|regarding|on)\s+"
        r"(?:[\w']+\s+){0,2}?(?:customers|suppliers|clients|vendors)",
        r"\b(?:customer|client|supplier|vendor)\s+(?:information|lists?|data|identities|"
        r"names|preferences|requirements|contacts)",
        r"\bidentit(?:y|ies)\s+of\s+(?:its\s+|the\s+|their\s+)?(?:customers|suppliers|"
        r"clients|vendors)",
        r"\bconcern\w*\s+(?:its\s+|the\s+|their\s+)?(?:customers|suppliers|clients)",
    ),
    "F12": (
        DISCLOSE + gap(6) + r"(?:only\s+)?(?:under|subject\s+to|with|pursuant\s+to|bound\s+by)"
        r"\s+" + W + r"{0,2}?(?:confidentiality|restrictions|non-?disclosure|secrecy)",
        r"\bdisclosures?\b" + gap(4) + r"(?:were|was)\s+(?:\w+\s+)?(?:(?:restricted|limited|"
        r"bound|protected)(?:\s+by\s+" + W + r"{0,2}?(?:confidentiality|non-?disclosure|"
        r"secrecy)\s+\w+)?|made\s+under|made\s+in\s+confidence)",
        OUTSIDERS + gap(3) + r"(?:signed|were\s+bound\s+by|agreed\s+to|were\s+required\s+"
        r"to\s+sign|had\s+to\s+sign)\s+" + W + r"{0,2}?(?:confidentiality|non-?disclosure|"
        r"secrecy)",
    ),
    "F13": (
        r"\bnon-?competition\b",
        r"\bnon-?compete\b",
        r"\bnot\s+to\s+compete\b",
        r"\brestrictive\s+covenant",
    ),
    "F14": (
        r"\brestricted\s+materials?",
        r"\b(?:used|using|uses|use|exploited|exploiting|employed|relied\s+on|relying\s+on|"
        r"made\s+use\s+of|utili[sz]ed|incorporated|drew\s+on)\b"
        + gap(5)
        + r"(?:materials?|documents?|information|drawings|data|samples|specifications|plans|"
        r"software|prototypes)" + gap(6) + RESTRICTED,
    ),
    "F15": (
        r"\bunique\s+(?:\w+\s+)?" + PRODUCT,
        r"\bunique\s+in\s+the\s+(?:market|industry|field)",
        PRODUCT + r"s?\s+(?:was|is|were|are)\s+(?:\w+\s+)?unique",
        r"\b(?:is|was|were|are)\s+unique\b",
        r"\bone[- ]of[- ]a[- ]kind",
        r"\bonly\s+(?:one|product|such\s+\w+)\s+(?:on|in)\s+the\s+(?:market|industry)",
        r"\bnothing\s+(?:else\s+)?(?:like\s+it|comparable|similar)\s+(?:on|in)\s+the\s+market",
        r"\bonly\s+one\s+of\s+its\s+kind",
        r"\b(?:only|sole|exclusive)\s+(?:maker|manufacturer|producer|supplier|source|seller)",
        r"\bonly\s+(?:company|firm|business)\s+(?:making|producing|selling|offering|"
        r"(?:that|to)\s+(?:made|make|makes|produced?|sold|sell|offer\w*|manufactur\w*))",
        r"\bno\s+(?:other\s+)?(?:competitor|rival|company|firm|one\s+else|other\s+(?:maker|"
        r"manufacturer|producer))\s+(?:\w+\s+)?(?:made|makes|offered|offers|sold|sells|"
        r"produced|produces|had|has)",
        r"\bunmatched\b",
        r"\bunrivall?ed\b",
    ),
    "F16": (
        r"\breverse[- ]engineerab\w*",
        r"\b" + MODAL + r"(?:\w+\s+)?(?:have\s+)?(?:been\s+|be\s+)?(?:readily\s+|easily\s+)?"
        r"(?:reverse[- ]engineered|taken\s+apart|disassembled|dismantled|decompiled|"
        r"duplicated|copied|replicated|reproduced|analy[sz]ed)",
        r"\b" + MODAL + W + r"{0,3}?(?:by|through|via|from)\s+(?:reverse[- ]engineering|"
        r"(?:examining|inspecting|analy[sz]ing|disassembling|taking\s+apart|dismantling|"
        r"studying|testing)\b)",
        r"\b(?:discoverable|ascertainable|learnable|detectable|apparent)\s+(?:\w+\s+)?(?:by|through|"
        r"from|on)\s+(?:examin|inspect|analy|disassembl|taking\s+apart|dismantl|study|test|"
        r"revers)\w*",
        r"\b(?:open|susceptible|vulnerable|subject|amenable|exposed)\s+to\s+reverse[- ]"
        r"engineering",
        r"\beasy\s+to\s+(?:reverse[- ]engineer|copy|duplicate|take\s+apart)",
        r"\breadily\s+(?:ascertainable|discoverable)\s+(?:by|through|from)\s+"
        + W
        + r"{0,2}?(?:product|examination|inspection|reverse)",
    ),
    "F17": (
        r"\bindependent(?:ly)?\s+(?:develop|generat|research|creat|deriv|invent|design|work|"
        r"effort|discover|arriv|came)\w*",
        r"\b(?:developed|created|designed|built|arrived\s+at)\b"
        + gap(4)
        + r"(?:independently|on\s+its\s+own|in-house|from\s+scratch)",
        r"\b(?:its|his|her|their)\s+own\s+(?:independent\s+)?(?:research|R&D|engineering|"
        r"efforts?|development|design\s+work|experiment\w*|labou?r|testing)",
        r"\bfrom\s+scratch",
        r"\bclean[- ]room",
    ),
    "F18": (
        r"\bidentical\s+(?:products?|designs?|cop(?:y|ies)|devices?|tools?|machines?)",
        r"\b(?:was|were|is|are)\s+(?:\w+\s+)?identical\b",
        r"\bidentical\s+to\b",
        r"\b(?:a|an)\s+(?:\w+\s+)?(?:copy|replica|clone|duplicate|knock-?off)\s+of\b",
        r"\b(?:carbon|exact|virtual|near|slavish)\s+(?:cop(?:y|ies)|replicas?|duplicates?|"
        r"clones?|imitations?)",
        r"\bknock-?offs?\b",
        r"\bindistinguishable\s+from",
        r"\b(?:virtually|essentially|practically|substantially)\s+(?:the\s+same|identical)",
        r"\bmirror\s+image",
    ),
    "F19": (
        r"\bno\s+(?:\w+\s+){0,1}?(?:security\s+)?(?:measures|precautions|steps|efforts?|"
        r"safeguards|protections?)\b(?:\s+(?:at\s+all|whatsoever))?" + TO_PROTECT,
        r"\b(?:complete|total|utter)\s+lack\s+of\s+(?:any\s+)?(?:security|precautions|"
        r"protection)",
        r"\blax\s+(?:security|precautions)",
        r"\bfailed\s+to\s+(?:take|adopt)\s+(?:any\s+)?(?:security\s+)?(?:measures|precautions)",
        r"\bfailed\s+to\s+(?:\w+\s+)?(?:protect|secure|safeguard|guard)",
        r"\bdid\s+nothing\s+to\s+(?:protect|keep|maintain|secure|guard|safeguard)",
        r"\bnever\s+(?:\w+\s+)?(?:bothered|tried|attempted|sought)\s+to\s+(?:protect|secure|"
        r"guard|safeguard|keep|conceal|hide)",
        r"\b(?:made|took)\s+no\s+(?:\w+\s+)?(?:effort|attempt)s?" + TO_PROTECT,
        r"\bleft\s+" + W + r"{0,3}?(?:unprotected|unsecured|unguarded|unlocked)",
        r"\bunprotected\b",
        r"\bwithout\s+any\s+(?:security|precautions|protection|safeguards)",
    ),
    "F20": (
        r"\bknown\s+(?:to|by|among|in|throughout|across)\s+(?:\w+\s+){0,2}?(?:competitors|"
        r"industry|trade|rivals|field)",
        COMPETITORS + gap(3) + r"(?:already\s+)?(?:knew|know|knows|were\s+(?:already\s+)?"
        r"(?:aware|familiar)|was\s+(?:already\s+)?(?:aware|familiar)|had\s+(?:long\s+)?"
        r"(?:known|used)|(?:already\s+)?(?:used|employed|had)\s+(?:the\s+)?(?:same|identical|"
        r"similar))",
        r"\bfamiliar\s+to\s+(?:\w+\s+){0,2}?(?:competitors|rivals|industry|trade)",
        r"\bcompetitor\s+knowledge",
        r"\bcommon\s+knowledge",
        r"\b(?:well|widely|commonly|generally)[- ]known",
        r"\b(?:standard|common|routine|widespread)\s+(?:practice\s+)?(?:in|throughout|across)\s+"
        r"the\s+(?:industry|trade|field)",
        r"\bindustry[- ]standard",
    ),
    "F21": (
        r"\b(?:knew|know|knows|understood|understands|realized|realised|recogni[sz]ed|"
        r"(?:was|were)\s+(?:aware|told|informed)|had\s+been\s+told|acknowledged)\b"
        + gap(6)
        + r"(?:was|were|is|are|to\s+be|as)\s+(?:\w+\s+)?"
        + SECRET,
        r"\b(?:knew|aware|knowing|knowledge)\s+(?:of\s+)?(?:its|the|their|that)\s+"
        + W
        + r"{0,3}?(?:confidential\w*|secrecy|secret|proprietary)",
        r"\bon\s+notice\s+(?:that|of)\s+(?:\w+\s+){0,3}?" + SECRET,
        r"\b(?:told|informed|warned|reminded|notified)\b" + gap(5) + r"(?:was|were|is|are)"
        r"\s+" + SECRET,
    ),
    "F22": (
        r"\bespionage",
        r"\btrespass\w*",
        r"\binvasive\s+(?:means|techniques|methods)",
        r"\bwiretap\w*",
        r"\b(?:broke|break\w*|sne?ak\w*|snuck|stole|hack\w*)\s+into",
        r"\bbreak-?ins?\b",
        r"\bburglar\w*",
        r"\bspy\b",
        r"\bspie[sd]\b",
        r"\bspying\b",
        r"\beavesdrop\w*",
        r"\bsurveil\w*",
        r"\baerial\s+(?:photo\w*|reconnaissance)",
        r"\binfiltrat\w*",
        r"\bsnoop\w*",
        r"\bsurreptitious\w*",
        r"\bcovert\w*",
        r"\bplanted\s+(?:a\s+)?(?:spy|mole|informant)",
    ),
    "F23": (
        r"\bwaiv(?:e|ed|es|ing|er)\b" + gap(4) + r"(?:confidential\w*|secrecy)",
        r"\b(?:confidentiality|secrecy)\s+(?:\w+\s+)?(?:was|were)\s+waived",
        r"\b(?:gave|give|giving|given|signed|bargained|contracted)\s+(?:up|away)\b"
        + gap(4)
        + r"(?:confidential\w*|secrecy)",
        r"\b(?:relinquish|surrender|abandon|forfeit|releas)\w*\b" + gap(4) + r"(?:confidential\w*|secrecy)",
    ),
    "F24": (
        r"\bobtainable\s+(?:\w+\s+){0,4}?(?:elsewhere|sources)",
        r"\b(?:available|obtainable|found|accessible)\s+(?:\w+\s+){0,2}?(?:in|from|through)\s+"
        r"(?:\w+\s+){0,3}?(?:public|published|other|legitimate|trade|industry)\s+(?:\w+\s+)?" + SOURCES,
        r"\bpublic\s+domain",
        r"\b(?:readily|freely|easily|publicly|commercially)\s+(?:available|obtainable|"
        r"ascertainable|accessible)",
        r"\bavailable\s+(?:elsewhere|to\s+anyone|on\s+the\s+open\s+market)",
        r"\b" + MODAL + r"(?:easily\s+)?(?:have\s+been|be)\s+(?:\w+\s+)?(?:obtained|found|"
        r"gathered|learned|acquired|compiled|bought|purchased|gotten|got)\s+(?:elsewhere|"
        r"(?:from|in)\s+(?:\w+\s+){0,2}?(?:public|other|legitimate|published|trade))",
        r"\b(?:other|legitimate|independent)\s+sources",
    ),
    "F25": (
        r"\breverse[- ]engineered\b",
        r"\b(?:obtained|learned|acquired|got|derived|discovered|developed|arrived|figured)\b"
        + gap(5)
        + r"(?:by|through|via)\s+reverse[- ]engineering",
        r"\b(?:took|taken|tore|torn)\s+apart\b",
        r"\b(?:disassembled|dismantled|decompiled|tore\s+down|chemically\s+analy[sz]ed)\s+"
        r"(?:the|its|a|an)\s+" + W + r"{0,2}?(?:" + PRODUCT[3:-1] + r"|unit|sample|program|code)",
    ),
    "F26": (
        r"\bdecei\w*",
        r"\bdecepti\w*",
        r"\bdeceit\w*",
        r"\blie[ds]\b",
        r"\blying\b",
        r"\bmisrepresent\w*",
        r"\bfraud\w*",
        r"\btrick\w*",
        r"\bfalse\s+preten[cs]es?",
        r"\b(?:posed|posing)\s+as\b",
        r"\bpretend\w*",
        r"\bmisled\b",
        r"\bmislead\w*",
        r"\bduped\b",
        r"\bdishonest\w*",
        r"\bruse\b",
        r"\bsubterfuge",
        r"\bimpersonat\w*",
        r"\bfeign\w*",
        r"\bunder\s+the\s+guise",
        r"\bfalse\s+(?:statements?|representations?|"
        r"identity|promises?)",
        r"\bsham\s+(?:offer|negotiations?|deal|inquiry)",
    ),
    "F27": (
        r"\bpublic\s+(?:forum|disclosure|announcement|conference|presentation|exhibition|"
        r"exhibit|demonstration|display|talk|lecture|seminar|showing|unveiling)",
        r"\bpublish\w*",
        r"\btrade\s+(?:show|fair|exhibition|expo|convention)",
        r"\b(?:disclos\w*|reveal\w*|announc\w*|present\w*|display\w*|demonstrat\w*|"
        r"exhibit\w*|describ\w*)\s+(?:\w+\s+){0,2}?(?:publicly|in\s+public)",
        r"\bpublicly\s+(?:disclos|reveal|announc|display|demonstrat|exhibit|describ|present)\w*",
        r"\b(?:at|in)\s+(?:a|an|the)\s+(?:public\s+|industry\s+|international\s+|"
        r"technical\s+)?" + VENUE + r"\b",
        r"\b(?:gave|delivered|presented)\s+(?:a|an)\s+(?:\w+\s+)?(?:talk|lecture|speech|"
        r"presentation|paper)",
        r"\b(?:disclos|reveal|describ|explain|detail|print|featur|divulg)\w*\b"
        + gap(6)
        + r"(?:in|through)\s+(?:a|an|its|the|their|his|her)\s+(?:\w+\s+){0,2}?"
        + PRINT,
        r"\bwent\s+public\s+with",
        r"\badvertis\w*",
        r"\b(?:appear\w*|put|placed|included|printed|set\s+out)\b" + gap(5) + r"(?:in|through)\s+"
        r"(?:a|an|its|the|their|his|her)\s+(?:\w+\s+){0,2}?" + PRINT,
        r"\bpatent\s+(?:applications?|filings?)",
    ),
}
