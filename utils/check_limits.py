#!/usr/bin/env python3
"""utils/check_limits.py: the size and history limits of the source tree.

  utils/check_limits.py [ROOT]        check the tree at ROOT (default: the
                                      checkout this script is in)

Three rules (docs/design.md, "Limits of the tree"):
  files      no file of lib/ or plugin/ is longer than 700 lines
  functions  no function of lib/*.c or plugin/*.cpp is longer than 80
             lines, from the first line of its signature to its closing
             brace
  history    no comment of lib/, plugin/, include/, test/, bench/, utils/
             or examples/, and no line of docs/*.md outside docs/results/,
             cites an issue ("issue 9, part 4", "(issue 13)"): issue
             numbers stay in the commit messages, and docs/results/ holds
             the measurements of the past

Prints one line per breach, "PATH:LINE: what", and a summary; exits 1 when
there is a breach, 0 otherwise.
"""
import os
import re
import sys

MAX_FILE_LINES = 700
MAX_FUNCTION_LINES = 80

# An issue cited by number: "issue 9," "issue 9, part 4" "(issue 13)" "issues
# 9 and 10:" -- not the verb ("the prologue issues 4 copies").
ISSUE = re.compile(
    r"\b[Ii]ssues? #?\d+(?:(?:, | and )#?\d+)*(?=\s*[,):.;]|\s*$|\s+part\b)")
CONTROL = re.compile(r"\b(if|for|while|switch|catch|return|sizeof)\s*$")
QUALIFIERS = re.compile(r"\)\s*(const|override|final|noexcept|mutable|\s)*$")


def blank_out(text, cpp):
    """The text with comments, string and character literals replaced by
    spaces (newlines kept), so braces and parentheses in them are not
    counted."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif cpp and text.startswith('R"', i) and (i == 0 or not text[i - 1].isalnum()):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            end = ")" + m.group(1) + '"' if m else '"'
            j = text.find(end, i + 2)
            j = n if j < 0 else j + len(end)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(" " * (j - i))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(text, cpp):
    """(name, first line, last line) of every function definition: a brace
    opened outside any function, after a parenthesized parameter list.
    Namespaces, extern "C" blocks, classes and structs are looked into."""
    code = blank_out(text, cpp)
    code = re.sub(r"^[ \t]*#.*$", lambda m: " " * len(m.group(0)), code, flags=re.M)
    found = []
    stack = []  # per open brace: True when it opens a function body
    start = 0  # offset where the current declaration began
    in_function = None  # (name, offset of its signature, depth)
    for i, c in enumerate(code):
        if c == "{":
            head = code[start:i]
            is_fn = (
                in_function is None
                and "(" in head
                and QUALIFIERS.search(head) is not None
                and not re.search(r"=\s*$", head)
            )
            if is_fn:
                sig = head[: head.index("(")]
                name = re.findall(r"[\w~:]+", sig)
                if name and not CONTROL.search(sig) and name[-1] not in (
                        "if", "for", "while", "switch", "catch"):
                    in_function = (name[-1], start + len(head) - len(head.lstrip()), len(stack))
                else:
                    is_fn = False
            stack.append(is_fn)
            start = i + 1
        elif c == "}":
            opened_fn = stack.pop() if stack else False
            if opened_fn and in_function and in_function[2] == len(stack):
                name, at, _ = in_function
                found.append((name, code.count("\n", 0, at) + 1, code.count("\n", 0, i) + 1))
                in_function = None
            start = i + 1
        elif c == ";":
            start = i + 1
    return found


def comment_lines(text):
    """(line number, text) of each line that holds a comment (//, /* */,
    or a lit/CMake/shell/Python '#' or ';' comment line)."""
    in_block = False
    for no, line in enumerate(text.split("\n"), 1):
        s = line.strip()
        if in_block:
            yield no, line
            if "*/" in line:
                in_block = False
            continue
        if "/*" in line:
            yield no, line
            in_block = "*/" not in line[line.index("/*") + 2:]
        elif "//" in line or s.startswith(("#", ";")) or s.startswith('"""'):
            yield no, line


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    breaches = []
    for d in ("lib", "plugin"):
        for name in sorted(os.listdir(os.path.join(root, d))):
            path = os.path.join(root, d, name)
            if not os.path.isfile(path):
                continue
            text = open(path, encoding="utf-8", errors="replace").read()
            rel = os.path.relpath(path, root)
            lines = text.count("\n")
            if lines > MAX_FILE_LINES:
                breaches.append("%s:1: %d lines, more than %d" % (rel, lines, MAX_FILE_LINES))
            if name.endswith((".c", ".cpp")):
                for fn, first, last in functions(text, name.endswith(".cpp")):
                    if last - first + 1 > MAX_FUNCTION_LINES:
                        breaches.append("%s:%d: function %s has %d lines, more than %d" %
                                        (rel, first, fn, last - first + 1, MAX_FUNCTION_LINES))
    checked = ("lib", "plugin", "include", "test", "bench", "utils", "examples")
    for d in checked:
        for dirpath, dirnames, files in os.walk(os.path.join(root, d)):
            dirnames[:] = sorted(x for x in dirnames if x not in ("Output", "__pycache__"))
            for name in sorted(files):
                path = os.path.join(dirpath, name)
                if os.path.abspath(path) == os.path.abspath(__file__):
                    continue
                try:
                    text = open(path, encoding="utf-8").read()
                except (UnicodeDecodeError, OSError):
                    continue
                rel = os.path.relpath(path, root)
                for no, line in comment_lines(text):
                    m = ISSUE.search(line)
                    if m:
                        breaches.append("%s:%d: cites '%s' in a comment" % (rel, no, m.group(0)))
    docs = os.path.join(root, "docs")
    for name in sorted(os.listdir(docs)) if os.path.isdir(docs) else []:
        if not name.endswith(".md"):
            continue
        text = open(os.path.join(docs, name), encoding="utf-8").read()
        for no, line in enumerate(text.split("\n"), 1):
            m = ISSUE.search(line)
            if m:
                breaches.append("docs/%s:%d: cites '%s'" % (name, no, m.group(0)))
    for b in breaches:
        print(b)
    print("check_limits: %d breach%s (files <= %d lines, functions <= %d lines, no issue "
          "numbers in comments or docs)" % (len(breaches), "" if len(breaches) == 1 else "es",
                                             MAX_FILE_LINES, MAX_FUNCTION_LINES))
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
