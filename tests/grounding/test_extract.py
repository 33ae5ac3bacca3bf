"""Extractor tests: real sentences of the registry texts and court-style short forms."""

import gzip
import json
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

from citeproof.core.extraction.statutes.ua import (
    check_text,
    extract_ua,
    normalise_number,
    split_numbers,
    to_citations,
)
from citeproof.core.extraction.statutes.ua_registry import CiteStatus
from citeproof.core.models import CitationType


def pairs(text, **kw):
    return [(c.code, c.article) for c in extract_ua(text, **kw)]


# Real sentences quoted in citation_forms.md (act, article).
REAL = [
    ("…стягнення коштів, передбачених статтею 625 Цивільного кодексу України, на строк", [("civil", "625")]),
    (
        "…ліквідацію страховика на підставі пункту 3 частини першої статті 110 Цивільного кодексу України…",
        [("civil", "110")],
    ),
    (
        "…закрито кримінальне провадження відповідно до пунктів 1 , 2 , 3 частини першої "
        "статті 284 Кримінального процесуального кодексу України…",
        [("criminal_procedure", "284")],
    ),
    (
        "…звільняється … відповідно до пункту 7 частини першої статті 41 Кодексу законів про працю України.",
        [("labour", "41")],
    ),
    (
        "…на підставі статті 183 -2 Кодексу України про адміністративні правопорушення…",
        [("admin_offences", "183-2")],
    ),
    (
        "…передбаченого частиною одинадцятою статті 289 -10 Кодексу адміністративного судочинства України.",
        [("admin_procedure", "289-10")],
    ),
    ("…сформованої відповідно до статті 83 Конституції України…", [("constitution", "83")]),
    (
        "…статей 1 , 9 , 40 і 48 -1 Житлового кодексу Української РСР (Відомості Верховної "
        "Ради УРСР, 1983 р.",
        [("housing", "1"), ("housing", "9"), ("housing", "40"), ("housing", "48-1")],
    ),
    (
        "…щодо злочину, передбаченого статтями 255-255 -3 Кримінального кодексу України…",
        [("criminal", "255"), ("criminal", "255-1"), ("criminal", "255-2"), ("criminal", "255-3")],
    ),
    (
        "…передбачених пунктами 1-4 частини першої статті 96 -2 Кримінального кодексу України.",
        [("criminal", "96-2")],
    ),
    (
        "…кримінальних правопорушень, передбачених статтями 115 , 146 -1 , 438 і 442 -1 "
        "Кримінального кодексу України…",
        [("criminal", "115"), ("criminal", "146-1"), ("criminal", "438"), ("criminal", "442-1")],
    ),
    (
        "( частина друга статті 121 КК України 2001 р.; частини друга і третя статті 101 "
        "КК України 1960 р. )",
        [("criminal", "121"), ("criminal_1960", "101")],
    ),
    (
        "До п.1 статті застосовуються положення ст. 388 КПК України ( 1003-05 ) в редакції "
        "від 15 грудня 1992 р.",
        [("criminal_procedure_1960", "388")],
    ),
]


@pytest.mark.parametrize(("text", "expected"), REAL)
def test_real_legislative_sentences(text, expected):
    assert pairs(text) == expected


COURT = [
    ("ст. 625 ЦК України", [("civil", "625")]),
    ("ст. 625 ЦК", [("civil", "625")]),
    ("статті 461–466 Митного кодексу України", [("customs", str(n)) for n in range(461, 467)]),
    ("частини першої статті 42 КПК України", [("criminal_procedure", "42")]),
    ("п. 3 ч. 1 ст. 284 КПК", [("criminal_procedure", "284")]),
    ("ст. ст. 16, 203, 215 ЦК України", [("civil", "16"), ("civil", "203"), ("civil", "215")]),
    ("ст.ст. 16, 203 ЦК", [("civil", "16"), ("civil", "203")]),
    ("ч. 2 ст. 185 КК", [("criminal", "185")]),
    ("ч. 1 ст. 130 КУпАП", [("admin_offences", "130")]),
    ("ст. 41 КЗпП", [("labour", "41")]),
    ("згідно зі ст. 96² КК України", [("criminal", "96-2")]),
    ("ст. 96^2 ККУ", [("criminal", "96-2")]),
    ("у статтях 117 - 125 Виборчого кодексу України", [("electoral", str(n)) for n in range(117, 126)]),
]


@pytest.mark.parametrize(("text", "expected"), COURT)
def test_court_short_forms(text, expected):
    assert pairs(text) == expected


def test_chain_of_groups_shares_one_code_name():
    text = (
        "встановленого частиною першою статті 98, частинами першою - третьою статті 99, "
        "статтею 100 Виборчого кодексу України"
    )
    cites = extract_ua(text)
    assert [(c.code, c.article) for c in cites] == [
        ("electoral", "98"),
        ("electoral", "99"),
        ("electoral", "100"),
    ]
    assert cites[1].pin == "частинами першою - третьою"


def test_gazette_reference_is_not_a_citation():
    assert pairs("(Відомості Верховної Ради України, 2003 р., №№ 18-22, ст. 144)") == []


def test_internal_reference_needs_the_citing_code():
    text = "у порядку, встановленому статтями 117 - 125 цього Кодексу."
    assert pairs(text) == []
    assert pairs(text, self_code="electoral")[0] == ("electoral", "117")


def test_span_points_at_the_phrase():
    text = "Позов задоволено на підставі ч. 1 ст. 625 ЦК України, а також"
    cite = extract_ua(text)[0]
    assert cite.span.slice(text) == "ч. 1 ст. 625 ЦК України" == cite.text
    assert cite.pin == "ч. 1"


def test_short_name_before_new_code_means_old_code():
    assert pairs("ст. 42 КПК України", date="2010-05-05") == [("criminal_procedure_1960", "42")]
    assert pairs("ст. 42 КПК України", date="2013-01-01") == [("criminal_procedure", "42")]


def test_statuses_on_court_style_text():
    text = (
        "ст. 2000 ЦК України, ст. 81 КЗпП, ст. 145 ЦК, ст. 12 ГК України, "
        "ст. 5 ПК України, ст. 3 ВК України, ст. 625 ЦК"
    )
    got = [(c.cite.article, c.check.status) for c in check_text(text, date="2025-09-01")]
    assert got == [
        ("2000", CiteStatus.NONEXISTENT),
        ("81", CiteStatus.REPEALED),
        ("145", CiteStatus.UNKNOWN),
        ("12", CiteStatus.CODE_NOT_IN_FORCE),
        ("5", CiteStatus.UNKNOWN),
        ("3", CiteStatus.UNKNOWN),
        ("625", CiteStatus.EXISTS),
    ]


def test_to_citations_builds_project_models():
    cites = to_citations(extract_ua("ст. 625 ЦК України"))
    assert cites[0].type is CitationType.STATUTE
    assert (cites[0].statute_code, cites[0].statute_section) == ("civil", "625")
    assert cites[0].statute_title == "Цивільний кодекс України"


def test_number_parsing():
    assert normalise_number("96 -10-1") == "96-10-1"
    assert normalise_number("96²") == "96-2"
    assert split_numbers("183-186") == [("183", "186")]
    assert split_numbers("263-1") == [("263-1", None)]
    assert split_numbers("1 , 9 і 48 -1") == [("1", None), ("9", None), ("48-1", None)]


@given(st.integers(1, 2000), st.integers(1, 30))
def test_inserted_number_spellings_agree(base, sub):
    spellings = [f"{base} -{sub}", f"{base}^{sub}"] + ([f"{base}-{sub}"] if sub < base else [])
    assert {normalise_number(split_numbers(s)[0][0]) for s in spellings} == {f"{base}-{sub}"}


def test_every_shipped_citing_sentence_extracts():
    ref = resources.files("citeproof").joinpath("data/ua/citing.jsonl.gz")
    with ref.open("rb") as raw, gzip.open(raw, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    assert len(rows) > 1000
    found = sum(bool(extract_ua(r["text"], self_code=r["source_code"])) for r in rows)
    assert found == len(rows)
