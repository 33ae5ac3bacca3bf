"""A real text laid out as courts and firms print it, written to a file citeproof reads.

Each layout is a function ``(text, folder, rng) -> path``:

* ``numbered`` — a pleading-paper filing as text extraction gives it: justified lines padded
  with spaces, a line number (1-28) before each line or alone on its own line, a running head
  and a page number every 28 lines;
* ``slip`` — a slip opinion's extracted text: long words hyphenated across lines, the page
  number alone on a line at the top of each page, the running head under it;
* ``pdf`` — a PDF (fpdf2, DejaVu Sans): line numbers in the margin, a running head, a page
  number in the footer, long words hyphenated across lines;
* ``docx`` — a Word file (python-docx): a running header, a page-number field in the footer,
  each paragraph a Word paragraph;
* ``docx-pdf`` — that Word file exported to PDF by LibreOffice (``soffice --headless``), as a
  firm files it;
* ``toa``, ``toa-pdf``, ``footnotes``, ``footnotes-pdf``, ``columns`` — a brief's front matter,
  an opinion's real footnotes, a two-column reporter page (`court_layouts.py`);
* ``record`` — the text citing its own record after its sentences, as appellate briefs do
  (``(1 App. 12; 3 R. 45.)``, ``J.A. 45.``, ``Tr. 45:3-9.``; `record_layouts.py`).
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

LINES_PER_PAGE = 28
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
_HEAD = "Case 1:19-cv-0{n}-ABC    Document 45    Filed 03/02/20    Page {page} of {pages}"


def paragraphs(text: str) -> list[str]:
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip()]


def wrap(paragraph: str, width: int, rng: random.Random, hyphenate: bool) -> list[str]:
    """Greedy lines of at most ``width`` characters; a long word that does not fit may be
    hyphenated across the break (as typesetters do)."""
    lines: list[str] = []
    line = ""
    for word in paragraph.split(" "):
        room = width - len(line) - (1 if line else 0)
        if len(word) <= room:
            line = f"{line} {word}" if line else word
            continue
        if hyphenate and re.fullmatch(r"[A-Za-z]{8,}[,.;]?", word) and room >= 5 and rng.random() < 0.7:
            cut = rng.randint(3, min(room - 1, len(word.rstrip(",.;")) - 3))
            lines.append(f"{line} {word[:cut]}-" if line else f"{word[:cut]}-")
            line = word[cut:]
            continue
        if line:
            lines.append(line)
        line = word
    if line:
        lines.append(line)
    return lines


def justified(line: str, width: int) -> str:
    """``line`` padded to ``width`` with spaces spread between its words."""
    words = line.split(" ")
    gaps = len(words) - 1
    if gaps <= 0 or len(line) >= width:
        return line
    extra = width - len(line)
    out = words[0]
    for k, word in enumerate(words[1:]):
        out += " " * (1 + extra // gaps + (1 if k < extra % gaps else 0)) + word
    return out


def body_lines(text: str, width: int, rng: random.Random, hyphenate: bool) -> list[str]:
    """The text as justified lines, a blank line between paragraphs."""
    out: list[str] = []
    for p in paragraphs(text):
        lines = wrap(p, width, rng, hyphenate)
        out += [justified(line, width) for line in lines[:-1]] + [lines[-1], ""]
    return out


def numbered(text: str, folder: Path, rng: random.Random) -> Path:
    lines = body_lines(text, rng.choice((60, 64, 68)), rng, hyphenate=False)
    own_line = rng.random() < 0.5  # the margin number alone on its line, or before the text
    pages = -(-len(lines) // LINES_PER_PAGE)
    out = []
    for p in range(pages):
        out.append(_HEAD.format(n=rng.randint(1000, 9999), page=p + 1, pages=pages))
        for k, line in enumerate(lines[p * LINES_PER_PAGE : (p + 1) * LINES_PER_PAGE], 1):
            out += [f"{k:>2}", f"     {line}"] if own_line else [f"{k:>2}     {line}"]
        out.append(f"{'':30}{p + 1}")
    return _write(folder / "numbered.txt", "\n".join(out) + "\n")


def slip(text: str, folder: Path, rng: random.Random) -> Path:
    lines = body_lines(text, 70, rng, hyphenate=True)
    per_page, first = 40, rng.randint(60, 900)
    out = []
    for p in range(-(-len(lines) // per_page)):
        out += [f"{'':34}{first + p}", "", f"{'':20}Opinion of the Court", ""]
        out += lines[p * per_page : (p + 1) * per_page]
    return _write(folder / "slip.txt", "\n".join(out) + "\n")


def printed(text: str) -> str:
    """What a court's page shows for a text decoded as Latin-1 from Windows-1252: ``\\x97``
    is an em dash on the page (the PDF font has no glyph for a control character, and fpdf2
    would drop it, leaving ``oathand`` for ``oath\u2014and``)."""
    return "".join(
        bytes([ord(c)]).decode("cp1252", errors="replace") if "\x80" <= c <= "\x9f" and c != "\x85" else c
        for c in text
    ).replace("\ufffd", " ")


def pdf(text: str, folder: Path, rng: random.Random) -> Path:
    from fpdf import FPDF

    lines = body_lines(printed(text), 78, rng, hyphenate=True)
    doc = FPDF(format="letter")
    doc.add_font("DejaVu", fname=str(FONT))
    doc.set_auto_page_break(False)
    for p in range(-(-len(lines) // LINES_PER_PAGE)):
        doc.add_page()
        doc.set_font("DejaVu", size=8)
        doc.text(60, 30, f"Appellant's Opening Brief — No. 19-{rng.randint(1000, 9999)}")
        doc.set_font("DejaVu", size=10)
        for k, line in enumerate(lines[p * LINES_PER_PAGE : (p + 1) * LINES_PER_PAGE]):
            y = 60 + k * 24
            doc.text(40, y, str(k + 1))
            doc.text(72, y, " ".join(line.split()))
        doc.text(300, 760, str(p + 1))
    path = folder / "brief.pdf"
    doc.output(str(path))
    return path


def docx(text: str, folder: Path, rng: random.Random) -> Path:
    from docx import Document as Word
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    word = Word()
    section = word.sections[0]
    section.header.paragraphs[0].text = f"Brief of Appellant — No. 19-{rng.randint(1000, 9999)}"
    footer = section.footer.paragraphs[0]
    run = footer.add_run()
    for tag, text_ in (("begin", None), (None, "PAGE"), ("end", None)):
        if tag:
            el = OxmlElement("w:fldChar")
            el.set(qn("w:fldCharType"), tag)
        else:
            el = OxmlElement("w:instrText")
            el.text = text_
        run._r.append(el)
    for p in paragraphs(text):
        word.add_paragraph(p)
    path = folder / "brief.docx"
    word.save(str(path))
    return path


def docx_pdf(text: str, folder: Path, rng: random.Random) -> Path:
    return office_pdf(docx(text, folder, rng), folder)


def office_pdf(source: Path, folder: Path) -> Path:
    """``source`` (a Word file) exported to PDF by LibreOffice, as a firm files it."""
    office = shutil.which("soffice") or shutil.which("libreoffice")
    if office is None:
        raise RuntimeError("LibreOffice (soffice) is not installed: apt-get install libreoffice-writer-nogui")
    subprocess.run(
        [
            office,
            f"-env:UserInstallation=file://{folder}/profile",
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            str(folder),
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    return source.with_suffix(".pdf")


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _court(name: str) -> Callable[[str, Path, random.Random], Path]:
    """A layout of `court_layouts.py` (loaded on first use: it imports this module)."""

    def layout(text: str, folder: Path, rng: random.Random) -> Path:
        import court_layouts

        return getattr(court_layouts, name)(text, folder, rng)  # type: ignore[no-any-return]

    return layout


def _record(text: str, folder: Path, rng: random.Random) -> Path:
    import record_layouts

    return record_layouts.record(text, folder, rng)


LAYOUTS: dict[str, Callable[[str, Path, random.Random], Path]] = {
    "numbered": numbered,
    "slip": slip,
    "pdf": pdf,
    "docx": docx,
    "docx-pdf": docx_pdf,
    "toa": _court("toa"),
    "toa-pdf": _court("toa_pdf"),
    "footnotes": _court("footnotes"),
    "footnotes-pdf": _court("footnotes_pdf"),
    "columns": _court("columns"),
    "record": _record,
}
NOTES_AT_CALLS = {"footnotes", "footnotes-pdf"}  # layouts that print each note where it is called


def render(layout: str, text: str, folder: Path, rng: random.Random) -> Path:
    return LAYOUTS[layout](text, folder, rng)


def reading_order(layout: str, text: str) -> str:
    """The clean text a reader of ``layout`` meets: the text itself, or with each note after
    the paragraph that calls it where the layout prints notes at their calls."""
    if layout not in NOTES_AT_CALLS:
        return text
    import court_layouts

    return court_layouts.reading_order(text)
