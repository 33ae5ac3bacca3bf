import numpy as np
import pytest

from citeproof.bench.grounding.oracle import Oracle, Record
from citeproof.bench.grounding.responses import Cited, Response
from citeproof.bench.grounding.simulate import GraphConfig, population, simulate_oracle
from citeproof.core.extraction.statutes.ua_registry import load_registry


@pytest.fixture(scope="session")
def registry():
    return load_registry()


@pytest.fixture(scope="session")
def tiny_oracle():
    """Three decisions, six records: civil:625 k=3 d=2, civil:16 k=1, criminal:185 k=2."""
    rows = [
        ("d1", "civil", "625", "2024-03-01", "civil"),
        ("d1", "civil", "625", "2024-03-01", "civil"),
        ("d1", "civil", "16", "2024-03-01", "civil"),
        ("d2", "civil", "625", "2024-05-01", "civil"),
        ("d2", "criminal", "185", "2024-05-01", "civil"),
        ("d3", "criminal", "185", "2024-07-01", "criminal"),
    ]
    return Oracle.from_records("tiny", (Record(*r) for r in rows))


@pytest.fixture(scope="session")
def tiny_responses():
    date = "2025-01-01"
    return (
        Response(
            "A", "q1", (Cited("civil", "625"), Cited("civil", "16"), Cited("civil", "9999")), "civil", date
        ),
        Response("A", "q2", (Cited("criminal", "185"),), "criminal", date),
        Response("B", "q1", (Cited("civil", "1"),), "civil", date),
        Response("B", "q2", (), "criminal", date),
    )


@pytest.fixture(scope="session")
def simulated(registry):
    rng = np.random.default_rng(7)
    pop = population(registry, rng)
    return pop, simulate_oracle(pop, rng, GraphConfig(decisions=20_000), name="dense")
