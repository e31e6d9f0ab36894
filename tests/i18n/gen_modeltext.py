#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes model/text/modeltext_strings.cpp: the field registry's labels, help and section titles
(model/core/fields.cpp), the metric labels (model/engine/metrics.h), the engine's validation
errors (model/engine/validate.cpp, sweep.cpp), the launch-config notes (model/search/launch.cpp) and the
file readers' messages (model/core, CT_TEXT) and the preset library's (model/library/presetlibrary.cpp,
libraryfiles.cpp, CT_TEXT), marked for lupdate.
usage (from the source root): python3 tests/i18n/gen_modeltext.py > model/text/modeltext_strings.cpp"""
import re
LIT = r'"(?:[^"\\\n]|\\.)*"'
src = open("model/core/fields.cpp").read()
body = src[src.index("const std::vector<FieldInfo> &planFields()"):src.index("QJsonValue defaultFieldValue")]
texts = []
# A row's arguments may run over several lines, a long text as adjacent literals ("..." "...").
LITS = r'%s(?:\s*%s)*' % (LIT, LIT)
def joined(lits):
    return '"' + "".join(x[1:-1] for x in re.findall(LIT, lits)) + '"'
for m in re.finditer(r"CT_(INT|DBL|BOOL|CHOICE)\(\w+,\s*[\w.]+,\s*(%s),\s*(%s),\s*(%s)(?:,\s*(%s))?" % (LIT, LITS, LITS, LITS), body):
    texts += [joined(m.group(3)), joined(m.group(5) if m.group(1) in ("INT", "DBL") else m.group(4))]
for m in re.finditer(r"FieldInfo\{Section::\w+, %s, FieldType::\w+, (%s), %s, (%s)" % (LIT, LIT, LIT, LIT), body):
    texts += [m.group(1), m.group(2)]
texts += re.findall(r"case Section::\w+: return QStringLiteral\((%s)\);" % LIT, src[src.index("QString sectionTitle"):src.index("// min and max")])
seen = []
[seen.append(t) for t in texts if t not in seen]
metrics = re.findall(r"CT_M\(\w+, \w+, (%s)," % LIT, open("model/engine/metrics.h").read())
# The engine's validation errors and the launch-config notes: English templates marked CT_TEXT
# (model/engine/enginetext.h), each file one context.
ENGINE_TEXTS = [("commtax::Errors", "model/engine/validate.cpp"), ("commtax::Errors", "model/engine/sweep.cpp"),
                ("commtax::Errors", "model/search/search.cpp"),
                ("commtax::Launch", "model/search/launch.cpp"),
                # the file readers' own messages (model/core: fields.h fileText())
                ("commtax::Files", "model/core/fields.cpp"), ("commtax::Files", "model/core/presets.cpp"),
                ("commtax::Files", "model/core/scenario.cpp"), ("commtax::Files", "model/core/uncertaintyio.cpp"),
                ("commtax::Files", "model/core/goals.cpp"),
                # a quote's warnings (core/quote.h)
                ("commtax::Quote", "model/core/quote.cpp"),
                # uncertainty::checkRangeText(): a given range that does not fit (file readers and the editor)
                ("commtax::Files", "model/uncertainty/uncertainty.cpp"),
                # the preset library's and its imports' messages (LibraryMessage, model/text/modeltext.h libraryMessageText())
                ("commtax::Files", "model/library/presetlibrary.cpp"), ("commtax::Files", "model/library/libraryfiles.cpp"),
                # a saved comparison's reader (library/comparisonfile.h)
                ("commtax::Files", "model/library/comparisonfile.cpp"),
                # the engine's accuracy on published runs like a plan (core/engineaccuracy.h)
                ("commtax::Accuracy", "model/core/engineaccuracy.cpp")]
engine = []
for context, path in ENGINE_TEXTS:
    for lits in re.findall(r"CT_TEXT\((%s)\)" % LITS, open(path).read()):
        t = joined(lits)
        if (context, t) not in engine:
            engine.append((context, t))
print("// SPDX-License-Identifier: GPL-3.0-or-later")
print("""// The English texts of the field registry (model/core/fields.cpp: labels, help, section titles),
// of the metric table (model/engine/metrics.h: labels), of the engine's validation errors
// (model/engine/validate.cpp and sweep.cpp, CT_TEXT), of the launch-config notes (model/search/launch.cpp,
// CT_TEXT) and of the file readers' messages (model/core, CT_TEXT), marked for lupdate. model/ has no translations; the UI translates these texts by their
// English source (model/text/modeltext.h).
// Generated: python3 tests/i18n/gen_modeltext.py > model/text/modeltext_strings.cpp (then clang-format).

#include <QtGlobal>

namespace commtax {

int modelTextCount()
{
    static const char *const texts[] = {""")
for t in seen:
    print('        QT_TRANSLATE_NOOP("commtax::Fields", %s),' % t)
for t in metrics:
    print('        QT_TRANSLATE_NOOP("commtax::Metrics", %s),' % t)
for context, t in engine:
    print('        QT_TRANSLATE_NOOP("%s", %s),' % (context, t))
print("""    };
    return int(sizeof texts / sizeof texts[0]);
}

} // namespace commtax""")
