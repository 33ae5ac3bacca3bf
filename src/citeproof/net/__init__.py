"""What every client of a service shares, below the libraries and the model client: the one
retry policy (`retry`), serving a handler on loopback (`loopback`) and the directory where
fetched answers and built files are kept (`cache_dir`)."""

__all__: list[str] = []
