#!/usr/bin/env python3
"""README.md's table of arguments, from lib/options.def (the one list of the
plugin's arguments): one row per PL_OPTION entry, in its order, with the
argument as written (NAME, or NAME=META) and its DOC.

Usage:
  utils/options_table.py                    print the table (markdown)
  utils/options_table.py --check README.md  exit 1, with a diff, when the
                                            table between README.md's markers
                                            is not that table
  utils/options_table.py --update README.md write the table between them

The markers are the lines BEGIN and END below."""
import difflib
import os
import re
import sys

DEF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib", "options.def")
BEGIN = "<!-- The table of arguments is lib/options.def's: utils/options_table.py --update README.md -->"
END = "<!-- End of the table of arguments. -->"
# PL_OPTION(KIND, NAME, META, FIELD, DEFAULT, MIN, MAX, NOTE, LISTED, HELP, DOC)
FIELDS = ["kind", "name", "meta", "field", "default", "min", "max", "note", "listed", "help", "doc"]

TOKEN = re.compile(r"""
    (?P<space>\s+|/\*.*?\*/|//[^\n]*)
  | (?P<string>"(?:[^"\\\n]|\\.)*")
  | (?P<char>'(?:[^'\\\n]|\\.)*')
  | (?P<word>[A-Za-z_0-9.]+)
  | (?P<punct>.)""", re.S | re.X)


def tokens(text):
    """The C tokens of `text` as (kind, text) pairs, without comments."""
    for m in TOKEN.finditer(text):
        if m.lastgroup != "space":
            yield m.lastgroup, m.group()


def unquote(literal):
    """The characters of one C string literal (the escapes options.def uses)."""
    escapes = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'"}
    return re.sub(r"\\(.)", lambda m: escapes[m.group(1)], literal[1:-1])


def value(arg):
    """An argument of PL_OPTION: adjacent string literals joined, else its tokens."""
    if arg and all(kind == "string" for kind, _ in arg):
        return "".join(unquote(t) for _, t in arg)
    return " ".join(t for _, t in arg)


def entries(text):
    """Each PL_OPTION(...) of options.def as a dict of FIELDS."""
    toks = list(tokens(text))
    out = []
    i = 0
    while i < len(toks):
        if toks[i] != ("word", "PL_OPTION") or toks[i + 1][1] != "(":
            i += 1
            continue
        args, arg, depth = [], [], 0
        i += 2
        while depth > 0 or toks[i][1] != ")":
            kind, t = toks[i]
            if t == "," and depth == 0:
                args.append(arg)
                arg = []
            else:
                depth += (t == "(") - (t == ")")
                arg.append((kind, t))
            i += 1
        args.append(arg)
        if len(args) != len(FIELDS):
            sys.exit("options.def: PL_OPTION with %d fields, not %d: %s" %
                     (len(args), len(FIELDS), value(args[1]) if len(args) > 1 else "?"))
        out.append(dict(zip(FIELDS, (value(a) for a in args))))
        i += 1
    return out


def cell(text):
    """`text` for a cell of a markdown table, whose columns '|' separates."""
    return text.replace("|", "\\|")


def table(entries):
    lines = ["| argument | meaning |", "| --- | --- |"]
    for e in entries:
        written = e["name"] + ("=" + e["meta"] if e["meta"] else "")
        lines.append("| `%s` | %s |" % (cell(written), cell(e["doc"])))
    return "\n".join(lines) + "\n"


def readme_parts(path):
    """README.md as the text up to BEGIN's line, the table, and from END's line."""
    text = open(path, encoding="utf-8").read()
    begin = text.find(BEGIN + "\n")
    end = text.find(END + "\n")
    if begin < 0 or end < begin:
        sys.exit("%s: no lines %r and %r around the table of arguments" % (path, BEGIN, END))
    begin += len(BEGIN) + 1
    return text[:begin], text[begin:end], text[end:]


def main(argv):
    with open(DEF, encoding="utf-8") as f:
        want = table(entries(f.read()))
    if len(argv) == 1:
        sys.stdout.write(want)
        return 0
    if len(argv) != 3 or argv[1] not in ("--check", "--update"):
        sys.exit(__doc__)
    head, have, tail = readme_parts(argv[2])
    want = "\n" + want + "\n"  # blank lines around the table, after and before the markers
    if argv[1] == "--update":
        with open(argv[2], "w", encoding="utf-8") as f:
            f.write(head + want + tail)
        return 0
    if have == want:
        return 0
    sys.stdout.writelines(difflib.unified_diff(
        have.splitlines(True), want.splitlines(True), argv[2], "lib/options.def"))
    print("%s: the table of arguments is not lib/options.def's: run utils/options_table.py "
          "--update %s" % (argv[2], argv[2]))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
