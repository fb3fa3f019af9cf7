"""A small Markdown renderer for the rules viewer: headings, paragraphs, bullets, quotes, tables,
**bold** and `code`, laid out once into a tall surface that the viewer scrolls."""

from __future__ import annotations

import re

import pygame

from .. import theme

BODY = 18
LINE = 27


def _tokens(text: str) -> list[tuple[str, str, bool]]:
    """Words with their style (body, bold, italic, code) and whether a space precedes them
    (``**x**``, ``__x__``, ``*x*``, ``_x_``, `` `x` ``)."""
    out: list[tuple[str, str, bool]] = []
    pending_space = False
    for part in re.split(r"(\*\*[^*]+\*\*|__[^_]+__|`[^`]+`|\*[^*\s][^*]*\*|\b_[^_]+_\b)", text):
        if not part:
            continue
        if part.startswith(("**", "__")) and len(part) > 4:
            style, part = "bold", part[2:-2]
        elif part.startswith("`") and len(part) > 2:
            style, part = "code", part[1:-1]
        elif part.startswith(("*", "_")) and len(part) > 2:
            style, part = "italic", part[1:-1]
        else:
            style = "body"
        words = part.split(" ")
        for i, word in enumerate(words):
            if word:
                space = pending_space or i > 0 or (not out)
                out.append((word, style, space and bool(out)))
                pending_space = False
        pending_space = part.endswith(" ")
    return out


def _font_style(style: str, base: str) -> str:
    if style == "bold":
        return "bold"
    if style == "italic":
        return "italic"
    return "italic" if base == "italic" else base


def render_rich(text: str, width: int, size: int = BODY, colour=theme.INK, base: str = "body",
                line_h: int = LINE) -> pygame.Surface:
    tokens = _tokens(text)
    lines: list[list[tuple[str, str, int]]] = [[]]
    x = 0
    space = theme.font(size, base).size(" ")[0]
    for word, style, spaced in tokens:
        fs = _font_style(style, base)
        w = theme.font(size, fs).size(word)[0]
        if spaced and lines[-1]:
            x += space
        if x + w > width and lines[-1]:
            lines.append([])
            x = 0
        lines[-1].append((word, style, x))
        x += w
    surf = pygame.Surface((width, max(1, len(lines)) * line_h), pygame.SRCALPHA)
    for row, line in enumerate(lines):
        drops = [_baseline_drop(word, size, _font_style(style, base)) for word, style, _x in line]
        for (word, style, wx), drop in zip(line, drops, strict=True):
            ink = theme.ACCENT if style == "code" else (theme.lighten(colour, 0.1) if style == "bold" else colour)
            y = row * line_h + 2 + max(drops, default=0) - drop  # every word of a line on one baseline
            surf.blit(theme.text(word, size, ink, _font_style(style, base)), (wx, y))
    return surf


def _baseline_drop(word: str, size: int, style: str) -> int:
    """How far down the font draws ``word``'s baseline in its image: a glyph taller than the font's ascent (an
    accented capital: É, À) pushes the whole word down by the overflow, so a line of words drawn one by one
    would put "Équipes" lower than its neighbours."""
    f = theme.font(size, style)
    tops = [m[3] for m in f.metrics(word) if m]
    return max(0, max(tops, default=0) - f.get_ascent())


def layout(markdown: str, width: int, subsections: list[tuple[str, int]] | None = None
           ) -> tuple[pygame.Surface, list[tuple[str, int]]]:
    """The rendered document and its sections (heading text, y) for a table of contents; ``subsections``, when
    given, gets the headings one level down ("### Niveau Expert") in the same way."""
    blocks: list[tuple[pygame.Surface, int]] = []  # (image, x indent)
    sections: list[tuple[str, int]] = []
    y = 0
    para: list[str] = []
    table: list[list[str]] = []

    def push(img: pygame.Surface, indent: int = 0, gap: int = 0) -> None:
        nonlocal y
        y += gap
        blocks.append((img, indent, y))  # type: ignore[arg-type]
        y += img.get_height()

    def flush_para() -> None:
        if para:
            push(render_rich(" ".join(para), width), 0, 6)
            para.clear()

    def flush_table() -> None:
        if not table:
            return
        widths = _column_widths(table, width - 20)
        for r, row in enumerate(table):
            cells = [render_rich(c, widths[i] - 16, 16, theme.INK if r else theme.ACCENT,
                                 "bold" if r == 0 else "body", 22) for i, c in enumerate(row)]
            h = max(c.get_height() for c in cells) + 8
            img = pygame.Surface((width, h), pygame.SRCALPHA)
            if r % 2 == 0:
                img.fill((*theme.PANEL_HI, 120))
            for i, c in enumerate(cells):
                img.blit(c, (10 + sum(widths[:i]), 4))
            push(img, 0, 0)
        table.clear()

    in_code = False
    for raw in _join_continuations(markdown.splitlines()):
        line = raw.rstrip()
        if line.startswith("```"):
            flush_para()
            in_code = not in_code
            continue
        if in_code:
            push(theme.text(line or " ", 16, theme.ACCENT), 20, 0)
            continue
        if line.startswith("|"):
            flush_para()
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                continue
            table.append(cells)
            continue
        flush_table()
        if not line.strip():
            flush_para()
            continue
        m = re.match(r"^(#{1,4})\s+(.*)$", line)
        if m:
            flush_para()
            level, title = len(m.group(1)), m.group(2).strip()
            size, style, colour, gap = {1: (34, "title", theme.ACCENT, 10), 2: (26, "title", theme.INK, 26),
                                        3: (21, "bold", theme.ACCENT, 16), 4: (19, "bold", theme.INK, 12)}[level]
            if level <= 2:
                sections.append((title, y + gap - 8))
            elif level == 3 and subsections is not None:
                subsections.append((title, y + gap - 8))
            img = render_rich(title, width, size, colour, style, int(size * 1.4))
            push(img, 0, gap)
            continue
        m = re.match(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$", line)
        if m and para and m.group(2)[0].isdigit() and int(m.group(2)[:-1]) != 1:
            m = None  # "108. (Until…" wrapped inside a paragraph: only "1." begins a list there (as in Markdown)
        if m:
            flush_para()
            depth = len(m.group(1).replace("\t", "  ")) // 2
            indent = 22 + depth * 22
            body = render_rich(m.group(3), width - indent - 8)
            img = pygame.Surface((width, body.get_height()), pygame.SRCALPHA)
            marker = m.group(2)
            if marker[0].isdigit():
                img.blit(theme.text(marker, BODY, theme.ACCENT, "bold"), (indent - 24, 2))
            else:
                pygame.draw.circle(img, theme.ACCENT, (indent - 12, 15), 4)
            img.blit(body, (indent, 0))
            push(img, 0, 4)
            continue
        if line.startswith(">"):
            flush_para()
            body = render_rich(line.lstrip("> ").strip(), width - 30, 17, theme.MUTED, "italic", 25)
            img = pygame.Surface((width, body.get_height() + 4), pygame.SRCALPHA)
            pygame.draw.rect(img, theme.TEAL, (4, 0, 4, img.get_height()))
            img.blit(body, (22, 2))
            push(img, 0, 4)
            continue
        para.append(line.strip())
    flush_para()
    flush_table()
    doc = pygame.Surface((width, y + 40), pygame.SRCALPHA)
    for img, indent, by in blocks:  # type: ignore[misc]
        doc.blit(img, (indent, by))
    return doc, sections


def _column_widths(table: list[list[str]], room: int) -> list[int]:
    """A table's column widths in ``room``: equal, as long as each column's longest word fits its share; else each
    column as wide as its longest word (a word never wraps: "Puncture-Proof" was cut to "Puncture-Pr"), the rest
    of the room shared out as the columns' texts ask for it."""
    cols = max(len(r) for r in table)
    need, want = [80] * cols, [80] * cols
    for r, row in enumerate(table):
        base = "bold" if r == 0 else "body"
        for i, cell in enumerate(row):
            sizes = [theme.font(16, _font_style(style, base)).size(word)[0] for word, style, _ in _tokens(cell)]
            need[i] = max(need[i], max(sizes, default=0) + 16)
            want[i] = max(want[i], sum(sizes) + 5 * len(sizes) + 16)
    equal = max(80, room // max(1, cols))
    if all(n <= equal for n in need):
        return [equal] * cols
    spare = max(0, room - sum(need))
    asked = [w - n for w, n in zip(want, need, strict=True)]
    given = [min(a, spare * a // max(1, sum(asked))) for a in asked]
    left = (spare - sum(given)) // cols
    return [n + g + left for n, g in zip(need, given, strict=True)]


def _join_continuations(lines: list[str]) -> list[str]:
    """Markdown soft wraps: an indented line that is not a new item continues the previous item."""
    out: list[str] = []
    code = False
    for line in lines:
        if line.strip().startswith("```"):
            code = not code
            out.append(line)
            continue
        item = re.match(r"^\s*([-*+]|\d+[.)])\s+", line)
        if (not code and out and line.startswith("  ") and line.strip() and not item
                and re.match(r"^\s*([-*+]|\d+[.)])\s+|^>", out[-1])):
            out[-1] = out[-1].rstrip() + " " + line.strip()
        else:
            out.append(line)
    return out
