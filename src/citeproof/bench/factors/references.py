"""Reference descriptions of the CATO factors for the semantic stage, and the pro/con twins.

Each factor has several short descriptions: its definition in ``factors.json`` (in the
shared CATO pack) restated in the plain words arguments use. ``BACKGROUND`` holds what an
argument says that asserts no factor (who won, which precedent fits); a segment nearer to
one of those than to every factor is no mention. ``TWINS`` pairs a factor with the
opposite-side factor that shares its vocabulary: embeddings measure topic, so which of the
two a segment asserts is decided by cue words (``resolve_twin``), not by the score.
"""

from __future__ import annotations

import re

REFERENCES: dict[str, tuple[str, ...]] = {
    "F1": (
        "the plaintiff revealed the information to the defendant while negotiating a deal",
        "the information was disclosed during negotiations for a licence, sale or joint venture",
        "the secret was shown to the other side during business talks about a possible deal",
        "the owner shared its know-how while the parties were discussing an agreement",
        "the information came out during licensing talks",
        "the plans were handed over at the bargaining table",
        "the secret reached the defendant through commercial discussions",
    ),
    "F2": (
        "the defendant paid an employee of the plaintiff to switch jobs",
        "the defendant offered money or inducements to the plaintiff's employee",
        "the defendant bribed a worker to pass on the information",
        "an employee was lured away with payments to join the competitor",
        "a competitor paid off one of the owner's staff",
        "the employee was given a cash payment to defect",
    ),
    "F3": (
        "the defendant, as the plaintiff's employee, was the only person who developed the information",
        "he designed the product single-handedly while working for the plaintiff",
        "the former employee was the sole developer of the technology",
    ),
    "F4": (
        "the defendant signed a nondisclosure agreement with the plaintiff",
        "the defendant promised in writing to keep the information confidential",
        "there was a confidentiality contract binding the defendant",
        "the defendant was bound to secrecy by a written agreement",
    ),
    "F5": (
        "the nondisclosure agreement did not say which information was confidential",
        "the confidentiality agreement was vague about what it covered",
        "the contract never identified the secrets it was meant to protect",
        "the agreement spoke only in general terms and never said what was secret",
    ),
    "F6": (
        "the plaintiff took active steps to keep the information secret",
        "the owner restricted access to the information",
        "the secret was kept locked away and only a few people could see it",
        "the company guarded its know-how with security precautions",
        "access to the plans was limited to employees who needed them",
        "the system was kept under tight access controls",
        "the owner maintained strict internal controls and restricted entry to its plant",
    ),
    "F7": (
        "a former employee brought drawings, tools or documents to the defendant",
        "the employee who left took the plaintiff's blueprints and materials with him",
        "the new employer received product development material carried over by the former employee",
        "former employees walked off with the drawings and brought them to the new employer",
        "the employee walked out carrying the owner's documents",
    ),
    "F8": (
        "access to the plaintiff's information saved the defendant development time and expense",
        "using the information gave the defendant a head start",
        "the defendant avoided the cost of developing the product on its own",
        "the defendant got to market faster by using the secret",
        "the defendant skipped costly development work",
        "the defendant got a jump on development and saved years of research",
        "the defendant avoided an expensive design stage",
        "the defendant shortened its own development process",
    ),
    "F10": (
        "the plaintiff disclosed the information to outsiders such as customers or suppliers",
        "the owner gave the information to contractors and clients",
        "the secret was shared with people outside the company",
    ),
    "F11": (
        "the information concerns the plaintiff's customers or suppliers, who already know it",
        "the secret is customer or supplier information known to those parties",
        "the information is about the business's own clients and vendors",
        "the claimed secrets are just the names and needs of customers",
    ),
    "F12": (
        "whatever the plaintiff disclosed to outsiders was under confidentiality restrictions",
        "the owner shared the information with customers only under secrecy agreements",
        "outside parties received the information on confidential terms",
        "the customers who received the information were bound to keep it secret",
    ),
    "F13": (
        "the plaintiff and the defendant had a noncompetition agreement",
        "the employee agreed not to work for a competitor",
        "a covenant not to compete bound the defendant",
        "the employee was bound by a restraint on competing after leaving",
    ),
    "F14": (
        "the defendant used materials it had received subject to confidentiality restrictions",
        "the defendant relied on documents given to it in confidence",
        "the defendant made use of restricted materials entrusted to it",
        "the defendant built its parts from drawings received on confidential terms",
        "the defendant made its own parts from restricted drawings",
    ),
    "F15": (
        "the plaintiff was the only maker of the product",
        "the product was unique and no one else made anything like it",
        "nothing comparable was available on the market",
        "a one-of-a-kind article that no competitor produced",
        "no one else made a product like it",
        "the product was singular, one of a kind",
    ),
    "F16": (
        "the information could have been learned by reverse engineering the product",
        "anyone could take the product apart and work out how it was made",
        "the design could readily be copied by examining the product",
        "the product could be examined to work out how it was built",
        "anyone holding the product could work out its internals",
    ),
    "F17": (
        "the defendant developed its product through its own independent research",
        "the defendant created the design on its own without the plaintiff's information",
        "the competitor came up with the process independently",
        "the defendant designed its machine from scratch by its own work",
    ),
    "F18": (
        "the defendant's product is identical to the plaintiff's",
        "the defendant sells an exact copy of the plaintiff's product",
        "the two products are the same in every detail",
        "the defendant copied the product outright down to the last detail",
        "the defendant reproduced the product exactly",
    ),
    "F19": (
        "the plaintiff took no measures at all to keep the information secret",
        "the owner left the information unprotected",
        "the company did nothing to guard its secrets",
    ),
    "F20": (
        "the plaintiff's competitors already knew the information",
        "the information was common knowledge in the industry",
        "rival firms were already familiar with the technique",
        "the technique was already familiar to competitors in the trade",
    ),
    "F21": (
        "the defendant knew that the plaintiff regarded the information as confidential",
        "the defendant was aware the information was secret",
        "the defendant understood the material was proprietary",
        "the defendant was on notice that the material was secret",
    ),
    "F22": (
        "the defendant used invasive means such as espionage or trespass",
        "the defendant broke in or spied to get the information",
        "the defendant used surveillance or theft to obtain the secret",
        "the defendant sneaked into the plant to photograph the process",
    ),
    "F23": (
        "the plaintiff agreed to give up confidentiality for the information it disclosed",
        "the owner waived any claim that the information was confidential",
        "the plaintiff released the defendant from keeping the information secret",
        "the owner said the disclosed material need not be kept confidential",
    ),
    "F24": (
        "the same information could have been obtained from public or other legitimate sources",
        "the information was available elsewhere, for example in public records",
        "the data could be found in published sources",
        "the information could be found in public catalogues or patents",
    ),
    "F25": (
        "the defendant actually obtained the information by reverse engineering the product",
        "the defendant took the plaintiff's product apart to learn how it worked",
        "the competitor disassembled the device and copied its design",
        "the defendant dismantled the device to learn its circuit",
    ),
    "F26": (
        "the defendant obtained the information by deceiving the plaintiff",
        "the defendant lied to get access to the secret",
        "the information was obtained through fraud or misrepresentation",
        "the defendant used a false pretext to get the information",
    ),
    "F27": (
        "the plaintiff disclosed the information publicly in a publication, talk or trade show",
        "the owner published the details in an article",
        "the design was displayed at an industry exhibition",
        "the owner presented the process at a conference",
        "the owner made the information public in print",
    ),
}

BACKGROUND: tuple[str, ...] = (
    "the court ruled for the plaintiff",
    "the defendant won that case",
    "this precedent supports the plaintiff",
    "the plaintiff should win",
    "the precedent is distinguishable",
    "that case is the better comparison",
    "the cases share several factors",
    "the facts are the same as in the current case",
    "the defendant's response",
    "the plaintiff's rebuttal",
    "this argument is weak",
    "the outcome should be the same",
    "the owner won",
    "where the owner prevailed",
    "a victory for the owner",
    "the case was decided for the defense",
    "a defense judgment",
    "which the plaintiff lost",
    "the court sided with the owner",
    "this case is closer to ours",
    "that is not our situation",
    "neither is true here",
    "the owner in that case",
    "the defendant in the precedent",
    # the state of the record and rules of law: what an argument says that asserts no fact of
    # any case (of ten such sentences tried, the two that removed more false mentions than
    # true ones on held-out 2 and 3)
    "there is not enough information to decide the question",
    "the claim fails as a matter of law",
)

# (pro-plaintiff, pro-defendant) factors that share their vocabulary.
TWINS: tuple[tuple[str, str], ...] = (
    ("F6", "F19"),
    ("F12", "F10"),
    ("F4", "F5"),
    ("F4", "F23"),
    ("F21", "F23"),
    ("F15", "F20"),
    ("F18", "F17"),
    ("F8", "F17"),
    ("F22", "F25"),
    ("F14", "F17"),
)

_ABSENCE = re.compile(
    r"\b(?:no|not|never|nothing|none|without|neither|nor|failed|fail\w*|neglect\w*|lax|careless\w*|"
    r"unprotected|unguarded|unsecured|unrestricted|freely|openly)\b|n't\b",
    re.IGNORECASE,
)
_RESTRICTED = re.compile(
    r"\b(?:confiden\w*|restrict\w*|secrecy|nondisclosure|non-disclosure|in\s+confidence|"
    r"under\s+(?:\w+\s+)?(?:terms|agreements?|conditions))\b",
    re.IGNORECASE,
)
_POSSIBLE = re.compile(
    r"\b(?:could|can|might|may|would|readily|easily|easy|possible|able|\w+able|apparent|obvious|"
    r"evident|anyone|anybody|simply)\b",
    re.IGNORECASE,
)


_TRADING = re.compile(
    r"\b(?:customers?|suppliers?|clients?|vendors?|distributors?|trading\s+partners?)\b", re.I
)
_VAGUE = re.compile(
    r"\b(?:no|not|never|without|vague\w*|general\w*|loose\w*|undefined|unclear|silent|failed|"
    r"broad\w*|blanket|boilerplate)\b|n't\b",
    re.IGNORECASE,
)
_EMPLOYEE = re.compile(r"\b(?:employees?|staff|worker|engineer)\b", re.IGNORECASE)
# Cues read around a lexicon hit: stronger than the semantic stage's, since a bare "not"
# before a lexicon expression is a negation the attribution rules already read.
_ABSENT_BEFORE = re.compile(
    r"\b(?:no|never|without|failed|fail\w*|neglect\w*|lax|careless\w*|nothing\s+(?:at\s+all\s+)?to)\b",
    re.IGNORECASE,
)
_UNSPECIFIC = re.compile(
    r"\b(?:vague\w*|generalit\w*|loose\w*|undefined|unclear|silent|broad\w*|blanket|boilerplate|"
    r"(?:never|without|failed\s+to|did\s+not|didn't)\s+(?:\w+\s+)?(?:identif\w*|specif\w*|defin\w*|"
    r"pin\w*\s+down|sa(?:y|ying|id)|spell\w*\s+out|list\w*|describ\w*))",
    re.IGNORECASE,
)


# parties outside the owner and the defendant: an agreement they signed restricts an outsider
# disclosure (F12), it is no nondisclosure agreement of the defendant (F4)
_OUTSIDERS = re.compile(
    r"\b(?:customers?|suppliers?|clients?|vendors?|distributors?|dealers?|licensees?|contractors?|"
    r"subcontractors?|outsiders?|third\s+parties|outside\s+(?:firms?|parties|companies)|recipients?)\b",
    re.IGNORECASE,
)
# a possibility before a reverse-engineering expression: it could be done (F16), not it was (F25)
_COULD_BEFORE = re.compile(
    r"\b(?:could|can|might|may|possible|readily|easily|anyone|anybody)\b(?![^,;]*\b(?:not|never)\b)",
    re.IGNORECASE,
)


def resolve_lexicon_twin(factor: str, before: str, segment: str) -> str:
    """A lexicon hit's factor once cue words in its segment settle a twin: security measures
    the owner never took ("never took any precautions to safeguard", "made no effort to keep
    it under wraps") are F19; a nondisclosure agreement said to be vague ("a loosely drafted
    confidentiality clause that never pinned down the secrets") is F5. ``before`` is the
    segment up to the hit."""
    if factor == "F6" and _ABSENT_BEFORE.search(before):
        return "F19"
    if factor == "F4" and _UNSPECIFIC.search(segment):
        return "F5"
    if factor == "F4" and _OUTSIDERS.search(before):
        return "F12"
    if factor == "F25" and _COULD_BEFORE.search(before):
        return "F16"
    return factor


def resolve_twin(factor: str, segment: str) -> str | None:
    """The factor a segment asserts once cue words settle topical look-alikes; None drops it.

    Security: absence cues make it F19, else F6. Outsider disclosure: restriction cues make
    it F12, else F10. Reverse engineering: a possibility makes it F16, else F25. Knowledge of
    customers or suppliers is F11, not F20; sole development by an employee is F3, not F17; an agreement
    is F5 only where a cue says it was vague.
    """
    if factor in ("F6", "F19"):
        return "F19" if _ABSENCE.search(segment) else "F6"
    if factor in ("F10", "F12"):
        return "F12" if _RESTRICTED.search(segment) else "F10"
    if factor in ("F16", "F25"):
        return "F16" if _POSSIBLE.search(segment) else "F25"
    if factor == "F4" and _OUTSIDERS.search(segment):
        return "F12"  # outsiders bound to secrecy, not the defendant
    if factor == "F5" and not _VAGUE.search(segment):
        return None  # an agreement said to be specific, or merely named, is no F5
    if factor in ("F20", "F11") and _TRADING.search(segment):
        return "F11"  # known to the owner's customers or suppliers, not to its competitors
    if factor == "F17" and _EMPLOYEE.search(segment):
        return "F3"  # developed alone by the owner's employee, not independently by a rival
    return factor
