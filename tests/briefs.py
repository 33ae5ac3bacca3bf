"""Briefs built in the test, as a litigator's tools save them: a DOCX with citations in a
table, a footnote, an endnote and a text box; a PDF on pleading paper with a running
header, margin line numbers and a footer."""

from __future__ import annotations

import zipfile
from pathlib import Path

import docx
from docx.enum.text import WD_BREAK
from docx.opc.constants import CONTENT_TYPE as CT
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls
from fpdf import FPDF

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
NS = (
    f'xmlns:w="{W_NS}" '
    'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
    'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" '
    'xmlns:v="urn:schemas-microsoft-com:vml"'
)

BODY_CITE = "Gideon v. Wainwright, 372 U.S. 335, 344 (1963)"
TABLE_CITE = "Miranda v. Arizona, 373 U.S. 83 (1963)"  # 373 U.S. 83 is Brady v. Maryland
FOOTNOTE_CITE = "Brown v. Board of Education, 347 U.S. 483, 495 (1954)"
ENDNOTE_CITE = "Mapp v. Ohio, 367 U.S. 643 (1961)"
TEXT_BOX_CITE = "Smith v. Jones, 999 U.S. 1 (2031)"  # a volume not yet printed


def note_part(package, kind: str, text: str) -> Part:
    root = "footnotes" if kind == "footnote" else "endnotes"
    xml = (
        f'<w:{root} xmlns:w="{W_NS}">'
        f'<w:{kind} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:{kind}>'
        f'<w:{kind} w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/>'
        f"</w:r></w:p></w:{kind}>"
        f'<w:{kind} w:id="1"><w:p><w:r><w:{kind}Ref/></w:r><w:r><w:t xml:space="preserve"> '
        f"{text}</w:t></w:r></w:p></w:{kind}></w:{root}>"
    )
    content_type = CT.WML_FOOTNOTES if kind == "footnote" else CT.WML_ENDNOTES
    return Part(PackURI(f"/word/{root}.xml"), content_type, xml.encode(), package)


def note_reference(paragraph, kind: str) -> None:
    run = parse_xml(
        f'<w:r {NS}><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:{kind}Reference w:id="1"/></w:r>'
    )
    paragraph._p.append(run)


def _text_box(paragraph, text: str) -> None:
    """A DrawingML text box with Word's VML fallback copy of the same text."""
    box = f'<w:txbxContent><w:p><w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p></w:txbxContent>'
    run = parse_xml(
        f"<w:r {NS}><mc:AlternateContent>"
        '<mc:Choice Requires="wps"><w:drawing><wp:anchor><a:graphic>'
        '<a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">'
        f"<wps:wsp><wps:txbx>{box}</wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor>"
        "</w:drawing></mc:Choice>"
        f"<mc:Fallback><w:pict><v:shape><v:textbox>{box}</v:textbox></v:shape></w:pict></mc:Fallback>"
        "</mc:AlternateContent></w:r>"
    )
    paragraph._p.append(run)


def docx_brief(path: Path, footnote: str = FOOTNOTE_CITE, endnote: str = ENDNOTE_CITE) -> Path:
    """Page 1: a body citation and a table; page 2: a footnote, a text box and an endnote
    (citing ``footnote`` and ``endnote``); a page header on every page, and the page number
    in the footer."""
    document = docx.Document()
    document.sections[0].header.paragraphs[0].text = "Case No. 24-cv-1234 — Plaintiff's Motion"
    document.sections[0].footer.paragraphs[0]._p.append(
        parse_xml(f'<w:fldSimple {nsdecls("w")} w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple>')
    )  # the page number printed in the footer
    document.add_paragraph(f"Counsel is a right of every accused. {BODY_CITE}.")
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).text = "Authority"
    table.cell(0, 1).text = "Holding"
    table.cell(1, 0).text = TABLE_CITE
    table.cell(1, 1).text = "Suppression of favourable evidence violates due process."
    document.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
    second = document.add_paragraph("Separate is not equal.")
    note_reference(second, "footnote")
    second.add_run(" Evidence seized unlawfully is excluded.")
    note_reference(second, "endnote")
    _text_box(document.add_paragraph("A sidebar follows."), f"Compare {TEXT_BOX_CITE}.")
    package = document.part.package
    document.part.relate_to(note_part(package, "footnote", f"See {footnote}."), RT.FOOTNOTES)
    document.part.relate_to(note_part(package, "endnote", f"See {endnote}."), RT.ENDNOTES)
    document.save(str(path))
    return path


HEADER = "Case 2:24-cv-01234-ABC   Document 12   Filed 01/02/25   Page {page} of {pages}"
FOOTER = "PLAINTIFF'S MOTION FOR SUMMARY JUDGMENT - {page}"


def pleading_pdf(path: Path, pages: list[list[str]]) -> Path:
    """Each page's lines on pleading paper: a running header, line numbers 1-28 printed
    on the baselines of the text, and a footer with the page number."""
    pdf = FPDF(format="letter")
    pdf.set_auto_page_break(False)
    for number, lines in enumerate(pages, 1):
        pdf.add_page()
        pdf.set_font("Helvetica", size=9)
        pdf.set_xy(20, 8)
        pdf.cell(0, 5, HEADER.format(page=number, pages=len(pages)))
        pdf.set_font("Helvetica", size=11)
        for row in range(28):
            pdf.set_xy(6, 20 + row * 8.5)
            pdf.cell(8, 6, str(row + 1), align="R")
            if row < len(lines):
                pdf.set_xy(25, 20 + row * 8.5)
                pdf.cell(0, 6, lines[row])
        pdf.set_font("Helvetica", size=9)
        pdf.set_xy(20, 265)
        pdf.cell(0, 5, FOOTER.format(page=number))
    pdf.output(str(path))
    return path


def docx_bomb(path: Path, inflated_mib: int) -> None:
    """A real DOCX whose document.xml inflates to ``inflated_mib`` MiB of paragraphs."""
    template = path.with_suffix(".template.docx")
    docx.Document().save(str(template))
    paragraph = b"<w:p><w:r><w:t>" + b"A" * 4000 + b"</w:t></w:r></w:p>"
    with zipfile.ZipFile(template) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for item in src.infolist():
            if item.filename != "word/document.xml":
                out.writestr(item, src.read(item))
        xml = src.read("word/document.xml")
        head, tail = xml.split(b"<w:body>")
        with out.open("word/document.xml", "w", force_zip64=True) as w:
            w.write(head + b"<w:body>")
            chunk = paragraph * (1024 * 1024 // len(paragraph))
            for _ in range(inflated_mib):
                w.write(chunk)
            w.write(tail)
    template.unlink()
