#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every text the engine and the launch-config writers show people has its Chinese.

model/engine and model/search have no Qt: their sentences reach the GUI in English unless the UI
translates them. This check extracts them from the sources and fails on
  - an English sentence in validate() (model/engine/validate.cpp), in the reasons of resizePlan()
    and the sweeps (model/engine/sweep.cpp), in a launch note (model/search/launch.cpp) or in the
    nccl-tests calibration (model/nccl: the reader's errors and notes, the warnings, how the
    collective and the presets were chosen) or in the calibration from training logs
    (model/traininglog: the reader's errors and notes, how the plan was read, what the fit pins)
    that is not a template marked CT_TR (model/engine/enginetext.h);
  - a CT_TR marker in a context its file's texts are not looked up in (the UI translates a
    validation error in "commtax::Errors", a file reader's message in "commtax::Files"...);
  - a template or a comparison note (model/library/compare.cpp, QT_TRANSLATE_NOOP) without a
    finished translation in resources/translations/commtax_zh_CN.ts, or one left in English;
  - a warning flag (model/engine/result.h) or a piece of a warning sentence of warningMessages()
    that model/text/modeltext.cpp does not word (warningTexts() would show the engine's English).

usage: check_engine_texts.py SOURCE_DIR
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

LIT = r'"(?:[^"\\\n]|\\.)*"'


def unquote(lit):
    return bytes(lit[1:-1], "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")


def joined_literals(code):
    """String literals of `code`, adjacent ones ("a" "b") joined as the compiler does."""
    out = []
    for m in re.finditer(r"(%s)(?:\s*(%s))*" % (LIT, LIT), code):
        out.append((m.start(), "".join(unquote(x) for x in re.findall(LIT, m.group(0)))))
    return out


def sentence(text):
    return " " in text.strip() and re.search(r"[A-Za-z]{3}", text) is not None


# The marker of the model's texts: CT_TR("context", "text" ["more text"...]).
MARKER = r'CT_TR\(\s*"([^"]*)",\s*((?:%s\s*)+)\)' % LIT
# The contexts the UI looks the model's marked texts up in (model/text/modeltext.cpp), and the ones
# each file's texts are shown in.
CONTEXTS = {"commtax::Errors", "commtax::Launch", "commtax::Files", "commtax::Quote", "commtax::Accuracy",
            "commtax::Fields", "commtax::Metrics", "commtax::Calibration", "commtax::TrainingLog"}
FILE_CONTEXTS = {
    "model/engine/validate.cpp": {"commtax::Errors"}, "model/engine/sweep.cpp": {"commtax::Errors"},
    "model/search/search.cpp": {"commtax::Errors"}, "model/search/launch.cpp": {"commtax::Launch"},
    "model/engine/metrics.h": {"commtax::Metrics"},
    "model/core/fields.cpp": {"commtax::Fields", "commtax::Files"},
    "model/core/presets.cpp": {"commtax::Files"}, "model/core/scenario.cpp": {"commtax::Files"},
    "model/core/uncertaintyio.cpp": {"commtax::Files"}, "model/core/goals.cpp": {"commtax::Files"},
    "model/core/quote.cpp": {"commtax::Quote"}, "model/uncertainty/uncertainty.cpp": {"commtax::Files"},
    "model/library/presetlibrary.cpp": {"commtax::Files"}, "model/library/libraryfiles.cpp": {"commtax::Files"},
    "model/library/comparisonfile.cpp": {"commtax::Files"}, "model/core/engineaccuracy.cpp": {"commtax::Accuracy"},
    "model/nccl/nccllog.cpp": {"commtax::Calibration"}, "model/nccl/calibration.cpp": {"commtax::Calibration"},
    "model/nccl/calibrationio.cpp": {"commtax::Calibration"},
    "model/traininglog/traininglog.cpp": {"commtax::TrainingLog"},
    "model/traininglog/trainingcalibration.cpp": {"commtax::TrainingLog", "commtax::Errors", "commtax::Files"},
}
# The nccl-tests calibration's files, and what in them stays English: the words the reader matches in
# a log (contains(line, "NCCL INFO"), startsWith(body, "Collective test starting:")...), the
# topology_source tag of the JSON ("device list") and what the calibrated preset stores (its
# provenance and description: a preset file's text, like a preset's name).
# The same for the calibration from training logs: what its reader matches in a log (also
# numberAfter(line, "global batch size"...), the labels of the FLOPS profiler's table, the field a
# bad value is in: badTime(..., "tps")), and what a calibrated preset and its plan store (provenance,
# description, the scenario's name).
CALIBRATION_GROUPS = (
    ("model/nccl", "commtax::Calibration", 100,
     ("model/nccl/nccllog.cpp", "model/nccl/calibration.cpp", "model/nccl/calibrationio.cpp"),
     re.compile(r"^(device list|%1 log %2, %3|%1 calibrated from %2 \(%3 on %4 ranks, %5 nodes\): %6)$")),
    ("model/traininglog", "commtax::TrainingLog", 50,
     ("model/traininglog/traininglog.cpp", "model/traininglog/trainingcalibration.cpp"),
     re.compile(r"^(Model of the log|Training log on %1 %2|%1 \(sha256 %2\)|training logs %1, %2: factor .*"
                r"|; leave-one-log-out mean error %1|; communication factor %1 \(the cluster's nic_efficiency .*"
                r"|%1 calibrated from %2 training log\(s\): .*|' && value.back\(\) == ')$")),
)
NCCL_MATCHED = re.compile(r"(\b(contains|startsWith|find|numberAfter)\(\s*(\w+\s*,\s*)?|==\s*"
                          r"|\bbadTime\([^;]*,\s*|std::pair\{)$")


def marked(code, context):
    return {"".join(unquote(x) for x in re.findall(LIT, lits)) for ctx, lits in re.findall(MARKER, code) if ctx == context}


def unmarked_sentences(code, marker=r'CT_TR\(\s*"[^"]*",\s*'):
    """Literals with words that are not the argument of the marker (CT_TR("context", ...))."""
    spans = [m.span(1) for m in re.finditer(r"%s((?:%s\s*)+)\)" % (marker, LIT), code)]
    bad = []
    for m in re.finditer(LIT, code):
        if any(a <= m.start() < b for a, b in spans):
            continue
        text = unquote(m.group(0))
        if sentence(text):
            bad.append(text)
    return bad


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    read = lambda p: open(os.path.join(root, p), encoding="utf-8").read()
    problems = []
    validation = read("model/engine/validate.cpp")
    warnings = read("model/engine/warnings.cpp")
    launch = read("model/search/launch.cpp")
    sweep = read("model/engine/sweep.cpp")
    search = read("model/search/search.cpp")

    # 1. validate() and its helpers: every sentence a CT_TR template.
    for text in unmarked_sentences(validation):
        problems.append("model/engine/validate.cpp: validation text not marked CT_TR: %r" % text)
    # resizePlan() and the sweeps: their reasons reach the chart tooltips and the compare editor.
    for text in unmarked_sentences(sweep):
        problems.append("model/engine/sweep.cpp: reason not marked CT_TR: %r" % text)
    # The launch notes: only through note(e, CT_TR(...), ...), never pushed as plain strings.
    for m in re.finditer(r"notes\.push_back\(([^;]*)\);", launch):
        if "toString(text)" not in m.group(1):
            problems.append("model/search/launch.cpp: a note pushed without a template: %s" % m.group(1)[:80])
    for m in re.finditer(r'\bnote\(e,((?:%s|[^"])*?)\);' % LIT, launch, re.S):  # ");" in a text ends nothing
        for text in unmarked_sentences(m.group(1)):
            problems.append("model/search/launch.cpp: note text not marked CT_TR: %r" % text)

    # The calibrations: every sentence a template, but the words they read in logs.
    calibration = []
    for folder, context, least, paths, kept in CALIBRATION_GROUPS:
        found = set()
        for path in paths:
            code = re.sub(r"(?m)(^|\s)//[^\n]*", r"\1", read(path))
            spans = [m.span(2) for m in re.finditer(MARKER, code)]
            for start, text in joined_literals(code):
                if any(a <= start < b for a, b in spans) or not sentence(text) or kept.match(text):
                    continue
                if NCCL_MATCHED.search(code[max(0, start - 40):start]):
                    continue
                problems.append("%s: calibration text not marked CT_TR: %r" % (path, text))
            found |= marked(read(path), context)
        if len(found) < least:
            problems.append("%s: only %d calibration texts marked CT_TR: is the extraction broken?" % (folder, len(found)))
        calibration += [(context, t) for t in sorted(found)]

    # 2. every marker in a context the UI looks its file's texts up in (lupdate takes the context
    # as written: tests/i18n/check_lupdate.py checks that the .ts files have them all).
    for d, _, names in os.walk(os.path.join(root, "model")):
        for name in names:
            path = os.path.relpath(os.path.join(d, name), root).replace(os.sep, "/")
            if not name.endswith((".cpp", ".h")) or path == "model/engine/enginetext.h":
                continue
            allowed = FILE_CONTEXTS.get(path, CONTEXTS)
            for ctx, lits in re.findall(MARKER, read(path)):
                if ctx not in allowed:
                    problems.append("%s: CT_TR in context %r, not one of %s: %s"
                                    % (path, ctx, sorted(allowed), lits[:60]))
    errors = marked(validation, "commtax::Errors") | marked(sweep, "commtax::Errors") | marked(search, "commtax::Errors")
    wanted = [("commtax::Errors", t) for t in sorted(errors)]
    wanted += [("commtax::Launch", t) for t in sorted(marked(launch, "commtax::Launch"))]
    # the file readers' messages (model/core: unknown field, out of range, duplicate key...)
    files = set()
    for path in ("model/core/fields.cpp", "model/core/presets.cpp", "model/core/scenario.cpp", "model/core/uncertaintyio.cpp",
                 "model/core/goals.cpp",
                 "model/uncertainty/uncertainty.cpp", "model/library/presetlibrary.cpp", "model/library/libraryfiles.cpp"):
        files |= marked(read(path), "commtax::Files")
    # the preset library and its files: every message a template. What stays English is
    # SQL, the names and provenance it stores (the English of a preset's name tags, " (copy)",
    # " (measured %1)", which model/text/modeltext.cpp marks and words;
    # "edited by the user", shown translated by provenanceSourceText()) and qFatal()'s words for
    # developers, and the GPU makers' names shortGpuName() takes off a GPU's name. A saved plan's
    # problems are placed by a template too (LoadError::fileLabel: 'saved plan "x"').
    stored = re.compile(r"\b(SELECT|INSERT|DELETE|PRAGMA|VALUES|CONFLICT|excluded)\b|^ ?\((edited|copy|measured %1)\)$|by the user$"
                        r"|^Commtax default|^built-in presets are broken|^AMD Instinct $")
    for path in ("model/library/presetlibrary.cpp", "model/library/libraryfiles.cpp", "model/core/presets.cpp"):
        code = re.sub(r"(?m)(^|\s)//[^\n]*", r"\1", read(path))  # comments quote texts too
        spans = [m.span(2) for m in re.finditer(MARKER, code)]
        for start, text in joined_literals(code):
            if any(a <= start < b for a, b in spans) or not sentence(text) or stored.search(text):
                continue
            problems.append("%s: message not marked CT_TR: %r" % (path, text))
    # uncertainty::checkRangeText(): every reason a template (they reach the editor and the readers)
    checkrange = read("model/uncertainty/uncertainty.cpp")
    checkrange = checkrange[checkrange.index("EngineText checkRangeText"):checkrange.index("std::string checkRange(")]
    for text in unmarked_sentences(checkrange):
        problems.append("model/uncertainty/uncertainty.cpp: checkRangeText() reason not marked CT_TR: %r" % text)
    if len(files) < 30:
        problems.append("model/core: only %d file reader messages marked CT_TR" % len(files))
    wanted += [("commtax::Files", t) for t in sorted(files)]
    wanted += calibration
    if len(wanted) < 40:
        problems.append("only %d engine and launch templates found: is the extraction broken?" % len(wanted))

    # 3. their Chinese, and the comparison's notes (model/library, scanned by lupdate itself).
    compare = read("model/library/compare.cpp")
    library = [("commtax::Library", "".join(unquote(x) for x in re.findall(LIT, lit)))
               for lit in re.findall(r'QT_TRANSLATE_NOOP\("commtax::Library",\s*((?:%s\s*)+)\)' % LIT, compare)]
    if len(library) < 10:
        problems.append("model/library/compare.cpp: only %d notes marked QT_TRANSLATE_NOOP" % len(library))
    # The code that writes the notes: applyBestLayout() to normalizeOne(), and comparePlans().
    notes = compare[compare.index("// The best layout of one compared plan"):compare.index("QList<Scenario> hardwareVariants")]
    notes += compare[compare.index("// Best layout first, on each plan's own GPU count"):compare.index("CostBreakdown costBreakdown")]
    notes = notes.replace(notes[notes.index("QString resizedPlanName"):notes.index("void applyCandidate")], "")
    for text in unmarked_sentences(notes, r'QT_TRANSLATE_NOOP\("commtax::Library",\s*'):
        problems.append("model/library/compare.cpp: note not marked for translation: %r" % text)
    ts = {}
    for ctx in ET.parse(os.path.join(root, "resources/translations/commtax_zh_CN.ts")).getroot().iter("context"):
        name = ctx.findtext("name")
        for m in ctx.iter("message"):
            tr = m.find("translation")
            ts[(name, m.findtext("source") or "")] = (tr.get("type") if tr is not None else "missing", (tr.text or "") if tr is not None else "")
    for key in wanted + library:
        kind, text = ts.get(key, ("missing", ""))
        if kind in ("unfinished", "missing", "vanished", "obsolete") or not text.strip():
            problems.append("commtax_zh_CN.ts: %s %r has no finished translation" % key)
        elif not re.search(r"[\u4e00-\u9fff]", text) and re.search(r"[a-z]{4} [a-z]{3}", key[1]):
            problems.append("commtax_zh_CN.ts: %s %r is not translated into Chinese: %r" % (key[0], key[1], text))

    # 4. the warnings: every flag worded by model/text/modeltext.cpp, every piece of their English there.
    modeltext = read("model/text/modeltext.cpp")
    flags = re.findall(r"\b(Warn\w+) = 1u <<", read("model/engine/result.h"))
    if len(flags) < 10:
        problems.append("model/engine/result.h: only %d warning flags found" % len(flags))
    known = modeltext[modeltext.index("constexpr std::uint32_t known"):]
    known = known[:known.index(";")]
    for f in flags:
        if not re.search(r"\b%s\b" % f, known) or not re.search(r"r\.warnings & %s\)" % f, modeltext):
            problems.append("model/text/modeltext.cpp: warning flag %s has no Chinese wording" % f)
    body = warnings[warnings.index("std::vector<std::string> warningMessages"):]
    body = body[:body.index("\n}\n")]
    # A text may be split over adjacent literals, which C++ joins.
    sources = ["".join(unquote(x) for x in re.findall(LIT, lit))
               for lit in re.findall(r"translate\(\"commtax::Warnings\",\s*((?:%s\s*)+)\)" % LIT, modeltext)]
    if not sources:
        problems.append("model/text/modeltext.cpp: no commtax::Warnings texts found")
    for _, piece in joined_literals(body):
        if sentence(piece) and not any(piece.strip() in s for s in sources):
            problems.append("model/text/modeltext.cpp: the warning text %r has no counterpart" % piece)
    for key in [("commtax::Warnings", s) for s in sources]:
        if ts.get(key, ("missing",))[0] in ("unfinished", "missing", "vanished", "obsolete"):
            problems.append("commtax_zh_CN.ts: %s %r has no finished translation" % key)

    for p in problems:
        print(p)
    print("%d engine/launch templates, %d comparison notes, %d warning flags, %d warning texts checked; %d problems"
          % (len(wanted), len(library), len(flags), len(sources), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
