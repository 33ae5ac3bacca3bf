"""Reproducible audits: run manifests, Ed25519 signatures, and re-running a check from one."""
