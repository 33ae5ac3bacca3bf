"""Compare a manifest with the manifest of its re-run: same, different (and why), or not reproducible."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from citeproof.audit.manifest import Input, canonical


class Outcome(Enum):
    SAME = "same"
    DIFFERENT = "different"
    NOT_REPRODUCIBLE = "not_reproducible"


@dataclass(frozen=True, slots=True)
class Change:
    """One citation whose verdict is not what the manifest recorded."""

    input: int
    text: str
    span: tuple[int, int]
    before: str
    after: str


@dataclass(frozen=True, slots=True)
class AuditResult:
    outcome: Outcome
    changes: tuple[Change, ...] = ()
    causes: tuple[str, ...] = ()  # what differs between the two runs: library, versions, options
    problems: tuple[str, ...] = ()  # why a re-run was impossible

    def to_json(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome.value,
            "changes": [
                {"input": c.input, "text": c.text, "span": list(c.span), "before": c.before, "after": c.after}
                for c in self.changes
            ],
            "causes": list(self.causes),
            "problems": list(self.problems),
        }


def input_problems(recorded: Sequence[Mapping[str, Any]], given: Sequence[Input]) -> list[str]:
    """Why the given files are not the inputs the manifest names (empty when they are)."""
    if len(recorded) != len(given):
        return [f"the manifest names {len(recorded)} input(s); {len(given)} given"]
    return [
        f"{new.name}: sha256 {new.sha256[7:19]}… is not the recorded input "
        f"{old.get('name')} ({str(old.get('sha256'))[7:19]}…)"
        for old, new in zip(recorded, given, strict=True)
        if old.get("sha256") != new.sha256
    ]


def _edited(library: Mapping[str, Any], file: str | None, when: str) -> list[str]:
    """A library whose content is not what its build recorded (``built_hash``), named."""
    if "built_hash" not in library:
        return []
    return [
        f"library: {file or library.get('name')} ({when}) was changed after it was built: its "
        f"content hashes to {library.get('content_hash')}, not to its recorded snapshot "
        f"{library.get('built_hash') or '(none)'}"
    ]


def causes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """What changed between two runs that can change a verdict, and a library file edited
    after its build in either run."""
    old_lib, new_lib = before.get("library", {}), after.get("library", {})
    found = _edited(old_lib, (before.get("where") or {}).get("library_file"), "in the recorded check")
    found += _edited(new_lib, (after.get("where") or {}).get("library_file"), "in the re-run")
    if old_lib.get("content_hash") != new_lib.get("content_hash"):
        found.append(
            f"library: snapshot {old_lib.get('content_hash') or 'not recorded'} "
            f"({old_lib.get('name')}, {old_lib.get('cases')} cases) is now "
            f"{new_lib.get('content_hash') or 'not recorded'} ({new_lib.get('name')}, "
            f"{new_lib.get('cases')} cases)"
        )
    old_v, new_v = before.get("versions", {}), after.get("versions", {})
    found += [
        f"version: {name} {old_v.get(name)} is now {new_v.get(name)}"
        for name in sorted(set(old_v) | set(new_v))
        if old_v.get(name) != new_v.get(name)
    ]
    old_o, new_o = before.get("options", {}), after.get("options", {})
    found += [
        f"option: {name} was {old_o.get(name)!r}, now {new_o.get(name)!r}"
        for name in sorted(set(old_o) | set(new_o))
        if old_o.get(name) != new_o.get(name)
    ]
    return found


def _label(record: Mapping[str, Any] | None) -> str:
    if record is None:
        return "not found"
    label = str(record["status"])
    if record.get("kinds"):
        label += " (" + ", ".join(record["kinds"]) + ")"
    elif record.get("reason"):
        label += f" ({record['reason']})"
    if record.get("status") == "verified" and record.get("authority"):
        label += f" [{record['authority']}]"
    return label


def _key(record: Mapping[str, Any]) -> tuple[int, int, int]:
    start, end = record["span"]
    return (int(record["input"]), int(start), int(end))


def compare(before: Mapping[str, Any], after: Mapping[str, Any]) -> AuditResult:
    """Verdict by verdict, matched on input and span; causes name what else differs. The
    verdicts are compared as recorded (their digests computed here, never read)."""
    if canonical(before.get("verdicts", [])) == canonical(after.get("verdicts", [])):
        return AuditResult(Outcome.SAME, causes=tuple(causes(before, after)))
    old = {_key(r): r for r in before.get("verdicts", [])}
    new = {_key(r): r for r in after.get("verdicts", [])}
    changes = [
        Change(
            input=key[0],
            text=str((old.get(key) or new.get(key) or {}).get("text", "")),
            span=(key[1], key[2]),
            before=_label(old.get(key)),
            after=_label(new.get(key)),
        )
        for key in sorted(set(old) | set(new))
        if _label(old.get(key)) != _label(new.get(key))
    ]
    return AuditResult(Outcome.DIFFERENT, tuple(changes), tuple(causes(before, after)))


def render_text(result: AuditResult) -> str:
    if result.outcome is Outcome.NOT_REPRODUCIBLE:
        lines = ["NOT REPRODUCIBLE: the check cannot be re-run as recorded."]
        lines += [f"  - {p}" for p in result.problems]
        return "\n".join(lines)
    if result.outcome is Outcome.SAME:
        lines = ["SAME VERDICTS: the re-run reproduces every recorded verdict."]
        lines += [f"  note, {c}" for c in result.causes]
        return "\n".join(lines)
    lines = [f"DIFFERENT: {len(result.changes)} citation(s) changed verdict."]
    lines += [
        f"  - input {c.input + 1}, {c.text!r} at {c.span[0]}-{c.span[1]}: {c.before} -> {c.after}"
        for c in result.changes
    ]
    lines.append("why (what differs between the runs):")
    lines += [f"  - {c}" for c in result.causes] or [
        "  - nothing recorded differs (same library, versions and options): a nondeterministic step"
    ]
    return "\n".join(lines)
