"""Command-line interface (filled in by the core verifier)."""

import click


@click.group()
@click.version_option(package_name="citeproof")
def main() -> None:
    """Check legal citations against real case law."""
