// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A sentence of the comparison for people, kept translatable. model/ has no
// translations: it writes its sentences as English templates with %1..%n placeholders, marked
// QT_TRANSLATE_NOOP("commtax::Library", ...) for lupdate, with their arguments (plan names and
// numbers already formatted, or nested texts). toString() without a translator fills them in
// English (JSON, CSV, the CLI: file formats do not depend on the locale); the comparison window
// and the PDF report translate every template by its English source first and then fill it
// (model/text/modeltext.h: libraryText()), so a translator may reorder the placeholders.

#include "engine/enginetext.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <initializer_list>
#include <vector>

namespace commtax {

struct LibraryText {
    enum class Kind {
        Literal,   // `literal` as is: a name, a formatted number
        Template,  // `source`: an English template (context "commtax::Library") filled with `args`
        InputName, // `source`: a field's label (context "commtax::Fields"), its unit dropped
    };
    Kind kind = Kind::Literal;
    const char *source = nullptr;
    const char *context = nullptr; // Template: the translation context; null: "commtax::Library"
    QString literal;
    std::vector<LibraryText> args; // Template: %1..%n
    std::vector<LibraryText> next; // pieces appended after this one (a sentence built clause by clause)

    LibraryText() = default;
    LibraryText(const QString &text)
        : literal(text) { } // NOLINT: a literal argument
    // `source` must be a string literal marked QT_TRANSLATE_NOOP("commtax::Library", ...).
    static LibraryText phrase(const char *source, std::initializer_list<LibraryText> args = {});
    static LibraryText inputName(const char *fieldLabel);
    // An engine or launch text (engine/enginetext.h) in its context ("commtax::Errors", "commtax::Launch").
    static LibraryText engineText(const char *context, const EngineText &text);
    bool isEmpty() const { return kind == Kind::Literal && literal.isEmpty() && next.empty(); }
    LibraryText &operator+=(const LibraryText &piece);
    LibraryText operator+(const LibraryText &piece) const;
};

// (context, English source) -> the text in the interface language.
using TextTranslator = std::function<QString(const char *context, const char *source)>;
// The text filled in; without a translator, in English.
QString toString(const LibraryText &text, const TextTranslator &translate = {});
QStringList toStrings(const QList<LibraryText> &texts, const TextTranslator &translate = {});
// Fills %1..%n (up to %99) in one pass: an argument's own "%1" is never replaced again.
QString fillPlaceholders(const QString &pattern, const QStringList &args);

} // namespace commtax
