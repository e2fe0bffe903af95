"""How `monolog record` copes with a long line that arrives as keystrokes (a paste into a
terminal that does not use bracketed paste), as a ratio: figure at 2N / figure at N.

    python benchmarks/record_paste_bench.py [--n 10000] [--sizes 1,2,4]

`monolog record` is run on a real pseudo-terminal with a one-line record; a comment of N
characters (letters and spaces, so no key repeats the one before it for long) is written to the
terminal at once, then Enter. The time from the first byte written to `kept as line 2` shown,
and the recorder's peak resident set (from `os.wait4`), are printed for each multiple of N.
Linear growth gives a time ratio near 2 per doubling and a peak that hardly moves. (The line
editor used to keep a copy of the whole line for each key typed: 10 KB took 103 MB, 40 KB
825 MB.) The script prints the figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import pty
import random
import sys
import tempfile
import threading
import time
from pathlib import Path


def paste(n: int, folder: Path) -> tuple[float, float]:
    """Seconds from the paste to the line kept, and the recorder's peak RSS in MiB."""
    record = folder / f"paste-{n}.mlog"
    record.write_text('[Players "Ann, Ben, Cal"]\n', encoding="utf-8")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the recorder on the terminal
        os.environ.update(TERM="xterm", NO_COLOR="1")
        os.execv(sys.executable, [sys.executable, "-m", "monolog", "record", str(record)])
    shown = bytearray()

    def drain() -> None:
        while True:
            try:
                part = os.read(fd, 65536)
            except OSError:
                return
            if not part:
                return
            shown.extend(part)

    threading.Thread(target=drain, daemon=True).start()
    while b"2>" not in shown:
        time.sleep(0.02)
    rng = random.Random(n)
    line = "; " + "".join(rng.choice("abcdefgh ") for _ in range(n))
    start = time.perf_counter()
    os.write(fd, line.encode() + b"\r")
    while b"kept as line 2" not in shown:
        time.sleep(0.02)
    took = time.perf_counter() - start
    os.write(fd, b"\x04")
    _, _, usage = os.wait4(pid, 0)
    os.close(fd)
    kept = record.read_text(encoding="utf-8").splitlines()
    assert kept[-1] == line, "the pasted line was not kept whole"
    return took, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=10000, help="characters in the smallest paste")
    parser.add_argument("--sizes", default="1,2,4", help="multiples of N to paste")
    args = parser.parse_args()
    sizes = [args.n * int(k) for k in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        before: tuple[float, float] | None = None
        for n in sizes:
            took, peak = paste(n, Path(tmp))
            ratio = ""
            if before is not None:
                ratio = f"  ratio time {took / before[0]:.2f}, peak {peak / before[1]:.2f}"
            print(f"{n:>8} characters: {took:6.2f} s, peak {peak:6.1f} MiB{ratio}", flush=True)
            before = (took, peak)


if __name__ == "__main__":
    main()
