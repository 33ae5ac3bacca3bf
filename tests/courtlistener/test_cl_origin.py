"""What CourtListener and a chain declare of themselves (`origin`, `answered`, `kept_answers`):
what the audit reads instead of asking which class a library is."""

from __future__ import annotations

from pathlib import Path

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.protocols import Origin
from citeproof.core.reading.read import document_from_text
from citeproof.library.chain import ChainLibrary
from citeproof.library.courtlistener.cache import RemoteCache
from citeproof.library.courtlistener.library import CourtListenerLibrary

CITES = ("925 F.3d 1339", "347 U.S. 483")
TEXT = (
    "Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019); "
    "Brown v. Board of Education, 347 U.S. 483 (1954)."
)


def _prefetch(library) -> None:
    library.prefetch(extract_citations(document_from_text(TEXT)))


def test_the_remote_library_names_its_host_and_keeps_what_it_answered(remote, fake, make_client, cache_path):
    assert remote.origin() == Origin(host="127.0.0.1")  # no file, no token
    assert remote.answered() == [] and remote.kept_answers(CITES) == frozenset()
    _prefetch(remote)
    assert remote.answered() == sorted(CITES)
    later = CourtListenerLibrary(make_client(), RemoteCache(cache_path))  # a re-run, same cache
    assert later.kept_answers([*CITES, "1 U.S. 1"]) == frozenset(CITES)
    assert later.answered() == []  # nothing asked yet in this run
    assert CourtListenerLibrary(make_client()).kept_answers(CITES) is None  # no cache: none kept


def test_a_chain_is_its_local_file_and_its_remote_host(library, library_path: Path, remote, fake):
    chain = ChainLibrary(library, remote)
    assert chain.origin() == Origin(path=library_path, host="127.0.0.1")
    _prefetch(chain)  # the local library settles Brown; only Varghese goes to CourtListener
    assert chain.answered() == remote.answered() == ["925 F.3d 1339"]
    assert chain.kept_answers(CITES) == frozenset({"925 F.3d 1339"})
