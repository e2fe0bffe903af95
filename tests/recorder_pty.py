"""`monolog record` run as a scorekeeper runs it: a separate process on a real pseudo-terminal,
typed at and read from. What it shows is kept with the terminal's control sequences taken out."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
WAIT = 60.0  # seconds: a recorder that shows nothing more by then has hung

_CONTROL = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]|\r")


class Recorder:
    """One `monolog record FILE` on its own terminal."""

    def __init__(self, record: Path, *, columns: int = 200) -> None:
        self.record = record
        pid, fd = pty.fork()
        if pid == 0:  # the child: the recorder, attached to the terminal
            os.environ.update(TERM="xterm", NO_COLOR="1")
            os.chdir(REPO)
            os.execv(sys.executable, [sys.executable, "-m", "monolog", "record", str(record)])
        self.pid, self.fd = pid, fd
        # the terminal's size, as a terminal window gives it (else 0 by 0: no toolbar fits)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
        self.raw = bytearray()
        self.read_to = 0  # where the last `expect` stopped
        self.answered = 0  # cursor position requests answered
        self.code: int | None = None

    @property
    def shown(self) -> str:
        """Everything shown so far, without control sequences."""
        return _CONTROL.sub(b"", bytes(self.raw)).decode("utf-8", "replace")

    def _pump(self, timeout: float) -> bytes | None:
        """What the terminal shows next ('' when nothing within `timeout`); None at its end."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        try:
            part = os.read(self.fd, 65536)
        except OSError:  # the recorder has ended
            return None
        self.raw.extend(part)
        self._answer()
        return part or None

    def _answer(self) -> None:
        """Answer where the cursor is, as a terminal does (the editor asks to know how much
        room there is below it: without an answer it shows no toolbar)."""
        asked = bytes(self.raw).count(b"\x1b[6n")
        while self.answered < asked:
            os.write(self.fd, b"\x1b[1;1R")
            self.answered += 1

    def expect(self, text: str) -> str:
        """Wait until `text` is shown after what was awaited last; all shown up to it."""
        deadline = time.monotonic() + WAIT
        while True:
            shown = self.shown
            at = shown.find(text, self.read_to)
            if at >= 0:
                self.read_to = at + len(text)
                return shown[: self.read_to]
            if time.monotonic() > deadline or self._pump(0.05) is None:
                raise AssertionError(f"never shown: {text!r}; shown:\n{shown[-3000:]}")

    def type(self, keys: str | bytes) -> None:
        data = keys.encode() if isinstance(keys, str) else keys
        os.write(self.fd, data)

    def end(self, prompt: str) -> int:
        """Ctrl-D once `prompt` is shown (typed before, the terminal itself would take it as the
        end of its input); the exit code."""
        self.expect(prompt)
        self.type("\x04")
        return self.wait()

    def wait(self) -> int:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            self._pump(0.05)
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                while self._pump(0):
                    pass  # what is left to read
                os.close(self.fd)
                self.code = os.waitstatus_to_exitcode(status)
                return self.code
        self.kill()
        raise AssertionError("the recorder did not end")

    def kill(self) -> None:
        if self.code is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
            self.code = -signal.SIGKILL
