"""Issue 31 (continued): case names, group phrases, rules of law, argument talk and twins.

Every sentence is written for these tests (none is taken from a gold set)."""

import pytest

from citeproof.bench.factors.attribute import rule_sentences
from citeproof.bench.factors.clauses import split_clauses
from citeproof.bench.factors.extract import DeterministicExtractor, HybridExtractor, mention_set
from citeproof.bench.factors.refs import find_refs, one_edit_apart
from citeproof.bench.factors.semantic import _hit_span, segments
from citeproof.bench.factors.triples import CaseFacts, Mode, Role, Side, Triple

from .test_extract import TRIPLE

C, P1, P2 = Role.CURRENT, Role.P1, Role.P2
MISSPELT = Triple(
    "m",
    Mode.ARGUABLE,
    "real",
    CaseFacts("Brambleworth Inc v Quistover Ltd", ("F1",)),
    CaseFacts("College Watercolour Group Inc v William H. Newbauer", ("F1",), Side.PLAINTIFF),
    CaseFacts("Ecolgix Inc v Fantsteel Inc", ("F19",), Side.DEFENDANT),
)


def lexicon(text: str, triple: Triple = TRIPLE) -> frozenset[tuple[Role, str]]:
    return mention_set(DeterministicExtractor().extract(text, triple))


@pytest.fixture(scope="module")
def hybrid() -> HybridExtractor:
    return HybridExtractor()


@pytest.mark.parametrize(
    ("a", "b", "apart"),
    [
        ("Ecologix", "Ecolgix", True),  # a letter dropped
        ("Fansteel", "Fantsteel", True),  # a letter added
        ("Watercolor", "Watercolour", True),
        ("Brambleworth", "Bramblewerth", True),  # a letter replaced
        ("Ecolgix", "Ecolgix", False),  # the same word is an exact alias, not a misspelling
        ("Fansteel", "Fanstele", False),  # two letters swapped are two edits
        ("Ecologix", "Ecolgi", False),
    ],
)
def test_one_edit_apart(a, b, apart):
    assert one_edit_apart(a, b) is apart


def test_a_name_spelt_one_letter_apart_refers_to_its_case():
    text = "Ecologix v Fansteel is closer, and College Watercolor won."
    refs = [(r.role, text[r.start : r.end]) for r in find_refs(text, MISSPELT)]
    # adjacent references to one case are one reference
    assert refs == [(P2, "Ecologix"), (P2, "Fansteel"), (P1, "College Watercolor")]
    assert lexicon("Ecologix has F19, which College Watercolor lacks.", MISSPELT) == {(P2, "F19")}


def test_short_words_are_never_read_as_misspelt_names():
    triple = Triple(
        "e",
        Mode.ARGUABLE,
        "real",
        CaseFacts("Brambleworth Inc v Quistover Ltd", ("F1",)),
        CaseFacts("A.H. Emery Co v Marcon Products Corp", ("F1",), Side.PLAINTIFF),
        CaseFacts("Sandlin v Johnson", ("F19",), Side.DEFENDANT),
    )
    assert [r.role for r in find_refs("Every owner lost. Emery won.", triple)] == [P1]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "in each case" after one precedent pairs it with the case being argued
        ("Trandes is controlling. In each case the defendant had F4.", {(C, "F4"), (P1, "F4")}),
        # after two cases it is those two, as before
        ("Trandes and Space Aero differ. In both cases F8 is present.", {(P1, "F8"), (P2, "F8")}),
        # ", where X has" opens a clause of its own
        ("Space Aero has F19, where Mason has F6 instead.", {(P2, "F19"), (C, "F6")}),
        # "both" right after factors is those factors, not two cases
        ("Space Aero has F19 and F8, both absent from Mason.", {(P2, "F19"), (P2, "F8")}),
    ],
)
def test_group_phrases_and_contrasts(text, expected):
    assert lexicon(text) == expected


def test_semantic_hits_leave_the_words_that_name_cases_outside():
    phrase = "In each case the information changed hands in talks"
    lo, hi = _hit_span(phrase, 100)
    assert phrase[lo - 100 : hi - 100] == "the information changed hands in talks"
    phrase = "anyone could work out its internals in both cases"
    lo, hi = _hit_span(phrase, 0)
    assert phrase[lo:hi] == "anyone could work out its internals"
    phrase = "and there, too, the owner published its plans"
    lo, hi = _hit_span(phrase, 0)
    assert phrase[lo:hi] == "the owner published its plans"


@pytest.mark.parametrize(
    "text",
    [
        "If a defendant signed a nondisclosure agreement, the owner should win.",
        "Defendant: Where an employee has signed a noncompetition agreement, courts enforce it.",
        "Courts protect owners who keep their formulas under lock and key.",
        "A competitor that bribes an employee cannot keep the fruits.",
    ],
)
def test_a_sentence_stating_a_rule_asserts_no_factor(text):
    assert rule_sentences(text, split_clauses(text, find_refs(text, TRIPLE)))
    assert lexicon(f"Mason won. {text}") == set()


def test_a_sentence_of_fact_is_not_a_rule():
    text = "Mason kept its recipe under lock and key. When it sold whiskey, it had F15."
    assert rule_sentences(text, split_clauses(text, find_refs(text, TRIPLE))) == frozenset()
    assert lexicon(text) == {(C, "F6"), (C, "F15")}


def test_talk_about_the_argument_is_not_read_as_a_fact(hybrid):
    text = (
        "I must abstain from making the plaintiff's argument. Every point of similarity with "
        "Trandes is more instructive for the defendant, and I cannot make a sound argument."
    )
    assert segments(text, (), find_refs(text, TRIPLE)) == []
    assert mention_set(hybrid.extract(text, TRIPLE)) == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # outsiders bound to secrecy restrict an outsider disclosure (F12) ...
        ("Trandes's customers all signed a nondisclosure agreement.", {(P1, "F12")}),
        # ... the defendant bound to secrecy is F4
        ("Mason's buyer signed a nondisclosure agreement.", {(C, "F4")}),
        # a possibility of reverse engineering is F16, the act F25
        ("Mason's bottle could easily have been taken apart.", {(C, "F16")}),
        ("Space Aero's rival took the product apart.", {(P2, "F25")}),
    ],
)
def test_lexicon_twins_read_who_agreed_and_whether_it_could_be_done(hybrid, text, expected):
    assert mention_set(hybrid.extract(text, TRIPLE)) == expected
