"""The core: read → extract → resolve → check → decide → report, with models and text helpers."""
