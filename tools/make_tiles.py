"""Draw each registered game's menu picture into assets/tiles/<id>.png (the menu loads these, so it opens
without importing any game), and <id>.<code>.png in each language whose words change the picture. ``--check``: say which pictures today's tile_art would change, exit 1 if any.

    python tools/make_tiles.py [--check]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game import i18n  # noqa: E402
from game.i18n import LANGUAGES  # noqa: E402
from game.registry import REGISTRY  # noqa: E402
from game.ui.scenes.menu import TILE_ART_SIZE  # noqa: E402


def render(game_id: str) -> pygame.Surface:
    from game.ui.scenes_registry import TABLES

    return TABLES[game_id].tile_art(TILE_ART_SIZE)


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def main(argv: list[str]) -> int:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    folder = ROOT / "assets" / "tiles"
    folder.mkdir(parents=True, exist_ok=True)
    stale = []
    for game in REGISTRY:
        english = None
        for code in LANGUAGES:  # <id>.png in English; <id>.<code>.png where a language draws other words
            i18n.set_language(code)
            picture = render(game.id)
            if code == i18n.DEFAULT:
                english, path = picture, folder / f"{game.id}.png"
            else:
                path = folder / f"{game.id}.{code}.png"
                if same(picture, english):
                    if path.exists():
                        stale.append(path.name) if "--check" in argv else path.unlink()
                    continue
            if "--check" in argv:
                if not path.is_file() or not same(pygame.image.load(str(path)), picture):
                    stale.append(path.name)
                continue
            pygame.image.save(picture, str(path))
            print(f"wrote {path.relative_to(ROOT)}")
        i18n.set_language(i18n.DEFAULT)
    if stale:
        print(f"out of date (run tools/make_tiles.py): {', '.join(stale)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
