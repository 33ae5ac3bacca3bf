"""The builder: every injected error is really an error against the library, and every
citation marked correct really verifies (checked here with plain SQL and string search,
never with the detector's own name matching or reporter tables)."""

from __future__ import annotations

import json
import re

import pytest

from citeproof.bench.phantom.builder import BuildConfig, build, manifest, write
from citeproof.bench.phantom.loader import load

CONFIG = BuildConfig(seed=11, excerpts=48, source_opinions=25)


@pytest.fixture(scope="module")
def bench(library):
    return build(library, CONFIG)


def words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def page_words(library, case_id: str, reporter: str, page: int) -> str:
    opinion = library.opinion(case_id)
    start, end = opinion.page_text(reporter, page)
    return words(opinion.text[start:end])


def slots(bench, role=None, kind="any"):
    for e in bench:
        for s in e.meta.get("slots", ()):
            if (role is None or s["role"] == role) and (kind == "any" or s["kind"] == kind):
                yield e, s


def test_deterministic_split_and_proportions(bench, library):
    again = build(library, CONFIG)
    assert [e.to_json() for e in again] == [e.to_json() for e in bench]
    assert sum(e.split == "test" for e in bench) == round(0.3 * len(bench))
    assert {e.source for e in bench} == {"templated", "judicial"}


@pytest.mark.parametrize("size", [48, 61])
def test_exactly_half_of_each_split_carries_an_error(library, size):
    """By construction, not on average: an excerpt meant to carry an error that did not
    take is drawn again, and one meant to be clean carries none."""
    built = build(library, BuildConfig(seed=5, excerpts=size, source_opinions=25))
    for split in ("train", "test"):
        rows = [e for e in built if e.split == split]
        assert sum(1 for e in rows if e.required) == round(0.5 * len(rows))
        assert all(not e.errors for e in rows if not e.required)  # clean means no gold at all


def test_gold_spans_point_at_their_fragments(bench):
    for e in bench:
        for g in e.errors:
            assert g.span and e.text[g.span[0] : g.span[1]] == g.fragment
        for c in e.citations:
            assert e.text[c.span[0] : c.span[1]] == c.text


def no_case_begins_but_the_library_settles(library, vol, rep, page) -> str:
    """Why no case can begin at the cite (a page inside a case, or a complete volume),
    asserting that none does."""
    assert library.cases_at(vol, rep, page) == ()
    around = library.case_around(vol, rep, page)
    if around is not None and around.first_page < page <= around.last_known_page:
        return "inside"
    assert library.coverage(rep, vol).value in {"complete", "complete_opinions"}
    return "complete"


def test_nonexistent_cites_begin_no_case(bench, library):
    """LePhantomCite's non-existent citation: no case begins there. A cite at the first
    page of another real case is a case-name mismatch (next test), never this."""
    seen = set()
    for e, s in slots(bench, kind="nonexistent"):
        vol, rep, page = s["volume"], s["reporter"], s["page"]
        assert f"{vol} {rep} {page}" in e.text
        seen.add(no_case_begins_but_the_library_settles(library, vol, rep, page))
    assert "inside" in seen


def test_name_mismatches_point_name_and_cite_at_two_real_cases(bench, library):
    """Either another case's name on the real cite, or the real name on another real
    case's cite (its first page): name and cite point to two real cases."""
    seen = set()
    for _, s in slots(bench, kind="name_mismatch"):
        real = library.case(s["case_id"])
        there = library.cases_at(s["volume"], s["reporter"], s["page"])
        assert len(there) == 1
        if there[0].id == s["case_id"]:  # another case's name written for this cite
            assert s["name"] not in (real.name, real.name_abbreviation)
            assert library.conn.execute(
                "SELECT 1 FROM cases WHERE name_abbreviation = ?", (s["name"],)
            ).fetchone()
            seen.add("name")
        else:  # this case's name on another real case's cite
            assert s["name"] == real.name_abbreviation
            assert s["name"] not in (there[0].name, there[0].name_abbreviation)
            seen.add("cite")
    assert seen == {"name", "cite"}


def test_wrong_pins_do_not_hold_the_words(bench, library):
    seen = 0
    for _, s in slots(bench, kind="wrong_pincite"):
        seen += 1
        text = words(s["passage"])
        assert text in page_words(library, s["case_id"], s["reporter"], s["passage_page"])
        assert text not in page_words(library, s["case_id"], s["reporter"], s["pin"])
    assert seen


def test_misquotes_differ_from_the_opinion(bench, library):
    seen = set()
    for e, s in slots(bench, kind="misquote"):
        seen.add(s["note"].split(";")[0])
        assert words(s["quote"]) not in words(library.opinion(s["case_id"]).text)
        assert words(s["passage"]) in page_words(library, s["case_id"], s["reporter"], s["pin"])
        if "spliced" not in s["note"]:
            assert len(set(words(s["quote"]).split()) ^ set(words(s["passage"]).split())) <= 4
        assert any(g.kind == "misquote" and g.fragment == s["quote"] for g in e.errors)
    assert seen


def test_misrepresentations_are_not_what_the_opinion_says(bench, library):
    seen = set()
    for e, s in slots(bench, kind="misrepresentation"):
        seen.add(s["note"].split(" (")[0])
        opinion = words(library.opinion(s["case_id"]).text)
        assert words(s["proposition"]) not in opinion
        gold = [g.fragment for g in e.errors if g.kind == "misrepresentation"]
        assert gold and all(g in e.text for g in gold)
    assert seen


def test_claims_stand_in_every_position(bench):
    positions = {s["position"] for _, s in slots(bench, role="fulltext")}
    assert positions == {"before", "after", "parenthetical", "id"}
    assert any(re.search(r"\bId\. at \d+", e.text) for e in bench)


def test_correct_citations_verify(bench, library):
    checked = 0
    for _, s in slots(bench):
        if s["kind"] or s["role"] == "distractor":
            continue
        found = library.cases_at(s["volume"], s["reporter"], s["page"])
        assert [a.id for a in found] == [s["case_id"]]
        assert s["name"] == found[0].name_abbreviation
        if s["role"] == "fulltext":
            on_page = page_words(library, s["case_id"], s["reporter"], s["pin"])
            assert words(s["passage"]) in on_page  # a proposition may be a faithful paraphrase of it
        checked += 1
    assert checked > 20


@pytest.fixture(scope="module")
def edited_bench(library):
    """Enough excerpts for judicial edits of both kinds (about one excerpt in ten is edited)."""
    return build(library, BuildConfig(seed=11, excerpts=120, source_opinions=25))


def test_edits_of_real_writing_are_real_errors(edited_bench, library):
    """Judicial (and --from-briefs) excerpts: every edit, audited against the library."""
    seen = set()
    for e in edited_bench:
        for r in e.meta.get("injected", ()):
            seen.add(r["kind"])
            assert r["now"] in e.text and r["now"] != r["was"]
            real = library.case(r["case_id"])
            cite = re.fullmatch(r"(\d+) (.+) (\d+)", r["now"])
            if r["kind"] == "nonexistent":
                vol, rep, page = cite.groups()
                no_case_begins_but_the_library_settles(library, vol, rep, int(page))
            elif r["kind"] == "name_mismatch" and cite:  # another real case's cite under the name
                (other,) = library.cases_at(cite[1], cite[2], int(cite[3]))
                assert other.id != r["case_id"] and r["name"] not in (other.name, other.name_abbreviation)
            elif r["kind"] == "name_mismatch":  # another case's name on the real cite
                assert r["now"] not in (real.name, real.name_abbreviation)
            elif r["kind"] == "wrong_pincite":
                row = library.conn.execute(
                    "SELECT coalesce(last_page, last_star_page) FROM cases WHERE id = ?", (r["case_id"],)
                ).fetchone()
                assert int(r["now"]) > row[0]
            else:
                opinion = words(library.opinion(r["case_id"]).text)
                assert words(r["was"]) in opinion and words(r["now"]) not in opinion
    assert "nonexistent" in seen and "name_mismatch" in seen


def test_distractors_are_outside_coverage(bench, library):
    for _, s in slots(bench, role="distractor"):
        assert library.cases_at(s["volume"], s["reporter"], s["page"]) == ()
        assert library.coverage(s["reporter"], s["volume"]).value in {"not_covered", "partial"}


def test_written_files_load_back(bench, library, tmp_path):
    info = manifest(bench, library, CONFIG)
    paths = write(bench, tmp_path, info)
    row = json.loads(paths["test"].read_text().splitlines()[0])
    assert {
        "filename",
        "text",
        "citations_in_segment",
        "list_hallucinations",
        "list_hallucination_types",
    } <= row.keys()
    loaded = load(tmp_path)  # a directory means its test split
    assert [e.filename for e in loaded] == [e.filename for e in bench if e.split == "test"]

    def key(e):
        return sorted(e.errors, key=lambda g: (g.optional, g.span))

    assert [key(e) for e in loaded] == [key(e) for e in bench if e.split == "test"]
    assert json.loads((tmp_path / "manifest.json").read_text())["dataset_version"]


def test_a_nonexistent_edit_replaces_the_whole_cite_of_a_numbered_series(library):
    # The phantom test split once held "State v. Lanclos, 965 So. 1019d 475": the edit had
    # replaced the "2" of "So. 2d" instead of the page.
    import numpy as np

    from citeproof.bench.phantom.cites import find_cites, library_reporters
    from citeproof.bench.phantom.injections import inside_targets
    from citeproof.bench.phantom.judicial import _nonexistent
    from citeproof.bench.phantom.templated import Pools

    text = "The sentence will not be set aside as excessive. State v. Lanclos, 419 So. 2d 475 (La.1982)."
    (cite,) = find_cites(text, library_reporters(library))
    assert (cite.name, cite.volume, cite.reporter, cite.page) == ("State v. Lanclos", "419", "So. 2d", 475)
    pools = Pools([], [], [], inside_targets(library))
    (edit,) = _nonexistent(text, cite, pools, library, np.random.default_rng(0))
    assert text[edit[0] : edit[1]] == "419 So. 2d 475"
