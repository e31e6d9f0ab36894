// SPDX-License-Identifier: GPL-3.0-or-later
#include "sentencetext.h"

#include <QCoreApplication>

namespace commtax {

QString translatedSentence(const char *context, const Sentence &s)
{
    const PatternTranslator translate = [](const char *c, const char *pattern) {
        return QCoreApplication::translate(c, pattern).toStdString();
    };
    return QString::fromStdString(toString(s, context, translate));
}

QStringList translatedSentences(const char *context, const std::vector<Sentence> &sentences)
{
    QStringList out;
    out.reserve(qsizetype(sentences.size()));
    for (const Sentence &s : sentences)
        out << translatedSentence(context, s);
    return out;
}

QStringList englishSentences(const std::vector<Sentence> &sentences)
{
    QStringList out;
    out.reserve(qsizetype(sentences.size()));
    for (const Sentence &s : sentences)
        out << QString::fromStdString(toString(s));
    return out;
}

} // namespace commtax
