"""Worker threads behind a bounded queue: checks run off the event loop, and a full
queue refuses at once (`Busy`, with a Retry-After estimate) instead of growing.

Light tasks (small documents) are taken before heavy ones, and heavy ones never hold
every worker, so a short brief is not stuck behind a run of huge ones. One client (an
address) may have at most ``per_client`` tasks waiting or running, at most
``heavy_per_client`` of them heavy: past that it is `Busy`, and the others are not. Each task carries
a deadline and a cancel flag that the check polls between citations (`Task.check`).
Threads are daemons: a stuck check cannot keep a stopping server alive. After each task,
and again once the pool has been idle for a second (when answers have been sent and
finished jobs dropped), the freed memory is handed back to the system.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import math
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

log = logging.getLogger("citeproof.web")


class Busy(Exception):
    """The queue is full (or the server is stopping): come back in ``retry_after`` seconds."""

    def __init__(self, retry_after: int, why: str = "the server is busy") -> None:
        super().__init__(f"{why}; retry in {retry_after} s")
        self.retry_after = retry_after


class Cancelled(Exception):
    """A task's deadline passed, or the server is stopping."""


class Task:
    """One unit of work: ``fn(task)``; its result or exception lands on ``future``."""

    def __init__(
        self, fn: Callable[[Task], Any], heavy: bool, deadline: float | None, client: str | None = None
    ) -> None:
        self.fn, self.heavy, self.client = fn, heavy, client
        self.share_released = False
        self.deadline = None if deadline is None else time.monotonic() + deadline
        self.future: Future[Any] = Future()
        self.cancelled = threading.Event()
        self.why = ""

    def cancel(self, why: str) -> None:
        self.why = why
        self.cancelled.set()
        self.future.cancel()  # only takes effect while the task still waits in the queue

    def expired(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    def check(self, *_: object) -> None:
        """Raise `Cancelled` once cancelled or past the deadline (a progress callback)."""
        if self.cancelled.is_set():
            raise Cancelled(self.why or "cancelled")
        if self.expired():
            raise Cancelled("deadline passed")


class WorkerPool:
    """``workers`` daemon threads; at most ``queue`` tasks wait for one, heavy ones at most
    half of them (the rest of the queue stays open to light work)."""

    def __init__(
        self, workers: int = 2, queue: int = 16, per_client: int = 0, heavy_per_client: int = 0
    ) -> None:
        self.workers, self.queue = max(1, workers), max(0, queue)
        self.heavy_queue = max(1, self.queue // 2)
        self.per_client, self.heavy_per_client = per_client, heavy_per_client  # 0: no bound
        self._clients: Counter[tuple[str, bool]] = Counter()  # (client, heavy) → tasks waiting or running
        self._light: deque[Task] = deque()
        self._heavy: deque[Task] = deque()
        self._running = self._running_heavy = 0
        self._active: set[Task] = set()
        self._cond = threading.Condition()
        self._closing = False
        self._dirty = False  # memory may have been freed since the last release
        self._seconds: deque[float] = deque([1.0], maxlen=32)
        self._trim = _malloc_trim()
        self._threads = [
            threading.Thread(target=self._work, name=f"citeproof-check-{n}", daemon=True)
            for n in range(self.workers)
        ]
        for thread in self._threads:
            thread.start()

    @property
    def waiting(self) -> int:
        return len(self._light) + len(self._heavy)

    @property
    def running(self) -> int:
        return self._running

    def retry_after(self) -> int:
        """Seconds until a place is likely free: the queue's work spread over the workers."""
        mean = sum(self._seconds) / len(self._seconds)
        return max(1, min(300, math.ceil(mean * (self.waiting + 1) / self.workers)))

    def full(self, client: str | None = None) -> bool:
        """Whether a new task would be refused (a client's: past its own share, too)."""
        return self._closing or self.waiting >= self.queue or self._over_share(client, None) is not None

    def _over_share(self, client: str | None, heavy: bool | None) -> str | None:
        """Why ``client`` may not add a task (``heavy``: of that kind; None: of either)."""
        if client is None:
            return None
        mine = self._clients[(client, False)] + self._clients[(client, True)]
        if self.per_client and mine >= self.per_client:
            return f"this client already has {mine} checks waiting or running"
        if heavy and self.heavy_per_client and self._clients[(client, True)] >= self.heavy_per_client:
            return "this client already has a long check waiting or running"
        return None

    def submit(
        self,
        fn: Callable[[Task], Any],
        heavy: bool = False,
        deadline: float | None = None,
        client: str | None = None,
    ) -> Task:
        """Queue ``fn`` for ``client``; `Busy` when the queue is full, the pool is closing,
        or the client has its share already."""
        task = Task(fn, heavy, deadline, client)
        with self._cond:
            why = self._over_share(client, heavy)
            if why is not None:
                raise Busy(self.retry_after(), why)
            if self.full() or heavy and len(self._heavy) >= self.heavy_queue:
                raise Busy(self.retry_after())
            (self._heavy if heavy else self._light).append(task)
            if client is not None:
                self._clients[(client, heavy)] += 1
            self._cond.notify()
        return task

    def _give_back_share(self, task: Task) -> None:
        with self._cond:
            self._release_share(task)

    def _release_share(self, task: Task) -> None:
        if task.client is not None and not task.share_released:
            task.share_released = True
            key = (task.client, task.heavy)
            self._clients[key] -= 1
            if self._clients[key] <= 0:
                del self._clients[key]

    def shutdown(self, timeout: float = 5.0) -> tuple[int, int]:
        """Refuse new work, cancel what waits, ask running checks to stop, wait up to
        ``timeout`` seconds for them; (running, waiting) tasks that were stopped."""
        with self._cond:
            self._closing = True
            stopped = (len(self._active), self.waiting)
            for task in [*self._light, *self._heavy, *self._active]:
                task.cancel("the server is stopping")
            for task in [*self._light, *self._heavy]:
                self._release_share(task)
            self._light.clear()
            self._heavy.clear()
            self._cond.notify_all()
        ends = time.monotonic() + timeout
        for thread in self._threads:
            thread.join(max(0.0, ends - time.monotonic()))
        return stopped

    def _next(self) -> Task | None:
        if self._light:
            return self._light.popleft()
        if self._heavy and (self._running_heavy < self.workers - 1 or self.workers == 1):
            return self._heavy.popleft()
        return None

    def mark_freed(self) -> None:
        """Something large was let go (a finished job dropped): release once idle."""
        self._dirty = True

    def _work(self) -> None:
        while True:
            idle = False
            with self._cond:
                task = self._next()
                while task is None and not self._closing:
                    if not self._cond.wait(timeout=1.0) and self._dirty:
                        self._dirty, idle = False, True
                        break
                    task = self._next()
                if idle:
                    task = None
                elif task is None:
                    return
                else:
                    self._running += 1
                    self._running_heavy += task.heavy
                    self._active.add(task)
            if task is None:
                self._release_memory()
                continue
            try:
                self._run(task)
            finally:
                with self._cond:
                    self._running -= 1
                    self._running_heavy -= task.heavy
                    self._active.discard(task)
                    self._release_share(task)
                    self._cond.notify_all()

    def _run(self, task: Task) -> None:
        if not task.future.set_running_or_notify_cancel():
            return
        started = time.monotonic()
        try:
            task.check()
            result = task.fn(task)
        except BaseException as exc:  # delivered to whoever waits on the future
            self._give_back_share(task)
            task.future.set_exception(exc.with_traceback(None))  # its frames hold the check's data
        else:
            self._give_back_share(task)  # before the answer: its client may send the next at once
            task.future.set_result(result)
        finally:
            task.fn = _done  # drop the closure (and the document it holds) now
            self._seconds.append(time.monotonic() - started)
            self._dirty = True
            self._release_memory()

    def _release_memory(self) -> None:
        gc.collect()
        if self._trim is not None:
            self._trim(0)


def _done(_: Task) -> None:
    return None


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, which returns freed heap pages to the system; else None."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
        trim: Callable[[int], int] | None = getattr(libc, "malloc_trim", None)
    except OSError:
        trim = None
    return trim
