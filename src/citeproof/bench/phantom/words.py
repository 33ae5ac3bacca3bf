"""Word tables for injections: near synonyms (misquotes), antonyms and auxiliaries (negation)."""

from __future__ import annotations

from citeproof.core.support import ANTONYMS

# A word of an opinion → a near synonym a careless drafter might put in a "quote".
SYNONYMS = {
    "court": "tribunal", "must": "shall", "shall": "must", "may": "can", "can": "may",
    "evidence": "proof", "require": "demand", "requires": "demands", "required": "demanded",
    "show": "demonstrate", "shows": "demonstrates", "showed": "demonstrated",
    "clear": "plain", "clearly": "plainly", "reasonable": "sensible", "state": "government",
    "purpose": "aim", "intent": "intention", "determine": "decide", "determined": "decided",
    "establish": "prove", "established": "proven", "consider": "weigh", "considered": "weighed",
    "whether": "if", "because": "since", "although": "though", "however": "nevertheless",
    "therefore": "thus", "thus": "therefore", "also": "likewise", "only": "solely",
    "must not": "may not", "sufficient": "adequate", "adequate": "sufficient",
    "failed": "neglected", "fail": "neglect", "argues": "contends", "argued": "contended",
    "contends": "argues", "claim": "assertion", "claims": "assertions", "held": "ruled",
    "holding": "ruling", "decision": "ruling", "rule": "principle", "matter": "issue",
    "issue": "question", "question": "issue", "party": "litigant", "parties": "litigants",
    "action": "suit", "suit": "action", "trial": "hearing", "order": "directive",
    "statute": "law", "law": "statute", "provision": "clause", "provide": "supply",
    "provides": "supplies", "provided": "supplied", "apply": "extend", "applies": "extends",
    "applied": "extended", "allow": "permit", "allows": "permits", "allowed": "permitted",
    "permit": "allow", "prevent": "preclude", "entitled": "eligible", "relief": "remedy",
    "remedy": "relief", "damages": "compensation", "injury": "harm", "harm": "injury",
    "right": "entitlement", "rights": "entitlements", "duty": "obligation",
    "obligation": "duty", "liable": "responsible", "liability": "responsibility",
    "contract": "agreement", "agreement": "contract", "property": "estate",
    "defendant": "accused", "plaintiff": "claimant", "plaintiffs": "claimants",
    "record": "file", "facts": "circumstances", "fact": "circumstance", "case": "matter",
    "cases": "matters", "general": "broad", "generally": "broadly", "specific": "particular",
    "particular": "specific", "important": "significant", "significant": "important",
    "necessary": "essential", "essential": "necessary", "appropriate": "proper",
    "proper": "appropriate", "conduct": "behavior", "find": "conclude", "found": "concluded",
    "conclude": "find", "concluded": "found", "reason": "ground", "reasons": "grounds",
    "basis": "ground", "made": "rendered", "make": "render", "given": "afforded",
    "give": "afford", "within": "inside", "under": "pursuant to", "upon": "on",
    "before": "prior to", "after": "following", "whole": "entire", "entire": "whole",
    "plain": "clear", "meaning": "sense", "language": "wording", "words": "terms",
    "term": "word", "terms": "words", "time": "period", "years": "terms", "period": "time",
    "judgment": "decree", "appeal": "review", "motion": "request", "request": "motion",
    "public": "general", "private": "personal", "legal": "lawful", "question of": "issue of",
}
SYNONYMS = {k: v for k, v in SYNONYMS.items() if " " not in k}

# A word → its opposite, both ways (polarity flips for misrepresentations): the same
# pairs the offline support check knows.
ANTONYM_OF = {**ANTONYMS, **{v: k for k, v in ANTONYMS.items()}}

AUXILIARIES = {"is", "are", "was", "were", "may", "must", "can", "could", "should", "would",
               "will", "does", "do", "did", "has", "have", "had", "shall"}
