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

// A sentence whose arguments may be sentences of their own, each a template marked CT_TR and
// translated on its own: the nccl-tests calibration's "line 4: %1" around a row's reason, or
// "inferred from the columns (%1)" around why. A part without a pattern is a plain value (a
// number, a preset id, the log's own words), shown as it is. A part's `context` is the translation
// context its template was marked in; null: the context the whole sentence is shown in.
struct Sentence {
    const char *pattern = nullptr; // null: `value` is the text
    const char *context = nullptr; // a string literal, or null
    std::string value;
    std::vector<Sentence> args;

    Sentence() = default;
    Sentence(std::string v)
        : value(std::move(v)) { }    // NOLINT(google-explicit-constructor): a plain value
    Sentence(const char *) = delete; // a template goes through sentence(), a value is a std::string
    bool empty() const { return !pattern && value.empty(); }
};

// The template `pattern` (a literal marked CT_TR) with its arguments.
Sentence sentence(const char *pattern, std::vector<Sentence> args = {});
// An engine text as a part of a sentence, with the context its template is marked in
// ("commtax::Errors" for a validation error).
Sentence sentence(const EngineText &text, const char *context);
// The sentence in English, its arguments filled in (JSON, the command line's files, tests).
std::string toString(const Sentence &s);
// The sentence with each template replaced by translate(context, template) first, the context
// being the part's own or `context`: the GUI's and the command line's language (Qt's translator
// behind the function pointer, model/core/sentencetext.h).
using PatternTranslator = std::string (*)(const char *context, const char *pattern);
std::string toString(const Sentence &s, const char *context, PatternTranslator translate);

} // namespace commtax
