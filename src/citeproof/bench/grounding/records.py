"""Where an oracle's per-record numbers live: numpy arrays in memory, or a temporary file
read one chunk at a time (what a graph streamed from Parquet uses, so the process holds
nothing per record; repeated passes are served by the page cache)."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from typing import IO, Protocol

import numpy as np


class Records(Protocol):
    """Per record: a decision number and a statute node number."""

    @property
    def size(self) -> int: ...

    def read(self, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]: ...


@dataclass(frozen=True, slots=True, eq=False)
class InMemory:
    decision: np.ndarray
    statute: np.ndarray

    @property
    def size(self) -> int:
        return int(self.decision.size)

    def read(self, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
        return self.decision[start:stop], self.statute[start:stop]


class OnDisk:
    """``size`` decision numbers then ``size`` statute numbers, int32, in an unnamed temporary
    file (deleted when the last oracle sharing it is gone)."""

    WIDTH = 4

    def __init__(self, size: int) -> None:
        self._size = size
        self.file: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as its oracles

    @property
    def size(self) -> int:
        return self._size

    def write(self, start: int, decision: np.ndarray, statute: np.ndarray) -> None:
        if start + decision.size > self._size or decision.size != statute.size:
            raise ValueError(f"records {start:,}+{decision.size:,} do not fit {self._size:,}")
        for region, values in ((0, decision), (self._size, statute)):
            self.file.seek((region + start) * self.WIDTH)
            self.file.write(np.ascontiguousarray(values, dtype=np.int32).tobytes())

    def read(self, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
        stop = min(stop, self._size)
        out = []
        for region in (0, self._size):
            self.file.seek((region + start) * self.WIDTH)
            data = self.file.read((stop - start) * self.WIDTH)
            if len(data) != (stop - start) * self.WIDTH:
                raise OSError(f"record file cut short at record {start}")
            out.append(np.frombuffer(data, dtype=np.int32))
        return out[0], out[1]
