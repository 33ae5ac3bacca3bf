"""Offline support check for propositions: flags only what the opinion itself contradicts.

Embeddings cannot tell support from contradiction, so this check is deliberately narrow.
It reads the opinion sentences that share almost all of the proposition's content words
and the opinion's own disposition (read at library build, `structure`), and applies the
rules of `misrep`, each precise on its own: a disposition or prevailing party the opinion's
disposition excludes, a rejecting frame, dicta presented as a holding, a modal
strengthened, party roles swapped, and the opposite polarity, read directly or through a
sentence the claim rewords (`rewrite_rules`). Each finding names its rule
and quotes the opinion. A proposition the opinion does not discuss is never flagged here
(that is the LLM judge's question). A natural-language-inference model the user brings
(`entailment`) may withdraw a finding, and decide a polarity the rules leave open.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable

from citeproof.core.checking.alignment import content_words, lowered, read_statement, stems
from citeproof.core.checking.disposition_claims import (
    disposition_rule,
    held_families,
    outcome_rule,
    prevailing_rule,
    side_rule,
)
from citeproof.core.checking.entailment import Entailment, contradicts, vetoes
from citeproof.core.checking.hedge_rules import dicta_rule, modal_rule, spoken_role
from citeproof.core.checking.misrep import (
    Claim,
    Hit,
    Near,
    polarity_rule,
    read_claim,
    relations,
    states_for_the_court,
    swap_rule,
)
from citeproof.core.checking.paraphrase_rules import (
    Opinionated,
    best_sentences,
    contention_rule,
    undecided_rule,
)
from citeproof.core.checking.rewrite_rules import rewrite_rules
from citeproof.core.checking.signatures import opinion_sentences, words_of
from citeproof.core.checking.structure import opinion_structure
from citeproof.core.checking.word_index import word_index
from citeproof.core.models import (
    Citation,
    Confidence,
    ErrorKind,
    Finding,
    Opinion,
    Outcome,
    Reason,
    Span,
)
from citeproof.core.text.excerpt import excerpt

MIN_CONTENT_WORDS = 4
OVERLAP = 0.7


MIN_CITE_CHARS = 8


def citing_sentences(c: Citation, opinion: Opinion) -> frozenset[int]:
    """Starts of the opinion sentences that carry this very citation, and of the sentence
    before each: when the document cites the opinion from inside it (a dissent citing its
    own majority), that is the citing passage, not the holding."""
    cite = " ".join((c.text or "").split())
    text = opinion.text
    if len(cite) < MIN_CITE_CHARS or not re.search(r"\d", cite) or any(w not in text for w in cite.split()):
        return frozenset()  # the last test, cheap, spares compiling a pattern per citation
    starts = [s for s, _ in opinion_sentences(opinion)]
    found: set[int] = set()
    for m in re.finditer(re.escape(cite).replace(r"\ ", r"\s+"), text):
        index = max(0, bisect.bisect_right(starts, m.start()) - 1)
        found.update(starts[max(0, index - 1) : index + 1])
    return frozenset(found)


def _claims(c: Citation) -> list[tuple[str, Span | None]]:
    """What the citation is offered for: its explanatory parenthetical, then its proposition."""
    out: list[tuple[str, Span | None]] = []
    if c.parenthetical:
        out.append((c.parenthetical, c.parenthetical_span))
    if c.proposition:
        out.append((c.proposition, c.proposition_span))
    return out


RULE_NAMES = {
    "disposition": "disposition",
    "prevailing_party": "prevailing party",
    "rejecting_frame": "rejecting frame",
    "dicta_as_holding": "dicta as holding",
    "modal_strengthening": "modal strengthening",
    "party_swap": "party-role swap",
    "polarity": "polarity",
    "reworded_polarity": "polarity of a reworded sentence",
    "contrary_term": "contrary term",
    "nli_polarity": "polarity, read by the NLI model",
}


def check_support(c: Citation, opinion: Opinion | None, nli: Entailment | None = None) -> Finding:
    claims = _claims(c)
    if not claims:
        return _unknown("no proposition found", Reason.NOT_CHECKED)
    if opinion is None:
        return _unknown("no opinion text", Reason.NO_TEXT)
    findings = [_check_claim(c, claim, span, opinion, nli) for claim, span in claims]
    failed = next((f for f in findings if f.outcome is Outcome.FAIL), None)
    if failed is not None:
        return failed
    agreed = next((f for f in findings if f.explanation.startswith("a passage")), None)
    return agreed or findings[-1]


def _unknown(explanation: str, reason: Reason) -> Finding:
    return Finding(
        kind=ErrorKind.MISREPRESENTATION, outcome=Outcome.UNKNOWN, explanation=explanation, reason=reason
    )


def near_sentences(
    c: Citation, claim: Claim, opinion: Opinion, citing: frozenset[int] | None = None
) -> list[Near]:
    """The opinion's sentences sharing at least ``OVERLAP`` of the claim's content words
    (never the passage that carries the citation itself), with their roles."""
    if len(claim.content) < MIN_CONTENT_WORDS:
        return []
    index = word_index(opinion)
    shared = next(n for n in range(len(claim.content) + 1) if n / len(claim.content) >= OVERLAP)
    held: dict[int, int] = {}  # a sentence → how many of the claim's content words it holds
    for word in index.words_among(claim.content):
        for number in index.sentences_with(word):
            held[number] = held.get(number, 0) + 1
    numbers = sorted(n for n, count in held.items() if count >= shared)
    return sentences_at(opinion, numbers, citing_sentences(c, opinion) if citing is None else citing)


def sentences_at(opinion: Opinion, numbers: Iterable[int], citing: frozenset[int]) -> list[Near]:
    """The opinion's sentences of these numbers, with their roles, as the rules read them
    (never the passage that carries the citation itself: ``citing``)."""
    roles = opinion_structure(opinion).roles
    index, spans, text, near = word_index(opinion), opinion_sentences(opinion), opinion.text, []
    for number in numbers:
        offset, end = spans[number]
        if offset not in citing:
            sentence = text[offset:end]
            role = spoken_role(sentence, roles[number] if number < len(roles) else 0)
            words, negations = index.content(number), index.negations(number)
            near.append(
                Near(offset, end, sentence.strip(), tuple(words_of(sentence)), words, negations, role)
            )
    return near


def rule_hits(c: Citation, proposition: str, opinion: Opinion) -> tuple[list[Hit], Claim, list[Near]]:
    """Every rule that finds the proposition misrepresents the opinion, in the order a
    finding names them; the claim as read, and the opinion's sentences close to it."""
    claim = read_claim(proposition, c.case_name or "")
    structure = opinion_structure(opinion)
    spans = opinion_sentences(opinion)
    worth = len(claim.content) >= MIN_CONTENT_WORDS  # a claim worth comparing sentence by sentence
    citing = citing_sentences(c, opinion) if worth else frozenset()
    near = near_sentences(c, claim, opinion, citing)
    found = [
        disposition_rule(proposition, structure, spans, opinion.text),
        prevailing_rule(proposition, structure, spans),
        polarity_rule(claim, near),
        dicta_rule(claim, near),
        modal_rule(claim, near),
        swap_rule(claim, near),
    ]
    paraphrased, best = paraphrase_hits(c, proposition, opinion)
    found.extend(paraphrased)
    if worth and not any(found):
        close = {s.start for s in near}
        numbers = sorted({n for cover, n in best[:REWRITE_CANDIDATES] if cover >= REWRITE_COVERAGE})
        aligned = [s for s in sentences_at(opinion, numbers, citing) if s.start not in close]
        found.append(rewrite_rules(claim, near, [*near, *aligned], lambda s: states_for_the_court(s, claim)))
    return [h for h in found if h is not None], claim, near


REWRITE_CANDIDATES = 3  # best aligned sentences the rewrite rules read beside the close ones
REWRITE_COVERAGE = 0.25  # of the claim's weighted words a sentence it rewrites must hold at least


def paraphrase_hits(
    c: Citation, proposition: str, opinion: Opinion
) -> tuple[list[Hit | None], list[tuple[float, int]]]:
    """The rules for claims as briefs write them (`alignment`, `paraphrase_rules`): the cited
    case's name and cite, the attribution and the parentheticals read apart from the proposition;
    with the sentences the claim paraphrases best, ``(coverage, number)``, best first."""
    statement = read_statement(proposition, c.case_name or "")
    if statement.other_case:
        return [], []
    structure = opinion_structure(opinion)
    spans = opinion_sentences(opinion)
    sentences = lowered(opinion)
    found = [
        outcome_rule(
            statement.proposition, statement.parentheticals, structure, sentences, structure.roles, spans
        ),
        side_rule(
            statement.proposition,
            c.case_name or "",
            held_families(structure, sentences, structure.roles),
            structure,
            spans,
        ),
    ]
    claim = stems(statement.proposition)
    best: list[tuple[float, int]] = []
    if len(claim) >= MIN_CONTENT_WORDS:  # the opinion's index is built only for a claim worth aligning
        o = Opinionated(sentences, structure.roles, word_index(opinion), spans)
        best = best_sentences(claim, o.index, content_words(statement.proposition))
        found += [contention_rule(statement, o, best), undecided_rule(statement, o, best)]
    return found, best


def _check_claim(
    c: Citation, proposition: str, span: Span | None, opinion: Opinion, nli: Entailment | None
) -> Finding:
    hits, claim, near = rule_hits(c, proposition, opinion)
    if hits and nli is not None:
        kept = [h for h in hits if not vetoes(nli(_premise(opinion, h.sentences), proposition))]
        if not kept:
            return _unknown(f"{nli.name} reads the opinion as supporting the proposition", Reason.NOT_CHECKED)
        hits = kept
    if not hits and nli is not None:
        hits = _second_signal(claim, near, proposition, nli)
    if hits:
        return _failed(hits[0], proposition, span, opinion)
    if len(claim.content) < MIN_CONTENT_WORDS:
        return _unknown("proposition too short to compare offline", Reason.NOT_CHECKED)
    return _unknown(
        "support not decided offline" if not near else "a passage of the opinion agrees with the proposition",
        Reason.NOT_CHECKED,
    )


def _second_signal(claim: Claim, near: list[Near], proposition: str, nli: Entailment) -> list[Hit]:
    """Where both sides negate and the rules cannot tell, the model may: every close
    sentence in the court's voice confidently contradicted, and none agreeing."""
    voiced = [s for s in near if s.courts_voice()]
    undecided = voiced and all(relations(claim, s) == {("unknown", False)} for s in voiced)
    if not undecided or not all(contradicts(nli(s.text, proposition)) for s in voiced):
        return []
    spans = tuple((s.start, s.end) for s in voiced[:2])
    return [Hit("nli_polarity", "the opinion states the opposite of the proposition", spans)]


def _premise(opinion: Opinion, spans: tuple[tuple[int, int], ...]) -> str:
    return " ".join(" ".join(opinion.text[s:e].split()) for s, e in spans)


def _failed(hit: Hit, proposition: str, span: Span | None, opinion: Opinion) -> Finding:
    return Finding(
        kind=ErrorKind.MISREPRESENTATION,
        outcome=Outcome.FAIL,
        explanation=f"{hit.explanation} (rule: {RULE_NAMES.get(hit.rule, hit.rule)})",
        fragment=proposition,
        span=span,
        evidence=_evidence(hit, opinion),
        confidence=Confidence.NEGATED,
        rule=hit.rule,
    )


def _evidence(hit: Hit, opinion: Opinion) -> str:
    """The opinion's sentences that show it, each with its page: what a lawyer checks."""
    quoted = []
    for start, end in hit.sentences:
        page = next((opinion.page_at(start, r) for r in opinion.reporters()), None)
        where = f" (page {page})" if page else ""
        quoted.append(f'{where}: "{excerpt(opinion.text[start:end], 300)}"')
    said = (
        "the opinion's disposition" if hit.rule in ("disposition", "prevailing_party") else "the opinion says"
    )
    return f"{said}{'; and'.join(quoted)}" if quoted else ""
