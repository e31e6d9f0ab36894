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

} // namespace commtax
