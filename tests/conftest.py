"""Tests run headless, in English (whatever the machine's locale) and never touch the user's real data folder."""

import os
import tempfile

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("VELOTHEQUE_HOME", tempfile.mkdtemp(prefix="velotheque-tests-"))
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["LANGUAGE"] = "en"  # a first launch follows the system's language: the tests' system speaks English


@pytest.fixture(autouse=True)
def _english_again():
    """A test that plays the app in another language leaves it in English for the next."""
    yield
    from game import i18n

    if i18n.language() != i18n.DEFAULT:
        i18n.set_language(i18n.DEFAULT)


@pytest.fixture()
def french():
    """The app in French for one test (English again after it, as every test ends)."""
    from game import i18n

    i18n.set_language("fr")
    yield
    i18n.set_language("en")
