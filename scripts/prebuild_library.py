"""Build the bundled library and store it prebuilt in the package (src/citeproof/data/prebuilt/).

    python scripts/prebuild_library.py

Run it whenever the bundled data, BUILD_VERSION or the version changes (a test fails
until the shipped copy matches a fresh build). The first check of a fresh install then
unpacks this copy instead of building the library.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from citeproof.library.build import build_library
from citeproof.library.default import DEFAULT_NAME, bundled_data_dir, data_fingerprint
from citeproof.library.prebuilt import write_prebuilt

OUT = Path(__file__).resolve().parents[1] / "src" / "citeproof" / "data" / "prebuilt"


def main() -> None:
    started = time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        library = Path(tmp) / "library.sqlite"
        fingerprint = data_fingerprint(bundled_data_dir())
        build_library(
            [bundled_data_dir()], library, name=DEFAULT_NAME, extra_meta={"fingerprint": fingerprint}
        )
        blob = write_prebuilt(library, fingerprint, OUT)
    print(f"{blob} ({blob.stat().st_size / 1e6:.1f} MB, {time.process_time() - started:.1f} s CPU)")


if __name__ == "__main__":
    main()
