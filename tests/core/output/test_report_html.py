"""The HTML report's embedded data (issue 13): raw JSON in a script of type
application/json that `JSON.parse` reads, and that no text of the brief can leave."""

from __future__ import annotations

import json
from html.parser import HTMLParser

from citeproof.core.output.report import render_html
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text

HOSTILE = (
    'Miranda v. Arizona, 372 U.S. 335 (1963) ("</script><script>alert(1)</script>"). '
    "<!-- <script> --> Brady v. Maryland, 373 U.S. 83, 87 (1963) (&amp; </SCRIPT > 'quotes' \"here\")."
)


class _Scripts(HTMLParser):
    """What a browser hands to ``JSON.parse``: the raw text of each script element."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self._open: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self._open = dict(attrs)
            self.scripts.append((self._open, ""))

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._open = None


def test_the_embedded_report_parses_back_to_the_json_contract(library):
    path = "brief</script><script>alert(1)</script><!--<script>.txt"
    report = check_document(document_from_text(HOSTILE, path), library)
    page = render_html(report)
    parser = _Scripts()
    parser.feed(page)
    assert len(parser.scripts) == 1  # the brief's and the path's "<script>" stayed text
    attrs, raw = parser.scripts[0]
    assert attrs == {"type": "application/json", "id": "report"}
    data = json.loads(raw)
    assert data == json.loads(json.dumps(report.to_json()))
    assert data["document"]["path"] == path
    assert "</" not in raw and "<!--" not in raw and "&quot;" not in raw
