"""Where a reader can check a citation by hand: a link per citation.

* a case cite: CourtListener's citation page (``/c/<reporter>/<volume>/<page>/``), which
  shows the case at that cite, or says there is none;
* ``42 U.S.C. § 1983``: the Office of the Law Revision Counsel's official U.S. Code;
* ``29 C.F.R. § 1910.1200``: the official eCFR;
* a federal rule: the current rules as the U.S. Courts publish them.

Westlaw and Lexis numbers and state codes get no link: no free official page holds them by
number.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from citeproof.core.checking.us_statutes import USC, base_section, us_code
from citeproof.core.models import Citation, CitationType

COURTLISTENER = "https://www.courtlistener.com"
_VENDOR = re.compile(r"^(?:WL|U\.?S\.? Dist\.? LEXIS|U\.?S\.? App\.? LEXIS|LEXIS)$", re.I)
_RULES = {
    "Fed. R. Civ. P.": "federal-rules-civil-procedure",
    "Fed. R. Crim. P.": "federal-rules-criminal-procedure",
    "Fed. R. App. P.": "federal-rules-appellate-procedure",
    "Fed. R. Evid.": "federal-rules-evidence",
    "Fed. R. Bankr. P.": "federal-rules-bankruptcy-procedure",
}
_RULES_PAGE = "https://www.uscourts.gov/rules-policies/current-rules-practice-procedure/"


def check_url(c: Citation) -> str | None:
    """A page where ``c`` can be checked by hand; None where no free official one exists."""
    if c.type is CitationType.CASE:
        if not (c.volume and c.reporter and c.page) or _VENDOR.match(c.reporter.strip()):
            return None
        return f"{COURTLISTENER}/c/{quote(c.reporter)}/{quote(c.volume)}/{quote(c.page)}/"
    code, section = c.statute_code or "", base_section(c.statute_section or "")
    if us_code(code) == USC and c.statute_title and section:
        granule = f"USC-prelim-title{c.statute_title}-section{section}"
        return f"https://uscode.house.gov/view.xhtml?req=granuleid:{quote(granule)}&num=0&edition=prelim"
    if re.sub(r"\s", "", code) == "C.F.R." and c.statute_title and section:
        return f"https://www.ecfr.gov/current/title-{quote(c.statute_title)}/section-{quote(section)}"
    rules = _RULES.get(" ".join(code.split()))
    return _RULES_PAGE + rules if rules else None


__all__ = ["check_url"]
