"""CG and CQ: pure functions of responses, an oracle and the registry.

- **CG** (grounding): the share of a response's cited articles that are nodes of the
  oracle graph; averaged over responses (macro) and over citations (micro).
- **CP** (precision): CG of the response, the factor that zeroes CQ when nothing is
  grounded.
- **CR** (relevance): for a grounded article v and a query of domain q,
  ``log(1 + n_qv) / log(1 + max_u n_qu)`` where n_qv counts the oracle's records from
  decisions of domain q citing v (all records when q is unknown to the oracle):
  1 for the domain's most-cited article, 0 for one its decisions never cite.
  Averaged over the response's grounded citations.
- **CT** (temporality): 1 if the registry has the article in force at the response's
  date, 0 if it is repealed, beyond its code or its code is not in force then;
  articles the registry cannot settle (gaps, missing codes) are left out.
- **CQ**, as seed 003 defines it: the per-citation average of CP·½(CR + CT), where
  CP is 1 for a grounded citation and 0 otherwise (the available term alone when CT
  is undefined). A nonexistent citation scores 0 once. System CQ averages over all
  the system's citations (cluster bootstrap over responses).
- **CQ (response)**, ``cq_response``: the earlier response-level variant,
  CG · ½(mean CR over grounded citations + mean CT over all citations), which counts a
  nonexistent citation twice (in CG and again in CT). One grounded, in-force citation
  beside one nonexistent: CQ 0.5, CQ (response) 0.375. Kept for comparison.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from citeproof.bench.grounding.oracle import Oracle, OracleSnapshot
from citeproof.bench.grounding.responses import Response
from citeproof.core.extraction.statutes.ua_registry import CiteStatus, Registry
from citeproof.core.stats import Estimate, bootstrap, ratio_bootstrap

NAN = float("nan")


@dataclass(frozen=True, slots=True, eq=False)
class CitationTable:
    """Responses flattened to one row per citation, indexed against an oracle."""

    responses: tuple[Response, ...]
    systems: tuple[str, ...]
    queries: tuple[str, ...]
    resp_system: np.ndarray
    resp_query: np.ndarray
    cite_resp: np.ndarray
    cite_node: np.ndarray  # index into the oracle's statute_keys, -1 when absent


def citation_table(responses: tuple[Response, ...], oracle: Oracle) -> CitationTable:
    systems = tuple(dict.fromkeys(r.system for r in responses))
    queries = tuple(dict.fromkeys(r.query_id for r in responses))
    sys_i = {s: i for i, s in enumerate(systems)}
    q_i = {q: i for i, q in enumerate(queries)}
    index = oracle.index
    cite_resp = [i for i, r in enumerate(responses) for _ in r.citations]
    cite_node = [index.get(c.key, -1) for r in responses for c in r.citations]
    return CitationTable(
        responses,
        systems,
        queries,
        np.asarray([sys_i[r.system] for r in responses], dtype=np.int64),
        np.asarray([q_i[r.query_id] for r in responses], dtype=np.int64),
        np.asarray(cite_resp, dtype=np.int64),
        np.asarray(cite_node, dtype=np.int64),
    )


def per_response(table: CitationTable, cite_values: np.ndarray) -> np.ndarray:
    """Mean of a per-citation value within each response; nan without citations."""
    n = len(table.responses)
    num = np.bincount(table.cite_resp, weights=cite_values, minlength=n)
    den = np.bincount(table.cite_resp, minlength=n).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1), NAN)


def grounded(table: CitationTable, present: np.ndarray) -> np.ndarray:
    """Per citation: 1.0 when its article is a node of the (sub)oracle."""
    ok = table.cite_node >= 0
    return np.where(ok, present[np.where(ok, table.cite_node, 0)], False).astype(float)


def response_cg(table: CitationTable, present: np.ndarray) -> np.ndarray:
    return per_response(table, grounded(table, present))


def analytic_response_cg(table: CitationTable, counts: np.ndarray, p: float) -> np.ndarray:
    """Expected CG per response when each record (or decision) survives with prob. p."""
    ok = table.cite_node >= 0
    k = np.where(ok, counts[np.where(ok, table.cite_node, 0)], 0)
    prob = np.where(ok, 1.0 - (1.0 - p) ** k, 0.0)
    return per_response(table, prob)


def system_means(table: CitationTable, values: np.ndarray) -> np.ndarray:
    """Mean of a per-response value per system, ignoring nan."""
    out = np.full(len(table.systems), NAN)
    for s in range(len(table.systems)):
        v = values[table.resp_system == s]
        v = v[~np.isnan(v)]
        out[s] = v.mean() if v.size else NAN
    return out


def score_matrix(table: CitationTable, values: np.ndarray) -> np.ndarray:
    """Systems × queries matrix of a per-response value (nan where missing)."""
    out = np.full((len(table.systems), len(table.queries)), NAN)
    out[table.resp_system, table.resp_query] = values
    return out


def relevance(table: CitationTable, oracle: Oracle) -> np.ndarray:
    """CR per citation (nan where the article is not grounded)."""
    by_domain = oracle.domain_counts()
    total = oracle.record_counts()
    out = np.full(table.cite_node.size, NAN)
    for i, (r_i, v) in enumerate(zip(table.cite_resp.tolist(), table.cite_node.tolist(), strict=True)):
        if v < 0 or total[v] == 0:
            continue
        counts = by_domain.get(table.responses[r_i].domain, total)
        top = counts.max()
        out[i] = math.log1p(counts[v]) / math.log1p(top) if top > 0 else 0.0
    return out


def temporality(table: CitationTable, registry: Registry) -> np.ndarray:
    """CT per citation: 1 in force at the response date, 0 not, nan when unknown."""
    value = {
        CiteStatus.EXISTS: 1.0,
        CiteStatus.NONEXISTENT: 0.0,
        CiteStatus.REPEALED: 0.0,
        CiteStatus.CODE_NOT_IN_FORCE: 0.0,
        CiteStatus.UNKNOWN: NAN,
    }
    cites = [(r.date, c) for r in table.responses for c in r.citations]
    return np.asarray([value[registry.check(c.code, c.article, d).status] for d, c in cites])


def _nanmean_per_response(table: CitationTable, values: np.ndarray) -> np.ndarray:
    known = ~np.isnan(values)
    sub = CitationTable(
        table.responses,
        table.systems,
        table.queries,
        table.resp_system,
        table.resp_query,
        table.cite_resp[known],
        table.cite_node[known],
    )
    return per_response(sub, values[known])


def quality(cp: np.ndarray, cr: np.ndarray, ct: np.ndarray) -> np.ndarray:
    """CP · ½(CR + CT) elementwise (the available term alone when one is nan); zero where
    CP is 0. Per citation (CP 0 or 1) this is the paper's CQ term; per response (CP = CG,
    CR and CT averaged) it is the response-level variant."""
    half = np.where(np.isnan(ct), cr, np.where(np.isnan(cr), ct, (cr + ct) / 2))
    return np.where(cp == 0, 0.0, cp * half)


def citation_quality(hits: np.ndarray, cr: np.ndarray, ct: np.ndarray) -> np.ndarray:
    """The paper's CQ term per citation: CP·½(CR + CT) with CP = 1 grounded, 0 not; nan
    only for a grounded citation whose CR and CT are both unknown."""
    return quality(hits, cr, ct)


@dataclass(frozen=True, slots=True)
class SystemScore:
    system: str
    responses: int
    citations: int
    flags: int
    cg: Estimate
    cg_micro: Estimate
    cr: Estimate
    ct: Estimate
    cq: Estimate
    cq_response: Estimate

    def to_dict(self) -> dict[str, object]:
        return {
            "system": self.system,
            "responses": self.responses,
            "citations": self.citations,
            "flags": self.flags,
            **{k: getattr(self, k).to_dict() for k in ("cg", "cg_micro", "cr", "ct", "cq", "cq_response")},
        }


@dataclass(frozen=True, slots=True)
class ScoreReport:
    oracle: OracleSnapshot
    registry_snapshot: str
    seed: int
    scores: tuple[SystemScore, ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "oracle": self.oracle.to_dict(),
            "registry_snapshot": self.registry_snapshot,
            "seed": self.seed,
            "scores": [s.to_dict() for s in self.scores],
        }


def micro(num: np.ndarray, den: np.ndarray, seed: int, resamples: int = 2000) -> Estimate:
    """Cluster bootstrap of sum(num)/sum(den) over responses (micro average); n = sum(den)."""
    return replace(
        ratio_bootstrap(num, den, seed, resamples),
        n=int(den.sum()),
        method=f"cluster-bootstrap(B={resamples},seed={seed})",
    )


def _est(values: np.ndarray, seed: int) -> Estimate:
    return bootstrap(values[~np.isnan(values)].tolist(), seed=seed)


def score(responses: tuple[Response, ...], oracle: Oracle, registry: Registry, seed: int = 0) -> ScoreReport:
    """CG (macro, micro), CR, CT, CQ (per citation) and CQ (response) per system with
    bootstrap intervals."""
    table = citation_table(responses, oracle)
    hits = grounded(table, oracle.present())
    cp = per_response(table, hits)
    cr_cite = np.where(hits > 0, relevance(table, oracle), NAN)
    ct_cite = temporality(table, registry)
    cr = _nanmean_per_response(table, cr_cite)
    ct = _nanmean_per_response(table, ct_cite)
    cq_response = quality(cp, cr, ct)
    cq_cite = citation_quality(hits, cr_cite, ct_cite)
    known = ~np.isnan(cq_cite)
    cq_num = np.bincount(table.cite_resp[known], weights=cq_cite[known], minlength=len(responses))
    cq_den = np.bincount(table.cite_resp[known], minlength=len(responses)).astype(float)
    n_cites = np.bincount(table.cite_resp, minlength=len(responses))
    n_hits = np.bincount(table.cite_resp, weights=hits, minlength=len(responses))
    scores = []
    for s, name in enumerate(table.systems):
        m = table.resp_system == s
        scores.append(
            SystemScore(
                name,
                int(m.sum()),
                int(n_cites[m].sum()),
                int(n_cites[m].sum() - n_hits[m].sum()),
                _est(cp[m], seed),
                micro(n_hits[m], n_cites[m], seed),
                _est(cr[m], seed),
                _est(ct[m], seed),
                micro(cq_num[m], cq_den[m], seed),
                _est(cq_response[m], seed),
            )
        )
    return ScoreReport(oracle.snapshot(), registry.snapshot, seed, tuple(scores))
