"""VeloMaster: the two courses (Aurillac 2007, Salzburg 2006) and the race rules.

* :mod:`game.velomaster.course`  the pure :class:`~game.velomaster.course.Course` model;
* :mod:`game.velomaster.rules`   the pure rules engine (Niveau Débutant), :mod:`.bots` its heuristics;
* :mod:`game.velomaster.spec`    :class:`VelomasterSpec`, which takes a course source at construction;
* :mod:`game.velomaster.courses` the lazy loader of the bundled maps (the registry's course source);
* :mod:`game.velomaster.tiled`   the only module that reads the Tiled maps (imports pytmx: import it
  explicitly, this package does not, so the pure modules stay importable without pytmx).
"""

from .spec import VelomasterSpec

__all__ = ["VelomasterSpec"]
