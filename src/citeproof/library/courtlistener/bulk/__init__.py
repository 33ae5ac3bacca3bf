"""CourtListener's public bulk files: list the bucket, download with resume, stream and import
them into a library, and decide which reporter volumes they hold completely."""

__all__: list[str] = []
