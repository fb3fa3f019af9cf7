"""VeloMaster: the two courses (Aurillac 2007, Salzburg 2006) and their rules.

* :mod:`game.velomaster.course` the pure :class:`~game.velomaster.course.Course` model;
* :mod:`game.velomaster.tiled`  the only module that reads the Tiled maps (imports pytmx: import it
  explicitly, this package does not, so the pure modules stay importable without pytmx).
"""
