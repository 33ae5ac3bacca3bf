"""A next step for every unverifiable citation: its reason grouped by what the reader can do.

Each group has one remedy, said once for all its citations in every report format:

* ``exists_no_text``: the case is real (confirmed), but the library has no text of it (or
  none with page markers), so quotes and pin pages are unchecked;
* ``not_in_coverage``: the library does not hold the volume;
* ``vendor_cite``: a Westlaw or Lexis number, which no public index holds;
* ``orders``: a page of a U.S. Reports volume's orders section, where orders and summary
  dispositions stand that no table lists;
* ``ambiguous``: more than one case begins there, or a short form could repeat several;
* ``backend_error``: the remote library (CourtListener) failed, throttled or answered
  nonsense;
* ``llm_error``: the LLM judge's endpoint failed, throttled or gave no usable answer (the
  verdict's fault lies in a finding the LLM was to decide), so no remedy names CourtListener
  when it was not asked;
* ``incomplete``: a short form or a cite without volume, reporter or page to look up;
* ``not_in_current_code``: a U.S. Code section or federal rule the current Code or rules
  do not hold (repealed, transferred or renumbered ones among them);
* ``statute``: a statute not in the offline registry; ``other`` for the rest.
"""

from __future__ import annotations

from dataclasses import dataclass

from citeproof.core.models import Outcome, Reason, Status, Verdict

R = Reason
_GROUP = {
    R.NO_TEXT: "exists_no_text",
    R.NO_PAGE_MARKERS: "exists_no_text",
    R.NOT_IN_COVERAGE: "not_in_coverage",
    R.VENDOR_CITE: "vendor_cite",
    R.ORDERS_SECTION: "orders",
    R.AMBIGUOUS: "ambiguous",
    R.AMBIGUOUS_SHORT_FORM: "ambiguous",
    R.BACKEND_ERROR: "backend_error",
    R.RATE_LIMITED: "backend_error",
    R.UNRESOLVED_SHORT_FORM: "incomplete",
    R.INCOMPLETE_CITE: "incomplete",
    R.NOT_IN_CURRENT_CODE: "not_in_current_code",
    R.STATUTE_NOT_IN_REGISTRY: "statute",
}
DOWNLOAD = "`citeproof library download courtlistener`"
# What the two routes to full coverage cost, said wherever they are offered.
OFFLINE_ROUTE = (
    f"run {DOWNLOAD} once (a download of a few GB, a library of about 2.3 GB; the check stays on "
    "this machine)"
)
REMOTE_ROUTE = (
    "use `--courtlistener` (sends the citations, not the brief, to CourtListener; needs a free "
    "API token in COURTLISTENER_API_TOKEN)"
)
# group → (what they are, for several; for one; what to do)
_REMEDY = {
    "exists_no_text": (
        "name real cases whose text the offline library lacks, so quotations and pin pages are unchecked",
        "names a real case whose text the offline library lacks, so quotations and pin pages are unchecked",
        f"run {DOWNLOAD} --with-text once (tens of GB; the check stays on this machine), or " + REMOTE_ROUTE,
    ),
    "not_in_coverage": (
        "are outside the offline library",
        "is outside the offline library",
        f"{OFFLINE_ROUTE}, or {REMOTE_ROUTE}",
    ),
    "vendor_cite": (
        "are Westlaw or Lexis numbers, which no public index holds",
        "is a Westlaw or Lexis number, which no public index holds",
        "check them in Westlaw or Lexis, or cite the printed reporter",
    ),
    "orders": (
        "point into a U.S. Reports volume's orders section, whose orders no offline table lists",
        "points into a U.S. Reports volume's orders section, whose orders no offline table lists",
        "check the order on that page of the U.S. Reports (certiorari denied, summary disposition)",
    ),
    "ambiguous": (
        "could each be more than one case",
        "could be more than one case",
        "write the case name (or a parallel cite) so that one case is meant",
    ),
    "backend_error": (
        "could not be looked up: the remote library (CourtListener) failed, throttled or answered nonsense",
        "could not be looked up: the remote library (CourtListener) failed, throttled or answered nonsense",
        "run the check again later",
    ),
    "llm_error": (
        "could not be judged: the LLM endpoint failed, throttled or gave no usable answer",
        "could not be judged: the LLM endpoint failed, throttled or gave no usable answer",
        "check the LLM endpoint named in the warning, then run the check again",
    ),
    "incomplete": (
        "are short forms or partial cites tied to no full cite",
        "is a short form or partial cite tied to no full cite",
        "give the full cite (volume, reporter, page) once before them",
    ),
    "not_in_current_code": (
        "name sections or rules that are not in the current U.S. Code or federal rules, which leave "
        "out repealed and transferred ones",
        "names a section or rule that is not in the current U.S. Code or federal rules, which leave "
        "out repealed and transferred ones",
        "check the number against the nearest sections listed with it, or cite the edition in force "
        "at the time",
    ),
    "statute": (
        "are statutes the offline registry does not hold",
        "is a statute the offline registry does not hold",
        "check them in the official code",
    ),
    "other": ("could not be checked", "could not be checked", "check them by hand"),
}


# What a reader of the web page can do where the command line's remedy names a command.
_WEB_DO = {
    "exists_no_text": "ask whoever runs this server to add the CourtListener opinions to its library "
    "(tens of GB, kept on the server) or to turn on CourtListener look-ups",
    "not_in_coverage": "ask whoever runs this server to download the CourtListener citation index "
    "(a few GB, kept on the server) or to turn on CourtListener look-ups (they send the citations, "
    "not the brief, to CourtListener); meanwhile check each one by hand at its link",
}


def web_remedy(group: str, count: int) -> str:
    """`remedy` for a reader of the web page: no command-line text."""
    several, one, do = _REMEDY[group]
    do = _WEB_DO.get(group, do).replace("`", "")
    return f"{count} citation{'s' if count != 1 else ''} {one if count == 1 else several}: {do}."


@dataclass(frozen=True, slots=True)
class NextStep:
    """One remedy and the citations it serves."""

    group: str
    remedy: str
    citations: tuple[str, ...]


def confirmed(v: Verdict) -> bool:
    """The citation is unverifiable, but its case is confirmed to exist."""
    return v.status is Status.UNVERIFIABLE and v.authority is not None


def group_of(v: Verdict) -> str | None:
    """The next-step group of an unverifiable verdict; None for any other."""
    if v.status is not Status.UNVERIFIABLE:
        return None
    group = _GROUP.get(v.reason, "other") if v.reason else "other"
    if confirmed(v) and group in ("not_in_coverage", "other"):
        return "exists_no_text"
    if group == "backend_error" and _llm_fault(v):
        return "llm_error"
    return group


def _llm_fault(v: Verdict) -> bool:
    """The verdict's fault is the LLM judge's alone: each finding left undecided for that
    reason was the LLM's to decide."""
    faulty = [f for f in v.findings if f.outcome is Outcome.UNKNOWN and f.reason is v.reason]
    return bool(faulty) and all(f.judged_by for f in faulty)


def remedy(group: str, count: int) -> str:
    several, one, do = _REMEDY[group]
    return f"{count} citation{'s' if count != 1 else ''} {one if count == 1 else several}: {do}."


def citation_remedy(v: Verdict, group: str) -> str:
    """The remedy for one citation, naming it: ``347 F.3d 12 is outside the offline
    library: ...``."""
    _, one, do = _REMEDY[group]
    return f"{v.citation.text} {one}: {do}."


def next_steps(verdicts: tuple[Verdict, ...]) -> tuple[NextStep, ...]:
    """One step per group present, in the order of the groups above."""
    by_group: dict[str, list[str]] = {}
    for v in verdicts:
        group = group_of(v)
        if group is not None:
            by_group.setdefault(group, []).append(v.citation.id)
    return tuple(
        NextStep(g, remedy(g, len(by_group[g])), tuple(by_group[g])) for g in _REMEDY if g in by_group
    )
