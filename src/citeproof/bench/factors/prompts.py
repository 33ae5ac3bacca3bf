"""The 3-ply argument prompt, with an explicit abstention instruction and phrase."""

from __future__ import annotations

from citeproof.bench.factors.data import factor_index
from citeproof.bench.factors.triples import CaseFacts, Role, Triple

ABSTAIN_PHRASE = "NO ARGUMENT POSSIBLE"
# The prompt's own words around the phrase: the condition and what follows from it. An
# answer that restates them ("The current case shares no factor with either precedent, so
# no 3-ply argument is possible.") follows the instruction and is scored as an exact abstention.
ABSTAIN_CONDITION = "the current case shares no factor with either precedent"
ABSTAIN_CONSEQUENCE = "no 3-ply argument is possible"

SYSTEM = (
    "You are a careful US trade-secret lawyer reasoning with CATO factors. Use only the "
    "factors listed for each case; never add a factor a case does not have."
)

_TASK = "\n".join(
    (
        "Write a 3-ply argument about the current case.",
        "1. Plaintiff's argument: cite the precedent decided for the plaintiff that shares "
        "factors with the current case, and name the shared factors.",
        "2. Defendant's response: distinguish that precedent (factors present in one case but "
        "not the other) and cite the precedent decided for the defendant as a counterexample, "
        "naming its shared factors.",
        "3. Plaintiff's rebuttal: distinguish the counterexample.",
        'Refer to every factor by its code and name, e.g. "F6 (Security-measures)", and say '
        "which case each factor belongs to.",
        f'If {ABSTAIN_CONDITION}, {ABSTAIN_CONSEQUENCE}: answer exactly "{ABSTAIN_PHRASE}" and nothing else.',
    )
)


def describe_case(label: str, case: CaseFacts) -> str:
    """One case as the model sees it: label, name, outcome and factor list."""
    factors = factor_index()
    outcome = f"decided for the {case.outcome.value}" if case.outcome else "undecided"
    lines = [f"{label}: {case.name} ({outcome})"]
    for fid in case.factors:
        f = factors.get(fid)
        lines.append(f"  - {fid} {f.name} (favors {f.favors.value})" if f else f"  - {fid}")
    return "\n".join(lines)


def argument_messages(triple: Triple) -> list[dict[str, str]]:
    """Chat messages asking for a 3-ply argument over one triple."""
    cases = "\n".join(
        (
            describe_case("Current case", triple.current),
            describe_case("Precedent 1", triple.case(Role.P1)),
            describe_case("Precedent 2", triple.case(Role.P2)),
        )
    )
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": f"{cases}\n\n{_TASK}"}]


def extraction_messages(text: str, triple: Triple) -> list[dict[str, str]]:
    """Chat messages asking a model to extract the factor mentions of an argument."""
    names = "\n".join(f'- "{r.value}": {triple.case(r).name}' for r in Role)
    factors = "\n".join(f"{f.id} {f.name}: {f.description}" for f in factor_index().values())
    user = (
        "Read the legal argument below. For each case, list the CATO factors the argument "
        "ASSERTS are present in that case, whether or not the assertion is true. Skip "
        "factors the argument says are absent. Include codes that are not CATO factors if "
        "the argument asserts them. Answer with JSON only, e.g. "
        '{"current": ["F6"], "p1": ["F6", "F21"], "p2": []}.\n\n'
        f"Cases:\n{names}\n\nFactors:\n{factors}\n\nArgument:\n{text}"
    )
    return [
        {"role": "system", "content": "You annotate legal arguments precisely."},
        {"role": "user", "content": user},
    ]
