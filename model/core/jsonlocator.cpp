#include "jsonlocator.h"

#include <QList>

namespace commtax {

QString jsonPathJoin(const QString &parent, const QString &key)
{
    return parent.isEmpty() ? key : parent + QLatin1Char('.') + key;
}

QString jsonPathIndex(const QString &parent, qsizetype index)
{
    return parent + QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
}

TextPosition JsonLocator::positionOfOffset(const QByteArray &utf8, qsizetype offset)
{
    TextPosition pos{1, 1};
    const qsizetype end = std::min(offset, utf8.size());
    for (qsizetype i = 0; i < end; ++i) {
        const unsigned char ch = static_cast<unsigned char>(utf8[i]);
        if (ch == '\n') {
            ++pos.line;
            pos.column = 1;
        } else if ((ch & 0xC0) != 0x80) { // count characters, not UTF-8 continuation bytes
            ++pos.column;
        }
    }
    return pos;
}

namespace {

struct Frame {
    bool isObject = false;
    QString path;
    qsizetype index = 0;   // next array index
    QString key;           // last key read in an object
    bool expectKey = true; // in an object: next string is a key
};

} // namespace

JsonLocator::JsonLocator(const QByteArray &text)
{
    QList<Frame> stack;
    int line = 1, column = 1;
    qsizetype i = 0;
    const qsizetype n = text.size();

    auto advance = [&](qsizetype count) {
        for (qsizetype k = 0; k < count && i < n; ++k, ++i) {
            const unsigned char ch = static_cast<unsigned char>(text[i]);
            if (ch == '\n') {
                ++line;
                column = 1;
            } else if ((ch & 0xC0) != 0x80) {
                ++column;
            }
        }
    };
    auto valuePath = [&]() -> QString {
        if (stack.isEmpty())
            return QString();
        Frame &f = stack.last();
        if (f.isObject)
            return jsonPathJoin(f.path, f.key);
        return jsonPathIndex(f.path, f.index++);
    };
    auto readString = [&]() -> QString {
        // at the opening quote; returns the decoded-enough key (escapes kept simple)
        advance(1);
        QByteArray raw;
        while (i < n && text[i] != '"') {
            if (text[i] == '\\' && i + 1 < n) {
                raw.append(text[i + 1]);
                advance(2);
                continue;
            }
            raw.append(text[i]);
            advance(1);
        }
        advance(1);
        return QString::fromUtf8(raw);
    };

    while (i < n) {
        const char ch = text[i];
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == ',') {
            advance(1);
            continue;
        }
        if (ch == ':') {
            if (!stack.isEmpty())
                stack.last().expectKey = false;
            advance(1);
            continue;
        }
        if (ch == '}' || ch == ']') {
            if (!stack.isEmpty())
                stack.removeLast();
            if (!stack.isEmpty() && stack.last().isObject)
                stack.last().expectKey = true;
            advance(1);
            continue;
        }
        if (!stack.isEmpty() && stack.last().isObject && stack.last().expectKey) {
            if (ch == '"') {
                stack.last().key = readString();
                continue;
            }
            advance(1); // not valid JSON; QJsonDocument reports it
            continue;
        }
        const QString path = valuePath();
        m_positions.insert(path, TextPosition{line, column});
        if (ch == '{' || ch == '[') {
            Frame f;
            f.isObject = ch == '{';
            f.path = path;
            stack.append(f);
            advance(1);
            continue;
        }
        if (ch == '"')
            readString();
        else
            while (i < n && !QByteArrayView(" \t\r\n,]}").contains(text[i]))
                advance(1);
        if (!stack.isEmpty() && stack.last().isObject)
            stack.last().expectKey = true;
    }
}

TextPosition JsonLocator::find(const QString &path) const
{
    QString p = path;
    while (true) {
        auto it = m_positions.constFind(p);
        if (it != m_positions.constEnd())
            return *it;
        const qsizetype dot = std::max(p.lastIndexOf(QLatin1Char('.')), p.lastIndexOf(QLatin1Char('[')));
        if (dot <= 0)
            break;
        p.truncate(dot);
    }
    auto root = m_positions.constFind(QString());
    return root != m_positions.constEnd() ? *root : TextPosition{};
}

} // namespace commtax
