"""Worker processes that survive one another's death: how `monolog audit --jobs N` runs.

Each worker has its own pipe. The parent hands it a unit of work (a run of consecutive records)
and the worker sends back each record's result as soon as it has it, then a word that the unit
is done. So the parent always knows which record a worker is on: when a worker dies (killed, out
of memory, a crash in C code), only that record is reported as failed; the rest of its unit goes
back at the front of the queue and a new worker is started in its place. A worker found dead
when it is handed a unit (it died while idle) is replaced too, and the unit handed out again. (A
concurrent.futures pool cannot do this: one dead worker breaks the whole pool, and every record
handed out is lost with it.)
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

Unit = tuple[int, list[str]]  # the index of the first record, and the record names
_DONE = "done"


def _serve(
    conn: Connection,
    initializer: Callable[..., None],
    initargs: tuple[Any, ...],
    work: Callable[[int, str], Any],
    failed: Callable[[int, str, BaseException], Any],
) -> None:
    """A worker's life: set up once, then audit the units it is sent until it is sent None."""
    initializer(*initargs)
    while True:
        try:
            unit = conn.recv()
        except (EOFError, OSError):
            return
        if unit is None:
            return
        start, names = unit
        for offset, name in enumerate(names):
            try:
                result = work(start + offset, name)
            except Exception as exc:  # a record the work itself could not handle
                result = failed(start + offset, name, exc)
            conn.send(result)
        conn.send(_DONE)


class _Worker:
    __slots__ = ("conn", "next", "process", "unit")

    def __init__(self, process: Any, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.unit: Unit | None = None
        self.next = 0  # offset in the unit of the record being audited


class Workers:
    """`count` worker processes from the multiprocessing `context`, each set up with
    `initializer(*initargs)`, running `work(index, name)` for every record of the units given
    to `results`. `failed(index, name, exc)` makes the result of a record whose worker died."""

    def __init__(
        self,
        context: Any,
        count: int,
        initializer: Callable[..., None],
        initargs: tuple[Any, ...],
        work: Callable[[int, str], Any],
        failed: Callable[[int, str, BaseException], Any],
    ) -> None:
        self.context = context
        self.setup = (initializer, initargs, work, failed)
        self.failed = failed
        self.restarts = 0
        self.idle_deaths = 0  # workers found dead when handed a unit, since the last result
        self.workers = [self._start() for _ in range(count)]

    def _start(self) -> _Worker:
        parent, child = self.context.Pipe()
        process = self.context.Process(target=_serve, args=(child, *self.setup), daemon=True)
        process.start()
        child.close()
        return _Worker(process, parent)

    def results(self, units: Iterable[Unit]) -> Iterator[Any]:
        """Each record's result, in the order they are done."""
        # deferred: only --jobs runs workers; multiprocessing costs a one-game audit ~8 ms of CPU
        from multiprocessing.connection import wait

        queue: deque[Unit] = deque()
        pending = iter(units)
        exhausted = False  # every unit has been taken from `units`
        while True:
            for worker in self.workers:
                if worker.unit is None:
                    unit = queue.popleft() if queue else next(pending, None)
                    if unit is None:
                        exhausted = True
                        continue
                    yield from self._send(worker, unit, queue)
            busy = [w for w in self.workers if w.unit is not None]
            if not busy:
                # a unit handed back by a worker found dead goes to the new one; and when
                # every worker was found dead in this pass, the units not yet taken are
                # still to come (stopping here once lost them without a word)
                if queue or not exhausted:
                    continue
                return
            ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy]))
            for worker in busy:
                if worker.conn in ready:
                    yield from self._receive(worker)
                if worker.unit is not None and worker.process.sentinel in ready:
                    yield from self._receive(worker)  # what it sent before it died
                    if worker.unit is not None:
                        yield from self._replace(worker, queue)

    def _send(self, worker: _Worker, unit: Unit, queue: deque[Unit]) -> Iterator[Any]:
        """Hand `unit` to an idle worker. One that died while idle (nothing of its own lost)
        is replaced and the unit goes back first in the queue for the next idle worker; when
        workers keep dying before they take any unit, the unit's first record is reported as
        failed, so the run always moves on."""
        worker.unit, worker.next = unit, 0
        try:
            worker.conn.send(unit)
        except OSError:  # the worker is gone: its end of the pipe is closed
            self.idle_deaths += 1
            if self.idle_deaths > 2 * len(self.workers):
                self.idle_deaths = 0
                yield from self._replace(worker, queue)
                return
            worker.unit = None
            self._restart(worker)
            queue.appendleft(unit)

    def _receive(self, worker: _Worker) -> Iterator[Any]:
        with contextlib.suppress(EOFError, OSError):
            while worker.unit is not None and worker.conn.poll():
                message = worker.conn.recv()
                if message == _DONE:
                    worker.unit = None
                else:
                    worker.next += 1
                    self.idle_deaths = 0
                    yield message

    def _replace(self, worker: _Worker, queue: deque[Unit]) -> Iterator[Any]:
        """A worker died on the record it was auditing: that record is reported, the rest of
        its unit goes back first in the queue, and a new worker takes its place."""
        assert worker.unit is not None
        start, names = worker.unit
        at = worker.next
        worker.unit = None
        worker.process.join()
        if at < len(names):  # else it died after its last result, before saying it was done
            code = worker.process.exitcode
            how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit {code}"
            death = RuntimeError(f"the process stopped: {how}")
            yield self.failed(start + at, names[at], death)
        if at + 1 < len(names):
            queue.appendleft((start + at + 1, names[at + 1 :]))
        self._restart(worker)

    def _restart(self, worker: _Worker) -> None:
        """A new worker in the place of `worker`, which has died."""
        worker.process.join()
        with contextlib.suppress(OSError):
            worker.conn.close()
        self.restarts += 1
        self.workers[self.workers.index(worker)] = self._start()

    def close(self) -> None:
        """Stop the workers: asked to, then made to."""
        for worker in self.workers:
            with contextlib.suppress(OSError, ValueError):
                worker.conn.send(None)
        for worker in self.workers:
            worker.process.join(timeout=5)
            if worker.process.is_alive():
                worker.process.terminate()
                worker.process.join()
            with contextlib.suppress(OSError):
                worker.conn.close()
