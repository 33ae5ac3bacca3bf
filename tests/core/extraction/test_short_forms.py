"""Short forms bound to the case they repeat, or abstaining: real strings from the data
pack's opinions (the courtlistener / capstone id of each is given), one test per failure
class of the real-opinions benchmark, and the issue's held-out shapes."""

from __future__ import annotations

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.models import Citation, CiteForm, Reason
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text


def cites(text: str) -> list[Citation]:
    return list(extract_citations(document_from_text(text)))


def at(found: list[Citation], text: str) -> Citation:
    return next(c for c in found if c.text.startswith(text))


def after(found: list[Citation], text: str, anchor: str) -> Citation:
    """The citation starting with ``text`` that follows the one starting with ``anchor``."""
    start = at(found, anchor).span.start
    return next(c for c in found if c.span.start > start and c.text.startswith(text))


def repeats(c: Citation) -> str | None:
    return f"{c.volume} {c.reporter} {c.page}" if c.antecedent_id else None


def reason(c: Citation) -> Reason | None:
    return c.abstention.reason if c.abstention else None


# -- class 2: an id. after the record, a filing, legislative history ---------------------

RECORD = (  # courtlistener:78559
    'nstructions and directions of the court made during the trial, with full knowledge of the parties." '
    "Remmer v. United States, 347 U.S. 227, 229, 74 S. Ct. 450, 451, 98 L. Ed. 654 (1954). A presumption "
    "of prejudice is not conclusive, however. Id. The bailiff therefore reinforced the pre-existing belief "
    'of Craig and other jurors that "a life sentence meant that [Ward] would be able to get out on parole '
    'after a while." R1-6, Exh. 65 at 882. Likewise, Hix states that he "would have seriously considered '
    'a life sentence" if life without parole was an option. Id. at 886.'
)


def test_an_id_after_a_record_cite_repeats_the_record_not_the_case():
    found = cites(RECORD)
    assert repeats(at(found, "Id.")) == "347 U.S. 227"  # the first id. follows the case itself
    record_id = at(found, "Id. at 886")
    assert (reason(record_id), record_id.antecedent_id, record_id.volume) == (
        Reason.NOT_A_CASE_CITATION,
        None,
        None,
    )
    assert "R1-6, Exh. 65" in record_id.abstention.note


LEGISLATIVE = (  # courtlistener:1881151
    'Congress explicitly recognized that "a handicapped child has a right to receive all services." S.Rep. '
    "No. 168, 94th Cong., 1st Sess. 12 (1975), reprinted in 1975 U.S.C.C.A.N. 1425, 1436. Congress noted "
    "that the United States Supreme Court established the right to an equal opportunity to a free public "
    "education in Brown v. Board of Education, 347 U.S. 483, 74 S. Ct. 686, 98 L. Ed. 873 (1954). Id. at "
    "1430. Congress recognized that this right was extended to disabled children in Pennsylvania. TUSD "
    "relies on Honig v. Doe, 484 U.S. 305, 108 S.Ct. 592 (1988). The Senate Report found otherwise. S.Rep. "
    "No. 168, 94th Cong., 1st Sess. 12 (1975), reprinted in 1975 U.S.C.C.A.N. 1425, 1436. According to "
    'TUSD, Congress explicitly assumed responsibility for "equal protection of the laws." Id. at 1433.'
)


def test_an_id_after_legislative_history_is_not_a_case_citation():
    found = cites(LEGISLATIVE)
    assert reason(at(found, "Id. at 1433")) is Reason.NOT_A_CASE_CITATION


def test_an_id_that_skips_the_case_before_it_for_a_source_that_holds_its_pin_abstains():
    # Id. at 1430 lies in no page of Brown (483-497); the U.S.C.C.A.N. cite before Brown holds it.
    skipped = at(cites(LEGISLATIVE), "Id. at 1430")
    assert reason(skipped) is Reason.AMBIGUOUS_SHORT_FORM


COMPLAINT = (  # courtlistener:1872650
    "A motion to dismiss will be denied unless it appears beyond doubt that the plaintiff can prove no "
    "facts which would entitle him or her to relief. Conley v. Gibson, 355 U.S. 41, 45, 78 S. Ct. 99, "
    "101-02, 2 L. Ed. 2d 80 (1957).\n\nRELEVANT FACTS\n\nThe following facts are drawn from Peterson's "
    "amended complaint. Block provides tax return preparation services to the public and, as part of that "
    'business, offers electronic tax return filing and refund anticipation loans ("RALs"). Amd. Cmplt. ¶ 10. '
    'These services are advertised and represented to the public as "Rapid Refund." Id. Electronic filing '
    "customers can apply for RALs while at a Block office obtaining tax preparation services. Id. ¶ 18."
)


def test_ids_after_a_complaint_paragraph_repeat_the_complaint(library):
    found = cites(COMPLAINT)
    assert [reason(c) for c in found if c.form is CiteForm.ID] == [Reason.NOT_A_CASE_CITATION] * 2
    verdicts = check_document(document_from_text(COMPLAINT), library).verdicts
    assert not [v for v in verdicts if v.status.value == "hallucinated"]


CAPTION = (  # courtlistener:180048: the opinion's own cite heads the text
    "626 F.3d 743 (2010)\n\nUNITED STATES of America, Appellee,\n\nv.\n\nIvy Woolf TURK, Defendant-"
    "Appellant.\n\nCounsel added that Och-Ziff was open to the deal even after it learned of the fraud, and "
    'emphasized that it served as "a mechanism to show the Court the value of the properties before the '
    'catastrophic events of later in the year." Id. at 9.'
)


def test_an_id_never_repeats_the_documents_own_caption_cite():
    caption, ident = cites(CAPTION)
    assert (ident.antecedent_id, reason(ident)) == (None, None)  # unresolved, not bound to the caption


STATUTE_ID = (  # courtlistener:2003485
    "Id. (citing Beck, 447 U.S. at 634, 100 S.Ct. at 2388).\n\nThe range of punishment for aggravated "
    "assault is confinement for 5 to 99 years or life. Tex. Pen.Code Ann. § 12.32 (Vernon 2003). At trial, "
    "Campbell requested a charge on the lesser-included offense of resisting arrest, with a range of "
    "punishment of 2 to 10 years confinement. Id. § 12.34 (Vernon 2003)."
)


def test_an_id_pinned_to_a_section_repeats_a_statute():
    assert reason(cites(STATUTE_ID)[-1]) is Reason.NOT_A_CASE_CITATION


# -- classes 3 and 5: paragraphs and notes are never pages ------------------------------

PARAGRAPHS = (  # courtlistener:889906
    "Strickland v. Washington, 466 U.S. 668, 687, 104 S. Ct. 2052, 80 L. Ed. 2d 674 (1984). In order for a "
    "criminal defendant to prevail on an ineffective assistance of counsel claim, he or she must demonstrate "
    "prejudice. Gunderson, ¶¶ 67-68.\n\n¶ 23 Before we reach the merits of such claim on direct appeal, we "
    "must determine whether the claim is properly before us. Id. at ¶ 70."
)


def test_paragraph_pins_name_no_pages_and_an_uncited_paragraph_source_is_no_case():
    ident = cites(PARAGRAPHS)[-1]
    assert (ident.pin_text, ident.pin_pages, reason(ident)) == ("at ¶ 70", (), Reason.NOT_A_CASE_CITATION)


def test_a_public_domain_paragraph_pin_is_not_a_page():
    # capstone-fastcase:NW2d/753/753NW2d552_1
    kalal = cites(
        "This conclusion is confirmed by the statute's legislative history. See Kalal, 271 Wis.2d 633, ¶ 51, "
        '681 N.W.2d 110 ("[L]egislative history is sometimes consulted to confirm a plain-meaning '
        'interpretation.").'
    )[0]
    assert (kalal.page, kalal.pin_pages) == ("633", ())


def test_notes_and_footnotes_are_not_pages():
    # capstone-fastcase:NW2d/777/777NW2d266_1 and courtlistener:1363126
    found = cites(
        "27. Dobbert v. Florida, 432 U.S. 282, 97 S.Ct. 2290, 53 L.Ed.2d 344 (1977).\n\n"
        "32. See Dobbert v. Florida, supra note 27.\n\nStrumsky v. San Diego County Employees Retirement "
        "Assn. (1974) 11 Cal. 3d 28, 34-35, fn. 2 [112 Cal. Rptr. 805, 520 P.2d 29]."
    )
    supra = at(found, "supra")
    assert (repeats(supra), supra.pin_pages) == ("432 U.S. 282", ())
    assert at(found, "11 Cal. 3d 28").pin_pages == (34, 35)


def test_a_supra_without_a_case_name_refers_to_the_document():
    # courtlistener:2452357
    found = cites(
        "See United States v. Microsoft Corp., 253 F.3d 34, 46 (D.C. Cir. 2001). The Court notes, however, "
        "that the States settled. See supra note 1."
    )
    assert reason(found[-1]) is Reason.NOT_A_CASE_CITATION


# -- classes 4 and 22: a pin belongs to the reporter it fits, a trailing cite is a parallel -

BOSTICK = (  # courtlistener:2421857
    "precedents\u2014Florida v. Bostick, 501 U.S. 429, 111 S. Ct. 2382, 115 L. Ed. 2d 389 (1991)\u2014that "
    "this Court should incorporate into its analysis. A court must consider all the circumstances "
    'surrounding the encounter." Bostick, 501 U.S. at 439, 111 S. Ct. 2382.\n\nIn Bostick, two uniformed '
    "officers boarded a bus bound for Atlanta from Miami during a stopover in Fort Lauderdale. Id. at 431, "
    "111 S. Ct. 2382."
)


def test_a_nameless_cite_after_a_short_form_is_its_parallel_and_id_keeps_to_the_right_reporter():
    found = cites(BOSTICK)
    short = at(found, "501 U.S. at 439")
    trailing = after(found, "111 S. Ct. 2382", "501 U.S. at 439")
    assert trailing.parallel_ids == (short.id,) and trailing.id in short.parallel_ids
    ident = at(found, "Id. at 431")
    assert (repeats(ident), ident.pin_pages) == ("501 U.S. 429", (431,))


def test_the_bostick_chain_is_not_flagged(library):
    verdicts = check_document(document_from_text(BOSTICK), library).verdicts
    assert [v.citation.text for v in verdicts if v.status.value == "hallucinated"] == []


def test_an_id_follows_the_reporter_the_short_form_before_it_used():
    # courtlistener:1626567: "Anderson, 106 S.Ct. at 2510 ... Id. at 2514" is an S. Ct. pin
    found = cites(
        "See Anderson v. Liberty Lobby, Inc., 477 U.S. 242, 106 S. Ct. 2505, 91 L. Ed. 2d 202 (1986); "
        "Celotex Corporation v. Catrett, 477 U.S. 317, 106 S. Ct. 2548, 91 L. Ed. 2d 265 (1986). The Court "
        'stated that "the mere existence of some alleged factual dispute between the parties will not defeat '
        'an otherwise properly supported motion." Anderson, 106 S.Ct. at 2510 (emphasis in the original). '
        "The party moving for summary judgment has the burden of demonstrating that there is no genuine "
        "issue of fact. Id. at 2514."
    )
    assert repeats(found[-1]) == "106 S. Ct. 2505"


def test_an_id_emitted_out_of_order_by_eyecite_repeats_the_case_before_it():
    # capstone-fastcase:NW2d/761/761NW2d645_1: eyecite returns the id. after "103 S.Ct. 1933"
    found = cites(
        "Hensley v. Eckerhart, 461 U.S. 424, 103 S.Ct. 1933, 76 L.Ed.2d 40 (1983). The result is what "
        "matters. Id. at 435, 103 S.Ct. 1933; see also id. at 435, 103 S.Ct. 1933."
    )
    assert [c.span.start for c in found] == sorted(c.span.start for c in found)
    assert [repeats(c) for c in found if c.form is CiteForm.ID] == ["461 U.S. 424"] * 2


# -- class 6: an id. after a case cited in another's parenthetical ----------------------

WILSON = (  # courtlistener:2421857
    "United States v. Wilson, 413 F.3d 382, 386 (3d Cir.2005) (citing United States v. Mendenhall, 446 "
    "U.S. 544, 553, 100 S. Ct. 1870, 64 L. Ed. 2d 497 (1980) (internal citations omitted)).\n\nIn Wilson, "
    "the Third Circuit affirmed the district court's determination. Defendant Wilson was stopped for a "
    "traffic violation on the morning of September 16, 2001 by a Pennsylvania State Police Trooper. Id. at "
    "384. Wilson conceded that the initial traffic stop was valid. Id."
)


def test_an_id_after_a_parenthetical_cite_takes_the_case_its_pin_fits():
    found = cites(WILSON)
    assert repeats(at(found, "Id. at 384")) == "413 F.3d 382"  # 384 lies in no page of 446 U.S. 544
    assert repeats(found[-1]) == "413 F.3d 382"  # and the next id. repeats the same case


def test_an_id_without_a_pin_after_a_parenthetical_cite_is_ambiguous():
    # courtlistener:2435860
    found = cites(
        "Maddalone v. Local 17, United Brotherhood of Carpenters and Joiners of America, 152 F.3d 178, 183 "
        "(2d Cir.1998).\n\nMaddalone, 152 F.3d at 186 (quoting Clayton v. International Union, United "
        "Automobile, Aerospace, & Agricultural Implement Workers of America, 451 U.S. 679, 689, 101 S. Ct. "
        "2088, 68 L. Ed. 2d 538 (1981)). The burden is on the union to show that its procedures meet these "
        "requirements. Id."
    )
    assert reason(found[-1]) is Reason.AMBIGUOUS_SHORT_FORM


def test_an_id_after_a_quoting_tail_takes_the_main_case_its_pin_fits():
    # capstone-fastcase:NE3d/1/1ne3d259
    found = cites(
        "We must determine the effect of Miller v. Alabama, \u2013\u2013\u2013 U.S. "
        "\u2013\u2013\u2013\u2013, 132 S.Ct. 2455, 183 L.Ed.2d 407 (2012). Id. at 2466, quoting Graham v. "
        "Florida, 560 U.S. 48, 69, 176 L.Ed.2d 825 (2010) (\u201cLife-without-parole terms share some "
        "characteristics with death sentences\u201d). Furthermore, the State sentencing statutes at issue "
        "in Miller both set forth mandatory minimum life sentences. See id. at 2461, 2463."
    )
    assert repeats(found[-1]) == "132 S. Ct. 2455"


# -- class 12: a nameless short form picks the case of its volume that holds the pin ---------

SUTTON = (  # courtlistener:2520869
    "upon three Supreme Court decisions under the ADA: Sutton v. United Airlines, Inc., 527 U.S. 471, 119 S. "
    "Ct. 2139, 144 L. Ed. 2d 450 (1999); Murphy v. United Parcel Serv., Inc., 527 U.S. 516, 119 S. Ct. 2133, "
    "144 L. Ed. 2d 484 (1999); and Albertson's, Inc. v. Kirkingburg, 527 U.S. 555, 119 S. Ct. 2162, 144 L. "
    "Ed. 2d 518 (1999). The effects of those measures must be taken into account.\n\n527 U.S. at 482, 119 "
    'S. Ct. 2139 (emphasis added). The question is an "individualized inquiry." 527 U.S. at 483, 119 S. Ct. '
    "2139; see Holiday v. City of Chattanooga, 206 F.3d 637, 643 (6th Cir.2000)."
)


def test_a_nameless_short_form_picks_the_case_whose_pages_hold_its_pin():
    found = cites(SUTTON)
    assert [repeats(c) for c in found if c.form is CiteForm.SHORT] == ["527 U.S. 471"] * 2
    trailing = [c for c in found if c.text == "119 S. Ct. 2139" and c.span.start > found[9].span.start]
    assert [c.form for c in trailing] == [CiteForm.FULL] * 2  # Sutton's own first page, not a pin


def test_the_sutton_trilogy_is_not_flagged(library):
    verdicts = check_document(document_from_text(SUTTON), library).verdicts
    assert [v.citation.text for v in verdicts if v.status.value == "hallucinated"] == []


# -- classes 23, 24, 27: whole-word names, lists of first pages, pins as cites ---------------


def test_supra_matches_names_by_whole_words():
    # courtlistener:110297: "Tax Commission" is not "Commissioner of Taxes"
    found = cites(
        "see Mobil Oil Corp. v. Commissioner of Taxes, 445 U.S. 425, 436-442 (1980). The particular system "
        "used may not reveal the facts basic to the State's determination. Bass, Ratcliff & Gretton, Ltd. v. "
        "Tax Commission, supra, p. 283."
    )
    assert found[-1].antecedent_id is None


def test_a_list_of_first_pages_in_one_volume_names_no_pins():
    # courtlistener:105221
    (listed,) = cites("[2] 344 U. S. 1, 141, 891.")
    assert (listed.page, listed.pin_pages) == ("1", ())


def test_pins_written_as_cites_in_each_reporter_are_pins():
    # courtlistener:1242744
    found = cites(
        "Gomillion v. Lightfoot, 364 U.S. 339, 81 S. Ct. 125, 5 L. Ed. 2d 110 (1960), represents the first "
        "qualification of the Hunter decision. In holding that a redistricting which excluded blacks from "
        "voting in the city of Tuskegee was unconstitutional, the court said (364 U.S. 344, 81 S. Ct. 125, 5 "
        "L. Ed. 2d 115):"
    )
    pins = [c for c in found if c.span.start > found[2].span.end]
    assert [(c.form, repeats(c), c.pin_pages) for c in pins] == [
        (CiteForm.SHORT, "364 U.S. 339", (344,)),
        (CiteForm.FULL, None, ()),
        (CiteForm.SHORT, "5 L. Ed. 2d 110", (115,)),
    ]


# -- the held-out shapes ------------------------------------------------------------


def test_a_volume_short_form_after_a_case_name_takes_that_case():
    found = cites(
        "Gratz v. Bollinger, 539 U.S. 244 (2003); Grutter v. Bollinger, 539 U.S. 306 (2003). The Law "
        "School's interest in diversity is compelling. Grutter, 539 U.S., at 326. So is the undergraduate "
        "program's, 539 U.S., at 270."
    )
    assert [repeats(c) for c in found[2:]] == ["539 U.S. 306", "539 U.S. 244"]


def test_an_ibid_after_a_quotation_of_a_case_quoting_another_is_ambiguous():
    found = cites(
        "The standard is settled. Smith v. Jones, 925 F.3d 1339, 1341 (11th Cir. 2019) (quoting Brady v. "
        'Maryland, 373 U.S. 83, 87 (1963)). "Society wins not only when the guilty are convicted." Ibid.'
    )
    assert reason(found[-1]) is Reason.AMBIGUOUS_SHORT_FORM


def test_an_id_after_a_partys_brief_is_not_a_case_citation():
    found = cites(
        "Gideon v. Wainwright, 372 U.S. 335, 344 (1963). Petitioner argues that the rule should not extend "
        "to misdemeanors. Brief for Petitioner 30. He adds that the costs would be modest, id., at 31."
    )
    assert reason(found[-1]) is Reason.NOT_A_CASE_CITATION


def test_an_id_paragraph_after_the_complaint_is_not_a_case_citation():
    found = cites(
        "See Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 555 (2007). The plaintiffs allege that the "
        "defendants agreed not to compete. Compl. ¶ 39. They allege no meeting. Id. ¶ 40."
    )
    assert (reason(found[-1]), found[-1].pin_pages) == (Reason.NOT_A_CASE_CITATION, ())


def test_an_id_pin_is_checked_against_the_parallel_whose_pages_hold_it():
    found = cites(
        "FCC v. Beach Communications, Inc., 508 U.S. 307, 113 S. Ct. 2096, 124 L. Ed. 2d 211 (1993). Those "
        "attacking a classification must negative every conceivable basis. Beach Communications, 113 S. Ct. "
        "at 2101. A legislative choice may rest on rational speculation, id. at 315, 113 S. Ct. 2096."
    )
    ident = at(found, "id. at 315")
    assert (repeats(ident), ident.pin_pages) == ("508 U.S. 307", (315,))


# -- class 28: a pin into a note ---------------------------------------------------------

LAWSON = (  # courtlistener:1881314 (the data pack keeps Lawson's notes after its last page)
    "Harris County v. Lawson, 122 S.W.3d 276 (Tex. App. 2003). \"If the County had any doubt as to Lawson's "
    '"election," that doubt should have been resolved when it received service of Lawson\'s original '
    'petition." Lawson, 122 S.W.3d at 284{note}.'
)


def test_a_pin_into_a_note_is_read_and_not_checked_against_where_the_text_keeps_notes(library):
    in_note = check_document(document_from_text(LAWSON.format(note=" n. 6")), library).verdicts[-1]
    assert (in_note.citation.pin_text, in_note.citation.pin_pages) == ("284 n. 6", (284,))
    assert (in_note.status.value, in_note.reason) == ("unverifiable", Reason.NO_PAGE_MARKERS)
    on_page = check_document(document_from_text(LAWSON.format(note="")), library).verdicts[-1]
    assert [e.kind.value for e in on_page.errors] == ["wrong_pincite"]  # 284 itself does not hold it


LEWIS = (
    "In Lewis v. Casey, 518 U.S. 343, 351 (1996), the Court addressed access to the courts. "
    "The district court in Bounds v. Smith, 430 U.S. 817, 828 (1977), took another view. "
)


def _id_target(text: str) -> Citation | None:
    cites = extract_citations(document_from_text(text))
    short = cites[-1]
    assert short.form is CiteForm.ID
    return next((c for c in cites if c.id == short.antecedent_id), None)


def test_an_id_after_a_possessive_of_another_case_follows_the_pin():
    target = _id_target(LEWIS + "Lewis's analysis controls here. See id. at 349.")
    assert target is not None and target.volume == "518"  # the pin fits Lewis, not Bounds


def test_an_id_after_a_possessive_without_a_pin_to_settle_it_abstains():
    cites = extract_citations(document_from_text(LEWIS + "Lewis's analysis controls here. Id."))
    assert cites[-1].antecedent_id is None
    assert cites[-1].abstention is not None and cites[-1].abstention.reason is Reason.AMBIGUOUS_SHORT_FORM


def test_an_id_with_no_other_case_named_repeats_the_case_before_it():
    target = _id_target(LEWIS + "That analysis controls here. Id.")
    assert target is not None and target.volume == "430"
