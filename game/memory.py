"""Keep the app's resident memory honest on Linux (glibc): freed map surfaces go back to the system.

The map art is made of 8–20 MB surfaces. glibc raises its mmap threshold each time such a block is
freed, so later big blocks come from the heap and stay resident after they are freed: a VeloMaster
table measured 109 MB, 57 MB of it freed memory. Fixing the threshold (``mallopt``) keeps big blocks
mmapped, and ``release()`` hands freed heap pages back when a table closes. Elsewhere: no-ops.
"""

from __future__ import annotations

import ctypes
import sys

_M_MMAP_THRESHOLD = -3
_libc = None


def _glibc():
    global _libc
    if _libc is None and sys.platform.startswith("linux"):
        try:
            lib = ctypes.CDLL("libc.so.6")
            _libc = lib if hasattr(lib, "mallopt") and hasattr(lib, "malloc_trim") else False
        except OSError:
            _libc = False
    return _libc or None


def tune_allocator() -> None:
    """Big allocations (>= 256 KiB) are always mmapped, so freeing them returns the memory."""
    lib = _glibc()
    if lib is not None:
        lib.mallopt(_M_MMAP_THRESHOLD, 256 * 1024)


def release() -> None:
    """Return freed heap memory to the system (after closing a table)."""
    lib = _glibc()
    if lib is not None:
        lib.malloc_trim(0)


def resident_mb() -> float | None:
    """This process's resident memory in MB (Linux), for the bench."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def peak_resident_mb() -> float | None:
    """The highest resident memory this process reached so far, in MB (Linux)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None
