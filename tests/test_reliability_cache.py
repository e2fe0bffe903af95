"""Nothing another user or program can plant in a cache folder reaches an audit.

monolog used to keep pickles (the shipped editions, the parser's tables) in
`$XDG_CACHE_HOME/monolog`, checked by an unkeyed hash only, and when that folder was unusable it
handed Lark `cache=True`, which unpickles a predictable file in the shared temporary folder. A
file planted in either place could run code at the next audit, and a FIFO planted there hung it.

Each test plays the attack as it was found: a first audit runs with a cache folder and a
temporary folder of the test's own; every file it left in either is then replaced by the
attacker's (a pickle that would make a folder when loaded, laid out as each reader expected,
or a FIFO), more are planted under the names the old code read, and a second audit must give
the same report without running, opening or waiting on any of them. On the code that kept
those caches the first two tests fail (the folder is made; the audit hangs until killed).
Audits run in processes of their own, through the installed entry point's function.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WORKED = ROOT / "scenarios" / "games" / "worked-example.mlog"

# names the old code read in the cache folder: the parser's Lark cache, its driver's tables,
# the shipped editions and readings (their real names carried a hash of the package's files)
OLD_NAMES = (
    "grammar-lalr.cache",
    "driver-0.marshal",
    "edition-us-2018-0.pickle",
    "edition-uk-1996-0.pickle",
    "readings-0.pickle",
)

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


class _MakeFolder:
    """Unpickling this makes the folder `path`: the stand-in for arbitrary code."""

    def __init__(self, path: Path) -> None:
        self.path = str(path)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.mkdir, (self.path,))


def _audit(cache: Path, tmp: Path, work: Path) -> subprocess.CompletedProcess[str]:
    """`monolog audit` of the worked example, with `cache` as XDG_CACHE_HOME and `tmp` as the
    temporary folder; a hang fails the test (TimeoutExpired) instead of stopping the suite."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "TMPDIR": str(tmp)}
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        env.pop(name, None)
    script = "import sys; from monolog.cli import main; sys.argv[0] = 'monolog'; main()"
    return subprocess.run(
        [sys.executable, "-c", script, "audit", str(WORKED)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=work,
        timeout=60,
        check=False,
    )


def _files(*folders: Path) -> list[Path]:
    return sorted(p for folder in folders if folder.is_dir() for p in folder.rglob("*"))


@pytest.fixture
def places(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A cache home, a temporary folder and a working folder, each the test's own."""
    cache, tmp, work = tmp_path / "cache", tmp_path / "tmp", tmp_path / "work"
    for folder in (cache, tmp, work):
        folder.mkdir()
    return cache, tmp, work


def _plant_names(cache: Path) -> list[Path]:
    """Where the old code looked, in the cache home `cache` (none where it is not a folder)."""
    if not cache.is_dir():
        return []
    folder = cache / "monolog"
    folder.mkdir(exist_ok=True)
    return [folder / name for name in OLD_NAMES if not (folder / name).exists()]


@pytest.mark.parametrize("home", ["a folder", "a file"])
def test_a_planted_pickle_never_runs(
    home: str, places: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    """With the cache home a file, the old code gave Lark `cache=True`: Lark then kept its
    parser as a pickle in the temporary folder, and loaded it from there next time."""
    cache, tmp, work = places
    if home == "a file":
        cache.rmdir()
        cache.write_text("not a folder\n", encoding="utf-8")
    marker = tmp_path / "code-ran"
    payload = pickle.dumps(_MakeFolder(marker))
    pickle.loads(payload)  # the payload is live: loading it runs code
    assert marker.is_dir()
    marker.rmdir()

    clean = _audit(cache, tmp, work)
    assert clean.returncode in (0, 1), clean.stderr
    left = [p for p in _files(cache, tmp) if p.is_file()]
    for path in left:  # whatever the first audit kept, as each old reader expected it
        first_line = path.read_bytes().split(b"\n", 1)[0]
        if path.name.startswith(".lark_cache"):  # Lark's own: its hash line, then a pickle
            path.write_bytes(first_line + b"\n" + payload)
        else:  # monolog's: SHA-256 of the payload, then the payload
            path.write_bytes(hashlib.sha256(payload).digest() + payload)
    for path in _plant_names(cache):
        path.write_bytes(hashlib.sha256(payload).digest() + payload)

    again = _audit(cache, tmp, work)
    assert not marker.exists(), "a planted pickle ran code"
    assert (again.returncode, again.stdout, again.stderr) == (
        clean.returncode,
        clean.stdout,
        clean.stderr,
    )


@needs_fifo
def test_a_planted_fifo_never_blocks(places: tuple[Path, Path, Path]) -> None:
    cache, tmp, work = places
    clean = _audit(cache, tmp, work)
    for path in [p for p in _files(cache, tmp) if p.is_file()]:
        path.unlink()
        os.mkfifo(path)
    for path in _plant_names(cache):
        os.mkfifo(path)

    again = _audit(cache, tmp, work)  # a blocking open of any FIFO here times out
    assert (again.returncode, again.stdout, again.stderr) == (
        clean.returncode,
        clean.stdout,
        clean.stderr,
    )


def _unusable(kind: str, cache: Path) -> None:
    """Make `cache` (the XDG cache home) unusable in one way."""
    if kind == "a file":
        cache.rmdir()
        cache.write_text("not a folder\n", encoding="utf-8")
    elif kind == "no permissions":
        (cache / "monolog").mkdir()
        cache.chmod(0)
    else:  # writable by everyone, the monolog folder too
        (cache / "monolog").mkdir()
        for folder in (cache, cache / "monolog"):
            folder.chmod(folder.stat().st_mode | stat.S_IWGRP | stat.S_IWOTH)


@pytest.mark.parametrize("kind", ["a file", "no permissions", "writable by anyone"])
def test_an_unusable_cache_folder_changes_nothing(
    kind: str, places: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    cache, tmp, work = places
    reference = _audit(tmp_path / "elsewhere", tmp, work)
    assert _files(tmp) == [], "an audit leaves nothing in the temporary folder"
    _unusable(kind, cache)
    try:
        audit = _audit(cache, tmp, work)
    finally:
        if cache.is_dir():
            cache.chmod(0o700)  # so pytest can remove it
    assert (audit.returncode, audit.stdout, audit.stderr) == (
        reference.returncode,
        reference.stdout,
        reference.stderr,
    )
    assert _files(tmp) == [], "nothing is written to the shared temporary folder instead"
    assert not (tmp_path / "elsewhere").exists(), "nor to a cache folder"
