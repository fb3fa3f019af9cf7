"""Tests run headless and never touch the user's real data folder."""

import os
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("VELOTHEQUE_HOME", tempfile.mkdtemp(prefix="velotheque-tests-"))
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
