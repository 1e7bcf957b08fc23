"""Work started ahead in a second process, while this one goes on with other work.

A build with two cores relaxes karuta's board slots in a forked child while the parent
draws the PDFs that do not need them. `ahead(fn, *args)` forks and returns at once;
`.result()` is what `fn(*args)` returned, pickled across the pipe (floats and all, so the
very values a serial run computes). The child computes and answers, nothing else: it
writes no file and leaves by `os._exit`, so no buffer or exit handler of the parent's
runs twice.

Where there is no fork (Windows), only one core to use, or the caller says so, `fn` runs
at once, here. A child that fails in any way (an error in `fn`, a signal) is not
explained across the pipe: `.result()` then calls `fn(*args)` here, so an error is raised
as a serial run raises it, with the same message and file:line. `.cancel()` (in a
`finally`) ends a child whose answer is no longer wanted.
"""

from __future__ import annotations

import os
import pickle
import signal
from typing import Callable


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:      # not on Linux
        return os.cpu_count() or 1


class Ahead:
    def __init__(self, fn: Callable, args: tuple, fork: bool):
        self.fn, self.args = fn, args
        self.pid: int | None = None
        self.done, self.value = False, None
        if not fork:
            self.value, self.done = fn(*args), True
            return
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                os.close(read)
                data = pickle.dumps(fn(*args), protocol=pickle.HIGHEST_PROTOCOL)
                with os.fdopen(write, "wb") as pipe:
                    pipe.write(data)
                code = 0
            finally:
                os._exit(code)      # whatever happened: the parent computes it again if it must
        os.close(write)
        self.pid, self.read = pid, read

    def result(self):
        if not self.done:
            with os.fdopen(self.read, "rb") as pipe:
                data = pipe.read()
            _, status = os.waitpid(self.pid, 0)
            self.pid = None
            if os.waitstatus_to_exitcode(status) == 0 and data:
                self.value = pickle.loads(data)
            else:
                self.value = self.fn(*self.args)
            self.done = True
        return self.value

    def cancel(self) -> None:
        """End the child if it is still there (its answer is not wanted)."""
        if self.pid is not None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(self.pid, 0)
            os.close(self.read)
            self.pid = None


def ahead(fn: Callable, *args, fork: bool = True) -> Ahead:
    """`fn(*args)` in a forked child when `fork`, the platform can and two cores are free to
    use; else at once, here. Take the answer with `.result()`."""
    return Ahead(fn, args, fork and hasattr(os, "fork") and cores() > 1)
