"""Render examples/sample_brief.md as a two-page PDF (needs fpdf2: pip install '.[test]').

    python examples/make_pdf.py
"""

from pathlib import Path

from fpdf import FPDF

HERE = Path(__file__).resolve().parent


def main() -> None:
    pdf = FPDF(format="letter")
    pdf.set_margins(25, 25)
    pdf.set_font("Times", size=12)
    pdf.add_page()
    for block in HERE.joinpath("sample_brief.md").read_text().split("\n\n"):
        if block.startswith("### II."):
            pdf.add_page()
        heading = block.startswith("#")
        pdf.set_font("Times", style="B" if heading else "", size=12)
        pdf.multi_cell(0, 6, block.lstrip("# ").replace("\n", " "))
        pdf.ln(3)
    pdf.output(str(HERE / "sample_brief.pdf"))


if __name__ == "__main__":
    main()
