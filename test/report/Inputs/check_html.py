"""Reads the page utils/pipeline-report wrote, with html.parser, and prints
one line per table row: kernel | cells separated by ' | ' (the browser-free
check of the page's content; test/report/report.cu runs FileCheck on it)."""
import sys
from html.parser import HTMLParser


class Rows(HTMLParser):
    def __init__(self):
        super().__init__()
        self.kernel = None
        self.in_h2 = self.in_cell = False
        self.row = None
        self.cell = ""
        self.checkboxes = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "h2":
            self.in_h2, self.kernel = True, ""
        elif tag == "tr" and "loop" in a.get("class", ""):
            self.row = []
        elif tag == "td" and self.row is not None:
            self.in_cell, self.cell = True, ""
        elif tag == "input" and a.get("type") == "checkbox":
            self.checkboxes.append(a.get("id"))

    def handle_endtag(self, tag):
        if tag == "h2":
            self.in_h2 = False
        elif tag == "td" and self.in_cell:
            self.in_cell = False
            self.row.append(" ".join(self.cell.split()))
        elif tag == "tr" and self.row is not None:
            print(f"ROW {self.kernel} | " + " | ".join(self.row))
            self.row = None

    def handle_data(self, data):
        if self.in_h2:
            self.kernel += data
        elif self.in_cell:
            self.cell += data


p = Rows()
with open(sys.argv[1], encoding="utf-8") as fh:
    p.feed(fh.read())
print("FILTERS " + " ".join(p.checkboxes))
