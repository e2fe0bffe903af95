"""A Python process that has imported monolog once and starts each command as a fork of itself.

`python -m monolog` spends most of a short command's time importing monolog (~0.3 s of CPU); a
test that runs a hundred commands pays that a hundred times. This process pays it once: it reads
a request line (JSON: argv, folder, environment, files for stdout and stderr, a file size limit)
from its stdin, forks, and answers with the child's pid and then its exit code (negative: the
signal that ended it).

The child is still a separate process that runs the command as `python -m monolog` does: it
takes the output files as fds 1 and 2, its own folder, environment and argv, `sys.path[0]` as
that folder, then runs the `monolog` module as `__main__` and ends through Python's own exit (a
traceback on stderr and exit 1 for an uncaught exception, the code of SystemExit, exit handlers,
stdout flushed). Its stdin is /dev/null or an empty pipe. What Python reads from the environment
only as it starts (the streams' encoding) is this process's: tests/cli_process.py starts one of
these for each environment, pytest's name of the running test aside. When the test's process
goes away, stdin ends and so does this process.
"""

from __future__ import annotations

import json
import os
import runpy
import sys

import monolog.cli  # noqa: F401  (the import every command's process makes, made once here)


def _serve() -> dict[str, object]:
    """Answer requests until stdin ends; in a forked child, return its request."""
    requests = os.fdopen(os.dup(0), "rb", buffering=0)
    replies = os.dup(1)
    quiet = os.open(os.devnull, os.O_RDWR)
    os.dup2(quiet, 0)  # a command reads an empty stdin, as with stdin=DEVNULL
    os.dup2(quiet, 1)  # nothing but replies reaches the test
    os.close(quiet)
    while True:
        line = requests.readline()
        if not line:
            os._exit(0)
        request: dict[str, object] = json.loads(line)
        # stdin "pipe": a pipe whose writer closes at once, as Popen.communicate() without
        # input leaves it; otherwise this process's /dev/null
        pipe = os.pipe() if request.get("stdin") == "pipe" else None
        pid = os.fork()
        if pid == 0:
            requests.close()
            os.close(replies)
            if pipe is not None:
                os.dup2(pipe[0], 0)
                os.close(pipe[0])
                os.close(pipe[1])
            return request
        if pipe is not None:
            os.close(pipe[0])
            os.close(pipe[1])
        os.write(replies, f"{pid}\n".encode())
        _, status = os.waitpid(pid, 0)
        os.write(replies, f"{os.waitstatus_to_exitcode(status)}\n".encode())


def _become(request: dict[str, object]) -> None:
    for fd, key in ((1, "stdout"), (2, "stderr")):
        target = os.open(str(request[key]), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(target, fd)
        os.close(target)
    limit = request.get("file_size_limit")
    if isinstance(limit, int):  # the stdout and stderr files count too: keep them short
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    os.chdir(str(request["cwd"]))
    environment = request["env"]
    assert isinstance(environment, dict)
    os.environ.clear()  # the command's own environment (pytest's name for the test differs)
    os.environ.update(environment)
    argv = request["argv"]
    assert isinstance(argv, list)
    sys.argv = ["-m", *map(str, argv)]  # runpy puts the module's path first, as `-m` does
    sys.path[0] = os.getcwd()  # `python -m` puts the working folder first


if __name__ == "__main__":
    _become(_serve())
    runpy.run_module("monolog", run_name="__main__", alter_sys=True)
