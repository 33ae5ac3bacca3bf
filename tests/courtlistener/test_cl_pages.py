"""Which reporter star pages belong to, and how a cluster's opinions are joined."""

from __future__ import annotations

from citeproof.core.models import ReporterCite
from citeproof.library.courtlistener.client import ClusterInfo
from citeproof.library.courtlistener.library import assemble_opinion, paginated_cite

BROWN = (
    ReporterCite("347", "U.S.", "483"),
    ReporterCite("74", "S. Ct.", "686"),
    ReporterCite("98", "L. Ed.", "873"),
    ReporterCite("1954", "U.S. LEXIS", "2094"),
)


def _star(page: int) -> str:
    return f'<span class="star-pagination">*{page}</span>'


def test_stars_belong_to_the_cite_whose_first_page_precedes_them():
    assert paginated_cite(BROWN, f"<p>a {_star(484)} b</p>").reporter == "U.S."
    assert paginated_cite(BROWN, f"<p>a {_star(687)} b</p>").reporter == "S. Ct."
    assert paginated_cite(BROWN, "<p>a *Page 874 b</p>").reporter == "L. Ed."
    assert paginated_cite(BROWN, "<p>no markers</p>").reporter == "U.S."


def test_nominative_reporter_shares_the_official_pages():
    cites = (
        ReporterCite("11", "U.S.", "288"),
        ReporterCite("7", "Cranch", "288"),
        ReporterCite("3", "L. Ed.", "347"),
    )
    opinion = assemble_opinion("c", ClusterInfo(1, "", "", "", cites), [f"<p>x {_star(289)} y</p>"])
    assert [b.page for b in opinion.breaks_for("U.S.")] == [288, 289]
    assert [b.page for b in opinion.breaks_for("Cranch")] == [288, 289]
    assert opinion.page_at(opinion.text.index("y"), "Cranch") == 289


def test_dissent_continues_the_lead_opinions_pages():
    lead = f"<p>Lead opinion. {_star(484)} More of it.</p>"
    dissent = f"<p>Dissent starts. {_star(485)} Dissent ends.</p>"
    opinion = assemble_opinion("c", ClusterInfo(1, "", "", "", BROWN), [lead, dissent])
    assert [b.page for b in opinion.breaks_for("U.S.")] == [483, 484, 485]
    assert opinion.page_at(opinion.text.index("Dissent starts"), "U.S.") == 484
    assert opinion.page_at(opinion.text.index("Dissent ends"), "U.S.") == 485
