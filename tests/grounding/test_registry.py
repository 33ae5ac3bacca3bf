"""Registry checks on real articles of the shipped Ukrainian code pack."""

import pytest

from citeproof.core.extraction.statutes.ua_registry import CiteStatus, article_key, load_registry


@pytest.fixture(scope="module")
def reg():
    return load_registry()


def test_snapshot_counts(reg):
    assert len(reg.codes) == 37
    assert sum(len(c.articles) for c in reg.codes.values()) == 12184
    assert sum(len(c.repealed_articles()) for c in reg.codes.values()) == 416
    assert reg.snapshot == "2026-02-28"


def test_article_key_orders_inserted_articles():
    assert article_key("96-10-1") == (96, 10, 1)
    assert sorted(["96-2", "97", "96", "96-10-1"], key=article_key) == ["96", "96-2", "96-10-1", "97"]


def test_in_range_real_article_exists(reg):
    check = reg.check("civil", "625", "2024-01-01")
    assert check.status is CiteStatus.EXISTS
    assert "Відповідальність за порушення грошового зобов'язання" in check.evidence


def test_repealed_article_with_its_date(reg):
    # КЗпП ст. 81 repealed by Law 2352-IX of 01.07.2022
    before = reg.check("labour", "81", "2022-06-30")
    after = reg.check("labour", "81", "2022-07-01")
    assert before.status is CiteStatus.EXISTS
    assert after.status is CiteStatus.REPEALED
    assert "2352-IX" in after.evidence and "2022-07-01" in after.evidence


def test_article_beyond_last_is_nonexistent(reg):
    check = reg.check("civil", "1309")
    assert check.status is CiteStatus.NONEXISTENT
    assert "1308" in check.evidence
    assert reg.check("civil", "1308").status is CiteStatus.EXISTS


def test_gap_is_unknown_not_nonexistent(reg):
    # КПК arts. 444–458 are a known gap (the former Supreme Court review chapter)
    check = reg.check("criminal_procedure", "450")
    assert check.status is CiteStatus.UNKNOWN
    assert "444–458" in check.evidence


def test_inserted_article_absent_is_unknown(reg):
    assert reg.check("criminal", "96-77").status is CiteStatus.UNKNOWN


def test_code_not_in_force(reg):
    assert reg.check("commercial", "12", "2025-08-28").status is CiteStatus.CODE_NOT_IN_FORCE
    assert reg.check("commercial", "12", "2025-08-27").status is CiteStatus.EXISTS
    # the 1960 Criminal Code lost force when the 2001 Code took effect
    assert reg.check("criminal_1960", "101", "2001-09-01").status is CiteStatus.CODE_NOT_IN_FORCE
    # and the Electoral Code was not yet in force in 2019
    assert reg.check("electoral", "1", "2019-12-31").status is CiteStatus.CODE_NOT_IN_FORCE


def test_unknown_code(reg):
    assert reg.check("tax", "1").status is CiteStatus.UNKNOWN
