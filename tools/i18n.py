"""The translation catalogues, with Babel: ``python -m tools.i18n`` extracts the strings marked in game/ into
game/locale/velotheque.pot, merges them into each language's .po (new entries empty, changed ones fuzzy) and
compiles every .po into the .mo the app reads. ``--check`` changes nothing and lists what is out of date (the
tests run it). A translator edits game/locale/<code>/LC_MESSAGES/velotheque.po, then runs this.
"""

from __future__ import annotations

import argparse
import io
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
POT = LOCALE / "velotheque.pot"
# _ / N_ mark a string, ngettext and Words.plural a singular and its plural, Words an engine's template
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "Words": (1,), "plural": (1, 2)}
FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)


def template() -> Catalog:
    """Every string marked in game/, with where it is (file names relative to the repository)."""
    catalog = Catalog(project="Vélothèque", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            ROOT / "game", keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        catalog.add(message, locations=[(f"game/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def po_text(catalog: Catalog, **options) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=110, omit_header=True, sort_output=True, **options)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES" / "velotheque.po").exists())


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / "velotheque.po"


def merged(code: str, pot: Catalog) -> Catalog:
    """``code``'s catalogue updated to the template: new strings added empty, changed ones marked fuzzy, gone
    ones dropped."""
    with po_path(code).open("rb") as f:
        catalog = read_po(f, locale=code)
    catalog.update(pot, update_header_comment=False)
    catalog.obsolete.clear()
    # fixed dates and names: the compiled .mo depends on the translations only (the check compares bytes)
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    catalog.project, catalog.version = "Vélothèque", "1"
    catalog.last_translator = catalog.language_team = "Vélothèque"
    return catalog


def problems(code: str, catalog: Catalog) -> list[str]:
    """What a player would see in English: an entry not translated, or marked fuzzy (the English changed)."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        first = message.id[0] if isinstance(message.id, tuple) else message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            out.append(f"{code}: not translated: {first!r}")
        elif message.fuzzy:
            out.append(f"{code}: the English changed, check the translation: {first!r}")
    return out


def run(check: bool) -> list[str]:
    """Bring every catalogue up to date (or, with ``check``, say what is not); the problems found."""
    pot = template()
    found: list[str] = []
    text = po_text(pot)
    if not POT.exists() or POT.read_bytes() != text:
        found.append(f"{POT.relative_to(ROOT)} is out of date with the strings in game/")
        if not check:
            POT.write_bytes(text)
    for code in languages():
        catalog = merged(code, pot)
        found += problems(code, catalog)
        po = po_text(catalog)
        if po_path(code).read_bytes() != po:
            found.append(f"{po_path(code).relative_to(ROOT)} is out of date with the template")
            if not check:
                po_path(code).write_bytes(po)
        mo = po_path(code).with_suffix(".mo")
        compiled = mo_bytes(catalog)
        if not mo.exists() or mo.read_bytes() != compiled:
            found.append(f"{mo.relative_to(ROOT)} is out of date with its .po")
            if not check:
                mo.write_bytes(compiled)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.i18n", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; list what is out of date")
    args = parser.parse_args(argv)
    found = run(args.check)
    for line in found:
        print(line)
    if args.check:
        return 1 if found else 0
    untranslated = [line for line in found if ": not translated" in line or ": the English changed" in line]
    return 1 if untranslated else 0


if __name__ == "__main__":
    sys.exit(main())
