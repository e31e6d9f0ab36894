#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when a Qt Linguist .ts file has an unfinished, empty or vanished entry, or a translation
whose placeholders (%1..%99, %n) differ from its source's.

usage: check_ts.py FILE.ts [--plurals-only]
"""
import re
import sys
import xml.etree.ElementTree as ET


def main():
    path = sys.argv[1]
    problems, total = [], 0
    for ctx in ET.parse(path).getroot().iter("context"):
        name = ctx.findtext("name")
        for m in ctx.iter("message"):
            total += 1
            src = m.findtext("source") or ""
            tr = m.find("translation")
            kind = tr.get("type") if tr is not None else "missing"
            forms = [f.text or "" for f in tr.iter("numerusform")] if m.get("numerus") == "yes" else [tr.text or ""]
            if kind in ("unfinished", "vanished", "obsolete", "missing"):
                problems.append("%s: %r is %s" % (name, src, kind))
                continue
            for f in forms:
                if not f.strip():
                    problems.append("%s: %r has an empty translation" % (name, src))
                want = sorted(set(re.findall(r"%(?:\d+|n)", src)))
                got = sorted(set(re.findall(r"%(?:\d+|n)", f)))
                if want != got:
                    problems.append("%s: %r: placeholders %s, translation has %s" % (name, src, want, got))
    for p in problems:
        print("%s: %s" % (path, p))
    print("%s: %d entries, %d finished" % (path, total, total - len(problems)))
    return 1 if problems or total == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
