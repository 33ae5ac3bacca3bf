"""Fakes that follow CourtListener's real contracts, served on loopback: the REST API (`api`)
and the bulk-data bucket (`bucket`)."""

__all__: list[str] = []
