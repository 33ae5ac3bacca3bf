"""The hybrid extractor's paraphrase errors on gold sets, sorted into coarse causes.

    python benchmarks/factor_errors.py heldout3 heldout4 [--show]

A missed mention is a *vocabulary gap* when no expression of its factor was found anywhere
in the argument, *read as negated* when every expression found was negated, and an
*attribution* miss otherwise (the expression was found but given to another case or to
none). A false mention is *wrong case* when the factor is asserted of another case of the
argument, and *no such mention* otherwise (a wrong factor, a negation, a rule of law or
talk about the argument read as a fact). ``--show`` prints each argument with its errors.
"""

from __future__ import annotations

import argparse
from collections import Counter

from citeproof.bench.factors.extract import HybridExtractor, mention_set
from citeproof.bench.factors.gold import load_gold
from citeproof.bench.factors.mentions import hit_negated, mask
from citeproof.bench.factors.refs import find_refs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="+")
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args()
    extractor = HybridExtractor()
    for split in args.sets:
        causes: Counter[str] = Counter()
        for g in load_gold((split,)):
            if g.style != "paraphrase":
                continue
            hits = extractor.hits(g.text, find_refs(g.text, g.triple))
            masked = mask(g.text, hits)
            got = mention_set(extractor.extract(g.text, g.triple))
            lines = []
            for role, factor in sorted(g.mentions - got):
                found = [h for h in hits if h.factor == factor]
                if not found:
                    cause = "missed: vocabulary gap"
                elif all(hit_negated(masked, h) for h in found):
                    cause = "missed: read as negated"
                else:
                    cause = "missed: attribution"
                causes[cause] += 1
                lines.append(f"  {cause}: {role.value} {factor}")
            for role, factor in sorted(got - g.mentions):
                other = any(f == factor for _, f in g.mentions)
                cause = "false: wrong case" if other else "false: no such mention"
                causes[cause] += 1
                lines.append(f"  {cause}: {role.value} {factor}")
            if args.show and lines:
                print(f"\n## {split} {g.id} ({' '.join(g.tags)})\n{g.text}")
                print("\n".join(lines))
        print(split, dict(sorted(causes.items())))


if __name__ == "__main__":
    main()
