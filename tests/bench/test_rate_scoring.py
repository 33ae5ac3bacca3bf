"""The rate study's judging and figures on hand-made answers with known real and fabricated cites."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from citeproof.bench.rate.aggregate import pair_tests, paired_test, popularity_rows, rate_rows
from citeproof.bench.rate.answers import read_answers
from citeproof.bench.rate.popularity import bin_of, citation_counts
from citeproof.bench.rate.prompts import CourtLevel, load_prompts
from citeproof.bench.rate.score import AnswerScore, CitedCase
from citeproof.bench.rate.study import score_answers

ANSWERS = Path(__file__).parent / "data" / "rate_answers"
# (cited cases, conservative, hallucinated, unverifiable) per answer, checked by hand:
EXPECTED = {
    ("alpha", "school-segregation"): (2, 0, 1, 0),  # Brown real; Gideon misquoted
    ("alpha", "brady-disclosure"): (2, 1, 1, 0),  # Brady real; "Miranda" at Gideon's cite
    ("alpha", "habeas-custody"): (2, 2, 2, 0),  # a page inside Maleng; a page inside Raecharla
    ("alpha", "pleading-standard"): (0, 0, 0, 0),  # abstained
    ("beta", "school-segregation"): (1, 0, 0, 0),
    ("beta", "brady-disclosure"): (1, 0, 0, 0),
    ("beta", "habeas-custody"): (1, 0, 0, 0),
    ("beta", "pleading-standard"): (1, 0, 0, 1),  # F.4th is outside the library's coverage
    ("gamma", "ill-retaliatory-discharge"): (2, 0, 0, 0),  # Kelsay and Palmateer, catalogued
    ("gamma", "ny-proximate-cause"): (2, 1, 1, 0),  # "Derdiarian" written at Palsgraf's cite
    ("gamma", "seventh-cir-evidence-as-whole"): (2, 0, 0, 1),  # 731 F.3d is past the library's F.3d
    ("gamma", "cal-strict-liability"): (1, 0, 0, 0),  # Greenman
}
BRADY = "courtlistener:106598"


@pytest.fixture(scope="module")
def popularity(library):
    return citation_counts(library)


@pytest.fixture(scope="module")
def scores(library, popularity):
    return score_answers(read_answers([ANSWERS]), library, load_prompts(), popularity)


def test_each_answer_is_scored_as_known_with_its_court_level(scores):
    got = {
        (s.model, s.prompt_id): (s.citations, s.conservative, s.hallucinated, s.unverifiable) for s in scores
    }
    assert got == EXPECTED
    levels = {s.prompt_id: s.level for s in scores}
    assert levels["ny-proximate-cause"] is CourtLevel.STATE
    assert levels["seventh-cir-evidence-as-whole"] is CourtLevel.FEDERAL_CIRCUIT
    assert levels["brady-disclosure"] is CourtLevel.SUPREME_COURT


def test_a_folder_names_the_model_of_records_without_one():
    models = Counter(a.model for a in read_answers([ANSWERS]))
    assert models == {"alpha": 4, "beta": 4, "gamma": 4}  # gamma.jsonl's records carry no model


def test_cited_cases_carry_the_case_they_resolve_to_and_its_popularity(scores, popularity):
    cases = {(s.prompt_id, c.name): c for s in scores if s.model == "alpha" for c in s.cases}
    miranda = cases[("brady-disclosure", "Miranda v. Arizona")]
    assert miranda.kinds == ("name_mismatch",) and miranda.library_name == "Gideon v. Wainwright"
    assert miranda.popularity == popularity.of(miranda.case_id)  # the case at the cite, not the name
    assert cases[("brady-disclosure", "Brady v. Maryland")].popularity == popularity.of(BRADY)
    fabricated = cases[("habeas-custody", "Doe v. Roe")]
    assert fabricated.case_id is None and fabricated.popularity is None


def _opinions_citing(library, pattern: str, own: str) -> int:
    rows = library.conn.execute("SELECT case_id, text FROM opinions")
    return sum(1 for case_id, text in rows if case_id != own and re.search(pattern, text))


def test_popularity_counts_the_opinions_whose_text_cites_the_case(library, popularity):
    # read the texts another way: any of Brady's three reporter cites, spaced as printed
    brady = r"373 U\. ?S\. 83\b|83 S\. ?Ct\. 1194\b|10 L\. ?Ed\. ?2d 215\b"
    assert popularity.of(BRADY) == _opinions_citing(library, brady, BRADY) > 1
    celotex = library.cases_at("477", "U.S.", 317)[0].id
    assert popularity.of(celotex) == _opinions_citing(
        library, r"477 U\. ?S\. 317\b|106 S\. ?Ct\. 2548\b", celotex
    )
    assert popularity.opinions == 382 and popularity.of("no such case") == 0


def test_popularity_bins():
    assert [bin_of(k) for k in (0, 1, 2, 4, 5, 40)] == ["0", "1", "2-4", "2-4", "5+", "5+"]
    with pytest.raises(ValueError):
        bin_of(-1)


def test_rates_per_model_and_court_level(scores):
    rows = {(r.model, r.level): r for r in rate_rows(scores, seed=0, resamples=500)}
    alpha = rows[("alpha", "all")]
    assert (alpha.prompts, alpha.citations) == (4, 6)
    assert alpha.conservative.value == 0.5 and alpha.hallucinated.value == pytest.approx(4 / 6)
    assert alpha.conservative.low < 0.5 < alpha.conservative.high  # four prompts leave real doubt
    state = rows[("gamma", "state")]
    assert (state.prompts, state.citations, state.conservative.value) == (3, 5, 0.2)
    circuit = rows[("gamma", "federal_circuit")]
    assert circuit.unverifiable.value == 0.5 and circuit.hallucinated.value == 0.0
    assert {lv for m, lv in rows if m == "gamma"} == {"all", "state", "federal_circuit"}


def test_popularity_table_splits_each_models_cited_cases(scores, popularity):
    rows = [r for r in popularity_rows(scores, seed=0, resamples=300) if r.model == "alpha"]
    assert sum(r.citations for r in rows) == 6 and sum(r.share for r in rows) == pytest.approx(1.0)
    no_case = next(r for r in rows if r.bin == "no case")
    assert no_case.citations == 2 and no_case.hallucinated.value == 1.0  # both fabricated pages
    brady_bin = bin_of(popularity.of(BRADY))
    assert next(r for r in rows if r.bin == brady_bin).citations >= 1


def _score(model: str, prompt: str, bad: int, good: int) -> AnswerScore:
    fake = CitedCase("1 U.S. 1", "A v. B", "hallucinated", ("nonexistent",), None, "", None)
    real = CitedCase("2 U.S. 2", "C v. D", "verified", (), "x", "C v. D", 0)
    return AnswerScore(model, prompt, CourtLevel.STATE, (fake,) * bad + (real,) * good)


def test_a_difference_no_resample_crosses_is_printed_as_below_one_over_b():
    scores = [_score("worse", f"p{i}", 2, 1) for i in range(12)] + [
        _score("better", f"p{i}", 0, 3) for i in range(12)
    ]
    test = paired_test(scores, "worse", "better", seed=3, resamples=2000)
    assert test.p == 0.0 and test.to_dict()["p_text"] == "p < 0.0005 (1/B)"
    assert test.difference.value == pytest.approx(2 / 3) and test.difference.n == 12


def test_a_model_against_itself_differs_by_nothing(scores):
    alpha = [s for s in scores if s.model == "alpha"]
    twin = alpha + [AnswerScore("twin", s.prompt_id, s.level, s.cases) for s in alpha]
    test = paired_test(twin, "alpha", "twin", seed=1, resamples=200)
    assert test.difference.value == 0.0 and test.p == 1.0 and test.to_dict()["p_text"] == "p = 1"
    assert paired_test(twin, "alpha", "nobody").difference.n == 0
    assert [(t.a, t.b, t.field) for t in pair_tests(twin)] == [
        ("alpha", "twin", "conservative"),
        ("alpha", "twin", "hallucinated"),
    ]


def test_the_bundled_prompts_span_three_court_levels():
    prompts = load_prompts()
    levels = Counter(p.level for p in prompts)
    assert len(prompts) >= 92 and min(levels[lv] for lv in CourtLevel if lv != CourtLevel.UNSPECIFIED) >= 30
    circuits = {p.jurisdiction for p in prompts if p.level is CourtLevel.FEDERAL_CIRCUIT}
    assert circuits >= {f"{n} Cir." for n in ("1st", "2d", "3d", "4th", "5th", "6th", "7th", "8th", "9th")}
    assert circuits >= {"10th Cir.", "11th Cir.", "D.C. Cir.", "Fed. Cir."}
    assert len({p.jurisdiction for p in prompts if p.level is CourtLevel.STATE}) >= 20
    assert all(p.topic and p.prompt.strip() and p.jurisdiction for p in prompts)


@pytest.mark.without_library
@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"id": "a", "prompt": "x", "level": "county"}', "level 'county' is not one of"),
        ('{"id": "a"}', "has no text"),
        ("{not json", "not JSON"),
    ],
)
def test_a_malformed_prompt_names_its_line(tmp_path, line, message):
    path = tmp_path / "prompts.jsonl"
    path.write_text('{"id": "ok", "prompt": "Cite a case."}\n' + line + "\n")
    with pytest.raises(ValueError, match=rf"prompts.jsonl line 2: .*{message}"):
        load_prompts(path)


@pytest.mark.without_library
def test_an_answer_given_twice_or_malformed_is_refused_with_its_place(tmp_path):
    (tmp_path / "m.jsonl").write_text('{"prompt_id": "p", "answer": "a"}\n')
    (tmp_path / "n.jsonl").write_text('{"model": "m", "prompt_id": "p", "answer": "b"}\n')
    with pytest.raises(ValueError, match="n.jsonl line 1: m answered p already at m.jsonl line 1"):
        read_answers([tmp_path])
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"model": "m", "answer": "no prompt id"}\n')
    with pytest.raises(ValueError, match="bad.jsonl line 1: an answer needs 'prompt_id'"):
        read_answers([bad])
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ValueError, match="no answer files"):
        read_answers([empty])
