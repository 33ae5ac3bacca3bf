"""CourtListener: the REST v4 client and its documented shapes, a `Library` over it with a
cache and a configuration, star pagination, the bulk files (download, import, coverage) and
fakes of both on loopback for tests and demos."""

__all__: list[str] = []
