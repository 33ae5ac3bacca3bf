"""``--library`` is one option (cli/common.py), the same on every command that takes it, and
opens what `open_library` opens."""

from __future__ import annotations

from pathlib import Path

import click
from click.testing import CliRunner

from citeproof.cli import main
from citeproof.library.registry import FORMS

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_brief.md"


def _commands(group: click.Group, prefix: str = "") -> dict[str, click.Command]:
    found: dict[str, click.Command] = {}
    for name, command in group.commands.items():
        found[f"{prefix}{name}"] = command
        if isinstance(command, click.Group):
            found.update(_commands(command, f"{prefix}{name} "))
    return found


def _library_options() -> dict[str, click.Option]:
    return {
        name: option
        for name, command in _commands(main).items()
        for option in command.params
        if isinstance(option, click.Option) and "--library" in option.opts
    }


def test_every_library_option_is_the_one_option():
    options = _library_options()
    assert set(options) >= {
        "check",
        "serve",
        "mcp",
        "audit",
        "library info",
        "courtlistener-fake",
        "bench phantom build",
        "bench phantom run",
        "bench rate",
    }
    for name, option in options.items():
        assert option.name == "library_spec" and option.metavar == "LIBRARY", name
        assert option.default is None and f": {FORMS} (default: " in (option.help or ""), name
    assert options["check"].help == (
        f"Library: {FORMS} (default: the bundled sample, or $CITEPROOF_LIBRARY)."
    )
    assert (options["audit"].help or "").startswith("Library to re-run with: ")


def test_check_help_still_says_what_the_library_is_and_its_default():
    shown = CliRunner().invoke(main, ["check", "--help"]).output
    assert "--library LIBRARY" in shown and "$CITEPROOF_LIBRARY" in " ".join(shown.split())


def test_a_spec_that_names_no_library_is_exit_2_with_one_line():
    result = CliRunner().invoke(main, ["check", str(SAMPLE), "--library", "nosuch"])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"citeproof: the library cannot be opened: no library 'nosuch': give {FORMS}"
    )
