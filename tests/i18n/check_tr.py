#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails on a user-visible string literal in ui/, app/ and model/text/ that does not go through tr().

A literal counts as user-visible when it holds words: two letters or more followed by a space and
more letters ("Save as"), or a capitalised word ("Model", "Open..."). Such a literal must be the
text of tr("..."), QCoreApplication::translate("Ctx", "..."), QT_TR_NOOP("...") or
QT_TRANSLATE_NOOP("Ctx", "..."), or be listed in tests/i18n/tr-allowlist.txt (file and the
literal's text, tab-separated; a line "file<TAB>*" exempts a whole file). Comments, #include lines,
qDebug/qWarning/qFatal/qCritical/Q_ASSERT lines and lines ending in "// notr" are skipped.

usage: check_tr.py SOURCE_DIR [--list] [--count]
"""
import os
import re
import sys

ROOTS = ("ui", "app", "model/text")
EXTS = (".cpp", ".h")
WORDY = re.compile(r"[A-Za-z]{2,}.*\s.*[A-Za-z]{2,}|^[^A-Za-z%]*[A-Z][a-z]{2,}")
KEYS = re.compile(r"^((Ctrl|Shift|Alt|Meta)\+)+\S+$")  # key sequences
SKIP_LINE = re.compile(r"^\s*#\s*include|\bq(Debug|Warning|Fatal|Critical|Info)\b|\bQ_ASSERT|//\s*notr\s*$")
# A C++ string literal (ordinary, u8/u/L prefixes, escapes). Raw strings are not used in ui/ or app/.
LIT = r'(?:u8|u|L|U)?"(?:[^"\\\n]|\\.)*"'
LITS = r"%s(?:\s*%s)*" % (LIT, LIT)  # adjacent literals concatenate
TR_CALLS = [
    re.compile(r"\b(?:tr|QT_TR_NOOP|QT_TR_N_NOOP)\s*\(\s*(%s)" % LITS),
    re.compile(r"\b(?:translate|QT_TRANSLATE_NOOP|QT_TRANSLATE_N_NOOP|QT_TRANSLATE_NOOP3)\s*\(\s*%s\s*,\s*(%s)" % (LITS, LITS)),
    re.compile(r"\b(?:translate|QT_TRANSLATE_NOOP)\s*\(\s*(%s)" % LITS),  # the context itself
]


def strip_comments(text):
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i) and not re.match(r"//\s*notr\s*$", text[i:text.find("\n", i) if "\n" in text[i:] else n]):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            seg = text[i:(n if j < 0 else j + 2)]
            out.append("\n" * seg.count("\n"))
            i = n if j < 0 else j + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def literal_text(lit):
    parts = re.findall(LIT, lit)
    return "".join(re.sub(r'^(?:u8|u|L|U)?"', "", p)[:-1] for p in parts)


def violations(root):
    allow_exact, allow_files = set(), set()
    allow_path = os.path.join(root, "tests", "i18n", "tr-allowlist.txt")
    for line in open(allow_path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        f, _, text = line.partition("\t")
        if text == "*":
            allow_files.add(f)
        else:
            allow_exact.add((f, text))
    found, used = [], set()
    for top in ROOTS:
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                if not name.endswith(EXTS):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                if rel in allow_files:
                    used.add((rel, "*"))
                    continue
                text = strip_comments(open(path, encoding="utf-8").read())
                # blank out translated literals, keeping line numbers
                for rx in TR_CALLS:
                    text = rx.sub(lambda m: m.group(0)[: m.start(1) - m.start(0)] + '""' + "\n" * m.group(1).count("\n"), text)
                for lineno, line in enumerate(text.split("\n"), 1):
                    if SKIP_LINE.search(line):
                        continue
                    for m in re.finditer(LIT, line):
                        s = literal_text(m.group(0))
                        if not WORDY.search(s) or KEYS.match(s):
                            continue
                        if (rel, s) in allow_exact:
                            used.add((rel, s))
                            continue
                        found.append((rel, lineno, s))
    stale = sorted((f, t) for f, t in allow_exact if (f, t) not in used)
    return found, stale


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    found, stale = violations(root)
    if "--count" in sys.argv:
        print(len(found))
        return 0
    for rel, lineno, s in found:
        print('%s:%d: untranslated user-visible literal "%s" (wrap it in tr()/translate(), or add it to tests/i18n/tr-allowlist.txt)' % (rel, lineno, s))
    for f, t in stale:
        print("tests/i18n/tr-allowlist.txt: stale entry %s\t%s (no longer in the source; remove it)" % (f, t))
    if found or stale:
        print("%d untranslated literal(s), %d stale allow-list entr(y/ies)" % (len(found), len(stale)), file=sys.stderr)
        return 1
    print("check_tr: every user-visible literal in %s goes through tr()" % ", ".join(ROOTS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
