"""Where the VeloMaster spec gets its courses (NOT pure: reads the bundled Tiled maps).

The import of :mod:`.tiled` (and so of pytmx) happens on the first call only, so the registry and
the pure engine stay importable without pytmx.
"""

from __future__ import annotations

from .course import Course


def bundled(name: str) -> Course:
    """A bundled course by name ("aurillac", "salzburg"), loaded once per process."""
    from .tiled import bundled_course

    return bundled_course(name)
