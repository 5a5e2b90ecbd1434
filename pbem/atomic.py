"""Atomic file writes, the way git writes its objects and refs.

Data goes to a temporary file in the target's folder, is flushed and fsynced, then
moves into place in one step (``os.link`` for a new file, so an existing one is never
overwritten; ``os.replace`` for files meant to be replaced, such as a ledger), and the
folder is fsynced. A process killed at any moment leaves the old files intact and, at
worst, a stray ``.pbem-tmp-*`` file that the next write into that folder removes.
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
from pathlib import Path

from pbem.errors import WriteError

TMP_PREFIX = ".pbem-tmp-"
_STALE_SECONDS = 3600


def _pause_for_tests(data_len: int, fd: int, data: bytes) -> bool:
    """Test hook: ``PBEM_TEST_SLOW_WRITE=seconds`` writes half, waits, then the rest."""
    delay = os.environ.get("PBEM_TEST_SLOW_WRITE")
    if not delay:
        return False
    half = data_len // 2
    os.write(fd, data[:half])
    os.fsync(fd)
    time.sleep(float(delay))
    os.write(fd, data[half:])
    return True


def clean_stray(folder: Path) -> int:
    """Remove temporary files left by killed writers (dead process or older than an hour)."""
    removed = 0
    try:
        entries = list(folder.iterdir())
    except OSError:
        return 0
    for entry in entries:
        if not entry.name.startswith(TMP_PREFIX):
            continue
        pid_text = entry.name[len(TMP_PREFIX):].split("-", 1)[0]
        alive = False
        if pid_text.isdigit() and int(pid_text) != os.getpid():
            try:
                os.kill(int(pid_text), 0)
                alive = True
            except ProcessLookupError:
                alive = False
            except PermissionError:
                alive = True
        try:
            stale = time.time() - entry.stat().st_mtime > _STALE_SECONDS
            if not alive or stale:
                entry.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _write_temp(path: Path, data: bytes, mode: int) -> Path:
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WriteError(f"cannot create folder: {exc.strerror}", str(folder)) from None
    clean_stray(folder)
    tmp = folder / f"{TMP_PREFIX}{os.getpid()}-{time.monotonic_ns()}"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except OSError as exc:
        raise WriteError(f"cannot write: {exc.strerror}", str(folder)) from None
    try:
        try:
            if not _pause_for_tests(len(data), fd, data):
                view = memoryview(data)
                while view:
                    written = os.write(fd, view)
                    view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise WriteError(f"cannot write: {exc.strerror}", str(path)) from None
    return tmp


def write_new(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Create ``path`` atomically; refuse if it exists."""
    path = Path(path)
    if path.exists():
        raise WriteError("file exists already; it is never overwritten", str(path))
    tmp = _write_temp(path, data, mode)
    try:
        try:
            os.link(tmp, path)
        except OSError as exc:
            if exc.errno == errno.EEXIST:
                raise WriteError("file exists already; it is never overwritten",
                                 str(path)) from None
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV, errno.EMLINK):
                raise WriteError(f"cannot write: {exc.strerror}", str(path)) from None
            if path.exists():  # file systems without hard links
                raise WriteError("file exists already; it is never overwritten",
                                 str(path)) from None
            os.replace(tmp, path)
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
    _fsync_dir(path.parent)


def write_replace(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Write ``path`` atomically, replacing it if it exists (ledgers, drafts, config)."""
    path = Path(path)
    tmp = _write_temp(path, data, mode)
    try:
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise WriteError(f"cannot write: {exc.strerror}", str(path)) from None
    _fsync_dir(path.parent)
