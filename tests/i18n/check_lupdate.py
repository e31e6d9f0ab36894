#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when the committed .ts files are not what lupdate makes of the sources today.

lupdate reads ui/, app/ and model/ as `ninja -C build update_translations` does
(resources/CMakeLists.txt): tr(), QT_TRANSLATE_NOOP and the model's marker CT_TR(context, text)
(model/engine/enginetext.h). This runs it on copies of resources/translations/*.ts and compares the
messages, by context, source text and comment:
  - a message lupdate adds is a marked text the .ts misses (run update_translations, then translate
    it: check_ts.py fails on an unfinished entry);
  - a message lupdate drops is one no source marks any more, or one whose context or text changed
    (a marker rewritten by hand, a context mistyped): its translation would be lost.
The sources are not changed.

usage: check_lupdate.py LUPDATE SOURCE_DIR [LUPDATE_OPTION...]
"""
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

# The .ts files and lupdate's options for each, as resources/CMakeLists.txt has them.
TS_FILES = [("commtax_zh_CN.ts", ["-no-obsolete", "-locations", "none"]),
            ("commtax_en.ts", ["-pluralonly", "-no-obsolete", "-locations", "none"])]
ROOTS = ("ui", "app", "model")
INCLUDES = ("ui", "model", "app")


def messages(path):
    out = {}
    for ctx in ET.parse(path).getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for m in ctx.iter("message"):
            key = (name, m.findtext("source") or "", m.findtext("comment") or "", m.get("numerus") == "yes")
            tr = m.find("translation")
            out[key] = ((tr.get("type") or "") if tr is not None else "missing",
                        "".join(tr.itertext()) if tr is not None else "")
    return out


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    lupdate, root, options = sys.argv[1], sys.argv[2], sys.argv[3:]
    sources = sorted(os.path.join(d, f) for r in ROOTS for d, _, fs in os.walk(os.path.join(root, r))
                     for f in fs if f.endswith((".cpp", ".h")))
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        listing = os.path.join(tmp, "sources.lst")
        with open(listing, "w", encoding="utf-8") as f:
            f.write("\n".join(sources) + "\n")
        for name, ts_options in TS_FILES:
            committed = os.path.join(root, "resources", "translations", name)
            copy = os.path.join(tmp, name)
            shutil.copyfile(committed, copy)
            args = [lupdate, "@" + listing] + ["-I" + os.path.join(root, i) for i in INCLUDES]
            args += ts_options + options + ["-silent", "-ts", copy]
            run = subprocess.run(args, capture_output=True, text=True)
            if run.returncode != 0:
                problems.append("%s: lupdate failed (%d): %s" % (name, run.returncode, run.stderr.strip()[:2000]))
                continue
            before, after = messages(committed), messages(copy)
            for key in sorted(set(after) - set(before)):
                problems.append("%s: %s %r is marked in the sources but missing (run ninja -C build "
                                "update_translations)" % (name, key[0], key[1]))
            for key in sorted(set(before) - set(after)):
                problems.append("%s: %s %r is marked nowhere any more: its translation would be dropped"
                                % (name, key[0], key[1]))
            changed = [k for k in set(before) & set(after) if before[k] != after[k]]
            for key in sorted(changed):
                problems.append("%s: %s %r: lupdate changes its translation %r to %r"
                                % (name, key[0], key[1], before[key], after[key]))
            print("%s: %d messages, lupdate finds %d over %d sources; %d new, %d dropped, %d changed"
                  % (name, len(before), len(after), len(sources), len(set(after) - set(before)),
                     len(set(before) - set(after)), len(changed)))
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
