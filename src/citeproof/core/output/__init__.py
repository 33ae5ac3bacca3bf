"""Output: the `Report` (JSON contract, table, Markdown, HTML), the table of authorities, next
steps for what stays unverifiable, and the brief back in Word with a comment on each problem."""

from citeproof.core.output.annotate_docx import annotate_docx
from citeproof.core.output.report import Report
from citeproof.core.output.toa import table_of_authorities

__all__ = ["Report", "annotate_docx", "table_of_authorities"]
