"""Text around citations: names, years, courts, quotes and sentences.

Every passage below is copied from an opinion in the data pack (the case it comes from is
named above it), so the string cites are real ones, as courts write them.
"""

from __future__ import annotations

import pytest

from citeproof.core.text.context import (
    Sentences,
    case_name_before,
    quotes_in,
    year_paren_after,
)

# Van Hoven Company v. Stans (D. Minn. 1970)
VAN_HOVEN = (
    "See Industrial Bank of Washington v. Tobriner, 405 F.2d 1321 (D.C. Cir. 1968); Benson Hotel "
    "Corp. v. Woods, 168 F.2d 694 (8th Cir. 1948); Citizens Committee for Hudson Valley v. Volpe, 297 "
    "F. Supp. 804 (S.D.N.Y. 1969); Exchange National Bank of Chicago v. Abramson, 278 F. Supp. 849 "
    "(D. Minn. 1968); 7 Moore, Federal Practice \u00b6 65.04."
)
# United States ex rel. Keating v. Bensinger (N.D. Ill.), footnote 3
KEATING = (
    "[3] See, e. g., Pilkinton v. Circuit Court of Howell County, Missouri, 324 F.2d 45, 46 (8th Cir. "
    "1963); Henderson v. Dutton, 397 F.2d 375, 377 (5th Cir. 1968); Wansley v. Wilkerson, 263 F. Supp. "
    "54, 56 (W.D.Va.1967);"
)
KEATING_EX_REL = (
    "United States ex rel. Covington v. Coparo, 297 F. Supp. 203, 205 (S.D.N.Y. 1969); United States "
    "ex rel. Fink v. Heyd, 287 F. Supp. 716, 717 (E.D.La. 1968), aff'd. 408 F.2d 7 (5th Cir., 1969);"
)
# People v. Dixon, 359 Ill. App. 3d 938 (2005): parallel cites, the year only after the last
DIXON = (
    "See People v. Jones, 357 Ill. App. 3d 684, 690, 829 N.E.2d 897, 903 (2005); People v. Thompson, "
    "354 Ill. App. 3d 579, 591, 821 N.E.2d 664, 674 (2004)."
)
DIXON_PARENS = (
    "See Tolbert, 354 Ill. App. 3d at 102-03, 820 N.E.2d at 13-14 (second test compared to (1) brutal "
    "and heinous murders and (2) murders committed by arson and explosives); People v. Bloomingburg, "
    "346 Ill. App. 3d 308, 324, 804 N.E.2d 638, 651 (2004) (third test); People v. Sawczenko-Dub, 345 "
    "Ill. App. 3d 522, 530, 532, 803 N.E.2d 62, 68, 70, (2003) (first test and second test compared to "
    "brutal and heinous murders)."
)
# Brown v. Board of Education, 347 U.S. 483 (1954): U. S. Reports cites without years
BROWN_492 = (
    "In Cumming v. County Board of Education, 175 U. S. 528, and Gong Lum v. Rice, 275 U. S. 78, the "
    "validity of the doctrine itself was not challenged."
)
BROWN_STRING = (
    "Missouri ex rel. Gaines v. Canada, 305 U. S. 337; Sipuel v. Oklahoma, 332 U. S. 631; Sweatt v. "
    "Painter, 339 U. S. 629; McLaurin v. Oklahoma State Regents, 339 U. S. 637."
)
# Brady v. Maryland, 373 U.S. 83, 86 (1963)
BRADY_86 = (
    "And see Alcorta v. Texas, 355 U. S. 28; Wilde v. Wyoming, 362 U. S. 607. Cf. Durley v. Mayo, 351 "
    "U. S. 277, 285 (dissenting opinion)."
)
# Hubbert v. Dell Corp., 359 Ill. App. 3d 976 (2005)
HUBBERT = (
    "See McCall v. Devine, 334 Ill. App. 3d 192, 203 (2002) (the contents of newspaper articles are "
    "hearsay and therefore inadmissible)."
)
FALBE = (
    "The court addressed a similar issue in Falbe v. Dell, Inc., No. 04\u2014C\u20141425 (N.D. Ill. "
    "2004) (memorandum opinion)."
)
# West v. United States (D.C.), note 20; In re Fin. Oversight & Mgmt. Bd. for P.R. (1st Cir.)
LEWIS = (
    "See, e.g., People v. Lewis, No. B217677, 2010 WL 780918, at *2, 2010 Cal.App. Unpub. LEXIS "
    "1694, at *5 (Cal.Ct.App. Mar. 9, 2010)."
)
MAREMONT = (
    "see also Maremont Mktg., Inc. v. Marshall (In re G.G. Moss Co., Inc.), No. 79-01585, 1981 "
    "WL 137971 (Bankr. E.D. Va. July 20, 1981)."
)


def read(text: str, cites: list[str]) -> list[tuple[str | None, int | None, str | None]]:
    """(name, year, court) of each cite in turn, each name floored at the previous cite's end."""
    out: list[tuple[str | None, int | None, str | None]] = []
    floor = 0
    for cite in cites:
        start = text.index(cite, floor)
        end = start + len(cite)
        name = case_name_before(text, start, floor)
        paren = year_paren_after(text, end)
        if name is not None:
            assert floor <= name[1].start and name[1].slice(text) == name[0]
        out.append(
            (name[0] if name else None, paren.year if paren else None, paren.court_text if paren else None)
        )
        floor = paren.span.end if paren else end
    return out


@pytest.mark.parametrize(
    "text, cites, expected",
    [
        (
            VAN_HOVEN,
            ["405 F.2d 1321", "168 F.2d 694", "297 F. Supp. 804", "278 F. Supp. 849"],
            [
                ("Industrial Bank of Washington v. Tobriner", 1968, "D.C. Cir."),
                ("Benson Hotel Corp. v. Woods", 1948, "8th Cir."),
                ("Citizens Committee for Hudson Valley v. Volpe", 1969, "S.D.N.Y."),
                ("Exchange National Bank of Chicago v. Abramson", 1968, "D. Minn."),
            ],
        ),
        (
            KEATING,
            ["324 F.2d 45", "397 F.2d 375", "263 F. Supp. 54"],
            [
                ("Pilkinton v. Circuit Court of Howell County, Missouri", 1963, "8th Cir."),
                ("Henderson v. Dutton", 1968, "5th Cir."),
                ("Wansley v. Wilkerson", 1967, "W.D.Va."),  # no space before the year
            ],
        ),
        # the year of a parallel group follows its last cite; the first cite has none of its own,
        # and Thompson's 2004 never reaches Jones
        (
            DIXON,
            ["357 Ill. App. 3d 684", "829 N.E.2d 897", "354 Ill. App. 3d 579", "821 N.E.2d 664"],
            [
                ("People v. Jones", None, None),
                (None, 2005, ""),
                ("People v. Thompson", None, None),
                (None, 2004, ""),
            ],
        ),
        (
            DIXON_PARENS,
            ["346 Ill. App. 3d 308", "804 N.E.2d 638", "345 Ill. App. 3d 522", "803 N.E.2d 62"],
            [
                ("People v. Bloomingburg", None, None),
                (None, 2004, ""),
                ("People v. Sawczenko-Dub", None, None),
                (None, 2003, ""),  # "68, 70, (2003)"
            ],
        ),
        (
            BROWN_492,
            ["175 U. S. 528", "275 U. S. 78"],
            [
                ("Cumming v. County Board of Education", None, None),
                ("Gong Lum v. Rice", None, None),
            ],
        ),
        (
            BROWN_STRING,
            ["332 U. S. 631", "339 U. S. 629", "339 U. S. 637"],
            [
                ("Sipuel v. Oklahoma", None, None),
                ("Sweatt v. Painter", None, None),
                ("McLaurin v. Oklahoma State Regents", None, None),
            ],
        ),
        # "(dissenting opinion)" is not a year
        (
            BRADY_86,
            ["355 U. S. 28", "362 U. S. 607", "351 U. S. 277"],
            [
                ("Alcorta v. Texas", None, None),
                ("Wilde v. Wyoming", None, None),
                ("Durley v. Mayo", None, None),
            ],
        ),
        # a writer who dates only the second cite: the year stays with it
        (
            "And see Alcorta v. Texas, 355 U. S. 28; Wilde v. Wyoming, 362 U. S. 607 (1960).",
            ["355 U. S. 28", "362 U. S. 607"],
            [("Alcorta v. Texas", None, None), ("Wilde v. Wyoming", 1960, "")],
        ),
        # subsequent history: the affirmance's year and court are its own
        (
            KEATING_EX_REL,
            ["287 F. Supp. 716", "408 F.2d 7"],
            [
                ("United States ex rel. Fink v. Heyd", 1968, "E.D.La."),
                (None, 1969, "5th Cir."),
            ],
        ),
        (HUBBERT, ["334 Ill. App. 3d 192"], [("McCall v. Devine", 2002, "")]),
        (FALBE, ["No. 04\u2014C\u20141425"], [("Falbe v. Dell, Inc.", 2004, "N.D. Ill.")]),
    ],
    ids=[
        "van-hoven",
        "keating",
        "dixon-parallel",
        "dixon-pins",
        "brown-492",
        "brown-string",
        "brady-86",
        "second-dated",
        "subsequent-history",
        "hubbert",
        "falbe",
    ],
)
def test_names_years_and_courts_of_neighbouring_citations(text, cites, expected):
    assert read(text, cites) == expected


@pytest.mark.parametrize(
    "text, cite, year, court, pins",
    [
        (LEWIS, "2010 Cal.App. Unpub. LEXIS 1694", 2010, "Cal.Ct.App.", ", at *5"),
        (MAREMONT, "1981 WL 137971", 1981, "Bankr. E.D. Va.", ""),
        (KEATING, "324 F.2d 45", 1963, "8th Cir.", ", 46"),
    ],
)
def test_a_dated_parenthetical_gives_the_year_and_court_and_spans_the_pins(text, cite, year, court, pins):
    end = text.index(cite) + len(cite)
    paren = year_paren_after(text, end)
    assert paren is not None and (paren.year, paren.court_text) == (year, court)
    assert paren.span.start == end and paren.span.slice(text).startswith(pins + " (")
    assert paren.span.slice(text).endswith(f"{year})")


@pytest.mark.parametrize(
    "text, cite, name",
    [
        (BROWN_STRING, "305 U. S. 337", "Missouri ex rel. Gaines v. Canada"),
        (KEATING_EX_REL, "297 F. Supp. 203", "United States ex rel. Covington v. Coparo"),
    ],
)
def test_an_ex_rel_name_is_read_whole(text, cite, name):
    found = case_name_before(text, text.index(cite), 0)
    assert found is not None and found[0] == name


@pytest.mark.parametrize(
    "text, previous_end, cite",
    [
        (DIXON, "3d 684", "829 N.E.2d 897"),  # a parallel cite: what precedes it is the first cite
        (VAN_HOVEN, "(D. Minn. 1968)", "65.04"),  # a treatise after the last case of a string cite
    ],
)
def test_no_name_reaches_back_past_the_previous_citation(text, previous_end, cite):
    floor = text.index(previous_end) + len(previous_end)
    assert case_name_before(text, text.index(cite), floor) is None


def test_the_name_after_a_parenthetical_starts_past_it():
    floor = DIXON_PARENS.index("explosives);") + len("explosives)")
    found = case_name_before(DIXON_PARENS, DIXON_PARENS.index("346 Ill."), floor)
    assert found is not None and found[0] == "People v. Bloomingburg"


@pytest.mark.parametrize(
    "text, cite",
    [
        (DIXON_PARENS, "354 Ill. App. 3d at"),  # a short form: "Tolbert," is no case name
        # Brady at 88: the sentence before the cite names a court, not a case
        (
            'his action is not "the result of guile," to use the words of the Court of Appeals. 226 Md., '
            "at 427, 174 A. 2d, at 169.",
            "226 Md.",
        ),
    ],
)
def test_no_case_name_right_before_the_cite(text, cite):
    assert case_name_before(text, text.index(cite), 0) is None


def test_a_year_too_far_from_the_cite_is_not_its_year():
    text = "Wilde v. Wyoming, 362 U. S. 607 " + "x" * 170 + " (1960)."
    assert year_paren_after(text, text.index("607") + 3) is None


# --- quotes -------------------------------------------------------------------------------

# Brady, 373 U.S. at 86; Hubbert, 359 Ill. App. 3d at 978; Brown, 347 U.S. at 494-495
NAPUE = (
    "In Napue v. Illinois, 360 U. S. 264, 269, we extended the test formulated in Mooney v. "
    'Holohan when we said: "The same result obtains when the State, although not soliciting '
    'false evidence, allows it to go uncorrected when it appears."'
)
DELL = (
    "On the last three forms the plaintiffs completed online, the following statement appeared: "
    "\u201cAll sales are subject to Dell\u2019s Term[s] and Conditions of Sale.\u201d"
)
NESTED = (
    "The Court concluded \u201cthat in the field of public education the doctrine of "
    '"separate but equal" has no place.\u201d'
)


@pytest.mark.parametrize(
    "text, quotes",
    [
        (
            NAPUE,
            [
                "The same result obtains when the State, although not soliciting false evidence, "
                "allows it to go uncorrected when it appears."
            ],
        ),
        (DELL, ["All sales are subject to Dell\u2019s Term[s] and Conditions of Sale."]),
        # the inner quote belongs to the outer one
        (
            NESTED,
            ['that in the field of public education the doctrine of "separate but equal" has no place.'],
        ),
        # one quoted word is a term, not a quote
        ('and other "tangible" factors may be equal', []),
        ("the \u201c separate but equal \u201d doctrine", ["separate but equal"]),
    ],
)
def test_quotes_in(text, quotes):
    found = quotes_in(text, 0, len(text))
    assert [q.text for q in found] == quotes
    assert all(q.span.slice(text) == q.text for q in found)


def test_quotes_outside_the_window_are_not_read():
    text = NAPUE + " " + DELL
    assert [q.text[:8] for q in quotes_in(text, len(NAPUE), len(text))] == ["All sale"]
    assert [q.text[:8] for q in quotes_in(text, 0, len(NAPUE))] == ["The same"]


# --- sentences ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, sentences",
    [
        # Brown at 495, then the pin cite a brief adds: "unequal." ends a sentence before "Brown,"
        (
            'We conclude that in the field of public education the doctrine of "separate but equal" has '
            "no place. Separate educational facilities are inherently unequal. Brown, 347 U.S. at 495.",
            [
                'We conclude that in the field of public education the doctrine of "separate but equal" has '
                "no place.",
                "Separate educational facilities are inherently unequal.",
                "Brown, 347 U.S. at 495.",
            ],
        ),
        # "v.", "U. S." and "Cf." do not end sentences
        (
            NAPUE + " " + BRADY_86,
            [
                NAPUE,
                "And see Alcorta v. Texas, 355 U. S. 28; Wilde v. Wyoming, 362 U. S. 607.",
                "Cf. Durley v. Mayo, 351 U. S. 277, 285 (dissenting opinion).",
            ],
        ),
    ],
)
def test_sentences(text, sentences):
    s = Sentences(text)
    assert [text[a:b].strip() for a, b in s.spans] == sentences
    cite = text.rindex("U.S. at 495") if "at 495" in text else text.index("351 U. S. 277")
    assert next(text[a:b] for a, b in s.spans if a <= cite < b).strip() == sentences[-1]


# --- a name stays inside its own sentence and parenthesis -------------------------------------

# capstone-fastcase:BR/590/590 B.R. 577: the cite inside "(citing to ..." has no name
PROMESA = (
    "Defendants' reliance on United States v. Security Industrial Bank in support of constitutional "
    "avoidance is misplaced here, as the context in which the interpretive issue arose in that case is "
    "quite different from that now before this Court. (See Defs.' Reply \u00b6 32 (citing to 459 U.S. 70, "
    "103 S.Ct. 407, 74 L.Ed.2d 235 (1982).)"
)
# courtlistener:1944986: the last "v." is a sentence back
STROUD = (
    "We cannot say with any certainty that the United States Supreme Court by its opinion in Green "
    "intended to overrule Stroud v. United States. Although it may be argued persuasively that in "
    "principle the two cases are repugnant, still in a footnote to his opinion in Green, Justice Black "
    'said they are "clearly distinguishable." 355 U.S., at p. 195, n. 15, 78 S.Ct. 221.'
)
# courtlistener:1176589: California's "(In re Name (year) cite"
LEE = (
    "(Pen. Code, 3020; see also Pen. Code, 3021-3025, 5077); but the actual imposition of that sentence "
    "for the term prescribed by law remains a judicial function which can be performed only by a court. "
    "(In re Lee (1918) 177 Cal. 690, 693 [171 P. 958]; People v. Sama (1922) 189 Cal. 153, 156-157 "
    "[207 P. 893]; In re Bertrand (1943) 61 Cal. App. 2d 183, 187 [142 P.2d 351].)"
)
# courtlistener:1710460: a "v." a paragraph back, then "(In re Name [year] cite"
MURCHISON = (
    "Confer, United States v. Wilkins (CA 2, 1965), 348 F2d 844.\n\nThe same reasoning seems pertinent "
    'here for the same evil is present. While we cannot seek to accord a defendant a perfect trial, since "* '
    '* * our system of law has always endeavored to prevent even the probability of unfairness" (In re '
    "Murchison [1955] 349 U.S. 133, 136 [75 S. Ct. 623, 99 L. Ed. 942]), I feel the defendant here should "
    "be accorded the benefit of this reasonable doubt."
)
# courtlistener:2461332: a footnote marker glued to the name
ALMANZA = (
    'we must determine if she has suffered "some harm" from that error.[2]Almanza v. State, 686 S.W.2d '
    "157 (Tex.Cr.App.1984)."
)
# courtlistener:1225310: "supra" between the name and the cite
CRUZ = (
    "preferring in effect the known consolations they find in drug use to the unknown problems they "
    'fear having to face upon rehabilitation" (In re Cruz (1965) supra, 62 Cal. 2d 307, 314).'
)


@pytest.mark.parametrize(
    "text, cite, name",
    [
        (PROMESA, "459 U.S. 70", None),
        (STROUD, "78 S.Ct. 221", None),
        (LEE, "177 Cal. 690", "In re Lee"),
        (LEE, "189 Cal. 153", "People v. Sama"),
        (MURCHISON, "349 U.S. 133", "In re Murchison"),
        (ALMANZA, "686 S.W.2d 157", "Almanza v. State"),
        (CRUZ, "62 Cal. 2d 307", "In re Cruz"),
    ],
)
def test_a_name_does_not_reach_past_a_sentence_a_parenthesis_or_a_footnote_marker(text, cite, name):
    start = text.index(cite)
    floor = text.rfind("]", 0, start) + 1 if cite == "189 Cal. 153" else 0
    found = case_name_before(text, start, floor)
    assert (found[0] if found else None) == name
    if found:
        assert found[1].slice(text) == name


# capstone-fastcase:NW2d/761/761NW2d645_1
KOLUPAR = (
    "Kolupar, 275 Wis.2d 1, \u00b6 43, 683 N.W.2d 58 (citing Hensley, 461 U.S. at 435, 436, 103 S.Ct. 1933). "
    "\u00b6 97 Public Storage relies on our statement"
)


def test_a_citing_parenthetical_ending_in_a_page_gives_no_year():
    end = KOLUPAR.index("683 N.W.2d 58") + len("683 N.W.2d 58")
    assert year_paren_after(KOLUPAR, end) is None


def test_a_year_still_follows_a_glued_footnote_name():
    end = ALMANZA.index("686 S.W.2d 157") + len("686 S.W.2d 157")
    paren = year_paren_after(ALMANZA, end)
    assert paren is not None and (paren.year, paren.court_text) == (1984, "Tex.Cr.App.")


def test_a_name_stops_at_the_tail_of_a_citation_that_lost_its_volume():
    # A garbled string cite: "L.Ed.2d 1040," is what is left of the previous case's cite.
    text = "as held in Roe v. Ohio, L.Ed.2d 1040, Lee v. United States, 388 U.S. 41, 87 S. Ct. 1873 (1967)."
    found = case_name_before(text, text.index("388 U.S."), 0)
    assert found is not None and found[0] == "Lee v. United States"


@pytest.mark.parametrize(
    "name",
    ["Local 1040, Teamsters v. Smith Co.", "Local Union No. 11, Brotherhood of Carpenters v. Smith Co."],
)
def test_a_number_in_a_party_name_is_still_read_as_part_of_it(name):
    text = f"See {name}, 12 F.3d 45 (1st Cir. 1993)."
    found = case_name_before(text, text.index("12 F.3d"), 0)
    assert found is not None and found[0] == name


def test_a_syllabus_point_before_a_name_is_not_part_of_it():
    text = "Syl. Pt. 2, Crockett v. Andrews, 153 W. Va. 714 (1970)."
    found = case_name_before(text, text.index("153 W. Va."), 0)
    assert found is not None and found[0] == "Crockett v. Andrews"
