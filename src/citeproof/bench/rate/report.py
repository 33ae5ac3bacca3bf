"""The study's tables as Markdown, drawn from its JSON (`study.study`) alone."""

from __future__ import annotations

from typing import Any

LEVEL_NAMES = {
    "all": "all",
    "supreme_court": "Supreme Court",
    "federal_circuit": "federal circuit",
    "state": "state",
    "unspecified": "unspecified",
}
DEFINITIONS = (
    "A cited case is a full case citation with its parallel cites (counted once). "
    "**Conservative**: cited cases shown nonexistent or naming another case (name mismatch); "
    "**full**: cited cases with any error (also wrong pin, misquote, misrepresentation); "
    "**unverifiable**: cited cases the library cannot speak to (outside its coverage), which "
    "neither rate can see. Rates are per cited case; intervals are 95% percentile bootstraps "
    "over prompts (a prompt resampled with all its cited cases). **Popularity**: how many of "
    "the library's opinions with text cite the case (any of its reporter cites); *no case*: "
    "the cite resolves to no case of the library. A p-value of 0 means no resample fell on the "
    "other side of zero, and is printed as p < 1/B."
)


def pct(e: dict[str, Any]) -> str:
    if not e["n"] or e["value"] is None:
        return "n/a"
    if e["low"] is None:
        return f"{100 * e['value']:.1f}%"
    return f"{100 * e['value']:.1f}% [{100 * e['low']:.1f}, {100 * e['high']:.1f}]"


def _num(e: dict[str, Any]) -> str:
    if not e["n"] or e["value"] is None:
        return "n/a"
    return f"{e['value']:.2f} [{e['low']:.2f}, {e['high']:.2f}]"


def _points(e: dict[str, Any]) -> str:
    if not e["n"] or e["value"] is None:
        return "n/a"
    return f"{100 * e['value']:+.1f} [{100 * e['low']:+.1f}, {100 * e['high']:+.1f}]"


def header(result: dict[str, Any]) -> list[str]:
    lib, prompts = result["library"], result["prompts"]
    levels = ", ".join(f"{LEVEL_NAMES.get(k, k)} {v}" for k, v in prompts["by_level"].items())
    lines = [
        f"Library: {lib['name']} ({lib['cases']:,} cases, {lib['opinions_with_text']:,} opinions "
        f"with text; built {lib['built_at']}; {lib['content_hash'] or 'no content hash'}).",
        f"Prompts: {prompts['n']} ({levels}). Intervals: percentile bootstrap over prompts, "
        f"B = {result['resamples']}, seed {result['seed']}.",
    ]
    pop = result["popularity"]
    if pop is not None:
        lines.append(
            f"Popularity counted over the {pop['opinions']:,} opinions with text of {pop['library']} "
            f"({pop['cited_cases']:,} cases cited by at least one)."
        )
    if prompts["answers_to_other_prompts"]:
        lines.append(
            f"{prompts['answers_to_other_prompts']} answers are to prompts outside this set "
            "(level unspecified)."
        )
    return lines


def rates_table(result: dict[str, Any]) -> list[str]:
    lines = [
        "| model | court level | prompts | cited cases | cited per answer | conservative | full "
        "| unverifiable |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in result["rates"]:
        lines.append(
            f"| {r['model']} | {LEVEL_NAMES.get(r['level'], r['level'])} | {r['prompts']} | {r['citations']} "
            f"| {_num(r['citations_per_answer'])} | {pct(r['conservative'])} | {pct(r['hallucinated'])} "
            f"| {pct(r['unverifiable'])} |"
        )
    return lines


def popularity_table(result: dict[str, Any]) -> list[str]:
    lines = ["| model | popularity | cited cases | share | full rate |", "|---|---|---|---|---|"]
    for r in result["popularity_table"]:
        share = "n/a" if r["share"] is None else f"{100 * r['share']:.1f}%"
        lines.append(f"| {r['model']} | {r['bin']} | {r['citations']} | {share} | {pct(r['hallucinated'])} |")
    return lines


def pairs_table(result: dict[str, Any]) -> list[str]:
    if not result["pairs"]:
        return ["One model: no paired comparison."]
    lines = ["| a − b | rate | prompts both answered | difference (points) | p |", "|---|---|---|---|---|"]
    for t in result["pairs"]:
        d = t["difference"]
        lines.append(
            f"| {t['a']} − {t['b']} | {'full' if t['field'] == 'hallucinated' else t['field']} | {d['n']} "
            f"| {_points(d)} | {t['p_text']} |"
        )
    return lines


def markdown(result: dict[str, Any], figures: list[str] | None = None) -> str:
    """The report: header, rates, popularity, paired differences, definitions."""
    parts = [
        "# Citation hallucination rates",
        "",
        *header(result),
        "",
        "## Rates per model and court level",
        "",
        *rates_table(result),
        "",
        "## Cited cases by popularity",
        "",
        *popularity_table(result),
        "",
        "## Differences between models (paired bootstrap over the prompts both answered)",
        "",
        *pairs_table(result),
        "",
        DEFINITIONS,
    ]
    if figures:
        parts += ["", *[f"![{name}]({name})" for name in figures]]
    return "\n".join(parts) + "\n"
