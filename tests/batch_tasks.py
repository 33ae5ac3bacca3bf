"""A batch worker's task that dies, as a worker killed by the OOM killer or a crash does: the
process ends at once, without a Python exception (the pool sees only that it is gone)."""

from __future__ import annotations

import os
import signal

from citeproof.cli.batch import Record, check_file_at
from citeproof.core.limits import Limits

DEADLY = "deadly"  # a file whose name holds this kills the worker that checks it


def dies_on_deadly(path: str, library_path: str, limits: Limits | None = None) -> Record:
    if DEADLY in os.path.basename(path):
        os.kill(os.getpid(), signal.SIGKILL)
    return check_file_at(path, library_path, limits)
