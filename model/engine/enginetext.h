// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A sentence of the engine or the launch-config writers for people, kept translatable (issue 14).
// The engine has no Qt: it writes its validation errors (context "commtax::Errors") and the launch
// notes (context "commtax::Launch") as English templates with %1..%n placeholders and their
// arguments (numbers and names already formatted). Every template is a string literal marked
// CT_TR("context", "text") where it is used, with the translation context the UI looks it up in;
// lupdate reads the sources themselves (CT_TR is its alias of QT_TRANSLATE_NOOP:
// resources/CMakeLists.txt) and tests/i18n/check_engine_texts.py fails on an English sentence left
// unmarked.
// toString() fills a template in English (JSON, CSV, the command line, files); the GUI and the PDF
// translate the template by its English source first (model/text/modeltext.h: engineText()).

#include <string>
#include <vector>

// Marks an English text for lupdate in its translation context ("commtax::Errors", a literal too);
// the text itself. The model's other texts for people (field labels, metric labels, the readers'
// messages) carry the same marker.
#define CT_TR(context, s) s

namespace commtax {

struct EngineText {
    const char *pattern = ""; // a string literal marked CT_TR
    std::vector<std::string> args;
};

// `pattern` with %1..%n (up to %99) replaced by `args` in one pass (an argument's own "%1" stays).
std::string fillPattern(const char *pattern, const std::vector<std::string> &args);
inline std::string toString(const EngineText &t) { return fillPattern(t.pattern, t.args); }

} // namespace commtax
