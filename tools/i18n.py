"""The translation catalogues, with Babel: ``python -m tools.i18n`` extracts the strings marked in game/ into one
template per domain (game/locale/<domain>.pot), merges them into each language's .po (new entries empty, changed
ones fuzzy) and compiles every .po into the .mo the app reads. ``--check`` changes nothing and lists what is out
of date (the tests run it). A translator edits game/locale/<code>/LC_MESSAGES/<domain>.po, then runs this.

Domains: one per game (the strings under game/<game>/: its engine and its table) and "velotheque" for the rest
(menu, setup, settings, the shared table and engine words), so each game's words can be translated on their own.
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
sys.path.insert(0, str(ROOT))
from game.i18n import DOMAINS, GAME_DOMAINS  # noqa: E402 (the repository's own game package)

LOCALE = ROOT / "game" / "locale"
# _ / N_ mark a string, ngettext and Words.plural a singular and its plural, Words an engine's template, C_ a
# string in a context ("speed", "Normal")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "Words": (1,), "plural": (1, 2), "C_": ((1, "c"), 2)}
FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)


def pot_path(domain: str) -> Path:
    return LOCALE / f"{domain}.pot"


def template(domain: str = "velotheque") -> Catalog:
    """Every string marked in the domain's part of game/, with where it is (paths from the repository)."""
    catalog = Catalog(project="Vélothèque", charset="utf-8")
    catalog.creation_date = FIXED_DATE
    base = ROOT / "game" / domain if domain in GAME_DOMAINS else ROOT / "game"

    def wanted(dirname: str) -> bool:  # the shared domain leaves out every game's folder
        rel = Path(dirname).relative_to(ROOT / "game") if Path(dirname).is_absolute() else Path(dirname)
        return domain in GAME_DOMAINS or not (rel.parts and rel.parts[0] in GAME_DOMAINS)

    for filename, lineno, message, comments, context in extract_from_dir(
            base, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True,
            directory_filter=lambda d: wanted(str(Path(d).resolve()))):
        where = str((base / filename).relative_to(ROOT))
        catalog.add(message, locations=[(where, lineno)], auto_comments=comments, context=context)
    return catalog


def po_text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=110, omit_header=True, sort_output=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir())


def po_path(code: str, domain: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{domain}.po"


def merged(code: str, domain: str, pot: Catalog) -> Catalog:
    """``code``'s catalogue of ``domain`` updated to the template: new strings added empty, changed ones marked
    fuzzy, gone ones dropped (a missing .po starts empty)."""
    path = po_path(code, domain)
    if path.exists():
        with path.open("rb") as f:
            catalog = read_po(f, locale=code)
    else:
        catalog = Catalog(locale=code, charset="utf-8")
    catalog.update(pot, update_header_comment=False)
    catalog.obsolete.clear()
    # fixed dates and names: the compiled .mo depends on the translations only (the check compares bytes)
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    catalog.project, catalog.version = "Vélothèque", "1"
    catalog.last_translator = catalog.language_team = "Vélothèque"
    return catalog


def problems(code: str, domain: str, catalog: Catalog) -> list[str]:
    """What a player would see in English: an entry not translated, or marked fuzzy (the English changed)."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        first = message.id[0] if isinstance(message.id, tuple) else message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            out.append(f"{code}/{domain}: not translated: {first!r}")
        elif message.fuzzy:
            out.append(f"{code}/{domain}: the English changed, check the translation: {first!r}")
    return out


def run(check: bool, domains: tuple[str, ...] = DOMAINS) -> list[str]:
    """Bring every catalogue up to date (or, with ``check``, say what is not); the problems found."""
    found: list[str] = []
    for domain in domains:
        pot = template(domain)
        text = po_text(pot)
        if not pot_path(domain).exists() or pot_path(domain).read_bytes() != text:
            found.append(f"{pot_path(domain).relative_to(ROOT)} is out of date with the strings in game/")
            if not check:
                pot_path(domain).write_bytes(text)
        for code in languages():
            catalog = merged(code, domain, pot)
            found += problems(code, domain, catalog)
            po = po_text(catalog)
            path = po_path(code, domain)
            if not path.exists() or path.read_bytes() != po:
                found.append(f"{path.relative_to(ROOT)} is out of date with the template")
                if not check:
                    path.write_bytes(po)
            mo = path.with_suffix(".mo")
            compiled = mo_bytes(catalog)
            if not mo.exists() or mo.read_bytes() != compiled:
                found.append(f"{mo.relative_to(ROOT)} is out of date with its .po")
                if not check:
                    mo.write_bytes(compiled)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.i18n", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; list what is out of date")
    parser.add_argument("--domain", action="append", choices=DOMAINS,
                        help="only this domain (repeatable): velotheque or a game's id")
    args = parser.parse_args(argv)
    found = run(args.check, tuple(args.domain) if args.domain else DOMAINS)
    for line in found:
        print(line)
    if args.check:
        return 1 if found else 0
    untranslated = [line for line in found if ": not translated" in line or ": the English changed" in line]
    return 1 if untranslated else 0


if __name__ == "__main__":
    sys.exit(main())
