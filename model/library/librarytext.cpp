// SPDX-License-Identifier: GPL-3.0-or-later
#include "librarytext.h"

#include <QRegularExpression>

namespace commtax {

LibraryText LibraryText::phrase(const char *source, std::initializer_list<LibraryText> args)
{
    LibraryText t;
    t.kind = Kind::Template;
    t.source = source;
    t.args = args;
    return t;
}

LibraryText LibraryText::inputName(const char *fieldLabel)
{
    LibraryText t;
    t.kind = Kind::InputName;
    t.source = fieldLabel;
    return t;
}

LibraryText LibraryText::engineText(const char *context, const EngineText &text)
{
    LibraryText t;
    t.kind = Kind::Template;
    t.source = text.pattern;
    t.context = context;
    for (const std::string &a : text.args)
        t.args.emplace_back(QString::fromStdString(a));
    return t;
}

LibraryText &LibraryText::operator+=(const LibraryText &piece)
{
    next.push_back(piece);
    return *this;
}

LibraryText LibraryText::operator+(const LibraryText &piece) const
{
    LibraryText t = *this;
    t += piece;
    return t;
}

// %1..%n as the engine's templates fill them (model/engine/enginetext.cpp), one rule for both.
QString fillPlaceholders(const QString &pattern, const QStringList &args)
{
    std::vector<std::string> utf8;
    utf8.reserve(std::size_t(args.size()));
    for (const QString &a : args)
        utf8.push_back(a.toStdString());
    return QString::fromStdString(fillPattern(pattern.toStdString().c_str(), utf8));
}

QString toString(const LibraryText &text, const TextTranslator &translate)
{
    QString out;
    switch (text.kind) {
    case LibraryText::Kind::Literal: out = text.literal; break;
    case LibraryText::Kind::Template: {
        const QString pattern = translate ? translate(text.context ? text.context : "commtax::Library", text.source) : QString::fromUtf8(text.source);
        QStringList args;
        for (const LibraryText &a : text.args)
            args << toString(a, translate);
        out = fillPlaceholders(pattern, args);
        break;
    }
    case LibraryText::Kind::InputName: {
        const QString english = QString::fromUtf8(text.source);
        out = translate ? translate("commtax::Fields", text.source) : english;
        // "GPU price (USD)" -> "GPU price"; "GPU 价格（美元）" -> "GPU 价格".
        static const QRegularExpression unit(QStringLiteral("\\s*[(\\x{FF08}][^)\\x{FF09}]*[)\\x{FF09}]$"));
        out.remove(unit);
        // English: "GPU price" keeps its capital, "Network efficiency" becomes "network efficiency".
        if (out.size() > 1 && out[1].isLower() && out[0].isUpper())
            out[0] = out[0].toLower();
        break;
    }
    }
    for (const LibraryText &piece : text.next)
        out += toString(piece, translate);
    return out;
}

QStringList toStrings(const QList<LibraryText> &texts, const TextTranslator &translate)
{
    QStringList out;
    out.reserve(texts.size());
    for (const LibraryText &t : texts)
        out << toString(t, translate);
    return out;
}

} // namespace commtax
