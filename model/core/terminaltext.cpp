// SPDX-License-Identifier: GPL-3.0-or-later
#include "terminaltext.h"

namespace commtax {

namespace {
bool needsEscape(char16_t c)
{
    return c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)            // C0, DEL, C1
        || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) // bidi embeddings, overrides, isolates
        || c == 0x200e || c == 0x200f || c == 0x061c;                   // direction marks
}
QString hex(char16_t c, int digits)
{
    return QString::number(unsigned(c), 16).toUpper().rightJustified(digits, QLatin1Char('0'));
}
} // namespace

QString terminalSafe(const QString &text)
{
    qsizetype first = 0;
    while (first < text.size() && !needsEscape(text[first].unicode()))
        ++first;
    if (first == text.size())
        return text;
    QString out = text.left(first);
    out.reserve(text.size() + 8);
    for (qsizetype i = first; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (!needsEscape(c))
            out += text[i];
        else if (c < 0x100)
            out += QStringLiteral("\\x") + hex(c, 2);
        else
            out += QStringLiteral("\\u{") + hex(c, 4) + QLatin1Char('}');
    }
    return out;
}

} // namespace commtax
