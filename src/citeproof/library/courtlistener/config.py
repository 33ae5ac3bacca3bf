"""Whether and how to consult CourtListener: flag, environment, then config file.

Environment: ``CITEPROOF_COURTLISTENER=1`` turns it on, ``COURTLISTENER_API_URL`` and
``COURTLISTENER_API_TOKEN`` say where and as whom. Config file (``$CITEPROOF_CONFIG`` or
``$XDG_CONFIG_HOME/citeproof/config.toml``)::

    [courtlistener]
    enabled = true
    url = "https://www.courtlistener.com/api/rest/v4/"
    cache = "~/.cache/citeproof/courtlistener.sqlite"
    ttl_days = 30
    not_found_ttl_days = 7

The token is read from the environment only, never from a file citeproof writes or reads.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from citeproof.core.protocols import Library
from citeproof.library.chain import ChainLibrary
from citeproof.library.courtlistener.cache import RemoteCache
from citeproof.library.courtlistener.client import URL_ENV, CourtListenerClient
from citeproof.library.courtlistener.library import CourtListenerLibrary
from citeproof.net.cache_dir import cache_dir

ENABLE_ENV, CONFIG_ENV = "CITEPROOF_COURTLISTENER", "CITEPROOF_CONFIG"


@dataclass(frozen=True, slots=True)
class RemoteSettings:
    enabled: bool = False
    url: str | None = None
    cache: Path | None = None
    ttl_days: float = 30.0
    not_found_ttl_days: float = 7.0


def config_path() -> Path:
    explicit = os.environ.get(CONFIG_ENV)
    if explicit:
        return Path(explicit).expanduser()
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "citeproof" / "config.toml"


def _file_section() -> dict[str, Any]:
    path = config_path()
    if not path.is_file():
        return {}
    with path.open("rb") as fh:
        section = tomllib.load(fh).get("courtlistener", {})
    return section if isinstance(section, dict) else {}


def load_settings(flag: bool | None = None) -> RemoteSettings:
    """``flag`` (the command line) wins over the environment, which wins over the file."""
    section = _file_section()
    env = os.environ.get(ENABLE_ENV, "").strip().lower()
    enabled = (
        flag
        if flag is not None
        else (env in {"1", "true", "yes", "on"} if env else bool(section.get("enabled", False)))
    )
    cache = section.get("cache")
    return RemoteSettings(
        enabled=enabled,
        url=os.environ.get(URL_ENV) or section.get("url"),
        cache=Path(cache).expanduser() if cache else None,
        ttl_days=float(section.get("ttl_days", 30.0)),
        not_found_ttl_days=float(section.get("not_found_ttl_days", 7.0)),
    )


def remote_library(
    settings: RemoteSettings, transport: httpx.BaseTransport | None = None
) -> CourtListenerLibrary:
    client = CourtListenerClient(settings.url, transport=transport)
    cache = RemoteCache(
        settings.cache or cache_dir() / "courtlistener.sqlite", settings.ttl_days, settings.not_found_ttl_days
    )
    return CourtListenerLibrary(client, cache)


def with_courtlistener(local: Library, flag: bool | None = None) -> Library:
    """``local`` chained with CourtListener when enabled, else ``local`` unchanged."""
    settings = load_settings(flag)
    return ChainLibrary(local, remote_library(settings)) if settings.enabled else local
