"""An opinion's structure read once: this court's own disposition (never its procedural
history), the side that prevailed, and the part each sentence plays."""

from __future__ import annotations

import pytest
from tests.pack import opinion_of

from citeproof.core.checking.signatures import split_sentences
from citeproof.core.checking.structure import (
    AFFIRM,
    GRANT,
    REVERSE,
    STRUCTURE_KEY,
    Role,
    opinion_structure,
    pack_structure,
    read_structure,
    sentence_roles,
    unpack_structure,
)
from citeproof.core.models import Opinion


@pytest.mark.parametrize(
    "cite, families, winners",
    [
        ("359 Ill. App. 3d 931", {AFFIRM}, {"appellee", "respondent", "plaintiff"}),  # People v. Harris
        ("359 Ill. App. 3d 976", {REVERSE}, {"appellant", "petitioner", "defendant"}),  # Hubbert v. Dell
        ("372 U.S. 335", {REVERSE}, {"appellant", "petitioner"}),  # Gideon v. Wainwright
        ("373 U.S. 83", {AFFIRM}, {"appellee", "respondent"}),  # Brady v. Maryland
        ("125 F. Supp. 713", {GRANT}, {"defendant"}),  # "Defendant's motion for summary judgment is granted."
        ("347 U.S. 483", set(), set()),  # Brown: restored to the docket for reargument, no disposition
    ],
)
def test_the_courts_own_disposition_and_who_prevailed(cite, families, winners):
    d = opinion_structure(opinion_of(cite)).disposition
    assert set(d.families) == families
    assert set(d.winners) == winners


def test_procedural_history_is_kept_apart_from_the_disposition():
    text = (
        "OPINION\n\nThe district court granted summary judgment to the defendant. On appeal this Court "
        "reversed the judgment and remanded. On remand the trial court again entered judgment for the "
        "defendant, and the plaintiff appeals.\n\nWe find no error. The judgment is affirmed.\n\nAffirmed."
    )
    spans = split_sentences(text)
    s = read_structure(text, spans)
    assert s.disposition.families == frozenset({AFFIRM})
    roles = {text[a:b].strip(): Role(r) for (a, b), r in zip(spans, s.roles, strict=True)}
    assert roles["On appeal this Court reversed the judgment and remanded."] & Role.HISTORY
    assert not roles["On appeal this Court reversed the judgment and remanded."] & Role.DISPOSITION
    assert roles["The judgment is affirmed."] & Role.DISPOSITION
    assert s.disposition.winners == frozenset({"appellee", "respondent", "defendant"})


def test_a_dissent_and_the_notes_are_not_the_disposition():
    text = (
        "OPINION\n\nThe defendant was convicted of burglary after a bench trial and appeals his conviction. "
        "The evidence at trial was sufficient to prove each element of the offense. We affirm."
        "\n\nAffirmed.\n\nSMITH, J., dissenting.\n\nI would reverse. The judgment "
        "should be reversed.\n\nNOTES\n\n[1] The judgment is reversed as to costs in a related case."
    )
    s = read_structure(text, split_sentences(text))
    assert s.disposition.families == frozenset({AFFIRM})
    assert any(r & Role.SEPARATE for r in s.roles) and any(r & Role.NOTE for r in s.roles)


@pytest.mark.parametrize(
    "sentence, role",
    [
        ("We hold that the statute applies to the defendant's conduct.", Role.HOLDING),
        ("We need not decide whether the statute applies, because the claim is waived.", Role.DICTA),
        ("Even if the statute applied, the plaintiff suffered no damages.", Role.DICTA),
        ("We reject the argument that the statute applies.", Role.REJECTING),
        ("The defendant argues that the statute does not apply.", Role.REPORTED),
        ("The trial court granted the motion to dismiss.", Role.HISTORY),
        ("Reversed and remanded.", Role.DISPOSITION),
    ],
)
def test_each_sentence_plays_its_part(sentence, role):
    assert sentence_roles(sentence) & role


def test_what_a_library_stores_is_what_is_read_now(library):
    for case_id in [
        r[0] for r in library.conn.execute("SELECT case_id FROM opinions ORDER BY case_id LIMIT 40")
    ]:
        stored = library.opinion(case_id)
        assert stored.structure is not None, case_id
        fresh = Opinion(stored.case_id, stored.text, stored.page_breaks)
        assert (
            opinion_structure(stored)
            == opinion_structure(fresh)
            == read_structure(stored.text, stored.sentences)
        )
    keys = {k for (k,) in library.conn.execute("SELECT DISTINCT key FROM opinion_structure")}
    assert keys == {STRUCTURE_KEY}


def test_damaged_or_mismatched_stored_structure_is_read_again():
    text = opinion_of("373 U.S. 83").text
    spans = split_sentences(text)
    packed = pack_structure(read_structure(text, spans))
    assert unpack_structure(packed, len(spans)) == read_structure(text, spans)
    assert unpack_structure(packed, len(spans) + 1) is None
    assert unpack_structure(b"not zlib", len(spans)) is None
    damaged = Opinion("x", text, (), spans, None, b"not zlib")
    assert opinion_structure(damaged).disposition.families == frozenset({AFFIRM})
