"""Ed25519 keys and manifest signatures (the ``cryptography`` package).

A signature proves that the holder of a private key produced this manifest, byte for byte:
these verdicts, from inputs with these hashes, with this library and version. It does not
prove that the verdicts are right.
"""

from __future__ import annotations

import base64
import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from citeproof.audit.files import UnsafeFile, read_bounded
from citeproof.audit.manifest import signed_bytes

ALGORITHM = "ed25519"
MAX_KEY_BYTES = 16_384  # a PEM Ed25519 key is about 120 bytes


class KeyFileError(ValueError):
    """A key file that is missing, unreadable or not an Ed25519 key."""


@dataclass(frozen=True, slots=True)
class KeyPair:
    private: Path
    public: Path
    key_id: str


def key_id(public: Ed25519PublicKey) -> str:
    """A short fingerprint of a public key: the first 16 hex digits of sha256 of its raw bytes."""
    raw = public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()[:16]


def new_keypair(private_path: str | Path) -> KeyPair:
    """Write ``private_path`` (PEM, mode 0600, never overwritten) and ``<private_path>.pub``."""
    private_path = Path(private_path)
    public_path = private_path.with_name(private_path.name + ".pub")
    for path in (private_path, public_path):
        if path.exists() or path.is_symlink():
            raise KeyFileError(f"{path} exists: refusing to overwrite a key")
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    public = key.public_key()
    public_pem = public.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    for path, data, mode in ((private_path, pem, 0o600), (public_path, public_pem, 0o644)):
        try:  # O_EXCL: never through a link, never over a file, even one made since the check
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        except FileExistsError:
            raise KeyFileError(f"{path} exists (or is a link): refusing to overwrite a key") from None
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
    return KeyPair(private=private_path, public=public_path, key_id=key_id(public))


def _key_bytes(path: str | Path, private: bool) -> bytes:
    """A key file's bytes: a regular file of at most MAX_KEY_BYTES, and for a private key
    one this user owns and nobody else may read (as ssh asks)."""

    def private_only(info: os.stat_result) -> None:
        if info.st_uid != os.getuid():
            raise KeyFileError(f"{path} is owned by another user (uid {info.st_uid}): use a key of your own")
        if stat.S_IMODE(info.st_mode) & 0o077:
            mode = oct(stat.S_IMODE(info.st_mode))[2:]
            raise KeyFileError(f"{path} can be read by others (mode {mode}): chmod 600 it")

    try:
        return read_bounded(path, MAX_KEY_BYTES, "a key", private_only if private else None)
    except UnsafeFile as exc:
        raise KeyFileError(str(exc)) from None


def load_private(path: str | Path) -> Ed25519PrivateKey:
    try:
        key = serialization.load_pem_private_key(_key_bytes(path, private=True), password=None)
    except OSError as exc:
        raise KeyFileError(f"cannot read key {path}: {exc.strerror or exc}") from None
    except (ValueError, TypeError) as exc:
        raise KeyFileError(f"{path} is not an unencrypted PEM private key: {exc}") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise KeyFileError(f"{path} is not an Ed25519 private key")
    return key


def load_public(path: str | Path) -> Ed25519PublicKey:
    try:
        key = serialization.load_pem_public_key(_key_bytes(path, private=False))
    except OSError as exc:
        raise KeyFileError(f"cannot read key {path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise KeyFileError(f"{path} is not a PEM public key: {exc}") from None
    if not isinstance(key, Ed25519PublicKey):
        raise KeyFileError(f"{path} is not an Ed25519 public key")
    return key


def sign(manifest: dict[str, Any], private: Ed25519PrivateKey) -> dict[str, Any]:
    """The manifest with a ``signature`` block over everything else in it."""
    body = {k: v for k, v in manifest.items() if k != "signature"}
    public = private.public_key()
    raw_public = public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return {
        **body,
        "signature": {
            "algorithm": ALGORITHM,
            "key_id": key_id(public),
            "public_key": base64.b64encode(raw_public).decode(),
            "value": base64.b64encode(private.sign(signed_bytes(body))).decode(),
        },
    }


@dataclass(frozen=True, slots=True)
class Verification:
    ok: bool
    message: str
    key_id: str | None = None


def verify(manifest: dict[str, Any], expected: Ed25519PublicKey | None = None) -> Verification:
    """Check a manifest's signature; ``expected`` also requires that key to be the signer."""
    block = manifest.get("signature")
    if block is None:
        if expected is not None:
            return Verification(False, "the manifest is not signed, but a signer's key was required")
        return Verification(True, "not signed")
    try:
        if block.get("algorithm") != ALGORITHM:
            return Verification(False, f"unknown signature algorithm {block.get('algorithm')!r}")
        public = Ed25519PublicKey.from_public_bytes(base64.b64decode(block["public_key"], validate=True))
        signature = base64.b64decode(block["value"], validate=True)
    except (AttributeError, KeyError, ValueError, TypeError):
        return Verification(False, "the signature block is malformed")
    signer = key_id(public)
    if expected is not None and key_id(expected) != signer:
        return Verification(
            False, f"signed with another key (key id {signer}, expected {key_id(expected)})", signer
        )
    try:
        public.verify(signature, signed_bytes(manifest))
    except InvalidSignature:
        return Verification(
            False, "the signature does not verify: the manifest was changed after it was signed", signer
        )
    return Verification(True, f"signature valid (Ed25519, key id {signer})", signer)
